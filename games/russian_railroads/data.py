"""The rules data (boards, action spaces, values) loaded once from ``data/base.json``.

Numbers live in the JSON file, not in code (STYLE.md: rules data as data); this
module only turns the file into quick lookup tables (indices instead of names)
because the engine evaluates them in tight loops for the bots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

BLACK, GREY, BROWN, NATURAL, WHITE = range(5)
TRANSSIB, PETERSBURG, KIEV = range(3)
#: Internal number of the ?-card's #9 loco, which has no factory back.
SPECIAL9 = 99
#: Added to a loco's or factory's number while a coal boiler lies on it (coal module).
#: A tile on a tableau is one int, its number plus this if it carries a boiler: that is
#: how the state's ``locos`` / ``factories`` lists, the dumps and the events (``number``,
#: ``replaced``) carry it, and the track reach sums those lists on every step check.
#: Read and write it only through :func:`with_boiler`, :func:`has_boiler`,
#: :func:`without_boiler` (or :class:`Tile` where both parts are wanted).
BOILER = 1000


def with_boiler(number: int) -> int:
    """The tile ``number`` with a coal boiler laid on it."""
    return number + BOILER


def has_boiler(tile: int) -> bool:
    """Does a coal boiler lie on this loco or factory tile?"""
    return tile >= BOILER


def without_boiler(tile: int) -> int:
    """The tile's own number (its boiler, if any, left out)."""
    return tile % BOILER


class Tile(NamedTuple):
    """A loco or factory tile on a tableau, its two parts apart."""

    #: the tile's own number (:data:`SPECIAL9`: the ?-card's #9)
    number: int
    #: a coal boiler lies on it
    boiler: bool

    @classmethod
    def of(cls, tile: int) -> Tile:
        return cls(tile % BOILER, tile >= BOILER)


def loco_value(loco: int) -> int:
    """Reach of a loco tile (the special #9 is a 9 that cannot become a factory; a coal
    boiler adds 1 "für alle anderen Belange")."""
    if loco >= BOILER:
        return loco_value(loco - BOILER) + 1
    return 9 if loco == SPECIAL9 else loco


@dataclass(frozen=True)
class Rules:
    raw: dict[str, Any]
    colours: tuple[str, ...]
    lines: tuple[str, ...]
    line_len: tuple[int, ...]
    line_slots: tuple[int, ...]
    #: allowed[line][colour]
    allowed: tuple[tuple[bool, ...], ...]
    values_base: tuple[int, ...]
    values_reval: tuple[int, ...]
    #: (transsib space, colour index, white steps granted)
    unlocks: tuple[tuple[int, int, int], ...]
    specials: tuple[dict[str, Any], ...]
    kiev_stars: tuple[tuple[int, int], ...]
    spaces: dict[str, dict[str, Any]]
    space_order: tuple[str, ...]
    engineers: dict[int, dict[str, Any]]
    factories: dict[int, list[dict[str, Any]]]
    q_cards: dict[str, list[dict[str, Any]]]
    q_tokens: dict[str, list[dict[str, Any]]]
    end_cards: dict[str, dict[str, Any]]
    start_bonus: dict[str, list[dict[str, Any]]]
    industry_gaps: tuple[int, ...]
    industry_len: int
    industry_q: int
    industry_scores: tuple[int, ...]

    def setup_for(self, players: int) -> dict[str, Any]:
        return self.raw["setup"][str(players)]

    def colour_index(self, name: str) -> int:
        return self.colours.index(name)

    def line_index(self, name: str) -> int:
        return self.lines.index(name)


