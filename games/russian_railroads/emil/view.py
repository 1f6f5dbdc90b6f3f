"""What the view shows of Emil (all public)."""

from __future__ import annotations

from typing import Any

from ..state import State
from .rules import CARDS
from .shape import emil_state


def emil_view(state: State) -> dict[str, Any]:
    """Emil in the solo game: all public (his cards left are the deck minus the face-up
    discards; only their order is unknown, and it is never stored).  The spaces he
    blocks are in ``occupied`` with ``seat: "emil"``."""
    emil = emil_state(state)
    return {
        "workers": emil.get("workers", 0), "free_workers": emil.get("free", 0),
        "extra_workers": emil.get("extra", 0), "passed": bool(emil.get("passed")),
        "to_move": bool(emil.get("due")) and state.phase == "actions",
        "deck_count": len(emil.get("deck", ())), "cards_left": sorted(emil.get("deck", ())),
        "discard": list(emil.get("discard", ())),
        "engineers": list(emil.get("engineers", ())),
        "tiles": [{"kind": kind, "number": number} for kind, number in emil.get("tiles", ())],
        "cards": {str(n): {"space": c["blocks"], "workers": c.get("workers"), "coins": c.get("coins")}
                  for n, c in sorted(CARDS.items())},
    }
