"""Games as sessions: the lobby, moves, AI seats, persistence before announcement.

The host knows nothing of Discord. A front end calls these methods and announces what they return;
by the time a method returns, everything it reports is already stored.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import cachetools
import msgspec

from host import clock as clocks
from host import tasks
from host.compute import ComputeFailed, ComputePool
from host.errors import (
    DamagedSession,
    LobbyError,
    NotSeated,
    PermissionDenied,
    SessionClosed,
    SessionNotFound,
    StaleVersion,
)
from host.limits import UNLIMITED, BoundedQueue, Cooldown, LimitReached, Limits
from host.records import ALL_STATUSES, OPEN_STATUSES, SeatInfo, SessionRecord
from host.store import DuplicateInteraction, SessionExists, StaleWrite, Store
from host.undo import UndoMixin
from rules import GAMES, get_game
from rules.ai import DEFAULT_LEVEL, LEVELS, ais_for, default_ai
from rules.base import Event, Game, InvalidAction, Result, RulesError, check_players, resolve_options
from rules.rng import RNG_CURRENT, new_seed

T = TypeVar("T")
DEFAULT_AI = "random"
CACHE_SIZE = 512
"""Decoded states kept in memory (the most recently used games'; about 40 KB each): a game read again
after being dropped is decoded from its row, nothing else is lost."""
DEFAULT_AI_DEADLINE = 5.0
AI_LEVEL_FLAG = "ai_level"
"""A server's flag (user_flags keyed by the guild id, as its language): the level that takes over a
timed-out or resigned seat; unset, or a value no longer known, means rules.ai.DEFAULT_LEVEL."""
_STALE_RETRIES = 20
"""How often ``submit`` (and every other write, ``_edit``) re-reads a game that another process wrote
under it before giving up with StaleVersion. Each retry means another write was stored, so this bounds
waiting, not progress."""
_ID_ATTEMPTS = 8
"""Game ids drawn before a collision is an error (32 random bits each: a repeat is rare already)."""
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Session:
    """A stored game with its decoded engine state (None while in the lobby)."""

    record: SessionRecord
    state: Any | None

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def game(self) -> Game[Any, Any]:
        return GAMES[self.record.game]

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self.record.seats

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.record.seats):
            if seat.user_id == user_id:
                return i
        return None

    def held_by(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds now, whose private view they may see: None when not seated, or
        when they resigned or timed out (the seat keeps their user_id, but an AI holds it now)."""
        seat = self.seat_of(user_id)
        if seat is None or self.record.seats[seat].resigned:
            return None
        return seat

    def to_act(self) -> frozenset[int]:
        if self.state is None or self.record.status != "active":
            return frozenset()
        return self.game.to_act(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state) if self.state is not None else None

    def view(self, viewer: int | None) -> dict[str, Any]:
        if self.state is None:
            return {}
        view = self.game.view(self.state, viewer)
        view["names"] = [s.name for s in self.seats]  # pictures name players by these (i18n/seats.py)
        return view


@dataclass(frozen=True)
class Step:
    """One applied action and what it produced."""

    seat: int
    action: Any
    events: tuple[Event, ...]
    version: int
    by_ai: bool


@dataclass(frozen=True)
class Outcome:
    """What a call changed: the session as stored afterwards and the steps applied, in order."""

    session: Session
    steps: tuple[Step, ...] = ()
    duplicate: bool = False

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]


