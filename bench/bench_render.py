"""Render CPU per picture: today's renderer against a baseline's, side by side in one run.

    python bench/bench_render.py                    # every game, baseline 51414ea
    python bench/bench_render.py --games ra --seeds 2 --host-moves 40

The baseline's render/ package is exported from git into a temporary folder and imported as
``render_old`` (its i18n/ beside it as ``i18n_old``, so it finds the words it was written for), so both
draw the same views in the same process on the same (shared) machine; each position is drawn by one
and then the other, so a neighbour's load falls on both alike. "same px" counts the in-game boards
whose pixels match the baseline's: a speed-up that changes nothing a player sees keeps them all.

Positions come from seeded random games (player counts and options vary with the seed, and none is
a game the palettes were built from): runs of consecutive moves (0-5, 30-35, 80-85, 150-155) and the
last position, in English and Japanese, as the bot draws them one move after another (so the caches
start cold and are only as warm as real play makes them). Barrage's board is its two
pictures (map and boards), counted together. CPU is ``time.process_time`` (no worker processes
here: everything is drawn in this one); wall is ``time.perf_counter``.

Then ``--host-moves`` moves a game through the host as the bot does (apply + store in SQLite + the
public picture) and reports p50/p95 CPU and wall per move.

Targets (issue 15): new/old CPU <= 0.45 for every game; on a quiet machine Imperium and Ra <= 15 ms,
Alhambra <= 25 ms, Barrage's two pictures <= 100 ms; every PNG < 1 MiB. Host move p95 <= 30 ms
Imperium/Ra/Alhambra, <= 150 ms Barrage.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import io
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_host import new_table  # noqa: E402
from host.sessions import Host  # noqa: E402
from host.storage import make_store  # noqa: E402
from render.palettes import GAMES, sample_views  # noqa: E402

WINDOWS = (0, 30, 80, 150)
RUN = 6
STOPS = frozenset(w + i for w in WINDOWS for i in range(RUN))
"""Runs of consecutive moves: the positions the bot draws one after another."""
MiB = 1 << 20


def baseline_package(rev: str, into: Path) -> str:
    """Export ``rev``'s render/ and i18n/ into ``into`` as the packages ``render_old`` and ``i18n_old``
    (the old pictures with the words they were drawn with); returns the renderer's name."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "render", "i18n"], check=True,
                             capture_output=True)  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    for name in ("render", "i18n"):
        (into / name).rename(into / f"{name}_old")
    for source in [*(into / "render_old").rglob("*.py"), *(into / "i18n_old").rglob("*.py")]:
        text = source.read_text(encoding="utf-8")
        text = text.replace("from render.", "from render_old.").replace("import render.", "import render_old.")
        text = text.replace('f"render.{', 'f"render_old.{').replace('f"i18n.{', 'f"i18n_old.{')
        text = re.sub(r"\bfrom i18n\b", "from i18n_old", text)
        text = re.sub(r"^(\s*)import i18n\.", r"\1import i18n_old.", text, flags=re.M)
        text = re.sub(r"^(\s*)import i18n$", r"\1import i18n_old as i18n", text, flags=re.M)
        source.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(into))
    return "render_old"


def drawers(package: str, game: str) -> list[Callable[..., bytes]]:
    module: ModuleType = importlib.import_module(f"{package}.{game}")
    return [module.render] + ([module.render_boards] if hasattr(module, "render_boards") else [])


@dataclass
class Tally:
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    largest: int = 0

    def draw(self, fns: list[Callable[..., bytes]], view: dict[str, Any], lang: str) -> list[bytes]:
        c0, w0 = time.process_time(), time.perf_counter()
        pngs = [fn(view, lang=lang) for fn in fns]
        self.cpu.append((time.process_time() - c0) * 1000)
        self.wall.append((time.perf_counter() - w0) * 1000)
        self.largest = max(self.largest, *(len(png) for png in pngs))
        return pngs


