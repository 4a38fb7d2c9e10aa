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


def compare_fresh(games: int, version: str, rounds: int = 5) -> None:
    """bench.engine_compare.compare's measure, each engine on seeds no other engine plays."""
    from bench.engine_compare import BASELINE, old_games, random_game

    engines = {"apply": (GAME, False), "apply_owned": (GAME, True), BASELINE: (old_games()["alhambra_dice"], False)}
    cpu = dict.fromkeys(engines, 0.0)
    per = max(1, games // rounds)
    for r in range(rounds):  # alternating slices: a change in the machine's load hits every engine alike
        for i, (label, (game, owned)) in enumerate(engines.items()):
            seeds = range(100_000 * (i + 1) + r * per, 100_000 * (i + 1) + (r + 1) * per)
            start = time.process_time()
            for seed in seeds:
                random_game(game, 2 + seed % 5, seed, {"version": version}, owned=owned)
            cpu[label] += time.process_time() - start
    played = per * rounds
    for label in engines:
        print(f"  {label}: {played / cpu[label]:,.0f} games per CPU s")
    for label in ("apply", "apply_owned"):
        print(f"  alhambra_dice {version}: speed-up {cpu[BASELINE] / cpu[label]:.2f}x through {label} "
              f"(CPU time, same run, {played} games on each engine's own seeds)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--compare-fresh"]:
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 400
        for v in sys.argv[3:] or ["basic", "alcazaba"]:
            compare_fresh(n, v)
        sys.exit()
    if sys.argv[1:2] == ["--compare"]:
        from bench.engine_compare import compare

        n = int(sys.argv[2]) if len(sys.argv) > 2 else 200
        for v in sys.argv[3:] or ["basic", "alcazaba"]:
            compare("alhambra_dice", n, lambda seed: 2 + seed % 5, {"version": v})
        sys.exit()
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    versions = sys.argv[2:] or ["basic", "alcazaba"]
    for v in versions:
        bench(n, v)
