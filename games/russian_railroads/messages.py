"""The German and English log lines for every event and open action.

``describe`` turns an event into a key and flat parameters; the templates fill
them with ``str.format``.  Secret parameters (the end-game card taken) are never
put into the description, so a log line cannot leak what the payload hides.
"""

from __future__ import annotations

from typing import Any

from games.contract import Description, Event

from . import names
from .data import RULES, SPECIAL9

EVENTS_EN = {
    "GameCreated": "Russian Railroads for {players} players begins.",
    "TurnOrderDealt": "Turn order cards dealt: {order}.",
    "EngineersDealt": "Engineers laid out: {strip}.",
    "EndGameDeckPrepared": "End-game cards shuffled; 2 removed unseen, {count} in the stack.",
    "StartBonusDraftBegan": "Start bonus draft: {queue} choose in this order.",
    "StartBonusChosen": "{seat} takes the start bonus {card}.",
    "WorkersPlaced": "{seat} places {workers} worker(s) and {coins} coin(s) on {space}.",
    "Passed": "{seat} passes and scores {points} points.",
    "ActionsGained": "{seat} gains: {items}.",
    "TrackAdvanced": "{seat} moves the {colour} track on {line} to space {to}.",
    "TracksUnlocked": "{seat} takes the {colour} tracks.",
    "SpecialSpaceReached": "{seat} reaches the special space {key}.",
    "WorkerGained": "{seat} gains an additional worker.",
    "PointsScored": "{seat} scores {points} points ({reason}).",
    "CoinsTaken": "{seat} takes {coins} coin(s).",
    "TempWorkersTaken": "{seat} takes the {workers} temporary workers.",
    "DoublerPlaced": "{seat} places a doubler on the Transsib.",
    "IndustryAdvanced": "{seat} moves industry marker {marker} to field {to}.",
    "LocoBuilt": "{seat} builds locomotive {number} on {line}{replaced}.",
    "LocoPlaced": "{seat} places locomotive {number} on {line}{replaced}.",
    "LocoDiscarded": "{seat} turns locomotive {number} into a factory in the display.",
    "FactoryBuilt": "{seat} builds factory {number} in gap {slot}.",
    "EngineerHired": "{seat} takes engineer {number}.",
    "QuestionTokenTaken": "{seat} places the ?-token {token} on {space}.",
    "SecondMarkerPlaced": "{seat} places the second industry marker.",
    "QuestionCardTaken": "{seat} takes the ?-card {card}.",
    "EndCardsSearched": "{seat} looks through the end-game stack ({count} cards).",
    "EndCardTaken": "{seat} takes an end-game card face down.",
    "SpaceReused": "{seat} uses {space} again.",
    "TurnConfirmed": "{seat} ends the turn.",
    "TurnOrderResolved": "New turn order: {order}.",
    "WorkerRelocated": "{seat} relocates a worker from {from_} to {to}.",
    "RelocationSkipped": "{seat} does not relocate the worker.",
    "RoundScored": "Round {round} scored: {scores}.",
    "RoundBegan": "Round {round} begins.",
    "GameFinished": "Game over. Final scores: {totals}.",
    "Undone": "Moves of the open turn taken back.",
    "UndoRequested": "An undo was requested.",
    "UndoAccepted": "The undo request was accepted.",
    "UndoDeclined": "The undo request was declined.",
    "Reverted": "The game was taken back to an earlier turn.",
}

