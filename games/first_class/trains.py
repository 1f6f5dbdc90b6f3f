"""Trains, cars, post wagons and LOK tiles: what may be attached and upgraded.

Rules text: cars stand non-increasing from left to right (the post wagon is not a
car and is skipped), an upgrade is exactly one level (0-1-2-4-7-12), the car to
the left of the upgraded one must be at least as good as its new level (which also
makes the leftmost of equal cars go first), the first car is free.  The 5th car
brings a post wagon as 6th card, the 9th card a LOK tile as 10th; a train with a
LOK grows no more.
"""

from __future__ import annotations

from games.kit.bounded import keep

from .data import RULES
from .state import Player, Train


def cars(train: Train) -> list[tuple[int, int]]:
    """(index, level) of the cars of a train, left to right."""
    return [(i, card[1]) for i, card in enumerate(train) if card[0] == "car"]


def has_lok(train: Train) -> bool:
    for card in train:  # loops, not generators: a frame and a function per call (asked per listing)
        if card[0] == "lok":
            return True
    return False


def has_post(train: Train) -> bool:
    for card in train:
        if card[0] == "post":
            return True
    return False


def can_attach(train: Train, supply: dict[str, int]) -> bool:
    """A new 0-car fits: no LOK yet, room below 10 cards, a 0/1 card in the supply."""
    return not has_lok(train) and len(train) < RULES.lok_at_card and supply.get(RULES.kind_of_level[0], 0) > 0


def upgrade_target(train: Train, index: int, supply: dict[str, int]) -> int | None:
    """The new level if the car at ``index`` may be upgraded one step, else None: from
    the train's :func:`_upgrade_candidates` (kept per train tuple; the listing asked them
    of the same tuple), as :func:`upgrade_target_walked` finds it."""
    for i, kind in _upgrade_candidates(train):
        if i == index:
            return NEXT_LEVEL[train[i][1]] if kind is None or supply.get(kind, 0) > 0 else None
    return None


def upgrade_target_walked(train: Train, index: int, supply: dict[str, int]) -> int | None:
    """:func:`upgrade_target` by the rules text, walking the train (what the candidates
    are checked against in ``tests/first_class``)."""
    if not 0 <= index < len(train) or train[index][0] != "car":
        return None
    level = train[index][1]
    new = RULES.next_level(level)
    if new is None:
        return None
    old_kind, new_kind = RULES.kind_of_level[level], RULES.kind_of_level[new]
    if new_kind != old_kind and supply.get(new_kind, 0) <= 0:
        return None
    left = None  # the last car's level left of ``index`` (a loop: a comprehension made ``index`` a cell)
    for i, lvl in cars(train):
        if i < index:
            left = lvl
    if left is not None and left < new:
        return None
    return new


#: Per car level, the next one (None at the top) and the supply kind of the card showing it.
NEXT_LEVEL = {level: RULES.next_level(level) for level in RULES.levels}
KIND = RULES.kind_of_level


def upgradable(train: Train, supply: dict[str, int]) -> list[int]:
    """The cars :func:`upgrade_target` allows, in one pass over the train (listed for
    every sub-move the bots look at; the check per car walked the train again)."""
    out = []
    for i, kind in _upgrade_candidates(train):
        if kind is None or supply.get(kind, 0) > 0:
            out.append(i)
    return out


#: :func:`_upgrade_candidates` per train tuple, by identity (the tuple held, so its id is
#: not reused): a player's trains stay the same tuples over most sub-moves.
_CANDIDATES: dict[int, tuple[Train, tuple[tuple[int, str | None], ...]]] = {}
#: Entries kept before :data:`_CANDIDATES` starts afresh (few: what a memo holds stays
#: alive for the cyclic collector; see :data:`games.first_class.evaluation.TRAINS_ENTRIES`).
CANDIDATE_ENTRIES = 512


def _upgrade_candidates(train: Train) -> tuple[tuple[int, str | None], ...]:
    """The cars the order of the train lets be upgraded, each with the supply kind the
    upgrade needs a card of (None: the new level shows on the same kind of card)."""
    hit = _CANDIDATES.get(id(train))
    if hit is not None and hit[0] is train:
        return hit[1]
    out = []
    prev: int | None = None  # the level of the car to the left
    for i, (kind, level, _) in enumerate(train):
        if kind != "car":
            continue
        new = NEXT_LEVEL[level]
        if new is not None and (prev is None or prev >= new):
            out.append((i, None if KIND[new] == KIND[level] else KIND[new]))
        prev = level
    return keep(_CANDIDATES, id(train), (train, tuple(out)), CANDIDATE_ENTRIES)[1]


def is_ordered(train: Train) -> bool:
    """Cars non-increasing left to right (the invariant every upgrade keeps)."""
    levels = [lvl for _, lvl in cars(train)]
    return all(a >= b for a, b in zip(levels, levels[1:], strict=False))


def needs_post(train: Train) -> bool:
    return not has_post(train) and len(cars(train)) >= RULES.post_at_car


def needs_lok(train: Train) -> bool:
    return not has_lok(train) and len(train) >= RULES.lok_at_card


def first_free_car(train: Train) -> int | None:
    """Leftmost car without a celebrity under it (module B)."""
    for i, card in enumerate(train):
        if card[0] == "car" and not card[2]:
            return i
    return None


def conductor_room(player: Player, train: int) -> int:
    return len(player.trains[train]) - 1 - player.conductors[train]


def card_points(card: tuple) -> int:
    kind, value, celebrity = card
    if kind == "car":
        return value * (2 if celebrity else 1)
    if kind == "lok":
        return int(value)
    return 0


def train_points(player: Player) -> tuple[int, int]:
    """Scoring step 2: every card left of or under the conductor scores its value."""
    return tuple(sum(card_points(c) for c in train[: player.conductors[t] + 1])  # type: ignore[return-value]
                 for t, train in enumerate(player.trains))
