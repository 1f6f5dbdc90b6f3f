"""Who an API request acts for, and the names reserved for registered accounts.

A seat's name shows up in every lobby and log, so a name that belongs to a
registered account may be used only by that account: through its personal API
token (``Authorization: Bearer swk_...`` on the routes that need no seat token:
creating and joining games) or a logged-in browser session.  Names nobody has
registered stay free for guests.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import current_app, request
from flask_wtf.csrf import validate_csrf
from wtforms import ValidationError

from games.contract import IllegalMove
from service.accounts.session import current_user, users
from service.accounts.store import User
from service.auth import bearer_token
from service.errors import ApiError


def acting_account() -> User | None:
    """The account behind this request: a personal API token, else the session."""
    token = bearer_token()
    if token is not None:
        account = users().account_for_api_token(token)
        if account is None:
            raise ApiError(401, "unauthorized", "unknown or revoked API token")
        return account
    if "stellwerk_users" not in current_app.extensions:
        return None
    user = current_user()
    if user is not None:
        # A browser session acts only with its page's CSRF token, as on every other
        # JSON route (issue 28: creating a game in its name skipped the check).
        try:
            validate_csrf(request.headers.get("X-CSRFToken", ""))
        except ValidationError:
            raise ApiError(403, "csrf", "missing or invalid CSRF token") from None
    return user


def claim_names(names: Iterable[str | None]) -> dict[str, str]:
    """``name -> the name to seat`` for every given name: a registered account's name
    (in any case) needs that account to act, and is written the account's way.
    Raises ``IllegalMove('platform.name_reserved')`` otherwise."""
    store = current_app.extensions.get("stellwerk_users")
    claimed: dict[str, str] = {}
    acting: User | None = None
    looked_up = False
    for name in names:
        if not name:
            continue
        owner = store.get(name) if store is not None else None
        if owner is None:
            claimed[name] = name
            continue
        if not looked_up:
            acting, looked_up = acting_account(), True
        if acting is None or acting.name != owner.name:
            raise IllegalMove("platform.name_reserved",
                              f"the name {name!r} belongs to a registered account: act for it with its API "
                              "token (Authorization: Bearer) or invite the account")
        claimed[name] = owner.name
    return claimed
