"""What-if forks: "play on from here" as a new game that links back to its origin.

The fork's log starts as a copy of the origin's log up to a confirmed position,
as the requester was allowed to see it, and goes on with the fork's own moves.

A log carries secrets (a shuffled deck's order, a card drawn face down, the
game's seed).  Copying them into a game the requester plays would hand them what
they could not see, so:

- a *finished* origin is copied in full (a reviewer saw everything), but with a
  new seed, so every draw decided after the fork point is a new one; draws made
  before it (a deck's order) stay as they were, unless the requester plays on from
  one seat's ``perspective``: then it is treated like a running game for that seat;
- a *running* origin is copied as the requester's redacted log (secrets they may
  not see replaced by ``{"hidden": true}``, others' withdrawn drafts by a
  ``Withheld`` placeholder, so seqs stay without gaps), and the position the fork
  continues from is the game's ``determinize`` of the state for that viewer: what
  was hidden is redrawn (:mod:`events.determinize` does the same for bots), and
  the seed is new.

A fork of a *running* game must not be a cheating aid (issue 27): where the
origin's table has hints off or the game is rated, the fork carries the origin's
restrictions until the origin has ended (:func:`restricted_by`): its seats are all
people (no bot plays the position out), it has no hints, no seat of it can be
handed to a bot, and it is not analysed.  A fork of such a fork carries the same
restriction.  A hotseat fork stays possible: exploring a position by hand is what
a player may do on a board of their own.

A redacted copy cannot be folded by the game's ``evolve``, so the fork's position
at the fork point is stored as its first snapshot, written before the copy: every
projection of the fork starts from it, and the fork cannot be reverted to before
it (its revert points start empty).
"""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from events import snapshots
from events.creation import new_seed
from events.envelope import Envelope
from events.projection import GAME_CREATED, REVERTED, Projection
from events.redaction import effective_viewer, redact_log
from events.repository import GameRecord, GameRepository, SeatInfo, hash_token, status_summary
from games.contract import NOBODY, REVIEWER, SECRET, SYSTEM, TURN_CONFIRMED, IllegalMove

#: The placeholder of an event the requester could not see at all.
WITHHELD = "Withheld"


def playable_position(p: Projection) -> bool:
    """A position a fork may start from: confirmed, quiet, not over."""
    return snapshots.can_snapshot(p) and not p.status().over


def copied_log(at: Projection, envelopes: Sequence[Envelope], viewer: str, seed: str) -> list[Envelope]:
    """The origin's envelopes up to ``at`` (a position of a game not over) as
    ``viewer`` could see them there, numbered as before."""
    who = effective_viewer(at, viewer)
    shown = {e.seq: e for e in redact_log(at, envelopes, who)}
    out = []
    for env in envelopes:
        copy = shown.get(env.seq)
        if copy is None:
            copy = Envelope(env.seq, WITHHELD, SYSTEM, {}, env.turn, env.ts, env.command_id, env.schema)
        if copy.type == GAME_CREATED:
            copy = copy.with_payload(_reseeded(copy.payload, seed if who == REVIEWER else None))
        out.append(copy)
    return out


def _reseeded(payload: Mapping[str, Any], seed: str | None) -> dict[str, Any]:
    """``GameCreated`` with the fork's seed (or the seed hidden) in place of the origin's."""
    data = dict(payload)
    secret = dict(data.get(SECRET, {}))
    nobody = dict(secret.get(NOBODY, {}))
    if seed is None:
        secret[NOBODY] = {"hidden": True}
    else:
        nobody["seed"] = seed
        secret[NOBODY] = nobody
    data[SECRET] = secret
    return data


#: The table field naming the running game whose restrictions a fork carries.
RESTRICTED_BY = "restricted_by"


def rated(record: GameRecord, p: Projection) -> bool:
    """Whether a game (once over) would count for the ratings: people only, never a
    fork (:func:`events.ratings.countable` decides on the archive row the same way)."""
    return (not record.table.get("fork_of") and not record.bots and not p.bots and len(record.seats) >= 2
            and all(s.name for s in record.seats))


def restricted_by(repo: GameRepository, record: GameRecord) -> str | None:
    """The running game whose restrictions a fork of ``record`` must carry, if any:
    the root a restricted fork carries already while that game runs, else the game
    itself while it runs with hints off or rated."""
    root = record.table.get(RESTRICTED_BY)
    if root and not _over(repo, root):
        return str(root)
    p = repo.projection(record.id)
    if not p.status().over and (not record.hints or rated(record, p)):
        return record.id
    return None


def restriction_active(repo: GameRepository, record: GameRecord) -> bool:
    """Whether ``record`` is a fork whose origin still runs with restrictions."""
    root = record.table.get(RESTRICTED_BY)
    return bool(root) and not _over(repo, str(root))


def _over(repo: GameRepository, game_id: str) -> bool:
    try:
        return bool(repo.projection(game_id).status().over)
    except Exception:  # noqa: BLE001 - an origin that cannot be read: keep the restriction
        return False


