"""Analysis of a finished game by the workers: each seat's winning chances at every
confirmed position, and the turn the strongest available bot would have played.

Walks the confirmed positions of the log (the replay's steps) once.  Where one
seat is to move, the analysis level plays that seat's turn on the seat's
determinized view (what the seat knew then, hidden parts resampled), as the bot
would in a game:

- ``mcts-<N>i`` (the default, :func:`events.analysis.level_for`): the MCTS bot with a *fixed*
  iteration count, so the suggestion is the same for a game and a bot seed on any
  machine under any load (a time budget would search less on a busy worker).  Each
  seat's chance comes from the search's root statistics: the mean value of the turn
  it chose, backed up from the positions below it.  Those values are on the search's
  own scale (the logistic of a seat's margin over the best other seat; by place once
  the game is over: 1, 0.5 for each seat sharing first place, 0); the chart shows them
  normalised to sum to 1 over the seats.
  Positions without a search (system work, the end, simultaneous moves) are scored
  on the same scale from the game's evaluation of the full state, so the lines do
  not jump between two scales.
- ``greedy`` (games whose search is too slow for a whole game: their declared
  ``Capabilities.analysis_bot``):
  the greedy bot's turn, and the chance a softmax over the seats' expected final
  points (greedy has no statistics of its own to take it from).

``values`` are always the game's evaluation (expected final points; the final
scores at the end).  The result is deterministic for a game and a bot seed: the
bot's randomness comes from ``rng_for(seed, seq)`` and no clock cuts a search short.

Only finished games are analysed (the API refuses running ones): the evaluation
reads the full state, hidden cards included.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from events.analysis import ITERATIONS, level_for
from events.determinize import for_seat
from events.envelope import Envelope
from events.forks import fork_point
from events.local import LocalTable
from events.projection import REVERTED, Projection, fold_iter
from events.repository import GameRepository
from games.contract import SYSTEM, Command, Game, render
from games.kit.hooks import describe_command
from games.rng import rng_for
from worker import bots
from worker.bots.base import NEVER, play_turn
from worker.bots.evaluation import for_game
from worker.bots.mcts import MARGIN_SCALE, MctsBot, Search, final_values, settle

#: Points of expected margin that make one seat e (2.7) times likelier to win (greedy's softmax).
TEMPERATURE = 5.0
#: Largest swings of win chance marked in the chart.
SWINGS = 5

Progress = Callable[[int, int], None]


def confirmed_positions(game: Game, envelopes: Sequence[Envelope],
                        start: Projection | None = None) -> list[Projection]:
    """The projections at the replay's steps (confirmed, not taken back).  A fork
    passes the projection at its fork point as ``start`` (its copied log may be
    redacted and cannot be folded); its envelopes are those after the fork point."""
    ranges = [(int(e.payload["to_seq"]), e.seq) for e in envelopes if e.type == REVERTED]
    out = [start] if start is not None else []
    projections: Any = fold_iter(game, envelopes) if start is None else _fold_from(start, envelopes)
    for i, p in enumerate(projections):
        last = i + 1 == len(envelopes) or envelopes[i + 1].command_id != envelopes[i].command_id
        taken_back = any(a < p.seq <= b for a, b in ranges)
        if last and p.confirmed_seq == p.seq and not p.tail and not taken_back:
            out.append(p)
    return out


def _fold_from(start: Projection, envelopes: Sequence[Envelope]) -> Any:
    p = start
    for env in envelopes:
        p = p.apply(env, _no_revert)
        yield p


def _no_revert(seq: int) -> Projection:
    raise LookupError(f"cannot revert a fork to seq {seq} before its fork point")


def win_chances(values: Mapping[str, float]) -> dict[str, float]:
    """Greedy's chances: a softmax over the seats' expected final points."""
    if not values:
        return {}
    top = max(values.values())
    weights = {s: math.exp((v - top) / TEMPERATURE) for s, v in values.items()}
    total = sum(weights.values())
    return {s: round(w / total, 4) for s, w in weights.items()}


def shares(values: Mapping[str, float]) -> dict[str, float]:
    """Values on the search's scale, normalised to sum to 1 (equal when all are 0)."""
    total = sum(values.values())
    if total <= 0:
        return {s: round(1 / len(values), 4) for s in values} if values else {}
    return {s: round(v / total, 4) for s, v in values.items()}


