"""The JSON a viewer gets for a game: status, the game's view, the move window.

Everything here is computed from the state the viewer may see
(:func:`events.redaction`), so no endpoint can show another seat's draft turn or
hidden cards by accident.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from events import commands as platform
from events.commands import OpenActionsRefusal
from events.envelope import Envelope
from events.projection import UNDO_ACCEPTED, UNDO_DECLINED, UNDO_REQUESTED, Projection
from events.redaction import effective_viewer, view
from events.repository import GameRecord
from events.undo_log import UndoAnswer
from games import registry
from games.contract import Command, Description, Game, OpenAction, render
from games.kit import hooks
from service.seat_names import all_names, with_names
from service.web.i18n import translate

log = logging.getLogger(__name__)

#: Every seat's name per language (``{"de": {"p1": "Ann", ...}, "en": ...}``, see
#: :func:`service.seat_names.all_names`): the texts below name players by these.
Names = Mapping[str, Mapping[str, str]]


def named(game: Game, description: Description, names: Names | None) -> dict[str, str]:
    """A description in German and English with the seats in its parameters named
    (``{"seat": "p1"}`` reads "Ann", not "p1"), each in its language."""
    out = {}
    for lang in ("de", "en"):
        seats = (names or {}).get(lang, {})
        params = {k: with_names(v, seats) for k, v in description.params.items()}
        out[lang] = render(game, Description(description.key, params), lang)
    return out


def refusal_text(game: Game, refusal: OpenActionsRefusal, names: Names | None) -> dict[str, str]:
    """A refusal that names open actions, as the page shows it: the platform's sentence
    for its rule (``rule.<code>``) with the actions in each language."""
    actions = [named(game, d, names) for d in refusal.descriptions]
    return {lang: translate(lang, f"rule.{refusal.code}", what="; ".join(a[lang] for a in actions))
            for lang in ("de", "en")}


def texts(game: Game, env: Envelope, viewer: str, names: Names | None = None,
          answers: Mapping[int, UndoAnswer] | None = None) -> dict[str, str]:
    """A log line in German and English.  Take-back requests and their answers are the
    platform's own lines, naming who asked and who answered (``answers``: from
    :func:`events.undo_log.undo_answers` over the log); everything else is the game's."""
    if env.type in (UNDO_REQUESTED, UNDO_ACCEPTED, UNDO_DECLINED):
        return _undo_line(env, names, (answers or {}).get(env.seq))
    return named(game, game.describe(game.redact(env.event, viewer)), names)


def _undo_line(env: Envelope, names: Names | None, answer: UndoAnswer | None) -> dict[str, str]:
    if env.type == UNDO_REQUESTED:
        key = "log.undo_requested"
    elif answer is None:  # an answer whose request is not in the lines read (never in a whole log)
        key = "log.undo_accepted_anon" if env.type == UNDO_ACCEPTED else "log.undo_declined_anon"
    elif answer.withdrawn:
        key = "log.undo_withdrawn"
    else:
        key = "log.undo_accepted" if env.type == UNDO_ACCEPTED else "log.undo_declined"
    out = {}
    for lang in ("de", "en"):
        seats = (names or {}).get(lang, {})
        by = answer.requester if answer else env.actor
        out[lang] = translate(lang, key, by=seats.get(by, by), who=seats.get(env.actor, env.actor))
    return out


def status_json(p: Projection, viewer: str) -> dict[str, Any]:
    status = p.game.status(p.state_for(effective_viewer(p, viewer)))
    # A game whose points are hidden information shows none until it ends, whatever its status holds.
    secret = hooks.capabilities(p.game).scores_secret_while_running and not status.over
    return {
        "phase": status.phase,
        "round": status.round,
        "to_move": list(status.to_move),
        "pending_system": list(status.pending_system),
        "over": status.over,
        "scores": {} if secret else dict(status.scores),
        "scores_secret": secret,
        "ranking": list(status.ranking),
        "places": status.final_places() if status.over else {},
        "turn_seat": visible_turn_seat(p, viewer),
    }


def visible_turn_seat(p: Projection, viewer: str) -> str | None:
    """The seat with an open draft, for that seat only: the others must not learn
    whether (or since when) a seat has started drafting its turn."""
    return p.turn_seat if p.visible_seq(effective_viewer(p, viewer)) == p.seq else None


