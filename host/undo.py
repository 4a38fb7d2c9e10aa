"""Undo: a player takes back their own last move, or the table agrees to go further back.

Two ways, both methods of ``Host`` (host/sessions.py mixes ``UndoMixin`` in):

- ``undo(sid, user)``: the player's own last move, while it revealed nothing (each game declares which
  moves are final: rules/<game>/undo.py) and no other human has moved since. Computer players' replies
  that followed it are taken back with it if they revealed nothing either; otherwise the undo is refused.
- ``request_undo(sid, user, to_move)``: take back every standing move from number ``to_move`` on (1-based,
  counting the moves that stand). Every other human confirms (``answer_undo``) before the deadline
  (``Limits.undo_request_seconds``); one refusal cancels it, a move made meanwhile voids it and
  ``lapse_undo_requests`` ends the ones whose deadline passed. With no other human it applies at once.

Each request names what it is for, so that a repeat never does more: an own undo names the board it was
asked on (``expected_version``) and its Discord interaction (a second click, or the same interaction
delivered again, is refused with ``undo.error.gone``); an agreed undo's buttons carry the request's id (an
earlier request's Confirm is refused with ``undo.error.old_request``).

Undone moves stay in the log marked undone (host/store.py ``commit_undo``); the state that stands is
rebuilt by replaying the standing moves from the seed, so the random stream never changes: a draw made
again draws the same tile. The undo moves the version on like a move (every earlier button is stale).
Clocks: an undo counts as a move by the player who undid (the clock charges and starts turns as it would
after a move; time already spent is not given back).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from host import clock as clocks
from host.errors import HostError, NotSeated, SessionClosed, StaleVersion
from host.records import ActionRecord, UndoRequest
from host.store import StaleWrite
from i18n import DEFAULT_LANG, t
from rules.base import Game, reveals_of

if TYPE_CHECKING:
    from host.sessions import Host, Outcome, Session


class UndoRefused(HostError):
    """An undo that cannot be done: ``key`` and fields say why (i18n/locales/*/undo.toml)."""


class UndoGone(UndoRefused, StaleVersion):
    """The move an undo was asked for is no longer the player's last (``undo.error.gone``): it was taken
    back already (a second click, a retried delivery) or the game moved on. A stale request, like any."""


@dataclass(frozen=True)
class UndoneMove:
    """One move taken back: its number among the moves that stood, the seat and the action."""

    number: int
    seat: int
    action: Any
    by_ai: bool


@dataclass(frozen=True)
class Undone:
    """An applied undo: the session as stored afterwards and the moves taken back, in order."""

    session: Session
    moves: tuple[UndoneMove, ...]
    by: int
    """The user who undid (or asked for the agreed undo)."""
    replies: Outcome | None = None
    """The computer players' turns played on the board that stands now (announced like moves)."""


@dataclass(frozen=True)
class UndoAnswer:
    """What a request or an answer did: ``kind`` is ``asked`` (waiting for the others), ``confirmed``
    (one more confirmation, others still waiting), ``refused``, or ``applied`` (``undone`` is set)."""

    kind: str
    request: UndoRequest
    undone: Undone | None = None


def undo_refused(key: str, *, kind: type[UndoRefused] = UndoRefused, **fields: Any) -> UndoRefused:
    """The refusal ``key`` (i18n/locales/*/undo.toml): its English sentence, with the key and fields a
    front end says it with in the player's language."""
    return kind(t(DEFAULT_LANG, key, **fields), key=key, **fields)


def _standing(records: Sequence[ActionRecord]) -> list[ActionRecord]:
    return [r for r in records if not r.undone]


def last_human_move(seats: Sequence[int], is_ai: Callable[[int], bool]) -> int | None:
    """The index of the last move a human made (``seats[i]`` is who made move i), or None."""
    return next((i for i in range(len(seats) - 1, -1, -1) if not is_ai(seats[i])), None)


