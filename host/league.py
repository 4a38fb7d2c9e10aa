"""The league: ratings per server and game, seasons, leaderboards, profiles, match history, export.

``League.record`` is a finish listener of the Host: it stores one row per human player of every
finished game (``league_results``) and updates the ratings (host/ratings.py, openskill
Plackett-Luce). The rows are the truth; ``league_ratings`` is a cache of what replaying them gives,
per (server, game) for all time (season 0) and for each season. Voiding a game, changing whether AI
games count, or a game recorded out of order rebuilds that cache from the rows, which replays the
games in the order they finished: the same arithmetic as recording them one by one, so the ratings
are exactly those of a league in which a voided game was never played.

The tables live in the host's database, SQLite or PostgreSQL, and are reached through the store's
``connection()`` and ``transaction()`` (host/store.py) with SQL that both understand. Each change is
one transaction under the store's "league" lock, so several bot processes sharing one PostgreSQL
never interleave two changes to the same ladders.
"""

from __future__ import annotations

import csv
import io
import logging
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import msgspec

from host import ratings, tasks
from host.compute import ComputeFailed, ComputePool
from host.errors import DamagedSession, HostError
from host.ratings import Ladder, Placing, Rating, Seat, Standing
from host.records import SessionRecord
from rules.base import Result

if TYPE_CHECKING:
    from host.sessions import Session
    from host.store import SqlConnection, Store

log = logging.getLogger(__name__)

ALL_TIME = 0
"""The season id of all-time ratings in ``league_ratings``."""
REBUILD_DEADLINE = 120.0
"""Seconds a worker may spend on one rebuild's maths (5,000 games take a few seconds)."""
MAX_SEASON_NAME = 50

# The league's tables, created by the store's migrations (host/migrations/<dialect>/0003_league.sql):
#
# - ``league_results``: one row per human player per finished game. ``rank`` is the game's own
#   (1 = best, ties share; AI seats count), ``league_rank`` the rank among the humans that the rating
#   used (resigned seats last), ``rated`` whether the game counted, ``mu_before``..``sigma`` the
#   all-time rating around this game and ``season_mu_before``..``season_sigma`` its season's (NULL
#   when it did not count or had no season).
# - ``league_ratings``: the standings each scope's replay gives (``season_id`` 0 = all time).
# - ``league_seasons``: a server's seasons; ``ended_at`` NULL while it runs.
# - ``league_options``: per-server settings (see ``Options``).


_RESULT_COLUMNS = (
    "guild_id, game, session_id, user_id, name, seat, players, rank, league_rank, score, resigned, "
    "game_has_ai, finished_at, season_id, voided, rated, mu_before, sigma_before, mu, sigma, "
    "season_mu_before, season_sigma_before, season_mu, season_sigma"
)
_SEASON_COLUMNS = "id, guild_id, name, started_at, ended_at"
_ALL_TIME_WORDS = {"all", "all time", "all-time", "alltime", "0"}
_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


SEASON_IDS = "league:season_ids"
"""The lock a new season takes besides its server's: season numbers are counted over every server."""
NO_SEASONS_YET = "none yet"
"""The ``seasons`` field of ``league.error.no_season`` when a server has none (a front end words it again)."""


class LeagueError(HostError):
    """A league request that cannot be done; ``str(err)`` tells the user why. Nothing was changed."""


@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None

    @property
    def running(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True)
class Scope:
    """Which ratings: one season's, or all time (``season`` None)."""

    season: Season | None

    @property
    def season_id(self) -> int:
        return self.season.id if self.season is not None else ALL_TIME

    @property
    def label(self) -> str:
        if self.season is None:
            return "All time"
        return f"Season “{self.season.name}”" + ("" if self.season.running else " (ended)")


@dataclass(frozen=True)
class Options:
    """Per-server league settings."""

    include_ai: bool = False
    """Games with AI seats move the humans' ratings (the AI seats themselves are never rated)."""
    min_games: int = 1
    """Rated games a player needs to appear on the leaderboard."""


OPTION_HELP = {
    "include_ai": "on/off: games with AI seats count for the ratings",
    "min_games": "1-1000: rated games needed to appear on the leaderboard",
}


