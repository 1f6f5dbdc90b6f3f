"""Seats of a table that waits for players: joining, invitations, starting.

A table with an open or invited seat has no log yet: dealing turn order to an
"open seat" that may be first to move would stall the game.  Set-up happens once,
when the last seat is taken (or the creator fills the empty seats with bots),
through :meth:`GameRepository.deal`, whose command id makes a second dealer a
no-op.  Seats are claimed with a token first (``HSETNX``, so two people never get
one seat); the seat list in the meta hash is then updated in a WATCH transaction,
so two joins at once cannot lose each other's name.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable

import redis

from events.creation import creation_events, new_seed
from events.repository import GameRecord, GameRepository, SeatInfo, hash_token
from games import registry
from games.contract import IllegalMove


def open_to(record: GameRecord, taken: set[str], name: str | None) -> list[str]:
    """The seats ``name`` may take now: open ones, and one they are invited to
    (first).  Invited seats are closed to everybody else."""
    free = [s for s in record.seats if s.seat not in taken and not s.filled]
    mine = [s.seat for s in free if name is not None and s.invited == name]
    return mine + [s.seat for s in free if s.invited is None and s.declined is None]


def join(repo: GameRepository, game_id: str, name: str, seat: str | None = None) -> tuple[str, str]:
    """Take ``seat`` (default: the one ``name`` is invited to, else the first open
    one); returns the seat and its token.  The last seat taken deals the game."""
    record = repo.record(game_id)
    seats = open_to(record, set(repo.store.token_hashes(game_id)), name)
    if seat is not None and seat not in seats:
        invited = next((s.invited for s in record.seats if s.seat == seat), None)
        if invited and invited != name:
            raise IllegalMove("platform.seat_invited", f"seat {seat} is kept for the player invited to it")
        raise IllegalMove("platform.seat_taken", f"seat {seat} is not open")
    for candidate in ([seat] if seat else seats):
        token = secrets.token_urlsafe(24)
        if repo.store.claim_seat(game_id, candidate, hash_token(token)):
            _update_seats(repo, game_id, _seat_for(candidate, name))
            repo.store.index_player(game_id, name)
            start_if_full(repo, game_id)
            return candidate, token
    raise IllegalMove("platform.no_open_seat", "the game has no open seat")


def decline(repo: GameRepository, game_id: str, name: str) -> str:
    """``name`` declines the invitation.  The seat does not silently become a public
    open seat (issue 27): it stays closed, marked as declined by ``name``, until the
    table's creator chooses (:func:`settle_declined`)."""
    record = repo.record(game_id)
    taken = set(repo.store.token_hashes(game_id))
    seat = next((s.seat for s in record.seats if s.invited == name and s.seat not in taken and not s.filled), None)
    if seat is None:
        raise IllegalMove("platform.no_invitation", "there is no invitation for you at this table")
    _update_seats(repo, game_id, lambda s: SeatInfo(s.seat, s.name, s.bot, declined=name) if s.seat == seat else s)
    return seat


#: What the creator may make of a declined seat.
INVITE, OPEN, BOT = "invite", "open", "bot"

#: The code of an invitation for somebody seated or invited at the table already.
ALREADY_AT_TABLE = "platform.already_at_table"

#: The field prefix of a settled choice's command id in the game's ``idem`` hash (a
#: waiting table has no log yet; a move's field starts with its seat, ``p1:``).
_SETTLED = "settle:"


class SeatChanged(IllegalMove):
    """The seat is no longer a declined one (somebody settled it first): the
    caller's view of the table is stale (HTTP 409 in the API)."""


def _is_declined(s: SeatInfo) -> bool:
    return s.declined is not None and not s.filled and s.invited is None


def settle_declined(repo: GameRepository, game_id: str, seat: str, choice: str, value: str | None = None,
                    command_id: str | None = None) -> bool:
    """The creator's choice for a declined seat: ``invite`` somebody else (``value``:
    their account name, checked by the caller), make it an ``open`` seat, or seat a
    ``bot`` (``value``: its level), which deals the game when it was the last seat.
    Who may do this is the caller's business (the table's creator).

    With a ``command_id`` a resent request is answered like a resent move: True
    (a duplicate, nothing changed again) when the same choice was made under that id,
    ``platform.command_id_reused`` when the id was used for another choice.  The seat
    is changed only while it is still declined (checked in the seat list's own
    transaction), so two choices at once cannot both win.  Returns False when it
    changed the seat."""
    if choice not in (INVITE, OPEN, BOT) or (choice != OPEN and not value):
        raise IllegalMove("platform.bad_args", "choose invite (with a name), open or bot (with a level)")
    fingerprint = json.dumps([seat, choice, value if choice != OPEN else None])
    remember = (_SETTLED + command_id, fingerprint) if command_id else None
    if remember and _already(repo, game_id, *remember):
        return True
    try:
        _settle(repo, game_id, seat, choice, value, remember)
    except IllegalMove:
        if remember and _already(repo, game_id, *remember):  # the same request, raced or resent
            return True
        raise
    return False


def _already(repo: GameRepository, game_id: str, field: str, fingerprint: str) -> bool:
    """Whether ``field`` settled a seat before with this very choice."""
    seen = repo.store.redis.hget(repo.store.keys.game(game_id).idem, field)
    if seen is None:
        return False
    if (seen.decode() if isinstance(seen, bytes) else seen) != fingerprint:
        raise IllegalMove("platform.command_id_reused",
                          "this command_id was used for another choice; use a new id for a new choice")
    return True


