"""Ludmilla (engineer 7): "Der Spieler erhält sofort 5 Punkte. Zusätzlich nimmt er
die Startbonuskarten und wählt eine davon. Die übrigen Karten gibt er an den
nächsten Spieler in der Spielerreihenfolge weiter, der ebenfalls eine wählt. Dies
geht solange weiter, bis jeder Spieler eine Karte oder 3 SP gewählt hat. Jeder
Spieler erhält sofort den Vorteil seiner Karte."

Yucata (binding): "Aktiviert man Ludmilla ..., so wird der eigene Zug an dieser
Stelle unterbrochen. Erst wenn alle Spieler Ludmilla genutzt haben, wird der Zug
wieder fortgesetzt, falls noch Aktionen übrig sind."

The platform lets only the seat named by ``status().to_move`` act, one turn (its
sub-moves, closed by ``ConfirmTurn``) at a time.  So the card round is a run of
turns, kept in ``State.dsp["ludmilla"]`` (replaced, never changed in place):

- ``pick``: the activating seat chooses a card or 3 points (a sub-move);
- ``wait``: it may only confirm; its open actions are put aside (``resume``);
- ``others``: each other player in turn order (from the activating seat on, those
  who passed too) gets a turn: choose a card or 3 points, carry out the card, confirm;
- ``resumed``: the activating seat gets its turn back with what was put aside; if
  nothing is left the round ends at once and play goes on as after its turn.

The cards lie face up, so nothing here is hidden and nothing is an undo barrier.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .. import actions
from ..context import Ctx, arg
from ..data import COAL, DSP, RULES
from ..items import Item, item_of
from ..state import State
from .shape import LudmillaRound, dsp_state

LUDMILLA = 107
#: "eine Karte oder 3 SP"
POINTS: int = DSP["ludmilla"]["points_instead"]


def cards_of_game(state: State) -> list[str]:
    """Every start-bonus card of this table (the coal module adds its own)."""
    cards = [c["id"] for c in RULES.raw["start_bonus_cards"]]
    if state.options.get("coal"):
        cards.append(COAL["start_bonus"]["id"])
    return cards


def round_of(state: State) -> LudmillaRound | None:
    return dsp_state(state).get("ludmilla")


def stage(state: State) -> str | None:
    lud = round_of(state)
    return lud["stage"] if lud else None


def cards_left(state: State) -> list[str]:
    lud = round_of(state)
    return list(lud["cards"]) if lud else cards_of_game(state)


def waiting(state: State, seat: str) -> bool:
    """The activating seat has chosen and may only confirm."""
    lud = round_of(state)
    return lud is not None and lud.get("stage") == "wait" and lud.get("by") == seat


def _pick_item(ctx: Ctx) -> Any:
    found = actions.matching(ctx.work.pending, {"ludmilla": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no start-bonus card may be chosen now")
    return found[0]


def _others_after(state: State, seat: str) -> list[str]:
    """The other players in turn order, starting after ``seat`` ("an den nächsten
    Spieler in der Spielerreihenfolge")."""
    order = list(state.order)
    at = order.index(seat)
    return [s for s in order[at + 1:] + order[:at] if s != seat]


def choose(ctx: Ctx, seat: str, card: str | None) -> None:
    item = _pick_item(ctx)
    state = ctx.work
    if card is not None and card not in cards_left(state):
        raise IllegalMove("rr.dsp.ludmilla_card_gone", "that start-bonus card is not among the cards passed to you")
    if stage(state) in (None, "resumed"):
        # The activating seat (again, when factory 3 re-uses Ludmilla in the resumed turn):
        # the round begins, unless nobody else plays (the solo game).
        others = _others_after(state, seat)
        if others:
            ctx.emit("LudmillaRoundBegan", {"seat": seat, "cards": cards_of_game(state), "queue": others})
    ctx.emit("LudmillaChosen", {"seat": seat, "card": card, "points": 0 if card else POINTS, "use": item.id})
    if card is None:
        ctx.emit("PointsScored", {"seat": seat, "points": POINTS, "reason": f"engineer_{LUDMILLA}"})
    else:
        ctx.gain(seat, RULES.start_bonus[card], True, f"start_{card}")


def choose_card(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    choose(ctx, seat, arg(args, "card", str))


def take_points(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    choose(ctx, seat, None)


def end_turn(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """The activating seat back in its turn lets the rest of its optional actions lapse
    (a turn is confirmed after a sub-move: this is that sub-move)."""
    lud = round_of(ctx.work)
    if not lud or lud["stage"] != "resumed" or lud["by"] != seat:
        raise IllegalMove("rr.turn.no_such_action", "no interrupted turn to finish")
    from ..submoves import mandatory_open

    if mandatory_open(ctx, seat):
        raise IllegalMove("rr.turn.mandatory_open", "a mandatory action is still open")
    ctx.emit("LudmillaTurnEnded", {"seat": seat})


#: what a player choosing a card in another player's turn may do: the choice and
#: what the card gave (no placing, passing, income markers, coal fields or foundries)
NOT_IN_CHOICE_TURN = frozenset({"PlaceWorkers", "Pass", "Relocate", "SkipRelocation", "UseIncomeMarker",
                                "UseCoalField", "UseFoundry", "EndLudmillaTurn",
                                "ReuseSpace", "ReuseWithFoundry"})


def guard(state: State, seat: str, ctype: str) -> None:
    """Refuse what the card round does not allow (raised before any handler runs)."""
    lud = round_of(state)
    if not lud:
        return
    if lud["stage"] == "wait" and lud["by"] == seat:
        raise IllegalMove("rr.dsp.ludmilla_confirm",
                          "the others choose their start-bonus cards now: confirm your turn; it goes on afterwards")
    if lud["stage"] == "others" and ctype in NOT_IN_CHOICE_TURN:
        raise IllegalMove("rr.dsp.ludmilla_choice_turn", "in this turn you only choose a card (or 3 points) and use it")


def confirmed(state: State, seat: str) -> str | None:
    """Fold a ``TurnConfirmed`` during the card round.  Returns the seat for which the
    ordinary end of turn is to run (the activating seat, when the round is over), or
    None when the round goes on."""
    lud = round_of(state)
    assert lud is not None
    if lud["stage"] == "wait":
        lud = {**lud, "stage": "others", "resume": [i.fields() for i in state.pending]}
        return _next_chooser(state, lud)
    if lud["stage"] == "others":
        lud = {**lud, "queue": lud["queue"][1:]}
        return _next_chooser(state, lud)
    # resumed: the activating seat's turn is over now
    _set(state, None)
    return seat


def _next_chooser(state: State, lud: LudmillaRound) -> str | None:
    state.acted = False
    state.placed = True
    state.end_seen = None
    if lud["queue"]:
        chooser = lud["queue"][0]
        state.current = chooser
        state.pending = (Item(state.next_item, "ludmilla", 1, True, lud["by"], True),)
        state.next_item += 1
        _set(state, lud)
        return None
    resume = tuple(map(item_of, lud["resume"]))
    by = lud["by"]
    if not any(item.n > 0 for item in resume):
        state.pending = ()
        _set(state, None)
        return by
    state.current = by
    state.pending = resume  # type: ignore[assignment]
    _set(state, {**lud, "stage": "resumed", "resume": []})
    return None


def _set(state: State, lud: LudmillaRound | None) -> None:
    dsp = dsp_state(state).copy()
    if lud is None:
        dsp.pop("ludmilla", None)
    else:
        dsp["ludmilla"] = lud
    state.dsp = dsp
