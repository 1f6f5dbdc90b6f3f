"""The cyclic garbage collector paused while a bot searches.

A search makes hundreds of thousands of short-lived containers (states, their dicts and
tuples, projections, events), each freed by its reference count the moment the lookahead
moves on: the search makes no reference cycles for the collector to find.  CPython
still runs a young-generation collection every 700 containers made and an older one
every ten of those, and each walks every survivor, the search tree and the positions
it holds included (issue 26 profile, First Class, 4 positions x 20 iterations: 59
collections that freed nothing, a quarter of the search's CPU time).  So the collector
waits while a search runs and is switched back on when the last one in the process ends;
whatever cycles a search did leave (an exception's traceback) are found by the next
collection after it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Searches running in this process (threads may search side by side).
_searching = 0
#: Whether the collector was on when the first of them started.
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off; nested and concurrent uses share one
    pause, and the collector is on again afterwards exactly if it was before the first."""
    global _searching, _was_enabled
    with _lock:
        if _searching == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _searching += 1
    try:
        yield
    finally:
        with _lock:
            _searching -= 1
            if _searching == 0 and _was_enabled:
                gc.enable()
