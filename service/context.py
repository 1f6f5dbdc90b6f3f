"""What the web app holds per process: settings, the repository, the task sender."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import current_app

from events.repository import GameRepository
from events.settings import Settings


@dataclass
class ServiceContext:
    settings: Settings
    repository: GameRepository
    send_task: Callable[[str, list[Any]], Any] | None


def ctx() -> ServiceContext:
    return current_app.extensions["stellwerk"]
