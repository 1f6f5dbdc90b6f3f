"""The web UI: HTML pages (lobby, my games, create, join, game, replay), their
static scripts and styles, the de/en catalogues, and the accounts behind them.

Pages are thin: the game page and the replay page are shells whose scripts call
the JSON API with the viewer's seat token, so the browser sees exactly what the
API shows that seat and no game rule is repeated in JavaScript.
"""

from __future__ import annotations

import logging
import os
import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask, g, request
from flask_wtf.csrf import CSRFProtect

from events.settings import Settings

log = logging.getLogger(__name__)
csrf = CSRFProtect()


def secret_key(settings: Settings) -> str:
    """``STELLWERK_SECRET_KEY``, else a key generated once and kept in the data
    directory (so sessions survive a restart), else a key for this process only."""
    if settings.secret_key:
        return settings.secret_key
    path = Path(settings.data_dir) / "secret_key"
    try:
        existing = path.read_text(encoding="utf-8").strip()
        if existing:
            return existing
    except OSError:
        pass
    key = secrets.token_urlsafe(48)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(key)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip() or key
    except OSError:
        log.warning("cannot keep a session key in %s; sessions end with this process", path)
    return key


def init_web(app: Flask) -> None:
    from service.accounts.store import UserStore
    from service.accounts.views import apply_rate_limits
    from service.accounts.views import bp as accounts_bp
    from service.web import i18n, times
    from service.web.bundles import bp as bundles_bp
    from service.web.views import bp as web_bp

    context = app.extensions["stellwerk"]
    settings: Settings = context.settings
    if not app.secret_key:
        app.secret_key = secret_key(settings)
    app.config.setdefault("PERMANENT_SESSION_LIFETIME", timedelta(days=30))
    # Flask's defaults hold SESSION_COOKIE_SAMESITE = None already, so setdefault would
    # keep it (issue 28): set it, and Secure behind TLS (STELLWERK_SECURE_COOKIES).
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SECURE"] = settings.secure_cookies
    # CSRF is checked on the web UI's own forms and endpoints only: the JSON API is
    # authenticated by bearer tokens, never by cookies, so it needs none.
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    csrf.init_app(app)
    app.extensions["stellwerk_users"] = UserStore(context.repository.store.redis, settings.key_prefix)

    app.register_blueprint(accounts_bp)
    app.register_blueprint(web_bp)
    app.register_blueprint(bundles_bp)  # the games' renderers, inside the web blueprint's static path
    apply_rate_limits(app)

    @app.before_request
    def _choose_lang() -> None:
        if request.blueprint in ("web", "accounts"):
            from service.accounts.session import current_user

            user = current_user()
            g.lang = i18n.choose_lang(user.lang if user else None)

    from service.accounts.session import current_user
    from service.seat_names import seat_names, seat_number

    # Players by name in the page's language (a bot's own name and level in words), never by seat id or level id.
    app.jinja_env.globals.update(t=i18n.t, t_or=i18n.t_or, LANGS=i18n.LANGS, current_user=current_user,
                                 seat_names=lambda seats: seat_names(seats, i18n.lang()), moment=times.moment)
    app.jinja_env.filters["seat_number"] = seat_number


def protect() -> None:
    """``before_request`` of the UI's blueprints: every form post carries a CSRF token."""
    if request.method not in ("GET", "HEAD", "OPTIONS"):
        csrf.protect()
