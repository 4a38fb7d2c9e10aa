"""Pictures of Alhambra: The Dice Game: valid PNG, portrait, small, deterministic, both versions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render.alhambra_dice import render
from rules.alhambra_dice import GAME

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _state(version: str, players: int, steps: int, seed: int = 3):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    st = GAME.setup(players, {"version": version}, seed)
    for _ in range(steps):
        if GAME.result(st) is not None:
            break
        seat = st.seat
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return st


CASES = [
    (version, players, steps)
    for version in ("basic", "alcazaba")
    for players, steps in ((2, 0), (4, 60), (6, 130), (3, 100_000))
]


@pytest.mark.parametrize(("version", "players", "steps"), CASES)
def test_picture_is_a_small_portrait_png(version: str, players: int, steps: int) -> None:
    st = _state(version, players, steps)
    view = GAME.view(st, None)
    png = render(view)
    assert png.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(png))
    image.load()
    w, h = image.size
    assert h * 4 >= w * 3, "4:3 or taller"
    assert len(png) < 400_000
    assert render(view) == png, "same view, same bytes"
    if steps > 1000:
        assert view["result"] is not None


def test_round_end_and_choices_are_drawn() -> None:
    """A picture for every phase of one game (claims, start-player choice, round ends)."""
    rng = random.Random(5)
    st = GAME.setup(3, {}, 5)
    phases = set()
    while GAME.result(st) is None:
        if st.phase not in phases:
            phases.add(st.phase)
            assert render(GAME.view(st, st.seat)).startswith(PNG_MAGIC)
        st, _ = GAME.apply(st, st.seat, rng.choice(GAME.legal_actions(st, st.seat)))
    assert {"roll", "claim"} <= phases


def test_alcazaba_take_phase_labels_cells() -> None:
    rng = random.Random(8)
    st = GAME.setup(4, {"version": "alcazaba"}, 8)
    while st.phase != "take":
        st, _ = GAME.apply(st, st.seat, rng.choice(GAME.legal_actions(st, st.seat)))
    view = GAME.view(st, None)
    assert view["targets"] and all(t["label"][0].isalpha() for t in view["targets"])
    assert any(c["text"].endswith("reserve") for c in view["choices"])
    assert render(view).startswith(PNG_MAGIC)


def test_scale_resizes() -> None:
    view = GAME.view(_state("basic", 3, 10), None)
    image = Image.open(io.BytesIO(render(view, scale=0.5)))
    assert image.size[0] == 600
