"""Measure what Barrage's draft choices and advanced tiles are worth, for Hard (rules/barrage/data/ai_draft.json
and ai_tiles.json).

Usage:
  python -m bench.barrage_draft_table [--table draft|tiles] [--games 400] [--first SEED] [--jobs 2] [--out FILE]
  python -m bench.barrage_draft_table --table tiles --weight 0.5        (Hard's weight, written into the file)

Plays seeded 3-player games (Nile Affair) with Normal in every seat, the way the tournament plays them,
and records per seat what it drafted (company, executive officer, starting contract), which advanced
technology tiles it came to hold, and its margin: its final score minus the best other seat's.

An additive model of the margin is fitted by backfitting, each figure shrunk towards 0 by ``PRIOR_GAMES``
pseudo-games, and written with the games it came from:

- ``draft`` (seeds from 1000): company + officer + contract. The draft is one choice a game, so Hard
  cannot afford to play it out (a game of Normals is ~1.5 s of CPU per option); these figures are what
  such play-outs give, measured once.
- ``tiles`` (seeds from 2000): company + officer + the sum over the advanced tiles held. ``plan.worth``
  counts every advanced tile alike; Hard adds ``weight`` times these figures for the tiles it holds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import chain
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import GAMES
from rules.ai import ais_for
from rules.barrage import data
from rules.barrage.actions import Pick
from rules.base import resolve_options

PRIOR_GAMES = 10
"""Each figure counts as if it had also been seen this many times at 0 (a rare pick stays near 0)."""
TOLERANCE = 1e-9
"""Backfitting stops when no figure moved by more than this in a sweep (a fixed number of sweeps could stop
short of the fit, and by more than the rounding for tiles that often go together)."""
MAX_SWEEPS = 10_000
DATA = Path(__file__).resolve().parent.parent / "rules" / "barrage" / "data"


@dataclass(frozen=True)
class Seat:
    """What one seat of one game of Normals drafted and got, and how it ended."""

    company: str
    officer: str
    contract: str
    tiles: tuple[str, ...]
    """Advanced (level 1-3) technology tiles it held at some point after the draft, in the order got."""
    margin: int
    """Its final score minus the best other seat's."""


@dataclass(frozen=True)
class Table:
    factors: tuple[str, ...]
    """Single-valued fields of ``Seat`` fitted one figure per value."""
    tiles: bool
    """Whether the tiles held are fitted too, one figure per tile, summed over the seat's tiles."""
    first: int
    out: Path
    decimals: int
    about: str


TABLES = {
    "draft": Table(("company", "officer", "contract"), False, 1000, DATA / "ai_draft.json", 2,
                   "Barrage draft: estimated VP of final margin (score minus the best other's) each choice adds, "
                   "from games of three Normals (3 players, Nile Affair); written by bench/barrage_draft_table.py"),
    # One decimal: a tile's figure moves by more than that between sets of 400 games.
    "tiles": Table(("company", "officer"), True, 2000, DATA / "ai_tiles.json", 1,
                   "Barrage advanced technology tiles: estimated VP of final margin (score minus the best "
                   "other's) that holding each tile went with, in games of three Normals (3 players, Nile "
                   "Affair), fitted beside the company and officer; written by bench/barrage_draft_table.py "
                   "--table tiles. Hard adds WEIGHT x these to plan.worth for each tile a company holds."),
}


def play(seed: int) -> list[Seat]:
    """One game of three Normals, seat by seat."""
    game = GAMES["barrage"]
    normal = ais_for("barrage")["normal"]
    rng = random.Random(seed)
    state = game.setup(3, resolve_options(game.info, {"expansion": "nile"}), seed)
    contracts: dict[int, str] = {}
    got: list[dict[str, None]] = [{} for _ in range(3)]  # insertion-ordered sets
    for _ in range(game.info.max_actions):
        result = game.result(state)
        if result is not None:
            break
        seat = min(game.to_act(state))
        action = normal.choose(game, state, seat, rng)
        if isinstance(action, Pick):
            contracts[seat] = action.contract
        state, _ = game.apply(state, seat, action)
        if state.phase != "draft":
            c = state.companies[seat]
            for t in chain(c.tiles, chain.from_iterable(c.wheel)):
                if data.TECH[t]["level"] > 0:
                    got[seat].setdefault(t)
    else:
        raise RuntimeError(f"seed {seed}: no result")
    scores = result.scores
    return [Seat(c.company, c.officer, contracts[s], tuple(got[s]),
                 scores[s] - max(x for i, x in enumerate(scores) if i != s))
            for s, c in enumerate(state.companies)]


def fit(seats: list[Seat], table: Table) -> dict[str, dict[str, float]]:
    """Additive effects on the margin, centred on the mean margin, by backfitting: each figure in turn
    becomes the shrunk mean of what the others leave unexplained in the seats it applies to."""
    keys = [[(f, getattr(s, f)) for f in table.factors] + [("tiles", t) for t in (s.tiles if table.tiles else ())]
            for s in seats]
    mean = sum(s.margin for s in seats) / len(seats)
    figure: dict[tuple[str, str], float] = defaultdict(float)
    where: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, ks in enumerate(keys):
        for k in ks:
            where[k].append(i)
    names = (*table.factors, "tiles") if table.tiles else table.factors
    order = [k for f in names for k in sorted(where) if k[0] == f]  # factor by factor, as fitted first
    for _ in range(MAX_SWEEPS):
        moved = 0.0
        for k in order:
            rest = [seats[i].margin - mean - sum(figure[o] for o in keys[i] if o != k) for i in where[k]]
            new = sum(rest) / (len(rest) + PRIOR_GAMES)
            moved, figure[k] = max(moved, abs(new - figure[k])), new
        if moved < TOLERANCE:
            break
    else:
        raise RuntimeError("backfitting did not settle")
    return {f: {v: round(x, table.decimals) for (g, v), x in sorted(figure.items(), key=lambda kv: -kv[1]) if g == f}
            for f in names}


def document(table: Table, figures: dict[str, dict[str, float]], first: int, games: int,
             weight: float | None) -> dict:
    doc = {"about": table.about, "games": games, "seeds": [first, first + games - 1], "prior_games": PRIOR_GAMES}
    if table.tiles:
        return {**doc, "weight": weight, "tiles": figures["tiles"]}
    return {**doc, **figures}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--table", choices=sorted(TABLES), default="draft")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first", type=int, help="first seed (the tournament uses 0-399; default per table)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--weight", type=float, default=0.5,
                    help="tiles only: how much of each figure Hard adds (0.5 was chosen, not tuned)")
    ap.add_argument("--out", help="default: the table's file in rules/barrage/data/")
    args = ap.parse_args(argv)
    table = TABLES[args.table]
    first = table.first if args.first is None else args.first
    with ProcessPoolExecutor(args.jobs) as pool:
        seats = [s for game in pool.map(play, range(first, first + args.games), chunksize=4) for s in game]
    figures = fit(seats, table)
    out = Path(args.out) if args.out else table.out
    out.write_text(json.dumps(document(table, figures, first, args.games, args.weight), indent=1) + "\n",
                   encoding="utf-8")
    for f, values in figures.items():
        print(f, ", ".join(f"{k} {v:+.{table.decimals}f}" for k, v in values.items()))


if __name__ == "__main__":
    main()
