"""Ra engine benchmark: complete random 3-player games per second on one core.

Usage: python -m bench.bench_ra_engine [games] [players]
       python -m bench.bench_ra_engine --compare [games] [players]   (side by side with main at 51414ea)
Plays games with ``rules.base.play_random_game`` (the same loop every engine is measured with:
legal_actions, a random choice and a checked, copying apply for every move) and prints the rate.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.base import play_random_game
from rules.ra import GAME


def main(games: int = 2000, players: int = 3) -> None:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        _, log = play_random_game(GAME, players, seed)
        actions += len(log)
    took = time.perf_counter() - start
    print(f"Ra engine: {games} random {players}-player games in {took:.2f} s")
    print(f"  {games / took:,.0f} games/s, {actions / took:,.0f} actions/s, "
          f"{actions / games:.0f} actions per game")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        from bench.engine_compare import compare

        # The given arguments, then the defaults for the ones left out (1000 games, 3 players).
        given = [int(a) for a in sys.argv[2:4]]
        games, players = [*given, *(1000, 3)[len(given):]]
        compare("ra", games, lambda seed: players, {})
    else:
        main(*(int(a) for a in sys.argv[1:3]))
