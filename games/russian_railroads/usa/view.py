"""The USA tableau and the stock market in the view (drawn by the browser as SVG).

Each seat: its tracks and locos on the three USA lines, both industry markers, the
rubble still lying, the coin spaces (reached / done), doublers per line, the line
values; the table: the stock board (levels, markers left to right, dividend tiles),
the open dividend tiles and the steel mills still beside their stacks.
"""

from __future__ import annotations

from typing import Any

from ..data import RULES, SPECIAL9
from ..state import State
from . import board, market, scoring
from .board import DATA, LENGTHS, LINES


def layout() -> dict[str, Any]:
    """What is printed on every USA tableau (the same for all seats)."""
    return {
        "lines": [{"id": name, "length": LENGTHS[li], "doubler_slots": board.DOUBLER_SLOTS[li]}
                  for li, name in enumerate(LINES)],
        "coin_spaces": [{"key": k, "line": c["line"], "space": c["space"], "colour": c["colour"],
                         "effects": c["effects"]} for k, c in board.COIN_SPACES.items()],
        "stock_steps": [{"key": s["key"], "line": s["line"], "space": s["space"]} for s in board.STOCK_STEPS],
        "ends": [{"key": e["key"], "line": e["line"], "space": e["space"]} for e in board.ENDS],
        "rubble": [{"id": r["id"], **({"line": r["line"], "space": r["space"]} if r["kind"] == "track"
                                     else {"industry_field": r["field"]})} for r in DATA["rubble"]],
        "industry_scores": list(RULES.industry_scores),
        "industry_gaps": list(RULES.industry_gaps),
    }


def board_lines(transsib: dict[str, Any]) -> list[dict[str, Any]]:
    """The three lines as the browser draws them: the main line with the Transsib's
    printed marks, and on every line the USA marks as special spaces of their own
    (``stock_step``, ``coin_space``, ``us_end``, ``rubble``; a seat's claims tell
    which are done)."""
    marks: dict[str, list[dict[str, Any]]] = {name: [] for name in LINES}
    for s in board.STOCK_STEPS:
        marks[s["line"]].append({"key": s["key"], "space": s["space"], "colour": s["colour"], "loco": False,
                                 "effect": {"op": "stock_step"}})
    for key, c in board.COIN_SPACES.items():
        marks[c["line"]].append({"key": f"us_done:{key}", "space": c["space"], "colour": c["colour"], "loco": False,
                                 "effect": {"op": "coin_space", "effects": c["effects"]}})
    for e in board.ENDS:
        marks[e["line"]].append({"key": e["key"], "space": e["space"], "colour": e["colour"], "loco": True,
                                 "effect": {"op": "us_end", "n": DATA["transcontinental_vp"],
                                            "spike": DATA["golden_spike_vp"]}})
    r = board.TRACK_RUBBLE
    marks[r["line"]].append({"key": f"us_blast:{r['id']}", "space": r["space"], "colour": "black", "loco": False,
                             "effect": {"op": "rubble", "n": r["vp"]}})
    out = []
    for li, name in enumerate(LINES):
        base = dict(transsib) if li == 0 else {"unlocks": [], "specials": []}
        out.append({**base, "id": name, "length": LENGTHS[li], "colours": list(RULES.colours),
                    "loco_slots": RULES.line_slots[li], "doublers": board.DOUBLER_SLOTS[li],
                    "specials": list(base.get("specials", [])) + marks[name]})
    return out


def extend(view: dict[str, Any], state: State) -> None:
    if view.get("board"):
        view["board"]["lines"] = board_lines(view["board"]["lines"][0])
        view["board"]["factories"] = {**view["board"].get("factories", {}), str(board.STEEL_MILL): board.MILL_EFFECTS}
    for seat in state.seats:
        p = state.players[seat]
        entry = view["players"][seat]
        entry["tracks"] = {line: {RULES.colours[c]: p.tr[li * 5 + c] for c in range(5) if p.unlocked[c]}
                           for li, line in enumerate(LINES)}
        entry["locos"] = {line: [9 if x == SPECIAL9 else x for x in p.locos[li]] for li, line in enumerate(LINES)}
        entry["loco_slots"] = {line: [{"slot": i, "loco": entry["locos"][line][i] if i < len(p.locos[li]) else None}
                                      for i in range(RULES.line_slots[li])] for li, line in enumerate(LINES)}
        entry["tableau_value"] = scoring.tableau_value(p)
        entry["special_spaces"] = list(p.claims)
        entry["usa"] = {
            "markers": {"lower": p.markers[0], "upper": p.markers[1]},
            "rubble": [r for r in board.RUBBLE if not board.blasted(p, r)],
            "coin_spaces": {k: ("done" if f"us_done:{k}" in p.claims else
                                "ready" if board.spec_met(p, c) else "open")
                            for k, c in board.COIN_SPACES.items()},
            "doublers": {line: board.line_doublers(p, li) for li, line in enumerate(LINES)},
            "golden_spike": "golden_spike" in p.q_used,
            "steel_mills": [i for i, f in enumerate(p.factories) if f == board.STEEL_MILL],
            "share_level": market.level_of(state, seat),
        }
    u = state.usa or market.initial(list(state.seats))
    ranking = market.ranking(state) if state.usa else list(state.seats)
    view["usa"] = {
        "board": layout(),
        "levels": DATA["stock_levels"],
        "stock": [{"level": level, "tile": u["tiles"].get(str(level)),
                   "markers": sorted((s for s in state.seats if u["level"][s] == level), key=lambda s: u["arrived"][s])}
                  for level in range(DATA["stock_levels"] + 1)],
        "open_tiles": [{"id": t, "effects": board.TILES[t]} for t in market.open_tiles(state)],
        "tiles": {t: board.TILES[t] for t in board.TILES},
        "mills": list(u["mills"]),
        "ranking": ranking,
        "end_bonus": DATA["stock_end_bonus"],
        "payout": list(u["queue"]) if u.get("resume") else [],
    }
