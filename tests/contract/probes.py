"""Commands no listing would ever hold, per game: the "unlisted" commands a random game
cannot produce from its own listings (a space that does not exist, a bid below zero,
a foundry number out of range).  Each must be refused with the game's rule code
wherever it is not listed.  The contract suite adds them to the commands seen in
the game's listings and to mutated listed commands.

They were the hand-written "universes" and "WRONG" lists of the per-game property
tests; a game without an entry here is probed with seen and mutated commands only.
"""

from __future__ import annotations

from collections.abc import Callable

from games.contract import Command

#: The first part of the rule codes of each game's ``IllegalMove`` (and ``platform.``).
CODE_PREFIX = {
    "russian_railroads": "rr",
    "steam": "steam",
    "first_class": "fc",
    "railroad_dice": "rd",
    "tally": "tally",
}


def _russian_railroads(seat: str) -> list[Command]:
    from games.russian_railroads.data import RULES

    spaces = list(RULES.space_order) + [f"engineer_{n}" for n in range(1, 16)] + ["no_such_space", "coal_mine"]
    cmds: list[Command] = []
    for space in spaces:
        cmds.append(Command("PlaceWorkers", seat, {"space": space, "coins": 0, "black": False}))
        cmds.append(Command("PlaceWorkers", seat, {"space": space, "coins": 3, "black": True}))
        cmds.append(Command("Relocate", seat, {"space": space}))
        cmds.append(Command("ReuseSpace", seat, {"space": space}))
    for line in (*RULES.lines, "nowhere"):
        for colour in RULES.colours:
            cmds.append(Command("AdvanceTrack", seat, {"line": line, "colour": colour}))
        for number in (1, 5, 9):
            cmds.append(Command("BuildLoco", seat, {"line": line, "replace": 0, "number": number}))
            cmds.append(Command("PlaceLoco", seat, {"line": line, "replace": 9, "number": number}))
    for source in ("stack", "display", "pocket"):
        for number in (1, 9):
            cmds.append(Command("BuildFactory", seat, {"source": source, "number": number, "slot": 0}))
    cmds += [Command("ChooseQuestionToken", seat, {"token": t}) for t in (*RULES.q_tokens, "nope")]
    cmds += [Command("ChooseQuestionCard", seat, {"card": c}) for c in (*RULES.q_cards, "nope")]
    cmds += [Command("ChooseEndCard", seat, {"card": c}) for c in (*RULES.end_cards, "nope")]
    cmds += [Command("ChooseStartBonus", seat, {"card": c}) for c in (*RULES.start_bonus, "nope")]
    cmds += [Command(t, seat, {}) for t in ("Pass", "PlaceDoubler", "SearchEndCards", "TakePoints",
                                             "SkipRelocation", "DiscardLoco", "ScoreRound", "ResolveTurnOrder")]
    cmds += [Command("AdvanceIndustry", seat, {"marker": m}) for m in (1, 2, 3)]
    # coal module
    cmds += [Command("UseCoalField", seat, {"field": f}) for f in ("coal_mine", "foundry_buy", "boiler", "x")]
    cmds += [Command(t, seat, {"foundry": f}) for f in (0, 7, 13) for t in ("TakeFoundry", "UseFoundry",
                                                                           "CloseFoundry")]
    cmds += [Command("AttachBoiler", seat, {"target": "factory", "slot": s}) for s in (-1, 0, 5)]
    cmds += [Command("AttachBoiler", seat, {"target": "loco", "line": "transsib", "number": n}) for n in (1, 1002)]
    cmds += [Command("SpendCoal", seat, {}), Command("BuildCoalFactory", seat, {"slot": 0}),
             Command("ReuseWithFoundry", seat, {"space": "black_2w"})]
    cmds += [Command("UseQuestionCard", seat, {"card": "nope"}), Command("UseFoundry", seat, {"foundry": 99})]
    # DSP
    cmds += [Command("PlaceOlgaWorker", seat, {"space": f"engineer_{n}"}) for n in (1, 3, 8, 104, 107, 114, 999)]
    cmds += [Command("ChooseLudmillaCard", seat, {"card": c}) for c in ("coin", "doubler", "black_step", "x")]
    cmds += [Command(t, seat, {}) for t in ("TakeLudmillaPoints", "EndLudmillaTurn", "EndFreightWagon")]
    cmds += [Command("ChooseOpenQuestionToken", seat, {"token": t})
             for t in ("headhunter", "industry_boom", "mixed_6", "q_factory", "freight_wagon", "track_4")]
    cmds += [Command("ChooseQuestionToken", seat, {"token": "double_q"})]
    cmds += [Command("ChooseHeadhunterEngineer", seat, {"number": n}) for n in (1, 4, 104, 107, 111, 114, 200)]
    cmds += [Command("BuildQuestionFactory", seat, {"slot": s}) for s in (-1, 0, 1, 4)]
    cmds += [Command("AttachFreightWagon", seat, {"line": line}) for line in ("transsib", "kiev", "muenchen")]
    # new engineers and ?-items
    cmds += [Command("UseOwnFactory", seat, {"slot": s}) for s in (-1, 0, 1, 2, 4, 9)]
    cmds += [Command("PlaceWorkers", seat, {"space": s, "coins": 0, "black": False})
             for s in ("engineer_305", "engineer_306", "engineer_315", "engineer_390")]
    # the Deutschland tableau
    from games.russian_railroads.germany import board as germany

    for line in germany.LINES:
        cmds += [Command("AdvanceTrack", seat, {"line": line, "colour": c}) for c in RULES.colours]
        cmds += [Command("BuildLoco", seat, {"line": line, "replace": 0, "number": n}) for n in (1, 5)]
    cmds += [Command("ChooseBranch", seat, {"arm": a}) for a in (*germany.ARMS, "paris")]
    cmds += [Command("ChooseExtension", seat, {"tile": t}) for t in germany.TILES]
    cmds += [Command(t, seat, {"marker": m}) for m in germany.INCOME for t in ("TakeIncomeMarker", "UseIncomeMarker")]
    # the USA tableau
    from games.russian_railroads.usa import board as usa

    for line in usa.LINES:
        cmds += [Command("AdvanceTrack", seat, {"line": line, "colour": c}) for c in RULES.colours]
    cmds += [Command("AdvanceIndustry", seat, {"marker": 0})]
    cmds += [Command("PlaceDoubler", seat, {"line": line}) for line in (*usa.LINES, "kiev")]
    cmds += [Command("UseCoinSpace", seat, {"space": k}) for k in (*usa.COIN_SPACES, "transsib_3")]
    cmds += [Command("ChooseDividend", seat, {"tile": t}) for t in (*usa.TILES, "gold")]
    cmds += [Command("BuildSteelMill", seat, {"slot": s}) for s in range(-1, 6)]
    cmds += [Command("BoxSteelMill", seat, {}), Command("DeclinePayout", seat, {})]
    cmds += [Command("ChooseQuestionToken", seat, {"token": "second_industry_marker"})]
    cmds += [Command("BuildFactory", seat, {"source": "stack", "number": 99, "slot": s}) for s in range(0, 5)]
    return cmds


