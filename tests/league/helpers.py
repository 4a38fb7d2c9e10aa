"""Finished games for the league tests: real sessions played to the end through the Host."""

from __future__ import annotations

import random
from collections.abc import Sequence

from host.sessions import Host, Session
from rules.imperium import AIS
from tests.playing import play_to_end


class Ticks:
    """A clock that moves a minute every time it is read: games finish in the order they are played."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


async def finish_game(
    host: Host,
    users: Sequence[int] = (1, 2, 3, 4),
    *,
    seed: int = 1,
    ais: int = 0,
    resign: Sequence[int] = (),
    guild: int = 1,
    names: dict[int, str] | None = None,
) -> Session:
    """An Imperium game of ``users`` (plus ``ais`` AI seats) in ``guild``, played to the end with
    random legal moves from ``seed``; the users in ``resign`` resign before the first move. Players
    are called U1, U2, ... unless ``names`` says otherwise."""

    def name(user: int) -> str:
        return (names or {}).get(user, f"U{user}")

    s = await host.create_lobby("imperium", guild_id=guild, channel_id=10, creator_id=users[0],
                                creator_name=name(users[0]), seed=seed)
    for user in users[1:]:
        await host.join(s.id, user, name(user))
    for _ in range(ais):
        await host.add_ai(s.id, users[0], "random")
    await host.start(s.id, users[0])
    for user in resign:
        await host.resign(s.id, user)
    rng = random.Random(seed)
    return await play_to_end(host, s.id, lambda session, seat: AIS["random"].choose(session.game, session.state,
                                                                                      seat, rng))
