"""Sending notices: "your turn", deadline reminders, missed deadlines.

E-mail goes through the SMTP server from the settings; webhooks get a JSON POST
signed with the user's secret (``X-Stellwerk-Signature: sha256=<hmac>``), so a
receiver can tell our notices from forged ones.  A notice names the game, the
seat and the seq, never anything hidden.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import smtplib
import urllib.request
from dataclasses import asdict, dataclass
from email.message import EmailMessage

from events.contacts import Contact
from events.deadlines import INVITED, MISSED, REMINDER, YOUR_TURN
from events.settings import Settings
from games.messageformat import format_message

SUBJECTS = {
    "en": {YOUR_TURN: "Your turn in {title}", REMINDER: "Reminder: your turn in {title}",
           MISSED: "{title}: seat {number} missed its deadline", INVITED: "You are invited to {title}"},
    "de": {YOUR_TURN: "Du bist am Zug: {title}", REMINDER: "Erinnerung: Du bist am Zug in {title}",
           MISSED: "{title}: Platz {number} hat die Frist versäumt", INVITED: "Einladung zu {title}"},
}
BODIES = {
    "en": {YOUR_TURN: "It is your turn (seat {number}).",
           REMINDER: "It has been your turn (seat {number}) for a while.",
           MISSED: "Seat {number} missed its deadline; the other players may hand it to a bot.",
           INVITED: "{inviter} invites you to take seat {number}. Accept or decline in your lobby."},
    "de": {YOUR_TURN: "Du bist am Zug (Platz {number}).",
           REMINDER: "Du bist schon eine Weile am Zug (Platz {number}).",
           MISSED: "Platz {number} hat die Frist versäumt; die anderen dürfen ihn einem Bot übergeben.",
           INVITED: "{inviter} lädt dich zu Platz {number} ein. Nimm in deiner Lobby an oder lehne ab."},
}


@dataclass(frozen=True)
class Notice:
    kind: str
    game_id: str
    game: str
    title: str
    seat: str
    seq: int
    url: str
    #: who sent an invitation (the table's creator); an invitation says who invited (issue 27)
    inviter: str = ""


def text(notice: Notice, lang: str) -> tuple[str, str]:
    lang = lang if lang in SUBJECTS else "en"
    values = asdict(notice)
    values["number"] = notice.seat.removeprefix("p")  # "seat 2", not the id "p2"
    subject = format_message(SUBJECTS[lang][notice.kind], values, lang)
    body = format_message(BODIES[lang][notice.kind], values, lang) + f"\n\n{notice.url}\n"
    return subject, body


def send_email(settings: Settings, to: str, subject: str, body: str) -> None:
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=10) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def send_webhook(url: str, secret: str | None, notice: Notice) -> None:
    if not url.startswith(("http://", "https://")):
        raise ValueError("webhooks must be http(s) URLs")
    body = json.dumps({"event": notice.kind, **asdict(notice)}).encode()
    request = urllib.request.Request(url, data=body, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Stellwerk-Event", notice.kind)
    if secret:
        request.add_header("X-Stellwerk-Signature", sign(secret, body))
    with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 - http(s) checked above
        if response.status >= 300:
            raise OSError(f"webhook answered {response.status}")


def deliver(settings: Settings, contact: Contact, notice: Notice) -> list[str]:
    """Send ``notice`` on every channel the contact has; returns the channels used."""
    used = []
    if contact.email and settings.smtp_host:
        send_email(settings, contact.email, *text(notice, contact.lang))
        used.append("email")
    if contact.webhook:
        send_webhook(contact.webhook, contact.webhook_secret, notice)
        used.append("webhook")
    return used
