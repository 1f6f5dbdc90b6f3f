"""Issue 9 item 2: no peek at a secret followed by an undo.

Audit of every event of Russian Railroads: may the seat that caused it (or anybody)
see something after it that it could not see before?  An event after which the
mover may see something new is an undo barrier (``Event.barrier``): the platform
refuses ``Undo`` and ``RequestUndo`` to any seq before it.

==================== ======= ==========================================================
event                barrier why
==================== ======= ==========================================================
GameCreated          no      options and seats; the seed is under ``_secret._nobody``
TurnOrderDealt       yes     a shuffle (set-up, system: nothing can be undone to before)
EngineersDealt       yes     a shuffle; the strip lies face up for everybody
EndGameDeckPrepared  yes     a shuffle; 2 cards removed unseen, 8 face down: no viewer
                             sees the cards (``_nobody``), all see the count
StartBonusDraftBegan no      follows from the turn order
StartBonusChosen     no      the 4 cards lie face up
WorkersPlaced        no      public board
Passed               no      public
ActionsGained        no      what a space, engineer, factory, token or card gives is printed
TrackAdvanced        no      public tableau
TracksUnlocked       no      public
SpecialSpaceReached  no      printed on the tableau
WorkerGained         no      public
PointsScored         no      public (factory 9's 10 points are taken without a look)
CoinsTaken           no      public
TempWorkersTaken     no      public
DoublerPlaced        no      public
IndustryAdvanced     no      public
LocoBuilt            no      the loco stacks lie open
LocoPlaced           no      public
LocoDiscarded        no      public
FactoryBuilt         no      stacks and display lie open
EngineerHired        no      the engineer lay face up (hire field or beside the ?-card)
QuestionTokenTaken   no      the tokens are open; it only *opens* an end-card choice
SecondMarkerPlaced   no      public
QuestionCardTaken    no      the 5 ?-cards lie face up
EndCardsSearched     YES     the seat looks through the end-game stack (rules: "sieht sich
                             den Stapel mit den Spielende-Karten durch"): it sees the
                             remaining cards (sorted, never their order) and so, by
                             complement, the 2 removed unseen; only it, under ``_secret``
EndCardTaken         YES     a card chosen face down (DESIGN.md section 4)
SpaceReused          no      public
TurnConfirmed        no      platform
TurnOrderResolved    no      follows from the turn-order spaces (system)
WorkerRelocated      no      public
RelocationSkipped    no      public
RoundScored          no      follows from the tableaus (system)
RoundBegan           no      the strip slides; every engineer lay open from the start
GameFinished         yes     everybody's end-game cards are turned up (system, game over)
EmilDeckShuffled     no      solo: the cards Emil plays with this round (public set; the
                             order is never stored, each draw is made when it happens)
EmilCardRevealed     YES     solo: a card of Emil's face-down stack is turned up (system)
EmilPassed           no      follows from Emil's cards and workers (system)
EmilWorkerGained     no      follows from the player's points (system)
EmilTookEngineer     no      the engineer on the hire field lay open
EmilTookTile         no      the stacks and the display lie open
GermanTableauPrepared no     Deutschland: the always-used ?-token and ?-card (printed)
BranchChosen         no      Deutschland: the seat's choice at the switch (public tableau)
ExtensionLaid        no      Deutschland: all 18 extension tiles lie face up
IncomeMarkerTaken    no      Deutschland: the income markers lie face up
IncomeMarkerUsed     no      Deutschland: printed effect, public
ExtraMarkerPlaced    no      Deutschland: public
RevaluationTileTaken no      Deutschland: the ?-card lay face up
CoalPrepared         YES     coal: the foundries are shuffled and 2 turned face up (set-up)
CoalTaken            no      coal: public supply
CoalSpent            no      coal: public
CoalFieldUsed        no      coal: public board
FoundryTaken         no      coal: the foundry lay face up
FoundryRevealed      YES     coal: a face-down foundry is turned up (new to everybody)
BoilerDrawn          no      coal: the top foundry shows only its boiler side; which one it
                             was stays under ``_secret._nobody``
BoilerAttached       no      coal: public tableau
FoundryUsed          no      coal: printed effect, public
FoundryClosed        no      coal: public
CoalFactoryBuilt     no      coal: the ?-card lay face up
DspTokensLaidOut     YES     DSP: players+1 of the 5 open ?-tokens drawn at random (set-up)
OpenQuestionTokenTaken no    DSP: the open ?-tokens lie face up beside the board
HeadhunterUsed       no      DSP: the box's engineers are known (all but those in play)
QuestionFactoryBuilt no      DSP: public tableau
FreightWagonAttached no      DSP: public tableau
FreightWagonTurnBegan no     DSP: follows from the wagons (system, before the scoring)
FreightWagonIdle     no      DSP: follows from the tableau (system)
FreightWagonDone     no      DSP: public
OlgaWorkerPlaced     no      DSP: public board (another player's engineer)
LudmillaRoundBegan   no      DSP: the start bonus cards lie face up; nothing is drawn
LudmillaChosen       no      DSP: an open card (or 3 points)
LudmillaTurnEnded    no      DSP: public
UsaTableauPrepared   no      USA: printed set-up (share markers, markers at 0, three mills)
SharesRose           no      USA: follows from the public tableau
DividendTileLaid     no      USA: the dividend tiles lie face up
RubbleBlasted        no      USA: public tableau
CoinSpaceUsed        no      USA: printed benefit, public
UsaDoublerPlaced     no      USA: public tableau
SteelMillTaken       no      USA: the mills lie open beside the stacks
SteelMillBuilt       no      USA: public tableau
SteelMillBoxed       no      USA: public
PersonalPayout       no      USA: follows from the stock board
StockBonusScored     no      USA: follows from the stock board (system, game end)
GeneralPayoutBegan   no      USA: follows from the stock board (system)
GeneralPayoutDone    no      USA: public (system)
GeneralPayoutEnded   no      USA: public (system)
PayoutDeclined       no      USA: public
StartBonusCardsDrawn YES     new engineer 5: 2 of the shuffled start bonus cards drawn face down
                             (a random draw the mover sees: nothing can be undone to before)
OwnFactoryUsed       no      new engineer -10: a factory on the own tableau, public
GermanQuestionItemsAdded no  option new_q: the German ?-card lies face up (set-up)
==================== ======= ==========================================================

There are no dice; ``decide`` uses its ``rng`` only for Emil's cards in the solo game.  The
turn-order cards of set-up are dealt open.  The only secrets are the end-game stack
(order and, before a look, contents), the 2 cards removed unseen and each seat's
face-down end-game cards.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from events import commands as platform
from events.creation import creation_events, seat_ids
from events.envelope import Envelope
from events.projection import Projection, fold
from events.redaction import redact_log
from games.contract import NOBODY, PLATFORM_COMMANDS, REVIEWER, SECRET, SPECTATOR, SYSTEM, Command, IllegalMove, render
from games.russian_railroads import GAME
from games.russian_railroads.evolve import _APPLY

from .helpers import act, at_turn, decide, play_random, player

BARRIERS = {"TurnOrderDealt", "EngineersDealt", "EndGameDeckPrepared", "EndCardsSearched", "EndCardTaken",
            "GameFinished", "EmilCardRevealed", "CoalPrepared", "FoundryRevealed", "DspTokensLaidOut",
            "StartBonusCardsDrawn"}
AUDITED = {line.split()[0] for line in (__doc__ or "").split("====\n")[2].splitlines() if line[:1].isalpha()}
REFUSED = {"platform.undo_barrier", "platform.undo_range"}


def test_the_audit_table_names_every_event_of_the_game():
    assert AUDITED == set(_APPLY)
    assert BARRIERS <= AUDITED


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 7), (4, 12)])
def test_every_event_is_a_barrier_exactly_as_audited(players, seed):
    """Random games: each event's barrier flag is the audit table's."""
    _, log = play_random(players, seed)
    seen = set()
    for event in log:
        seen.add(event.type)
        assert event.barrier == (event.type in BARRIERS), event.type
    assert {"EndGameDeckPrepared", "GameFinished"} <= seen


# --- a table through the platform (fold + decide), as the server runs it -----------


class Table:
    """A game folded by the platform from its log, with the platform's own decide."""

    def __init__(self, players: int, seed: str) -> None:
        self.log: list[Envelope] = []
        self.p = Projection.empty(GAME)
        self.append(creation_events(GAME, {}, seat_ids(players), seed), SYSTEM)

    def append(self, events: list[Any], actor: str) -> None:
        envs = platform.to_envelopes(self.p, events, actor, f"c{len(self.log) + 1}", ts=len(self.log))
        self.log.extend(envs)
        log = list(self.log)
        self.p = fold(GAME, envs, self.p, rebuild=lambda seq: fold(GAME, log[:seq]))

    def send(self, seat: str, ctype: str, **args: Any) -> None:
        self.append(platform.decide(self.p, Command(ctype, seat, args), random.Random(len(self.log))), seat)

    def refused(self, seat: str, ctype: str, **args: Any) -> str:
        try:
            platform.decide(self.p, Command(ctype, seat, args), random.Random(0))
        except IllegalMove as exc:
            return exc.code
        raise AssertionError(f"{ctype} {args} by {seat} was accepted")

    def run_system(self) -> None:
        while self.p.status().pending_system:
            self.send(SYSTEM, self.p.status().pending_system[0])

    @property
    def deck_order(self) -> list[str]:
        return list(self.p.live.end_deck)


