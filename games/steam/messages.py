"""Log lines and move-window texts in German and English (``describe``, ``describe_command``)."""

from __future__ import annotations

from typing import Any

from games.contract import Command, Description, Event
from games.messageformat import format_message

from . import places, tiles
from .data import NAMES
from .data import TILES as TRACK_TILES

TILES = NAMES["action_tiles"]
COLOURS = NAMES["colours"]
TAKE = NAMES["rewards"]
TRACK = NAMES["track"]
GOODS = NAMES["goods"]

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "GameCreated": "Game created",
        "GoodsDrawn": "Goods cubes are drawn onto the cities and the supply spaces",
        "AuctionOpened": "The auction of the turn order begins with {seat}",
        "OrderDrawn": "Turn order drawn: {order}",
        "BidPlaced.bid": "{seat} bids ${amount}",
        "BidPlaced.pass": "{seat} passes in the auction",
        "BidPlaced.skip": "{seat} skips once (Turn Order tile)",
        "CapitalRaised": "{seat} raises ${amount}",
        "ActionTileTaken": "{seat} takes the action {tile}",
        "ActionTileTaken.pass": "{seat} takes the action {tile} and passes on it",
        "TrackBuilt": "{seat} builds {face} {place} for ${cost}",
        "TrackBuilt.upgrade": "{seat} upgrades the tile {place} to {face} for ${cost}",
        "TrackBuilt.redirect": "{seat} changes the last tile {place} to {face} for ${cost}",
        "NewCityPlaced": "{seat} places a {colour} New City on {place}",
        "CityGrowthPlaced": "{seat} puts City Growth on {place}",
        "BuildingEnded": "{seat} builds nothing",
        "GoodsDelivered": "{seat} delivers a {colour} cube from {start} to {end} over {n, plural, one {# link} other "
                          "{# links}}",
        "RewardTaken": "{seat} puts {points, plural, one {# point} other {# points}} on {take}",
        "DeliveryStarted": "{seat} picks up a {colour} cube in {start}",
        "CubeMoved": "{seat} moves the cube on by one link",
        "CubeMoved.to": "{seat} moves the cube on to {end}",
        "steam.open.hop": "Move the cube on: click the next link",
        "cmd.StartDelivery": "Pick up a {colour} cube in {start} (then click its route link by link)",
        "cmd.MoveCube": "Move the cube on to {end}",
        "cmd.MoveCube.take": "Move the cube on to {end} and deliver it, points to {take}",
        "LocomotiveRaised": "{seat} raises the locomotive to {level}",
        "MovePassed": "{seat} passes",
        "BuildingClosed": "Build phase over: incomplete links not extended lose their owner",
        "IncomeSettled": "Income and expenses of round {round}",
        "RoundStarted": "Round {round} begins",
        "GameEnded": "Game over",
        "GameEnded.rounds": "Game over: {winner} wins with {points, plural, one {# victory point} other "
                            "{# victory points}}",
        "GameEnded.rounds_bankrupt": "Game over: {winner} wins with {points, plural, one {# victory point} other "
                                     "{# victory points}}. Bankrupt players rank after everybody still in the game, "
                                     "a later bankruptcy above an earlier one; who went bankrupt in the same round "
                                     "shares a place",
        "GameEnded.one_left": "Game over: everybody else went bankrupt, so {winner} is the only player left and wins "
                              "with {points, plural, one {# victory point} other {# victory points}} (the game ends "
                              "when at most one player is left)",
        "GameEnded.all_bankrupt": "Game over: everybody went bankrupt, nobody wins. Who went bankrupt last shares the "
                                  "first place of the table",
        "TurnConfirmed": "{seat} ends the turn",
        "steam.open.build": "Build {n, plural, one {one more tile} other {up to # more tiles}}: click a hex",
        "steam.open.connect": "Join the second track of your tile {place} to a city or your own track: your next "
                              "tile must do it before the turn can end",
        "steam.open.urbanize": "Place the New City on a town",
        "steam.open.growth": "Place City Growth on a city",
        "steam.open.bid": "Bid or pass",
        "steam.open.capital": "Raise capital (or $0)",
        "steam.open.tile": "Choose an action tile",
        "steam.open.move": "Deliver a cube, raise the locomotive or pass",
        "steam.open.reward": "Put your delivery points on income or victory points",
        "cmd.Bid": "Bid ${amount}",
        "cmd.PassBid": "Pass in the auction",
        "cmd.SkipBid": "Skip once (Turn Order tile)",
        "cmd.RaiseCapital": "Raise ${amount}",
        "cmd.ChooseAction": "Take the action {tile}",
        "cmd.ChooseAction.pass": "Take the action {tile} and pass on it",
        "cmd.BuildTrack": "Build {face} ({tracks}) {place} for ${cost}",
        "cmd.BuildTrack.bare": "Build {face} ({tracks})",
        "cmd.BuildTrack.upgrade": "Upgrade the tile {place} to {face} ({tracks}) for ${cost}",
        "cmd.BuildTrack.redirect": "Change the last tile {place} to {face} ({tracks}) for ${cost}",
        "cmd.PlaceNewCity": "Place a {colour} New City on {place} {goods}",
        "cmd.PlaceCityGrowth": "City Growth on {place} {goods}",
        "cmd.EndBuild": "Build nothing",
        "cmd.DeliverGoods": "Deliver a {colour} cube from {start} to {end} over {n, plural, one {# link} other "
                            "{# links}}, points to {take}",
        "cmd.RaiseLocomotive": "Raise the locomotive",
        "cmd.PassMove": "Pass",
        "cmd.ChooseReward": "Points to {take}",
    },
    "de": {
        "GameCreated": "Spiel angelegt",
        "GoodsDrawn": "Warensteine werden auf die Großstädte und den Warennachschub gezogen",
        "AuctionOpened": "Die Versteigerung der Spielerreihenfolge beginnt mit {seat}",
        "OrderDrawn": "Spielerreihenfolge ausgelost: {order}",
        "BidPlaced.bid": "{seat} bietet ${amount}",
        "BidPlaced.pass": "{seat} passt bei der Versteigerung",
        "BidPlaced.skip": "{seat} verzichtet einmal aufs Bieten (Spielerreihenfolge)",
        "CapitalRaised": "{seat} nimmt ${amount} Kapital auf",
        "ActionTileTaken": "{seat} wählt die Aktion {tile}",
        "ActionTileTaken.pass": "{seat} wählt die Aktion {tile} und passt",
        "TrackBuilt": "{seat} baut {face} {place} für ${cost}",
        "TrackBuilt.upgrade": "{seat} wertet das Plättchen {place} für ${cost} auf, jetzt: {face}",
        "TrackBuilt.redirect": "{seat} ändert das letzte Plättchen {place} für ${cost}, jetzt: {face}",
        "NewCityPlaced": "{seat} legt eine Neue Großstadt ({colour}) auf {place}",
        "CityGrowthPlaced": "{seat} legt Warennachschub auf {place}",
        "BuildingEnded": "{seat} baut nichts",
        "GoodsDelivered": "{seat} liefert einen {colour, select, lila {lila} other {{colour}en}} Warenstein von "
                          "{start} nach {end} über {n, plural, one {# Verbindung} other {# Verbindungen}}",
        "RewardTaken": "{seat} setzt {points, plural, one {# Punkt} other {# Punkte}} auf {take}",
        "DeliveryStarted": "{seat} nimmt einen {colour, select, lila {lila} other {{colour}en}} Warenstein in {start}",
        "CubeMoved": "{seat} bewegt den Warenstein eine Verbindung weiter",
        "CubeMoved.to": "{seat} bewegt den Warenstein weiter nach {end}",
        "steam.open.hop": "Den Warenstein weiterbewegen: nächste Verbindung anklicken",
        "cmd.StartDelivery": ("{colour, select, lila {lila} other {{colour}en}} Warenstein in {start} nehmen "
                              "(dann seine Route Verbindung für Verbindung anklicken)"),
        "cmd.MoveCube": "Warenstein weiter nach {end} bewegen",
        "cmd.MoveCube.take": "Warenstein weiter nach {end} bewegen und abliefern, Punkte auf {take}",
        "LocomotiveRaised": "{seat} erhöht die Lokomotive auf {level}",
        "MovePassed": "{seat} passt",
        "BuildingClosed": "Bauphase beendet: nicht verlängerte unvollständige Verbindungen werden herrenlos",
        "IncomeSettled": "Einkommen und Ausgaben der Runde {round}",
        "RoundStarted": "Runde {round} beginnt",
        "GameEnded": "Spielende",
        "GameEnded.rounds": "Spielende: {winner} gewinnt mit {points, plural, one {# Siegpunkt} other {# Siegpunkten}}",
        "GameEnded.rounds_bankrupt": "Spielende: {winner} gewinnt mit {points, plural, one {# Siegpunkt} other "
                                     "{# Siegpunkten}}. Bankrotte Spieler stehen hinter allen, die noch im Spiel "
                                     "sind, ein späterer Bankrott vor einem früheren; wer in derselben Runde bankrott "
                                     "ging, teilt sich den Platz",
        "GameEnded.one_left": "Spielende: alle anderen sind bankrott, {winner} ist als Einziger übrig und gewinnt mit "
                              "{points, plural, one {# Siegpunkt} other {# Siegpunkten}} (das Spiel endet, sobald "
                              "höchstens ein Spieler übrig ist)",
        "GameEnded.all_bankrupt": "Spielende: alle sind bankrott, niemand gewinnt. Wer zuletzt bankrott ging, teilt "
                                  "sich den ersten Platz der Tabelle",
        "TurnConfirmed": "{seat} beendet den Zug",
        "steam.open.build": "{n, plural, one {Noch ein Streckenplättchen} other {Noch bis zu # Streckenplättchen}} "
                            "bauen: Feld anklicken",
        "steam.open.connect": "Das zweite Gleis deines Plättchens {place} an eine Großstadt oder deine Strecke "
                              "anschließen: dein nächstes Plättchen muss das tun, bevor der Zug enden kann",
        "steam.open.urbanize": "Neue Großstadt auf eine Stadt legen",
        "steam.open.growth": "Warennachschub auf eine Großstadt legen",
        "steam.open.bid": "Bieten oder passen",
        "steam.open.capital": "Kapital aufnehmen (oder $0)",
        "steam.open.tile": "Ein Aktionsplättchen wählen",
        "steam.open.move": "Warenstein liefern, Lokomotive erhöhen oder passen",
        "steam.open.reward": "Lieferpunkte auf Einkommen oder Siegpunkte setzen",
        "cmd.Bid": "${amount} bieten",
        "cmd.PassBid": "Bei der Versteigerung passen",
        "cmd.SkipBid": "Einmal aufs Bieten verzichten (Spielerreihenfolge)",
        "cmd.RaiseCapital": "${amount} Kapital aufnehmen",
        "cmd.ChooseAction": "Aktion {tile} wählen",
        "cmd.ChooseAction.pass": "Aktion {tile} wählen und passen",
        "cmd.BuildTrack": "Plättchen {place} für ${cost} bauen: {face} ({tracks})",
        "cmd.BuildTrack.bare": "Plättchen bauen: {face} ({tracks})",
        "cmd.BuildTrack.upgrade": "Plättchen {place} für ${cost} aufwerten, dann: {face} ({tracks})",
        "cmd.BuildTrack.redirect": "Letztes Plättchen {place} für ${cost} ändern, dann: {face} ({tracks})",
        "cmd.PlaceNewCity": "Neue Großstadt ({colour}) auf {place} legen, {goods}",
        "cmd.PlaceCityGrowth": "Warennachschub auf {place} legen, {goods}",
        "cmd.EndBuild": "Nichts bauen",
        "cmd.DeliverGoods": "{colour, select, lila {lila} other {{colour}en}} Warenstein von {start} nach {end} über "
                            "{n, plural, one {# Verbindung} other {# Verbindungen}} liefern, Punkte auf {take}",
        "cmd.RaiseLocomotive": "Lokomotive erhöhen",
        "cmd.PassMove": "Passen",
        "cmd.ChooseReward": "Punkte auf {take}",
    },
}


