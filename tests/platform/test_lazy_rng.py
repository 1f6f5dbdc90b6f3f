"""``LazyRandom`` must draw exactly what ``rng_for`` draws, whatever is drawn first:
a bot's search, a replay and the live table decide the same command with either."""

from __future__ import annotations

import random

import pytest

from games.rng import LazyRandom, rng_for

DRAWS = {
    "random": lambda r: r.random(),
    "randint": lambda r: r.randint(1, 6),
    "choice": lambda r: r.choice("abcdef"),
    "sample": lambda r: r.sample(range(50), 5),
    "getrandbits": lambda r: r.getrandbits(70),
    "gauss": lambda r: r.gauss(0, 1),
    "uniform": lambda r: r.uniform(1, 2),
    "randrange": lambda r: r.randrange(1000),
    "choices": lambda r: r.choices("abc", k=4),
    "randbytes": lambda r: r.randbytes(5),
    "shuffle": lambda r: (lambda cards: (r.shuffle(cards), cards)[1])(list(range(20))),
    "getstate": lambda r: r.getstate(),
}


@pytest.mark.parametrize("first", sorted(DRAWS))
@pytest.mark.parametrize("salt", ["", "bot:p1"])
def test_same_draws_as_rng_for_whatever_comes_first(first: str, salt: str) -> None:
    eager, lazy = rng_for("secret", 17, salt), LazyRandom("secret", 17, salt)
    assert DRAWS[first](lazy) == DRAWS[first](eager)
    for name in sorted(DRAWS) * 2:
        assert DRAWS[name](lazy) == DRAWS[name](eager), name


def test_other_seqs_and_seeds_draw_differently() -> None:
    base = LazyRandom("secret", 17).random()
    assert LazyRandom("secret", 18).random() != base
    assert LazyRandom("other", 17).random() != base


def test_is_a_random_and_reseedable() -> None:
    lazy = LazyRandom("secret", 1)
    assert isinstance(lazy, random.Random)
    lazy.seed(42)
    assert lazy.random() == random.Random(42).random()
    copy = LazyRandom("unrelated", 9)
    copy.setstate(rng_for("secret", 1).getstate())
    assert copy.random() == rng_for("secret", 1).random()
