"""The DSP ?-tokens: "Jeder Spieler erhält zusätzlich das ?-Plättchen, das auf beiden
Seiten das ? zeigt. Von den übrigen ?-Plättchen aus der Erweiterung werden zufällig
eines mehr als Spieleranzahl ausgewählt und an den Spielfeldrand gelegt. Diese
Plättchen gehören keinem Spieler."

- double-sided ?-token (an own ?-token of every player): "so muss er sofort eines der
  5 offen ausliegenden ?-Plättchen wählen und auf das ?-Feld legen. Das doppelseitige
  ?-Plättchen kommt zurück in die Schachtel."  Its ?-field counts once for the
  end-game card "?-Marker" (it is in ``q_used``; the open token lies in its place).
- Headhunter: "sucht sich sofort einen der Ingenieur aus den in der Schachtel
  verbliebenen Ingenieuren aus. Dabei darf die Ordnungszahl dieses Ingenieurs noch
  nicht im Spiel vorkommen."  The box: the table's engineers never dealt and those that
  left the hire field unhired; "im Spiel": on the strip still, or beside a tableau.
- Industrie-Boom: "darf ab sofort seine Industrie-Schritte verdoppeln ... ganz oder
  teilweise darauf verzichten ... keine Industrie-Schritte verdoppeln, die er durch
  ?-Plättchen oder ?-Karten erhält": every industry item gained later from another
  source comes with an optional twin of the same size.
- 6x gemischtes: "sofort 3 Schritte mit dem schwarzen Gleis und 3 Industrie-Schritte".
- ?-Fabrik: built into a gap like a factory; entering it gives 2 ?-tokens (3 with a
  boiler), once (like the ?-field of the industry track).
- Güterwaggon: not built yet (``data/dsp.json`` says why); it is dealt (the draw is the
  rules') but cannot be taken.

The open tokens are drawn at set-up (a reveal: an undo barrier like every deal).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.contract import Event, IllegalMove

from .. import actions, engineers
from ..context import Ctx, arg
from ..data import DSP, RULES, has_boiler, printed_number
from ..items import Item
from ..state import State
from .shape import dsp_state

TOKENS: dict[str, list[dict[str, Any]]] = DSP["question_tokens"]["effects"]
OPEN_POOL: list[str] = DSP["question_tokens"]["open_pool"]
BUILT: frozenset[str] = frozenset(DSP["question_tokens"]["built"])
#: sources whose industry steps the boom never doubles: ?-tokens and ?-cards
NOT_DOUBLED = ("q_", "qcard_")


def setup(players: int, rng: random.Random) -> Event:
    """"eines mehr als Spieleranzahl" of the 5 open tokens, at random (a reveal)."""
    laid = rng.sample(OPEN_POOL, min(len(OPEN_POOL), players + 1))
    return Event("DspTokensLaidOut", {"open": laid}, barrier=True)


def open_tokens(state: State) -> list[str]:
    return list(dsp_state(state).get("open", ()))


def taken(state: State, seat: str) -> list[str]:
    return list(dsp_state(state).get("tokens", {}).get(seat, ()))


def boom_items(state: State, seat: str, source: str, items: Sequence[list[Any]], next_id: int) -> list[list[Any]]:
    """The optional doubles of the industry items just gained, for a seat with the boom."""
    if "industry_boom" not in taken(state, seat) or source.startswith(NOT_DOUBLED):
        return []
    extra: list[list[Any]] = []
    for _id, kind, n, _mandatory, _arg, _blocking in items:  # (the event's lists: an Item's fields)
        if kind == "industry":
            extra.append([next_id + len(extra), "industry", n, False, "boom", False])
    return extra


def choose_open_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    found = actions.matching(ctx.work.pending, {"open_q": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no double-sided ?-token was placed")
    token = arg(args, "token", str)
    if token not in open_tokens(ctx.work):
        raise IllegalMove("rr.dsp.token_not_open", "that ?-token does not lie open beside the board")
    if token not in BUILT:
        reason = DSP["question_tokens"]["not_built_reason"].get(token, "not built yet")
        raise IllegalMove("rr.dsp.token_not_built", reason)
    ctx.emit("OpenQuestionTokenTaken", {"seat": seat, "token": token, "use": found[0].id})
    ctx.gain(seat, TOKENS[token], False, f"q_{token}")


def double_q_possible(state: State) -> bool:
    """The double-sided token needs an open token that can be taken ("muss sofort")."""
    return any(t in BUILT for t in open_tokens(state))


def choose_question_token(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """The table's ?-token choice, refusing the double-sided token with nothing to take."""
    if args.get("token") == DSP["question_tokens"]["own"] and not double_q_possible(ctx.work):
        raise IllegalMove("rr.dsp.no_open_token", "no open ?-token is left to put in its place")
    handler = None
    if ctx.work.options.get("tableau") == "deutschland":
        from ..germany.moves import handler as german

        handler = german(ctx.work, "ChooseQuestionToken")
    if handler is None:
        from ..submoves import SUBMOVES

        handler = SUBMOVES["ChooseQuestionToken"]
    handler(ctx, seat, args)


