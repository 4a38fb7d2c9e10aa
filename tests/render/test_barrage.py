"""The Barrage pictures (map and boards): valid PNGs, portrait, small, and the same bytes every time."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render.barrage import render, render_boards
from rules.barrage import AIS, GAME
from rules.barrage.state import State
from rules.base import play_random_game, resolve_options

BUDGET = 600_000
RENDERERS = {"map": render, "boards": render_boards}


def _play(players: int, seed: int, steps: int | None, options: dict[str, str], ai: str = "random") -> State:
    """A game between computer players, stopped after ``steps`` moves (None = to the end)."""
    rng = random.Random(seed)
    st = GAME.setup(players, resolve_options(GAME.info, options), seed)
    k = 0
    while GAME.result(st) is None and (steps is None or k < steps):
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, AIS[ai].choose(GAME, st, seat, rng))
        k += 1
    return st


CASES: dict[str, tuple[int, int, int | None, dict[str, str], str]] = {
    "draft-2": (2, 1, 0, {"map": "base"}, "random"),
    "mid-2": (2, 2, 40, {"map": "base"}, "random"),
    "mid-3-intro": (3, 3, 70, {"map": "base", "intro": "yes"}, "random"),
    "mid-3-leeghwater": (3, 4, 90, {"map": "base", "leeghwater": "yes"}, "random"),
    "mid-4-greedy": (4, 5, 120, {"map": "base", "leeghwater": "yes"}, "greedy"),
    "mid-4-old-officers": (4, 6, 100, {"map": "base", "new_officers": "no"}, "random"),
    "end-2": (2, 7, None, {"map": "base"}, "random"),
    "end-3-leeghwater": (3, 8, None, {"map": "base", "leeghwater": "yes"}, "random"),
    "end-4-greedy": (4, 9, None, {"map": "base"}, "greedy"),
}


def _check(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(png)).verify()
    w, h = Image.open(io.BytesIO(png)).size
    assert h * 3 >= w * 4, "3:4 portrait or taller"
    assert w >= 800
    assert len(png) < BUDGET
    return w, h


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: GAME.view(_play(*case), None) for name, case in CASES.items()}


@pytest.mark.parametrize("kind", sorted(RENDERERS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_picture_is_valid_portrait_small_and_deterministic(views: dict[str, dict[str, Any]], case: str,
                                                           kind: str) -> None:
    draw = RENDERERS[kind]
    png = draw(views[case])
    _check(png)
    assert draw(views[case]) == png


@pytest.mark.parametrize("kind", sorted(RENDERERS))
def test_seat_view_marks_the_viewer(kind: str) -> None:
    state = _play(3, 10, 60, {"map": "base"})
    draw = RENDERERS[kind]
    mine = draw(GAME.view(state, 1), viewer_seat=1)
    _check(mine)
    assert mine != draw(GAME.view(state, None))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_random_game_final_state(players: int) -> None:
    """Every player count and option set ends in a picture with the final ranking."""
    for options in ({"map": "base"}, {"map": "base", "leeghwater": "yes"}, {"map": "base", "intro": "yes"}):
        state, _ = play_random_game(GAME, players, 100 + players, options)
        view = GAME.view(state, None)
        assert view["phase"] == "over" and view["final_scores"]
        for draw in RENDERERS.values():
            png = draw(view)
            _check(png)
            assert draw(view) == png


def test_states_along_a_game_all_render() -> None:
    """Every 15th state of a seeded random 4-player game with the Leeghwater parts."""
    rng = random.Random(11)
    st = GAME.setup(4, resolve_options(GAME.info, {"map": "base", "leeghwater": "yes"}), 11)
    k = 0
    while GAME.result(st) is None:
        if k % 15 == 0:
            view = GAME.view(st, None)
            _check(render(view))
            _check(render_boards(view))
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        k += 1


def test_nile_map_draws_from_its_own_data() -> None:
    """The engine does not set up Nile games yet: a base view switched to the Nile map must still draw
    (the Nile path, irrigation areas and their spaces) and differ from the base map."""
    view = GAME.view(_play(3, 12, 80, {"map": "base"}), None)
    nile = dict(view, map="nile", options=dict(view["options"], map="nile"))
    nile["headstream_tiles"] = {h: f"N{t}" for h, t in view["headstream_tiles"].items()}
    nile["occupied_spaces"] = dict(view["occupied_spaces"], **{"irrigation-hill-1": 0})
    png = render(nile)
    _check(png)
    _check(render_boards(nile))
    assert png != render(view)


def test_unknown_map_falls_back_to_the_base_geometry() -> None:
    view = GAME.view(_play(2, 13, 10, {"map": "base"}), None)
    _check(render(dict(view, map="atlantis")))


def test_scale_resizes() -> None:
    view = GAME.view(_play(2, 14, 20, {"map": "base"}), None)
    for draw in RENDERERS.values():
        full = Image.open(io.BytesIO(draw(view)))
        half = Image.open(io.BytesIO(draw(view, scale=0.5)))
        assert half.size == (round(full.size[0] / 2), round(full.size[1] / 2))


def test_different_positions_give_different_pictures() -> None:
    a = GAME.view(_play(3, 15, 30, {"map": "base"}), None)
    b = GAME.view(_play(3, 15, 60, {"map": "base"}), None)
    assert render(a) != render(b)
    assert render_boards(a) != render_boards(b)


def test_crowded_view_stays_within_budget() -> None:
    """Every site built, full dams, big hands and tiles: still valid and small."""
    view = GAME.view(_play(4, 16, 150, {"map": "base", "leeghwater": "yes"}), None)
    from rules.barrage import data

    m = data.map_data("base")
    view["dams"] = {d: {"owner": i % 5 - 1, "level": 1 + i % 3} for i, d in enumerate(m.dams)}
    view["water"] = dict(view["water"], **{d: 1 + i % 3 for i, d in enumerate(m.dams)})
    view["conduits"] = {c: i % 4 for i, c in enumerate(m.conduits)}
    view["powerhouses"] = {p: i % 4 for i, p in enumerate(m.powerhouses)}
    c = view["companies"][0]
    c["tiles"] = ["BASIC_BASE", "BASIC_ELEVATION", "BASIC_CONDUIT", "BASIC_POWERHOUSE", "L1_JOKER", "L2_BASE",
                  "L3_CONDUIT", "ANTON_SPECIAL", "L2_BUILDING"]
    c["contracts"] = ["C100", "C201", "C305", "C406", "NILE_R"]
    c["fulfilled"] = ["START1", "C200", "C300", "C400", "C101", "C202"]
    c["wheel"][2] = {"tiles": ["L3_JOKER", "ANTON_SPECIAL"], "excavators": 12, "mixers": 9}
    for draw in RENDERERS.values():
        _check(draw(view))
