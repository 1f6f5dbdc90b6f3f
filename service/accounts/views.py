"""Register, log in, log out (HTML forms with CSRF tokens)."""

from __future__ import annotations

import re

from flask import Blueprint, Flask, redirect, render_template, request, session, url_for

from events.contacts import ContactBook
from service.accounts.session import current_user, login_required, safe_next, users
from service.accounts.store import AccountError
from service.web import protect
from service.web.i18n import COOKIE, t

bp = Blueprint("accounts", __name__, template_folder="templates")
bp.before_request(protect)


def _start_session(name: str) -> None:
    session.clear()
    session["user"] = name
    session["gen"] = users().session_generation(name)
    session["sid"] = users().start_session(name)
    session.permanent = True


def _after_login(user_lang: str | None):  # type: ignore[no-untyped-def]
    response = redirect(safe_next(request.form.get("next")) or url_for("web.lobby"))
    if user_lang and not request.cookies.get(COOKIE):
        response.set_cookie(COOKIE, user_lang, max_age=365 * 86400, samesite="Lax")
    return response


@bp.route("/register", methods=["GET", "POST"])
def register():  # type: ignore[no-untyped-def]
    error = None
    name = ""
    if request.method == "POST":
        name = request.form.get("name", "").strip()
        password = request.form.get("password", "")
        if password != request.form.get("password2", ""):
            error = t("account.error.mismatch")
        else:
            try:
                user = users().register(name, password)
            except AccountError as exc:
                error = t(exc.key)
            else:
                from service.web.i18n import lang

                users().set_lang(user.name, lang())
                _start_session(user.name)
                return _after_login(None)
    return render_template("accounts/register.html", error=error, name=name,
                           next=safe_next(request.values.get("next")) or ""), 400 if error else 200


@bp.route("/login", methods=["GET", "POST"])
def login():  # type: ignore[no-untyped-def]
    error = None
    name = ""
    if request.method == "POST":
        name = request.form.get("name", "")
        try:
            user = users().authenticate(name, request.form.get("password", ""))
        except AccountError as exc:
            error = t(exc.key)
        else:
            _start_session(user.name)
            return _after_login(user.lang)
    return render_template("accounts/login.html", error=error, name=name,
                           next=safe_next(request.values.get("next")) or ""), 401 if error else 200


EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,190}\.[^@\s]{2,}$")


@bp.route("/account", methods=["GET", "POST"])
@login_required
def settings():  # type: ignore[no-untyped-def]
    """Where notices go: an e-mail address and a webhook (with its signing secret)."""
    user = current_user()
    assert user is not None
    book = ContactBook(users().redis, users().prefix)
    contact = book.get(user.name)
    email = contact.email if contact else None
    webhook = contact.webhook if contact else None
    error = None
    saved = False
    if request.method == "POST":
        email = request.form.get("email", "").strip() or None
        webhook = request.form.get("webhook", "").strip() or None
        if email and not EMAIL_RE.fullmatch(email):
            error = t("account.notify.error.email")
        elif webhook and not (webhook.startswith(("http://", "https://")) and len(webhook) <= 500):
            error = t("account.notify.error.webhook")
        else:
            contact = book.set(user.name, email=email, webhook=webhook)
            saved = True
    secret = contact.webhook_secret if contact and contact.webhook else None
    return render_template("accounts/settings.html", email=email, webhook=webhook, secret=secret, error=error,
                           saved=saved, tokens=users().api_tokens(user.name), new_token=None), \
        400 if error else 200


@bp.post("/account/tokens")
@login_required
def create_api_token():  # type: ignore[no-untyped-def]
    """A personal API token: lets a program create and join games under this account's name."""
    user = current_user()
    assert user is not None
    if len(users().api_tokens(user.name)) >= 10:
        return redirect(url_for("accounts.settings"))
    label = request.form.get("label", "").strip()[:60] or "API"
    _token_id, token = users().create_api_token(user.name, label)
    book = ContactBook(users().redis, users().prefix)
    contact = book.get(user.name)
    return render_template("accounts/settings.html", email=contact.email if contact else None,
                           webhook=contact.webhook if contact else None,
                           secret=contact.webhook_secret if contact and contact.webhook else None,
                           error=None, saved=False, tokens=users().api_tokens(user.name), new_token=token)


@bp.post("/account/tokens/<token_id>/revoke")
@login_required
def revoke_api_token(token_id: str):  # type: ignore[no-untyped-def]
    user = current_user()
    assert user is not None
    users().revoke_api_token(user.name, token_id)
    return redirect(url_for("accounts.settings"))


@bp.post("/logout")
def logout():  # type: ignore[no-untyped-def]
    user = current_user()
    if user is not None:
        users().end_session(user.name, session.get("sid"))
    session.clear()
    return redirect(url_for("web.lobby"))


@bp.post("/logout-everywhere")
def logout_everywhere():  # type: ignore[no-untyped-def]
    """End every session of the user, on every device (e.g. after a lost phone)."""
    user = current_user()
    if user is not None:
        users().revoke_sessions(user.name)
    session.clear()
    return redirect(url_for("web.lobby"))


def apply_rate_limits(app: Flask) -> None:
    """Logins and registrations per client address (the limiter of
    :mod:`service.security`, when the app has one)."""
    limiter = app.extensions.get("stellwerk_limiter")
    rate = getattr(app.extensions["stellwerk"].settings, "rate_login", "")
    if limiter is None or not rate:
        return
    for endpoint in ("accounts.login", "accounts.register"):
        app.view_functions[endpoint] = limiter.limit(rate, methods=["POST"])(app.view_functions[endpoint])


__all__ = ["bp", "current_user", "apply_rate_limits"]