def same_pixels(old: list[bytes], new: list[bytes]) -> bool:
    """Whether two drawings of a board show the same pixels (the PNG bytes may differ in encoding)."""
    def decoded(png: bytes) -> tuple[tuple[int, int], bytes]:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return image.size, image.tobytes()

    return len(old) == len(new) and all(decoded(a) == decoded(b) for a, b in zip(old, new, strict=True))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_pictures(games: list[str], seeds: int, old_package: str) -> bool:
    print(f"{'game':14s} {'boards':>6s} {'old CPU':>8s} {'new CPU':>8s} {'ratio':>6s} "
          f"{'old wall':>9s} {'new wall':>9s} {'new p95':>8s} {'max PNG':>9s} {'same px':>9s}   (medians, ms per board;"
          " same px: in-game boards whose pixels match the baseline's)")
    ok = True
    for game in games:
        old, new = Tally(), Tally()
        old_fns, new_fns = drawers(old_package, game), drawers("render", game)
        same = in_game = 0
        # games other than those the palettes were built from
        for view, _ in sample_views(game, range(101, 101 + seeds), STOPS, viewers=(None,)):
            for lang in ("en", "ja"):
                before = old.draw(old_fns, view, lang)
                after = new.draw(new_fns, view, lang)
                if view.get("result") is None:  # compared outside the timing
                    in_game += 1
                    same += same_pixels(before, after)
        ratio = statistics.median(new.cpu) / statistics.median(old.cpu)
        ok &= ratio <= 0.45 and new.largest < MiB
        print(f"{game:14s} {len(new.cpu):6d} {statistics.median(old.cpu):8.1f} {statistics.median(new.cpu):8.1f} "
              f"{ratio:5.2f}x {statistics.median(old.wall):9.1f} {statistics.median(new.wall):9.1f} "
              f"{pct(new.cpu, 0.95):8.1f} {new.largest / 1024:7.0f} KiB {same:4d}/{in_game:<4d}")
    return ok


async def host_moves(game: str, moves: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall ms of each move through the host: submit (apply + store) and the public picture."""
    fns = drawers("render", game)
    players = 4  # every game seats four
    rng = random.Random(seed)
    cpu: list[float] = []
    wall: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = make_store(Path(tmp) / "bench.db")
        await store.open()
        host = Host(store)
        while len(cpu) < moves:
            session = await new_table(host, game, players, rng)
            while session.status == "active" and len(cpu) < moves:
                seat = min(session.to_act())
                action = rng.choice(session.game.legal_actions(session.state, seat))
                c0, w0 = time.process_time(), time.perf_counter()
                outcome = await host.submit(session.id, seat + 1, action, expected_version=session.version)
                view = outcome.session.view(None)
                for fn in fns:
                    fn(view, lang="en")
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
                session = outcome.session
        await store.close()
    return cpu, wall


def bench_host(games: list[str], moves: int) -> bool:
    print(f"\n{'game':14s} {'moves':>6s} {'CPU p50':>8s} {'CPU p95':>8s} {'wall p50':>9s} {'wall p95':>9s}"
          "   (ms per move: apply + store + picture)")
    ok = True
    for game in games:
        cpu, wall = asyncio.run(host_moves(game, moves, seed=1))
        ok &= pct(cpu, 0.95) <= (150 if game == "barrage" else 30)
        print(f"{game:14s} {len(cpu):6d} {pct(cpu, 0.5):8.1f} {pct(cpu, 0.95):8.1f} "
              f"{pct(wall, 0.5):9.1f} {pct(wall, 0.95):9.1f}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--seeds", type=int, default=3, help="seeded random games per game")
    parser.add_argument("--baseline", default="51414ea", help="git revision of the renderer to compare with")
    parser.add_argument("--host-moves", type=int, default=100, help="moves per game through the host (0: skip)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_package = baseline_package(args.baseline, Path(tmp))
        print(f"pictures: this tree against {args.baseline}, same process, same views\n")
        pictures_ok = bench_pictures(args.games, args.seeds, old_package)
    host_ok = bench_host(args.games, args.host_moves) if args.host_moves else True
    print(f"\nratio <= 0.45x and PNG < 1 MiB: {'met' if pictures_ok else 'NOT met'}; "
          f"host p95 CPU target: {'met' if host_ok else 'NOT met'}"
          + ("" if args.host_moves else " (not run)"))


if __name__ == "__main__":
    main()
