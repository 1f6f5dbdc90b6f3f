"""Positions for the bot tests: a Russian Railroads table played some turns in."""

from __future__ import annotations

from events.local import LocalTable
from games.russian_railroads import GAME
from worker.bots.turns import bot_turn


def to_move(table: LocalTable) -> str:
    return table.projection.turn_seat or table.status().to_move[0]


def advance(table: LocalTable, turns: int, level: str = "greedy") -> LocalTable:
    """Play ``turns`` whole turns (and any system work) with ``level``."""
    done = 0
    while done < turns and not table.status().over:
        if table.run_system():
            continue
        seat = to_move(table)
        for command in bot_turn(table.projection, seat, level, 1000):
            table.submit(seat, command)
        done += 1
    while table.run_system():
        pass
    return table


def position(players: int = 2, turns: int = 0, seed: str = "bots") -> LocalTable:
    return advance(LocalTable.create(GAME, {}, players, seed=seed), turns)
