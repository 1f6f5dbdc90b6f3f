"""Shares and directors (rules text, "AKTIEN KAUFEN" and "Vergabe der Direktorenposten")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.contract import IllegalMove

from .data import COMPANIES, RULES
from .state import State


def sold_out(state: State) -> int:
    return sum(1 for n in state.bank_shares.values() if n == 0)


def may_buy_from_directors(state: State) -> bool:
    """Once 2/3/4 companies (for 2/3/4 players) are sold out at the bank."""
    return sold_out(state) >= RULES["sold_out_companies_to_buy_from_directors"][str(len(state.seats))]


def check_purchase(state: State, seat: str, company: Any, seller: Any) -> None:
    if not isinstance(company, str) or company not in COMPANIES:
        raise IllegalMove("rd.share.company", f"company must be one of {list(COMPANIES)}")
    if seller is not None and not isinstance(seller, str):
        raise IllegalMove("rd.share.seller", "seller must be 'bank' or a seat")
    if seller in (None, "bank"):
        if state.bank_shares[company] <= 0:
            raise IllegalMove("rd.share.bank_empty", "the bank has no share of this company left")
        return
    if not may_buy_from_directors(state):
        raise IllegalMove("rd.share.not_yet", "shares are bought from players only once enough companies "
                          "are sold out at the bank")
    director = state.directors.get(company)
    if seller != director:
        raise IllegalMove("rd.share.only_director", "shares are bought only from the company's current director")
    if seller == seat:
        raise IllegalMove("rd.share.own", "a director cannot buy his own company's shares from others")
    if state.shares[seller][company] <= 0:
        raise IllegalMove("rd.share.none", "the director holds no share of this company")


def new_directors(state: State) -> dict[str, str | None]:
    """Simple majority; a tie keeps the incumbent, else goes to the tied seat closest
    clockwise after the incumbent (first year: from the start player, inclusive - STAND-IN)."""
    seats = state.seats
    out: dict[str, str | None] = {}
    for company in COMPANIES:
        held: Mapping[str, int] = {s: state.shares[s][company] for s in seats}
        best = max(held.values())
        incumbent = state.directors.get(company)
        if best == 0:
            out[company] = None
            continue
        tied = [s for s in seats if held[s] == best]
        if incumbent in tied:
            out[company] = incumbent
            continue
        if incumbent is not None:
            first = (seats.index(incumbent) + 1) % len(seats)
        else:
            first = state.start
        order = [seats[(first + i) % len(seats)] for i in range(len(seats))]
        out[company] = next(s for s in order if s in tied)
    return out
