"""The Deutschland tableau as lookup tables (``data/deutschland.json``).

Rules text, Deutschland-Modul: the main line München forks after space 8 into the
longer arm towards Hamburg (the only one with white track) and the shorter one
towards Berlin, where the special spaces come earlier; the side lines Dresden and
Nürnberg-Fürth have dashed areas that extension tiles fill.  The engine keeps the
three lines at the base game's indices (track index ``line * 5 + colour``):
0 München (+ the chosen arm, spaces 9 on), 1 Dresden, 2 Nürnberg-Fürth.

What a seat chose lives in its ``claims`` (strings, copied with the player), so the
tableau needs no new state fields: ``de_arm:hamburg``, ``de_tile:hannover:t3_q``,
``de_income:coin_1``, ``de_income_used:coin_1:3`` (used in round 3), and
``de_revaluation`` (the German revaluation tile).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..data import BLACK, RULES
from ..data import VALUES_DE as DATA_VALUES_DE
from ..state import PlayerState

DATA: dict[str, Any] = json.loads(
    resources.files("games.russian_railroads").joinpath("data/deutschland.json").read_text(encoding="utf-8"))

MUENCHEN, DRESDEN, NUERNBERG = range(3)
LINES = ("muenchen", "dresden", "nuernberg_fuerth")
ARMS = tuple(a["id"] for a in DATA["main_line"]["arms"])
SWITCH_AFTER: int = DATA["main_line"]["switch_after"]
NATURAL = RULES.colour_index("natural")
WHITE = RULES.colour_index("white")
MAX_NATURAL_LINES: int = DATA["natural_tracks"]
MAX_EXTRA_WORKERS: int = DATA["max_extra_own_workers"]
MAX_MARKERS: int = DATA["max_industry_markers"]

TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["extension_tiles"]["tiles"]}
TILE_SPECIAL_AT: int = DATA["extension_tiles"]["special_at"]
#: station -> (line index, first space, length)
STATIONS: dict[str, tuple[int, int, int]] = {
    area["station"]: (LINES.index(line["id"]), area["first_space"], area["length"])
    for line in DATA["side_lines"] for area in line["areas"]
}
#: income marker instances: "coin_1", "coin_2", ..., each with its effects
INCOME: dict[str, list[dict[str, Any]]] = {
    f"{m['id']}_{i + 1}": m["effects"] for m in DATA["income_markers"]["markers"] for i in range(m["count"])
}
MEDAL: dict[str, Any] = DATA["kiev_medal"]
VALUES_DE = DATA_VALUES_DE  # (the data module's: the base scoring reads it too)
Q_CARDS: dict[str, list[dict[str, Any]]] = {c["id"]: c["effects"] for c in DATA["question_cards"]}


@dataclass(frozen=True)
class Special:
    """A special space of a seat's tableau: ``key`` is claimed once it fires (one-time
    effects) or names it in the view (stars, medal, points per scoring)."""

    key: str
    line: int
    colour: int
    space: int
    loco: bool
    effect: dict[str, Any]


@dataclass(frozen=True)
class Geometry:
    """One seat's lines: lengths, colours per line, the unlocks on München."""

    lengths: tuple[int, int, int]
    allowed: tuple[tuple[bool, ...], ...]
    #: (space on München, colour, steps of it at once)
    unlocks: tuple[tuple[int, int, int], ...]


def _condition(text: str) -> tuple[int, bool]:
    colour, _, loco = text.partition("+")
    return RULES.colour_index(colour), loco == "loco"


def _arm(name: str) -> dict[str, Any]:
    return next(a for a in DATA["main_line"]["arms"] if a["id"] == name)


@cache
def geometry(arm: str | None) -> Geometry:
    """The lines of a seat that chose ``arm`` (None: not yet; planned as Hamburg, the
    longer arm, for the look-ahead of feasibility checks)."""
    chosen = _arm(arm or "hamburg")
    side = {line["id"]: line for line in DATA["side_lines"]}
    colour_lists = [
        set(DATA["main_line"]["arms"][0]["colours"]) | set(chosen["colours"]),
        set(side["dresden"]["colours"]), set(side["nuernberg_fuerth"]["colours"]),
    ]
    if arm == "berlin":
        colour_lists[0].discard("white")  # "Nur auf der Strecke Hamburg kann der Spieler weiße Gleise freischalten"
    allowed = tuple(tuple(c in cl for c in RULES.colours) for cl in colour_lists)
    unlocks = []
    for s in chosen["specials"]:
        if s["effect"]["op"] == "unlock":
            unlocks.append((s["space"], RULES.colour_index(s["effect"]["colour"]), s["effect"].get("then_steps", 0)))
    return Geometry((chosen["spaces"][1], side["dresden"]["spaces"], side["nuernberg_fuerth"]["spaces"]),
                    allowed, tuple(sorted(unlocks)))


