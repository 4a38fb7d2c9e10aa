"""The Ra picture: a valid PNG, portrait (4:3 or taller), small, and the same bytes every time."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render.ra import render
from rules.ra import AIS, GAME
from rules.ra.state import RaState

BUDGET = 400_000


def _play(players: int, seed: int, steps: int | None, options: dict[str, str] | None = None,
          phase: str | None = None) -> RaState:
    """A game between evaluator AIs, stopped after ``steps`` moves (at ``phase`` if given)."""
    rng = random.Random(seed)
    s = GAME.setup(players, options or {}, seed)
    k = 0
    while GAME.result(s) is None:
        if steps is not None and k >= steps and (phase is None or s.phase == phase):
            break
        (seat,) = GAME.to_act(s)
        ai = AIS["evaluator"] if seat % 2 else AIS["random"]
        s, _ = GAME.apply(s, seat, ai.choose(GAME, s, seat, rng))
        k += 1
    return s


CASES = {
    "start-3": (3, 1, 0, None, None),
    "mid-4-auction": (4, 2, 60, None, "auction"),
    "mid-5-hidden": (5, 3, 100, {"hidden_fame": "on"}, None),
    "mid-3-play": (3, 4, 70, None, "play"),
    "end-5": (5, 5, None, None, None),
    "end-3-hidden": (3, 6, None, {"hidden_fame": "on"}, None),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("viewer", [None, 0])
def test_picture_is_valid_portrait_small_and_deterministic(case: str, viewer: int | None) -> None:
    players, seed, steps, options, phase = CASES[case]
    state = _play(players, seed, steps, options, phase)
    view = GAME.view(state, viewer)
    png = render(view, viewer_seat=viewer)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.verify()
    w, h = Image.open(io.BytesIO(png)).size
    assert h * 4 >= w * 3, "4:3 or taller"
    assert w >= 800
    assert len(png) < BUDGET
    assert render(view, viewer_seat=viewer) == png


def test_scale_resizes() -> None:
    view = GAME.view(_play(3, 1, 0), None)
    full = Image.open(io.BytesIO(render(view)))
    half = Image.open(io.BytesIO(render(view, scale=0.5)))
    assert half.size == (round(full.size[0] / 2), round(full.size[1] / 2))


def test_different_positions_give_different_pictures() -> None:
    a = render(GAME.view(_play(3, 1, 0), None))
    b = render(GAME.view(_play(3, 1, 12), None))
    assert a != b


def test_hidden_fame_picture_does_not_depend_on_other_seats_fame() -> None:
    """The picture is drawn from the view alone, so hidden totals cannot leak into it."""
    s = _play(4, 7, 80, {"hidden_fame": "on"})
    other = GAME.state_type(**{f: getattr(s, f) for f in s.__struct_fields__})
    other.fame = [f + 50 for f in s.fame]
    other.fame[1] = s.fame[1]
    assert render(GAME.view(s, 1), viewer_seat=1) == render(GAME.view(other, 1), viewer_seat=1)
    assert render(GAME.view(s, None)) == render(GAME.view(other, None))


def test_every_tile_kind_can_be_drawn() -> None:
    """A crowded display with every tile type, gods and face-down suns still renders within budget."""
    from rules.ra.data import TILE_IDS

    s = _play(5, 8, 30)
    view = GAME.view(s, None)
    view["seats"][0]["tiles"] = {t: 5 for t in TILE_IDS if t != "ra"}
    view["seats"][0]["suns_down"] = [16, 15, 14, 13, 12]
    view["auction_track"] = ["funeral", "drought", "unrest", "earthquake", "god", "gold", "flood", "nile"]
    png = render(view)
    assert len(png) < BUDGET
