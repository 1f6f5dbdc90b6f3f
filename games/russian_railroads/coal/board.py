"""The coal module's data and its part of the state (``State.coal``).

``State.coal`` is a small typed dict (:class:`.shape.CoalState`) that evolve replaces,
never changes in place (clones share it, like Emil's):

- ``coal``: seat -> coal in the personal supply ("keine Obergrenze")
- ``stack``: the face-down foundries (their order is never stored: a draw picks one
  with the command's seeded random source when it happens)
- ``open``: the face-up foundries beside the board (not usable: "Die offen neben dem
  Spielplan ausliegenden Gießereien darfst du nicht nutzen")
- ``owned`` / ``closed``: seat -> foundries above its tableau, open / closed (turned
  into boilers)
- ``used``: seat -> {foundry: round} (once per round each)
- ``fields``: coal field -> [seat, round] (a field is free again next round; the coal
  on it goes back to the supply after the scoring)
- ``drawn``: the foundries taken from the stack as boilers (seen by nobody; never in a
  view, resampled by ``determinize``)

A boiler lies *on* a loco or factory (:func:`..data.with_boiler`, :class:`..data.Tile`;
its reach: :func:`..data.loco_value`).
"""

from __future__ import annotations

from typing import Any

from ..data import COAL, has_boiler, without_boiler
from ..state import PlayerState, State
from .shape import coal_state

FOUNDRIES: dict[int, list[dict[str, Any]]] = {f["id"]: f["effects"] for f in COAL["foundries"]}
FIELDS: dict[str, dict[str, Any]] = {f["id"]: f for f in COAL["board"]["fields"]}
COMBINED = tuple(COAL["board"]["combined_for_2"])
FOUNDRY_COAL: int = COAL["foundry_use_coal"]
COAL_FACTORY: int = COAL["coal_factory"]["number"]
COAL_FACTORY_EFFECTS: list[dict[str, Any]] = COAL["coal_factory"]["effects"]
COAL_FOR_STEPS: dict[str, int] = COAL["coal_factory"]["coal_for_steps"]
#: factory effects that give points: a boiler adds only 1 point ("(nur) 1 zusätzlichen Punkt")
VP_OPS = {"vp_engineer_sum", "vp_best_locos", "end_card_or_vp"}
MINE = "coal_mine"


def active(state: State) -> bool:
    return bool(state.options.get("coal"))


def coal_of(state: State, seat: str) -> int:
    return int(coal_state(state).get("coal", {}).get(seat, 0))


def owned(state: State, seat: str) -> list[int]:
    return list(coal_state(state).get("owned", {}).get(seat, ()))


def closed(state: State, seat: str) -> list[int]:
    return list(coal_state(state).get("closed", {}).get(seat, ()))


def used_this_round(state: State, seat: str, foundry: int) -> bool:
    return coal_state(state).get("used", {}).get(seat, {}).get(str(foundry)) == state.round


def field_taken(state: State, field: str) -> bool:
    """Is a coal field (or, with 2 players, the combined top field) taken this round?"""
    fields = coal_state(state).get("fields", {})
    names = COMBINED if combined(state) and field in COMBINED else (field,)
    for name in names:
        entry = fields.get(name)
        if entry and entry[1] == state.round:
            return True
        if name == MINE and MINE in state.occupied:
            return True
    return False


def combined(state: State) -> bool:
    """The 2-field side: 2 players and the solo game ("das Spiel für 2 Spieler")."""
    return len(state.seats) <= 2



def boiler_targets(p: PlayerState) -> list[tuple[str, int, int]]:
    """("loco", line, number) and ("factory", slot, number) without a boiler yet."""
    out: list[tuple[str, int, int]] = []
    for line in range(3):
        for number in sorted(set(p.locos[line])):
            if not has_boiler(number):
                out.append(("loco", line, number))
    for slot, number in enumerate(p.factories):
        if number and not has_boiler(number):
            out.append(("factory", slot, number))
    return out


def determinize(state: State, rng: Any) -> None:
    """Nobody saw which foundries were taken from the stack as boilers: deal the stack
    and those anew from the unseen ones (for a bot's simulation)."""
    coal = coal_state(state)
    pool = list(coal.get("stack", ())) + list(coal.get("drawn", ()))
    if not coal.get("drawn"):
        return
    rng.shuffle(pool)
    count = len(coal["stack"])
    state.coal = {**coal, "stack": sorted(pool[:count]), "drawn": sorted(pool[count:])}


def factory_effects(number: int) -> list[dict[str, Any]]:
    """What entering a factory gives with the coal module: the coal factory's own
    function; with a boiler one function again (a factory giving points: 1 point)."""
    from ..industry import factory_effects as base_effects

    base = without_boiler(number)
    effects = COAL_FACTORY_EFFECTS + [{"op": "coal_steps", "n": COAL_FOR_STEPS["max_coal"]}] \
        if base == COAL_FACTORY else base_effects(base)
    if not has_boiler(number):
        return list(effects)
    if any(op["op"] in VP_OPS for op in effects):
        return list(effects) + [{"op": "vp", "n": 1}]
    again = [op for op in effects if op["op"] != "coal_steps"][:1]
    return list(effects) + again
