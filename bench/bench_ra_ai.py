"""Ra AI benchmark: the evaluator AI against random players.

Usage: python -m bench.bench_ra_ai [games] [players]
Each game seats one evaluator (rotating through the seats) and random AIs elsewhere; prints how
often each kind wins (shared wins count for every tied winner) and the average final fame.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.ra import AIS, GAME


def play(players: int, seed: int, smart_seat: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    seats = [AIS["evaluator"] if s == smart_seat else AIS["random"] for s in range(players)]
    state = GAME.setup(players, {}, seed)
    while (result := GAME.result(state)) is None:
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, seats[seat].choose(GAME, state, seat, rng))
    return result.ranks, result.scores


def main(games: int = 500, players: int = 3) -> None:
    wins = {"evaluator": 0.0, "random": 0.0}
    fame = {"evaluator": 0, "random": 0}
    start = time.perf_counter()
    for g in range(games):
        smart = g % players
        ranks, scores = play(players, 1000 + g, smart)
        winners = [s for s, r in enumerate(ranks) if r == 1]
        for s in winners:
            wins["evaluator" if s == smart else "random"] += 1 / len(winners)
        for s, f in enumerate(scores):
            fame["evaluator" if s == smart else "random"] += f
    took = time.perf_counter() - start
    print(f"Ra AI benchmark: {games} games, {players} players, 1 evaluator vs {players - 1} random")
    print(f"  evaluator wins {wins['evaluator'] / games:6.1%} of games (fair share {1 / players:.1%})")
    print(f"  random seats win {wins['random'] / games:6.1%} together, "
          f"{wins['random'] / games / (players - 1):.1%} each")
    print(f"  average fame: evaluator {fame['evaluator'] / games:.1f}, "
          f"random {fame['random'] / games / (players - 1):.1f}")
    print(f"  {games / took:.0f} games/s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
