"""The logged-in user of a request: the name in Flask's signed session cookie."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import current_app, g, redirect, request, session, url_for

from service.accounts.store import User, UserStore


def users() -> UserStore:
    return current_app.extensions["stellwerk_users"]


def current_user() -> User | None:
    if "user" not in g:
        name = session.get("user")
        user = users().get(name) if name else None
        if user is not None and session.get("gen", 0) != users().session_generation(user.name):
            user = None  # revoked by "log out everywhere"
        if user is not None and not users().session_alive(user.name, session.get("sid")):
            user = None  # logged out (a copy of the cookie is no session any more)
        if name and user is None:
            session.pop("user", None)
        g.user = user
    return g.user


def safe_next(target: str | None) -> str | None:
    """Only paths on this site: ``/games/x`` yes; ``//evil``, ``http://``, ``/\\evil``
    and anything with whitespace or control characters no (browsers drop a tab or a
    newline from a URL, so ``/\t/evil`` would become ``//evil``)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    if any(ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf") for ch in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return target


def login_required(view: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_user() is None:
            return redirect(url_for("accounts.login") + "?" + urlencode({"next": request.full_path.rstrip("?")}))
        return view(*args, **kwargs)

    return wrapped
