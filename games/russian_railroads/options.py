"""Table options: which expansions a game of Russian Railroads is played with.

Chosen at game creation and fixed for the game (``GameCreated.options``).  The
combinations follow the rules text:

- German Railroads "enthält 4 Module, die man beliebig kombinieren kann": the
  Deutschland tableau, the coal module, the new engineers / ?-tokens / ?-cards and
  the solo game against Emil combine freely.
- The Deutschland and the USA tableau replace the Russian one ("Statt des
  Spielertableaus aus dem Grundspiel nimmt sich jeder Spieler das
  Deutschlandtableau"), so ``tableau`` is one choice of three.
- American Railroads says nothing about German Railroads' modules, Emil or DSP, so
  the USA tableau is played alone (interpretation, see ``data/base.json``).
- Emil is the solo game: exactly one player, and one player is always the solo game.
- The coal ?-items and the coal engineer exist only with the coal module
  ("nur in Verbindung mit dem Modul Kohle"); that is the data's business, not an
  option of its own.

The normalised form keeps only the options that differ from the base game, so a
base game's ``GameCreated`` (and every log recorded before options existed) is
unchanged: ``{}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.contract import IllegalMove

TABLEAUS = ("russian", "deutschland", "usa")
#: German Railroads modules and the mini expansion, as boolean switches.
SWITCHES = ("coal", "new_engineers", "new_q", "dsp", "solo")
#: What the engine plays so far; the rest is refused until it is built (issue 12).
BUILT = {"solo", "tableau", "coal", "dsp", "new_engineers", "new_q"}
#: The tableaus the engine plays.
BUILT_TABLEAUS = ("russian", "deutschland", "usa")

OPTION_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "tableau": {"enum": list(TABLEAUS), "default": "russian",
                    "title": "Tableau (Russian, Deutschland, USA)"},
        "coal": {"type": "boolean", "default": False, "title": "German Railroads: coal module"},
        "new_engineers": {"type": "boolean", "default": False, "title": "German Railroads: new engineers"},
        "new_q": {"type": "boolean", "default": False, "title": "German Railroads: new ?-tokens and ?-cards"},
        "dsp": {"type": "boolean", "default": False, "title": "DSP mini expansion"},
        "solo": {"type": "boolean", "default": False, "title": "Solo against Emil (1 player)"},
    },
    "additionalProperties": False,
}

#: What a table is offered (the lobby's form is drawn from ``option_schema``): only
#: the options the engine plays, so nobody picks one just to be refused.
OFFERED_SCHEMA: Mapping[str, Any] = {
    **OPTION_SCHEMA,
    "properties": {
        name: ({**spec, "enum": list(BUILT_TABLEAUS), "title": "Tableau (Russian, Deutschland, USA)"}
               if name == "tableau" else spec)
        for name, spec in OPTION_SCHEMA["properties"].items() if name in BUILT
    },
}


@dataclass(frozen=True)
class Options:
    """The normalised options of one game (defaults = the base game)."""

    tableau: str = "russian"
    coal: bool = False
    new_engineers: bool = False
    new_q: bool = False
    dsp: bool = False
    solo: bool = False

    @classmethod
    def of(cls, data: Mapping[str, Any] | None) -> Options:
        """From a normalised mapping (``GameCreated.options``)."""
        data = data or {}
        return cls(tableau=str(data.get("tableau", "russian")),
                   **{name: bool(data.get(name, False)) for name in SWITCHES})

    def normalised(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tableau != "russian":
            out["tableau"] = self.tableau
        for name in SWITCHES:
            if getattr(self, name):
                out[name] = True
        return out

    @property
    def base(self) -> bool:
        return not self.normalised()


def combination_error(options: Options, players: int) -> tuple[str, str] | None:
    """Why the rules text does not allow this combination, or None."""
    if options.solo and players != 1:
        return "rr.options.solo_players", "the solo game against Emil is for exactly 1 player"
    if players == 1 and not options.solo:
        return "rr.options.solo_players", "one player plays the solo game against Emil"
    if options.tableau == "usa" and (options.coal or options.new_engineers or options.new_q
                                     or options.solo or options.dsp):
        return ("rr.options.combination",
                "American Railroads is played alone: its text names no German Railroads module, Emil or DSP")
    return None


def parse(raw: Mapping[str, Any], players: int, min_players: int, max_players: int) -> Options:
    """Check the raw options of a new table; raise ``IllegalMove`` naming the rule."""
    if not isinstance(raw, Mapping):
        raise IllegalMove("rr.options.invalid", "options must be an object")
    unknown = sorted(set(raw) - {"tableau", *SWITCHES})
    if unknown:
        raise IllegalMove("rr.options.unknown", f"unknown options {unknown}")
    tableau = raw.get("tableau", "russian")
    if tableau not in TABLEAUS:
        raise IllegalMove("rr.options.invalid", f"tableau must be one of {list(TABLEAUS)}")
    for name in SWITCHES:
        if name in raw and not isinstance(raw[name], bool):
            raise IllegalMove("rr.options.invalid", f"option {name!r} must be true or false")
    if not isinstance(players, int) or not min_players <= players <= max_players:
        raise IllegalMove("rr.options.players", f"Russian Railroads is for {min_players}-{max_players} players")
    # One player is always the solo game: the lobby's checkbox may be left empty.
    solo = bool(raw.get("solo", False)) or players == 1
    options = Options(tableau=str(tableau), solo=solo,
                      **{name: bool(raw.get(name, False)) for name in SWITCHES if name != "solo"})
    error = combination_error(options, players)
    if error:
        raise IllegalMove(*error)
    missing = sorted(set(options.normalised()) - BUILT)
    if options.tableau not in BUILT_TABLEAUS:
        missing.append(f"tableau {options.tableau}")
    if missing:
        raise IllegalMove("rr.options.not_built",
                          f"not playable yet (issue 12): {', '.join(missing)}")
    return options


def normalised(raw: Mapping[str, Any], players: int, min_players: int, max_players: int) -> dict[str, Any]:
    """``parse(...).normalised()``, kept per (raw options, players) already checked (every
    new game asks; a value, handed out as a copy).  Refusals are not kept."""
    key = None
    if type(raw) is dict:
        try:
            key = (*sorted(raw.items()), players)
            known = _NORMALISED.get(key)
        except TypeError:  # an unhashable value: checked (and refused) below
            key = known = None
        if known is not None:
            return dict(known)
    result = parse(raw, players, min_players, max_players).normalised()
    if key is not None and len(_NORMALISED) < 256:
        _NORMALISED[key] = result
    return dict(result)


_NORMALISED: dict[tuple[Any, ...], dict[str, Any]] = {}
