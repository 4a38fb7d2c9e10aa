"""Side by side: today's engine against the engine of an older commit, in one process, one core.

``old_games(commit)`` exports ``rules/`` from that commit (``git archive``) into a temporary package
``rules_<commit>`` (its absolute imports rewritten), so both engines load together and are measured
in the same run, alternating in short rounds so a change in the machine's load hits both alike.
Used by ``bench/bench_<game>_engine.py --compare``.
"""

from __future__ import annotations

import importlib
import io
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rules.base import Game, owned_apply, resolve_options

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "51414ea"
"""main before the AI work (issue #18): the engines the speed-ups are measured against."""

_IMPORTS = re.compile(r"\b(from|import)\s+rules\b")
_MODULE_NAMES = re.compile(r"(?<=[\"'])rules(?=\.)")
"""Module names in strings (``importlib.import_module(f"rules.{name}")`` builds the registry): left
alone, the old registry would load today's engines and the comparison would measure one engine twice."""


def old_games(commit: str = BASELINE) -> Mapping[str, Game[Any, Any]]:
    """The rules.GAMES of ``commit``, imported as the package ``rules_<commit>``."""
    name = f"rules_{commit}"
    if name not in sys.modules:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "rules"], check=True,
                             capture_output=True).stdout
        where = Path(tempfile.mkdtemp(prefix="engine_compare_"))
        with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
            archive.extractall(where, filter="data")
        (where / "rules").rename(where / name)
        for path in (where / name).rglob("*.py"):
            text = _IMPORTS.sub(lambda m: f"{m.group(1)} {name}", path.read_text())
            path.write_text(_MODULE_NAMES.sub(name, text))
        sys.path.insert(0, str(where))
    return importlib.import_module(name).GAMES  # type: ignore[no-any-return]


def random_game(game: Game[Any, Any], players: int, seed: int, options: Mapping[str, str],
                owned: bool = False) -> int:
    """One complete game of uniformly random legal moves (rules.base.play_random_game's loop, which
    an old commit may not have); returns the number of moves. ``owned``: through the search's fast
    path (``rules.base.owned_apply``: the game's ``apply_owned`` where it has one), as the search's
    playouts run, instead of the protocol's ``apply`` the host uses."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(players, resolve_options(game.info, options), seed)
    step = owned_apply(game) if owned else None
    moves = 0
    for moves in range(game.info.max_actions):  # noqa: B007 - the count is the result
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        if step is None:
            state, _ = game.apply(state, seat, action)
        else:
            state = step(state, seat, action)
    return moves


def compare(name: str, games: int, players: Callable[[int], int], options: Mapping[str, str],
            rounds: int = 5, fresh: bool = False) -> float:
    """Plays ``games`` seeded random games on each engine, alternating in ``rounds`` slices;
    prints games per CPU second (and per wall second) of each and returns the CPU ratio new/old.

    ``fresh``: each engine plays seeds no other engine plays. With the same seeds, a run finds what an
    engine cached for the same games in the run before it (Alcazaba's Alhambras worked out by the
    move generator, Imperium's region results), which flatters the later run; fresh seeds cost that
    pairing (the games differ, so play enough of them for the mean to settle)."""
    from rules import GAMES

    new = GAMES[name]
    engines = {"new": new, "old": old_games()[name]}
    fast = getattr(new, "apply_owned", None) is not None
    if fast:
        engines["search"] = new
    cpu = dict.fromkeys(engines, 0.0)
    wall = dict.fromkeys(engines, 0.0)
    moves = dict.fromkeys(engines, 0)
    per_round = max(1, games // rounds)
    for r in range(rounds):
        for i, (label, game) in enumerate(engines.items()):
            first = r * per_round + (100_000 * (i + 1) if fresh else 0)
            seeds = range(first, first + per_round)
            w, c = time.perf_counter(), time.process_time()
            moves[label] += sum(random_game(game, players(s), s, options, owned=label == "search")
                                for s in seeds)
            wall[label] += time.perf_counter() - w
            cpu[label] += time.process_time() - c
    played = per_round * rounds
    if len(set(moves.values())) > 1 and not fresh:
        print(f"  warning: the engines played different games ({moves})")
    names = {"new": "this tree, apply", "old": BASELINE, "search": "this tree, the search's apply_owned"}
    for label in engines:
        print(f"  {label} ({names[label]}): {played / cpu[label]:,.0f} games per "
              f"CPU s, {played / wall[label]:,.0f} per wall s, {moves[label] / played:.0f} moves/game")
    ratio = cpu["old"] / cpu["new"]
    label = f"{name} {dict(options)}" if options else name
    seeds = "each engine on its own seeds" if fresh else "same seeds"
    print(f"  {label}: speed-up {ratio:.2f}x through apply (CPU time, same run, {seeds})")
    if fast:
        ratio = cpu["old"] / cpu["search"]
        print(f"  {label}: speed-up {ratio:.2f}x through the search's apply_owned (CPU time, same run, {seeds})")
    return ratio