def build_q_factory(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    """"so nimmt er sich die ?-Fabrik und legt sie in seine Industrieleiste": into a gap
    like any factory (left to right; a replacement once all are filled)."""
    from .. import submoves
    from ..locomotives import factory_slots

    submoves._guard_blocking(ctx, ())
    found = actions.matching(ctx.work.pending, {"q_factory": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no ?-factory to build")
    p = ctx.p(seat)
    slots = factory_slots(p)
    slot = arg(args, "slot", int, slots[0] if len(slots) == 1 else -1)
    if slot not in slots:
        raise IllegalMove("rr.factory.slot", "factories fill the gaps left to right; a replacement needs all 5 filled")
    ctx.emit("QuestionFactoryBuilt", {"seat": seat, "slot": slot, "replaced": p.factories[slot], "use": found[0].id})


def enter_q_factory(ctx: Ctx, seat: str, number: int) -> None:
    """"Wenn er mit seinem Industriemarker auf die Fabrik zieht, so erhält er sofort 2
    seiner ?-Plättchen ... kann auch die ?-Fabrik nicht nochmal genutzt werden, wenn man
    sie mit einem weiteren Industriemarker erreicht. Liegt ein Heizer auf der Fabrik, so
    erhält man insgesamt 3 ?.\""""
    if "q_factory" in ctx.p(seat).claims:
        return
    n = DSP["question_tokens"]["q_factory_tokens"] + (1 if has_boiler(number) else 0)
    ctx.emit("SpecialSpaceReached", {"seat": seat, "key": "q_factory"})
    ctx.add_item(seat, "q_token", n, False, "q_factory", False, "q_factory")


def box(state: State) -> list[int]:
    """Engineers in the box whose printed number is not in play (Headhunter)."""
    start = max(0, state.round - 1)
    in_play = {printed_number(n) for n in state.strip[start:] if n}
    for p in state.players.values():
        in_play |= {printed_number(n) for n in p.engineers}
    if state.emil:
        in_play |= {printed_number(n) for n in state.emil.get("engineers", ())}
    result = []
    for number, info in sorted(RULES.engineers.items()):
        if not info.get("letter") or not engineers.in_play(info, state.table, len(state.seats)):
            continue
        if printed_number(number) not in in_play:
            result.append(number)
    return result


def choose_headhunter_engineer(ctx: Ctx, seat: str, args: Mapping[str, Any]) -> None:
    found = actions.matching(ctx.work.pending, {"headhunter": None})
    if not found:
        raise IllegalMove("rr.turn.no_such_action", "no Headhunter to use")
    number = arg(args, "number", int)
    if number not in box(ctx.work):
        raise IllegalMove("rr.dsp.headhunter_in_play",
                          "only an engineer from the box whose number is not yet in play")
    ctx.emit("HeadhunterUsed", {"seat": seat, "number": number, "use": found[0].id})
    ctx.emit("EngineerHired", {"seat": seat, "number": number, "source": "headhunter"})


def pending_kinds(pending: Sequence[Item]) -> set[str]:
    return {item.kind for item in pending if item.n > 0}
