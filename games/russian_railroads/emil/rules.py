"""Emil, the solo game's opponent: a deck of cards that blocks action spaces.

Rules text, Solo-Variante: "Zu Beginn jeder Runde deckst du eine Karte vom Emil-Stapel
auf. Jede dieser Karten zeigt eines der Aktionsfelder auf dem Spielplan. Dieses Feld
möchte Emil blockieren."  Emil is no seat: his turn is system work (``EmilTurn`` in
``status().pending_system``), run by the worker before the player's first turn of a
round and after each of the player's turns until the player passes.  Each card drawn
is revealed information, so each ``EmilCardRevealed`` is an undo barrier.

The deck's order is never stored: the cards left are public (the discards lie face
up), and each draw picks one of them with the command's seeded random source, which
is the same as drawing from a shuffled face-down stack and hides nothing a player
could see.  Emil's state is a small typed dict (:class:`.shape.EmilState`) that evolve
replaces, never changes in place, so state clones may share it.
"""

from __future__ import annotations

from typing import Any, cast

from games.contract import IllegalMove

from .. import engineers, locomotives
from ..coal import board as coal_board
from ..context import Ctx
from ..data import EMIL, RULES, engineer_cost, printed_number
from ..folds import Payload, collects
from ..state import State, added_at, set_at
from .shape import EmilState, emil_state

#: the fold functions of this module's events (the registry registers them)
EVENTS: dict[str, Any] = {}
handles = collects(EVENTS)

EMIL_SEAT = "emil"
CARDS: dict[int, dict[str, Any]] = {c["card"]: c for c in EMIL["deck"]}


def round_deck(options: dict[str, Any]) -> list[int]:
    """The cards Emil plays with: all but those of modules not in play (the coal card
    "benötigst du nur, wenn du mit dem Kohle-Modul spielst")."""
    return [n for n, c in sorted(CARDS.items()) if not c.get("module") or options.get(c["module"])]


def new_emil(options: dict[str, Any]) -> EmilState:
    workers = EMIL["setup"]["emil_workers"]
    return {"workers": workers, "free": workers, "extra": 0, "deck": round_deck(options), "discard": [],
            "engineers": [], "tiles": [], "due": True, "passed": False}


# --- rules ---------------------------------------------------------------------------


def card_target(state: State, card: int) -> tuple[str | None, int, int]:
    """(space, workers, coins) the card asks for now; space None if no such field
    exists this round (no crosswise engineer left, nobody left to hire)."""
    info = CARDS[card]
    space = info["blocks"]
    if space == "public_engineer":
        # "Der quer liegende Ingenieur": the one public engineer of the 2-player board.
        public = engineers.public_engineers(state)
        if not public:
            return None, 0, 0
        workers, coins = engineer_cost(public[0])  # "as printed"
        return engineers.space_id(public[0]), workers, coins
    if space == "hire_engineer" and not engineers.hire_candidate(state):
        return None, 0, 0
    return space, int(info["workers"]), int(info["coins"])


def discard_reason(state: State, card: int) -> str | None:
    """Why Emil cannot block with this card (special cases 2, 3, 4 and 6), or None."""
    emil = emil_state(state)
    space, workers, _coins = card_target(state, card)
    if space is None:
        return "no_field"
    if space in state.occupied:
        return "occupied"  # 3. "Das Aktionsfeld auf Emils Karte ist nicht frei"
    if space in coal_board.FIELDS and coal_board.field_taken(state, space):
        # 3. "Stehen bereits Arbeiter auf dem Feld": with 2 seats the mine and the
        # foundry purchase are one field, and a purchase is kept in the coal board's
        # record rather than in ``occupied``.
        return "occupied"
    if workers > emil.get("free", 0):
        return "no_workers"  # 2. "Emil hat nicht mehr genügend Arbeiter"
    colour = CARDS[card].get("skip_unless_unlocked")
    if colour:
        player = state.players[state.seats[0]]
        if not player.unlocked[RULES.colour_index(colour)]:
            return "colour_locked"  # 4. "Emil blockiert nur Felder, die du auch willst"
    return None


def workers_due(state: State) -> list[int]:
    """The point thresholds the player has reached for which Emil has no worker yet
    (9. "Sobald du 50 Punkte erreicht hast ... bei 150 Punkte einen weiteren")."""
    emil = emil_state(state)
    vp = state.players[state.seats[0]].vp
    reached = [t for t in EMIL["worker_thresholds"] if vp >= t]
    return reached[emil.get("extra", 0):]


