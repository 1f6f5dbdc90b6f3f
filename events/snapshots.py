"""Snapshots: a projection at a confirmed boundary, as JSON.

Taken only where no turn is open and no undo request pends, so a snapshot is the
confirmed state plus the bookkeeping the turn model needs; anything later is
folded from the log's tail.

Two versions guard a snapshot: ``format`` (the platform's fields, below) and the
game's ``state_version`` (what the game's state holds and means).  A snapshot of
another state version was taken under other rules: it is never loaded, and the
projection is folded from the log through today's rules instead.  Snapshots from
before the field was recorded were all taken at state version 1.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from events.projection import Projection
from games.contract import Game
from games.kit import hooks

#: Version of the snapshot layout.  Snapshots of another version are ignored and
#: the projection is folded from the log instead (version 2: revert points are
#: quiescent positions only, public seq and ts, last command id, last system seq).
FORMAT = 2


def can_snapshot(p: Projection) -> bool:
    return p.seq > 0 and not p.tail and p.undo_request is None and p.confirmed_seq == p.seq


def dump(p: Projection) -> dict[str, Any]:
    if not can_snapshot(p):
        raise ValueError("snapshots are taken at confirmed boundaries only")
    return {
        "format": FORMAT,
        "game": p.game.name,
        "state_version": hooks.state_version(p.game),
        "seq": p.seq,
        "turn": p.turn,
        "state": p.game.dump_state(p.confirmed),
        "revert_points": list(p.revert_points),
        "confirmed_turns": [list(t) for t in p.confirmed_turns],
        "seats": list(p.seats),
        "options": p.options,
        "seed": p.seed,
        "bots": dict(p.bots),
        "handed_over": sorted(p.handed_over),
        "handed_over_at": dict(p.handed_over_at),
        "last_ts": p.last_ts,
        "public_seq": p.public_seq,
        "public_ts": p.public_ts,
        "last_command_id": p.last_command_id,
        "last_system_seq": p.last_system_seq,
    }


def usable(data: dict[str, Any], game: Game) -> bool:
    """Whether a stored snapshot has the current layout and ``game``'s current state
    version (else fold from the log).

    A fork's first snapshot is its position, which its copied (redacted) log cannot
    rebuild: after a bump of the state version such a fork cannot be replayed until
    the game's ``load_state`` learns to upcast the old state (then accept it here)."""
    return data.get("format") == FORMAT and int(data.get("state_version", 1)) == hooks.state_version(game)


def load(game: Game, data: dict[str, Any]) -> Projection:
    state = game.load_state(data["state"])
    return replace(
        Projection.empty(game),
        seq=data["seq"], confirmed=state, live=state, confirmed_seq=data["seq"], turn=data["turn"],
        revert_points=tuple(data["revert_points"]),
        confirmed_turns=tuple((int(s), str(seat)) for s, seat in data["confirmed_turns"]),
        seats=tuple(data["seats"]), options=dict(data["options"]), seed=data["seed"],
        bots=dict(data.get("bots", {})), handed_over=frozenset(data.get("handed_over", ())),
        # Snapshots from before the field: the hand-over counts as at the snapshot,
        # so its bot agrees to no take-back reaching before it (the safe side).
        handed_over_at={str(s): int(q) for s, q in data.get(
            "handed_over_at", {s: data["seq"] for s in data.get("handed_over", ())}).items()},
        last_ts=int(data["last_ts"]), public_seq=int(data["public_seq"]), public_ts=int(data["public_ts"]),
        last_command_id=str(data["last_command_id"]), last_system_seq=int(data["last_system_seq"]),
    )
