"""Engine caches: the contract rule, and a memo that keeps it.

A state is a value: once ``evolve`` has returned it, nobody changes it.  Facts
derived from a state (Steam's track network, Railroad Dice's open tile sides) are
expensive and asked for many times per position by the bots, so engines cache
them.  The rule for such a cache:

1. It never lives on the caller's state as an undeclared attribute
   (``state.__dict__["_network"] = ...``): a copy would carry it stale, a snapshot
   or ``dump`` could pick it up, and a state changed in place (a test, a
   determinization) would read facts of the old position.
2. It lives either in a :class:`Memo` keyed by the state's identity (the entry
   dies with the state), or as a declared dataclass field with
   ``metadata={"cache": True}`` that the state's copy functions leave out (so a
   copy starts empty) and :mod:`games.kit.codec` never dumps nor loads.
3. Only states that nobody changes any more may be memoised: those made by
   ``evolve`` (:func:`sealed`), not a working copy a rule is still changing.

Russian Railroads keeps its caches (``_after``: the states ``decide`` folded its
events into; ``_placements``, ``_steps``, ``_builds``: what the listing checked;
``_status``) as declared fields of its state dataclass with ``metadata={"cache":
True}``: its clone starts without them and its dump leaves them out.  They are
written on the very state asked about (listing, ``decide``, status), which ``evolve``
never changes again; a test or a determinization that edits a state by hand after
asking calls ``State.touch`` to forget them.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import partial
from typing import Any, Generic, TypeVar

S = TypeVar("S")
V = TypeVar("V")

#: Identities of states made by ``evolve`` and never changed again (weakly held).
_sealed: dict[int, weakref.ref[Any]] = {}


def _forget_sealed(key: int, _: Any) -> None:
    """The weak reference's callback, as a ``partial`` of the key: a closure per sealed
    state made a cell, a frame and a function (every fold of every engine seals one)."""
    _sealed.pop(key, None)


def seal(state: S) -> S:
    """Mark ``state`` as final (``evolve`` calls this on the state it returns)."""
    key = id(state)
    _sealed[key] = _ref(state, partial(_forget_sealed, key))
    return state


_ref = weakref.ref


def sealed(state: Any) -> bool:
    ref = _sealed.get(id(state))
    return ref is not None and ref() is state


class Memo(Generic[S, V]):
    """``compute(state)`` once per sealed state, keyed by identity; unsealed states
    (working copies) are computed afresh every time."""

    __slots__ = ("compute", "_values", "__weakref__")

    def __init__(self, compute: Callable[[S], V]) -> None:
        self.compute = compute
        self._values: dict[int, tuple[weakref.ref[Any], V]] = {}

    def __call__(self, state: S) -> V:
        key = id(state)
        hit = self._values.get(key)
        if hit is not None and hit[0]() is state:
            return hit[1]
        value = self.compute(state)
        if sealed(state):
            values = self._values

            def forget(_: Any, key: int = key) -> None:
                values.pop(key, None)
            self._values[key] = (weakref.ref(state, forget), value)
        return value
