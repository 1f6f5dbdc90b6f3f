"""Accounts of the web UI: users with argon2-hashed passwords, the session cookie,
and the seat tokens each user holds (kept server side, never in the browser's
storage).

The JSON API knows only seat tokens; an account is a browser-side convenience on
top: it remembers which seats of which games belong to a person, and hands the
token of one seat to that person's own game page.
"""

from service.accounts.session import current_user, login_required, users
from service.accounts.store import SeatHold, User, UserStore

__all__ = ["SeatHold", "User", "UserStore", "current_user", "login_required", "users"]
