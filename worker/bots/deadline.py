"""A hard time limit around a bot's search.

Search bots watch their own budget; this is the safety net for one that does not
(or a pathological position): after the limit the worker takes the fallback
choice instead.  It uses a signal, so it only applies in a process's main thread
(Celery's prefork children and the CLI); elsewhere the call runs unlimited.

The limit counts the process's CPU time (``ITIMER_PROF``): on a busy machine a search
that shares its core gets the same work done before the net catches it, and a search
stuck in pathological work is still stopped.  A search that blocks instead of working
(it should never) is stopped by the wall clock at ``WALL_FACTOR`` times the limit.
(The budget the search watches itself counts CPU time too: ``candidates.CLOCK``.)
"""

from __future__ import annotations

# ``_signal``: the C functions under ``signal``'s wrappers.  ``signal.signal`` converts the
# handler it returns to ``signal.Handlers`` (an enum: for a function, a ``ValueError`` raised
# and caught inside ``enum``), some 5 % of a random Railroad Dice game's cycles at four calls
# per bot turn.  The same calls without the conversion; a handler is restored as returned.
import _signal
import signal
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

_SIGPROF, _SIGALRM = int(signal.SIGPROF), int(signal.SIGALRM)
_ITIMER_PROF, _ITIMER_REAL = signal.ITIMER_PROF, signal.ITIMER_REAL


#: Seconds between repeated alarms once the deadline has passed.
REPEAT = 0.25
#: The wall-clock net, as a multiple of the CPU-time limit.
WALL_FACTOR = 4.0


class DeadlineExceeded(BaseException):
    """A BaseException, like KeyboardInterrupt: the alarm may fire anywhere inside
    the search, including code that turns ordinary exceptions into refusals."""


def run_with_deadline(fn: Callable[[], T], seconds: float) -> T:
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        return fn()

    def _expired(signum, frame):  # type: ignore[no-untyped-def]
        raise DeadlineExceeded(f"no answer within {seconds:.1f}s")

    set_handler, setitimer = _signal.signal, signal.setitimer
    previous_prof = set_handler(_SIGPROF, _expired)
    previous_alrm = set_handler(_SIGALRM, _expired)
    # Fired again every REPEAT seconds until cleared: an exception raised inside a
    # garbage-collector callback (or any other place Python reports as
    # "unraisable") is swallowed, and a one-shot alarm would leave the search unlimited.
    setitimer(_ITIMER_PROF, seconds, REPEAT)
    setitimer(_ITIMER_REAL, seconds * WALL_FACTOR, REPEAT)
    try:
        return fn()
    finally:
        setitimer(_ITIMER_PROF, 0)
        setitimer(_ITIMER_REAL, 0)
        set_handler(_SIGPROF, previous_prof)
        set_handler(_SIGALRM, previous_alrm)
