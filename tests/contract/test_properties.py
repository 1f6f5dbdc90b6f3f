"""The contract of DESIGN.md section 2, checked on one random game per preset (every
registered game; every allowed Russian Railroads combination; both Steam maps in
both modes; the smallest and the largest table), the way OpenSpiel's
``random_sim_test`` checks every game:

- a random game ends, with a ranking of every seat;
- the fold of the exported log (NDJSON, as ``GET /log`` and ``stellwerk selfplay``
  write it, read back by ``stellwerk replay``'s checks) is the live state;
- every listed command is accepted, and a command that is not listed is refused with
  ``IllegalMove`` and a rule code of the game (or ``platform.``): never a crash;
- ``dump_state``/``load_state`` round-trip through JSON, and the loaded state plays
  on the same (status, listings, views);
- ``evolve`` never changes the state it is given (nor does ``decide``);
- ``determinize`` changes only what the seat cannot see: the seat's view (and its
  listing) is the same for every redraw.

The games are played once per session (``play.played``) and shared by the tests.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from events import commands as platform
from events.logfile import check_and_fold, read_lines
from events.projection import PLATFORM_ONLY_EVENTS, fold
from games.contract import PLATFORM_COMMANDS, SPECTATOR, SYSTEM, Command, IllegalMove
from service.api.history import ndjson

from .play import Played, acting_seat, key, played
from .presets import PRESETS
from .probes import CODE_PREFIX, probes

pytestmark = pytest.mark.parametrize("preset", PRESETS, ids=str)

#: Listed commands decided per position (Steam lists hundreds of track builds).
LISTED_PER_POSITION = 40
UNLISTED_PER_POSITION = 30
#: Of the game's hand-written wrong commands (``probes.py``), per position.
PROBES_PER_POSITION = 40


def canon(value: Any) -> Any:
    """JSON's view of a value (tuples and lists alike, keys as strings)."""
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def dump(game: Any, state: Any) -> Any:
    return canon(game.dump_state(state))


# -- a random game ends -----------------------------------------------------------------------

def test_a_random_game_ends_with_every_seat_ranked(preset):
    table = played(preset).table
    status = table.status()
    seats = list(table.projection.seats)
    assert status.over, f"{preset} stopped at seq {table.projection.seq}: {status}"
    assert len(seats) == preset.players
    assert sorted(status.ranking) == sorted(seats)
    assert set(status.scores) == set(seats)
    places = status.final_places()
    assert set(places) == set(seats) and min(places.values()) == 1 and max(places.values()) <= len(seats)
    assert acting_seat(table.projection) is None and not table.legal(seats[0])


def test_every_event_is_described_in_german_and_english(preset):
    game = played(preset).game
    for env in played(preset).table.log:
        if env.type in PLATFORM_ONLY_EVENTS:  # the platform's own lines (Undone, ...)
            continue
        description = game.describe(env.event)
        for lang in ("de", "en"):
            assert description.key in game.messages[lang], (lang, env.type, description.key)


# -- the fold of the exported log -----------------------------------------------------------

def test_the_fold_of_the_exported_log_is_the_live_state(preset):
    table = played(preset).table
    game = table.game
    lines = ndjson(table.log).splitlines()
    replayed = check_and_fold(read_lines(lines))
    assert replayed.seq == table.projection.seq == len(lines)
    assert dump(game, replayed.live) == dump(game, table.state)
    assert dump(game, replayed.confirmed) == dump(game, table.projection.confirmed)
    assert replayed.status() == table.status()


def test_the_fold_of_every_prefix_of_the_log_is_the_position_then(preset):
    """A replay stopped anywhere (the replay slider, a snapshot) is the game at that seq."""
    game = played(preset).game
    log = played(preset).table.log
    for position in played(preset).positions()[::3]:
        again = fold(game, log[: position.seq])
        assert dump(game, again.live) == dump(game, position.live), position.seq


# -- listed commands accepted, unlisted refused ----------------------------------------------

def mutations(command: Command, rng: random.Random) -> list[Command]:
    """The command with one argument made nonsense (a number out of range, an unknown name)."""
    out = []
    for name, value in command.args.items():
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            junk: list[Any] = [10**6, -1, "nope", None, 1.5, [], {}]
        elif isinstance(value, str):
            junk = ["nope", 10**6, None, [], {}]
        elif isinstance(value, list):
            junk = [["nope"], "nope", None, {}, [None]]
        else:
            continue
        out.append(Command(command.type, command.seat, {**command.args, name: rng.choice(junk)}))
    return out


def events_of(p: Any, command: Command) -> list[tuple[str, str, bool]]:
    return [(e.type, json.dumps(e.payload, sort_keys=True, default=str), e.barrier)
            for e in platform.decide(p, command, random.Random(0))]


def assert_refused(game_name: str, p: Any, command: Command, legal: list[Command] = ()) -> str | None:
    """``command`` is refused with a rule code of the game, or it is a listed command
    in other words: the same events as one of the listing (Steam lists a track build
    with its cost, which ``decide`` does not read)."""
    prefix = CODE_PREFIX.get(game_name, game_name)
    try:
        accepted = events_of(p, command)
    except IllegalMove as exc:
        code = exc.code
        assert code != "platform.invalid_command", f"{command} crashed the game's decide: {exc}"
        assert re.fullmatch(rf"({re.escape(prefix)}|platform)(\.[a-z0-9_]+)+", code), (code, command)
        assert exc.message, command
        return code
    same = [c for c in legal if c.type == command.type and c.seat == command.seat and events_of(p, c) == accepted]
    assert same, f"{command} is not listed but accepted (at seq {p.seq})"
    return None


