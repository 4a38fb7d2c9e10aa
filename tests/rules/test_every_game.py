"""Invariants every registered game must keep, checked along seeded random games (after OpenSpiel's api tests).

A new game added to rules.GAMES is covered here with no extra work.
"""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

from rules import GAMES
from rules.base import CUSTOM_ID_BUDGET, NotYourTurn, RulesError, owned_apply, resolve_options
from rules.rng import RNG_CURRENT, RNG_KEYED, RNG_KEYED2, RNG_MT, UnknownRngVersion

CODE_CHARS = re.compile(r"^[A-Za-z0-9._-]+$")
SECRET_KEYS = {"bag", "deck", "draw_pile", "rng", "rng_state", "secret"}

CASES = [
    (name, players, seed)
    for name, game in sorted(GAMES.items())
    for players in range(game.info.min_players, game.info.max_players + 1)
    for seed in (1, 2)
]


def _keys(obj, path=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_random_game_keeps_protocol_invariants(name, players, seed):
    game = GAMES[name]
    rng = random.Random(seed)
    options = resolve_options(game.info, {})
    state = game.setup(players, options, seed)
    log = []
    for step in range(game.info.max_actions + 1):
        result = game.result(state)
        acting = game.to_act(state)
        if result is not None:
            assert not acting, "nobody acts after the end"
            assert all(not game.legal_actions(state, s) for s in range(players))
            break
        assert step < game.info.max_actions, "the game must end within info.max_actions"
        assert acting, "someone must act until the game ends"
        for seat in range(players):
            legal = game.legal_actions(state, seat)
            assert bool(legal) == (seat in acting), f"seat {seat}: legal moves iff it must act"
        seat = rng.choice(sorted(acting))
        legal = game.legal_actions(state, seat)
        for action in rng.sample(legal, min(3, len(legal))):
            code = game.encode_action(action)
            assert len(code) <= CUSTOM_ID_BUDGET and CODE_CHARS.match(code), code
            assert game.decode_action(code) == action
            assert game.describe_action(action)
            decoded = msgspec.json.decode(msgspec.json.encode(action), type=game.action_type)
            assert decoded == action
        # A seat that need not act is refused, and the state is untouched.
        idle = [s for s in range(players) if s not in acting]
        if idle:
            before = msgspec.json.encode(state)
            with pytest.raises(RulesError):
                game.apply(state, idle[0], legal[0])
            assert msgspec.json.encode(state) == before
        if step % 7 == 0:
            encoded = msgspec.json.encode(state)
            assert msgspec.json.encode(msgspec.json.decode(encoded, type=game.state_type)) == encoded
            public = game.view(state, None)
            json.dumps(public)  # JSON-able
            assert not SECRET_KEYS & set(_keys(public)), "the public view must not carry hidden piles"
        action = rng.choice(legal)
        before = msgspec.json.encode(state)
        state, events = game.apply(state, seat, action)
        assert msgspec.json.encode(state) != before or events, "an applied action changes something"
        log.append((seat, action))
    result = game.result(state)
    assert result is not None
    assert len(result.scores) == len(result.ranks) == players
    assert min(result.ranks) == 1
    # Replaying the log from the seed gives the same state.
    replay = game.setup(players, options, seed)
    for seat, action in log:
        replay, _ = game.apply(replay, seat, action)
    assert msgspec.json.encode(replay) == msgspec.json.encode(state)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("junk", ["", "zz", "x" * 200, "p", "-1", "..", "ü", "p1.2.3.4.5.6"])
def test_junk_codes_are_refused_with_rules_errors(name, junk):
    with pytest.raises(RulesError):
        GAMES[name].decode_action(junk)


SEAT_CASES = [("ra", {}), ("imperium", {}), ("alhambra_dice", {"version": "basic"}),
              ("alhambra_dice", {"version": "alcazaba"}), ("barrage", {})]


@pytest.mark.parametrize(("name", "options"), SEAT_CASES)
def test_a_seat_that_is_not_a_number_is_refused_by_every_path(name: str, options: dict[str, str]) -> None:
    # True == 1 in Python: an equality check once let a bool seat play seat 1's move (Ra's and Barrage's
    # turn checks, Alhambra's fast checks of a re-roll and a plain placement)
    assert {n for n, _ in SEAT_CASES} == set(GAMES)
    game = GAMES[name]
    st = game.setup(3, resolve_options(game.info, options), 1)
    while 1 not in game.to_act(st):
        seat = min(game.to_act(st))
        st = game.apply(st, seat, game.legal_actions(st, seat)[0])[0]
    before = msgspec.msgpack.encode(st)
    for move in game.legal_actions(st, 1):
        for play in (game.apply, owned_apply(game)):
            with pytest.raises(NotYourTurn):
                play(st, True, move)
            assert msgspec.msgpack.encode(st) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_unknown_options_are_refused(name):
    with pytest.raises(RulesError):
        resolve_options(GAMES[name].info, {"no_such_option": "1"})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_replays_on_both_generators(name: str) -> None:
    """Every engine takes the generator version (rules/rng.py): the same (seed, version) gives the
    same state, the current version is the default, and a version this code does not know is refused."""
    game = GAMES[name]
    opts = resolve_options(game.info, {})
    players = game.info.min_players
    for rng in (RNG_MT, RNG_KEYED, RNG_KEYED2):
        one, two = game.setup(players, opts, 5, rng), game.setup(players, opts, 5, rng)
        assert msgspec.json.encode(one) == msgspec.json.encode(two)
    assert msgspec.json.encode(game.setup(players, opts, 5)) == msgspec.json.encode(
        game.setup(players, opts, 5, RNG_CURRENT))
    with pytest.raises(UnknownRngVersion):
        game.setup(players, opts, 5, 4)
