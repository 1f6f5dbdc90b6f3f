"""The DSP commands and the rules they add to others (dispatched from :mod:`..decide`)."""

from __future__ import annotations

from typing import Any

from ..state import State
from . import ludmilla, olga, tokens, wagon

COMMANDS = {
    "PlaceOlgaWorker": olga.place_olga_worker,
    "ChooseLudmillaCard": ludmilla.choose_card,
    "TakeLudmillaPoints": ludmilla.take_points,
    "EndLudmillaTurn": ludmilla.end_turn,
    "ChooseOpenQuestionToken": tokens.choose_open_token,
    "ChooseHeadhunterEngineer": tokens.choose_headhunter_engineer,
    "ChooseQuestionToken": tokens.choose_question_token,
    "BuildQuestionFactory": tokens.build_q_factory,
    "AttachFreightWagon": wagon.attach,
    "EndFreightWagon": wagon.end,
}


def handler(state: State, seat: str, ctype: str) -> Any:
    """The DSP handler of a seat's command, or None; raises what the card round forbids."""
    ludmilla.guard(state, seat, ctype)
    if wagon.in_turn(state) and ctype == "AdvanceTrack":
        return wagon.advance
    return COMMANDS.get(ctype)
