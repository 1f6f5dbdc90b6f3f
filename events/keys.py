"""Redis key names.  Every key of one game shares the hash tag ``{<id>}`` so that a
game lives on one Redis Cluster shard and the append script may touch them all."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameKeys:
    log: str
    meta: str
    idem: str
    snap: str
    tokens: str


@dataclass(frozen=True)
class Keys:
    prefix: str

    def game(self, game_id: str) -> GameKeys:
        base = f"{self.prefix}:game:{{{game_id}}}"
        return GameKeys(f"{base}:log", f"{base}:meta", f"{base}:idem", f"{base}:snap", f"{base}:tokens")

    @property
    def lobby(self) -> str:
        """Sorted set of game ids by last activity (not in a game's hash tag:
        updated outside the append script)."""
        return f"{self.prefix}:lobby"

    def player(self, name: str) -> str:
        return f"{self.prefix}:player:{name}"