def _secret_strings(table: Table) -> list[str]:
    """The undrawn stack in its order, as it would appear in JSON (only if the order says more than a set)."""
    deck = table.deck_order
    return [json.dumps(deck)] if len(deck) >= 3 and deck != sorted(deck) else []


def _everything_seen_by(table: Table, viewer: str) -> str:
    p = table.p
    view = GAME.view(p.state_for(viewer), viewer)
    events = [env.payload for env in redact_log(p, table.log, viewer)]
    texts = [render(GAME, GAME.describe(env.event), lang) for env in redact_log(p, table.log, viewer)
             for lang in ("de", "en")]
    return json.dumps([view, events, texts])


def _assert_no_leak(table: Table) -> None:
    """No viewer sees the stack's order; only the seat looking through it sees its cards."""
    secrets = _secret_strings(table)
    seen = table.p.live.end_seen
    looker = table.p.live.current if seen is not None else None
    for viewer in (*table.p.seats, SPECTATOR):
        text = _everything_seen_by(table, viewer)
        for secret in secrets:
            assert secret not in text, (viewer, secret)
        if viewer != looker and len(table.deck_order) >= 2:
            assert json.dumps(sorted(table.deck_order)) not in text, viewer


def _to_the_end_card_choice(players: int, name: str) -> tuple[Table, str]:
    """Seeded random moves (several seeds, in order) until a seat may look through the
    end-game stack."""
    for attempt in range(20):
        table = Table(players, f"{name}-{attempt}")
        seat = _play_to_choice(table, random.Random(attempt))
        if seat is not None:
            return table, seat
    raise AssertionError("no end-card choice reached")