def check_listing(played_game: Played, p: Any, rng: random.Random) -> int:
    game = played_game.game
    seat = acting_seat(p)
    if seat is None:
        return 0
    before = dump(game, p.live)
    if seat == SYSTEM:
        for name in p.status().pending_system:
            platform.decide(p, Command(name, SYSTEM, {}), random.Random(0))
        return 0
    legal = platform.legal_commands(p, seat)
    listed = {key(c) for c in legal}
    for command in rng.sample(legal, min(LISTED_PER_POSITION, len(legal))):
        events = platform.decide(p, command, random.Random(0))  # must not raise
        if command.type not in PLATFORM_COMMANDS:
            state = p.live
            for event in events:
                state = game.evolve(state, event)
    assert dump(game, p.live) == before, "deciding changed the state it was decided on"
    game_commands = [c for c in legal if c.type not in PLATFORM_COMMANDS]
    candidates = [Command(c.type, seat, c.args) for c in played_game.seen.values()]
    for command in rng.sample(game_commands, min(10, len(game_commands))):
        candidates += mutations(command, rng)
    unlisted = [c for c in candidates if key(c) not in listed]
    unlisted = rng.sample(unlisted, min(UNLISTED_PER_POSITION, len(unlisted)))
    wrong = [c for c in probes(played_game.preset.game, seat) if key(c) not in listed]
    unlisted += rng.sample(wrong, min(PROBES_PER_POSITION, len(wrong)))
    for command in unlisted:
        assert_refused(played_game.preset.game, p, command, legal)
    # Seats that are not to move list nothing of the game and may send none of the mover's commands.
    status = p.status()
    for other in p.seats:
        if other in status.to_move or other == p.turn_seat:
            continue
        assert not [c for c in platform.legal_commands(p, other) if c.type not in PLATFORM_COMMANDS], other
        for command in rng.sample(game_commands, min(3, len(game_commands))):
            assert_refused(played_game.preset.game, p, Command(command.type, other, command.args))
    return len(unlisted)


def test_listed_commands_are_accepted_and_unlisted_ones_refused_with_a_rule_code(preset):
    played_game = played(preset)
    rng = random.Random(preset.seed)
    tried = sum(check_listing(played_game, p, rng) for p in played_game.positions())
    assert tried, "no unlisted command was tried"


# -- dump/load ----------------------------------------------------------------------------------

def test_dump_and_load_round_trip_through_json_and_play_on_the_same(preset):
    game = played(preset).game
    for i, p in enumerate(played(preset).positions()):
        # As the store keeps a snapshot: JSON, keys in their order (see ``EventStore.save_snapshot``).
        data = json.loads(json.dumps(game.dump_state(p.live), default=str))
        loaded = game.load_state(data)
        assert dump(game, loaded) == dump(game, p.live), p.seq
        assert game.status(loaded) == game.status(p.live), p.seq
        for seat in p.status().to_move:
            assert game.legal_commands(loaded, seat) == game.legal_commands(p.live, seat), (p.seq, seat)
        for viewer in (*p.seats, SPECTATOR) if i % 3 == 0 else ():  # views are the slow part
            assert canon(game.view(loaded, viewer)) == canon(game.view(p.live, viewer)), (p.seq, viewer)


# -- evolve is pure ---------------------------------------------------------------------------

class Watching:
    """The game, with an ``evolve`` that checks it leaves its input as it was, and
    keeps states with their dumps to check later that no later fold changed them.

    Checked: the first ``FIRST`` events of each type (a handler that changes its input
    does so the first time) and every ``EVERY``-th event (the branches taken later)."""

    FIRST, EVERY = 3, 4

    def __init__(self, game: Any) -> None:
        self._game = game
        self.seen: dict[str, int] = {}
        self.calls = 0
        self.history: list[tuple[Any, str]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def _frozen(self, state: Any) -> str:
        return json.dumps(self._game.dump_state(state), sort_keys=True, default=str)

    def evolve(self, state: Any, event: Any) -> Any:
        self.calls += 1
        self.seen[event.type] = self.seen.get(event.type, 0) + 1
        if self.seen[event.type] > self.FIRST and self.calls % self.EVERY:
            return self._game.evolve(state, event)
        before = self._frozen(state)
        after = self._game.evolve(state, event)
        assert self._frozen(state) == before, f"evolve changed its input state folding {event.type}"
        self.history.append((state, before))
        return after


def test_evolve_never_changes_the_state_it_is_given(preset):
    game = played(preset).game
    table = played(preset).table
    watching = Watching(game)
    folded = fold(watching, table.log)  # type: ignore[arg-type]
    assert dump(game, folded.live) == dump(game, table.state)
    # ... nor does a later fold change an earlier state (a list shared by two states).
    for state, before in watching.history[:: max(1, len(watching.history) // 50)]:
        assert watching._frozen(state) == before


# -- determinize ------------------------------------------------------------------------------

def test_determinize_changes_only_what_the_seat_cannot_see(preset):
    """While the game runs (bots search then); a finished game: ``test_recorded_games.py``."""
    game = played(preset).game
    for p in [p for p in played(preset).positions() if not p.status().over][::4]:
        state = p.live
        before = dump(game, state)
        status = game.status(state)
        for seat in p.seats:
            view = canon(game.view(state, seat))
            listing = game.legal_commands(state, seat)
            for redraw in range(3):
                guess = game.determinize(state, seat, random.Random(redraw))
                assert canon(game.view(guess, seat)) == view, (p.seq, seat, redraw)
                assert game.legal_commands(guess, seat) == listing, (p.seq, seat, redraw)
                guessed = game.status(guess)
                assert (guessed.phase, guessed.round, guessed.to_move) == (status.phase, status.round,
                                                                           status.to_move)
        assert dump(game, state) == before, "determinize changed the state it was given"
