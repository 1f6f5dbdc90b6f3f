"""Marshmallow schemas of the JSON API: request validation and the OpenAPI document."""

from __future__ import annotations

import re

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, post_load, validate

# \Z, not $: "$" also matches before a trailing newline ("bob\n" passed).
#: The pattern compiled as ``str`` for direct use (``Regexp.regex`` may be either kind).
NAME_PATTERN = re.compile(r"^[\w .\-]{1,40}\Z")
NAME = validate.Regexp(NAME_PATTERN, error="1 to 40 letters, digits, spaces, '.', '-' or '_'")

#: A client's id for one command, resent unchanged with a repeat of that command.
COMMAND_ID = validate.Regexp(r"^[\w.:\-]{1,100}\Z")


class Name(fields.String):
    """A person's name: spaces around it are dropped (" bob" is bob, issue 28),
    then it must match :data:`NAME` (so a newline or tab is still refused)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(validate=NAME, **kwargs)  # type: ignore[arg-type]

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)  # type: ignore[arg-type]
        return text.strip(" ")


class SeatSpecSchema(Schema):
    class Meta:
        unknown = RAISE

    name = Name(load_default=None, allow_none=True)
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40))
    invited = Name(load_default=None, allow_none=True,
                            metadata={"description": "a registered account asked to take the seat; the "
                                                     "table waits until it accepts or declines"})


class CreateGameSchema(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True, validate=validate.Length(min=1, max=60))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(SeatSpecSchema), required=True, validate=validate.Length(min=1, max=10))
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=64),
                         metadata={"description": "fixes the game's randomness; only for tables with at most "
                                                  "one person (tests, solo, bot training), shown to everybody"})
    takeover_after = fields.Integer(load_default=None, allow_none=True, strict=True,
                                    validate=validate.Range(min=0, max=90 * 86400),
                                    metadata={"description": "seconds a seat may keep the game waiting before "
                                                             "the others may hand it to a bot"})
    hints = fields.Boolean(load_default=False, metadata={"description": "allow the greedy bot's hint"})
    deadline_hours = fields.Integer(load_default=None, allow_none=True, strict=True,
                                    validate=validate.Range(min=1, max=30 * 24),
                                    metadata={"description": "turn deadline (e.g. 24, 72, 168); a seat that "
                                                             "misses it may be handed to a bot"})


class SeatTokenSchema(Schema):
    seat = fields.String()
    token = fields.String(allow_none=True)


class CreatedGameSchema(Schema):
    id = fields.String()
    seats = fields.List(fields.Nested(SeatTokenSchema))


class JoinSchema(Schema):
    class Meta:
        unknown = RAISE

    name = Name(required=True)
    seat = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=10))


class CommandBodySchema(Schema):
    class Meta:
        unknown = RAISE

    type = fields.String(required=True, validate=validate.Length(min=1, max=60))
    args = fields.Dict(keys=fields.String(), load_default=dict)
    # What ``GET /commands`` adds to a command for people (its sentence): a client
    # that posts a listed command back as it came is right; the field is ignored.
    text = fields.Raw(load_only=True, load_default=None, metadata={
        "description": "ignored: the sentence GET /commands lists with the command"})

    @post_load
    def _drop_descriptions(self, data: dict, **_: object) -> dict:
        data.pop("text", None)
        return data


class CommandRequestSchema(Schema):
    class Meta:
        unknown = RAISE

    command = fields.Nested(CommandBodySchema, required=True)
    expected_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=0))
    command_id = fields.String(required=True, validate=COMMAND_ID)


class CommandResultSchema(Schema):
    first_seq = fields.Integer()
    last_seq = fields.Integer()
    seq = fields.Integer()
    duplicate = fields.Boolean()


class DeclinedSeatSchema(Schema):
    """The table creator's choice for a seat whose invitation was declined."""

    class Meta:
        unknown = RAISE

    choice = fields.String(required=True, validate=validate.OneOf(["invite", "open", "bot"]), metadata={
        "description": "invite: another registered account (name); open: anybody with the link may take "
                       "it; bot: a bot of level bot takes it (the game is dealt if it was the last seat)"})
    name = Name(load_default=None, allow_none=True, metadata={"description": "with invite: the account"})
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40),
                        metadata={"description": "with bot: its level"})
    command_id = fields.String(required=True, validate=COMMAND_ID, metadata={
        "description": "resending with the same id answers 200 with duplicate true and changes nothing"})


class SettledSeatSchema(Schema):
    seat = fields.String()
    choice = fields.String()
    duplicate = fields.Boolean(metadata={"description": "a repeated command_id: nothing changed again"})
    waiting = fields.Boolean(metadata={"description": "false when a bot took the last seat and the game was dealt"})
    seats = fields.List(fields.Dict())


class LobbyQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    player = fields.String(load_default=None, validate=NAME)
    state = fields.String(load_default=None, validate=validate.OneOf(["open", "running", "finished"]),
                          metadata={"description": "open: has a free seat; running: not over; finished: over"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class ReplayQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    seq = fields.Integer(load_default=None, validate=validate.Range(min=1))
    lang = fields.String(load_default="en", validate=validate.OneOf(["de", "en"]))


class LangQuerySchema(Schema):
    class Meta:
        unknown = EXCLUDE

    lang = fields.String(load_default="en", validate=validate.OneOf(["de", "en"]))


class ErrorBodySchema(Schema):
    code = fields.String()
    message = fields.String()
    field = fields.String()
    seq = fields.Integer()


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema)


class GameSummarySchema(Schema):
    id = fields.String()
    game = fields.String()
    seats = fields.List(fields.Dict())
    status = fields.Dict()
    open_seats = fields.List(fields.String())


class GameViewSchema(Schema):
    id = fields.String()
    game = fields.String()
    you = fields.String(allow_none=True)
    seq = fields.Integer()
    confirmed_seq = fields.Integer()
    seats = fields.List(fields.Dict())
    status = fields.Dict()
    view = fields.Dict()
    move_window = fields.Dict(allow_none=True)
    undo_request = fields.Dict(allow_none=True)


def require_json_object(data: object) -> dict:
    if not isinstance(data, dict):
        raise ValidationError({"body": ["a JSON object is required"]})
    return data


__all__ = [name for name in dir() if name.endswith("Schema")] + ["require_json_object"]
