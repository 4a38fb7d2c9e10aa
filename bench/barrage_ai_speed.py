"""Barrage's AI levels, today's against main's at 6ddbdeb: the same seeded games, the same moves, less CPU.

Usage:
  nice -n 19 python -m bench.barrage_ai_speed [--rows normal-vs-greedy] [--games 2] [--first 0]

Each game of a row (bench/tournament.py's Barrage + Nile Affair rows, 3 players, the tested AI at seat
``seed % 3``, Hard without its CPU deadline as with ``--no-deadline``) is played twice in this process,
in turn: with the rules of 6ddbdeb (AI and engine, loaded as the package ``rules_6ddbdeb`` by
bench.engine_compare.old_games) and with this tree's, through the calls the host and the tournament
make (the seat's ``choose`` on the state, then ``apply``). Every move and the final state must be the
same (it stops with an error otherwise); it prints each game's CPU time (``time.process_time``: one
process, no workers) and wall time, and the CPU ratio old/new per row and overall.

Hard's games (row hard-vs-normal) were compared this way (1.90x less CPU, the same moves) until Hard
began to draft by the measured table (rules/barrage/data/ai_draft.json): since then they part from
6ddbdeb's at the draft, so the default row is Normal's alone.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.engine_compare import old_games
from bench.tournament import ROWS, Row
from rules import GAMES
from rules.ai import ais_for
from rules.base import resolve_options

OLD = "6ddbdeb"
"""main when this work started: the AI whose decisions the running tournaments record."""


@dataclass
class Played:
    moves: list[str]
    final: bytes
    cpu: float
    wall: float


def _ais(side: str) -> Any:
    if side == "new":
        return GAMES["barrage"], ais_for("barrage")
    old_games(OLD)
    return old_games(OLD)["barrage"], importlib.import_module(f"rules_{OLD}.ai").ais_for("barrage")


def _unbounded(ai: Any) -> Any:
    """A search seat bounded by its playouts alone (bench.tournament's ``--no-deadline``), of either tree."""
    if hasattr(ai, "budget"):
        return type(ai)(ai.name, ai.knobs, replace(ai.budget, deadline_s=math.inf))
    return ai


def play(side: str, row: Row, seed: int) -> Played:
    """One game of ``row`` with ``side``'s rules: the tournament's loop (bench.tournament.play),
    recording every move."""
    game, ais = _ais(side)
    tested_seat = seed % row.players
    seats = [_unbounded(ais[row.tested] if s == tested_seat else ais[row.field]) for s in range(row.players)]
    rng = random.Random(seed)
    wall, cpu = time.perf_counter(), time.process_time()
    state = game.setup(row.players, resolve_options(game.info, dict(row.options)), seed)
    moves: list[str] = []
    while game.result(state) is None:
        if len(moves) >= game.info.max_actions:
            raise RuntimeError(f"{row.name} seed {seed}: no result after {len(moves)} moves")
        seat = min(game.to_act(state))
        action = seats[seat].choose(game, state, seat, rng)
        moves.append(f"{seat}:{game.encode_action(action)}")
        state, _ = game.apply(state, seat, action)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return Played(moves, msgspec.json.encode(state), cpu, wall)


def compare(row: Row, seed: int) -> tuple[float, float]:
    """Plays ``row``'s game ``seed`` on both sides; raises if a move or the final state differs."""
    old, new = play("old", row, seed), play("new", row, seed)
    for i, (a, b) in enumerate(zip(old.moves, new.moves, strict=False)):
        if a != b:
            raise SystemExit(f"{row.name} seed {seed}: move {i} differs: {OLD} played {a}, this tree {b}")
    if len(old.moves) != len(new.moves) or old.final != new.final:
        raise SystemExit(f"{row.name} seed {seed}: the final states differ")
    print(f"  {row.name} seed {seed}: {len(new.moves)} moves, the same; CPU {old.cpu:.2f} s -> {new.cpu:.2f} s "
          f"({old.cpu / new.cpu:.2f}x), wall {old.wall:.2f} s -> {new.wall:.2f} s", flush=True)
    return old.cpu, new.cpu


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", default="normal-vs-greedy",
                    help="Barrage + Nile rows of bench.tournament, without the 'barrage-nile:' prefix")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    args = ap.parse_args(argv)
    total = [0.0, 0.0]
    for name in args.rows.split(","):
        row = ROWS[f"barrage-nile:{name}"]
        spent = [compare(row, seed) for seed in range(args.first, args.first + args.games)]
        old, new = sum(s[0] for s in spent), sum(s[1] for s in spent)
        total = [total[0] + old, total[1] + new]
        print(f"{row.name}: {args.games} games, identical moves; CPU per game {old / args.games:.2f} s ({OLD}) "
              f"-> {new / args.games:.2f} s (this tree): {old / new:.2f}x", flush=True)
    print(f"all rows: CPU {total[0]:.1f} s -> {total[1]:.1f} s, {total[0] / total[1]:.2f}x (same run, same seeds)")


if __name__ == "__main__":
    main()
