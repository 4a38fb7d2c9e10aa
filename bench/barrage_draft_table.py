"""Measure how much each Barrage draft choice is worth, for Hard's draft (rules/barrage/data/ai_draft.json).

Usage:
  python -m bench.barrage_draft_table [--games 400] [--first 1000] [--jobs 2] [--out FILE]

Plays seeded 3-player games (Nile Affair) with Normal in every seat, the way the tournament plays them,
and records what each seat drafted (company, executive officer, starting contract) and how its final
score compared with the best other seat's. An additive model (company + officer + contract, each
shrunk towards 0 by ``PRIOR_GAMES`` pseudo-games) is fitted by backfitting, and written with the
games it came from. The draft is one choice a game, so Hard cannot afford to play it out (a game of
Normals is ~1.5 s of CPU per option); these figures are what such play-outs give, measured once.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES
from rules.ai import ais_for
from rules.barrage.actions import Pick
from rules.base import resolve_options

FACTORS = ("company", "officer", "contract")
PRIOR_GAMES = 10
"""Each figure counts as if it had also been seen this many times at 0 (a rare pick stays near 0)."""
SWEEPS = 30
OUT = Path(__file__).resolve().parent.parent / "rules" / "barrage" / "data" / "ai_draft.json"


def play(seed: int) -> list[tuple[str, str, str, int]]:
    """One game of three Normals: per seat (company, officer, starting contract, score - best other)."""
    game = GAMES["barrage"]
    normal = ais_for("barrage")["normal"]
    rng = random.Random(seed)
    state = game.setup(3, resolve_options(game.info, {"expansion": "nile"}), seed)
    contracts: dict[int, str] = {}
    for _ in range(game.info.max_actions):
        result = game.result(state)
        if result is not None:
            break
        seat = min(game.to_act(state))
        action = normal.choose(game, state, seat, rng)
        if isinstance(action, Pick):
            contracts[seat] = action.contract
        state, _ = game.apply(state, seat, action)
    else:
        raise RuntimeError(f"seed {seed}: no result")
    scores = result.scores
    return [(c.company, c.officer, contracts[s], scores[s] - max(x for i, x in enumerate(scores) if i != s))
            for s, c in enumerate(state.companies)]


def fit(rows: list[tuple[str, str, str, int]]) -> dict[str, dict[str, float]]:
    """Additive effects on the margin, centred on the mean margin, by backfitting."""
    mean = sum(r[3] for r in rows) / len(rows)
    table: dict[str, dict[str, float]] = {f: defaultdict(float) for f in FACTORS}
    for _ in range(SWEEPS):
        for j, factor in enumerate(FACTORS):
            residuals: dict[str, list[float]] = defaultdict(list)
            for row in rows:
                rest = sum(table[f][row[i]] for i, f in enumerate(FACTORS) if f != factor)
                residuals[row[j]].append(row[3] - mean - rest)
            for key, rs in residuals.items():
                table[factor][key] = sum(rs) / (len(rs) + PRIOR_GAMES)
    return {f: {k: round(v, 2) for k, v in sorted(table[f].items(), key=lambda kv: -kv[1])} for f in FACTORS}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first", type=int, default=1000, help="first seed (the tournament uses 0-399)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    seeds = range(args.first, args.first + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for game in pool.map(play, seeds, chunksize=4) for row in game]
    table = fit(rows)
    doc = {"about": "Barrage draft: estimated VP of final margin (score minus the best other's) each choice adds, "
                    "from games of three Normals (3 players, Nile Affair); written by bench/barrage_draft_table.py",
           "games": args.games, "seeds": [args.first, args.first + args.games - 1], "prior_games": PRIOR_GAMES,
           **table}
    Path(args.out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    for f in FACTORS:
        print(f, ", ".join(f"{k} {v:+.1f}" for k, v in table[f].items()))


if __name__ == "__main__":
    main()
