"""Security measures shared by every endpoint: headers, rate limits.

Rate limits live in the same Redis as everything else (so they hold across web
nodes); a request over the limit gets 429 in the usual error shape.  Command
submission is limited per seat token (a bot-like script on one seat cannot flood a
game), logins per address (``limiter.limit(settings.rate_login)`` on the login view).
"""

from __future__ import annotations

import hashlib
from typing import cast

from flask import Flask, Response, request
from flask.typing import RouteCallable
from flask_limiter import Limiter, RouteLimit
from flask_limiter.util import get_remote_address

from events.settings import Settings

CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")


def token_or_address() -> str:
    """The rate-limit key: a digest of the bearer token, else the client address."""
    header = request.headers.get("Authorization", "")
    token = header.partition(" ")[2].strip() or request.args.get("token", "")
    if token:
        return "t:" + hashlib.sha256(token.encode()).hexdigest()[:32]
    return "a:" + (get_remote_address() or "unknown")


def seat_or_address() -> str:
    """The rate-limit key of acting routes: the *seat* the token holds (so that a
    new token from ``/token`` does not reset the count), else the client address."""
    header = request.headers.get("Authorization", "")
    token = header.partition(" ")[2].strip() or request.args.get("token", "")
    game_id = (request.view_args or {}).get("game_id")
    if token and game_id:
        from service.context import ctx

        try:
            seat = ctx().repository.authenticate(game_id, token)
        except Exception:  # noqa: BLE001 - no Redis: the request itself will answer 503
            seat = None
        if seat is not None:
            return f"s:{game_id}:{seat}"
    return "a:" + (get_remote_address() or "unknown")


def address() -> str:
    return "a:" + (get_remote_address() or "unknown")


def account_or_address() -> str:
    """The rate-limit key of review work: the account (API token or login) that
    asks, else the client address (a guest holds a new seat token per game)."""
    from service.accounts.session import current_user, users

    try:
        header = request.headers.get("Authorization", "")
        token = header.partition(" ")[2].strip()
        account = users().account_for_api_token(token) if token else current_user()
    except Exception:  # noqa: BLE001 - no Redis: the request itself will answer 503
        account = None
    return f"u:{account.name.lower()}" if account is not None else address()


def apply_limits(app: Flask, limiter: Limiter, settings: Settings) -> None:
    """Commands and hints per seat; routes that need no seat per client address."""
    per_seat = {"moves.submit": settings.rate_commands, "hints.hint": settings.rate_commands}
    per_address = {"games.create_game": settings.rate_public, "games.join": settings.rate_public,
                   "tables.start": settings.rate_public, "web.new_game": settings.rate_public,
                   "web.join": settings.rate_public, "web.accept_invitation": settings.rate_public}
    # Issue 16: forks create games, notes and analyses cost storage and worker time.
    per_address.update({name: settings.rate_public for name in (
        "forks.create_fork", "forks.request_analysis", "annotations.write", "web.fork_game")})
    # Issue 28: analyses cost minutes of worker time; one account may not fill the queue.
    if "forks.request_analysis" in app.view_functions and settings.rate_analysis:
        _decorate(app, "forks.request_analysis", limiter.limit(
            settings.rate_analysis, key_func=account_or_address, methods=["POST"], scope="analysis"))
    for endpoint, rate in per_seat.items():
        if endpoint in app.view_functions and rate:
            _decorate(app, endpoint, limiter.limit(rate, key_func=seat_or_address))
    for endpoint, rate in per_address.items():
        if endpoint in app.view_functions and rate:
            _decorate(app, endpoint, limiter.limit(rate, key_func=address, methods=["POST"]))


def _decorate(app: Flask, endpoint: str, limit: RouteLimit) -> None:
    """Wrap a registered view in a limit.  The limit returns a view of the view's own
    type, but mypy cannot carry Flask's union of sync and async views through its
    ParamSpec (it infers a callable returning either), hence the cast."""
    app.view_functions[endpoint] = cast(RouteCallable, limit(app.view_functions[endpoint]))


def storage_uri(redis_url: str | None) -> str:
    if not redis_url:
        return "memory://"
    if redis_url.startswith("unix://"):
        return "redis+unix://" + redis_url[len("unix://"):]
    return redis_url


def init_security(app: Flask, settings: Settings, redis_url: str | None) -> Limiter:
    limiter = Limiter(key_func=token_or_address, app=app, storage_uri=storage_uri(redis_url),
                      key_prefix=f"{settings.key_prefix}:rate", strategy="fixed-window",
                      # A rate-limit store outage must not fail the request (Redis restarts).
                      swallow_errors=True, headers_enabled=False)
    app.extensions["stellwerk_limiter"] = limiter

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        if request.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        if settings.hsts:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        return response

    return limiter


def limiter(app: Flask) -> Limiter:
    return app.extensions["stellwerk_limiter"]
