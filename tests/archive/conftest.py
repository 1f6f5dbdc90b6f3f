"""Fixtures of the archive tests: the API app of ``tests/api`` and helpers that
play Tally games to their end through the repository (system work included)."""

from __future__ import annotations

import uuid

import pytest

from games.contract import SYSTEM, Command
from tests.api.conftest import app, auth, client, game, sent  # noqa: F401 - fixtures re-used
from tests.web.conftest import people, web_app  # noqa: F401 - fixtures re-used

__all__ = ["auth", "play_turn", "finish", "new_game"]


def repo_of(app):  # noqa: F811
    return app.extensions["stellwerk"].repository


def play_turn(app, game_id: str, n: int = 1) -> None:  # noqa: F811
    """The seat to move adds ``n`` and confirms; system work runs at once."""
    repo = repo_of(app)
    p = repo.projection(game_id)
    seat = p.status().to_move[0]
    for command in (Command("Add", seat, {"n": n}), Command("ConfirmTurn", seat, {})):
        p = repo.projection(game_id)
        repo.execute(game_id, command, p.seq, uuid.uuid4().hex)
    run_system(app, game_id)


def run_system(app, game_id: str) -> None:  # noqa: F811
    repo = repo_of(app)
    while True:
        p = repo.projection(game_id)
        pending = p.status().pending_system
        if not pending:
            return
        repo.execute(game_id, Command(pending[0], SYSTEM, {}), p.seq, f"work-{p.seq}")


def finish(app, game_id: str, adds: dict[str, int] | None = None) -> None:  # noqa: F811
    """Play to the end; ``adds`` gives each seat's number per turn (default 1)."""
    repo = repo_of(app)
    while not repo.projection(game_id).status().over:
        seat = repo.projection(game_id).status().to_move[0]
        play_turn(app, game_id, (adds or {}).get(seat, 1))


def new_game(client, names=("ann", "bob"), rounds: int = 1, bots: dict | None = None):  # noqa: F811
    seats = [{"bot": bots[i]} if bots and i in bots else {"name": n} for i, n in enumerate(names)]
    r = client.post("/api/games", json={"game": "tally", "options": {"rounds": rounds}, "seats": seats})
    assert r.status_code == 201, r.json
    return r.json["id"], {s["seat"]: s["token"] for s in r.json["seats"]}


@pytest.fixture
def repo(app):  # noqa: F811
    return repo_of(app)