def _steam(seat: str) -> list[Command]:
    return [
        Command("BuildTrack", seat, {"hex": "99,99", "face": "21", "rot": 0}),
        Command("BuildTrack", seat, {"hex": "0,0", "face": "21", "rot": 0}),
        Command("BuildTrack", seat, {"hex": "0,1", "face": "99", "rot": 0}),
        Command("ChooseAction", seat, {"tile": 8}),
        Command("Bid", seat, {"amount": -1}),
        Command("Bid", seat, {"amount": 10**5}),
        Command("RaiseCapital", seat, {"steps": 99}),
        Command("DeliverGoods", seat, {"from": "0,0", "colour": "red", "links": ["nope"], "take": "vp"}),
        Command("ChooseReward", seat, {"take": "both"}),
        Command("PlaceNewCity", seat, {"hex": "0,0", "colour": "pink", "group": 0}),
        Command("RaiseLocomotive", seat, {}),
        Command("SkipBid", seat, {}),
        Command("Fly", seat, {}),
    ]


def _railroad_dice(seat: str) -> list[Command]:
    return [
        Command("PlaceTrack", seat, {"end": "A", "via": 1, "exit": 1}),
        Command("BuyShare", seat, {"company": "nope"}),
        Command("Roll", seat, {"screen": 99}),
        Command("ReturnDie", seat, {"face": "share"}),
    ]


def _first_class(seat: str) -> list[Command]:
    from games.first_class.data import RULES

    cmds = [Command("TakeCard", seat, {"card": c, "mode": m}) for c in RULES.cards for m in ("actions", "upgrade")]
    cmds += [Command(t, seat, {}) for t in ("TakeStartTile", "MoveLoco", "DeclineCard", "SkipEffect", "ScoreTrains")]
    for t in (0, 1, 2):
        cmds.append(Command("AttachCar", seat, {"train": t}))
        cmds.append(Command("PlaceCelebrity", seat, {"train": t}))
        cmds += [Command("UpgradeCar", seat, {"train": t, "index": i}) for i in (0, 3, 9)]
        cmds += [Command("MoveConductor", seat, {"train": t, "steps": s}) for s in range(1, 5)]
    cmds += [Command("AttachPost", seat, {"post": p}) for p in RULES.post_wagons]
    for card in RULES.end_cards:
        cmds += [Command(t, seat, {"card": card}) for t in ("TakeEndCard", "BuyEndCard", "DraftEndCard")]
    cmds += [Command("PlacePostcard", seat, {"route": r}) for r in RULES.routes]
    cmds += [Command("SpendCoin", seat, {"field": f, "use": u}) for f in (0, 1, 7, 12, 13) for u in ("action", "vp")]
    cmds += [Command("FulfilContract", seat, {"card": c}) for c, card in RULES.cards.items() if card.contract]
    cmds += [Command("ClaimRouteBonus", seat, {"city": c}) for c in (0, 7, 15, 16)]
    return cmds


def _tally(seat: str) -> list[Command]:
    return [Command("Add", seat, {"n": n}) for n in (0, 4, -1)]


PROBES: dict[str, Callable[[str], list[Command]]] = {
    "russian_railroads": _russian_railroads,
    "steam": _steam,
    "railroad_dice": _railroad_dice,
    "first_class": _first_class,
    "tally": _tally,
}


def probes(game: str, seat: str) -> list[Command]:
    return [*PROBES.get(game, lambda _seat: [])(seat), Command("NoSuchCommand", seat, {})]
