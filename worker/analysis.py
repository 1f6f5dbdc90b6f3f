"""Analysis of a finished game by the workers: each seat's evaluation at every
confirmed position, and the turn a bot would have played there.

Walks the confirmed positions of the log (the replay's steps) once.  At each the
game's evaluation (:mod:`worker.bots.evaluation`, the one the search bots use)
gives every seat's expected final points, turned into a win chance by a softmax
over the seats; for the seat to move, the bot level asked for plays its turn on
that seat's determinized view (what the seat knew then, hidden parts resampled).
The result is deterministic for a game and a bot seed: the bot's randomness comes
from ``rng_for(seed, seq)`` and no time budget cuts its search short.

Only finished games are analysed (the API refuses running ones): the evaluation
reads the full state, hidden cards included.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from events.determinize import for_seat
from events.envelope import Envelope
from events.local import LocalTable
from events.projection import REVERTED, Projection, fold_iter
from events.repository import GameRepository
from games.contract import SYSTEM, Command, describe_command, render
from games.rng import rng_for
from worker import bots
from worker.bots.base import NEVER
from worker.bots.evaluation import for_game

#: Points of expected margin that make one seat e (2.7) times likelier to win.
TEMPERATURE = 5.0
#: Largest swings of win chance marked in the chart.
SWINGS = 5

Progress = Callable[[int, int], None]


def confirmed_positions(game: Any, envelopes: Sequence[Envelope]) -> list[Projection]:
    """The projections at the replay's steps (confirmed, not taken back)."""
    ranges = [(int(e.payload["to_seq"]), e.seq) for e in envelopes if e.type == REVERTED]
    out = []
    for i, p in enumerate(fold_iter(game, envelopes)):
        last = i + 1 == len(envelopes) or envelopes[i + 1].command_id != envelopes[i].command_id
        taken_back = any(a < p.seq <= b for a, b in ranges)
        if last and p.confirmed_seq == p.seq and not p.tail and not taken_back:
            out.append(p)
    return out


def win_chances(values: dict[str, float]) -> dict[str, float]:
    if not values:
        return {}
    top = max(values.values())
    weights = {s: math.exp((v - top) / TEMPERATURE) for s, v in values.items()}
    total = sum(weights.values())
    return {s: round(w / total, 4) for s, w in weights.items()}


def command_text(game: Any, command: Command) -> dict[str, str]:
    description = describe_command(game, command)
    if description is None:
        args = ", ".join(f"{k}={v}" for k, v in sorted(command.args.items()))
        plain = f"{command.type}({args})" if args else command.type
        return {"de": plain, "en": plain}
    return {lang: render(game, description, lang) for lang in ("de", "en")}


def bot_turn(p: Projection, seat: str, level: str, seed: str) -> list[Command]:
    rng = rng_for(p.seed, p.seq, salt=f"analysis:{seed}:{seat}")
    table = LocalTable.from_projection(for_seat(p, seat, rng))
    commands = bots.get(level).choose_turn(table, seat, rng, 0)
    return [c for c in commands if c.type not in NEVER]


def analyse(repo: GameRepository, game_id: str, level: str = "greedy", seed: str = "0",
            progress: Progress | None = None) -> dict[str, Any]:
    p_end = repo.projection(game_id)
    if not p_end.status().over:
        raise ValueError("only finished games are analysed")
    game = p_end.game
    evaluate = for_game(game)
    envelopes = repo.store.read(game_id, upto=p_end.seq)
    positions = confirmed_positions(game, envelopes)
    out: list[dict[str, Any]] = []
    previous_actor = None
    for index, p in enumerate(positions):
        status = p.status()
        values = {s: round(float(v), 2) for s, v in evaluate(game, p.confirmed).items()}
        if status.over:
            values = {s: float(v) for s, v in status.scores.items()}
        row: dict[str, Any] = {"seq": p.seq, "values": values, "win": win_chances(values), "actor": previous_actor,
                               "to_move": None, "bot": None}
        if not status.over and not status.pending_system and len(status.to_move) == 1:
            seat = status.to_move[0]
            row["to_move"] = seat
            commands = bot_turn(p, seat, level, seed)
            row["bot"] = {"seat": seat, "level": level, "commands": [c.to_json() for c in commands],
                          "text": [command_text(game, c) for c in commands if c.type != "ConfirmTurn"]}
        out.append(row)
        nxt = positions[index + 1].seq if index + 1 < len(positions) else None
        actors = {e.actor for e in envelopes if nxt is not None and p.seq < e.seq <= nxt and e.actor != SYSTEM}
        previous_actor = sorted(actors)[0] if len(actors) == 1 else None
        if progress is not None:
            progress(index + 1, len(positions))
    names = {info.seat: info.name or info.bot or info.seat for info in repo.record(game_id).seats}
    return {"level": level, "seed": seed, "seats": list(p_end.seats), "names": names, "positions": out,
            "swings": swings(out)}


def swings(positions: Sequence[dict[str, Any]], count: int = SWINGS) -> list[dict[str, Any]]:
    """The largest changes of a seat's win chance from one position to the next."""
    found = []
    for before, after in zip(positions, positions[1:], strict=False):
        for seat, chance in after["win"].items():
            delta = chance - before["win"].get(seat, chance)
            found.append({"seq": after["seq"], "seat": seat, "delta": round(delta, 4), "actor": after["actor"]})
    found.sort(key=lambda s: (-abs(s["delta"]), s["seq"], s["seat"]))
    return found[:count]
