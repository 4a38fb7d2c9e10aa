"""Benchmark: random complete games of Alhambra: The Dice Game per second (engine only).

Usage: python bench/bench_alhambra_dice_engine.py [games] [version]
       python bench/bench_alhambra_dice_engine.py --compare [games] [version]   (beside main at 51414ea)
       python bench/bench_alhambra_dice_engine.py --compare-fresh [games] [version]
Plays games with uniformly random legal moves (what RandomAI does), 2-6 players in turn.

--compare plays the same seeds on every engine, so the search's path finds Alcazaba's Alhambras
already worked out by the apply run before it (the move generator's caches): --compare-fresh gives
each engine seeds of its own (its games differ, so run enough of them for the mean to settle).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.alhambra_dice import GAME


def play(players: int, seed: int, version: str) -> int:
    rng = random.Random(seed)
    state = GAME.setup(players, {"version": version}, seed)
    moves = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        moves += 1
    return moves


def bench(games: int, version: str) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    moves = sum(play(2 + i % 5, i, version) for i in range(games))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    # CPU time too: on a shared machine the wall clock also counts other processes' turns.
    print(
        f"alhambra_dice {version}: {games} games in {elapsed:.2f}s = {games / elapsed:.0f} games/s "
        f"({games / cpu:.0f} per CPU second; {moves / games:.0f} moves/game, {moves / elapsed:.0f} moves/s)"
    )


if __name__ == "__main__":
    if sys.argv[1:2] in (["--compare"], ["--compare-fresh"]):
        from bench.engine_compare import compare

        fresh = sys.argv[1] == "--compare-fresh"
        n = int(sys.argv[2]) if len(sys.argv) > 2 else (400 if fresh else 200)
        for v in sys.argv[3:] or ["basic", "alcazaba"]:
            compare("alhambra_dice", n, lambda seed: 2 + seed % 5, {"version": v}, fresh=fresh)
        sys.exit()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    versions = sys.argv[2:] or ["basic", "alcazaba"]
    for v in versions:
        bench(n, v)
