"""Every refusal the host raises carries a catalogue key and its fields, and both languages say it.

The refusals are raised for real, through the host's own code (a lobby, a game, the computer players'
levels, undo, the league, the clock, the preferences, the export), and collected; the test then checks
that every key in ``host.errors.KEYS`` was raised, that English says exactly the sentence raised, and
that Japanese says it with the same fields: no English sentence is ever read to translate a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from cogs._common import error_message, message_fields
from host import clock as clocks
from host.errors import (
    KEYS,
    HostError,
    LobbyError,
    NotSeated,
    PermissionDenied,
    SessionClosed,
    SessionNotFound,
    StaleVersion,
)
from host.history import _not_finished, export_game, replay_export
from host.league import League
from host.limits import BoundedQueue, Cooldown, Limits
from host.local import run_demo
from host.records import SeatInfo
from host.reminders import Reminders, parse_quiet
from host.sessions import Host
from host.store import SqliteStore
from i18n import catalogue, fields_of, has, t
from i18n.text import game_title
from rules import GAMES
from rules.ai import DEFAULT_LEVEL
from rules.base import RulesError
from rules.ra.actions import Draw
from tests.history.helpers import play_finished_game, start_game
from tests.host.test_undo import _ra, _to_auction

T0 = 1_800_000_000.0
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
KIND_KEYS = {cls.kind_key for cls in (HostError, SessionNotFound, StaleVersion, NotSeated, LobbyError,
                                      PermissionDenied, SessionClosed)} | {"history.error.bad_log"}
"""Keys that say what kind of refusal an error is: its English is the raise site's own sentence."""


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


async def _refused(call: Callable[[], Awaitable[Any]] | Callable[[], Any]) -> HostError | RulesError:
    try:
        result = call()
        if isinstance(result, Awaitable):
            await result
    except (HostError, RulesError) as exc:
        return exc
    raise AssertionError("not refused")