def margin_values(game: Game, p: Projection) -> dict[str, float]:
    """The search's leaf value of every seat at ``p``, on the full state: the
    logistic of its margin over the best other seat; by place at the end, as the search
    values a finished game (:func:`worker.bots.mcts.final_values`)."""
    status = p.status()
    if status.over:
        return final_values(status, p.seats)
    expected = for_game(game)(game, settle(p).confirmed)
    out = {}
    for s in p.seats:
        others = max((expected.get(o, 0.0) for o in p.seats if o != s), default=0.0)
        margin = max(-50.0, min(50.0, (expected.get(s, 0.0) - others) / MARGIN_SCALE))
        out[s] = 1.0 / (1.0 + math.exp(-margin))
    return out


def root_values(search: Search, seats: Sequence[str]) -> dict[str, float] | None:
    """Each seat's mean value under the turn the search chose (None if it did not
    search: a single candidate turn, or none)."""
    children = search.root.children
    if not children:
        return None
    chosen = children[search.final_choice()]
    return {s: chosen.mean(s) for s in seats}


def command_text(game: Game, command: Command) -> dict[str, str]:
    description = describe_command(game, command)
    if description is None:
        args = ", ".join(f"{k}={v}" for k, v in sorted(command.args.items()))
        plain = f"{command.type}({args})" if args else command.type
        return {"de": plain, "en": plain}
    return {lang: render(game, description, lang) for lang in ("de", "en")}


def bot_turn(p: Projection, seat: str, level: str, seed: str) -> tuple[list[Command], dict[str, float] | None]:
    """The turn ``level`` plays for ``seat`` at ``p`` (as ``MctsBot.choose_turn``
    would, with the same rng) and, for MCTS, each seat's value from its root."""
    rng = rng_for(p.seed, p.seq, salt=f"analysis:{seed}:{seat}")
    table = LocalTable.from_projection(for_seat(p, seat, rng))
    bot = bots.get(level)
    if not isinstance(bot, MctsBot):
        return [c for c in bot.choose_turn(table, seat, rng, 0) if c.type not in NEVER], None
    if bot.iterations is None:
        raise ValueError(f"the analysis needs a fixed iteration count (mcts-<N>i), not {level}")
    search = Search(table.projection, seat, rng)
    best = search.run(iterations=bot.iterations)
    commands = list(best) if best is not None else play_turn(table, seat, rng.choice)
    return [c for c in commands if c.type not in NEVER], root_values(search, p.seats)