def _load() -> Rules:
    text = resources.files(__package__).joinpath("data/base.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    colours = tuple(raw["colours"])
    lines = tuple(line["id"] for line in raw["lines"])
    tv = raw["track_values"]
    industry = raw["industry"]
    return Rules(
        raw=raw,
        colours=colours,
        lines=lines,
        line_len=tuple(line["spaces"] for line in raw["lines"]),
        line_slots=tuple(line["loco_slots"] for line in raw["lines"]),
        allowed=tuple(tuple(c in line["colours"] for c in colours) for line in raw["lines"]),
        values_base=tuple(tv["base"][c] for c in colours),
        values_reval=tuple(tv["revaluation"][c] for c in colours),
        unlocks=tuple(
            (u["space"], colours.index(u["colour"]), u.get("then_steps", 0)) for u in raw["unlocks"]
        ),
        specials=tuple(raw["special_spaces"]),
        kiev_stars=tuple((s["space"], s["vp"]) for s in raw["kiev_stars"]),
        spaces={s["id"]: s for s in raw["action_spaces"]},
        space_order=tuple(s["id"] for s in raw["action_spaces"]),
        engineers={e["number"]: e for e in raw["engineers"]},
        factories={int(k): v for k, v in raw["factories"].items()},
        q_cards={c["id"]: c["effects"] for c in raw["question_cards"]},
        q_tokens={t["id"]: t["effects"] for t in raw["question_tokens"]},
        end_cards={c["id"]: c["scoring"] for c in raw["end_game_cards"]},
        start_bonus={c["id"]: c["effects"] for c in raw["start_bonus_cards"]},
        industry_gaps=tuple(industry["gaps"]),
        industry_len=industry["length"],
        industry_q=industry["question_space"],
        industry_scores=tuple(industry["scores"]),
    )


RULES = _load()

#: The DSP mini expansion (``data/dsp.json``): its engineers join the engineer table
#: under internal numbers 100 + printed number, marked ``"set": "dsp"`` so that no
#: other game deals them.
DSP: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/dsp.json").read_text(encoding="utf-8"))
RULES.engineers.update({e["number"]: e for e in DSP["engineers"]})


#: The coal module (``data/coal.json``): its engineer (internal 200, printed 0, dealt only
#: with the module), its start bonus card and ?-card join the tables by id; which
#: of them a game uses is the state's business (draft cards, ?-cards, the strip).
COAL: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/coal.json").read_text(encoding="utf-8"))
RULES.engineers[COAL["engineer"]["number"]] = COAL["engineer"]
RULES.start_bonus[COAL["start_bonus"]["id"]] = COAL["start_bonus"]["effects"]
RULES.q_cards.update({c["id"]: c["effects"] for c in COAL["question_cards"]})
#: German Railroads' new engineers (``data/new_engineers.json``): internal 300 + printed
#: number (390: the printed -10), dealt only with the option ``new_engineers``.
NEW_ENGINEERS: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("data/new_engineers.json").read_text(encoding="utf-8"))
RULES.engineers.update({e["number"]: e for e in NEW_ENGINEERS["engineers"]})
#: the coal mine is a worker field of the coal board (on no printed board side: the
#: coal module adds it, see ``decide.available_spaces``)
RULES.spaces["coal_mine"] = {**COAL["board"]["fields"][0], "area": "coal", "coins": 0, "players": []}
#: pending items the coal module's effects create: kind -> blocking
COAL_ITEMS = {"boiler": True, "take_foundry": False, "coal_factory": False, "coal_steps": False,
              "reuse_1_or_2": False}
#: pending items DSP effects create: op -> (kind, mandatory, blocking).  Olga, Ludmilla
#: and the double-sided ?-token act "sofort" and must be done; the Headhunter may lapse.
DSP_ITEMS = {"olga": ("olga", True, True), "ludmilla_draft": ("ludmilla", True, True),
             "double_q": ("open_q", True, True), "headhunter": ("headhunter", False, False),
             "q_factory": ("q_factory", False, False), "freight_wagon": ("freight_wagon", False, False)}
#: the ?-factory's internal factory number (DSP; no printed number)
Q_FACTORY: int = DSP["question_tokens"]["q_factory_number"]
#: German Railroads' ?-card "Aufwerter" (``data/deutschland.json``): a table lays it out with
#: the Deutschland tableau or the option ``new_q``.  Kept out of ``RULES.q_cards`` so that
#: the base tables (and every test's universe of commands built from them) stay as they were.
_GERMAN = json.loads(resources.files(__package__).joinpath("data/deutschland.json").read_text(encoding="utf-8"))
#: the German ?-token and ?-card ids a table uses with them: {"q_tokens": [...], "q_cards": [...]}
GERMAN_Q: dict[str, Any] = _GERMAN["always_used"]
GERMAN_Q_CARDS: dict[str, list[dict[str, Any]]] = {c["id"]: c["effects"] for c in _GERMAN["question_cards"]}
#: the track values with the German revaluation tile (the ?-card "Aufwerter": a seat that
#: took it has the claim ``de_revaluation``)
VALUES_DE: tuple[int, ...] = tuple(_GERMAN["track_values_revaluation_de"][c] for c in RULES.colours)


def q_card_effects(card: str) -> list[dict[str, Any]]:
    """The effects of a ?-card laid out at this table (base, coal or German)."""
    return RULES.q_cards[card] if card in RULES.q_cards else GERMAN_Q_CARDS[card]


def printed_number(engineer: int) -> int:
    """The number printed on an engineer.  Engineers are known by their number in
    the data files: a base engineer's is the printed one, an expansion's its own (its
    record names its ``"set"`` and ``"printed"`` number; the code never decodes it)."""
    return int(RULES.engineers[engineer].get("printed", engineer))


def engineer_cost(engineer: int) -> tuple[int, int]:
    """(workers, coins) to use an engineer: printed on the expansion ones (Pjotr: "muss
    der Spieler eine Münze zahlen"), 1 worker for the base ones."""
    cost = RULES.engineers[engineer].get("cost") or RULES.raw["engineer_use_cost"]
    return int(cost["workers"]), int(cost["coins"])


#: The solo game against Emil (``data/emil.json``): his deck, the covered spaces.
EMIL: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/emil.json").read_text(encoding="utf-8"))
_COVERED_SOLO = frozenset(EMIL["setup"]["covered_spaces"])


def space_on_board(info: dict[str, Any], players: int) -> bool:
    """Is the action space ``info`` printed (and uncovered) for ``players``?  The solo
    game is "das Spiel für 2 Spieler" with the 2-coin space, the turn-order track and
    the last-round tile left out (rules text, Solo-Variante)."""
    if players == 1:
        return EMIL["setup"]["board_side_players"] in info["players"] and info["id"] not in _COVERED_SOLO
    return players in info["players"]
