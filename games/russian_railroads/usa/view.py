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


def extend(view: dict[str, Any], state: State) -> None:
    if view.get("board"):
        view["board"]["lines"] = [{"id": name, "length": LENGTHS[li]} for li, name in enumerate(LINES)]
    for seat in state.seats:
        p = state.players[seat]
        entry = view["players"][seat]
        entry["tracks"] = {line: {RULES.colours[c]: p.tr[li * 5 + c] for c in range(5) if p.unlocked[c]}
                           for li, line in enumerate(LINES)}
        entry["locos"] = {line: [9 if x == SPECIAL9 else x for x in p.locos[li]] for li, line in enumerate(LINES)}
        entry["loco_slots"] = {line: [{"slot": i, "loco": entry["locos"][line][i] if i < len(p.locos[li]) else None}
                                      for i in range(RULES.line_slots[li])] for li, line in enumerate(LINES)}
        entry["tableau_value"] = scoring.tableau_value(p)
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