EVENTS_DE = {
    "GameCreated": "Russian Railroads mit {players} Spielern beginnt.",
    "TurnOrderDealt": "Reihenfolgekarten verteilt: {order}.",
    "EngineersDealt": "Ingenieure ausgelegt: {strip}.",
    "EndGameDeckPrepared": "Spielende-Karten gemischt; 2 unbesehen entfernt, {count} im Stapel.",
    "StartBonusDraftBegan": "Startbonus-Auswahl: {queue} wählen in dieser Reihenfolge.",
    "StartBonusChosen": "{seat} nimmt den Startbonus {card}.",
    "WorkersPlaced": "{seat} setzt {workers} Arbeiter und {coins} Münze(n) auf {space}.",
    "Passed": "{seat} passt und erhält {points} Punkte.",
    "ActionsGained": "{seat} erhält: {items}.",
    "TrackAdvanced": "{seat} zieht das Gleis ({colour}) auf {line} auf Feld {to}.",
    "TracksUnlocked": "{seat} nimmt sich die Gleise ({colour}).",
    "SpecialSpaceReached": "{seat} erreicht das besondere Feld {key}.",
    "WorkerGained": "{seat} erhält einen zusätzlichen Arbeiter.",
    "PointsScored": "{seat} erhält {points} Punkte ({reason}).",
    "CoinsTaken": "{seat} nimmt {coins} Münze(n).",
    "TempWorkersTaken": "{seat} nimmt die {workers} Leiharbeiter.",
    "DoublerPlaced": "{seat} legt einen Verdoppler an die Transsib.",
    "IndustryAdvanced": "{seat} zieht Industriemarker {marker} auf Feld {to}.",
    "LocoBuilt": "{seat} baut Lok {number} an {line}{replaced}.",
    "LocoPlaced": "{seat} legt Lok {number} an {line}{replaced}.",
    "LocoDiscarded": "{seat} legt Lok {number} als Fabrik in die Auslage.",
    "FactoryBuilt": "{seat} baut Fabrik {number} in Lücke {slot}.",
    "EngineerHired": "{seat} nimmt Ingenieur {number}.",
    "QuestionTokenTaken": "{seat} legt das ?-Plättchen {token} auf {space}.",
    "SecondMarkerPlaced": "{seat} stellt den 2. Industriemarker ein.",
    "QuestionCardTaken": "{seat} nimmt die ?-Karte {card}.",
    "EndCardsSearched": "{seat} sieht sich den Stapel der Spielende-Karten durch ({count} Karten).",
    "EndCardTaken": "{seat} nimmt verdeckt eine Spielende-Karte.",
    "SpaceReused": "{seat} nutzt {space} erneut.",
    "TurnConfirmed": "{seat} beendet den Zug.",
    "TurnOrderResolved": "Neue Spielerreihenfolge: {order}.",
    "WorkerRelocated": "{seat} versetzt einen Arbeiter von {from_} nach {to}.",
    "RelocationSkipped": "{seat} versetzt den Arbeiter nicht.",
    "RoundScored": "Wertung der Runde {round}: {scores}.",
    "RoundBegan": "Runde {round} beginnt.",
    "GameFinished": "Spielende. Endstand: {totals}.",
    "Undone": "Züge des offenen Zuges zurückgenommen.",
    "UndoRequested": "Eine Rücknahme wurde beantragt.",
    "UndoAccepted": "Die Rücknahme wurde angenommen.",
    "UndoDeclined": "Die Rücknahme wurde abgelehnt.",
    "Reverted": "Das Spiel wurde auf einen früheren Zug zurückgesetzt.",
}

OPEN_EN = {
    "rr.open.place_or_pass": "Place workers on an action space or pass",
    "rr.open.start_bonus": "Choose a start bonus card",
    "rr.open.relocate": "You may relocate your worker from {from}",
    "rr.open.steps": "{n} step(s) with track ({what})",
    "rr.open.industry": "{n} industry step(s)",
    "rr.open.doublers": "{n} doubler(s) on the Transsib",
    "rr.open.loco": "Build a locomotive",
    "rr.open.factory": "Build a factory",
    "rr.open.loco_or_factory": "Build a locomotive or a factory",
    "rr.open.place_loco": "Place the exchanged locomotive",
    "rr.open.q_token": "Choose a ?-token",
    "rr.open.q_card": "Choose a ?-card",
    "rr.open.end_card": "Choose an end-game card",
    "rr.open.end_card_or_vp": "Choose an end-game card or take 10 points",
    "rr.open.reuse": "Use an action space again",
    "rr.open.repeat_one": "Repeat one: doubler, industry step or black step",
}

