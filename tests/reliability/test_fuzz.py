"""Hostile input at the engine and host boundaries, for every game: action codes (what custom ids
and select values carry), actions of the wrong type or for the wrong seat, moves by non-players.

Over 100,000 inputs: each must be either applied (it happened to be legal) or refused with a typed
error (RulesError / HostError); a refused input must leave the state exactly as it was.
"""

from __future__ import annotations

import random
import string

import msgspec
import pytest

from host.errors import HostError
from host.sessions import Host
from rules import GAMES
from rules.base import RulesError
from tests.reliability.mutate import mutate

ENGINE_INPUTS_PER_GAME = 30_000
HOST_INPUTS_PER_GAME = 600

_ALPHABET = string.ascii_letters + string.digits + ".:-_ " + "\x00\n\t%\\/'\"{}[]=é漢🎲"


def _states(game_name: str, rng: random.Random) -> list[tuple[object, frozenset[int]]]:
    """States from four random games: every 7th position and the end."""
    game = GAMES[game_name]
    out = []
    for _ in range(4):
        players = rng.randint(game.info.min_players, game.info.max_players)
        st = game.setup(players, {}, rng.randrange(1 << 30))
        for n in range(game.info.max_actions):
            if game.result(st) is not None:
                break
            if n % 7 == 0:
                out.append((st, game.to_act(st)))
            seat = min(game.to_act(st))
            st, _ = game.apply(st, seat, rng.choice(game.legal_actions(st, seat)))
        out.append((st, frozenset()))
    return out


def _hostile_seats(players: int, rng: random.Random) -> list[object]:
    return [rng.randrange(players), -1, players, 99, "0", None, 1.5]


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_engine_refuses_hostile_codes_and_actions_without_changing_state(game_name: str) -> None:
    game = GAMES[game_name]
    rng = random.Random(f"fuzz:{game_name}")
    states = _states(game_name, rng)
    other_codes = [c for other in GAMES.values() if other is not game
                   for c in _sample_codes(other, rng)]
    inputs = applied = 0
    # what the inputs are built from, worked out once per state (a state is drawn ~150 times): its player
    # count (from its public view), its legal moves and its bytes
    known: dict[int, tuple[int, list[object], bytes]] = {}
    while inputs < ENGINE_INPUTS_PER_GAME:
        st, acting = rng.choice(states)
        if id(st) not in known:
            seat_pool = sorted(acting) or [0]
            known[id(st)] = (len(game.view(st, None).get("scores") or []) or game.info.max_players,
                             game.legal_actions(st, seat_pool[0]) if acting else [], msgspec.json.encode(st))
        players, legal, before = known[id(st)]
        base = game.encode_action(rng.choice(legal)) if legal else rng.choice(other_codes)
        code = mutate(base, rng, _ALPHABET) if rng.random() < 0.85 else rng.choice(other_codes)
        inputs += 1
        try:
            action = game.decode_action(code)
        except RulesError:
            action = rng.choice([None, 7, "x", {"kind": "pick"}, code, object(), *legal[:1]])
        for seat in _hostile_seats(players, rng)[: rng.randint(1, 7)]:
            inputs += 1
            try:
                game.apply(st, seat, action)  # type: ignore[arg-type]
                applied += 1
            except RulesError:
                pass
            assert msgspec.json.encode(st) == before, (code, seat)
    assert inputs >= ENGINE_INPUTS_PER_GAME and applied < inputs // 2


def _sample_codes(game: object, rng: random.Random) -> list[str]:
    g = game  # type: ignore[assignment]
    st = g.setup(g.info.min_players, {}, rng.randrange(1000))  # type: ignore[attr-defined]
    seat = min(g.to_act(st))  # type: ignore[attr-defined]
    return [g.encode_action(a) for a in g.legal_actions(st, seat)[:20]]  # type: ignore[attr-defined]



@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_host_refuses_hostile_moves_without_storing_anything(host: Host, game_name: str) -> None:
    """Codes, versions and users a client could send: refused ones store nothing."""
    game = GAMES[game_name]
    rng = random.Random(f"host:{game_name}")
    players = game.info.min_players
    s = await host.create_lobby(game_name, guild_id=1, channel_id=1, creator_id=1, creator_name="U1", seed=5)
    for u in range(2, players + 1):
        s = await host.join(s.id, u, f"U{u}")
    await host.start(s.id, 1)
    refused = 0
    for i in range(HOST_INPUTS_PER_GAME):
        session = await host.get(s.id)
        if session.status != "active":
            break
        acting = sorted(session.to_act())
        seat = acting[0]
        legal = game.legal_actions(session.state, seat)
        code = game.encode_action(rng.choice(legal))
        user = rng.choice([seat + 1, seat + 1, 999, 0, -5, (seat + 1) % players + 1])
        hostile = mutate(code, rng, _ALPHABET) if i % 3 else code
        version = rng.choice([session.version, session.version, session.version - 1, session.version + 3, -1])
        try:
            await host.submit(s.id, user, hostile, expected_version=version, interaction_id=rng.randrange(1 << 40))
        except (RulesError, HostError):
            refused += 1
            after = await host.get(s.id)
            assert after.version == session.version and after.record.state == session.record.state
    assert refused > HOST_INPUTS_PER_GAME // 4
    replayed = await host.replay(s.id)
    assert msgspec.json.encode(replayed) == (await host.get(s.id)).record.state
