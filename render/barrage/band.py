"""The phone band of the map picture: every company's VP and the last move, in type that still reads
when the picture is shown 400 px wide (whose turn and what to do is the header's status line)."""

from __future__ import annotations

from PIL import ImageDraw

from i18n import t
from render._draw import INK, PHONE_TEXT, font, seat_colour, wrap
from render.barrage.layout import MARGIN, WIDTH, View, _fitted, _ink_on, _player
from render.barrage.legend import _last_move

SCORES_H = 50
LINE_H = PHONE_TEXT + 8
LAST_MOVE_LINES = 2


def _scores_shown(view: View) -> bool:
    """Live VP chips; once the game is over the ranking under the header shows the final scores."""
    return view.get("phase") != "over" and bool(view.get("companies"))


def _last_lines(view: View, lang: str) -> list[str]:
    last = _last_move(view, lang)
    return wrap(last, font(PHONE_TEXT), WIDTH - 2 * MARGIN, LAST_MOVE_LINES) if last else []


def band_height(view: View, lang: str) -> int:
    rows = SCORES_H if _scores_shown(view) else 0
    lines = len(_last_lines(view, lang))
    return rows + lines * LINE_H + (8 if rows or lines else 0)


def draw_band(d: ImageDraw.ImageDraw, view: View, y: int, lang: str) -> None:
    """VP chips (seat colour, the acting company's framed in ink), then the last move."""
    if _scores_shown(view):
        companies = view["companies"]
        n = len(companies)
        width = (WIDTH - 2 * MARGIN - 8 * (n - 1)) / n
        acting = view.get("to_act")
        for seat, c in enumerate(companies):
            x = MARGIN + seat * (width + 8)
            colour = seat_colour(seat)
            d.rounded_rectangle((x, y, x + width, y + SCORES_H - 8), radius=8, fill=colour,
                                outline=INK, width=4 if seat == acting else 1)
            # the name alone (the colour says the company): the VP must stay large enough for a phone
            vp = t(lang, "barrage_pic.word.vp", n=c["vp"])
            room = width - 12 - font(PHONE_TEXT, True).getlength(f"  {vp}")
            text = f"{_player(seat, lang, font(PHONE_TEXT, True), max(room, width / 3))}  {vp}"
            _fitted(d, (x + width / 2, y + (SCORES_H - 8) / 2), text, width - 12, PHONE_TEXT, True,
                    _ink_on(colour))
        y += SCORES_H
    for i, line in enumerate(_last_lines(view, lang)):
        d.text((MARGIN, y + i * LINE_H + LINE_H / 2), line, font=font(PHONE_TEXT), fill=INK, anchor="lm")