class Analysis:
    """A finished game's positions, prepared once; :meth:`row` analyses one of them.
    Rows do not depend on each other (each position's bot has its own rng), so a
    worker may compute them in slices (:mod:`worker.archive_tasks`) and the result
    is the same as in one go."""

    def __init__(self, game: Game, envelopes: Sequence[Envelope], level: str, seed: str = "0",
                 start: Projection | None = None, names: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.names = dict(names or {})
        self.envelopes = [e for e in envelopes if start is None or e.seq > start.seq]
        self.positions = confirmed_positions(game, self.envelopes, start)
        self.mcts = isinstance(bots.get(level), MctsBot)
        self.evaluate = for_game(game)

    @property
    def total(self) -> int:
        return len(self.positions)

    def actor_before(self, index: int) -> str | None:
        """The one seat whose moves led to position ``index`` (None: several, or system)."""
        if index == 0:
            return None
        before, at = self.positions[index - 1].seq, self.positions[index].seq
        actors = {e.actor for e in self.envelopes if before < e.seq <= at and e.actor != SYSTEM}
        return sorted(actors)[0] if len(actors) == 1 else None

    def row(self, index: int) -> dict[str, Any]:
        game, p = self.game, self.positions[index]
        status = p.status()
        values = {s: round(float(v), 2) for s, v in self.evaluate(game, p.confirmed).items()}
        if status.over:
            values = {s: float(v) for s, v in status.scores.items()}
        row: dict[str, Any] = {"seq": p.seq, "round": status.round, "values": values,
                               "actor": self.actor_before(index), "to_move": None, "bot": None, "source": "evaluation"}
        estimate = None
        if not status.over and not status.pending_system and len(status.to_move) == 1:
            seat = status.to_move[0]
            row["to_move"] = seat
            commands, estimate = bot_turn(p, seat, self.level, self.seed)
            row["bot"] = {"seat": seat, "level": self.level, "commands": [c.to_json() for c in commands],
                          "text": [command_text(game, c) for c in commands if c.type != "ConfirmTurn"]}
        if not self.mcts:
            row["win"] = win_chances(values)
        elif estimate is not None:
            row["win"], row["source"] = shares(estimate), "search"
        else:
            row["win"] = shares(margin_values(game, p))
        return row

    def result(self, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
        seats = list(self.positions[-1].seats) if self.positions else []
        out: dict[str, Any] = {"level": self.level, "seed": self.seed, "seats": seats, "positions": list(rows),
                               "swings": swings(rows), "estimate": "mcts-root" if self.mcts else "softmax"}
        if self.names:
            out["names"] = self.names
        return out


def analyse_log(game: Game, envelopes: Sequence[Envelope], level: str, seed: str = "0",
                progress: Progress | None = None, start: Projection | None = None) -> dict[str, Any]:
    """The analysis of a finished game's log in one go (``start``: a fork's fork point)."""
    return run(Analysis(game, envelopes, level, seed, start), progress)


def run(work: Analysis, progress: Progress | None = None) -> dict[str, Any]:
    rows = []
    if progress is not None:
        progress(0, work.total)
    for index in range(work.total):
        rows.append(work.row(index))
        if progress is not None:
            progress(index + 1, work.total)
    return work.result(rows)


def prepare(repo: GameRepository, game_id: str, level: str | None = None, seed: str = "0") -> Analysis:
    """The analysis of a finished game of the repository (``level``: ``level_for`` by default)."""
    p_end = repo.projection(game_id)
    if not p_end.status().over:
        raise ValueError("only finished games are analysed")
    record = repo.record(game_id)
    start_seq = fork_point(record)
    start = repo.projection(game_id, upto=start_seq) if start_seq is not None else None
    envelopes = repo.store.read(game_id, upto=p_end.seq)
    names = {info.seat: info.name or info.bot or info.seat for info in record.seats}
    return Analysis(p_end.game, envelopes, level or level_for(p_end.game), seed, start, names)


def analyse(repo: GameRepository, game_id: str, level: str | None = None, seed: str = "0",
            progress: Progress | None = None) -> dict[str, Any]:
    """Analyse a finished game of the repository in one go."""
    return run(prepare(repo, game_id, level, seed), progress)


def swings(positions: Sequence[Mapping[str, Any]], count: int = SWINGS) -> list[dict[str, Any]]:
    """The largest changes of a seat's win chance from one position to the next."""
    found = []
    for before, after in zip(positions, positions[1:], strict=False):
        for seat, chance in after["win"].items():
            delta = chance - before["win"].get(seat, chance)
            found.append({"seq": after["seq"], "seat": seat, "delta": round(delta, 4), "actor": after["actor"]})
    found.sort(key=lambda s: (-abs(s["delta"]), s["seq"], s["seat"]))
    return found[:count]


__all__ = ["ITERATIONS", "Analysis", "level_for", "analyse", "analyse_log", "prepare", "run",
           "bot_turn"]
