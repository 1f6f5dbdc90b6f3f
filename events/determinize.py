"""What a bot may know: the projection as its seat sees it, hidden parts resampled.

The platform hands bots a projection whose states come from the game's
``determinize`` for that seat and whose seed is replaced by a random one, so a
bot can simulate the game (draws included) without learning the real hidden
information or the real future draws.
"""

from __future__ import annotations

import random

from events.projection import Projection, _replace


def for_seat(p: Projection, seat: str, rng: random.Random) -> Projection:
    # Every game has one (the kit's default is the state itself: nothing hidden).
    live = p.game.determinize(p.live, seat, rng)
    # The bot continues its own open turn from ``live``; it never undoes, so the
    # confirmed state it would fall back to is replaced too rather than leaked.  The
    # projection's own copy (``_replace``), not ``dataclasses.replace``: the same fields,
    # without the generated ``__init__``'s checks per field, once per bot turn (3 % of the
    # bytecodes of a random Railroad Dice game went to ``dataclasses.replace``).
    return _replace(p, live=live, confirmed=live, seed=f"bot-{rng.getrandbits(64):016x}")
