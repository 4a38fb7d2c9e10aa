"""Player names in scripts and symbols our two text fonts lack (Hangul, emoji, Arabic) draw as real
letters, colour emoji or a readable stand-in, never as empty boxes (tofu), and ordinary text looks
exactly as before."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont, features

from render._draw import (
    ASSETS,
    BACKGROUND,
    CJK_FONT,
    EMOJI_FONT,
    EMOJI_STRIKE,
    INK,
    STAND_IN,
    coverage,
    font,
    font_runs,
)

NAME = "Ra 🎲 민수 عمر خالد 😀"
"""A display name mixing Latin, an emoji DejaVu lacks, Korean, Arabic and an emoji DejaVu has in black."""
NOT_IN_ANY_FONT = "\ue000"
"""A private-use code point: every shipped font draws its .notdef box for it."""


def _mask(face: ImageFont.FreeTypeFont, text: str) -> bytes:
    return bytes(ImageFont.FreeTypeFont.getmask(face, text))


def _face(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font at ``size`` (the emoji font at its one bitmap size)."""
    return ImageFont.truetype(str(ASSETS / name), EMOJI_STRIKE if name == EMOJI_FONT else size)


def _drawn(text: str, face: ImageFont.FreeTypeFont, anchor: str = "la") -> Image.Image:
    image = Image.new("RGB", (520, 60), BACKGROUND)
    ImageDraw.Draw(image).text((260 if anchor[0] == "m" else 4, 30 if anchor[1] == "m" else 8), text,
                               font=face, fill=INK, anchor=anchor)
    return image


def test_every_character_of_a_mixed_script_name_has_a_real_glyph() -> None:
    runs = font_runs("DejaVuSans.ttf", NAME)
    assert runs is not None
    drawn = "".join(run for _, run in runs)
    assert "민수" in drawn and "عمر خالد" in drawn and "😀" in drawn and "🎲" in drawn
    assert STAND_IN not in drawn  # the die was a "?" until the emoji font came (issue 19 asked for it)
    # both emoji in colour, also the one DejaVu has in black
    assert [run for name, run in runs if name == EMOJI_FONT] == ["🎲", "😀"]
    for name, run in runs:
        assert NOT_IN_ANY_FONT not in {chr(code) for code in coverage(name)}
        notdef = _mask(_face(name, 24), NOT_IN_ANY_FONT)
        for ch in run.replace(" ", ""):
            assert _mask(_face(name, 24), ch) != notdef, (name, ch)


def test_korean_in_a_japanese_line_uses_the_hangul_font_and_keeps_japanese_in_ipaex() -> None:
    runs = font_runs(CJK_FONT, "名前 민수")
    assert runs == ((CJK_FONT, "名前 "), ("fonts/HangulFallback.ttf", "민수"))


def test_a_mixed_name_draws_letters_not_boxes() -> None:
    # DejaVu alone draws the Hangul and the die as boxes; our font draws something else there
    tofu = _drawn(NAME, _face("DejaVuSans.ttf", 24))
    ours = _drawn(NAME, font(24))
    assert ours.tobytes() != tofu.tobytes()
    assert ours.getbbox() is not None
    # and a name that is all boxes in DejaVu draws exactly as its fallback font draws it
    korean = Image.new("RGB", (520, 60), BACKGROUND)
    ImageDraw.Draw(korean).text((4, 8), "김민수", font=_face("fonts/HangulFallback.ttf", 24), fill=INK)
    assert _drawn("김민수", font(24)).tobytes() == korean.tobytes()


def test_a_centred_mixed_name_sits_where_plain_text_of_its_width_would() -> None:
    face = font(24, True)
    left, top, right, bottom = face.getbbox(NAME, anchor="mm")
    assert abs((left + right) / 2) <= 2 and abs(right - left - face.getlength(NAME)) <= 4
    plain = face.getbbox("Ra name", anchor="mm")
    assert abs(top - plain[1]) <= 3 and abs(bottom - plain[3]) <= 6


def test_arabic_is_shaped_right_to_left() -> None:
    assert features.check("raqm")  # the pinned Pillow wheel ships raqm; without it Arabic reads backwards
    face = font(24)
    joined = face.getlength("عمر")
    isolated = sum(face.getlength(ch) for ch in "عمر")
    assert joined != isolated  # letters take their joined forms
    # the first word of the name is at the right: drawing it alone matches the right end of the pair
    pair, first = _drawn("Ra عمر خالد", face), _drawn("عمر", face)
    width = int(face.getlength("Ra عمر خالد"))
    first_width = int(face.getlength("عمر"))
    right_end = pair.crop((4 + width - first_width, 0, 4 + width, 60))
    assert right_end.tobytes() == first.crop((4, 0, 4 + first_width, 60)).tobytes()


def test_ordinary_text_is_pixel_identical_to_the_plain_fonts() -> None:
    for text, plain in (("Zoë — Ra ×3 · 12 VP", "DejaVuSans.ttf"), ("太陽 ラー (あなた)", CJK_FONT)):
        for anchor in ("la", "mm"):
            assert _drawn(text, font(20), anchor).tobytes() == _drawn(text, _face(plain, 20), anchor).tobytes()
        assert font(20).getlength(text) == _face(plain, 20).getlength(text)
        assert font_runs(plain, text) is None
