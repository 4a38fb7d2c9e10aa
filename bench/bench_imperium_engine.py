"""Imperium engine benchmark: complete random games per second on one core, and greedy vs random.

Run: python -m bench.bench_imperium_engine  (or python bench/bench_imperium_engine.py)
     python -m bench.bench_imperium_engine --compare [games]   (side by side with main at 51414ea)
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.base import play_random_game, resolve_options
from rules.imperium import AIS, GAME

SECONDS = 2.0


def games_per_second(players: int, variant: str) -> float:
    """Random complete games per second (engine only) for one player count and variant."""
    start = time.perf_counter()
    games = 0
    while time.perf_counter() - start < SECONDS:
        play_random_game(GAME, players, games, {"variant": variant})
        games += 1
    return games / (time.perf_counter() - start)


def greedy_vs_random(players: int, games: int, variant: str = "standard") -> tuple[float, float]:
    """Share of games the greedy seat wins (ties count) and its mean score margin over the best random."""
    wins = 0
    margin = 0
    for g in range(games):
        greedy_seat = g % players
        rng = random.Random(g)
        state = GAME.setup(players, resolve_options(GAME.info, {"variant": variant}), g)
        while GAME.result(state) is None:
            for seat in sorted(GAME.to_act(state)):
                ai = AIS["greedy"] if seat == greedy_seat else AIS["random"]
                state, _ = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
        result = GAME.result(state)
        assert result is not None
        wins += result.ranks[greedy_seat] == 1
        best_other = max(s for i, s in enumerate(result.scores) if i != greedy_seat)
        margin += result.scores[greedy_seat] - best_other
    return wins / games, margin / games


def main() -> None:
    total = 0.0
    for variant in ("standard", "race30"):
        for players in (2, 3, 4, 5):
            rate = games_per_second(players, variant)
            if variant == "standard":
                total += rate
            print(f"{variant:8s} {players}p: {rate:8.0f} random complete games/s")
    print(f"standard, mean over 2-5 players: {total / 4:.0f} games/s")
    for players in (2, 3, 4, 5):
        share, margin = greedy_vs_random(players, 100)
        print(
            f"greedy vs {players - 1} random: greedy wins {share:.0%} of 100 games "
            f"(chance level {1 / players:.0%}), mean margin over best random {margin:+.1f}"
        )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        from bench.engine_compare import compare

        n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
        for variant in ("standard", "race30"):
            compare("imperium", n, lambda seed: 2 + seed % 4, {"variant": variant})
    else:
        main()