@dataclass(frozen=True)
class ResultRow:
    """One stored row: a human player's result in one finished game."""

    guild_id: int
    game: str
    session_id: str
    user_id: int
    name: str
    seat: int
    players: int
    rank: int
    league_rank: int
    score: int
    resigned: bool
    game_has_ai: bool
    finished_at: float
    season_id: int | None
    voided: bool
    rated: bool
    before: Rating | None
    after: Rating | None
    """The all-time rating around this game (None when it did not count)."""
    season_before: Rating | None
    season_after: Rating | None
    """The rating in its season around this game (None when it did not count or had no season)."""

    @property
    def won(self) -> bool:
        return ratings.won(self.rank, self.resigned)

    @property
    def change(self) -> float | None:
        """How much the shown rating moved in this game (None when it did not count)."""
        if self.before is None or self.after is None:
            return None
        return self.after.ordinal - self.before.ordinal


@dataclass(frozen=True)
class Entry:
    """A line of a leaderboard."""

    position: int
    user_id: int
    name: str
    rating: Rating
    games: int
    wins: int


@dataclass(frozen=True)
class GameStats:
    """A player's record in one game (one scope): rating and place if rated, and averages over every
    recorded game, rated or not (voided games left out)."""

    game: str
    rating: Rating | None
    position: int | None
    ranked: int
    """How many players the leaderboard lists."""
    games: int
    rated: int
    wins: int
    average_rank: float
    average_score: float
    resigned: int


@dataclass(frozen=True)
class Recomputed:
    games: tuple[str, ...]
    rated: int
    """Finished games that count, over those games."""
    added: int
    """Finished games that were missing from the league and were recorded now."""


@dataclass(frozen=True)
class Planned:
    """A rebuild worked out from ``rows`` and ``include_ai`` (``League._plan``)."""

    game: str
    rows: list[tuple[Any, ...]]
    include_ai: bool
    rebuilt: tasks.Rebuilt


def _rating(mu: Any, sigma: Any) -> Rating | None:
    return Rating(float(mu), float(sigma)) if mu is not None else None


def _row(r: Sequence[Any]) -> ResultRow:
    return ResultRow(
        int(r[0]), str(r[1]), str(r[2]), int(r[3]), str(r[4]), int(r[5]), int(r[6]), int(r[7]), int(r[8]),
        int(r[9]), bool(r[10]), bool(r[11]), float(r[12]), int(r[13]) if r[13] is not None else None,
        bool(r[14]), bool(r[15]), _rating(r[16], r[17]), _rating(r[18], r[19]), _rating(r[20], r[21]),
        _rating(r[22], r[23]),
    )


def _season(r: Sequence[Any]) -> Season:
    return Season(int(r[0]), int(r[1]), str(r[2]), float(r[3]), float(r[4]) if r[4] is not None else None)


def _scoped(sql: str, guild_id: int, scope: Scope, *more: object) -> tuple[str, list[object]]:
    """A query of league_results (``WHERE guild_id = ?`` and ``more`` parameters) narrowed to the
    season of ``scope``, with its parameters."""
    if scope.season is None:
        return sql, [guild_id, *more]
    return sql + " AND season_id = ?", [guild_id, *more, scope.season_id]


