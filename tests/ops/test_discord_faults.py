"""Discord faults: a 5xx on a board is retried, a 429 is waited out as long as Discord says, a lasting
outage is logged and the board re-posted on demand with /game status repost:true, and closed DMs
(50007) fall back to the thread and are remembered until /prefs dms finds them open again. The game
state is never touched by any of it."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from simcord.http import client as simcord_client

from cogs._common import RetryPolicy, is_transient, rate_limit_wait, send_retrying
from tests.discord_harness.helpers import text_of
from tests.ops.helpers import boards, open_game, play_first_move


def _http_error(status: int, code: int = 0) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="Error", headers={})
    cls = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.DiscordServerError)
    if status < 500 and cls is discord.DiscordServerError:
        cls = discord.HTTPException
    return cls(response, {"code": code, "message": "injected"})  # type: ignore[arg-type]


class FlakyChannel:
    """A channel whose first sends fail with the given errors; records every attempt's nonce."""

    def __init__(self, *failures: BaseException) -> None:
        self.failures = list(failures)
        self.nonces: list[int] = []

    async def send(self, content: str | None = None, **kwargs: object) -> str:
        self.nonces.append(kwargs["nonce"])  # type: ignore[arg-type]
        if self.failures:
            raise self.failures.pop(0)
        return f"sent {content}"


def test_which_failures_are_retried():
    assert is_transient(_http_error(500)) and is_transient(_http_error(503))
    assert is_transient(TimeoutError()) and is_transient(ConnectionResetError())
    assert not is_transient(_http_error(403, 50013)) and not is_transient(_http_error(404))
    assert not is_transient(_http_error(400)) and not is_transient(ValueError())


async def test_transient_failures_are_retried_with_the_same_nonce():
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)

    policy = RetryPolicy(delays=(1.0, 3.0), sleep=sleep)
    channel = FlakyChannel(_http_error(502), TimeoutError())
    assert await send_retrying(channel, "hi", what="t", policy=policy) == "sent hi"  # type: ignore[arg-type]
    assert waited == [1.0, 3.0] and len(channel.nonces) == 3 and len(set(channel.nonces)) == 1

    channel = FlakyChannel(_http_error(500), _http_error(500), _http_error(500))
    with pytest.raises(discord.DiscordServerError):
        await send_retrying(channel, "hi", what="t", policy=policy)  # type: ignore[arg-type]
    assert len(channel.nonces) == 3


async def test_permanent_failures_and_outdated_messages_are_not_retried():
    async def sleep(seconds: float) -> None:
        pass

    policy = RetryPolicy(delays=(1.0,), sleep=sleep)
    channel = FlakyChannel(_http_error(403, 50013))
    with pytest.raises(discord.Forbidden):
        await send_retrying(channel, "x", what="t", policy=policy)  # type: ignore[arg-type]
    assert len(channel.nonces) == 1

    async def outdated() -> bool:
        return False

    channel = FlakyChannel(_http_error(500))
    assert await send_retrying(channel, "x", what="t", policy=policy, still_wanted=outdated) is None  # type: ignore[arg-type]
    assert len(channel.nonces) == 1


def answer(res) -> str:
    """The text of the bot's (last) answer to an interaction: a follow-up, or the response itself
    (after a "thinking" defer, the first follow-up replaces the response)."""
    return text_of(res.followups[-1] if res.followups else res.response)


def _posts(env, channel_id: int) -> list:
    return [r for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


async def test_a_board_lost_to_a_server_error_is_sent_again(simcord_env, simcord_bot, slept):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    before = len(boards(thread))
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, times=1)
    version = await play_first_move(bot, players, thread, sid)
    session = await bot.host.get(sid)
    assert session.version == version + 1
    assert len(await bot.host.store.actions(sid)) == session.version, "the move is stored exactly once"
    assert slept == [0.5]
    assert len(boards(thread)) == before + 1
    failed, retried = _posts(env, thread.id)[-2:]
    assert failed.json["nonce"] == retried.json["nonce"], "a retry Discord already got is dropped by the nonce"
    assert session.record.message_id == boards(thread)[-1].id
    await play_first_move(bot, players, thread, sid)  # the re-sent board's buttons work
    assert (await bot.host.get(sid)).version == version + 2


def test_a_rate_limit_is_waited_out_as_discord_says():
    limited = _http_error(429)
    limited.response.headers = {"Retry-After": "4.5"}  # type: ignore[attr-defined]
    assert is_transient(limited) and rate_limit_wait(limited) == 4.5
    assert rate_limit_wait(discord.RateLimited(12.0)) == 12.0
    assert rate_limit_wait(_http_error(500)) is None and rate_limit_wait(_http_error(403)) is None


@pytest.fixture
def retry_after(monkeypatch) -> float:
    """simcord's 429 answers carry a Retry-After header, as Discord's do."""
    seconds = 7.5
    real = simcord_client._FakeResponse.__init__

    def init(self: Any, status: int) -> None:
        real(self, status)
        if status == 429:
            self.headers = {"Retry-After": str(seconds)}

    monkeypatch.setattr(simcord_client._FakeResponse, "__init__", init)
    return seconds


