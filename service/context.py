"""What the web app holds per process: settings, the repository, the task sender."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app

from events.deadlines import INVITED
from events.repository import GameRecord, GameRepository
from events.settings import Settings

log = logging.getLogger(__name__)


@dataclass
class ServiceContext:
    settings: Settings
    repository: GameRepository
    send_task: Callable[[str, list[Any]], Any] | None


def ctx() -> ServiceContext:
    return current_app.extensions["stellwerk"]


def takeover_after(record: GameRecord) -> int:
    """Seconds a seat may keep this table waiting before it can be handed to a bot."""
    return record.takeover_after if record.takeover_after is not None else ctx().settings.takeover_after_s


def notify_invited(record: GameRecord, only: str | None = None) -> None:
    """E-mail/webhook to each invitee (or only seat ``only``'s) who set them up (the
    lobby shows it anyway); from the pages and the API alike."""
    invited = [s.seat for s in record.seats if s.invited and only in (None, s.seat)]
    send = ctx().send_task
    if not invited or send is None:
        return
    try:
        send("stellwerk.notify", [record.id, 0, INVITED, invited])
    except Exception:  # noqa: BLE001 - a broker hiccup must not fail the request
        log.exception("could not enqueue invitations for %s", record.id)
