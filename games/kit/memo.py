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

A state that declares a cache field named ``memos`` (Railroad Dice's) keeps the values of
every :class:`Memo` there: :func:`seal` sets it to an empty dict (None marks a working
copy), the values die with the state, and no weak reference or callback is made per state
and memo.  Other states are sealed in a weak registry and memoised in the memo's own
table, keyed by identity.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import fields, is_dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")
V = TypeVar("V")

#: Identities of states made by ``evolve`` and never changed again (weakly held).
_sealed: dict[int, weakref.ref[Any]] = {}
#: Entries :data:`_sealed` may hold before the dead ones are dropped (then twice the
#: live ones, at least this many).
SEALED_ENTRIES = 50_000
_limit = SEALED_ENTRIES


class _Declared(dict[type, bool]):
    """Per state type: whether it declares a dataclass field ``memos`` with
    ``metadata={"cache": True}``, found out at the type's first lookup (``_OWN[cls]``:
    one subscript where :func:`seal`, :func:`sealed` and every memo call ask, not a call)."""

    def __missing__(self, cls: type) -> bool:
        own = self[cls] = is_dataclass(cls) and any(f.name == "memos" and f.metadata.get("cache")
                                                    for f in fields(cls))
        return own


_OWN = _Declared()


def seal(state: S) -> S:
    """Mark ``state`` as final (``evolve`` calls this on the state it returns): a state
    that declares ``memos`` gets an empty one, any other is entered in the registry.

    The weak reference has no callback: a callback per sealed state (a closure, then a
    partial) was one more object for the cyclic collector per fold of every engine, and
    a call when the state died; a dead entry answers no :func:`sealed` (its reference
    gives None, and a new object with the same id replaces it here), and the dead ones are
    dropped in one sweep when the registry has grown to :data:`_limit`."""
    global _limit
    if _OWN[type(state)]:
        state.memos = {}  # type: ignore[attr-defined]
        return state
    _sealed[id(state)] = _ref(state)
    if len(_sealed) >= _limit:
        for key, ref in list(_sealed.items()):
            if ref() is None:
                del _sealed[key]
        _limit = max(SEALED_ENTRIES, 2 * len(_sealed))
    return state


_ref = weakref.ref


def sealed(state: Any) -> bool:
    if _OWN[type(state)]:
        return state.memos is not None  # type: ignore[no-any-return]
    ref = _sealed.get(id(state))
    return ref is not None and ref() is state


class Memo(Generic[S, V]):
    """``compute(state)`` once per sealed state, keyed by identity (in the state's own
    ``memos`` if it declares them); unsealed states (working copies) are computed afresh
    every time.

    ``kept(event)``, if given, says whether an event leaves the value as it was:
    :func:`hand_on` then hands it on to the state ``evolve`` folds that event into (for
    states that declare ``memos``)."""

    __slots__ = ("compute", "kept", "_values", "__weakref__")

    def __init__(self, compute: Callable[[S], V], kept: Callable[[Any], bool] | None = None) -> None:
        self.compute = compute
        self.kept = kept
        self._values: dict[int, tuple[weakref.ref[Any], V]] = {}
        if kept is not None:
            _HANDED_ON.append(self)

    def get(self, state: S) -> V:
        """The value for ``state``.  Call it as a method (``memo.get(state)``), not as
        ``memo(state)``: Python 3.11 specialises a method call of a Python function (the
        frame is pushed in line), where calling the memo object goes through the type's
        ``__call__`` slot, looked up and called the long way every time (the memos of a
        random Railroad Dice game are asked some 35,000 times in 10 games)."""
        if _OWN[type(state)]:
            return self.own(state)
        return self._weakly(state)

    #: ``memo(state)`` still works (the same function), the slower way.
    __call__ = get

    def own(self, state: S) -> V:
        """:meth:`get` for a state whose type declares ``memos`` (Railroad Dice's), without
        asking the type: a game whose every state keeps its memos calls this on its hot
        paths (a fold, a listing, a status per sub-move).  Any other state: use :meth:`get`."""
        memos = state.memos  # type: ignore[attr-defined]
        if memos is None:
            return self.compute(state)
        value = memos.get(self, _MISSING)
        if value is _MISSING:
            value = memos[self] = self.compute(state)
        return value  # type: ignore[no-any-return]

    def _weakly(self, state: S) -> V:
        """:meth:`get` for a state that does not declare ``memos``: its value in this
        memo's own table, keyed by identity, dropped with the state."""
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


_MISSING: Any = object()
#: The memos whose value an event may leave as it was (``Memo(kept=...)``).
_HANDED_ON: list[Memo[Any, Any]] = []


def hand_on(before: Any, after: Any, event: Any) -> None:
    """The values of ``before``'s memos that ``event`` leaves as they were, memoised for
    ``after`` (sealed) too; for states that declare ``memos`` (others: nothing)."""
    if not _OWN[type(before)]:
        return
    memos = before.memos
    if not memos:
        return
    handed = after.memos
    assert handed is not None
    # memos declared one after another with the same ``kept`` (a status and the turn taken
    # from it) ask it once per event: this runs for every event a game folds
    last_kept: Callable[[Any], bool] | None = None
    keeps = False
    for memo in _HANDED_ON:
        value = memos.get(memo, _MISSING)
        if value is not _MISSING:
            kept = memo.kept
            if kept is not last_kept:
                last_kept, keeps = kept, kept(event)  # type: ignore[misc]
            if keeps:
                handed[memo] = value
