"""Every legal command carries its sentence (``text``) when the game can describe
commands, so "All possible moves" and the hints read as words, never raw args."""

from __future__ import annotations

from typing import Any

from games.contract import Command, Description
from service.presenter import command_json


class Described:
    name = "described"
    messages = {"en": {"cmd.add": "Add {n}"}, "de": {"cmd.add": "{n} addieren"}}

    def describe_command(self, command: Command) -> Description:
        if command.args.get("n") == 0:
            raise ValueError("no sentence for zero")
        return Description("cmd.add", dict(command.args))


class Mute:
    name = "mute"
    messages: dict[str, Any] = {}


def test_a_described_command_has_its_sentence_in_both_languages():
    out = command_json(Described(), Command("Add", "p1", {"n": 2}))  # type: ignore[arg-type]
    assert out == {"type": "Add", "args": {"n": 2}, "text": {"en": "Add 2", "de": "2 addieren"}}


def test_a_game_without_describe_command_lists_the_bare_command():
    assert command_json(Mute(), Command("Add", "p1", {"n": 2})) == {"type": "Add", "args": {"n": 2}}  # type: ignore[arg-type]


def test_a_failing_description_costs_the_sentence_not_the_command():
    assert command_json(Described(), Command("Add", "p1", {"n": 0})) == {"type": "Add", "args": {"n": 0}}  # type: ignore[arg-type]