class Host(UndoMixin):
    """Session service over a Store. One instance per process. Undo: host/undo.py."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = new_seed,
        id_source: Callable[[], str] = lambda: secrets.token_hex(4),
        rng_version: int = RNG_CURRENT,
        cache_size: int = CACHE_SIZE,
        limits: Limits | None = None,
        compute: ComputePool | None = None,
        ai_deadline: float = DEFAULT_AI_DEADLINE,
    ) -> None:
        self.store = store
        self.compute = compute
        """Worker processes for AI decisions (host/compute.py); None: decide inline (tests, tools)."""
        self.ai_deadline = ai_deadline
        """Seconds an AI decision may take in a worker before the game's simple AI answers instead."""
        self.clock = clock
        self.seed_source = seed_source
        self.id_source = id_source
        self.rng_version = rng_version
        """The random generator new games draw with (rules/rng.py); tests that pin a seed's game pin it too."""
        # A game's lock lives while someone holds or awaits it; idle and finished games keep none.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        # The decoded states of the games used most recently; a closed game's is dropped at once.
        self._cache: cachetools.LRUCache[str, tuple[int, Any]] = cachetools.LRUCache(maxsize=cache_size)
        self.limits = limits or UNLIMITED
        """Fair use (host/limits.py): open lobbies per user and server, the picture cooldown, the replay
        queue. None: no limits (local play, tests); bot.create_bot passes the settings."""
        self.pictures = Cooldown(self.limits.picture_cooldown_seconds, clock)
        """One picture drawn on request per user every PICTURE_COOLDOWN_SECONDS (front ends call ``take``)."""
        self.replays = BoundedQueue(self.limits.replay_queue_max)
        """Replay GIFs drawing or waiting, at most REPLAY_QUEUE_MAX (front ends hold a ``place``)."""
        self.owns: Callable[[int], bool] = lambda guild_id: True
        """Whether this process looks after a server's games at start-up and on the clock tick (several
        sharded processes on one database: each one its own shards' servers, so nothing runs twice)."""
        self.finish_listeners: list[Callable[[Session], Awaitable[None]]] = []
        """Called once with the finished session right after a game's last move is stored (the
        league records results here). A failing listener is logged; the move stays stored."""

    # ------------------------------------------------------------------ loading

    def lock(self, sid: str) -> asyncio.Lock:
        """The per-game lock every change to a game takes (the reminder service takes it too)."""
        return self._lock(sid)

    def _lock(self, sid: str) -> asyncio.Lock:
        lock = self._locks.get(sid)
        if lock is None:
            lock = self._locks[sid] = asyncio.Lock()
        return lock

    async def _decode_state(self, rec: SessionRecord) -> Any | None:
        """The game's state from its snapshot, checked (host/snapshots.py): a snapshot that cannot be
        read, or does not match its checksum, or (written under another schema) does not match a
        replay of its log sets the game aside as damaged (DamagedSession), once and for good."""
        if rec.damaged is not None:
            raise await self._set_aside(rec, rec.damaged)
        if rec.state is None:
            return None
        cached = self._cache.get(rec.id)
        if cached is not None and cached[0] == rec.version:
            return cached[1]
        try:
            state = msgspec.json.decode(rec.state, type=GAMES[rec.game].state_type)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise await self._set_aside(rec, f"its stored state cannot be read ({exc})") from exc
        if rec.snapshot_unchecked:  # first use after an upgrade (or an unstamped row): the log decides
            try:
                replayed = msgspec.json.encode(await self._replay_log(rec))
            except Exception as exc:  # a log that does not replay cannot vouch for the snapshot
                raise await self._set_aside(rec, f"its log does not replay ({exc})") from exc
            if replayed != msgspec.json.encode(state):
                raise await self._set_aside(rec, "its stored state does not match a replay of its log")
            await self.store.stamp_snapshot(rec.id, rec.version, rec.state)
        self._cache[rec.id] = (rec.version, state)
        return state

    async def _set_aside(self, rec: SessionRecord, why: str) -> DamagedSession:
        """Mark a game damaged (logged the first time only: a game already marked changes nothing); the
        error to raise."""
        await self.set_aside(rec.id, why)
        return DamagedSession(f"Game `{rec.id}` cannot be read: its stored data is damaged.", game_id=rec.id,
                              key="common.error.damaged", detail=why)

    async def _replay_log(self, rec: SessionRecord) -> Any:
        """The state rebuilt from the seed, the generator version and the moves that stand (not undone)."""
        game = GAMES[rec.game]
        state = game.setup(len(rec.seats), rec.options, rec.seed, rec.rng)
        for action in await self.store.actions(rec.id):
            if action.undone:  # taken back (host/undo.py): kept in the log, not part of the game
                continue
            state, _ = game.apply(state, action.seat, msgspec.json.decode(action.action, type=game.action_type))
        return state

    def _uncache_closed(self, session: Session) -> Session:
        # Nothing more is played in a closed game: its state is decoded again if it is ever read.
        if session.status not in OPEN_STATUSES:
            self._cache.pop(session.id, None)
        return session

    async def get(self, sid: str) -> Session:
        """The session ``sid``; a malformed or unknown id raises SessionNotFound."""
        if not isinstance(sid, str) or not sid.isalnum() or len(sid) > 16:
            raise SessionNotFound("That is not a game id.", key="common.host.not_a_game_id")
        rec = await self.store.load_session(sid)
        if rec is None or rec.game not in GAMES:
            raise SessionNotFound(f"There is no game with id {sid}.", key="common.host.no_game", game_id=sid)
        return self._uncache_closed(Session(rec, await self._decode_state(rec)))

    async def open_sessions(self, *, guild_id: int | None = None, channel_id: int | None = None) -> list[Session]:
        return await self.sessions(OPEN_STATUSES, guild_id=guild_id, channel_id=channel_id)

    async def sessions(
        self,
        statuses: tuple[str, ...] = ALL_STATUSES,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
    ) -> list[Session]:
        """Sessions with one of ``statuses``, optionally in one guild or channel (or its thread)."""
        recs = await self.store.list_sessions(statuses=statuses, guild_id=guild_id, channel_id=channel_id)
        out = []
        for r in recs:
            if r.game not in GAMES:
                continue
            try:
                out.append(self._uncache_closed(Session(r, await self._decode_state(r))))
            except DamagedSession:  # one damaged game never hides the others (logged once, when set aside)
                continue
        return out

    async def count_open(self) -> int:
        """How many games are open (lobbies and games in progress), from their records alone: no state
        is decoded (the ready line at start-up counts 10,000 games in a fraction of a second)."""
        return len(await self.store.list_sessions(statuses=OPEN_STATUSES))

    async def load_open(self) -> list[Outcome]:
        """At start-up: finish any AI turns a crash left pending (an outcome per game that had one).

        Each game is resumed on its own: one whose stored state decodes but makes no sense (a turn
        beyond its seats, a move its own rules refuse) is set aside as damaged, logged once, and the
        games after it are resumed as usual. Only games with an AI seat can have an AI turn pending, so
        only their states are decoded here (decoding every state was most of a restart's time); the
        others are checked when first read."""
        outcomes = []
        for rec in await self.store.list_sessions(statuses=("active",)):
            if rec.game not in GAMES or not self.owns(rec.guild_id) or not any(seat.is_ai for seat in rec.seats):
                continue
            try:
                session = Session(rec, await self._decode_state(rec))
            except DamagedSession:  # set aside and logged once by _decode_state
                continue
            try:
                if any(session.seats[s].is_ai for s in session.to_act()):  # most games wait for a human
                    outcomes.append(await self.run_ai(session.id))
            except Exception as exc:
                await self.set_aside(session.id, f"resuming it failed: {type(exc).__name__}: {exc}")
        return outcomes

    async def set_aside(self, sid: str, reason: str) -> None:
        """Mark a game damaged (kept with its log, never resumed or played on); logged the first time only."""
        self._cache.pop(sid, None)
        if await self.store.mark_damaged(sid, reason):
            log.error("game %s set aside as damaged: %s", sid, reason, extra={"session": sid})

    # ------------------------------------------------------------------ lobby

    async def create_lobby(
        self,
        game_name: str,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: Mapping[str, str] | None = None,
        seed: int | None = None,
        time_control: str | clocks.TimeControl | None = None,
    ) -> Session:
        """Open a lobby. ``time_control`` is "none", "live:5m", "async:3d+1d" … (host/clock.py);
        a bad one raises clock.ClockError with what is allowed."""
        game = get_game(game_name)
        resolved = resolve_options(game.info, options)
        control = time_control if isinstance(time_control, clocks.TimeControl) else clocks.parse(time_control)
        await self._check_lobby_limits(creator_id, guild_id)
        now = self.clock()
        rec = SessionRecord(
            id=self.id_source(),
            game=game_name,
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            options=resolved,
            seats=(SeatInfo(name=creator_name, user_id=creator_id),),
            seed=self.seed_source() if seed is None else seed,
            status="lobby",
            version=0,
            created_at=now,
            updated_at=now,
            clock=msgspec.json.encode(clocks.GameClock(control)),
            rng=self.rng_version,
        )
        for _ in range(_ID_ATTEMPTS - 1):
            try:
                await self.store.insert_session(rec)
                return Session(rec, None)
            except SessionExists:  # a taken id is drawn again: the player never sees a collision
                rec = msgspec.structs.replace(rec, id=self.id_source())
        await self.store.insert_session(rec)
        return Session(rec, None)

    async def _check_lobby_limits(self, creator_id: int, guild_id: int) -> None:
        """Refuse a new lobby past the fair-use limits (a soft limit: two lobbies opened in the same
        instant may both pass, which bounds nothing worth a lock)."""
        mine, here = await self.store.open_lobbies(creator_id=creator_id, guild_id=guild_id)
        most = self.limits.max_open_lobbies_per_user
        if mine >= most:
            raise LimitReached(f"You already have {mine} open lobbies (at most {most}): start or cancel one first.",
                               key="common.limit.lobbies_mine", open=mine, most=most)
        most = self.limits.max_open_lobbies_per_server
        if here >= most:
            raise LimitReached(f"This server already has {here} open lobbies (at most {most}): join one of them "
                               "or wait until one starts.", key="common.limit.lobbies_server", open=here, most=most)

    async def _edit(self, sid: str, change: Callable[[Session], Awaitable[T]]) -> T:
        """``change`` a fresh read of the game under its lock, read again when another process wrote
        the game in between (StaleWrite: nothing was written), so no write undoes one it did not see."""
        async with self._lock(sid):
            for attempt in range(1, _STALE_RETRIES + 1):
                try:
                    return await change(await self.get(sid))
                except StaleWrite:
                    if attempt == _STALE_RETRIES:
                        raise
            raise AssertionError("unreachable: the last attempt returns or raises")

    async def _save(self, session: Session, *, decoded: Any = None, **fields: Any) -> Session:
        """Write fields of the game as read in ``session`` (StaleWrite if it was written since); the game
        as now stored, built from what was written rather than read back (``decoded``: the engine state,
        when ``state`` is among the fields)."""
        rec = session.record
        written = msgspec.structs.replace(rec, **fields, revision=rec.revision + 1, updated_at=time.time())
        await self.store.update_session(rec.id, rec.version, revision=rec.revision, updated_at=written.updated_at,
                                        **fields)
        if "state" in fields:
            written = msgspec.structs.replace(written, snapshot_unchecked=False)
            self._cache[rec.id] = (written.version, decoded)
            return self._uncache_closed(Session(written, decoded))
        return self._uncache_closed(Session(written, session.state))

    async def _save_seats(self, session: Session, seats: tuple[SeatInfo, ...]) -> Session:
        return await self._save(session, seats=seats)

    @staticmethod
    def _table_full(session: Session) -> LobbyError:
        info = session.game.info
        return LobbyError(f"The table is full: {info.title} seats at most {info.max_players}.",
                          key="common.host.table_full", game=info.name, most=info.max_players)

    @staticmethod
    def _lobby(session: Session) -> Session:
        if session.status != "lobby":
            if session.status == "active":
                raise LobbyError("This game has already started.", key="common.host.already_started")
            raise LobbyError("This game is closed.", key="common.host.lobby_closed")
        return session

    async def join(self, sid: str, user_id: int, name: str) -> Session:
        async def change(session: Session) -> Session:
            info = self._lobby(session).game.info
            if session.seat_of(user_id) is not None:
                raise LobbyError("You have already joined this game.", key="common.host.already_joined")
            if len(session.seats) >= info.max_players:
                raise self._table_full(session)
            return await self._save_seats(session, (*session.seats, SeatInfo(name=name, user_id=user_id)))

        return await self._edit(sid, change)

    async def leave(self, sid: str, user_id: int) -> Session:
        async def change(session: Session) -> Session:
            seat = self._lobby(session).seat_of(user_id)
            if seat is None:
                raise NotSeated("You are not in this lobby.", key="common.host.not_in_lobby")
            if user_id == session.record.creator_id:
                raise LobbyError("You created this game: use Cancel to close the lobby instead.",
                                 key="common.host.creator_stays")
            return await self._save_seats(session, session.seats[:seat] + session.seats[seat + 1 :])

        return await self._edit(sid, change)

    async def add_ai(self, sid: str, user_id: int, ai: str | None = None) -> Session:
        async def change(session: Session) -> Session:
            if self._lobby(session).seat_of(user_id) is None:
                raise NotSeated("Join the lobby before adding computer players.", key="common.host.join_before_ai")
            info = session.game.info
            if len(session.seats) >= info.max_players:
                raise self._table_full(session)
            ais = ais_for(session.record.game)
            name = ai or default_ai(session.record.game)
            if name not in ais:
                available = ", ".join(sorted(ais))
                raise LobbyError(f"Unknown AI '{name}'. Available: {available}.", key="common.host.unknown_ai",
                                 ai=name, available=available)
            n = sum(1 for s in session.seats if s.is_ai) + 1
            return await self._save_seats(session, (*session.seats, SeatInfo(name=f"AI {n} ({name})", ai=name)))

        return await self._edit(sid, change)

    async def set_ai_level(self, sid: str, user_id: int, seat: int, level: str) -> Session:
        """A lobby's computer player ``seat`` plays at ``level`` (any seated player may choose, as they
        may add one)."""

        async def change(session: Session) -> Session:
            if self._lobby(session).seat_of(user_id) is None:
                raise NotSeated("Join the lobby before adding computer players.", key="common.host.join_before_ai")
            if level not in LEVELS:
                raise LobbyError(f"Unknown AI level '{level}'. Available: {', '.join(LEVELS)}.",
                                 key="common.host.unknown_level", level=level, available=", ".join(LEVELS))
            if not 0 <= seat < len(session.seats) or not session.seats[seat].is_ai:
                raise LobbyError("That seat is not a computer player any more.", key="common.host.not_an_ai_seat")
            n = sum(1 for s in session.seats[: seat + 1] if s.is_ai)
            new = SeatInfo(name=f"AI {n} ({level})", ai=level)
            return await self._save_seats(session, (*session.seats[:seat], new, *session.seats[seat + 1 :]))

        return await self._edit(sid, change)

    async def takeover_level(self, guild_id: int) -> str:
        """The AI level that takes a timed-out or resigned seat in this server."""
        chosen = await self.store.user_flag(guild_id, AI_LEVEL_FLAG) if guild_id else None
        return chosen if chosen in LEVELS else DEFAULT_LEVEL

    async def set_takeover_level(self, guild_id: int, level: str, *, is_manager: bool) -> None:
        """Set this server's takeover level; only a server manager may."""
        if not is_manager:
            raise PermissionDenied("Only members with Manage Server can choose the level of the AI that takes "
                                   "over a seat.", key="common.host.ai_level_managers")
        if level not in LEVELS:
            raise LobbyError(f"Unknown AI level '{level}'. Available: {', '.join(LEVELS)}.",
                             key="common.host.unknown_level", level=level, available=", ".join(LEVELS))
        await self.store.set_user_flag(guild_id, AI_LEVEL_FLAG, level)

    async def start(self, sid: str, user_id: int) -> Outcome:
        """Start the game. Only the lobby's creator may: the table is theirs to call complete (a manager
        who finds a lobby abandoned cancels it instead)."""

        async def change(session: Session) -> Outcome:
            if user_id != self._lobby(session).record.creator_id:
                raise PermissionDenied("Only the player who opened the lobby can start the game.",
                                       key="common.host.only_creator_starts")
            game = session.game
            try:
                check_players(game.info, len(session.seats))
            except RulesError as exc:  # said by its own key and fields, as the engine raised it
                raise LobbyError(exc.reason, **exc.fields) from exc
            state = game.setup(len(session.seats), session.record.options, session.record.seed, session.record.rng)
            now = self.clock()
            clock = clocks.start(self.clock_of(session).control, len(session.seats), game.to_act(state), now)
            started = await self._save(session, decoded=state, status="active", state=msgspec.json.encode(state),
                                       clock=msgspec.json.encode(clock), clock_due=clocks.next_due(clock, now))
            return await self._run_ai_locked(sid, session=started)  # under the same lock, from what was written

        return await self._edit(sid, change)

    async def abort(self, sid: str, user_id: int, *, is_admin: bool = False) -> Session:
        async def change(session: Session) -> Session:
            if session.status not in OPEN_STATUSES:
                raise SessionClosed("This game is already closed.", key="common.host.already_closed")
            if user_id != session.record.creator_id and not is_admin:
                raise PermissionDenied("Only the player who opened the game or a server manager can abort it.",
                                       key="common.host.only_creator_aborts")
            return await self._save(session, status="aborted")

        return await self._edit(sid, change)

    async def set_messages(self, sid: str, *, thread_id: int | None = None, message_id: int | None = None) -> None:
        fields: dict[str, object] = {}
        if thread_id is not None:
            fields["thread_id"] = thread_id
        if message_id is not None:
            fields["message_id"] = message_id
        if not fields:
            return

        async def change(session: Session) -> None:
            await self._save(session, **fields)

        await self._edit(sid, change)

    # ------------------------------------------------------------------ play

    async def submit(
        self,
        sid: str,
        user_id: int,
        action: Any,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
        made_for: Callable[[Session], None] | None = None,
    ) -> Outcome:
        """Apply a human's action, store it, then play any AI turns that follow.

        ``action`` is an engine action or its compact code. Raises SessionNotFound, SessionClosed,
        NotSeated, StaleVersion, or the engine's RulesError; on any error nothing is stored.
        ``made_for`` checks, under the game's lock and on the board the move will be applied to, that
        the move is still the one the player chose (e.g. Imperium's picks are for one round; a second
        delivery of the round's last Confirm must not become the next round's choice): it raises a
        HostError (usually StaleVersion) to refuse.
        """
        async with self._lock(sid):
            attempt = 0
            while True:
                attempt += 1
                session = await self.get(sid)
                if interaction_id is not None and await self.store.interaction_seen(interaction_id):
                    return Outcome(session, (), duplicate=True)
                if session.status == "lobby":
                    raise SessionClosed("This game has not started yet.", key="common.host.not_started")
                if session.status == "damaged":
                    raise DamagedSession(f"Game `{sid}` cannot be read: its stored data is damaged.", game_id=sid,
                                         key="common.error.damaged")
                if session.status != "active":
                    if session.status == "finished":
                        raise SessionClosed("This game is over; no more moves can be made.",
                                            key="common.host.game_over")
                    raise SessionClosed("This game was aborted.", key="common.host.aborted")
                seat = session.seat_of(user_id)
                if seat is None:
                    raise NotSeated("You are not playing in this game.", key="common.host.not_playing")
                if session.seats[seat].resigned:
                    raise NotSeated("You left this game: an AI plays your seat now.", key="common.host.resigned")
                if expected_version is not None and expected_version != session.version:
                    raise StaleVersion("The board changed while you were choosing; here it is again.",
                                       key="common.host.board_changed")
                if made_for is not None:
                    made_for(session)
                game = session.game
                if isinstance(action, str):
                    action = game.decode_action(action)
                try:
                    step, session = await self._apply(session, seat, action, interaction_id, by_ai=False)
                except DuplicateInteraction:
                    return Outcome(await self.get(sid), (), duplicate=True)
                except StaleVersion:
                    # Another process sharing the database moved this game between our read and
                    # our write (this process's lock cannot see it). Nothing was stored: read the
                    # game again and judge the move on the board as it is now: a retry that was
                    # already applied is a duplicate, a move no longer legal is refused as usual.
                    if attempt >= _STALE_RETRIES:
                        raise
                    continue
                break
            # Still under the lock, from the game as just written: no other move can come in between
            # and the store is not read again.
            ai = await self._run_ai_locked(sid, session=session)
        return Outcome(ai.session, (step, *ai.steps))

    async def _apply(
        self, session: Session, seat: int, action: Any, interaction_id: int | None, *, by_ai: bool
    ) -> tuple[Step, Session]:
        """Apply and store one action; the step and the game as now stored (built from what was written,
        not read back)."""
        game = session.game
        try:
            action_json = msgspec.json.encode(action)
        except (TypeError, msgspec.EncodeError) as exc:
            raise InvalidAction("That move could not be read.", key="common.host.unreadable_move") from exc
        new_state, events = game.apply(session.state, seat, action)
        result = game.result(new_state)
        status = "finished" if result is not None else "active"
        now = self.clock()
        clock = clocks.after_move(
            self.clock_of(session), frozenset(game.to_act(session.state)), frozenset(game.to_act(new_state)), now,
            human=not by_ai, ended=frozenset((seat,)) if game.info.simultaneous else frozenset(),
        )
        due = clocks.next_due(clock, now) if status == "active" else None
        rec = session.record
        written = msgspec.structs.replace(
            rec, version=rec.version + 1, state=msgspec.json.encode(new_state), status=status,
            result=msgspec.json.encode(result) if result is not None else None, clock=msgspec.json.encode(clock),
            clock_due=due, revision=rec.revision + 1, updated_at=time.time(), snapshot_unchecked=False,
        )
        await self.store.commit_action(
            session.id, rec.version, seat, action_json, interaction_id, written.state, status, written.result,
            clock=(written.clock, due), revision=rec.revision, updated_at=written.updated_at,
        )
        self._cache[session.id] = (written.version, new_state)
        after = self._uncache_closed(Session(written, new_state))
        if status == "finished":
            await self._finished(after)
        return Step(seat, action, tuple(events), written.version, by_ai), after

    async def _finished(self, finished: Session) -> None:
        for listener in self.finish_listeners:
            try:
                await listener(finished)
            except Exception:
                log.exception("game %s: a finish listener failed", finished.id)

    async def run_ai(self, sid: str) -> Outcome:
        """Play every pending AI turn, each stored before the next is chosen."""
        async with self._lock(sid):
            return await self._run_ai_locked(sid)

    async def _run_ai_locked(self, sid: str, turn_of: int | None = None, *, session: Session | None = None) -> Outcome:
        """AI turns; with ``turn_of``, an AI also plays that (human) seat until its turn is over. ``session``:
        the game as this process has just written it (read from the store otherwise)."""
        steps: list[Step] = []
        if session is None:
            session = await self.get(sid)
        ais = ais_for(session.record.game)
        turn = self.clock_of(session).seats[turn_of].turn if turn_of is not None else -1
        for _ in range(session.game.info.max_actions):
            if session.status != "active":
                break
            if turn_of is not None and self.clock_of(session).seats[turn_of].turn != turn:
                turn_of = None  # its turn is over: the human plays on
            acting = session.to_act()
            ai_seats = sorted(s for s in acting if session.seats[s].is_ai or s == turn_of)
            if not ai_seats:
                break
            seat = ai_seats[0]
            # A human's timed-out turn: the server's takeover level plays it.
            name = session.seats[seat].ai or await self.takeover_level(session.record.guild_id)
            if name not in ais:
                name = DEFAULT_AI
            action = await self._choose(session, seat, name)
            try:
                step, session = await self._apply(session, seat, action, None, by_ai=True)
            except StaleVersion:  # another process moved the game (maybe this very AI turn): go on from its board
                session = await self.get(sid)
                continue
            steps.append(step)
        return Outcome(session, tuple(steps))

    async def _choose(self, session: Session, seat: int, ai: str) -> Any:
        """AI ``ai``'s move for ``seat``: in a worker when the host has a pool (the loop only waits),
        else inline. A late or dead worker gets the simple AI's move instead, logged; the same seed
        string as inline, so a decision does not depend on where it was computed."""
        rec = session.record
        if self.compute is None or rec.state is None:
            player = ais_for(rec.game)[ai]
            return player.choose(session.game, session.state, seat, tasks.ai_rng(rec.seed, rec.version, seat))
        try:
            chosen = await self.compute.run(tasks.choose_action, rec.game, rec.state, seat, ai, rec.seed,
                                            rec.version, deadline=self.ai_deadline)
        except ComputeFailed as exc:
            log.error("game %s: AI %s for seat %d gave no move (%s); the simple AI plays this one",
                      rec.id, ai, seat, exc.kind, extra={"session": rec.id, "game": rec.game, "seat": seat})
            return tasks.simple_action(rec.game, session.state, seat, rec.seed, rec.version)
        return msgspec.json.decode(chosen, type=session.game.action_type)

    # ------------------------------------------------------------------ clocks, resigning, archiving

    @staticmethod
    def clock_of(session: Session) -> clocks.GameClock:
        """The game's clock (games stored before clocks existed have an untimed one)."""
        raw = session.record.clock
        if raw is None:
            return clocks.GameClock(seats=[clocks.SeatClock() for _ in session.seats])
        try:
            clock = msgspec.json.decode(raw, type=clocks.GameClock)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            # the game itself is intact: it goes on untimed rather than being stuck behind its clock
            log.error("game %s: damaged clock replaced by an untimed one (%s)", session.id, exc)
            return clocks.GameClock(seats=[clocks.SeatClock() for _ in session.seats])
        if len(clock.seats) < len(session.seats):  # a lobby's clock has no seats yet
            clock.seats += [clocks.SeatClock() for _ in range(len(session.seats) - len(clock.seats))]
        return clock

    async def save_clock(self, session: Session, clock: clocks.GameClock, due: float | None) -> Session:
        """Store a changed clock if the game has not moved meanwhile (StaleVersion otherwise)."""
        return await self._save(session, clock=msgspec.json.encode(clock), clock_due=due)

    @staticmethod
    def _active_seat(session: Session, user_id: int) -> int:
        if session.status != "active":
            raise SessionClosed("This game is not being played.", key="common.host.not_being_played")
        seat = session.seat_of(user_id)
        if seat is None or session.seats[seat].resigned:
            raise NotSeated("You are not playing in this game.", key="common.host.not_playing")
        return seat

    async def _hand_to_ai(self, session: Session, seat: int, kind: str, by: int | None) -> Session:
        """An AI takes the seat for the rest of the game; the human is ranked last by the league."""
        old = session.seats[seat]
        new = SeatInfo(name=f"{old.name} (AI)", user_id=old.user_id,
                       ai=await self.takeover_level(session.record.guild_id), resigned=True)
        clock = self.clock_of(session)
        clock.log.append(clocks.ClockEvent(self.clock(), kind, seat, by))
        seats = (*session.seats[:seat], new, *session.seats[seat + 1 :])
        return await self._save(session, seats=seats, clock=msgspec.json.encode(clock))

    async def resign(self, sid: str, user_id: int) -> Outcome:
        """The player leaves the game: an AI plays the seat to the end; the league ranks them last."""

        async def change(session: Session) -> Outcome:
            seat = self._active_seat(session, user_id)
            # The AI turns that follow run under the same lock, from the game as just written.
            return await self._run_ai_locked(sid, session=await self._hand_to_ai(session, seat, "resigned", user_id))

        return await self._edit(sid, change)

    async def timeout_choice(self, sid: str, seat: int, turn: int, choice: str, user_id: int) -> Outcome:
        """Another player's answer to a seat's timeout: ``wait`` (one more allowance), ``turn`` (an AI
        plays this turn) or ``seat`` (an AI takes the seat for the rest of the game). Logged."""
        if choice not in ("wait", "turn", "seat"):
            raise InvalidAction("That is not a choice for a timeout.", key="common.host.not_a_timeout_choice")
        async with self._lock(sid):
            session = await self.get(sid)
            chooser = self._active_seat(session, user_id)
            clock = self.clock_of(session)
            if not 0 <= seat < len(clock.seats) or clock.seats[seat].turn != turn or not clock.seats[seat].timed_out:
                raise StaleVersion("That timeout is over: the player moved or someone already chose.",
                                   key="common.host.timeout_over")
            if chooser == seat:
                raise PermissionDenied("The other players decide what happens when your time runs out.",
                                       key="common.host.others_decide")
            now = self.clock()
            clock.last_human = now
            if choice == "seat":
                return await self._run_ai_locked(sid, session=await self._hand_to_ai(session, seat, "timeout:seat",
                                                                                     user_id))
            sc = clock.seats[seat]
            sc.timed_out = False
            clock.log.append(clocks.ClockEvent(now, f"timeout:{choice}", seat, user_id))
            if choice == "wait":
                sc.extra += clock.control.per_move
                return Outcome(await self.save_clock(session, clock, clocks.next_due(clock, now)))
            saved = await self.save_clock(session, clock, clocks.next_due(clock, now))
            return await self._run_ai_locked(sid, turn_of=seat, session=saved)

    async def archive(self, sid: str, note: str = "") -> Session:
        """Set an abandoned game aside (status ``archived``; never deleted, its log kept)."""

        async def change(session: Session) -> Session:
            if session.status != "active":
                raise SessionClosed("Only a game in progress can be archived.", key="common.host.archive_active_only")
            clock = self.clock_of(session)
            clock.log.append(clocks.ClockEvent(self.clock(), "archived", note=note))
            return await self._save(session, status="archived", clock=msgspec.json.encode(clock), clock_due=None)

        return await self._edit(sid, change)

    async def replay(self, sid: str) -> Any:
        """Rebuild the state from the seed and the action log (to check a snapshot)."""
        return await self._replay_log((await self.get(sid)).record)