def _params(p: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: v for k, v in p.items() if isinstance(v, (str, int)) and not isinstance(v, bool)}
    if "tile" in p:
        out["tile"] = TILES.get(str(p["tile"]), str(p["tile"]))
    if "face" in p:
        out["face"] = face_name(str(p["face"]))
        if isinstance(p.get("rot"), int):
            out["tracks"] = track_words(str(p["face"]), p["rot"])
    if "colour" in p and p["colour"] in COLOURS:
        out["colour"] = COLOURS[p["colour"]]
    if "take" in p and p["take"] in TAKE:
        out["take"] = TAKE[p["take"]]
    if isinstance(p.get("place"), dict):
        out["place"] = places.phrase(p["place"])
    elif "name" in p:
        out["place"] = p["name"]
    if "from_name" in p:
        out["start"] = p["from_name"]
    if "to_name" in p:
        out["end"] = p["to_name"]
    if "links" in p:
        out["n"] = len(p["links"])
    if "order" in p:
        out["order"] = ", ".join(p["order"])
    if "auction" in p and isinstance(p["auction"], dict) and "turn" in p["auction"] and "seat" not in p:
        out["seat"] = p["auction"]["turn"]
    if "outcome" in p:
        out["amount"] = -p["outcome"]["amount"]
    if "cubes" in p and isinstance(p["cubes"], dict) and all(isinstance(n, int) for n in p["cubes"].values()):
        out["goods"] = goods_words(p["cubes"])
    return out


