"""What a viewer sees of the coal module, added to the base view (all public: the
foundry stack's order is never stored, only its count is shown).

=================== ============================= ==========================================
command             args                          the thing in the view
=================== ============================= ==========================================
PlaceWorkers        space ``coal_mine``           ``board.spaces[]`` (area ``coal``)
UseCoalField        field                         ``coal.fields[].id``
TakeFoundry         foundry                       ``coal.open[].id``
UseFoundry          foundry                       ``P.coal.foundries[].id`` (``used: false``)
CloseFoundry        foundry                       ``P.coal.foundries[].id`` just used
AttachBoiler        target, line/number or slot   ``P.loco_slots[line][].loco`` (the raw number)
                                                  or ``P.factory_slots[].slot``
=================== ============================= ==========================================

A loco or factory with a boiler keeps its raw number in the view (number + 1000, what
the commands name); ``P.coal.boilers`` lists them as the printed number.
"""

from __future__ import annotations

from typing import Any

from ..data import COAL, RULES, has_boiler, without_boiler
from ..state import State
from . import board
from .shape import coal_state

#: The coal engineer's name on the page, in each language (the view is the same for all).
ENGINEER_NAME = {"de": "Bergbau-Ingenieur", "en": "mining engineer"}


def extend(view: dict[str, Any], state: State) -> None:
    coal = coal_state(state)
    if view.get("board") is not None:
        # The coal engineer by its printed number and its kind in words (it was "#200").
        engineer = COAL["engineer"]
        view["board"].setdefault("engineer_names", {})[str(engineer["number"])] = {
            "printed": engineer["printed"], "name": ENGINEER_NAME}
        mine = RULES.spaces[board.MINE]
        view["board"]["spaces"].append({"id": board.MINE, "area": "coal", "workers": mine["workers"], "coins": 0,
                                        "effects": mine["effects"]})
    fields = []
    for field, info in board.FIELDS.items():
        if info["pay"] != "coal":
            continue
        entry = (coal.get("fields") or {}).get(field)
        taken = entry[0] if entry and entry[1] == state.round else None
        fields.append({"id": field, "coal": info["coal"], "effects": info["effects"], "taken_by": taken,
                       "blocked": board.field_taken(state, field)})
    view["coal"] = {
        "supply": dict(coal.get("coal") or {}),
        "open": [{"id": f, "effects": board.FOUNDRIES[f]} for f in coal.get("open", ())],
        "stack_count": len(coal.get("stack", ())),
        "fields": fields,
        "combined": board.combined(state),
        "foundry_coal": board.FOUNDRY_COAL,
        "foundries": {str(f): effects for f, effects in board.FOUNDRIES.items()},
        "coal_factory": {"number": board.COAL_FACTORY, "effects": COAL["coal_factory"]["effects"]},
    }
    for seat in state.seats:
        p = state.players[seat]
        boilers = [{"line": li, "number": without_boiler(n)} for li in range(3) for n in p.locos[li] if has_boiler(n)]
        boilers += [{"slot": i, "factory": without_boiler(n)} for i, n in enumerate(p.factories) if has_boiler(n)]
        view["players"][seat]["coal"] = {
            "coal": board.coal_of(state, seat),
            "foundries": [{"id": f, "used": board.used_this_round(state, seat, f), "effects": board.FOUNDRIES[f]}
                          for f in board.owned(state, seat)],
            "closed": board.closed(state, seat),
            "boilers": boilers,
        }
