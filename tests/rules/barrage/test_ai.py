"""Computer players: the random one completes games; the greedy one beats it."""

from __future__ import annotations

import random

from rules.barrage import AIS, GAME
from rules.base import resolve_options


def _play(players: list[str], seed: int, options: dict[str, str] | None = None) -> tuple[int, ...]:
    rng = random.Random(seed)
    st = GAME.setup(len(players), resolve_options(GAME.info, options or {}), seed)
    while GAME.result(st) is None:
        seat = min(GAME.to_act(st))
        action = AIS[players[seat]].choose(GAME, st, seat, rng)
        assert action in GAME.legal_actions(st, seat)
        st, _ = GAME.apply(st, seat, action)
    res = GAME.result(st)
    assert res is not None
    return res.ranks


def test_ai_seats_play_a_full_game() -> None:
    assert set(AIS) >= {"random", "greedy"}
    ranks = _play(["random", "random", "random", "random"], 3)
    assert min(ranks) == 1


def test_greedy_beats_random_players() -> None:
    wins = sum(_play(["greedy", "random", "random"], seed)[0] == 1 for seed in range(5))
    assert wins >= 4


def test_greedy_plays_the_leeghwater_parts() -> None:
    ranks = _play(["greedy", "greedy"], 2, {"leeghwater": "yes"})
    assert min(ranks) == 1