def take_back(
    game: Game[Any, Any], start: Any, moves: Sequence[tuple[int, Any]], first: int, is_ai: Callable[[int], bool],
    *, own: bool,
) -> tuple[Any, list[UndoneMove]]:
    """The state that stands without ``moves[first:]`` (``(seat, action)`` pairs played from ``start``, the
    set-up state) and the moves taken back. Rebuilt by replaying from the set-up, so the random stream is
    unchanged. ``own``: refuse (UndoRefused) if any of the moves taken back revealed something."""
    state = start
    for seat, action in moves[:first]:
        state, _ = game.apply(state, seat, action)
    restored = state
    reveals = reveals_of(game)
    taken: list[UndoneMove] = []
    for n, (seat, action) in enumerate(moves[first:], first + 1):
        after, _ = game.apply(state, seat, action)
        if own and reveals(state, after, seat, action):
            if is_ai(seat):
                raise undo_refused("undo.error.ai_final", move=n)
            raise undo_refused("undo.error.final", move=n)
        taken.append(UndoneMove(n, seat, action, is_ai(seat)))
        state = after
    return restored, taken


def _ai_of(session: Session) -> Callable[[int], bool]:
    """Whether a seat is played by the computer (a seat the engine plays itself, such as Alhambra's dummy,
    counts as one)."""
    seats = session.seats
    return lambda seat: seat >= len(seats) or seats[seat].is_ai


