"""What the web app holds per process: settings, the repository, the task sender."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app

from events.repository import GameRecord, GameRepository
from events.settings import Settings


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
