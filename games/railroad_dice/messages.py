"""Log lines and move-window texts in German and English (``describe``, ``describe_command``).

Nothing here reads ``SECRET``: a line never shows a screen or a passenger total.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.contract import SECRET, Command, Description, Event

NAMES: dict[str, dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "names.json").read_text("utf-8"))
DIRECTIONS = {0: {"de": "Norden", "en": "north"}, 1: {"de": "Osten", "en": "east"},
              2: {"de": "Süden", "en": "south"}, 3: {"de": "Westen", "en": "west"}}

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "GameCreated": "Game created",
        "GameSetUp": "The start tile is laid; {start} is start player",
        "IncomeTaken": "{seat} takes income ({case}): {count, plural, one {# die} other {# dice}}",
        "DiceRolled": "{seat} rolls {n, plural, one {# die} other {# dice}}",
        "DieTurned": "{seat} turns a '?' die to {face}",
        "ShareBought": "{seat} buys a share of {company} from {seller}",
        "TrackLaid": "{seat} lays {n, plural, one {# track} other {# tracks}} at end {end}",
        "TileConnected": "{seat} connects a {tile} tile at end {end}",
        "StationBuilt": "{seat} builds a {kind} station of {company}",
        "DieReturned": "{seat} returns a {face} die to the bank",
        "BankBroken": "The bank is broken: the game ends at once",
        "EndTriggered": "The game ends after this year: {reason}",
        "TurnConfirmed": "{seat} ends the turn",
        "YearScored": "Year {year}: passengers carried, directors appointed",
        "GameEnded": "Game over: the screens are lifted",
        "rd.open.reduce": "Return {n, plural, one {# die} other {# dice}}: at most five in front",
        "rd.open.income": "Take income",
        "rd.open.roll": "Roll dice",
        "cmd.TakeIncome": "Take income",
        "cmd.Roll": "Roll {screen, plural, one {# die} other {# dice}} from behind the screen and {question, plural, "
                    "one {# '?' die} other {# '?' dice}}",
        "cmd.TurnDie": "Turn a '?' die to {face}",
        "cmd.BuyShare": "Buy a share of {company} from {seller} with a {die} die",
        "cmd.PlaceTrack": "Lay track at end {end} towards {exit}",
        "cmd.BuildBridge": "Build a bridge at end {end} ({n, plural, one {# field} other {# fields}})",
        "cmd.ConnectTile": "Connect a {tile} tile at end {end}",
        "cmd.BuildStation": "Build a {kind} station of {company} (cost {cost}) at end {end}",
        "cmd.ReturnDie": "Return a {face} die",
        "cmd.ScoreYear": "Year change",
    },
    "de": {
        "GameCreated": "Spiel erstellt",
        "GameSetUp": "Das Startfeld liegt; {start} ist Startspieler",
        "IncomeTaken": "{seat} nimmt Einkommen ({case}): {count} Würfel",
        "DiceRolled": "{seat} würfelt {n} Würfel",
        "DieTurned": "{seat} dreht einen Fragezeichen-Würfel auf {face}",
        "ShareBought": "{seat} kauft eine Aktie von {company} bei {seller}",
        "TrackLaid": "{seat} legt {n, plural, one {# Schiene} other {# Schienen}} am Ende {end}",
        "TileConnected": "{seat} schließt ein Geländefeld {tile} am Ende {end} an",
        "StationBuilt": "{seat} baut einen Bahnhof ({kind}) von {company}",
        "DieReturned": "{seat} gibt einen Würfel ({face}) an die Bank zurück",
        "BankBroken": "Die Bank ist gesprengt: das Spiel endet sofort",
        "EndTriggered": "Das Spiel endet nach diesem Jahr: {reason}",
        "TurnConfirmed": "{seat} beendet den Zug",
        "YearScored": "Jahr {year}: Passagiere befördert, Direktoren ernannt",
        "GameEnded": "Spielende: die Sichtschirme werden angehoben",
        "rd.open.reduce": "{n} Würfel zurückgeben: höchstens fünf vor dem Sichtschirm",
        "rd.open.income": "Einkommen nehmen",
        "rd.open.roll": "Würfeln",
        "cmd.TakeIncome": "Einkommen nehmen",
        "cmd.Roll": "{screen, plural, one {# Würfel} other {# Würfel}} hinter dem Sichtschirm und {question, plural, "
                    "one {# Fragezeichen-Würfel} other {# Fragezeichen-Würfel}} würfeln",
        "cmd.TurnDie": "Fragezeichen-Würfel auf {face} drehen",
        "cmd.BuyShare": "Aktie von {company} bei {seller} kaufen (mit {die})",
        "cmd.PlaceTrack": "Schiene am Ende {end} nach {exit} legen",
        "cmd.BuildBridge": "Brücke am Ende {end} bauen ({n, plural, one {# Feld} other {# Felder}})",
        "cmd.ConnectTile": "Geländefeld {tile} am Ende {end} anschließen",
        "cmd.BuildStation": "Bahnhof ({kind}) von {company} (Kosten {cost}) am Ende {end} bauen",
        "cmd.ReturnDie": "Würfel ({face}) zurückgeben",
        "cmd.ScoreYear": "Jahreswechsel",
    },
}


def _name(group: str, key: Any) -> Any:
    return NAMES[group].get(key, key) if isinstance(key, str) else key


def _seller(value: Any) -> Any:
    return {"de": "der Bank", "en": "the bank"} if value == "bank" else value


def describe(event: Event) -> Description:
    p = {k: v for k, v in event.payload.items() if k != SECRET}
    t = event.type
    if t == "IncomeTaken":
        return Description(t, {"seat": p["seat"], "case": _name("income_cases", p["case"]), "count": p["count"]})
    if t == "DiceRolled":
        return Description(t, {"seat": p["seat"], "n": sum(p["faces"].values()), "faces": p["faces"]})
    if t in ("DieTurned", "DieReturned"):
        return Description(t, {"seat": p["seat"], "face": _name("faces", p["face"])})
    if t == "ShareBought":
        return Description(t, {"seat": p["seat"], "company": _name("companies", p["company"]),
                               "seller": _seller(p["seller"])})
    if t == "TrackLaid":
        if p.get("connect"):
            return Description("TileConnected", {"seat": p["seat"], "end": p["end"],
                                                 "tile": _name("tiles", p["connect"]["tile"])})
        return Description(t, {"seat": p["seat"], "end": p["end"], "n": len(p["pieces"])})
    if t == "StationBuilt":
        return Description(t, {"seat": p["seat"], "kind": _name("kinds", p["kind"]),
                               "company": _name("companies", p["company"])})
    if t == "EndTriggered":
        return Description(t, {"reason": _name("end_reasons", p["reason"])})
    if t == "YearScored":
        return Description(t, {"year": p["year"]})
    return Description(t, p)


def describe_command(command: Command) -> Description:
    a = dict(command.args)
    params: dict[str, Any] = {**a}
    if "company" in a:
        params["company"] = _name("companies", a["company"])
    if "face" in a:
        params["face"] = _name("faces", a["face"])
    if "die" in a:
        params["die"] = _name("faces", a["die"])
    if "seller" in a:
        params["seller"] = _seller(a["seller"])
    if "kind" in a:
        params["kind"] = _name("kinds", a["kind"])
    if "tile" in a:
        params["tile"] = _name("tiles", a["tile"])
    if "exit" in a and isinstance(a["exit"], int):
        params["exit"] = DIRECTIONS.get(a["exit"], a["exit"])
    if "exits" in a and isinstance(a["exits"], list):
        params["n"] = len(a["exits"])
    return Description(f"cmd.{command.type}", params)
