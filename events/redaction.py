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
from events.projection import PLATFORM_ONLY_EVENTS, Projection
from games.contract import REVIEWER


def effective_viewer(p: Projection, viewer: str) -> str:
    """A finished game hides nothing: everyone reviews it."""
    return REVIEWER if p.status().over else viewer


def redact_log(p: Projection, envelopes: Sequence[Envelope], viewer: str) -> list[Envelope]:
    viewer = effective_viewer(p, viewer)
    out = []
    for env in envelopes:
        if env.seq > p.seq:
            break
        if p.is_draft(env, viewer):
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
