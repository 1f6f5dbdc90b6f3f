"""Which Celery queue a task goes to: play or review.

Play (bot turns, system work such as round scoring, hints, snapshots, notices) is
what a person at a table waits for; review (a finished game's analysis) is what a
reviewer asks for and can wait.  They have separate queues so that a heap of
analyses never stands in front of a bot's turn (issue 28): ``stellwerk serve``
runs a worker for each, and a worker that serves both takes play first.

Every sender (the web app, the worker's follow-ups, an analysis queueing its next
slice) routes through :func:`queue_for`, and the Celery app's ``task_routes`` say
the same for anything sent without an explicit queue.
"""

from __future__ import annotations

import time

from events.settings import Settings

ANALYSE_TASK = "stellwerk.analyse"
#: Tasks that are review work; everything else is play.
REVIEW_TASKS: frozenset[str] = frozenset({ANALYSE_TASK})
#: The names ``stellwerk worker --queues`` accepts, in the order a worker serves them.
KINDS = ("play", "review")


def queue_for(settings: Settings, task: str) -> str:
    return settings.review_queue if task in REVIEW_TASKS else settings.queue


def queue_names(settings: Settings, kinds: list[str] | tuple[str, ...]) -> list[str]:
    """Celery queue names for ``kinds`` (``play``, ``review``), play first."""
    named = {"play": settings.queue, "review": settings.review_queue}
    return [named[k] for k in KINDS if k in kinds]


#: A message header with the time a task was sent, for the queue-wait metric.
ENQUEUED_HEADER = "stellwerk_enqueued"


def enqueued_header(now: float | None = None) -> dict[str, float]:
    return {ENQUEUED_HEADER: time.time() if now is None else now}
