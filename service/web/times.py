"""Moments shown on the pages: a ``<time>`` the page turns into the reader's language
and time zone (``static/js/local_times.js``), with a UTC text for readers without
scripts, never a bare Unix timestamp ("Ended 1795760897" in the archive)."""

from __future__ import annotations

from datetime import UTC, datetime

from markupsafe import Markup, escape


def iso_utc(ts: float) -> str:
    return datetime.fromtimestamp(float(ts), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_text(ts: float) -> str:
    return datetime.fromtimestamp(float(ts), UTC).strftime("%Y-%m-%d %H:%M UTC")


def moment(ts: float | None, css: str = "") -> Markup:
    """``<time>`` of ``ts`` (seconds since the epoch); empty for no time."""
    if ts is None:
        return Markup("")
    cls = f' class="{escape(css)}"' if css else ""
    return Markup('<time datetime="{}" data-ts="{}"{}>{}</time>').format(
        iso_utc(ts), int(float(ts)), Markup(cls), utc_text(ts))
