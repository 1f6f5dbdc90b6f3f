"""Turn order: the base game's set-up auction, tiles deciding later rounds, the expert
auction with the Turn Order tile's skip and its payments."""

from __future__ import annotations

import pytest

from games.contract import IllegalMove
from games.steam import auctions

from .helpers import confirm, position, run, table


def test_setup_auction_winner_raises_the_money_and_the_last_position_is_free():
    t = table(3, "auction")
    s = t.state
    starter = s.current
    ring = s.auction["remaining"]
    assert ring[0] == starter
    with pytest.raises(IllegalMove) as err:      # the opener names the first bid
        run(s, starter, "PassBid")
    assert err.value.code == "steam.auction.open"
    s = confirm(run(s, ring[0], "Bid", amount=7), ring[0])
    s = confirm(run(s, ring[1], "PassBid"), ring[1])
    s = confirm(run(s, ring[2], "PassBid"), ring[2])
    # Michael's example: a $7 bid lowers income two spaces and pays $3 change
    assert (s.income[ring[0]], s.money[ring[0]]) == (-2, 3)
    assert s.phase == "auction_setup" and s.auction["placed"] == [ring[0]]
    opener = s.current
    assert opener == ring[1]                     # the player left of the winner opens the next one
    s = confirm(run(s, opener, "Bid", amount=0), opener)
    other = s.current
    s = confirm(run(s, other, "PassBid"), other)
    assert s.phase == "actions" and s.round == 1
    assert s.order == [ring[0], opener, other]
    assert s.money[other] == 0 and s.income[other] == 0  # the last place is free


def test_later_turn_order_follows_the_action_tile_numbers():
    s = position(3, phase="income", money=30)
    s.tiles = {"p1": 6, "p2": 1, "p3": 3}
    s = run(s, "system", "SettleIncome")
    assert s.order == ["p2", "p3", "p1"] and s.round == 2


def test_expert_bids_are_limited_to_cash_and_the_skip_to_the_tile_holder():
    s = position(3, phase="auction", money=4, mode="expert")
    s.auction = auctions.open_expert(s.order, holder="p2")
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "Bid", amount=5)
    assert err.value.code == "steam.auction.cash"
    with pytest.raises(IllegalMove) as err:
        run(s, "p1", "SkipBid")
    assert err.value.code == "steam.auction.skip"


def test_expert_setup_draws_the_order_from_the_action_tiles_and_starts_with_capital():
    t = table(4, "expert-setup", mode="expert")
    s = t.state
    assert s.phase == "capital" and s.round == 1
    drawn = next(e for e in t.log if e.type == "OrderDrawn")
    assert drawn.barrier
    tiles = drawn.payload["tiles"]
    assert s.order == sorted(s.seats, key=lambda x: tiles[x])


def test_first_game_start_gives_1_2_3_dollars_to_the_later_players():
    t = table(4, "first-game", start="random")
    s = t.state
    assert [s.money[x] for x in s.order] == [0, 1, 2, 3]


@pytest.mark.parametrize("players,rounds", [(3, 10), (4, 8), (5, 7)])
def test_the_game_lasts_10_8_or_7_rounds(players, rounds):
    """"In einer Partie mit fünf Spielern verläuft das Spiel über sieben Runden, mit vier Spielern
    über acht Runden und mit drei Spielern über 10 Runden." """
    assert table(players, f"rounds-{players}").state.last_round == rounds


def test_expert_auction_never_asks_the_high_bidder_to_outbid_themselves():
    """"Wenn ein Spieler mit dem Bieten an die Reihe kommt, muss er das aktuelle Gebot des
    vorhergehenden Spielers erhöhen oder passen ... Wenn alle Spieler bis auf den Letzten gepasst
    haben, legt dieser seine Markierungsscheibe auf den ersten Platz der Reihenfolgeskala."
    Issue 24's case: 3 players, p2 holds Turn Order; p1 bids $1, p2 skips, p3 passes.  The turn
    goes to p2 (not back to the high bidder p1); when p2 passes, p1 is first and pays $1, p2
    second (bid nothing, pays nothing), p3 last."""
    s = position(3, phase="auction", money=5, mode="expert")
    s.auction = auctions.open_expert(s.order, holder="p2")
    s.current = "p1"
    s = confirm(run(s, "p1", "Bid", amount=1), "p1")
    s = confirm(run(s, "p2", "SkipBid"), "p2")
    s = confirm(run(s, "p3", "PassBid"), "p3")
    assert s.current == "p2"
    from games.steam import GAME
    assert not GAME.legal_commands(s, "p1")
    with pytest.raises(IllegalMove):
        run(s, "p1", "PassBid")
    s = confirm(run(s, "p2", "PassBid"), "p2")
    assert s.phase == "actions"
    assert s.order == ["p1", "p2", "p3"]
    assert s.money == {"p1": 4, "p2": 5, "p3": 5}


def test_expert_auction_a_raise_sends_the_turn_on_past_the_new_high_bidder():
    """After a raise the next seat still in the auction answers; once everybody else has
    passed the auction ends at once, the high bidder is not asked again."""
    s = position(3, phase="auction", money=5, mode="expert")
    s.auction = auctions.open_expert(s.order, holder=None)
    s.current = "p1"
    s = confirm(run(s, "p1", "Bid", amount=0), "p1")
    s = confirm(run(s, "p2", "Bid", amount=2), "p2")
    s = confirm(run(s, "p3", "PassBid"), "p3")
    assert s.current == "p1"
    s = confirm(run(s, "p1", "PassBid"), "p1")
    assert s.phase == "actions" and s.order == ["p2", "p1", "p3"]
    assert s.money == {"p1": 5, "p2": 3, "p3": 5}
