"""The logged-in user of a request: the name in Flask's signed session cookie."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from flask import current_app, g, redirect, request, session, url_for

from service.accounts.store import User, UserStore


def users() -> UserStore:
    return current_app.extensions["stellwerk_users"]


def current_user() -> User | None:
    if "user" not in g:
        name = session.get("user")
        g.user = users().get(name) if name else None
        if g.user is not None and session.get("gen", 0) != users().session_generation(name):
            g.user = None  # revoked by "log out everywhere"
        if name and g.user is None:
            session.pop("user", None)
    return g.user


def safe_next(target: str | None) -> str | None:
    """Only paths on this site: ``/games/x`` yes, ``//evil`` and ``http://`` no."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return None
    return target


def login_required(view: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_user() is None:
            return redirect(url_for("accounts.login") + "?" + urlencode({"next": request.full_path.rstrip("?")}))
        return view(*args, **kwargs)

    return wrapped
