"""What a viewer is shown never depends on what they may not know.

The endpoint test (``test_hidden_information.py``) looks for each secret in the
form it has in the event; a view that shows a secret under another key, as a
count, a sum or a colour, would slip past it.  This test needs no idea of the
form: the game's own ``determinize(state, seat)`` redraws everything ``seat``
cannot know (others' face-down cards, deck order), and everything the
seat is shown (its view, its legal commands, its open actions, the public status)
must come out the same for the redrawn state.  The spectator, who knows less than
any seat, must not see a difference either.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from events.local import LocalTable
from games import registry
from games.contract import SPECTATOR
from tests.tables import turns

#: (game, players, random commands played, checkpoints every N commands)
CASES = [("russian_railroads", 2, 400, 25), ("russian_railroads", 4, 400, 40),
         ("first_class", 2, 400, 20), ("first_class", 4, 400, 30),
         ("railroad_dice", 2, 300, 15), ("railroad_dice", 4, 300, 25),
         ("steam", 3, 300, 30)]


def difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first place where ``a`` and ``b`` differ, as a path (None if equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key} (only in one)"
            found = difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} vs {b!r}"


def shown(game: Any, state: Any, viewer: str) -> dict[str, Any]:
    out: dict[str, Any] = {"view": game.view(state, viewer)}
    if viewer != SPECTATOR:
        out["legal"] = sorted(repr((c.type, sorted(c.args.items()))) for c in game.legal_commands(state, viewer))
        out["open"] = repr(game.open_actions(state, viewer))
    status = game.status(state)
    out["status"] = repr((status.to_move, status.pending_system, status.scores, status.over))
    return out


@pytest.mark.parametrize("game_name,players,steps,every", CASES)
def test_what_a_seat_is_shown_survives_redrawing_what_it_cannot_know(game_name, players, steps, every):
    game = registry.get(game_name)
    table = LocalTable.create(game, {}, players, seed=f"secrets-{game_name}-{players}")
    rng = random.Random(f"{game_name}{players}")
    checked = redrawn = 0
    for step, seat in turns(table, steps):
        legal = [c for c in table.legal(seat) if c.type not in {"Undo", "RequestUndo", "TakeBack", "HandToBot"}]
        if not legal:
            break
        table.submit(seat, rng.choice(legal))
        if step % every:
            continue
        state = table.projection.live
        for viewer in table.projection.seats:
            other = game.determinize(state, viewer, random.Random(step))
            redrawn += other is not state
            for who in (viewer, SPECTATOR):
                found = difference(shown(game, state, who), shown(game, other, who))
                assert found is None, f"{who} sees a difference after redrawing what {viewer} cannot know: {found}"
            checked += 1
    assert checked >= 4
    # Steam has nothing hidden once the cubes are drawn; Railroad Dice nothing at all (a player
    # who counts knows every screen: games/railroad_dice/data/visibility.json).
    if game_name not in ("steam", "railroad_dice"):
        assert redrawn, "determinize redrew nothing: the test did not exercise hidden information"


class LeakyTally:
    """The fixture game whose view shows the sum of every hand: a leak in a form (a sum,
    under a key of its own) that no event holds."""

    def __init__(self) -> None:
        self.inner = registry.get("tally")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def view(self, state: Any, viewer: str) -> dict[str, Any]:
        return {**self.inner.view(state, viewer), "all_hands": sum(sum(h) for h in state.hands.values())}


def test_the_check_finds_a_secret_shown_in_another_form():
    game = LeakyTally()
    table = LocalTable.create(registry.get("tally"), {}, 3, seed="leaky")
    rng = random.Random(1)
    for _ in range(12):
        if not table.run_system():
            seat = table.projection.turn_seat or table.status().to_move[0]
            legal = [c for c in table.legal(seat) if c.type != "Undo"]
            draw = [c for c in legal if c.type == "Draw"]  # cards in other hands: something to leak
            table.submit(seat, draw[0] if draw else rng.choice(legal))
    state = table.projection.live
    assert any(hand for seat, hand in state.hands.items() if seat != "p1")
    redrawn = [game.determinize(state, "p1", random.Random(k)) for k in range(5)]
    differences = [difference(shown(game, state, "p1"), shown(game, other, "p1")) for other in redrawn]
    assert any(d and "all_hands" in d for d in differences)
