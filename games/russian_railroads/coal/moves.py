"""The coal module's commands and sub-moves.

Rules text, "Wie kann ich meine Kohle nutzen?": the coal fields are paid with coal
only, "nur zusätzlich zu deiner regulären Aktion", several per turn, before or after
placing, with coal taken in the same turn, free fields only, never when passing,
relocating or during the scoring.  Own foundries: once per round each for 2 coal,
even if not fully executable; "Jedesmal direkt nachdem du eine Gießerei genutzt hast,
darfst du dich entscheiden, diese Gießerei zu schließen" (it becomes a boiler).

Each choice is a sub-move, undoable until the turn is confirmed - except a foundry
turned face up from the stack, which is new information (an undo barrier).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import NOBODY, SECRET, IllegalMove

from .. import actions, engineers, extra_uses, submoves
from ..context import Ctx, arg, line_arg
from ..data import RULES
from ..state import State
from . import board
from .board import FIELDS, FOUNDRIES, FOUNDRY_COAL
from .shape import coal_state


def _own_turn(ctx: Ctx, seat: str, what: str) -> None:
    state = ctx.work
    if state.phase != "actions":
        raise IllegalMove("rr.coal.not_now", f"{what} only in your own turn of the action phase, not when relocating")
    if seat in state.passed:
        raise IllegalMove("rr.coal.no_pass", f"no {what} in a turn in which you pass")
    submoves._guard_blocking(ctx, ())


def use_coal_field(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """A coal field (the foundry purchase or the boiler) for 2 coal."""
    _own_turn(ctx, seat, "coal fields")
    field = arg(args, "field", str)
    info = FIELDS.get(field)
    if info is None or info["pay"] != "coal":
        raise IllegalMove("rr.args.invalid", f"unknown coal field {field!r}")
    state = ctx.work
    if board.field_taken(state, field):
        raise IllegalMove("rr.space.occupied", "this coal field is already used this round")
    if board.coal_of(state, seat) < info["coal"]:
        raise IllegalMove("rr.coal.not_enough", f"this field costs {info['coal']} coal")
    extra_uses.ensure_not_a_pass(state, seat, info["effects"], "rr.coal.no_pass", "coal fields")
    op = info["effects"][0]["op"]
    coal = coal_state(state)
    # A board field is in competition: it must be executable in full.
    if op == "take_foundry" and not coal.get("open"):
        raise IllegalMove("rr.action.not_executable", "no foundry lies open")
    if op == "boiler" and (not coal.get("stack") or not board.boiler_targets(ctx.p(seat))):
        raise IllegalMove("rr.action.not_executable",
                          "a boiler needs a foundry in the stack and a loco or factory without one")
    ctx.emit("CoalFieldUsed", {"seat": seat, "field": field, "coal": info["coal"], "round": state.round})
    if op == "boiler":
        drawn = ctx.rng.choice(sorted(coal["stack"]))
        ctx.emit("BoilerDrawn", {"seat": seat, SECRET: {NOBODY: {"foundry": drawn}}})
    ctx.gain(seat, info["effects"], True, field)


def take_foundry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"take_foundry": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no foundry may be taken now")
    foundry = arg(args, "foundry", int)
    coal = coal_state(ctx.work)
    if foundry not in coal.get("open", ()):
        raise IllegalMove("rr.coal.foundry_not_open", "that foundry does not lie open")
    ctx.emit("FoundryTaken", {"seat": seat, "foundry": foundry, "use": found[0].id})
    stack = sorted(coal.get("stack", ()))
    if stack:
        # "refill from the stack": a face-down foundry turned up is new to everybody
        ctx.emit("FoundryRevealed", {"foundry": ctx.rng.choice(stack)}, barrier=True)


def attach_boiler(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    item = actions.blocking_item(ctx.work.pending)
    if item is None or item.kind != "boiler":
        raise IllegalMove("rr.turn.no_such_action", "no boiler waits to be placed")
    target = arg(args, "target", str)
    p = ctx.p(seat)
    if target == "loco":
        line = line_arg(args, ctx.work)
        number = arg(args, "number", int)
        if ("loco", line, number) not in board.boiler_targets(p):
            raise IllegalMove("rr.coal.boiler_target", "at most 1 boiler per locomotive, on one of yours")
        payload = {"seat": seat, "target": "loco", "line": line, "number": number, "use": item.id}
    elif target == "factory":
        slot = arg(args, "slot", int)
        if not 0 <= slot < len(p.factories) or ("factory", slot, p.factories[slot]) not in board.boiler_targets(p):
            raise IllegalMove("rr.coal.boiler_target", "at most 1 boiler per factory, on one of yours")
        payload = {"seat": seat, "target": "factory", "slot": slot, "number": p.factories[slot], "use": item.id}
    else:
        raise IllegalMove("rr.args.invalid", "target must be 'loco' or 'factory'")
    ctx.emit("BoilerAttached", payload)
    # "Erfüllst du dadurch die Bedingung eines besonderen Feldes, musst du den Vorteil sofort nutzen."
    ctx.check_specials(seat)


def use_foundry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    _own_turn(ctx, seat, "foundries")
    foundry = arg(args, "foundry", int)
    state = ctx.work
    if foundry not in board.owned(state, seat):
        raise IllegalMove("rr.coal.foundry_not_yours", "only your own open foundries above your tableau")
    if board.used_this_round(state, seat, foundry):
        raise IllegalMove("rr.coal.foundry_used", "each foundry once per round")
    if board.coal_of(state, seat) < FOUNDRY_COAL:
        raise IllegalMove("rr.coal.not_enough", f"a foundry costs {FOUNDRY_COAL} coal")
    extra_uses.ensure_not_a_pass(state, seat, FOUNDRIES[foundry], "rr.coal.no_pass", "foundries")
    ctx.emit("FoundryUsed", {"seat": seat, "foundry": foundry, "coal": FOUNDRY_COAL, "round": state.round})
    ctx.gain(seat, FOUNDRIES[foundry], False, f"foundry_{foundry}")
    ctx.add_item(seat, "close_foundry", 1, False, foundry, False, f"foundry_{foundry}")


def close_foundry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    foundry = arg(args, "foundry", int)
    found = actions.matching(ctx.work.pending, {"close_foundry": lambda a: a == foundry})
    if not found:
        raise IllegalMove("rr.coal.close_after_use", "a foundry can be closed only right after you used it")
    if not board.boiler_targets(ctx.p(seat)):
        raise IllegalMove("rr.coal.boiler_target", "a closed foundry becomes a boiler: no loco or factory free for it")
    ctx.emit("FoundryClosed", {"seat": seat, "foundry": foundry, "use": found[0].id})
    ctx.add_item(seat, "boiler", 1, True, None, True, f"foundry_{foundry}")


def spend_coal(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """The coal factory: each coal given back (up to 3) gives 2 more black steps."""
    submoves._guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"coal_steps": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no coal factory use is open")
    if board.coal_of(ctx.work, seat) < 1:
        raise IllegalMove("rr.coal.not_enough", "you have no coal")
    ctx.emit("CoalSpent", {"seat": seat, "coal": 1, "use": found[0].id})
    steps = board.COAL_FOR_STEPS["black_steps"]
    ctx.add_item(seat, "steps", steps, False, "black", False, "coal_factory")


def build_coal_factory(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"coal_factory": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no coal factory to build")
    p = ctx.p(seat)
    from ..locomotives import factory_slots

    slots = factory_slots(p)
    slot = arg(args, "slot", int, slots[0] if len(slots) == 1 else -1)
    if slot not in slots:
        raise IllegalMove("rr.factory.slot", "factories fill the gaps left to right; a replacement needs all 5 filled")
    ctx.emit("CoalFactoryBuilt", {"seat": seat, "slot": slot, "replaced": p.factories[slot], "use": found[0].id})


def reusable_with_foundry(state: State, seat: str) -> list[str]:
    """Foundry 1: "1 Aktionsfeld, das du in dieser Runde bereits mit 1 oder 2 Arbeitern
    genutzt hast ... Du darfst aber keine Felder nochmals nutzen, für die du eine Münze
    bezahlen musst" (coins standing in for workers count)."""
    out = []
    for space, entry in state.occupied.items():
        if entry[0] != seat or engineers.number_of(space):
            continue
        info = RULES.spaces.get(space)
        if info and info["workers"] in (1, 2) and not info["coins"] and not info.get("not_reusable"):
            out.append(space)
    if seat in state.rally_users:
        out.append("rally")
    return sorted(set(out))


