"""The solo game against Emil (German Railroads): his rules in :mod:`.rules`, his
view in :mod:`.view`, the plug-in in :mod:`.plugin`."""

from .rules import CARDS, EMIL_SEAT, card_target, majority_entry, round_deck, to_move

__all__ = ["CARDS", "EMIL_SEAT", "card_target", "majority_entry", "round_deck", "to_move"]
