"""The league leaderboard picture: a pure function of a plain dict -> PNG bytes.

Portrait (at least 4:3 tall, so phone previews do not crop it), big type: a title, the scope
(season or all time), then one row per player with the place (medals for the first three), name,
rating, rated games and wins, and a note saying what the rating is. The column heads are drawn in
``lang`` (the ``league.picture`` catalogue); the title, scope and note come already worded in the dict.

The dict: ``{"title": str, "subtitle": str, "note": str, "rows": [{"position": int, "name": str,
"rating": float, "games": int, "wins": int}, ...]}``; missing keys are drawn empty.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from i18n import t
from render._draw import INK, MUTED, PANEL, ellipsize, font, new_canvas, text_centered, to_png

WIDTH = 900
MIN_RATIO = 4 / 3
"""Height / width at least this (never square or wide)."""
MARGIN = 24
TOP = 196
"""Where the first row starts, below the title, the scope and the column heads."""
ROW = 64
"""A row's height with many players; a short table gets taller rows (up to MAX_ROW) and bigger type."""
MAX_ROW = 100
BOTTOM = 84
MAX_ROWS = 25

MEDALS = ((212, 160, 23), (160, 166, 172), (176, 110, 58))
"""Gold, silver, bronze discs for the first three places."""
STRIPE = (238, 231, 214)
LINE = (196, 186, 160)
HEADER = (60, 52, 40)

# Column anchors: the place is centred, the name starts, the numbers end at these x.
X_PLACE, X_NAME, X_RATING, X_GAMES, X_WINS = 62, 112, 690, 790, WIDTH - MARGIN - 8


def render(board: dict[str, Any], *, lang: str = "en") -> bytes:
    """Draw ``board`` (see the module docstring) with column heads in ``lang``; return PNG bytes."""
    rows = list(board.get("rows", []))[:MAX_ROWS]
    least = round(WIDTH * MIN_RATIO) + 1
    row = max(ROW, min(MAX_ROW, (least - TOP - BOTTOM) // max(len(rows), 1)))
    height = max(TOP + row * max(len(rows), 1) + BOTTOM, least)
    image, draw = new_canvas(WIDTH, height)
    draw.rectangle((0, 0, WIDTH, 128), fill=HEADER)
    draw.text((MARGIN, 22), ellipsize(str(board.get("title", "")), font(44, True), WIDTH - 2 * MARGIN),
              font=font(44, True), fill=PANEL)
    draw.text((MARGIN, 80), ellipsize(str(board.get("subtitle", "")), font(26), WIDTH - 2 * MARGIN),
              font=font(26), fill=(230, 222, 200))
    heads = font(22, True)
    y_heads = TOP - 26
    draw.text((X_PLACE, y_heads), "#", font=heads, fill=MUTED, anchor="mm")
    draw.text((X_NAME, y_heads), t(lang, "league.picture.player"), font=heads, fill=MUTED, anchor="lm")
    for x, label in ((X_RATING, t(lang, "league.picture.rating")), (X_GAMES, t(lang, "league.picture.games")),
                     (X_WINS, t(lang, "league.picture.wins"))):
        draw.text((x, y_heads), label, font=heads, fill=MUTED, anchor="rm")
    draw.line((MARGIN, TOP - 6, WIDTH - MARGIN, TOP - 6), fill=LINE, width=2)
    if not rows:
        text_centered(draw, (WIDTH / 2, TOP + ROW / 2), t(lang, "league.picture.empty"), 30, fill=MUTED)
    for i, entry in enumerate(rows):
        _row(draw, TOP + i * row, row, i, entry)
    note = str(board.get("note", ""))
    draw.text((MARGIN, height - BOTTOM / 2), ellipsize(note, font(22), WIDTH - 2 * MARGIN), font=font(22), fill=MUTED,
              anchor="lm")
    return to_png(image)


def _row(draw: ImageDraw.ImageDraw, top: int, height: int, index: int, row: dict[str, Any]) -> None:
    mid = top + height / 2
    size = min(36, 30 * height // ROW)
    if index % 2 == 0:
        draw.rectangle((MARGIN, top, WIDTH - MARGIN, top + height - 1), fill=STRIPE)
    position = int(row.get("position", index + 1))
    if position <= len(MEDALS):
        r = size * 3 // 4
        draw.ellipse((X_PLACE - r, mid - r, X_PLACE + r, mid + r), fill=MEDALS[position - 1])
        text_centered(draw, (X_PLACE, mid), str(position), size - 4, fill=(255, 255, 255), bold=True)
    else:
        text_centered(draw, (X_PLACE, mid), str(position), size - 4, fill=INK)
    name = ellipsize(str(row.get("name", "")), font(size), X_RATING - 130 - X_NAME)
    draw.text((X_NAME, mid), name, font=font(size), fill=INK, anchor="lm")
    rating = row.get("rating")
    draw.text((X_RATING, mid), f"{rating:.1f}" if isinstance(rating, int | float) else "—", font=font(size, True),
              fill=INK, anchor="rm")
    for x, key in ((X_GAMES, "games"), (X_WINS, "wins")):
        draw.text((x, mid), str(row.get(key, "")), font=font(size - 2), fill=INK, anchor="rm")
