"""Every slash command and every button or select is answered (acknowledged or replied to) before any
slow step: drawing a picture, replaying a game, an AI decision, a league recompute or a leaderboard
query. Discord fails an interaction not answered within 3 s, and under load those steps take seconds.

The test drives every command of the bot's app-command tree and every DynamicItem it registered, so
a new one fails here until it is driven too; the slow steps are instrumented to check, when each one
starts, that the interaction being handled has already been answered.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import cogs._game
import cogs.history
import cogs.league
import cogs.replay_viewer
import cogs.rules
import host.sessions
from host.clock import HOUR
from host.league import League
from tests.discord_harness.helpers import button_id, buttons, selects
from tests.ops.helpers import boards, open_game


class SlowSteps:
    """Records every slow step, and the ones begun before the interaction in hand was answered."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.seen: set[str] = set()
        self.late: list[tuple[str, str]] = []
        """(slow step, interaction) for each step begun before its interaction was answered."""

    def unanswered(self) -> str | None:
        """The last interaction Discord sent the bot (its command or custom_id), if not answered yet."""
        transcript = self.env.backend.transcript
        for i in range(len(transcript) - 1, -1, -1):
            kind, name, payload = transcript[i]
            if kind == "GATEWAY" and name == "INTERACTION_CREATE":
                iid = str(payload["id"])
                answered = any(k == "HTTP" and n.startswith(f"POST /interactions/{iid}/") and n.endswith("/callback")
                               for k, n, _ in transcript[i + 1:])
                data = payload.get("data") or {}
                return None if answered else str(data.get("custom_id") or data.get("name") or iid)
        return None

    def step(self, what: str) -> None:
        self.seen.add(what)
        iid = self.unanswered()
        if iid is not None:
            self.late.append((what, iid))

    def wrap_async(self, what: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        async def wrapped(*args: Any, **kwargs: Any) -> Any:
            self.step(what)
            return await fn(*args, **kwargs)
        return wrapped

    def wrap(self, what: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            self.step(what)
            return fn(*args, **kwargs)
        return wrapped


@pytest.fixture
def slow(simcord_env, monkeypatch) -> SlowSteps:
    steps = SlowSteps(simcord_env)
    monkeypatch.setattr(cogs.history, "REPLAY_FRAMES", 3)  # a short GIF: the test is about order, not frames
    # pictures, replay GIFs and AI decisions go to the compute pool through these entry points
    monkeypatch.setattr(cogs._game, "in_pool", steps.wrap_async("render", cogs._game.in_pool))
    monkeypatch.setattr(cogs.league, "in_pool", steps.wrap_async("render", cogs.league.in_pool))
    monkeypatch.setattr(cogs.history, "in_pool", steps.wrap_async("replay", cogs.history.in_pool))
    monkeypatch.setattr(cogs.replay_viewer, "in_pool", steps.wrap_async("replay", cogs.replay_viewer.in_pool))
    monkeypatch.setattr(cogs.rules, "in_pool", steps.wrap_async("render", cogs.rules.in_pool))
    monkeypatch.setattr(League, "_rebuild", steps.wrap_async("recompute", League._rebuild))
    monkeypatch.setattr(League, "leaderboard", steps.wrap_async("leaderboard query", League.leaderboard))
    monkeypatch.setattr(host.sessions.Host, "_choose", steps.wrap_async("ai", host.sessions.Host._choose))
    return steps


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def finish_by_host(bot: Any, sid: str, seed: int) -> None:
    """Play a started game to its end through the host alone (random legal moves)."""
    rng = random.Random(seed)
    while (session := await bot.host.get(sid)).status == "active":
        seat = min(session.to_act())
        action = rng.choice(session.game.legal_actions(session.state, seat))
        await bot.host.submit(sid, session.seats[seat].user_id, action, expected_version=session.version)


@pytest.mark.simcord(settle_timeout=120)  # a loaded machine draws slowly; the test is about order
async def test_every_command_and_control_is_answered_before_any_slow_step(simcord_env, simcord_bot, slow):
    env, bot = simcord_env, simcord_bot
    clock = FakeClock(1_800_000_000.0)
    bot.host.clock = clock
    driven: set[str] = set()

    # ---- lobby buttons and a Ra game with an AI seat: Join, Leave, Add AI, Start, Cancel
    bot.host.seed_source = lambda: 3
    admin, bob, carol = (env.create_user(n) for n in ("alice", "bob", "carol"))
    guild = env.create_guild(owner=admin)
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(u) for u in (admin, bob, carol))
    await alice.slash(channel, "game new", game="ra")
    thread = channel.threads[0]
    lobby = thread.last_message
    for who, label in ((bob, "Join"), (carol, "Join"), (carol, "Leave"), (carol, "Join"), (alice, "Add AI"),
                       (alice, "Start")):
        await who.click(lobby, label=label)
    driven |= {"game new", "LobbyButton"}
    ra = next(s for s in await bot.host.open_sessions() if s.record.thread_id == thread.id)
    await alice.slash(channel, "game new", game="imperium")
    await alice.click(channel.threads[-1].last_message, label="Cancel")

    # ---- a Ra move by button, and the Ra commands
    players = {s.user_id: m for s, m in zip(ra.seats, (alice, bob, carol, None), strict=False) if not s.is_ai}
    session = await bot.host.get(ra.id)
    seat = min(session.to_act())
    board = boards(thread)[-1]
    act = next(b for b in buttons(board) if b["custom_id"].startswith("act:"))
    await players[session.seats[seat].user_id].click(board, custom_id=act["custom_id"])
    driven.add("ActButton")
    for command, kwargs in (("game status", {}), ("game status", {"repost": True}), ("game list", {}),
                            ("game mine", {}), ("ra status", {})):
        await bob.slash(thread, command, **kwargs)
        driven.add(command)

    # ---- undo: the Undo button on the newest board, /game undo, and an agreed-undo request answered
    mover = players[session.seats[seat].user_id]
    board = boards(thread)[-1]
    undo = next(b for b in buttons(board) if b["custom_id"].startswith("undo:"))
    await mover.click(board, custom_id=undo["custom_id"])
    await mover.slash(thread, "game undo")
    await alice.slash(thread, "game undo", to=1)
    request = thread.last_message
    await bob.click(request, custom_id=next(b["custom_id"] for b in buttons(request)
                                            if b["custom_id"].startswith("undoa:y:")))
    driven |= {"UndoButton", "game undo", "UndoAnswerButton"}

    # ---- Barrage: a choice from a select, and /barrage status
    bplayers, bthread, bsid = await open_game(env, bot, "barrage", ["dora", "emil"], seed=2)
    bsession = await bot.host.get(bsid)
    menu = selects(boards(bthread)[-1])[0]
    bplayer = bplayers[min(bsession.to_act())]
    await bplayer.select(boards(bthread)[-1], [menu.options[0].value], custom_id=menu.custom_id)
    driven.add("ActSelect")
    await bplayer.slash(bthread, "barrage status")
    driven.add("barrage status")

    # ---- Alhambra: toggle a die, re-roll
    (al1, al2), athread, asid = await open_game(env, bot, "alhambra_dice", ["fay", "gus"], seed=5)
    asession = await bot.host.get(asid)
    roller = (al1, al2)[min(asession.to_act())]
    board = boards(athread)[-1]
    toggle = next(b for b in buttons(board) if b["custom_id"].startswith("ald:") and b["custom_id"].endswith(":0"))
    res = await roller.click(board, custom_id=toggle["custom_id"])
    await roller.click(res.response.message, custom_id=next(
        b["custom_id"] for b in buttons(res.response.message) if b["custom_id"].endswith(":r")))
    driven.add("DiceButton")

    # ---- Imperium by post: the DM picker, Choose privately, /imperium choose, a timeout taken by an AI
    users = [env.create_user(n) for n in ("hana", "ivan", "jun")]
    iguild = env.create_guild()
    ichannel = iguild.create_text_channel("games")
    hana, ivan, jun = (iguild.add_member(u) for u in users)
    await hana.slash(ichannel, "game new", game="imperium", clock="async:1d")
    ithread = ichannel.threads[0]
    for p in (ivan, jun):
        await p.click(ithread.last_message, label="Join")
    await hana.click(ithread.last_message, label="Start")
    picker = hana.user.dm_channel.last_message
    for label in ("1", "Clear", "1", "2", "3", "Confirm"):
        picker = (await hana.user.click(picker, label=label)).response or picker
    await ivan.click(boards(ithread)[-1], label="Choose privately")
    await ivan.slash(ithread, "imperium choose")
    driven |= {"PickButton", "imperium choose"}
    clock.now += 2 * 24 * HOUR
    await bot.get_cog("Clocks").run_tick(clock.now)
    notice = ithread.last_message
    await hana.click(notice, custom_id=button_id(notice, "AI plays this turn"))
    driven.add("TimeoutButton")

    # ---- a finished, rated game: replay, export, the league
    fsession = await bot.host.create_lobby("imperium", guild_id=guild.id, channel_id=channel.id,
                                           creator_id=alice.id, creator_name="alice")
    await bot.host.join(fsession.id, bob.id, "bob")
    await bot.host.start(fsession.id, alice.id)
    await finish_by_host(bot, fsession.id, 1)
    commands: list[tuple[Any, str, dict[str, Any]]] = [
        (alice, "game replay", {"game_id": fsession.id}),
        (alice, "game export", {"game_id": fsession.id}),
        (alice, "league season start", {"name": "Spring"}),
        (alice, "league leaderboard", {"game": "imperium", "season": "all"}),
        (alice, "league profile", {}),
        (alice, "league history", {}),
        (alice, "league export", {}),
        (alice, "league season list", {}),
        (alice, "league void", {"game_id": fsession.id}),
        (alice, "league recompute", {}),
        (alice, "league options", {"include_ai": "on"}),
        (alice, "league season end", {}),
        (alice, "prefs show", {}),
        (alice, "prefs ping", {"setting": "on"}),
        (alice, "prefs quiet", {"hours": "22-7"}),
        (alice, "prefs vacation", {"days": 1}),
        (alice, "prefs back", {}),
        (alice, "prefs dms", {}),
        (alice, "prefs language", {"language": "en"}),
        (alice, "prefs server_language", {"language": "en"}),
        (alice, "game ai_level", {"level": "normal"}),
        (alice, "health", {}),
        (alice, "rules", {"game": "barrage"}),
        (carol, "game resign", {}),  # an AI takes carol's seat and moves
    ]
    for who, command, kwargs in commands:
        res = await who.slash(thread if command == "game resign" else channel, command, **kwargs)
        assert res.acknowledged, command
        driven.add(command)
        if command == "game replay":  # the asker's step-through viewer: a click draws another position
            viewer = res.followups[-1]
            step = next(b["custom_id"] for row in viewer.components for b in row["components"] if b["label"] == "◀")
            assert (await who.click(viewer, custom_id=step)).acknowledged
            driven.add("ViewerButton")
    await alice.slash(thread, "game abort")
    driven.add("game abort")

    every_command = {c.qualified_name for c in bot.tree.walk_commands() if not hasattr(c, "walk_commands")}
    every_item = {cls.__name__ for cls in bot._connection._view_store._dynamic_items.values()}
    assert every_command | every_item == driven, "drive each new command or control here"
    assert {"render", "replay", "ai", "recompute", "leaderboard query"} <= slow.seen, "the instruments work"
    assert slow.late == [], "slow steps begun before the interaction was answered"