def goods_words(cubes: dict[str, int]) -> dict[str, str]:
    """A group of goods cubes in words ("two red cubes and a blue cube"), as the object of
    "with" (German dative: "zwei roten Warensteinen und einem blauen Warenstein")."""
    parts = [(n, COLOURS.get(c, {"de": c, "en": c})) for c, n in sorted(cubes.items()) if n > 0]
    out = {}
    for lang in ("de", "en"):
        if not parts:
            out[lang] = GOODS["none"][lang]
            continue
        words = [format_message(GOODS["cubes"][lang], {"n": n, "colour": colour[lang]}, lang) for n, colour in parts]
        text = words[0]
        for word in words[1:]:
            text = format_message(TRACK["and"][lang], {"a": text, "b": word}, lang)
        out[lang] = format_message(GOODS["with"][lang], {"list": text}, lang)
    return out


def track_words(face: str, rot: int) -> dict[str, str]:
    """Where the tile's tracks run once turned ("north to south"; a town tile's exits)."""
    try:
        return places.tracks(tiles.segments(face, rot))
    except (KeyError, TypeError):
        return {"de": "", "en": ""}


def face_name(face: str) -> dict[str, str] | str:
    """A track tile by what is drawn on it ("a straight track and a sharp curve", "a town tile with 2
    exits"), never its number in the tile list ("#T21")."""
    tile = TRACK_TILES["faces"].get(face)
    if tile is None:
        return face
    if tile.get("town"):
        return {lang: format_message(TRACK["town"][lang], {"n": len(tile["exits"])}, lang) for lang in ("de", "en")}
    kinds = []
    for a, b in tile["tracks"]:
        turn = min(abs(a - b), 6 - abs(a - b))
        kinds.append("straight" if turn == 3 else "gentle" if turn == 2 else "sharp")
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        out = TRACK[f"two_{kinds[0]}"]
    else:
        out = TRACK[kinds[0]]
        for kind in (TRACK[k] for k in kinds[1:]):
            out = {lang: format_message(TRACK["and"][lang], {"a": out[lang], "b": kind[lang]}, lang)
                   for lang in ("de", "en")}
    if len(tile["tracks"]) == 2:
        (a, b), (c, d) = (sorted(t) for t in tile["tracks"])
        if (a < c < b) != (a < d < b):
            out = {lang: format_message(TRACK["crossing"][lang], {"what": out[lang]}, lang) for lang in ("de", "en")}
    return out