def _play_to_choice(table: Table, rng: random.Random) -> str | None:
    while True:
        table.run_system()
        if table.p.status().over:
            return None
        seat = table.p.turn_seat or table.p.status().to_move[0]
        legal = platform.legal_commands(table.p, seat)
        if any(c.type == "SearchEndCards" for c in legal):
            return seat
        game = [c for c in legal if c.type not in PLATFORM_COMMANDS]
        token = [c for c in game if c.type == "ChooseQuestionToken" and c.args["token"] == "end_card_and_q_card"]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        if token:
            choice = token[0]
        elif confirm and (not game or rng.random() < 0.3):
            choice = confirm[0]
        else:
            choice = rng.choice(game)
        table.send(seat, choice.type, **choice.args)


def test_question_token_reveal_is_a_barrier_and_shows_only_the_cards_looked_through():
    """The ?-token "Spielende-Karte und ?-Karte": "Dann sieht er sich den Stapel mit den
    Spielende-Karten durch und sucht sich eine davon aus." Before the look nobody sees the
    stack; the look is a barrier; afterwards only the looking seat sees its cards."""
    table, seat = _to_the_end_card_choice(2, "reveal-q")
    before = table.p.seq
    assert GAME.view(table.p.live, seat)["end_deck"] is None  # the choice is open, nothing seen yet
    _assert_no_leak(table)
    cards = sorted(table.deck_order)
    table.send(seat, "SearchEndCards")
    env = table.log[-1]
    assert env.type == "EndCardsSearched" and env.barrier
    assert env.payload[SECRET] == {seat: {"cards": cards}}
    other = next(s for s in table.p.seats if s != seat)
    for viewer in (other, SPECTATOR):
        assert GAME.redact(env.event, viewer).payload[SECRET] == {seat: {"hidden": True}}
        assert GAME.view(table.p.state_for(viewer), viewer)["end_deck"] is None
    assert GAME.view(table.p.live, seat)["end_deck"] == cards
    _assert_no_leak(table)
    # Undo to any seq before the look, and an undo request to any earlier position: refused.
    for to_seq in range(table.p.confirmed_seq, before + 1):
        assert table.refused(seat, "Undo", to_seq=to_seq) in REFUSED
    for asker in table.p.seats:
        for to_seq in range(1, before + 1):
            assert table.refused(asker, "RequestUndo", to_seq=to_seq) in REFUSED
    assert platform.undo_points(table.p) == [] or min(platform.undo_points(table.p)) >= env.seq
    # The choice, then confirm: still no way back to before the look.
    table.send(seat, "ChooseEndCard", card=cards[0])
    table.send(seat, "ConfirmTurn")
    for asker in table.p.seats:
        for to_seq in range(1, before + 1):
            assert table.refused(asker, "RequestUndo", to_seq=to_seq) == "platform.undo_range"
    _assert_no_leak(table)