def tile_taken(state: State) -> tuple[str, int] | None:
    """5. "Liegen keine Lokomotiven mehr in der Auslage, nimmt Emil die Fabrik mit der
    niedrigsten Zahl": the lowest loco of the stacks, else the lowest factory."""
    number = locomotives.lowest_stack(state.stacks)
    if number:
        return "loco", number
    for number in range(1, 10):
        if state.display[number]:
            return "factory", number
    return None


def majority_entry(state: State) -> tuple[int, int, str] | None:
    """Emil's row for the engineer majority: "Bei der Wertung der Ingenieure werden
    Emils gesammelte Ingenieure berücksichtigt"."""
    taken = emil_state(state).get("engineers", [])
    return (len(taken), max(printed_number(n) for n in taken), EMIL_SEAT) if taken else None


# --- decide ----------------------------------------------------------------------------


def give_workers(ctx: Ctx) -> None:
    for threshold in workers_due(ctx.work):
        ctx.emit("EmilWorkerGained", {"points": threshold})


def emil_turn(ctx: Ctx) -> None:
    """Reveal cards until Emil blocks a field he can take, or pass (special case 8)."""
    state = ctx.work
    if state.emil is None or not state.emil["due"] or state.phase != "actions":
        raise IllegalMove("rr.system.not_due", "Emil moves before each of the player's turns")
    give_workers(ctx)
    emil = ctx.work.emil
    assert emil is not None
    if emil["free"] <= 0 or not emil["deck"]:
        ctx.emit("EmilPassed", {"reason": "no_workers" if emil["free"] <= 0 else "no_cards"})
        return
    rng = ctx.rng
    while ctx.work.emil and ctx.work.emil["deck"]:
        card = rng.choice(sorted(ctx.work.emil["deck"]))
        reason = discard_reason(ctx.work, card)
        if reason:
            ctx.emit("EmilCardRevealed", {"card": card, "space": CARDS[card]["blocks"], "blocked": False,
                                          "reason": reason}, barrier=True)
            continue
        space, workers, coins = card_target(ctx.work, card)
        ctx.emit("EmilCardRevealed", {"card": card, "space": space, "blocked": True, "workers": workers,
                                      "coins": coins}, barrier=True)
        takes = CARDS[card].get("takes")
        if takes == "engineer":
            ctx.emit("EmilTookEngineer", {"number": engineers.hire_candidate(ctx.work)})
        elif takes == "loco":
            tile = tile_taken(ctx.work)
            if tile:
                ctx.emit("EmilTookTile", {"kind": tile[0], "number": tile[1]})
        return
    ctx.emit("EmilPassed", {"reason": "no_cards"})


# --- evolve ----------------------------------------------------------------------------


def _set(state: State, **changes: Any) -> EmilState:
    emil = state.emil = cast(EmilState, {**emil_state(state), **changes})
    return emil


@handles("EmilDeckShuffled")
def _shuffled(state: State, payload: Payload) -> None:
    emil = state.emil = state.emil if state.emil is not None else new_emil(state.options)
    _set(state, deck=list(payload["cards"]), discard=[], free=emil["workers"], due=True, passed=False)


@handles("EmilCardRevealed")
def _revealed(state: State, payload: Payload) -> None:
    emil = emil_state(state)
    card = payload["card"]
    changes: dict[str, Any] = {"deck": [c for c in emil["deck"] if c != card], "discard": emil["discard"] + [card]}
    if payload["blocked"]:
        state.occupied = {**state.occupied, payload["space"]: [EMIL_SEAT, payload["workers"], payload["coins"], False]}
        changes.update(free=emil["free"] - payload["workers"], due=False)
    _set(state, **changes)


@handles("EmilPassed")
def _passed(state: State, payload: Payload) -> None:
    _set(state, due=False, passed=True)


@handles("EmilWorkerGained")
def _worker(state: State, payload: Payload) -> None:
    emil = emil_state(state)
    _set(state, workers=emil["workers"] + 1, free=emil["free"] + 1, extra=emil["extra"] + 1)


@handles("EmilTookEngineer")
def _engineer(state: State, payload: Payload) -> None:
    number = payload["number"]
    if number in state.strip:
        state.strip = set_at(state.strip, state.strip.index(number), None)
    _set(state, engineers=emil_state(state)["engineers"] + [number])


@handles("EmilTookTile")
def _tile(state: State, payload: Payload) -> None:
    number = payload["number"]
    if payload["kind"] == "loco":
        state.stacks = added_at(state.stacks, number, -1)
    else:
        state.display = added_at(state.display, number, -1)
    _set(state, tiles=emil_state(state)["tiles"] + [[payload["kind"], number]])


def to_move(state: State) -> bool:
    """Emil's turn is due: the player waits for the worker to reveal his cards."""
    return state.emil is not None and state.emil["due"] and state.phase == "actions"
