"""The end-of-game summary picture: each player's score over the game as a line chart, and a table of
where the points came from (rules/summary.py gathers the numbers from the replay).

Drawn for a phone: 800 px wide and taller than wide, every word at 24 px or more, so it still reads
when Discord shows it 400 px wide. Players are named by their display name in their seat colour, as
on the boards. Words come from the ``summary`` catalogue in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import ImageDraw

from i18n import dynamic, has, t
from i18n.text import game_title
from render._draw import INK, MUTED, PANEL, font, new_canvas, seat_colour, to_png
from render.replay import fit_line

WIDTH = 800
MARGIN = 28
TITLE = 36
TEXT = 28
SMALL = 24
CHART_HEIGHT = 380
ROW = 40
LABEL_WIDTH = 290
GRID = (214, 206, 188)
SOURCE = dynamic("summary.source.", "a points source of rules/<game>/summary.py (``<game>_<source>`` first)")
STAGE = dynamic("summary.stage.", "the game's name: how its epochs or rounds are called")


def source_label(lang: str, game: str, source: str) -> str:
    """A source's words: ``region.3`` is the catalogue's ``region`` with n=3; a game's own word first."""
    name, _, number = source.partition(".")
    fields: dict[str, Any] = {"n": number} if number else {}
    for key in (f"{SOURCE}{game}_{name}", f"{SOURCE}{name}"):
        if has(lang, key):
            return t(lang, key, **fields)
    return source


def render_summary(summary: dict[str, Any], names: Sequence[str], lang: str = "en") -> bytes:
    """The summary picture of ``summary`` (a ``rules.summary.ScoreSummary`` as plain data) with the
    players' ``names`` in seat order, in ``lang``; PNG bytes."""
    game = str(summary["game"])
    track: list[list[int]] = summary["track"]
    players = len(names)
    sources: list[str] = summary["sources"]
    by_source: list[list[int]] = summary["by_source"]
    legend_rows = (players + 1) // 2
    height = (MARGIN + TITLE + 16 + legend_rows * ROW + 12 + CHART_HEIGHT + 40 + TEXT + 16 + ROW
              + ROW * (len(sources) + 1) + MARGIN)
    image, d = new_canvas(WIDTH, max(height, WIDTH * 4 // 3))
    y = MARGIN
    d.text((MARGIN, y), fit_line(d, t(lang, "summary.title", title=game_title(lang, game)), TITLE, WIDTH - 2 * MARGIN,
                                 bold=True), font=font(TITLE, True), fill=INK)
    y += TITLE + 16
    final = track[-1] if track else [0] * players
    half = (WIDTH - 2 * MARGIN) // 2
    for seat, name in enumerate(names):
        x, row_y = MARGIN + (seat % 2) * half, y + (seat // 2) * ROW
        d.rounded_rectangle((x, row_y + 4, x + 26, row_y + 30), 5, fill=seat_colour(seat))
        d.text((x + 36, row_y + 17), fit_line(d, f"{name} {final[seat]}", TEXT, half - 48), font=font(TEXT),
               fill=INK, anchor="lm")
    y += legend_rows * ROW + 12
    y = _chart(d, summary, players, lang, y)
    y += 16
    d.text((MARGIN, y), t(lang, "summary.sources"), font=font(TEXT, True), fill=INK)
    y += TEXT + 16
    _table(d, game, names, sources, by_source, final, lang, y)
    return to_png(image)


def _chart(d: ImageDraw.ImageDraw, summary: dict[str, Any], players: int, lang: str, top: int) -> int:
    """Score after each move, one line per seat, stages (epochs, rounds) marked; returns the bottom."""
    track: list[list[int]] = summary["track"]
    stages: list[int] = summary["stages"]
    left, right, bottom = MARGIN + 56, WIDTH - MARGIN, top + CHART_HEIGHT
    d.rectangle((MARGIN, top, WIDTH - MARGIN, bottom + 36), fill=PANEL)
    low = min(0, *(min(row) for row in track)) if track else 0
    high = max(1, *(max(row) for row in track)) if track else 1
    step = _nice_step(high - low)
    moves = max(1, len(track) - 1)

    def px(i: int, value: int) -> tuple[float, float]:
        return (left + (right - left - 8) * i / moves,
                bottom - 8 - (bottom - top - 48) * (value - low) / max(1, high - low))

    tick = -(-low // step) * step  # the first grid line inside the chart
    while tick <= high:
        _, ty = px(0, tick)
        d.line((left, ty, right, ty), fill=GRID, width=1)
        d.text((left - 10, ty), str(tick), font=font(SMALL), fill=MUTED, anchor="rm")
        tick += step
    free_from = float(left)  # where the next stage label may start: labels never overlap (the line still shows)
    for i in range(len(stages)):
        if i and stages[i] == stages[i - 1]:
            continue
        x, _ = px(i, low)
        if i:
            d.line((x, top + 36, x, bottom), fill=MUTED, width=2)
        label = t(lang, f"{STAGE}{summary['game']}", n=stages[i])
        if x + 4 >= free_from:
            d.text((x + 4, top + 6), label, font=font(SMALL), fill=MUTED)
            free_from = x + 16 + d.textlength(label, font=font(SMALL))
    for seat in range(players):
        points = [px(i, row[seat]) for i, row in enumerate(track)]
        if len(points) > 1:
            d.line(points, fill=seat_colour(seat), width=4, joint="curve")
    d.text(((left + right) / 2, bottom + 18), t(lang, "summary.axis", moves=len(track) - 1), font=font(SMALL),
           fill=MUTED, anchor="mm")
    return bottom + 36


def _nice_step(span: int) -> int:
    """A grid step giving 3-6 lines: 1, 2, 5, 10, 20, 50, ..."""
    step = 1
    while span / step > 6:
        for factor in (2, 2.5, 2):
            step = int(step * factor)
            if span / step <= 6:
                break
    return step


def _table(d: ImageDraw.ImageDraw, game: str, names: Sequence[str], sources: list[str],
           by_source: list[list[int]], final: list[int], lang: str, top: int) -> None:
    """Rows of sources, a column per seat headed by its colour and name, the totals last."""
    players = len(names)
    column = (WIDTH - 2 * MARGIN - LABEL_WIDTH) / max(1, players)
    x0 = MARGIN + LABEL_WIDTH
    for seat, name in enumerate(names):
        x = x0 + seat * column
        d.rectangle((x + 3, top, x + column - 3, top + ROW - 6), fill=seat_colour(seat))
        d.text((x + column / 2, top + (ROW - 6) / 2), fit_line(d, name, SMALL, column - 10), font=font(SMALL, True),
               fill=(255, 255, 255), anchor="mm")
    y = top + ROW
    rows = [(source_label(lang, game, s), values) for s, values in zip(sources, by_source, strict=True)]
    rows.append((t(lang, "summary.total"), final))
    for i, (label, values) in enumerate(rows):
        total = i == len(rows) - 1
        if i % 2 == 0 or total:
            d.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW - 2), fill=PANEL)
        d.text((MARGIN + 8, y + ROW / 2), fit_line(d, label, TEXT, LABEL_WIDTH - 16, bold=total),
               font=font(TEXT, total), fill=INK, anchor="lm")
        for seat in range(players):
            value = values[seat] if seat < len(values) else 0
            d.text((x0 + seat * column + column / 2, y + ROW / 2), f"{value:+d}" if value and not total else str(value),
                   font=font(TEXT, total), fill=INK if value else MUTED, anchor="mm")
        y += ROW
