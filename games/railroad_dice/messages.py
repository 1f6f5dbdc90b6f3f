"""Log lines and move-window texts in German and English (``describe``, ``describe_command``).

The words live in ``web/texts.json`` (one catalogue for the server and the page; the
page's own keys start with ``js.``).  Places are named by :mod:`.places`: "the field
north of end A", "the tile north-west of the start tile", never a coordinate.
Nothing here reads ``SECRET``: a line never shows a screen or a passenger total.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.contract import SECRET, Command, Description, Event
from games.messageformat import format_message

from .places import DIRECTIONS, field_place, mountain_sides, tile_place

_HERE = Path(__file__).parent
NAMES: dict[str, dict[str, Any]] = json.loads((_HERE / "data" / "names.json").read_text("utf-8"))
LANGS = ("de", "en")

#: The server's catalogue: every message of ``web/texts.json`` (the page's ``js.*`` keys too, unused here).
MESSAGES: dict[str, dict[str, str]] = json.loads((_HERE / "web" / "texts.json").read_text("utf-8"))

#: A word or phrase in each language, as ``render`` takes it for a parameter.
Phrase = dict[str, str]


def phrase(key: str, params: Mapping[str, Any]) -> Phrase:
    """One message rendered in every language, to be passed on as a parameter."""
    out = {}
    for lang in LANGS:
        values = {k: v.get(lang, v.get("en")) if isinstance(v, dict) else v for k, v in params.items()}
        out[lang] = format_message(MESSAGES[lang][key], values, lang)
    return out


def _join(parts: list[Phrase]) -> Phrase:
    """"a, b and c" in each language."""
    out = {}
    for lang in LANGS:
        words = [p[lang] for p in parts]
        if len(words) <= 1:
            out[lang] = "".join(words)
        else:
            out[lang] = format_message(MESSAGES[lang]["rd.list"], {"head": ", ".join(words[:-1]), "last": words[-1]},
                                       lang)
    return out


def _name(group: str, key: Any) -> Any:
    return NAMES[group].get(key, key) if isinstance(key, str) else key


def _seller(value: Any) -> Any:
    return {"de": "der Bank", "en": "the bank"} if value == "bank" else value


def _tile(pos: str, case: str = "nom") -> Phrase:
    return phrase(*tile_place(pos, case))


def _field(end: Any, direction: Any, case: str = "nom") -> Phrase:
    if not isinstance(end, str) or not isinstance(direction, int) or not 0 <= direction < 4:
        return {"de": "", "en": ""}
    return phrase(*field_place(end, direction, case))


def _dir(direction: Any) -> Phrase:
    name = DIRECTIONS[direction] if isinstance(direction, int) and 0 <= direction < 4 else "north"
    return phrase("rd.dir.towards", {"dir": name})


def _side(direction: Any) -> Phrase:
    name = DIRECTIONS[direction] if isinstance(direction, int) and 0 <= direction < 4 else "north"
    return phrase("rd.dir.side", {"dir": name})


def _route(exits: list[Any]) -> Phrase:
    """A bridge's way from its land die across the lake, in runs: "2 east, then 1 north"
    (two bridges over the same lake never read alike)."""
    runs: list[list[int]] = []
    for x in exits:
        if runs and runs[-1][0] == x:
            runs[-1][1] += 1
        elif isinstance(x, int) and 0 <= x < 4:
            runs.append([x, 1])
    parts = [phrase("rd.route.run", {"n": n, "dir": DIRECTIONS[x]}) for x, n in runs]
    out = parts[0] if parts else {"de": "", "en": ""}
    for part in parts[1:]:
        out = {lang: format_message(MESSAGES[lang]["rd.route.then"], {"head": out[lang], "last": part[lang]}, lang)
               for lang in LANGS}
    return out


def _tile_kind(tile: Any, rot: Any) -> Phrase:
    """A tile type in words, a mountain tile with the sides its mountain runs along."""
    if isinstance(tile, str) and tile.startswith("mountain") and isinstance(rot, int):
        sides = _join([_side(DIRECTIONS.index(d)) for d in mountain_sides(tile, rot)])
        return phrase("rd.tile.mountain_along", {"sides": sides, "n": len(mountain_sides(tile, rot))})
    return _name("tiles", tile)


def _pay(pay: Any) -> Phrase:
    """", paying 1 die from behind the screen and 2 '?' dice" (empty when nothing is paid)."""
    if not isinstance(pay, Mapping):
        return {"de": "", "en": ""}
    parts = []
    if pay.get("screen"):
        parts.append(phrase("rd.pay.screen", {"n": pay["screen"]}))
    if pay.get("question"):
        parts.append(phrase("rd.pay.question", {"n": pay["question"]}))
    if not parts:
        return {"de": "", "en": ""}
    return phrase("rd.pay.suffix", {"what": _join(parts)})


def _faces(faces: Any) -> Phrase:
    if not isinstance(faces, Mapping):
        return {"de": "", "en": ""}
    return _join([phrase(f"rd.faces.{face}", {"n": n}) for face, n in faces.items() if n])


def describe(event: Event) -> Description:
    p = {k: v for k, v in event.payload.items() if k != SECRET}
    t = event.type
    if t == "IncomeTaken":
        # The income follows from public facts (directorships, stations built); a log that leaves
        # the count out still reads as a sentence.
        key = t if "count" in p else "IncomeTaken.uncounted"
        return Description(key, {"seat": p["seat"], "case": _name("income_cases", p.get("case")),
                                 "count": p.get("count", 0), "to": p.get("to", "screen")})
    if t == "DiceRolled":
        faces = p.get("faces", {})
        return Description(t, {"seat": p["seat"], "n": sum(faces.values()), "faces": _faces(faces)})
    if t in ("DieTurned", "DieReturned"):
        return Description(t, {"seat": p["seat"], "face": _name("faces", p.get("face"))})
    if t == "ShareBought":
        return Description(t, {"seat": p["seat"], "company": _name("companies", p.get("company")),
                               "seller": _seller(p.get("seller", "bank"))})
    if t == "TrackLaid":
        return _track_line(p)
    if t == "StationBuilt":
        piece = p.get("piece", {})
        return Description(t, {"seat": p["seat"], "kind": p.get("kind"),
                               "company": _name("companies", p.get("company")),
                               "tile": _tile(piece.get("pos", "0,0"), "dat")})
    if t == "EndTriggered":
        return Description(t, {"reason": _name("end_reasons", p["reason"])})
    if t == "YearScored":
        return Description(t, {"year": p["year"]})
    return Description(t, p)


def _entered(piece: Mapping[str, Any]) -> int | None:
    """The direction a piece was laid in from the end before it (opposite the side it is entered by)."""
    sides = piece.get("sides") or []
    return (sides[0] + 2) % 4 if sides else None


def _track_line(p: Mapping[str, Any]) -> Description:
    pieces = p.get("pieces", [])
    first = pieces[0] if pieces else {}
    where = _field(p.get("end"), _entered(first), "dat" if p.get("bridge") else "nom")
    if p.get("connect"):
        c = p["connect"]
        return Description("TileConnected", {"seat": p["seat"], "end": p.get("end"), "where": _tile(c["pos"]),
                                             "tile": _tile_kind(c["tile"], c.get("rot"))})
    if p.get("bridge"):
        return Description("BridgeBuilt", {"seat": p["seat"], "where": where, "n": max(len(pieces) - 1, 0)})
    return Description("TrackLaid", {"seat": p["seat"], "where": where, "kind": first.get("kind", "straight")})


def _roll_what(screen: Any, question: Any) -> Phrase:
    """"2 dice from behind the screen, 1 '?' die and 1 die from the bank": each '?' die rolled
    brings one die from the bank (rules text, "AKTION: WÜRFELN")."""
    parts = [phrase(f"rd.roll.{key}", {"n": n}) for key, n in
             (("screen", screen), ("question", question), ("bank", question)) if isinstance(n, int) and n > 0]
    return _join(parts) if parts else phrase("rd.roll.none", {})


def describe_command(command: Command) -> Description:
    a = dict(command.args)
    t = command.type
    if t == "Roll":
        screen, question = a.get("screen", 0), a.get("question", 0)
        return Description("cmd.Roll", {"screen": screen, "question": question, "what": _roll_what(screen, question)})
    if t in ("TurnDie", "ReturnDie"):
        return Description(f"cmd.{t}", {"face": _name("faces", a.get("face"))})
    if t == "BuyShare":
        return Description("cmd.BuyShare", {"company": _name("companies", a.get("company")),
                                            "seller": _seller(a.get("seller", "bank")), "die": a.get("die", "share")})
    end, via, pay = a.get("end"), a.get("via"), _pay(a.get("pay"))
    if t == "PlaceTrack":
        kind = "straight" if a.get("exit") == via else "curve"
        return Description("cmd.PlaceTrack", {"kind": kind, "where": _field(end, via), "exit": _dir(a.get("exit")),
                                              "pay": pay})
    if t == "BuildBridge":
        raw = a.get("exits")
        exits: list[Any] = raw if isinstance(raw, list) else []
        return Description("cmd.BuildBridge", {"where": _field(end, via, "dat"), "n": max(len(exits) - 1, 0),
                                               "route": _route(exits), "pay": pay})
    if t == "ConnectTile":
        return Description("cmd.ConnectTile", {"where": _field(end, via, "dat"), "exit": _side(a.get("exit")),
                                               "tile": _tile_kind(a.get("tile"), a.get("rot")),
                                               "onward": _dir(a.get("onward")), "pay": pay})
    if t == "BuildStation":
        return Description("cmd.BuildStation", {"kind": a.get("kind"), "company": _name("companies", a.get("company")),
                                                "cost": a.get("cost", 0), "where": _field(end, via, "dat"), "pay": pay})
    return Description(f"cmd.{t}", a)
