"""Barrage engine benchmark: complete random games per second on one core (engine only).

Run: python bench/bench_barrage_engine.py [--games 40] [--players 4]
     python bench/bench_barrage_engine.py --compare [--games 40] [--players 3]
         side by side with main at 51414ea (bench/engine_compare.py), base game and Nile Affair, CPU time,
         the engines taking turns every 2 games

Plays with the protocol's uniform random player (``rules.base.play_random_game``) and with a
"builder" random player that rarely visits the bank, so games are longer and richer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.barrage import GAME
from rules.barrage.actions import Back, Place
from rules.base import play_random_game, resolve_options


def builder_game(players: int, seed: int) -> int:
    rng = random.Random(seed)
    st = GAME.setup(players, resolve_options(GAME.info, {}), seed)
    steps = 0
    while GAME.result(st) is None:
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        other = [a for a in legal if not (isinstance(a, Place) and a.n) and not isinstance(a, Back)]
        a = rng.choice(other) if other and rng.random() > 0.1 else rng.choice(legal)
        st, _ = GAME.apply(st, seat, a)
        steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=None, help="default: 4, or 3 with --compare")
    ap.add_argument("--compare", action="store_true", help="beside the engine of 51414ea, base and Nile")
    args = ap.parse_args()
    if args.compare:
        from bench.engine_compare import compare

        players = args.players or 3
        for expansion in ("none", "nile"):
            # the engines take turns every 2 games: on a shared machine the load changes within a
            # minute, and longer turns measured it (1.7-2.1x for the same trees) more than the engines
            compare("barrage", args.games, lambda _seed: players, {"expansion": expansion},
                    rounds=max(1, args.games // 2))
        return
    args.players = args.players or 4
    t = time.perf_counter()
    moves = 0
    for seed in range(args.games):
        _, log = play_random_game(GAME, args.players, seed)
        moves += len(log)
    dt = time.perf_counter() - t
    print(f"uniform random, {args.players} players: {args.games / dt:.1f} games/s "
          f"({moves / args.games:.0f} moves/game, {moves / dt:.0f} moves/s)")
    t = time.perf_counter()
    moves = 0
    for seed in range(args.games):
        moves += builder_game(args.players, seed)
    dt = time.perf_counter() - t
    print(f"builder random, {args.players} players: {args.games / dt:.1f} games/s "
          f"({moves / args.games:.0f} moves/game, {moves / dt:.0f} moves/s)")


if __name__ == "__main__":
    main()