class UndoMixin:
    """The undo methods of ``Host`` (kept here so host/sessions.py stays about moves)."""

    async def standing_moves(self: Host, sid: str) -> list[ActionRecord]:
        """The moves that stand, in order (move number n is ``[n - 1]``)."""
        return _standing(await self.store.actions(sid))

    async def undo(
        self: Host, sid: str, user_id: int, *, expected_version: int | None = None, interaction_id: int | None = None
    ) -> Undone:
        """Take back ``user_id``'s own last move (with the computer players' replies after it).

        ``expected_version`` names the move: the player's last one on the board of that version (the
        Undo button's, or the board ``/game undo`` found). If the game is no longer there, or
        ``interaction_id`` already took moves back (a retried delivery), that move is gone and nothing
        more is undone: UndoGone. Raises UndoRefused (keyed) when it is final or another player moved
        since, and the usual NotSeated / SessionClosed."""

        async def change(session: Session) -> Undone:
            seat = self._active_seat(session, user_id)
            if (expected_version is not None and expected_version != session.version) or (
                    interaction_id is not None and await self.store.interaction_seen(interaction_id)):
                raise undo_refused("undo.error.gone", kind=UndoGone)
            moves = _standing(await self.store.actions(sid))
            last = last_human_move([m.seat for m in moves], _ai_of(session))
            if last is None or moves[last].seat != seat:
                if last is None or not any(m.seat == seat for m in moves):
                    raise undo_refused("undo.error.nothing")
                raise undo_refused("undo.error.not_yours")
            return await self._take_back(session, moves, last, user_id, own=True, interaction_id=interaction_id)

        done = await self._edit(sid, change)
        ai = await self.run_ai(sid)
        return Undone(ai.session, done.moves, done.by, ai)

    async def _take_back(
        self: Host, session: Session, moves: Sequence[ActionRecord], first: int, by: int, *, own: bool,
        interaction_id: int | None = None,
    ) -> Undone:
        """Store the game without the standing moves ``moves[first:]``: rebuilt from the seed. ``own``:
        refuse (UndoRefused) if any of them revealed something."""
        game, rec = session.game, session.record
        decode = msgspec.json.Decoder(game.action_type).decode
        start = game.setup(len(rec.seats), rec.options, rec.seed, rec.rng)
        restored, taken = take_back(game, start, [(m.seat, decode(m.action)) for m in moves], first,
                                    _ai_of(session), own=own)
        now = self.clock()
        clock = clocks.after_move(self.clock_of(session), frozenset(game.to_act(session.state)),
                                  frozenset(game.to_act(restored)), now, human=True)
        await self.store.commit_undo(
            session.id, session.version, [m.version for m in moves[first:]], by, msgspec.json.encode(restored),
            clock=(msgspec.json.encode(clock), clocks.next_due(clock, now)), revision=rec.revision,
            interaction_id=interaction_id,
        )
        self._cache[session.id] = (session.version + 1, restored)
        return Undone(await self.get(session.id), tuple(taken), by)

    async def request_undo(self: Host, sid: str, user_id: int, to_move: int) -> UndoAnswer:
        """Ask to take back the standing moves from number ``to_move`` on. Every other human must confirm
        (``answer_undo``) before the deadline; with none, it is applied at once (``applied``)."""

        async def change(session: Session) -> UndoAnswer:
            self._active_seat(session, user_id)
            moves = _standing(await self.store.actions(sid))
            if not moves:
                raise undo_refused("undo.error.no_moves")
            if not 1 <= to_move <= len(moves):
                raise undo_refused("undo.error.no_such_move", move=to_move, moves=len(moves))
            now = self.clock()
            pending = await self.store.undo_request(sid)
            if pending is not None and pending.deadline > now and pending.at_version == session.version:
                raise undo_refused("undo.error.pending")
            others = tuple(sorted({s.user_id for s in session.seats
                                   if s.user_id is not None and not s.is_ai and s.user_id != user_id}))
            req = UndoRequest(session_id=sid, user_id=user_id, to_move=to_move, at_version=session.version,
                              waiting=others, deadline=now + self.limits.undo_request_seconds, created_at=now,
                              request_id=secrets.token_hex(4))
            if not others:  # nobody to ask: the computer players do not mind
                return UndoAnswer("applied", req, await self._take_back(session, moves, to_move - 1, user_id,
                                                                        own=False))
            await self.store.save_undo_request(req, replace=True)
            return UndoAnswer("asked", req)

        answer = await self._edit(sid, change)
        return await self._after_undo(sid, answer)

    async def _after_undo(self: Host, sid: str, answer: UndoAnswer) -> UndoAnswer:
        if answer.undone is None:
            return answer
        ai = await self.run_ai(sid)  # a computer player to act on the board that stands now plays
        return UndoAnswer(answer.kind, answer.request, Undone(ai.session, answer.undone.moves, answer.undone.by, ai))

    async def undo_request(self: Host, sid: str) -> UndoRequest | None:
        """The game's pending agreed undo, if any (one whose deadline passed is still returned until
        ``lapse_undo_requests`` ends it)."""
        return await self.store.undo_request(sid)

    async def answer_undo(
        self: Host, sid: str, user_id: int, agree: bool, *, to_move: int | None = None, at_version: int | None = None,
        request_id: str | None = None,
    ) -> UndoAnswer:
        """A player's answer to the pending agreed undo (``to_move``/``at_version``/``request_id``, when given,
        name the request the button was drawn for: an answer to an earlier request is refused,
        ``undo.error.old_request``). Applied with the last confirmation; cancelled by a refusal."""

        async def change(session: Session) -> UndoAnswer:
            req = await self.store.undo_request(sid)
            if req is None:
                raise undo_refused("undo.error.no_request")
            if (to_move is not None and req.to_move != to_move) or (
                    at_version is not None and req.at_version != at_version) or (
                    request_id is not None and req.request_id != request_id):
                raise undo_refused("undo.error.old_request")
            if session.status != "active":
                await self.store.delete_undo_request(sid)
                raise SessionClosed("This game is not being played.", key="common.host.not_being_played")
            if self.clock() >= req.deadline:
                await self.store.delete_undo_request(sid)
                raise undo_refused("undo.error.lapsed")
            if session.version != req.at_version:
                await self.store.delete_undo_request(sid)
                raise undo_refused("undo.error.moved_on")
            if user_id not in req.waiting:
                if user_id == req.user_id:
                    raise undo_refused("undo.error.own_request")
                if session.held_by(user_id) is None:
                    raise NotSeated("You are not playing in this game.", key="common.host.not_playing")
                raise undo_refused("undo.error.already_confirmed")
            if not agree:
                await self.store.delete_undo_request(sid)
                return UndoAnswer("refused", req)
            waiting = tuple(u for u in req.waiting if u != user_id)
            req = msgspec.structs.replace(req, waiting=waiting)
            if waiting:
                if not await self.store.update_undo_waiting(sid, req.at_version, len(waiting) + 1, waiting):
                    raise StaleWrite("Another answer came in at the same moment.")  # read again (_edit)
                return UndoAnswer("confirmed", req)
            moves = _standing(await self.store.actions(sid))
            return UndoAnswer("applied", req, await self._take_back(session, moves, req.to_move - 1, req.user_id,
                                                                    own=False))

        answer = await self._edit(sid, change)
        return await self._after_undo(sid, answer)

    async def lapse_undo_requests(self: Host) -> list[UndoRequest]:
        """End every agreed undo whose deadline has passed; returns those this call ended (to announce)."""
        lapsed = []
        for req in await self.store.due_undo_requests(self.clock()):
            async with self._lock(req.session_id):
                if await self.store.delete_undo_request(req.session_id):
                    lapsed.append(req)
        return lapsed
