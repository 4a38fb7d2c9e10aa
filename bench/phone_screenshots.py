"""Phone legibility screenshots: each game's picture at full size beside the same picture 400 px wide.

    python bench/phone_screenshots.py                       # docs/screenshots/phone_<game>.png, English
    python bench/phone_screenshots.py --lang ja --out /tmp/p --move 60

The position is a seeded random game (render.palettes.sample_views) ``--move`` moves in, drawn by the
renderer the bot uses; the narrow copy is what a phone shows, so its header must read without zooming.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from render.palettes import GAMES, sample_views  # noqa: E402

PHONE_W = 400
GAP = 24


def side_by_side(png: bytes) -> Image.Image:
    """The picture at full size, and to its right the same picture scaled to ``PHONE_W`` wide."""
    full = Image.open(io.BytesIO(png)).convert("RGB")
    small = full.resize((PHONE_W, round(full.height * PHONE_W / full.width)), Image.Resampling.LANCZOS)
    sheet = Image.new("RGB", (full.width + GAP + PHONE_W, full.height), (255, 255, 255))
    sheet.paste(full, (0, 0))
    sheet.paste(small, (full.width + GAP, 0))
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--move", type=int, default=80, help="moves into the sample game")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        view, _ = next(sample_views(game, range(args.seed, args.seed + 1), frozenset({args.move}), (None,)))
        png = importlib.import_module(f"render.{game}").render(view, lang=args.lang)
        path = args.out / f"phone_{game}.png"
        side_by_side(png).save(path, optimize=True)
        print(path)


if __name__ == "__main__":
    main()
