"""What a viewer sees of a Deutschland tableau, added to the base view.

The base view's per-seat fields that name lines (``tracks``, ``locos``,
``loco_slots``, ``tableau_value``) are replaced with the seat's own lines, so every
legal command still names a thing in the view:

=================== ===================== ===============================================
command             args                  the thing in the view
=================== ===================== ===============================================
AdvanceTrack        line, colour          ``P.tracks[line][colour]`` (``muenchen``,
                                          ``dresden``, ``nuernberg_fuerth``)
ChooseBranch        arm                   ``germany.board.arms[].id`` (``P.germany.arm``
                                          is None until chosen)
ChooseExtension     tile                  ``germany.open_tiles[].id``
TakeIncomeMarker    marker                ``germany.open_income[].id``
UseIncomeMarker     marker                ``P.germany.income[].id`` with ``used: false``
AdvanceIndustry     marker                ``P.markers[].marker`` (1, 2 or 3)
=================== ===================== ===============================================
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..data import RULES, SPECIAL9
from ..state import PlayerState, State
from . import board, scoring
from .board import DATA, LINES


@cache
def layout() -> dict[str, Any]:
    """The printed tableau for drawing: München with its two arms, the side lines with
    their stations, the special spaces, the tiles and income markers."""
    main = DATA["main_line"]
    arms = []
    for arm in main["arms"]:
        arms.append({"id": arm["id"], "first": arm["spaces"][0], "last": arm["spaces"][1],
                     "colours": arm["colours"],
                     "specials": [{"space": s["space"], "condition": s["condition"], "effect": s["effect"]}
                                  for s in arm["specials"]]})
    sides = [{"id": line["id"], "length": line["spaces"], "colours": line["colours"],
              "areas": line["areas"],
              "specials": [{"space": s["space"], "condition": s["condition"], "effect": s["effect"]}
                           for s in line["specials"]]}
             for line in DATA["side_lines"]]
    return {
        "lines": list(LINES),
        "switch_after": main["switch_after"],
        "arms": arms,
        "side_lines": sides,
        "loco_slots": [RULES.line_slots[i] for i in range(3)],
        "tiles": {t["id"]: {"length": t["length"], "special": t["special"]} for t in DATA["extension_tiles"]["tiles"]},
        "tile_special_at": board.TILE_SPECIAL_AT,
        "income_markers": {m: effects for m, effects in board.INCOME.items()},
        "medal": {k: board.MEDAL[k] for k in ("line", "space", "colour", "vp")},
        "revaluation_de": dict(zip(RULES.colours, board.VALUES_DE, strict=True)),
    }


def _seat(state: State, p: PlayerState) -> dict[str, Any]:
    geo = board.seat_geometry(p)
    tiles = board.tiles_of(p)
    return {
        "arm": board.arm_of(p),
        "lengths": dict(zip(LINES, geo.lengths, strict=True)),
        "tiles": [{"station": st, "tile": tile, "line": LINES[board.STATIONS[st][0]],
                   "first_space": board.STATIONS[st][1], "length": board.STATIONS[st][2],
                   "special_space": board.STATIONS[st][1] + board.TILE_SPECIAL_AT - 1}
                  for st, tile in sorted(tiles.items())],
        "income": [{"id": m, "used": board.income_used(p, m, state.round)} for m in board.income_of(p)],
        "revaluation_de": board.has_revaluation_de(p),
        "specials": [{"key": s.key, "line": LINES[s.line], "space": s.space, "colour": RULES.colours[s.colour],
                      "loco": s.loco, "effect": s.effect, "met": board.met(p, s),
                      "claimed": s.key in p.claims}
                     for s in board.specials_of(p)],
    }


def lines_of(p: PlayerState) -> list[dict[str, Any]]:
    """A seat's three lines in the shape of the base board's ``board.lines`` (so the
    board renderer draws them alike), with the Deutschland parts: the arm (None before
    the switch: München shows its 8 shared spaces and ``switch``), the dashed areas not
    filled yet, the laid tiles, stars and the medal frame."""
    arm = board.arm_of(p)
    geo = board.seat_geometry(p)
    tiles = board.tiles_of(p)
    out = []
    for li, name in enumerate(LINES):
        length = geo.lengths[li] if li or arm else max(board.SWITCH_AFTER, p.tr[0])
        colours = [c for i, c in enumerate(RULES.colours) if geo.allowed[li][i]]
        entry: dict[str, Any] = {"id": name, "length": length, "colours": colours,
                                 "loco_slots": RULES.line_slots[li], "specials": [], "unlocks": [], "stars": []}
        for s in board.specials_of(p):
            if s.line != li or s.space > length:
                continue
            op = s.effect["op"]
            if op in ("star", "vp_per_scoring"):
                entry["stars"].append({"space": s.space, "vp": s.effect["n"], "per_scoring": op == "vp_per_scoring"})
            elif op == "kiev_medal_frame":
                entry["medal"] = {"space": s.space, "colour": RULES.colours[s.colour], "vp": board.MEDAL["vp"]}
            else:
                entry["specials"].append({"key": s.key, "space": s.space, "colour": RULES.colours[s.colour],
                                          "loco": s.loco, "effect": s.effect})
        if li == 0:
            entry["doublers"] = True
            entry["unlocks"] = [{"space": space, "colour": RULES.colours[c], "steps": steps}
                                for space, c, steps in geo.unlocks if space <= length]
            entry["arm"] = arm
            if arm is None:
                entry["switch"] = [{"id": a["id"], "last": a["spaces"][1]} for a in DATA["main_line"]["arms"]]
        entry["areas"] = [{"station": st, "first": first, "length": n, "tile": tiles.get(st)}
                          for st, (line, first, n) in board.STATIONS.items() if line == li]
        out.append(entry)
    return out


def extend(view: dict[str, Any], state: State) -> None:
    longest = [{"id": name, "length": max(a["spaces"][1] for a in DATA["main_line"]["arms"]) if li == 0 else
                board.geometry("hamburg").lengths[li]} for li, name in enumerate(LINES)]
    if view.get("board"):
        view["board"]["lines"] = longest
    for seat in state.seats:
        p = state.players[seat]
        entry = view["players"][seat]
        geo = board.seat_geometry(p)
        entry["tracks"] = {line: {RULES.colours[c]: p.tr[li * 5 + c] for c in range(5)
                                  if geo.allowed[li][c] and p.unlocked[c]}
                           for li, line in enumerate(LINES)}
        entry["locos"] = {line: [9 if x == SPECIAL9 else x for x in p.locos[li]] for li, line in enumerate(LINES)}
        entry["loco_slots"] = {}
        for li, line in enumerate(LINES):
            lying = [9 if x == SPECIAL9 else x for x in p.locos[li]]
            entry["loco_slots"][line] = [{"slot": i, "loco": lying[i] if i < len(lying) else None}
                                         for i in range(RULES.line_slots[li])]
        entry["tableau_value"] = scoring.tableau_value(p)
        entry["germany"] = _seat(state, p)
        entry["lines"] = lines_of(p)
    players = state.players.values()
    view["germany"] = {
        "board": layout(),
        "open_tiles": [{"id": t, **layout()["tiles"][t]} for t in board.TILES
                       if t in {x for n in (2, 3, 4) for x in board.open_tiles(players, n)}],
        "open_income": [{"id": m, "effects": board.INCOME[m]} for m in board.open_income(players)],
    }
