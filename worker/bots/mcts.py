"""Monte-Carlo tree search over whole turns, with determinization.

A tree node is a position at the start of a turn (system work such as round
scoring already run on the bot's table copy); its actions are *complete turns*
of the seat to move, generated as in the greedy bot (:mod:`worker.bots.candidates`:
every first command completed greedily, best first by the mover's evaluation).
Progressive widening lets a node's children in that order, one more as its visit
count grows (``1 + WIDEN * n ** 0.5``), so the search spends its budget on the
plausible turns and still reaches replies several turns deep.

An iteration selects by UCT on the mover's value, expands one turn and scores the
new position at once, without a rollout (``ROLLOUT_TURNS`` is 0; a positive value,
which ``benchmarks/tune_mcts.py`` may try, would first play that many turns of the
greedy policy over a random ``ROLLOUT_WIDTH`` of first commands).  The score is the
evaluation on a fresh determinization for the bot's seat (the other seats' end-game
cards and the end-game stack resampled by the game's ``determinize``, so that the
search averages over what the bot cannot see): a seat's value is the logistic of its
margin over the best other seat.  A finished game scores by the final places
(:meth:`games.contract.Status.final_places`, so tied scores share a place): 1 for
the sole winner, ``SHARED_WIN`` (0.5) for each seat sharing first place, 0 for the
rest.  Values are backed up per seat (max^n), so the same code plays 2 to 4 seats.

Chance: a turn that draws (a roll of dice, a card from a stack: a command whose events
are a barrier, the same test the worker and self-play use to decide again after the real
draw) is not one child with the draw the bot's seed happens to give.  Its child is a
:class:`Chance` node holding the commands up to and including the draw; each visit
replays them on the parent position with a fresh seed from the search's rng and goes on
in the child of that outcome (keyed by the drawn events), so every iteration meets the
dice anew and the values average over them.  Outcomes widen progressively like turns
(``1 + CHANCE_WIDEN * visits ** WIDEN_POWER``; past that a draw not seen yet is replaced
by a seen one, in proportion to how often each was drawn).  An outcome's node is the same
seat in mid-turn: its actions are the rest of the turn (completed greedily as above), and
a new outcome is scored after the greedy rest of the turn, as a turn without a draw is.

Budgets: ``budget_ms`` of the process's CPU time (``candidates.CLOCK``, checked before
each iteration and inside candidate generation; the worker's hard deadline counts CPU
time too, :mod:`worker.bots.deadline`), or a
fixed number of iterations (``mcts-200i``), deterministic for a given rng
whatever the machine.
"""

from __future__ import annotations

import inspect
import json
import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from events.envelope import any_barrier
from events.local import LocalTable
from events.projection import Projection
from games.contract import Command, IllegalMove, Status
from worker.bots.base import play_turn
from worker.bots.candidates import (
    CLOCK,
    CONFIRM,
    Candidate,
    Value,
    candidate_turns,
    choices,
    complete_greedily,
    distinct,
    first_per_key,
    own_value,
    value_after,
    value_key,
)
from worker.bots.evaluation import for_game

#: UCT exploration constant (values are win-probability-like, in [0, 1]).
EXPLORATION = 0.25
#: Progressive widening: children allowed = 1 + WIDEN * visits ** WIDEN_POWER.
WIDEN = 1.0
WIDEN_POWER = 0.5
#: Points of margin that make a seat's value 0.73 (logistic scale).  20 (was 40) by
#: ``benchmarks/tune_mcts.py`` (benchmarks/README.md, "Tuning the search constants"):
#: ahead of 40 in the screen and on the confirmation's fresh seeds, 2 players.
MARGIN_SCALE = 20.0
#: Turns played by the rollout policy before the evaluation cuts off: none, the leaf
#: is scored at once (a tunable of ``benchmarks/tune_mcts.py``).
ROLLOUT_TURNS = 0
#: First commands the rollout policy tries per turn.
ROLLOUT_WIDTH = 6
#: Share of the budget spent searching (the rest is slack for the worker).
BUDGET_SHARE = 0.85
#: A finished game's value for each seat sharing first place, however many share it:
#: a draw's half point, which is also what the evaluation gives a seat level with the
#: best other seat (the logistic of a margin of 0), so that ending in a tie is worth
#: what the position just before it was.  1/k among k co-winners would make a
#: three-way tie (1/3) worse than the same tie one move earlier (0.5).
SHARED_WIN = 0.5
#: Progressive widening of a draw's outcomes: outcomes kept = 1 + CHANCE_WIDEN * visits ** WIDEN_POWER.
CHANCE_WIDEN = 1.0
#: Turns completed at a draw's outcome: the first commands best by the value one step on.
#: An outcome is met again only as often as it is drawn, and after a roll the first
#: commands are hundreds (each die on each line, each payment), each completed greedily
#: with its own lookahead: all of them cost seconds per outcome.
DRAWN_FIRSTS = 6


