"""Play complete games through a real Host (SQLite store): humans send random legal moves as codes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from host.sessions import Host
from rules import GAMES
from rules.base import RulesError, resolve_options
from tests.playing import play_to_end

GUILD, CHANNEL = 1, 10
HUMANS = (100, 101)
"""User ids of the human seats (the first one opens the lobby); the other seats are random AIs."""


def random_options(game_name: str, players: int, seed: int, rng: random.Random) -> dict[str, str]:
    """A random choice for every option of the game (variants, expansions, hidden fame, ...), drawn
    again when the engine refuses the combination (Barrage's Nile map needs the Nile Affair)."""
    game = GAMES[game_name]
    for _ in range(50):
        options = {spec.name: rng.choice(spec.choices) for spec in game.info.options}
        try:
            game.setup(players, resolve_options(game.info, options), seed)
        except RulesError:
            continue
        return options
    raise AssertionError(f"no playable random options for {game_name}")


async def start_game(
    host: Host, game_name: str, seed: int, *, players: int | None = None, options: dict[str, str] | None = None,
    humans: Sequence[int] = HUMANS, names: Sequence[str] = ("Ann", "Bob"), guild_id: int = GUILD,
    channel_id: int = CHANNEL,
) -> str:
    """An active game: the humans, then random AIs up to ``players`` (drawn from ``seed`` unless given)."""
    rng = random.Random(f"history:{game_name}:{seed}")
    info = GAMES[game_name].info
    players = players or rng.randint(info.min_players, info.max_players)
    options = random_options(game_name, players, seed, rng) if options is None else options
    session = await host.create_lobby(game_name, guild_id=guild_id, channel_id=channel_id, creator_id=humans[0],
                                      creator_name=names[0], options=options, seed=seed)
    for i in range(1, players):
        if i < len(humans):
            await host.join(session.id, humans[i], names[i])
        else:
            await host.add_ai(session.id, humans[0], "random")
    await host.start(session.id, humans[0])
    return session.id


async def finish_game(host: Host, sid: str, seed: int) -> None:
    """Humans play random legal moves (sent as codes, as the buttons do) until the game is over."""
    game_name = (await host.get(sid)).record.game
    rng = random.Random(f"moves:{game_name}:{seed}")
    done = await play_to_end(host, sid, lambda session, seat: session.game.encode_action(
        rng.choice(session.game.legal_actions(session.state, seat))))
    assert done.status == "finished", f"{game_name} game {sid} did not finish"


async def play_finished_game(host: Host, game_name: str, seed: int, **kwargs: Any) -> str:
    """A finished game (see ``start_game`` for the table); returns its id."""
    sid = await start_game(host, game_name, seed, **kwargs)
    await finish_game(host, sid, seed)
    return sid
