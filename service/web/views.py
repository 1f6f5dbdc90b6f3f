"""The pages of the web UI and the one JSON endpoint the page scripts need.

The pages carry no game state: the game and replay pages fetch it from the JSON
API with the viewer's seat token, which they get from :func:`seat_token` (same
origin, session cookie and CSRF header required).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError, validate_csrf
from wtforms import ValidationError

from events import seating
from events.repository import GameRecord, UnknownGame
from games import registry
from games.contract import IllegalMove
from service.accounts.session import current_user, login_required, safe_next, users
from service.context import ctx, notify_invited
from service.presenter import seats_json
from service.web import protect
from service.web.bundles import has_renderer, stylesheet
from service.web.forms import DEADLINES, CreateGameError, game_choices, parse_create_form
from service.web.i18n import COOKIE, LANGS, js_catalogue, lang, t
from service.web.option_checks import combinations, refusal_text, refusal_texts

bp = Blueprint("web", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/web")
bp.before_request(protect)


# ------------------------------------------------------------------ helpers
def _activity(ids: list[str]) -> dict[str, float]:
    store = ctx().repository.store
    if not ids:
        return {}
    scores = store.last_activity(ids)
    return {i: s or 0.0 for i, s in zip(ids, scores, strict=True)}


def _summary(record: GameRecord, you: str | None = None) -> dict[str, Any]:
    """What a lobby row shows of a game (public: no view, no tokens)."""
    repo = ctx().repository
    seats = seats_json(record, set(repo.store.token_hashes(record.id)))
    status = dict(record.status)
    try:
        title = registry.get(record.game).title
    except KeyError:
        title = record.game
    to_move = status.get("to_move") or []
    return {
        "id": record.id, "game": record.game, "title": title, "seats": seats, "status": status,
        "over": bool(status.get("over")), "open_seats": [s["seat"] for s in seats if s["open"]],
        "to_move": to_move, "you": you, "your_turn": bool(you and you in to_move and not status.get("over")),
        # A seed the creator chose decides every hidden card: whoever looks is told (issue 9).
        "chosen_seed": record.table.get("chosen_seed"),
    }


def _record_or_404(game_id: str) -> GameRecord:
    try:
        return ctx().repository.record(game_id)
    except UnknownGame:
        abort(404)


def _page_config(record: GameRecord, **extra: Any) -> dict[str, Any]:
    user = current_user()
    hold = users().seat(user.name, record.id) if user else None
    try:
        title = registry.get(record.game).title
    except KeyError:
        title = record.game
    return {
        "gameId": record.id, "game": record.game, "title": title, "lang": lang(),
        "user": user.name if user else None, "seat": hold.seat if hold else None,
        "i18n": js_catalogue(lang(), record.game),
        # The game's own renderer (games/<game>/web/index.js), else the generic one.
        "renderer": has_renderer(record.game),
        # The game's own CSS (games/<game>/web/<game>.css), linked in the page's head.
        "stylesheet": stylesheet(record.game),
        "urls": {
            "api": f"/api/games/{record.id}", "seat": url_for("web.seat_token", game_id=record.id),
            "game": url_for("web.game_page", game_id=record.id),
            "replay": url_for("web.replay_page", game_id=record.id),
            "static": url_for("web.static", filename=""),
        },
        **extra,
    }


def _account_name(name: str) -> str | None:
    found = users().get(name)
    return found.name if found else None


# -------------------------------------------------------------------- pages
@bp.get("/")
def lobby():  # type: ignore[no-untyped-def]
    repo = ctx().repository
    user = current_user()
    mine: list[dict[str, Any]] = []
    my_ids: set[str] = set()
    if user is not None:
        holds = users().seats(user.name)
        activity = _activity([h.game_id for h in holds])
        for hold in holds:
            try:
                record = repo.record(hold.game_id)
            except UnknownGame:
                continue
            to_move = record.status.get("to_move") or []
            you = next((seat for seat in hold.tokens() if seat in to_move), hold.seat)  # hotseat: the one to move
            mine.append({**_summary(record, you), "creator_is_me": record.waiting and _is_creator(record)})
            my_ids.add(record.id)
        # My turn first, then running games, then finished; newest activity first.
        mine.sort(key=lambda s: (not s["your_turn"], s["over"], -activity.get(s["id"], 0.0)))
    invited = [] if user is None else [
        {**_summary(record), "seat": seat, "inviter": seating.inviter(record)}
        for record, seat in seating.invitations(repo, user.name)]
    # Issue 27: the creator is told when somebody declined, and chooses what becomes of the seat.
    declined = [] if user is None else [
        {"id": row["id"], "title": row["title"], "seat": s["seat"], "name": s["declined"]}
        for row in mine if row["creator_is_me"]
        for s in row["seats"] if s.get("declined") and not s.get("name") and not s.get("bot")]
    my_ids |= {row["id"] for row in invited}
    open_games, running, finished = [], [], []
    for record in repo.list(None, 100):
        if record.id in my_ids:
            continue
        row = _summary(record)
        if row["over"]:
            finished.append(row)
        elif row["open_seats"]:
            open_games.append(row)
        else:
            running.append(row)
    return render_template("web/lobby.html", mine=mine, invited=invited, declined=declined, open_games=open_games,
                           running=running, finished=finished[:20])


@bp.route("/new", methods=["GET", "POST"])
@login_required
def new_game():  # type: ignore[no-untyped-def]
    user = current_user()
    assert user is not None
    games = game_choices()
    error = None
    form = request.form
    if request.method == "POST":
        try:
            spec = parse_create_form(form, user.name, _account_name, games)
            record, tokens = ctx().repository.create(spec.game, spec.options, spec.seats, table=spec.table)
        except CreateGameError as exc:
            error = t(exc.key, **exc.params)
        except IllegalMove as exc:  # in the page's language (issue 27), not the engine's English
            error = t("create.error.options", message=refusal_text(form.get("game", ""), exc.code, exc.message, lang()))
        else:
            for seat in record.seats:
                holder = spec.holders.get(seat.seat)
                if holder and seat.seat in tokens:
                    users().add_seat(holder, record.id, seat.seat, tokens[seat.seat])
            notify_invited(record)
            return redirect(url_for("web.game_page", game_id=record.id))
    from events.bot_levels import bot_levels

    # The engine's refusals, so the form offers only what the game accepts (service.web.option_checks).
    checks = {g["name"]: {"combinations": combinations(g["name"]),
                          "reasons": {code: t("create.error.options", message=text)
                                      for code, text in refusal_texts(g["name"], lang()).items()}}
              for g in games}
    return render_template("web/new_game.html", games=games, bot_levels=bot_levels(), error=error, checks=checks,
                           deadlines=DEADLINES,
                           form=form, rows=max(g["max_players"] for g in games) if games else 2), \
        400 if error else 200


@bp.route("/join/<game_id>/<seat>", methods=["GET", "POST"])
@login_required
def join(game_id: str, seat: str):  # type: ignore[no-untyped-def]
    user = current_user()
    assert user is not None
    record = _record_or_404(game_id)
    if users().seat(user.name, game_id) is not None:
        return redirect(url_for("web.game_page", game_id=game_id))
    row = _summary(record)
    error = None
    if seat not in [s.seat for s in record.seats]:
        abort(404)
    if request.method == "POST":
        try:
            taken, token = ctx().repository.join(game_id, user.name, seat)
        except IllegalMove:
            error = t("join.error.taken")
        else:
            users().add_seat(user.name, game_id, taken, token)
            return redirect(url_for("web.game_page", game_id=game_id))
    elif seat not in row["open_seats"]:
        error = t("join.error.taken")
    return render_template("web/join.html", game=row, seat=seat, error=error), 409 if error else 200


@bp.get("/games/<game_id>")
def game_page(game_id: str):  # type: ignore[no-untyped-def]
    record = _record_or_404(game_id)
    if record.waiting:
        return _waiting_page(record)
    # Issue 27: a fork says so and links its origin at the fork point.
    row = {**_summary(record), "fork_of": record.table.get("fork_of"), "fork_seq": record.table.get("fork_seq")}
    invites = [{"seat": s, "url": url_for("web.join", game_id=game_id, seat=s, _external=True)}
               for s in row["open_seats"]]
    config = _page_config(record)
    return render_template("web/game.html", game=row, invites=invites, config=config)


def _is_creator(record: GameRecord) -> bool:
    user = current_user()
    if user is None:
        return False
    hold = users().seat(user.name, record.id)
    return record.table.get("creator_account") == user.name or (
        hold is not None and record.creator is not None and hold.seat == record.creator)


def _waiting_page(record: GameRecord, error: str | None = None, status: int = 200):  # type: ignore[no-untyped-def]
    """A table waiting for players: who sits where, invitation links, and for the
    creator a way to start with bots in the empty seats."""
    from events.bot_levels import bot_levels

    row = _summary(record)
    user = current_user()
    invited_me = None
    if user is not None:
        invited_me = next((s["seat"] for s in row["seats"]
                           if s.get("invited") == user.name and not s["name"]), None)
    invites = [{"seat": s, "url": url_for("web.join", game_id=record.id, seat=s, _external=True)}
               for s in row["open_seats"]]
    creator = _is_creator(record)
    declined = [s for s in row["seats"] if s.get("declined") and not s.get("name") and not s.get("bot")] \
        if creator else []
    return render_template("web/waiting.html", game=row, invites=invites, invited_me=invited_me,
                           can_start=creator, bot_levels=bot_levels(), error=error, declined=declined,
                           inviter=seating.inviter(record), config=_page_config(record)), status


@bp.post("/games/<game_id>/seats/<seat>/declined")
@login_required
def settle_declined(game_id: str, seat: str):  # type: ignore[no-untyped-def]
    """The creator's choice for a seat whose invitation was declined (issue 27):
    invite somebody else, make it an open seat, or seat a bot."""
    from events.bot_levels import bot_levels

    record = _record_or_404(game_id)
    if not _is_creator(record):
        abort(403)
    choice = request.form.get("choice", "")
    value: str | None = None
    if choice == seating.INVITE:
        value = _account_name(request.form.get("name", "").strip())
        if value is None:
            return _waiting_page(record, t("create.error.user", name=request.form.get("name", "")), 400)
        if any(s.name == value or s.invited == value for s in record.seats):
            return _waiting_page(record, t("create.error.twice", name=value), 400)
    elif choice == seating.BOT:
        value = request.form.get("bot", "")
        if value not in bot_levels():
            return _waiting_page(record, t("create.error.bot"), 400)
    try:
        seating.settle_declined(ctx().repository, game_id, seat, choice, value)
    except IllegalMove:
        return _waiting_page(_record_or_404(game_id), t("invite.gone"), 409)
    if choice == seating.INVITE:
        notify_invited(ctx().repository.record(game_id), only=seat)
    return redirect(url_for("web.game_page", game_id=game_id))


@bp.post("/games/<game_id>/start")
@login_required
def start_with_bots(game_id: str):  # type: ignore[no-untyped-def]
    from events.bot_levels import bot_levels

    record = _record_or_404(game_id)
    if not _is_creator(record):
        abort(403)
    level = request.form.get("bot", "")
    if level not in bot_levels():
        return _waiting_page(record, t("create.error.bot"), 400)
    try:
        seating.start_with_bots(ctx().repository, game_id, level)
    except IllegalMove:
        pass  # started meanwhile: the game page shows it
    return redirect(url_for("web.game_page", game_id=game_id))


@bp.post("/games/<game_id>/accept")
@login_required
def accept_invitation(game_id: str):  # type: ignore[no-untyped-def]
    user = current_user()
    assert user is not None
    record = _record_or_404(game_id)
    seat = next((s.seat for s in record.seats if s.invited == user.name and not s.filled), None)
    if seat is None:
        return render_template("web/error.html", message=t("invite.gone")), 409
    try:
        taken, token = ctx().repository.join(game_id, user.name, seat)
    except IllegalMove:
        return render_template("web/error.html", message=t("invite.gone")), 409
    users().add_seat(user.name, game_id, taken, token)
    return redirect(url_for("web.game_page", game_id=game_id))


@bp.post("/games/<game_id>/decline")
@login_required
def decline_invitation(game_id: str):  # type: ignore[no-untyped-def]
    user = current_user()
    assert user is not None
    _record_or_404(game_id)
    try:
        seating.decline(ctx().repository, game_id, user.name)
    except IllegalMove:
        pass  # nothing to decline any more
    return redirect(url_for("web.lobby"))


@bp.get("/games/<game_id>/replay")
def replay_page(game_id: str):  # type: ignore[no-untyped-def]
    record = _record_or_404(game_id)
    from events.bot_levels import bot_levels
    from events.forks import restricted_by

    # Issue 16: a fork links back to its origin; the fork form offers the bot levels,
    # unless a fork of this game must be played by people only (issue 27).
    restricted = restricted_by(ctx().repository, record) is not None
    game = {**_summary(record), "fork_of": record.table.get("fork_of"), "fork_seq": record.table.get("fork_seq"),
            "fork_restricted": restricted}
    return render_template("web/replay.html", game=game, config=_page_config(record),
                           bot_levels=[] if restricted else bot_levels())


@bp.get("/lang/<code>")
def switch_lang(code: str):  # type: ignore[no-untyped-def]
    if code not in LANGS:
        abort(404)
    user = current_user()
    if user is not None:
        users().set_lang(user.name, code)
    response = redirect(safe_next(request.args.get("next")) or url_for("web.lobby"))
    response.set_cookie(COOKIE, code, max_age=365 * 86400, samesite="Lax")
    return response


# ------------------------------------------------------------ page scripts
@bp.get("/web/games/<game_id>/seat")
def seat_token(game_id: str):  # type: ignore[no-untyped-def]
    """The seat token the logged-in user holds in this game, for the page's own
    API calls (``seats``: every seat held, several in a hotseat fork).  Needs the
    session cookie *and* the page's CSRF token in a header, so another site can
    neither read it nor make a browser fetch it."""
    try:
        validate_csrf(request.headers.get("X-CSRFToken", ""))
    except ValidationError:
        return jsonify({"error": {"code": "csrf", "message": "missing or invalid CSRF token"}}), 403
    _record_or_404(game_id)
    user = current_user()
    hold = users().seat(user.name, game_id) if user else None
    # A hotseat fork: the account holds several seats; the page acts for one at a time.
    held = [{"seat": s, "token": tok} for s, tok in hold.tokens().items()] if hold else []
    response = jsonify({"seat": hold.seat if hold else None, "token": hold.token if hold else None, "seats": held})
    response.headers["Cache-Control"] = "no-store"
    return response


# ------------------------------------------------------------------ errors
@bp.app_errorhandler(CSRFError)
def _csrf_error(err: CSRFError):  # type: ignore[no-untyped-def]
    if request.blueprint in ("web", "accounts"):
        return render_template("web/error.html", message=t("error.csrf")), 400
    return jsonify({"error": {"code": "csrf", "message": err.description}}), 400


@bp.errorhandler(404)
@bp.errorhandler(UnknownGame)
def _not_found(_err: Exception):  # type: ignore[no-untyped-def]
    return render_template("web/error.html", message=t("error.not_found")), 404

# Issue 16: the archive, player pages and the fork endpoint add routes to this blueprint.
from service.web import archive_pages  # noqa: E402,F401,I001
