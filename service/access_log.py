"""Access logs without secrets: seat tokens in a query string are blanked.

Browsers' EventSource cannot send headers, so the live-update stream takes the
seat token as ``?token=``; an access log must not keep it (whoever reads the log
could act for that seat).  Used by ``stellwerk serve`` (werkzeug) and by the
gunicorn configuration in ``deploy/``.
"""

from __future__ import annotations

import re

from werkzeug.serving import WSGIRequestHandler

#: Query parameters whose values never reach a log.
SECRET_PARAMS = ("token", "access_token", "api_token")
_SECRET = re.compile(r"(?i)([?&](?:%s)=)[^&\s\"]*" % "|".join(SECRET_PARAMS))  # noqa: UP031


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter replaced by ``***``."""
    return _SECRET.sub(r"\1***", text)


class RedactingRequestHandler(WSGIRequestHandler):
    """werkzeug's request handler, logging the request line with secrets blanked."""

    def log(self, type: str, message: str, *args: object) -> None:  # noqa: A002 - werkzeug's signature
        super().log(type, message, *(redact(a) if isinstance(a, str) else a for a in args))