def fork(repo: GameRepository, origin_id: str, seq: int, viewer: str, seats: Sequence[Mapping[str, Any]],
         requester: str | None = None, rng: random.Random | None = None,
         perspective: str | None = None) -> tuple[GameRecord, dict[str, str]]:
    """Create a fork of ``origin_id`` at ``seq`` for ``viewer`` (a seat, the
    spectator, or anyone once the game is over).  ``seats``: one entry per seat,
    ``{"name"}`` (hotseat: one requester may hold several) or ``{"bot": level}``.
    ``perspective``: play on knowing only what that seat knew at ``seq`` (the rest
    redrawn); a reviewer of a finished game may choose any seat, a player only
    their own.  Returns the fork's record and the tokens of its named seats."""
    origin = repo.record(origin_id)
    latest = repo.projection(origin_id)
    who = effective_viewer(latest, viewer)
    knows = who
    if perspective is not None:
        if perspective not in [s.seat for s in origin.seats]:
            raise IllegalMove("fork.perspective", "the perspective is a seat of the game")
        if who not in (REVIEWER, perspective):
            raise IllegalMove("fork.perspective", "you may play on from your own seat's knowledge only")
        knows = perspective
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1 or seq > latest.visible_seq(who):
        raise IllegalMove("fork.seq", "seq must be a position you can see")
    if who != REVIEWER and seq > latest.public_seq:
        raise IllegalMove("fork.seq", "seq must be a confirmed position")
    at = repo.projection(origin_id, upto=seq)
    if not playable_position(at):
        raise IllegalMove("fork.position", "a fork starts from a confirmed position where the game goes on")
    if len(seats) != len(origin.seats):
        raise IllegalMove("fork.seats", f"the fork has the origin's {len(origin.seats)} seats")
    infos = []
    for info, spec in zip(origin.seats, seats, strict=True):
        name, bot = spec.get("name"), spec.get("bot")
        if bool(name) == bool(bot):
            raise IllegalMove("fork.seats", "each seat is a person (name) or a bot")
        infos.append(SeatInfo(info.seat, name, bot))
    restricted = restricted_by(repo, origin)
    if restricted is not None and any(i.bot for i in infos):
        raise IllegalMove("fork.restricted",
                          "this game is still running without hints (or rated): until it has ended, a fork of it "
                          "is played by people only (no bots, hints or analysis)")
    fork_seed = new_seed()
    rng = rng or random.Random()
    state = at.confirmed
    if knows != REVIEWER:
        state = at.game.determinize(at.confirmed, knows, rng)
    bots = {i.seat: i.bot for i in infos if i.bot}
    start = replace(at, confirmed=state, live=state, seed=fork_seed, bots=bots, handed_over=frozenset(),
                    handed_over_at={}, revert_points=(), confirmed_turns=(), last_system_seq=at.seq)
    copy = copied_log(at, repo.store.read(origin_id, upto=seq), knows, fork_seed)

    fork_id = uuid.uuid4().hex[:12]
    tokens = {i.seat: _token() for i in infos if i.name}
    created = time.time()
    table = {"fork_of": origin_id, "fork_seq": seq, "fork_viewer": knows, "forked_by": requester}
    if restricted is not None:
        table.update({RESTRICTED_BY: restricted, "hints": False})
    meta = {"game": origin.game, "created": repr(created), "seats": json.dumps([i.to_json() for i in infos]),
            "options": json.dumps(dict(origin.options)), "table": json.dumps(table)}
    players = sorted({i.name for i in infos if i.name})
    if not repo.store.create_meta(fork_id, meta, {s: hash_token(t) for s, t in tokens.items()}, players, created):
        raise IllegalMove("platform.game_exists", "fork id taken; try again")
    # The snapshot first: nobody may ever fold the (possibly redacted) copy itself.
    repo.store.save_snapshot(fork_id, seq, snapshots.dump(start))
    repo.store.append(fork_id, 0, "fork", copy, status_summary(start))
    repo.store.set_meta(fork_id, waiting="0")
    repo.notify(fork_id)  # a bot (or system work) to move in the fork
    return repo.record(fork_id), tokens


def _token() -> str:
    import secrets

    return secrets.token_urlsafe(24)


def fork_point(record: GameRecord) -> int | None:
    seq = record.table.get("fork_seq")
    return int(seq) if seq is not None else None


def replay_steps(repo: GameRepository, record: GameRecord, envelopes: Sequence[Envelope]) -> list[int]:
    """A fork's confirmed positions: its fork point and every confirmed position
    played since, folded from the fork point's snapshot (never from the copy)."""
    start_seq = fork_point(record)
    assert start_seq is not None
    p = repo.projection(record.id, upto=start_seq)
    steps = [start_seq]
    later = [e for e in envelopes if e.seq > start_seq]
    reverted = [(int(e.payload["to_seq"]), e.seq) for e in later if e.type == REVERTED]
    for i, env in enumerate(later):
        p = p.apply(env, lambda s: repo.projection(record.id, upto=s))
        last_of_command = i + 1 == len(later) or later[i + 1].command_id != env.command_id
        taken_back = any(a < p.seq <= b for a, b in reverted)
        if last_of_command and p.confirmed_seq == p.seq and not p.tail and not taken_back:
            steps.append(p.seq)
    return steps


__all__ = ["fork", "fork_point", "replay_steps", "copied_log", "playable_position", "TURN_CONFIRMED"]