def describe(event: Event) -> Description:
    p = dict(event.payload)
    key = event.type
    if key == "BidPlaced":
        key = f"BidPlaced.{p.get('action')}"
    if key == "ActionTileTaken" and p.get("passed"):
        key = "ActionTileTaken.pass"
    if key == "TrackBuilt" and p.get("kind") in ("upgrade", "redirect"):
        key = f"TrackBuilt.{p['kind']}"
    if key == "CubeMoved" and p.get("to_name"):
        key = "CubeMoved.to"
    if key == "GameEnded":
        return _game_ended(p)
    return Description(key, _params(p))


def _game_ended(p: dict[str, Any]) -> Description:
    """The end of the game in words, with the readings of ``rules.json`` where the text is silent."""
    reason = p.get("reason")
    ranking = list(p.get("ranking") or [])
    if reason is None or not ranking:
        return Description("GameEnded", {})
    winner = ranking[0]
    params = {"winner": winner, "points": int(p.get("scores", {}).get(winner, 0))}
    if reason == "rounds" and p.get("bankrupt"):
        return Description("GameEnded.rounds_bankrupt", params)
    return Description(f"GameEnded.{reason}", params)


def describe_command(command: Command) -> Description:
    """A command in words.  The listed commands carry what their sentence needs beside what
    ``decide`` reads (``place``, ``name``, ``from_name``, ``to_name``, ``cubes``): a command
    alone knows no map."""
    a = dict(command.args)
    key = f"cmd.{command.type}"
    if command.type == "ChooseAction" and a.get("pass"):
        key = "cmd.ChooseAction.pass"
    params = _params(a)
    if command.type == "MoveCube" and a.get("take"):
        key = "cmd.MoveCube.take"
    if command.type == "BuildTrack" and a.get("kind") in ("upgrade", "redirect"):
        key = f"cmd.BuildTrack.{a['kind']}"
    if command.type == "BuildTrack" and not ("place" in a and "cost" in a):
        key = "cmd.BuildTrack.bare"      # as a client sent it: no place or cost to name
    if command.type == "RaiseCapital":
        params["amount"] = 5 * int(a.get("steps", 0))
    for name in ("place", "start", "end", "goods"):
        params.setdefault(name, "")
    return Description(key, params)
