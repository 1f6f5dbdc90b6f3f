"""What one viewer may see of a game's log and state.

One place decides visibility for every endpoint, replay and export: a finished
game is shown in full; otherwise a viewer sees the log up to the seq visible to
them (others' open turns are drafts) with each event passed through the game's
``redact``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.envelope import Envelope
from events.projection import PLATFORM_ONLY_EVENTS, REVERTED, UNDONE, Projection
from games.contract import REVIEWER, SYSTEM, TURN_CONFIRMED


def effective_viewer(p: Projection, viewer: str) -> str:
    """A finished game hides nothing: everyone reviews it."""
    return REVIEWER if p.status().over else viewer


def withdrawn_drafts(envelopes: Sequence[Envelope]) -> dict[int, str]:
    """``seq -> seat`` of the sub-moves a seat took back with ``Undone`` before
    confirming, and of those ``Undone`` events, and of the draft a ``Reverted``
    voided: a draft that was never confirmed is its player's alone, like the open
    turn itself."""
    withdrawn: dict[int, str] = {}
    tail: list[Envelope] = []
    for env in envelopes:
        if env.type == UNDONE:
            to_seq = int(env.payload["to_seq"])
            withdrawn.update({e.seq: e.actor for e in tail if e.seq > to_seq})
            withdrawn[env.seq] = env.actor
            tail = [e for e in tail if e.seq <= to_seq]
        elif env.type == REVERTED:
            # A revert voids the open turn: its draft was never confirmed.
            withdrawn.update({e.seq: e.actor for e in tail})
            tail = []
        elif env.type == TURN_CONFIRMED or env.actor == SYSTEM:
            tail = []
        elif env.type not in PLATFORM_ONLY_EVENTS:
            tail.append(env)
    return withdrawn


def redact_log(p: Projection, envelopes: Sequence[Envelope], viewer: str) -> list[Envelope]:
    viewer = effective_viewer(p, viewer)
    withdrawn = {} if viewer == REVIEWER else withdrawn_drafts(envelopes)
    out = []
    for env in envelopes:
        if env.seq > p.seq:
            break
        if p.is_draft(env, viewer) or withdrawn.get(env.seq, viewer) != viewer:
            continue
        if viewer == REVIEWER or env.type in PLATFORM_ONLY_EVENTS:
            out.append(env)
            continue
        redacted = p.game.redact(env.event, viewer)
        out.append(env if redacted.payload is env.payload else env.with_payload(redacted.payload))
    return out


def view(p: Projection, viewer: str) -> dict[str, Any]:
    viewer = effective_viewer(p, viewer)
    return p.game.view(p.state_for(viewer), viewer)
