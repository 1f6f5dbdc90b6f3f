"""A hand-written evaluation of a Russian Railroads position.

The number per seat is the points it may expect at the end: points now, plus the
tableau's current value (what a round scoring gives now) times the scorings still
to come, plus a discounted share of what the tableau could grow into (tracks
beyond the locos' reach, reach beyond the tracks, black tracks that open
colours and special spaces, industry steps still open), plus end-game cards as
they would score now, the engineer majority as it stands, and the means to act
in later rounds (workers, engineers, coins).

The scoring itself is the engine's (:mod:`games.russian_railroads.scoring`):
the bot never keeps a copy of the rules, only weights on top of them.  It runs on
the bot's determinized state, so the other seats' end-game cards it counts are
guesses, never the real ones.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from games.contract import Game
from games.russian_railroads import emil, engineers, industry, scoring
from games.russian_railroads.data import BLACK, Q_FACTORY, RULES, TRANSSIB, without_boiler
from games.russian_railroads.dsp import tokens as dsp_tokens
from games.russian_railroads.dsp import wagon as dsp_wagon
from games.russian_railroads.germany import board as german_board
from games.russian_railroads.germany import scoring as german_scoring
from games.russian_railroads.state import PlayerState, State
from games.russian_railroads.usa import board as usa_board
from games.russian_railroads.usa import market as usa_market
from games.russian_railroads.usa import scoring as usa_scoring

#: The weights of the base game's terms (tuned by tournaments, see the data file and
#: ``benchmarks/tune_mcts.py --challenger greedy``): each multiplies one of :func:`base_terms`.
WEIGHTS_FILE = Path(__file__).parent / "data" / "evaluation_weights.json"
WEIGHTS: dict[str, float] = {k: float(v) for k, v in json.loads(WEIGHTS_FILE.read_text())["weights"].items()}
#: Coal module: a coal is half a coal field or foundry use; an open foundry acts every later round.
COAL = 1.2
FOUNDRY = 3.0
#: Deutschland tableau: an income marker is about a coin or a step per later round.
INCOME_MARKER = 2.5
#: Deutschland tableau: a one-time special space not reached yet (coins, steps, markers, workers),
#: per black step still missing to it (the nearer, the likelier).
SPECIAL_AHEAD = 3.0
#: USA tableau: a stock level is its dividend again in every payout to come (a step or a coin).
STOCK_LEVEL = 2.5
#: USA tableau: a coin space reached and not used yet is a coin turned into its benefit.
COIN_SPACE = 3.0
#: DSP: the industry boom, about one more industry step per later round.
INDUSTRY_BOOM = 1.5
#: DSP: a freight wagon gives 2 track steps before every scoring to come.
FREIGHT_WAGON = 3.0
#: DSP: the ?-factory not reached yet holds 2 ?-tokens; a double-sided token placed but
#: not yet exchanged is an open token to come.
Q_FACTORY_AHEAD = 4.0
OPEN_TOKEN = 6.0


def scorings_left(state: State) -> int:
    """Round scorings still to come, the current round's included."""
    if state.phase == "over" or not state.rounds:
        return 0
    return state.rounds - max(state.round, 1) + 1


def tableau_of(state: State) -> str:
    """Which tableau the seats play on: its scoring and line lengths differ."""
    if state.options.get("tableau") == "deutschland":
        return "deutschland"
    return "usa" if state.usa is not None else "base"


def base_terms(state: State, p: PlayerState, left: int) -> tuple[float, dict[str, float]]:
    """``(points now, terms)``: the points the seat holds for sure (its points, the
    end-game cards as they would score now), and the terms that :data:`WEIGHTS`
    turn into expected points.  Kept apart so that the weights can be tuned by
    tournaments and the terms checked against final scores
    (``benchmarks/fit_evaluation.py``)."""
    later = max(left - 1, 0)
    tableau_name = tableau_of(state)
    german, usa = tableau_name == "deutschland", tableau_name == "usa"
    # The tableau as a round scoring would count it now: the engine's own scoring.
    sc = german_scoring if german else usa_scoring if usa else scoring
    lengths = german_board.seat_geometry(p).lengths if german else usa_board.LENGTHS if usa else RULES.line_len
    tableau = industry.industry_score(p)
    growth = 0.0
    spare = 0
    for line in range(3):
        tableau += sc.line_score(p, line)
        values = sc.space_values(p, line)
        reach = min(p.reach(line), lengths[line])
        growth += sum(values[reach + 1:])
        extent = max(p.tr[line * 5 + c] for c in range(5))
        spare += max(0, reach - extent)
    # Black on the Transsib (München) opens the colours (2, 6, 10) and the white track (15).
    black = p.tr[TRANSSIB * 5 + BLACK]
    actions = p.extra_workers + (1 if p.black else 0) + len(p.engineers)
    free = 0
    if p.seat not in state.passed and state.phase == "actions":
        free = p.free + (1 if p.black_free else 0)
    if german or usa:
        cards = sum(row["vp"] for row in sc.end_cards_breakdown(p))
    else:
        cards = sum(scoring.end_card_points(p, card) for card in p.end_cards)
    terms = {
        # the tableau scored in every round scoring still to come (the current one included)
        "TABLEAU": left * tableau,
        # the not-yet-reachable tableau value, per later scoring
        "POTENTIAL": later * growth,
        # unused loco reach (a space a future track step scores at once), per later scoring
        "SPARE_REACH": later * spare,
        # industry steps the markers can still make, per later scoring
        "INDUSTRY_ROOM": later * industry.capacity_at(state, p),
        # black steps on the Transsib (they open colours), up to three later scorings
        "BLACK_STEP": min(later, 3) * min(black, lengths[0]) / 3,
        # one action per round (a permanent worker, an engineer), per later round
        "ACTION_PER_ROUND": actions * later,
        "COIN": p.coins,
        # a worker still unplaced this round (worth nothing once the seat passed)
        "FREE_WORKER": free,
    }
    return p.vp + cards, terms


