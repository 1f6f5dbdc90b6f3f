"""Ratings per game and player count, by the Weng-Lin (OpenSkill) Plackett-Luce model.

Plackett-Luce rates free-for-all games of any number of players from their
places (ties share a place), which Elo and Glicko-2 do not; ``openskill`` is a
small, well-kept library implementing it.  A rating is ``mu`` and ``sigma``; the
number shown is the conservative ``ordinal`` (mu - 3 sigma) on an Elo-like scale,
:func:`shown_rating` (the one place that mapping lives; see there).

Only games between people count: a game with a bot seat (also one handed to a
bot during play) and a what-if fork never change a rating.  A game is rated
once: its id goes into a set in the same transaction as the new ratings.

Keys share the hash tag ``{ratings}`` (one slot, so the transaction is legal on
Redis Cluster):

``{ratings}:<game>:<n>``   hash: lower-cased player name -> JSON rating
``{ratings}:rated``         set: game ids already rated
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import redis
from openskill.models import PlackettLuce

#: Transactions retried at most when another rating update raced this one.
RETRIES = 20


def model(**params: Any) -> PlackettLuce:
    """The rating model; the library's defaults unless a test pins them."""
    return PlackettLuce(**params)


#: Where every player starts: a new rating (mu 25, sigma 25/3) has ordinal 0.
SHOWN_START = 1500
#: Shown points per unit of mu.  The model's ``beta`` (25/6) is the skill gap at which
#: the stronger player wins about 76 % of two-player games; Elo puts 200 points there,
#: so one unit of mu is 200 / (25/6) = 48 points.
SHOWN_PER_MU = 48


def shown_rating(mu: float, sigma: float) -> int:
    """The rating players see: the conservative estimate mapped to a familiar range,
    ``1500 + 48 * (mu - 3 sigma)``.

    The model is about 99.9 % sure the skill is at least this.  Everybody starts at
    1500; it rises with wins, falls with losses, and rises a little as more games make
    the estimate surer (sigma shrinks), so a newcomer on a lucky streak does not top
    the board.  Two players 200 points apart (with settled ratings) win against each
    other about 3 to 1, as in Elo.  The raw OpenSkill values stay in the API
    (``openskill_mu``, ``openskill_sigma``, ``openskill_ordinal``).
    """
    return round(SHOWN_START + SHOWN_PER_MU * (mu - 3 * sigma))


@dataclass(frozen=True)
class Rating:
    name: str
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number on the pages: :func:`shown_rating`."""
        return shown_rating(self.mu, self.sigma)

    def to_json(self) -> dict[str, Any]:
        """``rating`` is the shown number; the model's raw values are named as such."""
        return {"name": self.name, "rating": self.shown, "games": self.games,
                "openskill_mu": round(self.mu, 4), "openskill_sigma": round(self.sigma, 4),
                "openskill_ordinal": round(self.ordinal, 4)}


def countable(row: Mapping[str, Any]) -> bool:
    """Whether a finished game (an archive row) changes ratings."""
    seats = row["seats"]
    return (not row.get("fork_of") and not row.get("bots") and len(seats) >= 2
            and all(s.get("name") and not s.get("bot") and s.get("place") for s in seats)
            and len({s["name"].lower() for s in seats}) == len(seats))


def rate(ratings: Sequence[Rating], places: Sequence[int], pl: PlackettLuce | None = None) -> list[Rating]:
    """New ratings of one game's players (one team each) from their places."""
    pl = pl or model()
    teams = [[pl.rating(mu=r.mu, sigma=r.sigma, name=r.name)] for r in ratings]
    rated = pl.rate(teams, ranks=[float(p) for p in places])
    return [Rating(r.name, team[0].mu, team[0].sigma, r.games + 1) for r, team in zip(ratings, rated, strict=True)]


class Ratings:
    def __init__(self, client: redis.Redis, prefix: str) -> None:
        self.redis = client
        self.base = f"{prefix}:{{ratings}}"

    def key(self, game: str, players: int) -> str:
        return f"{self.base}:{game}:{players}"

    @property
    def rated_key(self) -> str:
        return f"{self.base}:rated"

    def get(self, game: str, players: int, name: str) -> Rating | None:
        raw = self.redis.hget(self.key(game, players), name.lower())
        return _load(raw) if raw else None

    def of_player(self, name: str, games: Sequence[str], counts: Sequence[int] = (2, 3, 4, 5, 6)
                  ) -> list[dict[str, Any]]:
        """Every rating ``name`` has among ``games`` x ``counts``."""
        out = []
        for game in games:
            for n in counts:
                r = self.get(game, n, name)
                if r is not None:
                    out.append({"game": game, "players": n, **r.to_json()})
        return out

    def top(self, game: str, players: int, limit: int = 10) -> list[Rating]:
        raw = self.redis.hvals(self.key(game, players))
        ratings = sorted((_load(r) for r in raw), key=lambda r: (-r.ordinal, -r.games, r.name.lower()))
        return ratings[:limit]

    def apply(self, row: Mapping[str, Any], pl: PlackettLuce | None = None) -> list[Rating] | None:
        """Rate a finished game once; None when it does not count or was rated."""
        if not countable(row):
            return None
        key = self.key(row["game"], len(row["seats"]))
        names = [s["name"] for s in row["seats"]]
        places = [int(s["place"]) for s in row["seats"]]
        pl = pl or model()
        for _ in range(RETRIES):
            with self.redis.pipeline(transaction=True) as pipe:  # WATCH on a cluster client too
                try:
                    pipe.watch(key, self.rated_key)
                    if pipe.sismember(self.rated_key, row["id"]):
                        pipe.unwatch()
                        return None
                    raws = pipe.hmget(key, [n.lower() for n in names])
                    current = [_load(r) if r else Rating(n, pl.mu, pl.sigma) for n, r in zip(names, raws,
                                                                                           strict=True)]
                    new = rate([Rating(n, c.mu, c.sigma, c.games) for n, c in zip(names, current, strict=True)],
                               places, pl)
                    pipe.multi()
                    pipe.hset(key, mapping={r.name.lower(): json.dumps(asdict(r)) for r in new})
                    pipe.sadd(self.rated_key, row["id"])
                    pipe.execute()
                    return new
                except redis.WatchError:
                    continue
        raise RuntimeError(f"could not rate {row['id']}: too many concurrent updates")


def _load(raw: bytes | str) -> Rating:
    data = json.loads(raw)
    return Rating(data["name"], float(data["mu"]), float(data["sigma"]), int(data.get("games", 0)))