def _settle(repo: GameRepository, game_id: str, seat: str, choice: str, value: str | None,
            remember: tuple[str, str] | None) -> None:
    record = repo.record(game_id)
    if not record.waiting:
        raise IllegalMove("platform.not_waiting", "the game has started")
    found = next((s for s in record.seats if s.seat == seat), None)
    if found is None or not _is_declined(found) or seat in set(repo.store.token_hashes(game_id)):
        raise SeatChanged("platform.not_declined", f"seat {seat} has no declined invitation")
    if choice == INVITE:
        if any(s.name == value or s.invited == value for s in record.seats):
            raise IllegalMove(ALREADY_AT_TABLE, f"{value} has a seat at this table already")
        settled = SeatInfo(seat, None, None, invited=value)
    elif choice == OPEN:
        settled = SeatInfo(seat, None, None)
    else:
        settled = SeatInfo(seat, None, value)

    def change(s: SeatInfo) -> SeatInfo:
        if s.seat != seat:
            return s
        if not _is_declined(s):
            raise SeatChanged("platform.not_declined", f"seat {seat} has no declined invitation")
        return settled

    # A bot's seat gets its (unused) token in the same transaction: a seat never
    # ends up claimed by a bot that a concurrent choice kept out.
    _update_seats(repo, game_id, change, remember, claim=seat if choice == BOT else None)
    if choice == INVITE and value:
        repo.store.index_player(game_id, value)  # the table shows among the invitee's invitations
    elif choice == BOT:
        start_if_full(repo, game_id)


def inviter(record: GameRecord) -> str | None:
    """Who set the table and so sent its invitations: the creating account, else the
    name in the creator's seat."""
    account = record.table.get("creator_account")
    if account:
        return str(account)
    return next((s.name for s in record.seats if s.seat == record.creator and s.name), None)


def invitations(repo: GameRepository, name: str) -> list[tuple[GameRecord, str]]:
    """Tables waiting for ``name`` to accept or decline a seat."""
    found = []
    for record in repo.list(name):
        if not record.waiting:
            continue
        taken = set(repo.store.token_hashes(record.id))
        for s in record.seats:
            if s.invited == name and s.seat not in taken and not s.filled:
                found.append((record, s.seat))
    return found


def start_with_bots(repo: GameRepository, game_id: str, level: str) -> list[str]:
    """Fill every empty seat (open or invited) with a ``level`` bot and deal.
    Who may do this is the caller's business (the table's creator)."""
    record = repo.record(game_id)
    if not record.waiting:
        raise IllegalMove("platform.not_waiting", "the game has started")
    filled: list[str] = []
    for s in record.seats:
        if not s.filled and repo.store.claim_seat(game_id, s.seat, hash_token(secrets.token_urlsafe(24))):
            filled.append(s.seat)
    _update_seats(repo, game_id, lambda s: SeatInfo(s.seat, None, level) if s.seat in filled else s)
    start_if_full(repo, game_id)
    return filled


def start_if_full(repo: GameRepository, game_id: str) -> bool:
    """Deal the game if every seat is taken; True if this call dealt it."""
    record = repo.record(game_id)
    if not record.waiting:
        return False
    taken = set(repo.store.token_hashes(game_id))
    if not all(s.seat in taken for s in record.seats) or not all(s.filled for s in record.seats):
        return False
    game = registry.get(record.game)
    pending = json.loads(repo.store.meta(game_id).get("pending", "{}"))
    seats = [s.seat for s in record.seats]
    events = creation_events(game, record.options, seats, pending.get("seed") or new_seed(), bots=record.bots)
    return repo.deal(game_id, events)


def _seat_for(seat: str, name: str) -> Callable[[SeatInfo], SeatInfo]:
    """The change that seats ``name`` in ``seat`` (its invitation, if any, is used up)."""
    return lambda s: SeatInfo(s.seat, name, s.bot) if s.seat == seat else s


def _update_seats(repo: GameRepository, game_id: str, change: Callable[[SeatInfo], SeatInfo],
                  remember: tuple[str, str] | None = None, claim: str | None = None) -> None:
    """Apply ``change`` to every seat in one optimistic transaction (``change`` may
    raise to leave the seats as they are).  ``remember``: a field and value of the
    game's ``idem`` hash written in the same transaction; ``claim``: a seat that gets
    a token in it, refused when somebody holds one already (all keys of one game
    share its hash tag, so one slot)."""
    keys = repo.store.keys.game(game_id)
    # transaction=True: a Redis Cluster client supports WATCH only in a transaction (one slot).
    with repo.store.redis.pipeline(transaction=True) as pipe:
        while True:
            try:
                pipe.watch(keys.meta, keys.tokens) if claim else pipe.watch(keys.meta)
                if claim and pipe.hexists(keys.tokens, claim):
                    raise SeatChanged("platform.seat_taken", f"seat {claim} is not open")
                raw = pipe.hget(keys.meta, "seats")
                seats = [change(SeatInfo(**s)) for s in json.loads(raw)]
                pipe.multi()
                pipe.hset(keys.meta, "seats", json.dumps([s.to_json() for s in seats]))
                if remember is not None:
                    pipe.hset(keys.idem, *remember)
                if claim:
                    pipe.hset(keys.tokens, claim, hash_token(secrets.token_urlsafe(24)))
                pipe.execute()
                return
            except redis.WatchError:
                continue
