"""Ra engine benchmark: complete random 3-player games per second on one core.

Usage: python -m bench.bench_ra_engine [games] [players]
       python -m bench.bench_ra_engine --compare [games] [players]   (side by side with main at 51414ea)
Plays games with ``rules.base.play_random_game`` (the same loop every engine is measured with:
legal_actions, a random choice and a checked, copying apply for every move) and prints the rate
per CPU second and per wall second. ``--compare`` also plays them through ``apply_owned`` (the
search's playouts: no copy, no events) and prints both ratios against the old engine.
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
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        _, log = play_random_game(GAME, players, seed)
        actions += len(log)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"Ra engine: {games} random {players}-player games in {cpu:.2f} CPU s ({took:.2f} s wall)")
    print(f"  {games / cpu:,.0f} games per CPU s ({games / took:,.0f} per wall s), "
          f"{actions / cpu:,.0f} actions per CPU s, {actions / games:.0f} actions per game")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare"]:
        from bench.engine_compare import compare

        # The given arguments, then the defaults for the ones left out (1000 games, 3 players).
        given = [int(a) for a in sys.argv[2:4]]
        games, players = [*given, *(1000, 3)[len(given):]]
        compare("ra", games, lambda seed: players, {})
    else:
        main(*(int(a) for a in sys.argv[1:3]))