async def _all(db: SqlConnection, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
    return await db.fetch(sql, *params)


async def _run(db: SqlConnection, sql: str, params: Sequence[object] = ()) -> int:
    return await db.execute(sql, *params)


async def _one(db: SqlConnection, sql: str, params: Sequence[object] = ()) -> tuple[Any, ...] | None:
    return await db.fetchrow(sql, *params)


def _ranked(rows: Sequence[tuple[Any, ...]]) -> list[Entry]:
    """Ladder rows (user_id, name, mu, sigma, games, wins) as entries, best rating first (ties: more
    games, then the name)."""
    ordered = sorted(
        rows, key=lambda r: (-Rating(float(r[2]), float(r[3])).ordinal, -int(r[4]), str(r[1]).lower(), int(r[0]))
    )
    return [Entry(i + 1, int(u), str(n), Rating(float(m), float(s)), int(g), int(w))
            for i, (u, n, m, s, g, w) in enumerate(ordered)]


def _league_name(name: str, resigned: bool) -> str:
    """A seat an AI took is renamed "Alice (AI)" by the host; the league lists the player, Alice."""
    return name.removesuffix(" (AI)") if resigned else name


class League:
    """The league service over the host's store (SQLite or PostgreSQL)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 compute: ComputePool | None = None) -> None:
        self.store = store
        self.clock = clock
        self.compute = compute
        """Worker processes for the rating maths of rebuilds (host/compute.py); None: inline."""

    # ------------------------------------------------------------------ plumbing

    async def open(self) -> None:
        """Check that the store is open and has the league's tables (they come from the store's
        migrations, host/migrations, applied when the store opens), then record the finished games a
        crash kept from the league (``record_missed``); safe to call again."""
        async with self.store.connection() as db:
            await db.fetchrow("SELECT 1 FROM league_options LIMIT 1")
        await self.record_missed()

    async def record_missed(self) -> int:
        """Record every finished game the league has no result of: the game's last move and its league
        write are two transactions, and a crash between them must not keep a game out of the league
        until someone runs /league recompute. Returns how many were recorded (games without a human
        player are never recorded, and are looked at again: they cost a read each)."""
        async with self._reading() as db:
            missing = await _all(db, "SELECT id FROM sessions WHERE status = 'finished' AND id NOT IN "
                                     "(SELECT session_id FROM league_results) ORDER BY updated_at, id")
        recorded = 0
        for (sid,) in missing:
            try:
                rec = await self.store.load_session(str(sid))
            except DamagedSession as exc:  # one damaged game never keeps the others out
                log.error("league: game %s not recorded: %s", sid, exc)
                continue
            if rec is not None and await self._record_stored(rec):
                recorded += 1
                log.info("league: recorded game %s, which a restart found finished but not recorded", sid)
        return recorded

    async def close(self) -> None:
        """Nothing of its own to close: the store owns the connections."""

    def _transaction(self, guild_id: int, *also: str) -> AbstractAsyncContextManager[SqlConnection]:
        """One transaction; a server's league changes run one at a time, in every process sharing the
        database (a change reads the server's ladders, then writes them back: two at once would lose
        one). Servers share nothing but the season numbers (``SEASON_IDS``), so each has its own lock."""
        return self.store.transaction(lock=(f"league:{guild_id}", *also))

    def _reading(self) -> AbstractAsyncContextManager[SqlConnection]:
        return self.store.connection()

    # ------------------------------------------------------------------ recording

    async def record(self, session: Session) -> bool:
        """Record a finished game (the Host's finish listener). Returns False, changing nothing, when
        the game is not finished, has no human player, or was recorded already."""
        result = session.result()
        if session.status != "finished" or result is None:
            return False
        return await self._record(session.record, result, self.clock())

    async def _record_stored(self, rec: SessionRecord) -> bool:
        """Record a finished game from its stored result (games the listener missed)."""
        if rec.status != "finished" or rec.result is None:
            return False
        result = msgspec.json.decode(rec.result, type=Result)
        return await self._record(rec, result, rec.updated_at)

    async def _record(self, rec: SessionRecord, result: Result, finished_at: float) -> bool:
        humans = [(seat, info) for seat, info in enumerate(rec.seats) if info.user_id is not None]
        if not humans:
            return False
        has_ai = len(humans) < len(rec.seats)
        placings = [Placing(int(info.user_id or 0), result.ranks[seat], info.resigned) for seat, info in humans]
        seats = ratings.seats_of(placings)
        async with self._transaction(rec.guild_id) as db:
            if await _one(db, "SELECT 1 FROM league_results WHERE session_id = ?", (rec.id,)) is not None:
                return False
            season = await self._season_at(db, rec.guild_id, finished_at)
            options = await self._options(db, rec.guild_id)
            await db.executemany(
                f"INSERT INTO league_results ({_RESULT_COLUMNS}) VALUES ({','.join('?' * 24)})",
                [
                    (rec.guild_id, rec.game, rec.id, info.user_id, _league_name(info.name, info.resigned), seat,
                     len(rec.seats), result.ranks[seat], s.league_rank, result.scores[seat], int(info.resigned),
                     int(has_ai), finished_at, season, 0, 0, None, None, None, None, None, None, None, None)
                    for (seat, info), s in zip(humans, seats, strict=True)
                ],
            )
            if not ratings.counts(humans=len(humans), has_ai=has_ai, include_ai=options.include_ai, voided=False):
                return True
            later = await _one(
                db,
                "SELECT 1 FROM league_results WHERE guild_id = ? AND game = ? AND rated = 1 "
                "AND (finished_at > ? OR (finished_at = ? AND session_id > ?))",
                (rec.guild_id, rec.game, finished_at, finished_at, rec.id),
            )
            if later is not None:  # recorded out of order: replay them all in order
                await self._rebuild(db, rec.guild_id, rec.game, options)
            else:
                names = {info.user_id: _league_name(info.name, info.resigned) for _, info in humans}
                await self._rate_game(db, rec.guild_id, rec.game, rec.id, season, seats, names)
        return True

    async def _rate_game(
        self, db: SqlConnection, guild_id: int, game: str, sid: str, season: int | None, seats: list[Seat],
        names: dict[int, str],
    ) -> None:
        """Apply one game to the stored ladders (all time, and its season's)."""
        users = [s.user_id for s in seats]
        for scope in (ALL_TIME,) if season is None else (ALL_TIME, season):
            ladder = await self._ladder(db, guild_id, game, scope, users)
            changes = ladder.play(seats)
            await self._save_standings(db, guild_id, game, scope, ladder, names)
            prefix = "" if scope == ALL_TIME else "season_"
            await db.executemany(
                f"UPDATE league_results SET rated = 1, {prefix}mu_before = ?, {prefix}sigma_before = ?, "
                f"{prefix}mu = ?, {prefix}sigma = ? WHERE session_id = ? AND user_id = ?",
                [(b.mu, b.sigma, a.mu, a.sigma, sid, s.user_id) for s, (b, a) in zip(seats, changes, strict=True)],
            )

    async def _ladder(self, db: SqlConnection, guild_id: int, game: str, scope: int, users: Sequence[int]) -> Ladder:
        rows = await _all(
            db,
            f"SELECT user_id, mu, sigma, games, wins FROM league_ratings WHERE guild_id = ? AND game = ? "
            f"AND season_id = ? AND user_id IN ({','.join('?' * len(users))})",
            (guild_id, game, scope, *users),
        )
        return Ladder({int(u): Standing(Rating(float(m), float(s)), int(g), int(w)) for u, m, s, g, w in rows})

    async def _save_standings(
        self, db: SqlConnection, guild_id: int, game: str, scope: int, ladder: Ladder, names: dict[int, str]
    ) -> None:
        await db.executemany(
            "INSERT INTO league_ratings (guild_id, game, season_id, user_id, name, mu, sigma, games, wins) "
            "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, season_id, user_id) DO UPDATE SET "
            "name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, "
            "wins = excluded.wins",
            [
                (guild_id, game, scope, user, names.get(user, "?"), st.rating.mu, st.rating.sigma, st.games, st.wins)
                for user, st in ladder.standings.items()
            ],
        )

    async def _rated_rows(self, db: SqlConnection, guild_id: int, game: str) -> list[tuple[Any, ...]]:
        """What a rebuild of (server, game) reads, in the order the games finished (tasks.RATED_COLUMNS)."""
        return [tuple(r) for r in await _all(
            db,
            f"SELECT {tasks.RATED_COLUMNS} FROM league_results WHERE guild_id = ? AND game = ? "
            "ORDER BY finished_at, session_id, seat",
            (guild_id, game),
        )]

    async def _replay(self, rows: list[tuple[Any, ...]], include_ai: bool) -> tasks.Rebuilt:
        """The openskill maths of a rebuild: in a worker when there is a pool (thousands of games take
        seconds), inline otherwise. A lost worker is replaced and the maths done again once."""
        if self.compute is None:
            return tasks.rebuild_ratings(rows, include_ai, ALL_TIME)
        try:
            return await self.compute.run(tasks.rebuild_ratings, rows, include_ai, ALL_TIME, deadline=REBUILD_DEADLINE)
        except ComputeFailed:  # logged by the pool; a second failure reaches the caller: nothing was written
            return await self.compute.run(tasks.rebuild_ratings, rows, include_ai, ALL_TIME, deadline=REBUILD_DEADLINE)

    async def _plan(self, guild_id: int, game: str, *, void: tuple[str, bool] | None = None) -> Planned:
        """A rebuild worked out before the write transaction, so the database (one writer at a time)
        is not held while the maths runs. ``void``: (game id, voided) as the transaction will set it."""
        async with self._reading() as db:
            rows = await self._rated_rows(db, guild_id, game)
            include_ai = (await self._options(db, guild_id)).include_ai
        if void is not None:
            sid, voided = void
            rows = [(*r[:7], int(voided), r[8]) if r[0] == sid else r for r in rows]
        return Planned(game, rows, include_ai, await self._replay(rows, include_ai))

    async def _rebuild(
        self, db: SqlConnection, guild_id: int, game: str, options: Options, planned: Planned | None = None,
        *, season: int | None = None,
    ) -> int:
        """Replay every stored game of (server, game) in the order they finished: rewrite each row's
        rating and the ladders. Returns how many games counted. The caller holds a transaction;
        ``planned`` is used when the rows and options it was worked out from are still those stored.
        With ``season`` (a void: one game changed), only the all-time ladder and that season's are
        rewritten; the other seasons' ladders come out of the replay unchanged, so they are left alone."""
        rows = await self._rated_rows(db, guild_id, game)
        if planned is not None and (planned.game, planned.rows, planned.include_ai) == (game, rows, options.include_ai):
            rebuilt = planned.rebuilt
        else:
            rebuilt = await self._replay(rows, options.include_ai)
        standings = rebuilt.standings
        if season is None:
            await _run(db, "DELETE FROM league_ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
        else:
            scopes = (ALL_TIME, season)
            standings = [standing for standing in standings if standing[0] in scopes]
            await _run(db, "DELETE FROM league_ratings WHERE guild_id = ? AND game = ? AND season_id IN (?, ?)",
                       (guild_id, game, *scopes))
        await db.executemany(
            "INSERT INTO league_ratings (guild_id, game, season_id, user_id, name, mu, sigma, games, wins) "
            "VALUES (?,?,?,?,?,?,?,?,?)",
            [(guild_id, game, *standing) for standing in standings],
        )
        await db.executemany(
            "UPDATE league_results SET rated = ?, mu_before = ?, sigma_before = ?, mu = ?, sigma = ?, "
            "season_mu_before = ?, season_sigma_before = ?, season_mu = ?, season_sigma = ? "
            "WHERE session_id = ? AND user_id = ?",
            rebuilt.updates,
        )
        return rebuilt.counted

    # ------------------------------------------------------------------ admin

    async def void(self, guild_id: int, game_id: str, *, voided: bool = True) -> ResultRow:
        """Void a finished game (or restore it with ``voided=False``) and recompute its game's ratings.
        Returns one of its rows. A finished game the league missed is recorded first."""
        sid = game_id.strip().lower()
        rows = await self.game_rows(guild_id, sid)
        if not rows:
            rec = await self.store.load_session(sid) if sid.isalnum() and len(sid) <= 16 else None
            if rec is None or rec.guild_id != guild_id:
                raise LeagueError(f"There is no game with id `{sid}` in this server.", key="league.error.no_game",
                                  game_id=sid)
            if rec.status != "finished":
                raise LeagueError(f"Game `{sid}` is not finished ({rec.status}): only finished games can be voided.",
                                  key="league.error.not_finished", game_id=sid, status=rec.status)
            if not await self._record_stored(rec):
                raise LeagueError(f"Game `{sid}` had no human players, so it is not in the league.",
                                  key="league.error.no_humans", game_id=sid)
            rows = await self.game_rows(guild_id, sid)
        if rows[0].voided == voided:
            if voided:
                raise LeagueError(f"Game `{sid}` is already voided; nothing was changed.",
                                  key="league.error.already_voided", game_id=sid)
            raise LeagueError(f"Game `{sid}` is not voided; nothing was changed.", key="league.error.not_voided",
                              game_id=sid)
        planned = await self._plan(guild_id, rows[0].game, void=(sid, voided))
        async with self._transaction(guild_id) as db:
            await _run(
                db,
                "UPDATE league_results SET voided = ? WHERE guild_id = ? AND session_id = ?",
                (int(voided), guild_id, sid),
            )
            await self._rebuild(db, guild_id, rows[0].game, await self._options(db, guild_id), planned,
                                season=rows[0].season_id if rows[0].season_id is not None else ALL_TIME)
        return (await self.game_rows(guild_id, sid))[0]

    async def game_rows(self, guild_id: int, sid: str) -> list[ResultRow]:
        """The rows of one finished game (empty if the league has not recorded it)."""
        async with self._reading() as db:
            found = await _all(
                db,
                f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE guild_id = ? AND session_id = ? ORDER BY seat",
                (guild_id, sid),
            )
        return [_row(r) for r in found]

    async def recompute(self, guild_id: int, game: str | None = None) -> Recomputed:
        """Record finished games the league missed (a failed listener, games older than the league),
        then rebuild the ratings of ``game`` (or of every game) in this server from the stored rows."""
        async with self._reading() as db:
            known = {str(r[0]) for r in await _all(
                db,
                "SELECT DISTINCT session_id FROM league_results WHERE guild_id = ?", (guild_id,))}
        added = 0
        for rec in await self.store.list_sessions(statuses=("finished",), guild_id=guild_id):
            if rec.id not in known and game in (None, rec.game):
                added += await self._record_stored(rec)
        if game is None:
            async with self._reading() as db:
                games = tuple(str(r[0]) for r in await _all(
                    db,
                    "SELECT DISTINCT game FROM league_results WHERE guild_id = ? ORDER BY game", (guild_id,)))
        else:
            games = (game,)
        plans = [await self._plan(guild_id, name) for name in games]
        async with self._transaction(guild_id) as db:
            options = await self._options(db, guild_id)
            rated = 0
            for planned in plans:
                rated += await self._rebuild(db, guild_id, planned.game, options, planned)
        return Recomputed(games, rated, added)

    async def options(self, guild_id: int) -> Options:
        async with self._reading() as db:
            return await self._options(db, guild_id)

    async def _options(self, db: SqlConnection, guild_id: int) -> Options:
        values = dict(await _all(db, "SELECT key, value FROM league_options WHERE guild_id = ?", (guild_id,)))
        return Options(
            include_ai=values.get("include_ai", "off") == "on",
            min_games=int(values.get("min_games", "1")),
        )

    async def set_option(self, guild_id: int, key: str, value: str) -> Options:
        """Change one option (see ``OPTION_HELP``). Changing ``include_ai`` recomputes every game's
        ratings in the server, so the ratings always follow the rows and the options of the day."""
        key, text = key.strip().lower(), str(value).strip().lower()
        if key == "include_ai":
            if text not in _TRUE | _FALSE:
                raise LeagueError("include_ai is on or off.", key="league.error.include_ai")
            stored = "on" if text in _TRUE else "off"
        elif key == "min_games":
            if not text.isdigit() or not 1 <= int(text) <= 1000:
                raise LeagueError("min_games is a whole number from 1 to 1000.", key="league.error.min_games")
            stored = str(int(text))
        else:
            options = ", ".join(OPTION_HELP)
            raise LeagueError(f"Unknown league option '{key}'. Options: {options}.", key="league.error.unknown_option",
                              option=key, options=options)
        async with self._transaction(guild_id) as db:
            before = await self._options(db, guild_id)
            await _run(
                db,
                "INSERT INTO league_options (guild_id, key, value) VALUES (?,?,?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, stored),
            )
            after = await self._options(db, guild_id)
            if after.include_ai != before.include_ai:
                for (name,) in await _all(
                    db,
                    "SELECT DISTINCT game FROM league_results WHERE guild_id = ?", (guild_id,)
                ):
                    await self._rebuild(db, guild_id, str(name), after)
        return after

    # ------------------------------------------------------------------ seasons

    async def start_season(self, guild_id: int, name: str) -> Season:
        """Start a season named ``name``; games finishing from now on belong to it until it ends."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_SEASON_NAME:
            raise LeagueError(f"A season needs a name of 1 to {MAX_SEASON_NAME} characters.",
                              key="league.error.season_name_length", most=MAX_SEASON_NAME)
        if name.lower() in _ALL_TIME_WORDS or name.isdigit():
            raise LeagueError("That name is kept for other uses (all time, season numbers); choose another.",
                              key="league.error.season_name_reserved")
        async with self._transaction(guild_id, SEASON_IDS) as db:
            running = await self._running(db, guild_id)
            if running is not None:
                raise LeagueError(f"Season “{running.name}” is still running: end it before starting another.",
                                  key="league.error.season_running", season=running.name)
            for (other,) in await _all(db, "SELECT name FROM league_seasons WHERE guild_id = ?", (guild_id,)):
                if str(other).lower() == name.lower():
                    raise LeagueError(f"There was already a season named “{other}”; choose another name.",
                                      key="league.error.season_name_taken", season=str(other))
            (last,) = await _one(db, "SELECT MAX(id) FROM league_seasons") or (None,)
            season = Season((last or 0) + 1, guild_id, name, self.clock(), None)
            await _run(
                db,
                f"INSERT INTO league_seasons ({_SEASON_COLUMNS}) VALUES (?,?,?,?,?)",
                (season.id, guild_id, season.name, season.started_at, None),
            )
        return season

    async def end_season(self, guild_id: int) -> Season:
        async with self._transaction(guild_id) as db:
            running = await self._running(db, guild_id)
            if running is None:
                raise LeagueError("No season is running in this server.", key="league.error.no_running_season")
            now = max(self.clock(), running.started_at)
            await _run(db, "UPDATE league_seasons SET ended_at = ? WHERE id = ?", (now, running.id))
        return Season(running.id, guild_id, running.name, running.started_at, now)

    async def _running(self, db: SqlConnection, guild_id: int) -> Season | None:
        row = await _one(
            db,
            f"SELECT {_SEASON_COLUMNS} FROM league_seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
        )
        return _season(row) if row is not None else None

    async def _season_at(self, db: SqlConnection, guild_id: int, when: float) -> int | None:
        row = await _one(
            db,
            "SELECT id FROM league_seasons WHERE guild_id = ? AND started_at <= ? "
            "AND (ended_at IS NULL OR ended_at > ?) ORDER BY started_at DESC",
            (guild_id, when, when),
        )
        return int(row[0]) if row is not None else None

    async def current_season(self, guild_id: int) -> Season | None:
        async with self._reading() as db:
            return await self._running(db, guild_id)

    async def season_start(self, guild_id: int) -> float | None:
        """When the running season started (None: no season running). /prefs counts vacation days
        per season with it (cogs/clocks.py)."""
        season = await self.current_season(guild_id)
        return season.started_at if season is not None else None

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, newest first."""
        async with self._reading() as db:
            rows = await _all(
                db,
                f"SELECT {_SEASON_COLUMNS} FROM league_seasons WHERE guild_id = ? ORDER BY started_at DESC, id DESC",
                (guild_id,),
            )
        return [_season(r) for r in rows]

    async def scope(self, guild_id: int, season: str | None = None) -> Scope:
        """What ``season`` names: nothing → the running season, else all time; "all" → all time;
        a season's number or name (any case) → that season of this server."""
        text = " ".join((season or "").split()).lower()
        if not text:
            return Scope(await self.current_season(guild_id))
        if text in _ALL_TIME_WORDS:
            return Scope(None)
        known = await self.seasons(guild_id)
        for s in known:
            if (text.isdigit() and s.id == int(text)) or s.name.lower() == text:
                return Scope(s)
        names = ", ".join(f"“{s.name}”" for s in known[:10]) or NO_SEASONS_YET
        raise LeagueError(f"There is no season '{season}' in this server. Seasons: {names}; or 'all' for all time.",
                          key="league.error.no_season", season=season, seasons=names)

    # ------------------------------------------------------------------ reading

    async def leaderboard(self, guild_id: int, game: str, scope: Scope, *, limit: int | None = None) -> list[Entry]:
        """Players of ``game`` in ``scope`` with at least ``min_games`` rated games, best rating first."""
        async with self._reading() as db:
            options = await self._options(db, guild_id)
            rows = await _all(
                db,
                "SELECT user_id, name, mu, sigma, games, wins FROM league_ratings "
                "WHERE guild_id = ? AND game = ? AND season_id = ? AND games >= ?",
                (guild_id, game, scope.season_id, options.min_games),
            )
        return _ranked(rows)[:limit]

    async def rated_games(self, guild_id: int, scope: Scope) -> dict[str, int]:
        """How many games of each kind counted in ``scope``, most played first."""
        sql, params = _scoped(
            "SELECT game, COUNT(DISTINCT session_id) FROM league_results WHERE guild_id = ? AND rated = 1",
            guild_id, scope,
        )
        async with self._reading() as db:
            rows = await _all(db, sql + " GROUP BY game", params)
        return dict(sorted(((str(g), int(n)) for g, n in rows), key=lambda item: (-item[1], item[0])))

    async def profile(self, guild_id: int, user_id: int, scope: Scope) -> list[GameStats]:
        """The user's record per game in ``scope``, most played first."""
        sql, params = _scoped(
            "SELECT game, COUNT(*), SUM(rated), SUM(CASE WHEN rank = 1 AND resigned = 0 THEN 1 ELSE 0 END), "
            "AVG(rank), AVG(score), SUM(resigned) FROM league_results "
            "WHERE guild_id = ? AND user_id = ? AND voided = 0",
            guild_id, scope, user_id,
        )
        async with self._reading() as db:
            rows = await _all(db, sql + " GROUP BY game", params)
            options = await self._options(db, guild_id)
            # Every game's ladder of the scope in one query (not one per game the user played).
            ladders: dict[str, list[tuple[Any, ...]]] = {}
            for game, *rating in await _all(
                db,
                "SELECT game, user_id, name, mu, sigma, games, wins FROM league_ratings "
                "WHERE guild_id = ? AND season_id = ?",
                (guild_id, scope.season_id),
            ):
                ladders.setdefault(str(game), []).append(tuple(rating))
        stats = []
        for game, games, rated, wins, avg_rank, avg_score, resigned in rows:
            ladder = ladders.get(str(game), [])
            board = _ranked([r for r in ladder if int(r[4]) >= options.min_games])
            mine = next((e for e in board if e.user_id == user_id), None)
            stored = next((Rating(float(r[2]), float(r[3])) for r in ladder if int(r[0]) == user_id), None)
            stats.append(GameStats(
                str(game), mine.rating if mine is not None else stored, mine.position if mine else None, len(board),
                int(games), int(rated or 0), int(wins or 0), float(avg_rank), float(avg_score), int(resigned or 0),
            ))
        return sorted(stats, key=lambda s: (-s.games, s.game))

    async def history(self, guild_id: int, user_id: int, *, limit: int = 10) -> list[ResultRow]:
        """The user's most recent games in this server, newest first (voided and unrated ones too)."""
        async with self._reading() as db:
            rows = await _all(
                db,
                f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE guild_id = ? AND user_id = ? "
                "ORDER BY finished_at DESC, session_id DESC LIMIT ?",
                (guild_id, user_id, limit),
            )
        return [_row(r) for r in rows]

    async def results(self, guild_id: int, scope: Scope) -> list[ResultRow]:
        """Every stored row of ``scope`` (voided ones too), in the order the games finished."""
        sql, params = _scoped(f"SELECT {_RESULT_COLUMNS} FROM league_results WHERE guild_id = ?", guild_id, scope)
        async with self._reading() as db:
            rows = await _all(db, sql + " ORDER BY finished_at, session_id, seat", params)
        return [_row(r) for r in rows]

    async def export_csv(self, guild_id: int, scope: Scope) -> str:
        """``results`` as CSV text: one line per player per game, with the ratings of ``scope``."""
        names = {s.id: s.name for s in await self.seasons(guild_id)}
        return results_csv(await self.results(guild_id, scope), names, season=scope.season is not None)


CSV_HEADER = (
    "season", "game", "game_id", "finished_at", "user_id", "name", "seat", "players", "rank", "score",
    "resigned", "game_has_ai", "voided", "rated", "rating_before", "rating_after", "mu_before", "sigma_before",
    "mu_after", "sigma_after",
)


def _cell(text: str) -> str:
    """Keep a spreadsheet from reading a display name as a formula ("=HYPERLINK(...)")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.6f}"


def results_csv(rows: Sequence[ResultRow], season_names: dict[int, str], *, season: bool = False) -> str:
    """CSV of result rows (header first; times in UTC, ISO 8601; seats from 1; ratings as mu - 3σ,
    in the row's season when ``season``, else all time; empty when the game did not count)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for r in rows:
        before, after = (r.season_before, r.season_after) if season else (r.before, r.after)
        when = datetime.fromtimestamp(r.finished_at, UTC).isoformat(timespec="seconds")
        writer.writerow((
            _cell(season_names.get(r.season_id, "")) if r.season_id is not None else "",
            r.game, r.session_id, when, r.user_id, _cell(r.name), r.seat + 1, r.players, r.rank, r.score,
            int(r.resigned), int(r.game_has_ai), int(r.voided), int(r.rated),
            _number(before.ordinal if before else None), _number(after.ordinal if after else None),
            _number(before.mu if before else None), _number(before.sigma if before else None),
            _number(after.mu if after else None), _number(after.sigma if after else None),
        ))
    return out.getvalue()
