"""Counting the REST calls the bot makes to Discord per move, besides its answers to interactions.

Shared by tests/discord_harness/test_rest_per_move.py (which holds the bound) and
bench/bench_interactions.py (which prints the figures): both play the same moves through simcord.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tests.discord_harness.helpers import control_codes, open_table, play_code
from tests.discord_harness.test_imperium_e2e import choose_by_dm, picks_for

INTERACTION = re.compile(r"/interactions/|/webhooks/")
"""Interaction responses and follow-ups: answers Discord expects, not counted against a move."""


def shape(path: str) -> str:
    """A path with its ids replaced, to group the calls: /channels/{id}/messages."""
    return re.sub(r"/\d+", "/{id}", path)


@dataclass
class RestCount:
    game: str
    moves: int
    calls: Counter[str]

    @property
    def total(self) -> int:
        return sum(self.calls.values())

    @property
    def per_move(self) -> float:
        return self.total / self.moves

    def lines(self) -> list[str]:
        head = f"{self.game}: {self.total} REST calls for {self.moves} moves = {self.per_move:.2f} a move"
        return [head, *(f"    {n:4d}  {call}" for call, n in self.calls.most_common())]


def rest_calls(env: Any, since: int) -> Counter[str]:
    return Counter(f"{r.method} {shape(r.path)}" for r in env.http_requests[since:] if not INTERACTION.search(r.path))


async def _moves(env: Any, bot: Any, game: str, names: list[str], seed: int, moves: int, play: Any) -> RestCount:
    players, thread, sid = await open_table(env, bot, game, names, seed=seed)
    since = len(env.http_requests)
    start = (await bot.host.get(sid)).version
    rng = random.Random(seed)
    while (session := await bot.host.get(sid)).status == "active" and session.version - start < moves:
        await play(players, thread, session, rng)
    return RestCount(game, session.version - start, rest_calls(env, since))


async def ra_moves(env: Any, bot: Any, moves: int = 80) -> RestCount:
    """Ra for four: draws and Ra calls by the board's buttons, bids by the buttons in the DM."""

    async def play(players: list[Any], thread: Any, session: Any, rng: random.Random) -> None:
        seat = min(session.to_act())
        code = session.game.encode_action(rng.choice(session.game.legal_actions(session.state, seat)))
        user = players[seat]
        if session.view(None)["phase"] == "auction":
            await play_code(user.user, user.user.dm_channel.last_message, code)
        else:
            await play_code(user, thread.last_message, code)

    return await _moves(env, bot, "ra", ["alice", "bob", "carol", "dave"], 3, moves, play)


async def imperium_moves(env: Any, bot: Any, rounds: int = 3) -> RestCount:
    """Imperium for four: every player picks in the DM picker each round (a move each)."""

    async def play(players: list[Any], thread: Any, session: Any, rng: random.Random) -> None:
        rnd = session.view(None)["round"]
        for seat in sorted(session.to_act()):
            await choose_by_dm(players[seat].user, picks_for(rnd, seat), rnd)

    return await _moves(env, bot, "imperium", ["alice", "bob", "carol", "dave"], 4, rounds * 4, play)


async def barrage_moves(env: Any, bot: Any, moves: int = 30) -> RestCount:
    """Barrage for two: each step of a turn by the select or button under the pictures."""

    async def play(players: list[Any], thread: Any, session: Any, rng: random.Random) -> None:
        seat = min(session.to_act())
        board = thread.last_message
        codes = sorted(control_codes(board))
        await play_code(players[seat], board, rng.choice([c for c in codes if c != "B"] or codes))

    return await _moves(env, bot, "barrage", ["alice", "bob"], 11, moves, play)