def lazy_batch(evaluate: object) -> int | None:
    """``SEARCH_BATCH`` of the game's evaluation module, if it sets one: below the root,
    a node's whole turns are then completed that many at a time, as progressive
    widening asks for them, its first commands ordered by their value after the first
    sub-move alone.  Without it every node lists all its turns at once (the default:
    widening then uses a few of them, issue 26 counted 240 of 3409 completed at 80
    iterations in First Class)."""
    batch = getattr(inspect.getmodule(evaluate), "SEARCH_BATCH", None)
    return int(batch) if batch else None


def common_samples(evaluate: object) -> int | None:
    """``SEARCH_SAMPLES`` of the game's evaluation module, if it sets one: the leaves are
    then scored on that many determinizations drawn once per search (common random
    numbers), so that sibling turns are compared on the same guess of what the bot cannot
    see instead of on a fresh one each (whose noise can swamp the difference between
    two turns in a few visits)."""
    samples = getattr(inspect.getmodule(evaluate), "SEARCH_SAMPLES", None)
    return int(samples) if samples else None


def drawn_lazy(evaluate: object) -> bool:
    """``SEARCH_DRAWN_LAZY`` of the game's evaluation module, if it sets it true (and a
    ``SEARCH_BATCH``): the outcomes of a draw are then listed lazily like the other nodes
    below the root (first commands by their value one step on, completed ``SEARCH_BATCH``
    at a time as widening asks) instead of their ``DRAWN_FIRSTS`` best completed at once,
    and so is a root in mid-turn after a draw (the worker decides again after the real
    roll), which otherwise lists every first command: Railroad Dice lists up to 56 after a
    roll, each completed greedily with its own lookahead, which left the search a handful
    of iterations (issue 25).  A root where the mover can end the game at once and win
    (:func:`end_decider`) is listed whole, so that :meth:`Search.winning_turn` finds it."""
    return bool(getattr(inspect.getmodule(evaluate), "SEARCH_DRAWN_LAZY", False))


def firsts_by_key(evaluate: object) -> bool:
    """``SEARCH_FIRSTS_BY_KEY`` of the game's evaluation module, if it sets it true: the search
    lists one turn per ``value_key`` of its first command (the first in legal order), where
    the game lists whole turns for every first command otherwise (``VALUE_KEY_FIRSTS``
    false: its key promises equal values one step on, not the same turn).  Railroad Dice:
    a track piece per kind and payment, not per end and direction, so that progressive
    widening reaches different turns sooner; the greedy bot still lists them all."""
    return bool(getattr(inspect.getmodule(evaluate), "SEARCH_FIRSTS_BY_KEY", False))


def by_key(p: Projection, seat: str, commands: list[Command]) -> list[Command]:
    """``commands`` less those whose ``value_key`` an earlier one has."""
    keyed = value_key(p.game)
    return commands if keyed is None else first_per_key(keyed, p, seat, commands)


def end_decider(evaluate: object) -> object | None:
    """``decided(state)`` of the game's evaluation module, if it has one: the seats first
    at an end the seat to move can force at once and will (Railroad Dice: the income the
    bank cannot pay, taken when the count puts the mover first).  Such a position is scored
    as that finished game and not searched further (the opponent's plan is no choice
    among turns ordered by its expected points, where the search's few iterations would
    miss it), and a node's turns whose position is decided so come first when they win
    for the mover and last when they lose."""
    return getattr(inspect.getmodule(evaluate), "decided", None)


