"""Issue 19: a player whose display name has emoji, Korean and Arabic sees it drawn on every game's
picture, in English and Japanese: colour emoji (a cut of Noto Color Emoji), real letters, never a "?"
stand-in or an empty box."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import get_renderer
from render._draw import EMOJI_FONT, INK, STAND_IN, TextFont, font, font_runs, new_canvas
from render.palettes import sample_views
from tests.i18n.tofu import recording_text

NAME = "Ann 😀🎲 한국 عربي"
NAMES = [NAME, "Bob", "Cy", "Dee", "Eve"]


def _yellow(image: Image.Image) -> int:
    """Pixels of the grinning face's yellow."""
    return sum(1 for r, g, b in image.convert("RGB").get_flattened_data() if r > 230 and 170 < g < 235 and b < 90)


def test_an_emoji_is_drawn_in_its_own_colours_one_em_tall() -> None:
    image, draw = new_canvas(200, 60)
    draw.text((4, 8), "Ann 😀", font=font(24), fill=INK)
    assert _yellow(image) > 30  # the face is yellow, not the ink's black
    left, top, right, bottom = font(24).getbbox("😀", anchor="ls")
    assert 20 <= bottom - top <= 25 and right - left <= 30  # about as tall as the text
    plain, plain_draw = new_canvas(200, 60)
    plain_draw.text((4, 8), "Ann", font=font(24), fill=INK)
    assert image.crop((0, 0, 50, 60)).tobytes() == plain.crop((0, 0, 50, 60)).tobytes()  # "Ann" unchanged


def test_a_flag_reads_as_its_letters_and_an_unknown_symbol_as_a_question_mark() -> None:
    assert font_runs("DejaVuSans.ttf", "Eve 🇯🇵") == (("DejaVuSans.ttf", "Eve JP"),)
    assert font_runs("DejaVuSans.ttf", "Eve \U0001faad") == (("DejaVuSans.ttf", f"Eve {STAND_IN}"),)


@pytest.mark.parametrize("game", ["ra", "imperium", "alhambra_dice", "barrage"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_draws_an_emoji_korean_arabic_name_without_stand_ins(game: str, lang: str) -> None:
    view, viewer = next(iter(sample_views(game, range(1, 2), frozenset({12}))))
    render = get_renderer(game)
    with recording_text() as drawn:
        picture = _png(render({**view, "names": NAMES}, viewer_seat=viewer, lang=lang))
    named = [(text, face) for text, face in drawn if "😀" in text]
    assert named, f"{game}: the name is not drawn"
    for text, face in named:
        assert isinstance(face, TextFont)
        runs = face.runs(face.for_text(text), text)
        assert runs is not None and (EMOJI_FONT, "😀🎲") in runs, runs
        assert STAND_IN in text or STAND_IN not in "".join(run for _, run in runs), runs
        # where space is short the name is cut ("Ann 😀🎲 한국 عر…"), but never drawn as "?" or boxes
        assert "한" not in text or any(name == "fonts/HangulFallback.ttf" and "한" in run for name, run in runs)
    plain = _png(render({**view, "names": ["Ann", *NAMES[1:]]}, viewer_seat=viewer, lang=lang))
    assert _yellow(picture) > _yellow(plain)  # the face is drawn in colour on the board too


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_a_cut_name_keeps_the_seat_number_that_tells_seats_apart() -> None:
    """Where a chip has room for a few letters only, "Player 4" must not read "Playe…" like every other
    seat: the number stays (English and Japanese), and a name without one is cut as usual."""
    from render._draw import ellipsize_name, font

    face = font(22, True)
    assert ellipsize_name("Player 4", face, 60) == "P… 4"
    assert ellipsize_name("プレイヤー4", face, 90) == "プレ…4"
    assert ellipsize_name("Annabelle Smithson", face, 60) == "An…"
    assert ellipsize_name("Bob", face, 60) == "Bob"
    assert len({ellipsize_name(f"Player {n}", face, 60) for n in range(1, 6)}) == 5