def move_window(p: Projection, seat: str, names: Names | None = None) -> dict[str, Any] | None:
    """The open turn of ``seat``: its sub-moves (each undoable to just before it,
    unless a barrier forbids), the open actions, and whether it may be confirmed."""
    if p.status().over:
        return None
    game = p.game
    points = set(platform.undo_points(p)) if p.turn_seat == seat else set()
    sub_moves = []
    if p.turn_seat == seat:
        previous = p.confirmed_seq
        for env in p.tail:
            sub_moves.append({"seq": env.seq, "type": env.type, "text": texts(game, env, seat, names),
                              "undo_to": previous if previous in points else None})
            previous = env.seq
    open_actions = [
        {"key": a.key, "mandatory": a.mandatory, "commands": list(a.commands), "params": dict(a.params),
         "text": named(game, _as_description(a), names)}
        for a in game.open_actions(p.live if p.turn_seat == seat else p.confirmed, seat)
    ]
    return {
        "seat": seat,
        "sub_moves": sub_moves,
        "open_actions": open_actions,
        "can_confirm": any(c.type == "ConfirmTurn" for c in platform.platform_commands(p, seat)),
    }


def command_json(game: Game, command: Command, names: Names | None = None) -> dict[str, Any]:
    """A legal command with its sentence in German and English (``text``), so that
    every list of moves a person sees reads as words, not as raw arguments.  Only
    games that implement ``describe_command`` have one; a game whose description
    fails gets no ``text`` rather than an error (the page falls back to its own labels)."""
    out = command.to_json()
    try:
        description = hooks.describe_command(game, command)
        if description is None:
            return out
        out["text"] = named(game, description, names)
    except Exception:  # noqa: BLE001 - a missing sentence must never cost the move list
        log.warning("describe_command failed for %s %s", game.name, command.type, exc_info=True)
    return out


def _as_description(action: OpenAction) -> Description:
    return Description(action.key, action.params)


def seats_json(record: GameRecord, taken: set[str]) -> list[dict[str, Any]]:
    """Each seat with whether anybody may take it (an invited seat is kept for its
    invitee until they decline) and its name in each language (``display_name``: a
    bot's own name and level in words, an open seat as such)."""
    names = all_names(record.seats)
    return [{**s.to_json(), "open": not s.filled and s.seat not in taken and not s.invited and not s.declined,
             "display_name": {lang: names[lang][s.seat] for lang in names}} for s in record.seats]


def take_back_point(p: Projection, seat: str) -> int | None:
    """Where ``RequestUndo`` would return to take back ``seat``'s last confirmed turn
    (None when that turn lies behind revealed information or there is none)."""
    turns = [seq for seq, s in p.confirmed_turns if s == seat]
    if not turns or p.undo_request is not None or p.status().over:
        return None
    before = [point for point in p.revert_points if point < turns[-1]]
    return before[-1] if before else None


def waiting_json(record: GameRecord, viewer: str, taken: set[str]) -> dict[str, Any]:
    """A table waiting for players: its seats, no board yet (nothing is dealt)."""
    seats = seats_json(record, taken)
    you = viewer if viewer in taken else None
    return {
        "id": record.id, "game": record.game, "title": registry.get(record.game).title, "you": you,
        "waiting": True, "seq": 0, "confirmed_seq": 0, "seats": seats, "options": dict(record.options),
        "creator": record.creator, "can_start": you is not None and you == record.creator,
        "status": {"phase": "waiting", "round": None, "to_move": [], "pending_system": [], "over": False,
                   "scores": {}, "scores_secret": False, "ranking": [], "places": {}, "turn_seat": None},
        "view": None, "move_window": None, "bots": dict(record.bots), "handed_over": [], "idle_since_ms": 0,
        "takeover_after_s": None, "hints": record.hints, "take_back_to": None, "undo_request": None,
    }


def game_json(record: GameRecord, p: Projection, viewer: str, taken: set[str],
              takeover_after_s: int | None = None) -> dict[str, Any]:
    """``takeover_after_s``: the idle time after which others may hand a seat to a bot."""
    if p.seq == 0:
        return waiting_json(record, viewer, taken)
    seated = viewer in p.seats
    request = p.undo_request
    return {
        "id": record.id,
        "game": record.game,
        "title": p.game.title,
        "waiting": False,
        "you": viewer if seated else None,
        "seq": p.visible_seq(effective_viewer(p, viewer)),
        "confirmed_seq": p.confirmed_seq,
        "seats": seats_json(record, taken),
        "options": dict(record.options),
        "status": status_json(p, viewer),
        "view": view(p, viewer),
        "move_window": move_window(p, viewer, all_names(record.seats)) if seated else None,
        "bots": dict(p.bots),
        "handed_over": sorted(p.handed_over),
        "idle_since_ms": p.visible_ts(effective_viewer(p, viewer)),
        "takeover_after_s": takeover_after_s,
        "hints": record.hints,
        # Everybody sees when the creator chose the seed (it decides every hidden card).
        "chosen_seed": record.table.get("chosen_seed"),
        "take_back_to": take_back_point(p, viewer) if seated else None,
        "undo_request": None if request is None else
        {"to_seq": request.to_seq, "by": request.by, "waiting_for": list(request.waiting_for)},
    }