class Stats:
    """Visits and summed values per seat, for both kinds of node."""
    __slots__ = ("n", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w: dict[str, float] = {}

    def mean(self, seat: str) -> float:
        return self.w.get(seat, 0.0) / self.n if self.n else 0.0


class Node(Stats):
    """A position where a seat decides (a turn's start, or the rest of a turn after a draw)."""
    __slots__ = ("p", "mover", "candidates", "firsts", "children", "drawn", "table", "ended")

    def __init__(self, p: Projection, drawn: bool = False) -> None:
        super().__init__()
        self.p = p
        #: an outcome of a draw: only the ``DRAWN_FIRSTS`` best first commands are completed
        self.drawn = drawn
        turn = p.whose_turn()
        self.mover: str | None = None if turn.over else (p.turn_seat or next(iter(turn.to_move), None))
        self.candidates: list[Candidate] | None = None
        #: First commands whose turns are still to complete (lazy listing), best first.
        self.firsts: list[Command] = []
        #: The table that listed and peeked at :attr:`firsts` (their turns submit its peeks).
        self.table: LocalTable | None = None
        self.children: list[Node | Chance] = []
        #: the values of the end the mover forces here (:func:`end_decider`), once looked at
        self.ended: dict[str, float] | None | bool = False


class Chance(Stats):
    """A turn's commands up to and including a draw, from ``p``: its children are the draw's
    outcomes seen so far, by key, with how often each was drawn."""
    __slots__ = ("p", "seat", "prefix", "outcomes", "drawn")

    def __init__(self, p: Projection, seat: str, prefix: tuple[Command, ...]) -> None:
        super().__init__()
        self.p = p
        self.seat = seat
        self.prefix = prefix
        self.outcomes: dict[str, Node] = {}
        self.drawn: dict[str, int] = {}


def settle(p: Projection) -> Projection:
    """``p`` with pending system work (turn order, round scoring) carried out."""
    if not p.whose_turn().pending_system or p.tail:
        return p
    table = LocalTable.from_projection(p)
    while table.run_system():
        pass
    return table.projection


def finished_values(p: Projection) -> Mapping[str, float] | None:
    """The final values of ``p`` when its game is over, else None."""
    status = p.status()
    return final_values(status, p.seats) if status.over else None


class MctsBot:
    def __init__(self, name: str, iterations: int | None = None) -> None:
        self.name = name
        self.iterations = iterations

    def choose_turn(self, table: LocalTable, seat: str, rng: random.Random, budget_ms: int) -> list[Command]:
        search = Search(table.projection, seat, rng)
        if self.iterations is not None:
            best = search.run(iterations=self.iterations)
        else:
            start = CLOCK()
            best = search.run(deadline=start + max(budget_ms, 1) * BUDGET_SHARE / 1000)
        if best is None:
            return play_turn(table, seat, rng.choice)
        for command in best:
            table.submit(seat, command)
        return list(best)


class Search:
    def __init__(self, root: Projection, seat: str, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.game = root.game
        self.evaluate = for_game(self.game)
        self.batch = lazy_batch(self.evaluate)
        self.decided = end_decider(self.evaluate)
        self.by_key = firsts_by_key(self.evaluate)
        samples = common_samples(self.evaluate)
        self.seeds = [rng.random() for _ in range(samples)] if samples else []
        self.drawn_lazy = self.batch is not None and drawn_lazy(self.evaluate)
        self.root = Node(root, drawn=self.drawn_lazy and root.last_barrier_in_tail() > 0)
        self.values: dict[str, Value] = {}  # seat -> cached own_value evaluation for candidate ordering
        self.iterations_done = 0

    # ----------------------------------------------------------------- driving
    def run(self, iterations: int | None = None, deadline: float | None = None) -> tuple[Command, ...] | None:
        root = self.root
        if root.mover != self.seat:
            return None
        if root.drawn and (self.end_values(root.p) or {}).get(self.seat) == 1.0:
            root.drawn = False  # the end that wins is listed (winning_turn)
        self.expand_candidates(root, deadline=deadline)
        if not root.candidates:
            return None
        if len(root.candidates) == 1 and not root.firsts:
            return root.candidates[0].commands
        won = self.winning_turn(root)
        if won is not None:
            return won
        while True:
            if iterations is not None and self.iterations_done >= iterations:
                break
            if deadline is not None and CLOCK() > deadline:
                break
            self.iterate(deadline)
            self.iterations_done += 1
        if not root.children:
            return root.candidates[0].commands
        return root.candidates[self.final_choice()].commands

    def final_choice(self) -> int:
        """The best-valued root child among the well-visited ones (half the most
        visits at least): robust like the most-visited child, but not a coin
        flip when the visits are close; ties go to the greedy order."""
        children = self.root.children
        most = max(c.n for c in children)
        return max((i for i, c in enumerate(children) if 2 * c.n >= most),
                   key=lambda i: (children[i].mean(self.seat), -i))

    def iterate(self, deadline: float | None) -> None:
        node = self.root
        path: list[Node | Chance] = [node]
        rest_of: str | None = None  # the seat whose turn a new outcome of a draw is in
        while True:
            if node.mover is None or (node is not self.root and self.forced_end(node) is not None):
                break
            if node.candidates is None:
                self.expand_candidates(node, deadline)
            assert node.candidates is not None
            allowed = min(len(node.candidates) + len(node.firsts), 1 + int(WIDEN * node.n ** WIDEN_POWER))
            if len(node.children) < allowed and len(node.children) == len(node.candidates):
                self.more_candidates(node, deadline)
                allowed = min(allowed, len(node.candidates))
            if len(node.children) < allowed:
                child = self.child(node, node.candidates[len(node.children)])
                node.children.append(child)
                path.append(child)
                if isinstance(child, Chance):
                    node, _ = self.draw(child)
                    path.append(node)
                    rest_of = child.seat
                else:
                    node = child
                break
            if not node.children:
                break
            chosen = self.select(node)
            path.append(chosen)
            if isinstance(chosen, Chance):
                node, fresh = self.draw(chosen)
                path.append(node)
                if fresh:
                    rest_of = chosen.seat
                    break
            else:
                node = chosen
        values = self.leaf_values(node, deadline, rest_of=rest_of)
        for visited in path:
            visited.n += 1
            for seat, v in values.items():
                visited.w[seat] = visited.w.get(seat, 0.0) + v

    # ------------------------------------------------------------------ chance
    def child(self, node: Node, candidate: Candidate) -> Node | Chance:
        """The child for one candidate turn: the position after it, or a :class:`Chance` node
        when the turn draws (its commands replayed to find the first that reveals a draw;
        a turn whose completion saw no draw is not replayed, First Class's almost never draw)."""
        assert node.mover is not None
        if not candidate.draws:  # nothing to find: every command of the turn was folded without a draw
            return Node(settle(candidate.after))
        table = LocalTable.from_projection(node.p)
        for i, command in enumerate(candidate.commands):
            if any_barrier(table.submit(node.mover, command)):
                return Chance(node.p, node.mover, candidate.commands[:i + 1])
        return Node(settle(candidate.after))

    @staticmethod
    def replay(p: Projection, chance: Chance) -> tuple[LocalTable, list[object]]:
        table = LocalTable.from_projection(p)
        drawn: list[object] = []
        for command in chance.prefix:
            drawn = [(e.type, e.payload) for e in table.submit(chance.seat, command)]
        return table, drawn

    def draw(self, chance: Chance) -> tuple[Node, bool]:
        """One draw at ``chance`` with a fresh seed: its outcome's node, and whether that node
        is new (then it is scored at once)."""
        seed = f"mcts-{self.rng.getrandbits(64):016x}"
        try:
            table, drawn = self.replay(replace(chance.p, seed=seed), chance)
        except IllegalMove:  # a game whose commands before the draw read the seed: its own draw
            table, drawn = self.replay(chance.p, chance)
        key = json.dumps(drawn, sort_keys=True, default=str)
        node = chance.outcomes.get(key)
        if node is None:
            allowed = 1 + int(CHANCE_WIDEN * chance.n ** WIDEN_POWER)
            if len(chance.outcomes) < allowed:
                node = chance.outcomes[key] = Node(settle(table.projection), drawn=True)
                chance.drawn[key] = 1
                return node, True
            keys = list(chance.drawn)
            key = self.rng.choices(keys, weights=[chance.drawn[k] for k in keys])[0]
            node = chance.outcomes[key]
        chance.drawn[key] += 1
        return node, node.n == 0

    # ------------------------------------------------------------------- ends
    def forced_end(self, node: Node) -> dict[str, float] | None:
        """The values of the end ``node``'s mover forces at once (:func:`end_decider`), or None."""
        if node.ended is False:
            node.ended = self.end_values(node.p) if node.mover is not None else None
        return node.ended  # type: ignore[return-value]

    def end_values(self, p: Projection) -> dict[str, float] | None:
        if self.decided is None:
            return None
        firsts = self.decided(p.live)  # type: ignore[operator]
        if not firsts:
            return None
        return first_place_values(firsts, p.seats)

    def winning_turn(self, root: Node) -> tuple[Command, ...] | None:
        """A root turn that ends the game with the bot alone first and draws nothing: no
        search can find better, and progressive widening may never reach it (a turn that
        ends the game is worth few expected points, so it is listed late).  Looked for only in
        games with a ``decided`` hook: elsewhere settling every root turn would cost time for
        ends those games do not offer in one turn."""
        if self.decided is None:
            return None
        for candidate in root.candidates or []:
            if candidate.draws:
                continue
            values = finished_values(settle(candidate.after))
            if values is not None and values.get(self.seat) == 1.0:
                return candidate.commands
        return None

    def order_by_ends(self, node: Node, start: int = 0) -> None:
        """Turns whose position the mover's opponent ends at once (:func:`end_decider`) last,
        turns that end the game in the mover's favour first; otherwise the greedy order.
        Only the turns from ``start`` on are reordered (a lazily listed node's new batch:
        the earlier ones may have children already)."""
        if self.decided is None or not node.candidates or start >= len(node.candidates):
            return
        mover = node.mover
        assert mover is not None

        def rank(candidate: Candidate) -> int:
            after = settle(candidate.after)
            values = finished_values(after)
            if values is None:
                values = self.end_values(after)
            if values is None:
                return 1
            return 0 if values.get(mover, 0.0) == 1.0 else 2 if values.get(mover, 0.0) == 0.0 else 1

        node.candidates[start:] = sorted(node.candidates[start:], key=rank)

    def select(self, node: Node) -> Node | Chance:
        mover = node.mover
        assert mover is not None
        log_n = math.log(max(node.n, 1))
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.n == 0:
                return child
            score = child.mean(mover) + EXPLORATION * math.sqrt(log_n / child.n)
            if score > best_score:
                best, best_score = child, score
        return best

    # ------------------------------------------------------------- expansions
    def value_for(self, seat: str) -> Value:
        if seat not in self.values:
            self.values[seat] = own_value(seat)
        return self.values[seat]

    def expand_candidates(self, node: Node, deadline: float | None) -> None:
        assert node.mover is not None
        value = self.value_for(node.mover)
        if node.drawn and not self.drawn_lazy:
            firsts = best_firsts(node.p, node.mover, value, DRAWN_FIRSTS)
            node.candidates = candidate_turns(node.p, node.mover, value, self.rng, deadline=deadline, firsts=firsts)
            self.order_by_ends(node)
            return
        if self.batch is None or (node is self.root and not node.drawn):
            listed = by_key(node.p, node.mover, distinct(node.p, node.mover, choices(node.p, node.mover))) \
                if self.by_key else None
            node.candidates = candidate_turns(node.p, node.mover, value, self.rng, deadline=deadline, firsts=listed)
            self.order_by_ends(node)
            return
        table = LocalTable.from_projection(node.p)  # lists the firsts and peeks at them
        firsts = distinct(node.p, node.mover, choices(node.p, node.mover, table))
        if self.by_key:
            firsts = by_key(node.p, node.mover, firsts)
        self.rng.shuffle(firsts)  # equal first steps in a random order
        scored = []
        for first in firsts:
            try:
                scored.append((value_after(node.p, node.mover, first, value, table), first))
            except IllegalMove:
                continue
        scored.sort(key=lambda x: -x[0])
        node.firsts = [first for _, first in scored]
        node.table = table
        node.candidates = []
        self.more_candidates(node, deadline)

    def more_candidates(self, node: Node, deadline: float | None) -> None:
        """The next ``batch`` of a lazily listed node's turns, best first among them."""
        assert node.mover is not None and node.candidates is not None
        if not node.firsts:
            return
        batch, node.firsts = node.firsts[:self.batch], node.firsts[self.batch:]
        table = node.table
        if not node.firsts:
            node.table = None  # its peeks are of no further use
        elif table is not None:  # the peeks of this batch and the next only: few nodes widen further
            table.keep_peeks(batch + node.firsts[:self.batch])
        start = len(node.candidates)
        node.candidates.extend(candidate_turns(node.p, node.mover, self.value_for(node.mover), self.rng,
                                               deadline=deadline, firsts=batch, table=table))
        self.order_by_ends(node, start)

    # ------------------------------------------------------------ leaf values
    def leaf_values(self, node: Node, deadline: float | None, rest_of: str | None = None) -> Mapping[str, float]:
        ended = self.forced_end(node) if node is not self.root else None
        if ended is not None:
            return ended
        p = node.p
        if rest_of is not None and node.mover == rest_of:
            # A new outcome of a draw in mid-turn: scored after the greedy rest of the turn,
            # like a turn without a draw, not with the drawn dice still unused.
            p = settle(complete_greedily(p, node.mover, self.value_for(node.mover), deadline=deadline,
                                         hurry=self.rng).after)
        for _ in range(ROLLOUT_TURNS):
            turn = p.whose_turn()
            if turn.over:
                break
            mover = p.turn_seat or next(iter(turn.to_move), None)
            if mover is None:
                break
            turns = candidate_turns(p, mover, self.value_for(mover), self.rng, limit=ROLLOUT_WIDTH)
            if not turns:
                break
            p = settle(turns[0].after)
        return self.outcome(p)

    def outcome(self, p: Projection) -> dict[str, float]:
        status = p.status()
        seats = p.seats
        if status.over:
            return final_values(status, seats)
        if self.seeds:
            seed = self.seeds[self.iterations_done % len(self.seeds)]
            seeded = getattr(self.game, "determinize_seeded", None)
            if seeded is not None:  # the game's own: the same state, what a seed draws kept per seed
                state = seeded(p.live, self.seat, seed)
            else:
                state = self.game.determinize(p.live, self.seat, random.Random(seed))
        else:
            state = self.game.determinize(p.live, self.seat, self.rng)
        expected = self.evaluate(self.game, state)
        result = {}
        for s in seats:
            others = max((expected.get(o, 0.0) for o in seats if o != s), default=0.0)
            margin = expected.get(s, 0.0) - others
            result[s] = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / MARGIN_SCALE))))
        return result