def player_value(state: State, p: PlayerState, left: int, majority: Mapping[str, int]) -> float:
    if state.phase == "over":
        return float(p.vp)
    later = max(left - 1, 0)
    sure, terms = base_terms(state, p, left)
    value = sure + sum(WEIGHTS[name] * term for name, term in terms.items())
    tableau_name = tableau_of(state)
    if tableau_name == "deutschland":
        value += _german_extras(p, later)
    elif tableau_name == "usa":
        value += _usa_extras(state, p, later)
    if state.dsp:
        value += _dsp_extras(state, p, left, later)
    if state.coal is not None:
        from games.russian_railroads.coal import board as coal_board

        value += COAL * coal_board.coal_of(state, p.seat)
        value += FOUNDRY * len(coal_board.owned(state, p.seat)) * later
    value += majority.get(p.seat, 0)
    return value


def _dsp_extras(state: State, p: PlayerState, left: int, later: int) -> float:
    """DSP: the open ?-tokens a seat holds keep acting (boom, wagon, ?-factory)."""
    value = 0.0
    held = dsp_tokens.taken(state, p.seat)
    if "industry_boom" in held:
        value += INDUSTRY_BOOM * later
    if p.seat in dsp_wagon.wagons(state):
        value += FREIGHT_WAGON * left
    if any(without_boiler(f) == Q_FACTORY for f in p.factories) and "q_factory" not in p.claims:
        value += Q_FACTORY_AHEAD
    if state.current == p.seat and any(i.kind == "open_q" and i.n > 0 for i in state.pending):
        value += OPEN_TOKEN
    return value


def _german_extras(p: PlayerState, later: int) -> float:
    """Deutschland tableau: income markers act every round; special spaces ahead on the
    seat's lines (immediate effects, income, extra workers and marker) pull black on."""
    value = INCOME_MARKER * len(german_board.income_of(p)) * later
    if not later:
        return value
    for special in german_board.specials_of(p):
        if special.key in p.claims or special.effect["op"] in german_board.SCORING_OPS:
            continue
        missing = special.space - p.tr[special.line * 5 + special.colour]
        if missing > 0:
            value += SPECIAL_AHEAD / missing
    return value


def _usa_extras(state: State, p: PlayerState, later: int) -> float:
    """USA tableau: the share marker (dividends in later payouts, the end bonus as it
    stands), stock steps and the blasting ahead on the seat's lines, coin spaces ready."""
    level = usa_market.level_of(state, p.seat)
    value = STOCK_LEVEL * level * min(later, 2)
    ranking = usa_market.ranking(state)
    for points, seat in zip(usa_board.DATA["stock_end_bonus"], ranking, strict=False):
        if seat == p.seat:
            value += points * (0.6 if later else 1.0)
    value += COIN_SPACE * len(usa_board.coin_spaces_ready(p)) * min(1, p.coins)
    if not later:
        return value
    for spec in usa_board.STOCK_STEPS:
        if spec["key"] not in p.claims:
            missing = spec["space"] - p.tr[usa_board.LINES.index(spec["line"]) * 5]
            if missing > 0:
                value += SPECIAL_AHEAD / missing
    if not usa_board.blasted(p, "rubble_8"):
        missing = usa_board.RUBBLE_SPACE - 1 - p.tr[usa_board.RUBBLE_LINE * 5]
        value += 10 / (1 + max(0, missing))
    return value


def evaluate(game: Game, state: State, seats: Sequence[str] | None = None) -> Mapping[str, float]:
    if not state.players:
        return {}
    left = scorings_left(state)
    players = [state.players[s] for s in state.seats]
    # The solo game's Emil takes part in the majority with the engineers he collected.
    emil_row = emil.majority_entry(state)
    majority = engineers.majority(players, (emil_row,) if emil_row else ()) if state.phase != "over" else {}
    wanted = state.seats if seats is None else seats
    return {seat: player_value(state, state.players[seat], left, majority) for seat in wanted}
