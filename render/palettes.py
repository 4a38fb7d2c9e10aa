"""Each game's fixed 256-colour palette, and how it was made (``python -m render.palettes``).

Adaptive quantisation costs 11-29 ms a picture even on a blank board; mapping onto a palette fixed per
game costs 2-5 ms. A game's pictures hold the same flat colours and the same anti-aliasing ramps (text
and shapes over the same fills) from move to move, so one palette built from a spread of its boards
fits every board: measured, as close to the drawn colours as a per-picture adaptive palette.

The palettes are data (``assets/palettes/<game>.png``, a 16x16 image of the 256 entries); rebuild them
when a renderer gains colours, and look at a few boards after.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

from PIL import Image

PALETTES = Path(__file__).parent / "assets" / "palettes"
GAMES: tuple[str, ...] = ("ra", "imperium", "alhambra_dice", "barrage")


@cache
def palette(game: str) -> Image.Image | None:
    """The game's palette as a "P" image for ``Image.quantize(palette=...)``; None if it has none."""
    path = PALETTES / f"{game}.png"
    if not path.exists():
        return None
    with Image.open(path) as image:
        image.load()
        return image.copy()


def build(pictures: list[Image.Image]) -> Image.Image:
    """A 256-colour palette fitting ``pictures`` (RGB): one octree over all of them stacked."""
    width = max(p.width for p in pictures)
    stack = Image.new("RGB", (width, sum(p.height for p in pictures)))
    y = 0
    for p in pictures:
        stack.paste(p, (0, y))
        y += p.height
    colours = stack.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).getpalette()
    assert colours is not None
    swatch = Image.new("P", (16, 16))
    swatch.putpalette((colours + [0] * 768)[:768])
    swatch.putdata(range(256))
    return swatch


SEEDS = range(1, 7)
"""The sample games a palette is built from: together they seat every player count and pick every
choice of every option (Alhambra's Alcazaba, Barrage's maps), so every colour a board uses is in them."""


def sample_game(game: str, seed: int) -> tuple[Any, Any]:
    """(rules, start state) of sample game ``seed``: its player count and option choices cycle with
    the seed."""
    from rules import get_game  # the tool plays games; the renderers never see rules
    from rules.base import RulesError, resolve_options

    rules = get_game(game)
    info = rules.info
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    options = {o.name: o.choices[seed % len(o.choices)] for o in info.options}
    for name in [None, *options]:
        if name is not None:  # a combination the game refuses (Barrage's Nile map without the Nile Affair)
            del options[name]
        try:
            return rules, rules.setup(players, resolve_options(info, options), seed)
        except RulesError:
            continue
    raise AssertionError(f"{game} refuses its default options")


def sample_views(game: str, seeds: range, stops: frozenset[int],
                 viewers: tuple[int | None, ...] = (None, 0)) -> Iterator[tuple[dict[str, Any], int | None]]:
    """(view, viewer) pairs from seeded random games: ``stops`` moves in, and the end."""
    for seed in seeds:
        rules, state = sample_game(game, seed)
        rng = random.Random(seed)
        for n in range(rules.info.max_actions + 1):
            over = rules.result(state) is not None
            if n in stops or over:
                for viewer in viewers:
                    yield rules.view(state, viewer), viewer
            if over:
                break
            seat = min(rules.to_act(state))
            state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))


def drawn_pictures(game: str, seeds: range, stops: frozenset[int] = frozenset({0, 40, 140}),
                   langs: tuple[str, ...] = ("en", "ja"),
                   viewers: tuple[int | None, ...] = (None,)) -> list[Image.Image]:
    """The RGB pictures (before quantising) of ``game``'s sample boards in ``langs``."""
    import importlib

    module = importlib.import_module(f"render.{game}")
    renderers: list[Callable[..., bytes]] = [module.render]
    if hasattr(module, "render_boards"):
        renderers.append(module.render_boards)
    pictures: list[Image.Image] = []
    drawn_in = importlib.import_module(module.render.__module__)  # a package (Barrage) draws in a submodule
    with mock.patch.object(drawn_in, "to_png", lambda image, *_a, **_k: pictures.append(image.copy()) or b""):
        for view, viewer in sample_views(game, seeds, stops, viewers):
            for lang in langs:
                for draw in renderers:
                    draw(view, viewer_seat=viewer, lang=lang)
    return pictures


def main() -> None:
    parser = argparse.ArgumentParser(description="Rebuild the games' fixed palettes from sample boards.")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    PALETTES.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        pictures = drawn_pictures(game, SEEDS)
        build(pictures).save(PALETTES / f"{game}.png", optimize=False)
        print(f"{game}: palette from {len(pictures)} pictures -> {PALETTES / f'{game}.png'}")


if __name__ == "__main__":
    main()
