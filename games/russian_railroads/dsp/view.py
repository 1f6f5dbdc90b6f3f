"""What the view shows of DSP: the engineers' printed numbers and names, the open
?-tokens beside the board, the tokens each player put on its ?-fields, the freight
wagons and Ludmilla's card round (all public)."""

from __future__ import annotations

from typing import Any

from ..context import _line_names
from ..data import RULES
from ..state import State
from .ludmilla import cards_left, round_of
from .tokens import BUILT, open_tokens, taken
from .wagon import wagons


def extend(view: dict[str, Any], state: State) -> None:
    names = _line_names(state) or tuple(RULES.lines)
    board = view.get("board")
    if board is not None:
        board["engineer_names"] = {str(n): {"printed": info.get("printed", n), "name": info["name"]}
                                   for n, info in sorted(RULES.engineers.items()) if info.get("set") == "dsp"}
    lud = round_of(state)
    view["dsp"] = {
        "open_tokens": [{"token": t, "built": t in BUILT} for t in open_tokens(state)],
        "tokens": {seat: taken(state, seat) for seat in state.seats},
        "wagons": {seat: names[line] for seat, line in wagons(state).items()},
        "ludmilla": None if not lud else {"by": lud["by"], "stage": lud["stage"], "queue": list(lud["queue"]),
                                          "cards": cards_left(state)},
    }