def test_factory_9_reveal_is_a_barrier_and_its_points_need_no_look():
    """Factory 9: "Der Spieler sucht sich eine zusätzliche Endbonus-Karte aus oder erhält
    sofort 10 Punkte." The 10 points are taken without seeing the stack; a look is a barrier
    and then a card is taken."""
    s = at_turn(2)
    player(s).markers = [4, -1]
    player(s).factories = [9, 0, 0, 0, 0]
    s = act(s, "p1", "PlaceWorkers", space="industry_1w")
    s = act(s, "p1", "AdvanceIndustry", marker=1)
    assert [item.kind for item in s.pending][-1] == "end_card_or_vp"
    assert GAME.view(s, "p1")["end_deck"] is None
    events = decide(s, "p1", "TakePoints")
    assert not any(e.barrier for e in events)
    events = decide(s, "p1", "SearchEndCards")
    assert [e.type for e in events] == ["EndCardsSearched"] and events[0].barrier
    s = act(s, "p1", "SearchEndCards")
    assert GAME.view(s, "p1")["end_deck"] == sorted(s.end_deck)
    assert GAME.view(s, "p2")["end_deck"] is None and GAME.view(s, SPECTATOR)["end_deck"] is None


def test_setup_shuffles_are_barriers_and_hide_the_stack():
    """Set-up: "Die 10 Spielende-Karten werden verdeckt gemischt. Dann kommen 2 der Karten
    unbesehen zurück in die Schachtel." Nobody sees the stack or the removed cards."""
    table = Table(3, "reveal-setup")
    by_type = {env.type: env for env in table.log}
    for name in ("TurnOrderDealt", "EngineersDealt", "EndGameDeckPrepared"):
        assert by_type[name].barrier
    deck = by_type["EndGameDeckPrepared"].payload[SECRET][NOBODY]
    for viewer in (*table.p.seats, SPECTATOR):
        view = GAME.view(table.p.state_for(viewer), viewer)
        assert view["end_deck"] is None and "end_removed" not in view and view["end_deck_count"] == 8
        text = _everything_seen_by(table, viewer)
        assert json.dumps(deck["deck"]) not in text and json.dumps(deck["removed"]) not in text
    assert GAME.view(table.p.live, REVIEWER)["end_removed"] == deck["removed"]


@pytest.mark.parametrize("players,seed", [(2, "prop-2a"), (2, "prop-2b"), (3, "prop-3"), (4, "prop-4b")])
def test_property_reveal_then_undo_is_always_refused(players, seed):
    """Seeded random play through the platform with a player who looks through the
    stack whenever allowed: after every look, every Undo and every RequestUndo to a seq
    before it is refused, and at every step no viewer's view, log or texts hold the
    undrawn stack's order (or, except for the seat looking, its cards)."""
    table = Table(players, seed)
    rng = random.Random(seed)
    looks = 0
    while not table.p.status().over:
        table.run_system()
        if table.p.status().over:
            break
        seat = table.p.turn_seat or table.p.status().to_move[0]
        barrier = table.p.last_barrier_in_tail()
        if barrier and rng.random() < 0.5:
            to_seq = rng.randrange(table.p.confirmed_seq, barrier)
            assert table.refused(seat, "Undo", to_seq=to_seq) in REFUSED
            asker = rng.choice(table.p.seats)
            assert table.refused(asker, "RequestUndo", to_seq=rng.randrange(1, barrier)) in REFUSED
        legal = platform.legal_commands(table.p, seat)
        game = [c for c in legal if c.type not in PLATFORM_COMMANDS]
        looking = [c for c in game if c.type in ("SearchEndCards", "ChooseEndCard")
                   or c.args.get("token") == "end_card_and_q_card"]
        confirm = [c for c in legal if c.type == "ConfirmTurn"]
        undo = [c for c in legal if c.type == "Undo"]
        if looking:
            choice = looking[0]
        elif undo and rng.random() < 0.05:
            choice = rng.choice(undo)
        elif confirm and (not game or rng.random() < 0.3):
            choice = confirm[0]
        else:
            choice = rng.choice(game)
        table.send(seat, choice.type, **choice.args)
        if choice.type == "SearchEndCards":
            looks += 1
            _assert_no_leak(table)
            assert table.refused(seat, "Undo", to_seq=table.p.seq - 1) in REFUSED
        elif rng.random() < 0.02:
            _assert_no_leak(table)
    assert looks >= 1


def test_snapshots_from_before_the_new_state_fields_still_load():
    """Snapshots stored before ``end_seen`` and ``coin_only`` existed load with their defaults."""
    from games.russian_railroads.state import State

    s = at_turn()
    data = GAME.dump_state(s)
    for name in ("end_seen", "coin_only"):
        del data[name]
    loaded = State.load(json.loads(json.dumps(data)))
    assert loaded.end_seen is None and loaded.coin_only == []
    assert GAME.legal_commands(loaded, "p1") == GAME.legal_commands(s, "p1")