def best_firsts(p: Projection, seat: str, value: Value, k: int) -> list[Command]:
    """The ``k`` first commands whose position one step on is worth most to ``seat``
    (confirming counts as the position itself); the legal order breaks ties."""
    scored = []
    table = LocalTable.from_projection(p)  # lists the commands and peeks at them
    for i, command in enumerate(distinct(p, seat, choices(p, seat, table))):
        if command.type == CONFIRM:
            scored.append((value(p), -i, command))
            continue
        try:
            scored.append((value_after(p, seat, command, value, table), -i, command))
        except IllegalMove:
            continue
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [command for _, _, command in scored[:k]]


def final_values(status: Status, seats: Sequence[str]) -> dict[str, float]:
    """A finished game's value per seat: 1 for the sole winner, ``SHARED_WIN`` for each
    seat sharing first place, 0 for everybody else."""
    places = status.final_places()
    if places:
        firsts = [s for s in seats if places.get(s) == 1]
    else:  # no ranking given: the top score wins, shared when tied
        top = max(status.scores.values(), default=0)
        firsts = [s for s in seats if status.scores.get(s) == top]
    return first_place_values(firsts, seats)


def first_place_values(firsts: Collection[str], seats: Sequence[str]) -> dict[str, float]:
    """The value per seat of an end with ``firsts`` in first place: 1 for a sole winner,
    ``SHARED_WIN`` for each seat sharing first place, 0 for everybody else."""
    win = 1.0 if len(firsts) == 1 else SHARED_WIN
    return {s: (win if s in firsts else 0.0) for s in seats}