# --- a seat's choices (in its claims) -------------------------------------------------


def arm_of(p: PlayerState) -> str | None:
    for claim in p.claims:
        if claim.startswith("de_arm:"):
            return claim[7:]
    return None


def tiles_of(p: PlayerState) -> dict[str, str]:
    """station -> extension tile laid there."""
    out = {}
    for claim in p.claims:
        if claim.startswith("de_tile:"):
            _, station, tile = claim.split(":")
            out[station] = tile
    return out


def income_of(p: PlayerState) -> list[str]:
    return [claim[10:] for claim in p.claims if claim.startswith("de_income:")]


def income_used(p: PlayerState, marker: str, round_: int) -> bool:
    return f"de_income_used:{marker}:{round_}" in p.claims


def has_revaluation_de(p: PlayerState) -> bool:
    return "de_revaluation" in p.claims


def seat_geometry(p: PlayerState) -> Geometry:
    return geometry(arm_of(p))


# --- special spaces ---------------------------------------------------------------------


@cache
def _specials(arm: str | None, tiles: tuple[tuple[str, str], ...]) -> tuple[Special, ...]:
    out: list[Special] = []
    main = DATA["main_line"]
    shared = [s for s in main["arms"][0]["specials"] if s["space"] <= SWITCH_AFTER]
    for s in shared:
        if s["effect"]["op"] != "unlock":
            colour, loco = _condition(s["condition"])
            out.append(Special(f"muenchen_{s['space']}", MUENCHEN, colour, s["space"], loco, s["effect"]))
    if arm:
        for s in _arm(arm)["specials"]:
            if s["space"] <= SWITCH_AFTER:
                continue
            colour, loco = _condition(s["condition"])
            effect = s["effect"]
            if effect["op"] == "unlock":
                if not effect.get("vp"):
                    continue  # the colour itself comes through the unlock table
                effect = {"op": "vp", "n": effect["vp"]}
            out.append(Special(f"{arm}_{s['space']}", MUENCHEN, colour, s["space"], loco, effect))
    for line in DATA["side_lines"]:
        li = LINES.index(line["id"])
        for s in line["specials"]:
            colour, loco = _condition(s["condition"])
            out.append(Special(f"{line['id']}_{s['space']}", li, colour, s["space"], loco, s["effect"]))
    for station, tile in tiles:
        li, first, _length = STATIONS[station]
        special = TILES[tile]["special"]
        colour, loco = _condition(special["condition"])
        space = first + TILE_SPECIAL_AT - 1
        out.append(Special(f"{station}_{space}", li, colour, space, loco, special["effect"]))
    return tuple(out)


def specials_of(p: PlayerState) -> tuple[Special, ...]:
    return _specials(arm_of(p), tuple(sorted(tiles_of(p).items())))


#: effects read at every scoring, never claimed
SCORING_OPS = {"star", "kiev_medal_frame", "vp_per_scoring"}


def met(p: PlayerState, s: Special) -> bool:
    if p.tr[s.line * 5 + s.colour] < s.space:
        return False
    return not s.loco or p.reach(s.line) >= s.space


def station_at(line: int, space: int) -> str | None:
    for station, (li, first, _length) in STATIONS.items():
        if li == line and first == space:
            return station
    return None


def open_tiles(players: Any, length: int) -> list[str]:
    """Extension tiles of ``length`` nobody has laid yet ("die offen neben dem Spielplan
    liegenden"), in data order."""
    laid = {tile for p in players for tile in tiles_of(p).values()}
    return [t for t, info in TILES.items() if info["length"] == length and t not in laid]


def open_income(players: Any) -> list[str]:
    taken = {m for p in players for m in income_of(p)}
    return [m for m in INCOME if m not in taken]


def terminal(p: PlayerState, line: int) -> bool:
    """Black at the end of a line (the arm's end on München)."""
    if line == MUENCHEN and arm_of(p) is None:
        return False
    return p.tr[line * 5 + BLACK] >= seat_geometry(p).lengths[line]
