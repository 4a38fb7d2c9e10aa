"""The Imperium board picture: valid, portrait, small, deterministic, at every stage of a game."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from render.imperium import render
from rules.imperium import AIS, GAME, ImperiumState

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 300_000


def _game(players: int, rounds: int, *, variant: str = "standard", partial: int = 0) -> ImperiumState:
    """A game after ``rounds`` full rounds (greedy vs random) and ``partial`` choices of the next."""
    rng = random.Random(players * 100 + rounds)
    state = GAME.setup(players, {"variant": variant}, rounds)
    for _ in range(rounds):
        if GAME.result(state) is not None:
            break
        for seat in sorted(GAME.to_act(state)):
            ai = AIS["greedy"] if seat % 2 else AIS["random"]
            state, _ = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
    for seat in range(partial):
        if GAME.result(state) is None:
            state, _ = GAME.apply(state, seat, AIS["random"].choose(GAME, state, seat, rng))
    return state


def _finished(players: int, variant: str = "standard") -> ImperiumState:
    state = _game(players, 60, variant=variant)
    assert GAME.result(state) is not None
    return state


STAGES = {
    "start": lambda n: _game(n, 0),
    "mid": lambda n: _game(n, 4, partial=1),
    "finished": lambda n: _finished(n),
    "race": lambda n: _game(n, 10, variant="race30", partial=1),
}


def _check(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    assert len(png) < MAX_BYTES
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    width, height = image.size
    assert height >= width * 4 / 3, "4:3 or taller: phones crop square and wide pictures"
    return image


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("stage", sorted(STAGES))
def test_renders_every_stage(stage: str, players: int) -> None:
    state = STAGES[stage](players)
    _check(render(GAME.view(state, None)))
    _check(render(GAME.view(state, 0), viewer_seat=0))


def test_finished_game_shows_final_standings() -> None:
    state = _finished(5)
    view: dict[str, Any] = GAME.view(state, None)
    assert view["finished"] and view["result"]
    _check(render(view))


def test_same_view_gives_the_same_bytes() -> None:
    state = _game(5, 3, partial=2)
    view = GAME.view(state, 1)
    assert render(view, viewer_seat=1) == render(view, viewer_seat=1)
    assert render(GAME.view(state, None)) == render(GAME.view(state, None))


def test_scale_resizes_and_keeps_the_shape() -> None:
    view = GAME.view(_game(2, 2), None)
    small = _check(render(view, scale=0.5))
    full = _check(render(view))
    assert abs(small.width - full.width / 2) <= 1


def test_private_choice_is_drawn_only_from_the_choosers_view() -> None:
    """The public picture cannot depend on a hidden choice: it is built from the public view."""
    state = _game(3, 2)
    before = render(GAME.view(state, None))
    chosen, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[17])
    other, _ = GAME.apply(state, 0, GAME.legal_actions(state, 0)[99])
    assert render(GAME.view(chosen, None)) == render(GAME.view(other, None))
    assert render(GAME.view(chosen, None)) != before  # the "ready" tick appears
    assert render(GAME.view(chosen, 0), viewer_seat=0) != render(GAME.view(other, 0), viewer_seat=0)


def test_scores_past_the_track_still_render() -> None:
    state = _game(2, 3)
    state.scores = [47, 31]
    _check(render(GAME.view(state, None)))