def reuse_with_foundry(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    submoves._guard_blocking(ctx, ())
    space = arg(args, "space", str)
    found = actions.matching(ctx.work.pending, {"reuse_1_or_2": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no foundry re-use is open")
    if space not in reusable_with_foundry(ctx.work, seat):
        raise IllegalMove("rr.reuse.not_yours", "only a field you used this round with 1 or 2 workers")
    ctx.emit("SpaceReused", {"seat": seat, "space": space, "use": found[0].id})
    ctx.gain(seat, RULES.spaces[space]["effects"], False, f"reuse_{space}")


COMMANDS = {
    "UseCoalField": use_coal_field,
    "TakeFoundry": take_foundry,
    "AttachBoiler": attach_boiler,
    "UseFoundry": use_foundry,
    "CloseFoundry": close_foundry,
    "SpendCoal": spend_coal,
    "BuildCoalFactory": build_coal_factory,
    "ReuseWithFoundry": reuse_with_foundry,
}
#: the ones that need a placement first (or something gained before it)
SUBMOVE_TYPES = {"TakeFoundry", "AttachBoiler", "CloseFoundry", "SpendCoal", "BuildCoalFactory", "ReuseWithFoundry"}


def handler(state: State, ctype: str) -> Any:
    """The coal module's handler of a seat's command, or None."""
    found = COMMANDS.get(ctype)
    if found is not None and ctype in SUBMOVE_TYPES and not state.placed and not state.pending:
        raise IllegalMove("rr.turn.place_first", "choose an action space (or pass) first")
    return found