async def test_a_board_refused_by_a_rate_limit_is_posted_when_the_bucket_frees(
    simcord_env, simcord_bot, slept, retry_after, caplog
):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    before = len(boards(thread))
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=429, message="You are being rate limited.",
                     times=2)
    with caplog.at_level(logging.WARNING, logger="cogs._common"):
        version = await play_first_move(bot, players, thread, sid)
    assert slept == [retry_after, retry_after], "each retry waits as long as Discord said"
    assert [r.getMessage() for r in caplog.records if "rate limited" in r.getMessage()], "the refusal is logged"
    assert len(boards(thread)) == before + 1, "the board is posted once the bucket frees"
    session = await bot.host.get(sid)
    assert session.version == version + 1 and session.record.message_id == boards(thread)[-1].id
    await play_first_move(bot, players, thread, sid)  # its buttons work
    assert (await bot.host.get(sid)).version == version + 2


async def test_an_outage_loses_no_move_and_status_reposts_the_board(simcord_env, simcord_bot, slept, caplog):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_game(env, bot, "ra", ["alice", "bob", "carol"], seed=3)
    before = len(boards(thread))
    errors = bot.metrics.errors_total
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=503, times=3)
    with caplog.at_level(logging.WARNING, logger="cogs._common"):
        version = await play_first_move(bot, players, thread, sid)
    assert slept == [0.5, 2.0], "two retries, then it gives up"
    assert len(boards(thread)) == before, "Discord never took the board"
    assert any("not sent" in r.getMessage() and r.levelno == logging.WARNING for r in caplog.records)
    assert bot.metrics.errors_total == errors + 1 and bot.metrics.last_error == "discord_send"
    session = await bot.host.get(sid)
    assert session.version == version + 1 and len(await bot.host.store.actions(sid)) == session.version

    # Only the game's players may post its board again.
    outsider = players[0].guild.add_member(env.create_user("eve"))
    res = await outsider.slash(thread, "game status", repost=True)
    assert res.ephemeral and "Only the game's players" in answer(res)
    assert len(boards(thread)) == before

    res = await players[2].slash(thread, "game status", repost=True)
    assert res.ephemeral and "posted again" in answer(res)
    board = boards(thread)[-1]
    assert "The board again" in board.content and "To play" in board.content
    assert (await bot.host.get(sid)).record.message_id == board.id
    assert all(not m.components for m in boards(thread)[:-1]), "only the newest board keeps its buttons"

    res = await players[1].slash(thread, "game status", repost=True)
    assert "a moment ago" in answer(res)
    assert len(boards(thread)) == before + 1

    await play_first_move(bot, players, thread, sid)  # the game goes on from the re-posted board
    assert (await bot.host.get(sid)).version == version + 2

    # Without repost, /game status still answers privately.
    res = await players[0].slash(thread, "game status")
    assert res.ephemeral and res.response.attachments


async def _pick(player, message, regions: str) -> None:
    """Click three regions and Confirm on a picker (in a DM, or the private one from the thread); each
    click edits the picker, whose buttons carry the picks so far, so the next click reads it again."""
    for label in (*regions, "Confirm"):
        res = await player.click(message, label=label)
        message = res.response or message


async def test_closed_dms_fall_back_to_the_thread_and_are_remembered(simcord_env, simcord_bot, slept):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    dm = alice.user.dm_channel.id
    # Alice's DMs are closed: Discord refuses the first two DMs with 50007, then she opens them.
    env.inject_error("POST", f"/channels/{dm}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=2)
    await alice.slash(channel, "game new", game="imperium")
    thread = channel.threads[0]
    for p in (bob, carol):
        await p.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    sid = (await bot.host.open_sessions())[0].id

    def notes() -> int:
        return sum("can't DM you" in m.content and alice.mention in m.content for m in thread.history())

    assert len(_posts(env, dm)) == 1 and notes() == 1
    assert await bot.host.store.user_flag(alice.id, "dms_closed") == "1"
    assert "/prefs dms" in thread.last_message.content

    async def play_round(rnd: int, *, alice_by_dm: bool) -> None:
        if alice_by_dm:
            await _pick(alice.user, alice.user.dm_channel.last_message, "123")
        else:
            res = await alice.click(boards(thread)[-1], label="Choose privately")
            assert res.ephemeral and f"round {rnd}" in res.response.content
            await _pick(alice, res.response, "123")
        for p in (bob, carol):
            await _pick(p.user, p.user.dm_channel.last_message, "456")

    await play_round(1, alice_by_dm=False)
    assert (await bot.host.get(sid)).view(None)["round"] == 2
    assert len(_posts(env, dm)) == 1, "no DM is even tried while her DMs are known to be closed"
    assert notes() == 2

    res = await alice.slash(channel, "prefs dms")
    assert "still can't DM you" in answer(res)
    res = await alice.slash(channel, "prefs dms")
    assert "I could DM you" in answer(res)
    assert "DMs work" in alice.user.dm_channel.last_message.content
    assert await bot.host.store.user_flag(alice.id, "dms_closed") == ""
    assert len(_posts(env, dm)) == 3

    await play_round(2, alice_by_dm=False)
    assert (await bot.host.get(sid)).view(None)["round"] == 3
    assert "round 3" in alice.user.dm_channel.last_message.content, "DMs are used again"
    assert notes() == 2
    await play_round(3, alice_by_dm=True)
    assert (await bot.host.get(sid)).view(None)["round"] == 4
