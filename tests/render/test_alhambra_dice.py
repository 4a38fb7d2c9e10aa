"""Pictures of Alhambra: The Dice Game: valid PNG, portrait, small, deterministic, both versions."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from i18n import alhambra_dice as words
from i18n import t
from i18n.alhambra_dice import seat_name
from render.alhambra_dice import GRID_LINE, render
from rules.alhambra_dice import GAME
from tests.i18n.tofu import recording_text

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


# ----------------------------------------------------------------------------- the final picture

RANK_WORDS = {lang: [t(lang, f"alhambra_dice.board.rank_{n}") for n in range(1, 7)] for lang in ("en", "ja")}


def _finished(version: str, players: int, seed: int = 3) -> dict:  # type: ignore[type-arg]
    view = GAME.view(_state(version, players, 100_000, seed), None)
    assert view["result"] is not None
    return view


def _results_rows(view: dict, lang: str) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    """(rank, name) of each row of the results table, top to bottom, as drawn."""
    names = {seat_name(lang, s, view["dummy"]) for s in range(view["seats"])}
    with recording_text() as drawn:
        render(view, lang=lang)
    texts = [text for text, _ in drawn]
    start = texts.index(t(lang, "alhambra_dice.board.results"))
    rows: list[tuple[str, str]] = []
    for text in texts[start:]:
        if text in RANK_WORDS[lang] or text == "—":
            rows.append((text, ""))
        elif text in names and rows and not rows[-1][1]:
            rows[-1] = (rows[-1][0], text)
    return rows


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("version", "players"), [(v, n) for v in ("basic", "alcazaba") for n in (2, 3, 4, 6)])
def test_final_picture_ranks_every_player_best_first(version: str, players: int, lang: str) -> None:
    view = _finished(version, players)
    ranks, scores = view["result"]["ranks"], view["result"]["scores"]
    best_first = sorted(range(players), key=lambda s: (ranks[s], s))
    expected = [(RANK_WORDS[lang][ranks[s] - 1], seat_name(lang, s)) for s in best_first]
    if view["dummy"] >= 0:  # the dummy is listed last, as the dummy, without a rank
        expected.append(("—", t(lang, "alhambra_dice.seat.dummy")))
    assert _results_rows(view, lang) == expected
    assert [scores[s] for s in best_first] == sorted(scores, reverse=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [4, 6])
def test_final_picture_shows_every_players_bonus_chips_whole(players: int, lang: str) -> None:
    """The chips show nowhere else at the end: a long result line may cut the building points (the tracks
    repeat them), never the chips."""
    view = _finished("basic", players)
    sep = t(lang, "alhambra_dice.word.sep")
    with recording_text() as drawn:
        render(view, lang=lang)
    texts = [text for text, _ in drawn]
    for seat in range(players):
        chips = sep.join(words.chip_name(lang, words.field_chip(c)) for c in view["chips"][seat]) or "—"
        listed = t(lang, "alhambra_dice.board.chips", chips=chips)
        assert any(text.startswith(listed) for text in texts), (seat, listed)


def test_a_shared_rank_is_drawn_for_each_tied_player() -> None:
    view = _finished("basic", 3)
    view["result"]["scores"] = [90, 120, 120]
    view["result"]["ranks"] = [3, 1, 1]
    assert _results_rows(view, "en") == [("1st", "Player 2"), ("1st", "Player 3"), ("3rd", "Player 1")]
    with recording_text() as drawn:
        render(view)
    texts = [text for text, _ in drawn]
    assert texts.count("tied") == 2
    assert t("en", "alhambra_dice.result.tie") in texts  # no tie-breaker: the house rule says so


def _grid_cells(view: dict) -> list[float]:  # type: ignore[type-arg]
    """Side of every empty grid square drawn (an Alhambra's cells are the only square GRID_LINE boxes)."""
    sides: list[float] = []
    original = ImageDraw.ImageDraw.rectangle

    def spy(self, xy, fill=None, outline=None, width=1):  # type: ignore[no-untyped-def]
        x0, y0, x1, y1 = xy
        if outline == GRID_LINE and fill is None and abs((x1 - x0) - (y1 - y0)) < 1e-6:
            sides.append(round(x1 - x0, 3))
        return original(self, xy, fill, outline, width)

    ImageDraw.ImageDraw.rectangle = spy  # type: ignore[method-assign]
    try:
        render(view)
    finally:
        ImageDraw.ImageDraw.rectangle = original  # type: ignore[method-assign]
    return sides


@pytest.mark.parametrize("players", [2, 4, 5])
def test_final_picture_draws_every_alhambra_at_one_scale(players: int) -> None:
    view = _finished("alcazaba", players)
    frames = [a["frame"] for a in view["alhambras"]]
    widths = {x1 - x0 + 1 for x0, _, x1, _ in frames} | {y1 - y0 + 1 for _, y0, _, y1 in frames}
    assert len(widths) > 1, "a game whose Alhambras differ in extent"
    sides = _grid_cells(view)
    cells = sum((x1 - x0 + 1) * (y1 - y0 + 1) for x0, y0, x1, y1 in frames)
    assert len(sides) == cells and len(set(sides)) == 1


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
def test_final_picture_has_no_empty_market_or_dice(version: str) -> None:
    view = _finished(version, 4)
    with recording_text() as drawn:
        render(view)
    texts = {text for text, _ in drawn}
    gone = {t("en", "alhambra_dice.board.tiles"), t("en", "alhambra_dice.board.bonus"),
            words.column_name("en", "L"), t("en", "alhambra_dice.board.round_end")}  # fmt: skip
    assert not texts & gone
    assert t("en", "alhambra_dice.board.results") in texts


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
def test_in_game_picture_keeps_its_market_dice_and_players(version: str) -> None:
    view = GAME.view(_state(version, 4, 60), None)
    with recording_text() as drawn:
        render(view)
    texts = {text for text, _ in drawn}
    assert t("en", "alhambra_dice.board.results") not in texts
    assert words.column_name("en", "L") in texts  # the dice grid's columns
    assert t("en", "alhambra_dice.board.score", score=view["scores"][3]) in texts  # the players' rows
    if version == "alcazaba":
        assert t("en", "alhambra_dice.board.tiles") in texts


def test_the_canvas_is_measured_at_the_height_the_board_is_drawn_to() -> None:
    """The canvas is made at the measured height: a measure that drifts from the drawing costs a second
    drawing (too short) or leaves a band of background (too tall)."""
    from render import alhambra_dice
    from render.palettes import sample_views

    views = [v for v, _ in sample_views("alhambra_dice", range(101, 104), range(0, 400, 7), viewers=(None,))]
    finals = [_finished(version, n) for version in ("basic", "alcazaba") for n in (2, 3, 5, 6)]
    assert any(v["version"] == "alcazaba" for v in views) and any(v["version"] == "basic" for v in views)
    for view in views + finals:
        for lang in ("en", "ja"):
            image, draw = alhambra_dice.new_canvas(alhambra_dice.WIDTH, 3000)
            assert alhambra_dice._layout(draw, image, view, lang) == alhambra_dice._height(view, lang)