async def every_refusal(tmp_path, monkeypatch) -> list[HostError | RulesError]:
    """Each host refusal, raised by doing what a player or a manager would do."""
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    out: list[HostError | RulesError] = []
    try:
        clock = Clock()
        host = Host(store, clock=clock)
        league = League(store, clock=clock)
        await league.open()
        host.finish_listeners.append(league.record)

        async def refused(call: Callable[[], Any]) -> None:
            out.append(await _refused(call))

        # The classes' own keys: a refusal whose raise site named none says what kind it is.
        out += [cls("Something nobody has written yet.")
                for cls in (HostError, SessionNotFound, StaleVersion, NotSeated, LobbyError, PermissionDenied,
                            SessionClosed)]

        # Finding a game
        await refused(lambda: host.get("no such id"))
        await refused(lambda: host.get("zz999"))

        # A lobby
        lobby = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
        await refused(lambda: host.start(lobby.id, 100))  # one player: common.rules.player_count
        await refused(lambda: host.join(lobby.id, 100, "Ann"))
        await refused(lambda: host.leave(lobby.id, 999))
        await refused(lambda: host.leave(lobby.id, 100))
        await refused(lambda: host.add_ai(lobby.id, 999))
        await refused(lambda: host.add_ai(lobby.id, 100, "nobody"))
        await refused(lambda: host.start(lobby.id, 999))
        await refused(lambda: host.abort(lobby.id, 999))
        await refused(lambda: host.submit(lobby.id, 100, "x"))
        await refused(lambda: host.resign(lobby.id, 100))
        await refused(lambda: host.archive(lobby.id))
        for n in range(1, GAMES["ra"].info.max_players):
            await host.join(lobby.id, 100 + n, f"P{n}")
        await refused(lambda: host.join(lobby.id, 999, "Zed"))
        await refused(lambda: host.add_ai(lobby.id, 100))
        await host.abort(lobby.id, 100)
        await refused(lambda: host.join(lobby.id, 999, "Zed"))
        await refused(lambda: host.abort(lobby.id, 100))
        await refused(lambda: host.submit(lobby.id, 100, "x"))

        # A game in progress (timed, so that its clock can run out)
        lobby = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann",
                                        seed=3, time_control="async:1d")
        for n in (1, 2):
            await host.join(lobby.id, 100 + n, f"P{n}")
        await refused(lambda: export_game(host, lobby.id))
        sid = (await host.start(lobby.id, 100)).session.id
        await refused(lambda: host.join(sid, 999, "Zed"))
        await refused(lambda: export_game(host, sid))
        await refused(lambda: host.submit(sid, 999, "x"))
        await refused(lambda: host.submit(sid, 100, "x", expected_version=99))
        await refused(lambda: host.submit(sid, 100, object()))
        await refused(lambda: host.timeout_choice(sid, 1, 0, "sleep", 100))
        await refused(lambda: host.timeout_choice(sid, 1, 0, "wait", 100))
        clock.now += clocks.DAY
        timeouts = await Reminders(host).tick(clock.now)
        await refused(lambda: host.timeout_choice(sid, 1, timeouts[0].turn, "wait", 101))
        await refused(lambda: league.void(1, sid))
        await host.resign(sid, 102)
        await refused(lambda: host.submit(sid, 102, "x"))
        await host.archive(sid)
        await refused(lambda: export_game(host, sid))

        # Aborted after it started; a game set aside as damaged
        aborted = await start_game(host, "alhambra_dice", 4, players=2)
        await host.abort(aborted, 100)
        await refused(lambda: export_game(host, aborted))
        damaged = await start_game(host, "alhambra_dice", 5, players=2)
        await store.mark_damaged(damaged, "a test")
        await refused(lambda: host.get(damaged))
        out.append(_not_finished(damaged, "damaged"))  # a status export_game cannot reach (host.get refuses first)

        # Finished games: playing on, exporting, the league
        done = await play_finished_game(host, "alhambra_dice", 6, players=2)
        await refused(lambda: host.submit(done, 100, "x"))
        await refused(lambda: league.void(1, "zz999"))
        await league.void(1, done)
        await refused(lambda: league.void(1, done))
        await league.void(1, done, voided=False)
        await refused(lambda: league.void(1, done, voided=False))
        session = await host.get(done)
        game = session.game
        monkeypatch.setattr(game, "decode_action", lambda code: None)  # an engine whose codes do not round-trip
        await refused(lambda: export_game(host, done))
        monkeypatch.undo()
        async with store.connection() as db:
            await db.execute("UPDATE actions SET action = ? WHERE session_id = ? AND version = 2",
                             b'{"kind":"teleport"}', done)
        await refused(lambda: export_game(host, done))
        unfinished = await start_game(host, "alhambra_dice", 7, players=2)
        await store.update_session(unfinished, (await host.get(unfinished)).version, status="finished")
        await refused(lambda: export_game(host, unfinished))
        robots = await play_finished_game(host.__class__(store, clock=clock), "alhambra_dice", 8, players=2)
        row = await host.get(robots)
        await store.update_session(robots, row.version, seats=tuple(SeatInfo(name=f"AI {n}", ai="random")
                                                                    for n in range(len(row.seats))))
        await refused(lambda: league.void(1, robots))
        await refused(lambda: replay_export("not a log"))

        # League options and seasons
        await refused(lambda: league.set_option(1, "include_ai", "maybe"))
        await refused(lambda: league.set_option(1, "min_games", "0"))
        await refused(lambda: league.set_option(1, "colour", "red"))
        await refused(lambda: league.start_season(1, ""))
        await refused(lambda: league.start_season(1, "all"))
        await refused(lambda: league.end_season(1))
        await refused(lambda: league.scope(1, "Winter"))
        await league.start_season(1, "Spring")
        await refused(lambda: league.start_season(1, "Summer"))
        await league.end_season(1)
        await refused(lambda: league.start_season(1, "spring"))
        await refused(lambda: league.scope(1, "Winter"))

        # Computer players' levels: in a lobby, and the server's takeover level
        lobby = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
        await host.add_ai(lobby.id, 100)
        await refused(lambda: host.set_ai_level(lobby.id, 999, 1, DEFAULT_LEVEL))
        await refused(lambda: host.set_ai_level(lobby.id, 100, 1, "godlike"))
        await refused(lambda: host.set_ai_level(lobby.id, 100, 0, DEFAULT_LEVEL))
        await refused(lambda: host.set_takeover_level(1, DEFAULT_LEVEL, is_manager=False))
        await refused(lambda: host.set_takeover_level(1, "godlike", is_manager=True))

        # Undo: own last move, then agreed undo (a Ra table of three; its own clock, for the deadline)
        undo_clock = Clock()
        table = Host(store, clock=undo_clock)
        sid = await _ra(table)
        await refused(lambda: table.undo(sid, 100))  # no move yet: undo.error.nothing
        await refused(lambda: table.request_undo(sid, 100, 1))
        drawn = await table.submit(sid, 100, Draw())
        await refused(lambda: table.undo(sid, 100))  # a draw reveals a tile: final
        await refused(lambda: table.undo(sid, 101))
        await refused(lambda: table.request_undo(sid, 100, 5))
        await refused(lambda: table.answer_undo(sid, 101, True))  # nothing asked: no_request
        s = await table.get(sid)
        seat = min(s.to_act())
        await table.submit(sid, 100 + seat, s.game.legal_actions(s.state, seat)[-1])
        await refused(lambda: table.undo(sid, 100))  # another player moved since: not_yours
        await refused(lambda: table.undo(sid, 100 + seat, expected_version=drawn.session.version))  # gone
        await table.request_undo(sid, 100, 1)
        await refused(lambda: table.request_undo(sid, 101, 1))  # pending
        await refused(lambda: table.answer_undo(sid, 100, True))  # own_request
        await refused(lambda: table.answer_undo(sid, 999, True))
        await refused(lambda: table.answer_undo(sid, 101, True, request_id="0"))  # an earlier request's button
        await table.answer_undo(sid, 101, True)
        await refused(lambda: table.answer_undo(sid, 101, True))  # already_confirmed
        s = await table.get(sid)
        seat = min(s.to_act())
        await table.submit(sid, 100 + seat, s.game.legal_actions(s.state, seat)[-1])
        await refused(lambda: table.answer_undo(sid, 102, True))  # moved_on
        await table.request_undo(sid, 100, 1)
        undo_clock.now += table.limits.undo_request_seconds + 1
        await refused(lambda: table.answer_undo(sid, 101, True))  # lapsed
        await table.request_undo(sid, 100, 1)
        await table.abort(sid, 100)
        await refused(lambda: table.answer_undo(sid, 101, True))  # the game closed while it waited
        # One human and two computer players: the first game (seed 2 today) where a computer's reply to the
        # human's bid draws a tile, so the human's move cannot be taken back alone (ai_final).
        for seed in range(2, 40):
            sid = await _ra(table, humans=1, ai=2, seed=seed)
            await _to_auction(table, sid)
            s = await table.get(sid)
            bid = await table.submit(sid, 100, s.game.legal_actions(s.state, min(s.to_act()))[-1])
            if any(isinstance(step.action, Draw) for step in bid.steps[1:]):
                await refused(lambda sid=sid: table.undo(sid, 100))
                break

        # python bot.py demo / play
        await refused(lambda: run_demo("ra", players=3, seed=1, out=tmp_path / "demo", ai="godlike"))

        # Fair use
        limited = Host(store, clock=clock, limits=Limits(max_open_lobbies_per_user=1, max_open_lobbies_per_server=2))
        await limited.create_lobby("ra", guild_id=2, channel_id=20, creator_id=200, creator_name="Cy")
        await refused(lambda: limited.create_lobby("ra", guild_id=2, channel_id=20, creator_id=200,
                                                   creator_name="Cy"))
        await limited.create_lobby("ra", guild_id=2, channel_id=20, creator_id=201, creator_name="Di")
        await refused(lambda: limited.create_lobby("ra", guild_id=2, channel_id=20, creator_id=202,
                                                   creator_name="Ed"))
        pictures = Cooldown(5.0, clock)
        pictures.take(7)
        await refused(lambda: pictures.take(7))
        await refused(lambda: BoundedQueue(0).place())

        # Time controls
        for spec in ("fast", "live:5m@1", "live:5s", "async:1d+2d"):
            await refused(lambda spec=spec: clocks.parse(spec))

        # Preferences
        for text in ("x", "5-5"):
            await refused(lambda text=text: parse_quiet(text))
        reminders = Reminders(host, vacation_days=14)
        await refused(lambda: reminders.start_vacation(7, 0.0, T0, T0 - 1))
        await refused(lambda: reminders.start_vacation(7, 20.0, T0, T0 - 1))
        await reminders.start_vacation(7, 3.0, T0, T0 - 1)
        await refused(lambda: reminders.start_vacation(7, 1.0, T0, T0 - 1))
    finally:
        await store.close()
    return out