OPEN_DE = {
    "rr.open.place_or_pass": "Arbeiter auf ein Aktionsfeld setzen oder passen",
    "rr.open.start_bonus": "Eine Startbonuskarte wählen",
    "rr.open.relocate": "Du darfst deinen Arbeiter von {from} versetzen",
    "rr.open.steps": "{n} Schritt(e) mit Gleis ({what})",
    "rr.open.industry": "{n} Schritt(e) mit dem Industriemarker",
    "rr.open.doublers": "{n} Verdoppler an die Transsib",
    "rr.open.loco": "Eine Lokomotive bauen",
    "rr.open.factory": "Eine Fabrik bauen",
    "rr.open.loco_or_factory": "Eine Lokomotive oder eine Fabrik bauen",
    "rr.open.place_loco": "Die ausgetauschte Lokomotive anlegen",
    "rr.open.q_token": "Ein ?-Plättchen wählen",
    "rr.open.q_card": "Eine ?-Karte wählen",
    "rr.open.end_card": "Eine Spielende-Karte wählen",
    "rr.open.end_card_or_vp": "Eine Spielende-Karte wählen oder 10 Punkte nehmen",
    "rr.open.reuse": "Ein Aktionsfeld nochmals nutzen",
    "rr.open.repeat_one": "Eine Aktion wiederholen: Verdoppler, Industrieschritt oder schwarzer Schritt",
}

MESSAGES = {
    "en": {**{f"rr.event.{k}": v for k, v in EVENTS_EN.items()}, **OPEN_EN},
    "de": {**{f"rr.event.{k}": v for k, v in EVENTS_DE.items()}, **OPEN_DE},
}


def _name(value: Any, names: tuple[str, ...]) -> Any:
    return names[value] if isinstance(value, int) and 0 <= value < len(names) else value


def describe(event: Event) -> Description:
    payload = event.payload
    params: dict[str, Any] = {k: v for k, v in payload.items() if not k.startswith("_")}
    if "line" in params:
        params["line"] = names.line(_name(params["line"], RULES.lines))
    if "colour" in params:
        params["colour"] = names.colour(_name(params["colour"], RULES.colours))
    for key in ("space", "to", "key", "source", "reason"):
        if key in params:
            params[key] = names.thing(params[key])
    if event.type == "StartBonusChosen":
        params["card"] = names.of("start_bonus", params.get("card"))
    if event.type == "QuestionCardTaken":
        params["card"] = names.of("q_cards", params.get("card"))
    if event.type == "QuestionTokenTaken":
        params["token"] = names.of("q_tokens", params.get("token"))
    if "number" in params and params["number"] == SPECIAL9:
        params["number"] = 9
    if event.type in ("LocoBuilt", "LocoPlaced"):
        params["replaced"] = f" (replacing {payload['replaced']})" if payload.get("replaced") else ""
    if event.type == "GameCreated":
        params["players"] = len(payload.get("seats", ()))
    if event.type == "WorkerRelocated":
        params["from_"] = names.thing(payload.get("from"))
    if event.type == "ActionsGained":
        params["items"] = names.items(payload.get("items", ()))
    if event.type == "RoundScored":
        params["scores"] = ", ".join(f"{s} {row['total']}" for s, row in payload.get("scores", {}).items())
    if event.type == "GameFinished":
        params["totals"] = ", ".join(f"{s} {row['total']}" for s, row in payload.get("final", {}).items())
    for key in ("order", "queue", "strip"):
        if isinstance(params.get(key), list):
            params[key] = ", ".join(str(x) for x in params[key])
    return Description(f"rr.event.{event.type}", params)
