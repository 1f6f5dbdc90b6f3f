"""The bounded cache: it never holds more than its bound, and keeps the newest entry."""

from games.kit.bounded import keep


def test_keep_stores_and_returns_the_value() -> None:
    cache: dict[str, int] = {}
    assert keep(cache, "a", 1, bound=3) == 1
    assert cache == {"a": 1}


def test_a_full_cache_is_emptied_before_the_new_entry() -> None:
    cache: dict[int, int] = {}
    for i in range(3):
        keep(cache, i, i * i, bound=3)
    assert len(cache) == 3
    keep(cache, 3, 9, bound=3)
    assert cache == {3: 9}


def test_it_never_holds_more_than_its_bound() -> None:
    cache: dict[int, int] = {}
    sizes = set()
    for i in range(50):
        keep(cache, i, i, bound=7)
        sizes.add(len(cache))
    assert max(sizes) == 7 and cache[49] == 49