@pytest.fixture
async def refusals(tmp_path, monkeypatch) -> list[HostError | RulesError]:
    return await every_refusal(tmp_path, monkeypatch)


def key_of(exc: HostError | RulesError) -> str:
    return exc.key if isinstance(exc, HostError) else str(exc.fields.get("key"))


async def test_every_host_error_key_is_raised_and_said_in_both_languages(refusals):
    raised = {key_of(exc) for exc in refusals}
    assert raised == set(KEYS), f"never raised: {sorted(set(KEYS) - raised)}; not in KEYS: {sorted(raised - set(KEYS))}"
    for exc in refusals:
        key = key_of(exc)
        fields = {k: v for k, v in exc.fields.items() if k != "key"}
        assert set(KEYS[key]) <= set(fields), (key, fields)
        english = t("en", key, **message_fields("en", fields))
        if key not in KIND_KEYS:
            assert english == exc.reason, key
        assert error_message("en", exc) == exc.reason
        japanese = error_message("ja", exc)
        assert japanese == t("ja", key, **message_fields("ja", fields)), key
        assert JAPANESE.search(japanese) and "{" not in japanese, (key, japanese)


def test_every_key_has_a_message_in_both_languages_with_the_fields_it_is_raised_with():
    for key, raised_with in KEYS.items():
        assert has("en", key) and has("ja", key), key
        allowed = set(raised_with) | ({"title"} if "game" in raised_with else set())
        for lang in ("en", "ja"):
            assert fields_of(catalogue(lang)[key]) <= allowed, (lang, key)


def test_a_newcomers_error_is_said_by_its_key_and_an_unknown_key_by_its_kind():
    exc = LobbyError("The table is full: Ra seats at most 5.", key="common.host.table_full", game="ra", most=5)
    assert error_message("en", exc) == exc.reason
    assert error_message("ja", exc) == t("ja", "common.host.table_full", title=game_title("ja", "ra"), most=5)
    unknown = NotSeated("A sentence the catalogue does not have yet.", key="undo.error.nothing_yet")
    assert error_message("ja", unknown) == t("ja", "common.class.not_seated")
