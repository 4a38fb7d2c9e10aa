"""Alhambra: The Dice Game as a PNG: the board's six building columns (building-point track or
tile area, bonus field, dice area with markers), the current dice, the players, and in the
Alcazaba version every player's Alhambra with the acting player's legal cells labelled (A1, B3...).

A pure function of a view from ``rules.alhambra_dice`` (``GAME.view(state, viewer)``): no storage,
no Discord. Everything is drawn from shapes and text; the canvas is portrait (at least 3:4). Every word
comes from the ``alhambra_dice`` catalogue in the picture's language (the view's own English names and
log lines are only read for their ids, see i18n/alhambra_dice.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from i18n import alhambra_dice as words
from i18n import t
from render._draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PHONE_TEXT,
    ellipsize,
    font,
    new_canvas,
    seat_colour,
    stamps,
    to_png,
    wrap,
)
from rules.alhambra_dice.data import START_CHIP
from rules.base import Event

WIDTH = 1200
MARGIN = 20
LABEL_W = 56
PHONE = PHONE_TEXT * WIDTH // 1000
"""Type of the facts a phone must read unzoomed (whose turn, scores, last move): ~12 px at 400 px wide."""
BAND_H = 60
LOG_TEXT = 26
LOG_LINES = 4
GRID_TEXT = 28
"""Column letters and row numbers of an Alhambra's cells (A1...)."""
"""Left column of row labels (track values, dice counts)."""
Colour = tuple[int, int, int]
DUMMY_COLOUR: Colour = (105, 105, 105)

BUILDING_FILL: dict[str, Colour] = {
    "blue": (70, 120, 205),
    "red": (205, 65, 60),
    "brown": (150, 100, 55),
    "white": (236, 232, 222),
    "green": (70, 160, 85),
    "purple": (140, 85, 175),
}
WALL: Colour = (60, 40, 25)
FOUNTAIN: Colour = (120, 190, 220)
GRID_LINE: Colour = (205, 195, 175)
TARGET: Colour = (255, 236, 140)

PHASE_TEXT = {
    "roll": "alhambra_dice.board.phase_roll",
    "claim": "alhambra_dice.board.phase_claim",
    "start": "alhambra_dice.board.phase_start",
    "take": "alhambra_dice.board.phase_take",
}
"""What the acting seat is asked to do, by phase (catalogue keys)."""
LEGEND = ("alhambra_dice.board.legend_1", "alhambra_dice.board.legend_2", "alhambra_dice.board.legend_3")


# ----------------------------------------------------------------------------- helpers


def _fill(view: dict[str, Any], b: int) -> Colour:
    return BUILDING_FILL.get(view["building_colours"][b], (180, 180, 180))


def _ink_on(colour: Colour) -> Colour:
    return INK if sum(colour) > 500 else (255, 255, 255)


def _seat_fill(view: dict[str, Any], seat: int) -> Colour:
    return DUMMY_COLOUR if seat == view["dummy"] else seat_colour(seat)


def _octagon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour, label: str) -> None:
    k = r * 0.414
    pts = [
        (cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
        (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k),
    ]  # fmt: skip
    draw.polygon(pts, fill=fill, outline=INK)
    draw.text((cx, cy), label, font=font(max(10, int(r * 1.1)), True), fill=(255, 255, 255), anchor="mm")



def _name(view: dict[str, Any], seat: int, lang: str) -> str:
    return words.seat_name(lang, seat, view["dummy"])


def _seat_tag(view: dict[str, Any], seat: int) -> str:
    return "D" if seat == view["dummy"] else str(seat + 1)


def _tile(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: float,
    view: dict[str, Any],
    btype: int,
    walls: list[bool],
    label: str = "",
    lang: str = "en",
) -> None:
    """A square tile in its building's colour, walls as thick dark edges."""
    fill = FOUNTAIN if btype < 0 else _fill(view, btype)
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=(90, 80, 70))
    w = max(3, int(size / 9))
    n, e, s, wst = walls
    if n:
        draw.rectangle((x, y, x + size, y + w), fill=WALL)
    if e:
        draw.rectangle((x + size - w, y, x + size, y + size), fill=WALL)
    if s:
        draw.rectangle((x, y + size - w, x + size, y + size), fill=WALL)
    if wst:
        draw.rectangle((x, y, x + w, y + size), fill=WALL)
    text = label or (t(lang, "alhambra_dice.board.fountain") if btype < 0 else words.building_initial(lang, btype))
    draw.text(
        (x + size / 2, y + size / 2), text, font=font(max(9, int(size / 3)), True), fill=_ink_on(fill), anchor="mm"
    )


# ----------------------------------------------------------------------------- sections


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    title = "alhambra_dice.board.title_alcazaba" if view["version"] == "alcazaba" else "alhambra_dice.board.title_basic"
    draw.text((MARGIN, y + 6), t(lang, title), font=font(34, True), fill=INK)
    letter = view["scoring_rounds"].get(str(view["round"]))
    if view["result"] is not None:
        rnd = t(lang, "alhambra_dice.board.final")
    elif letter:
        rnd = t(lang, "alhambra_dice.board.round_scoring", round=view["round"], rounds=view["rounds"], letter=letter)
    else:
        rnd = t(lang, "alhambra_dice.board.round", round=view["round"], rounds=view["rounds"])
    draw.text((WIDTH - MARGIN, y + 8), rnd, font=font(24, True), fill=INK, anchor="ra")
    y += 52
    band = (MARGIN, y, WIDTH - MARGIN, y + BAND_H)
    if view["result"] is not None:
        res = view["result"]
        best = [i for i, r in enumerate(res["ranks"]) if r == 1]
        names = t(lang, "alhambra_dice.board.winners_sep").join(_name(view, s, lang) for s in best)
        text = t(lang, "alhambra_dice.board.winners", count=len(best), names=names)
        draw.rectangle(band, fill=HIGHLIGHT)
        _fitted(draw, (MARGIN + 12, y + BAND_H / 2), text, WIDTH - 2 * MARGIN - 24, PHONE)
    elif view["to_act"]:
        seat = view["to_act"][0]
        draw.rectangle(band, fill=PANEL, outline=_seat_fill(view, seat), width=4)
        _octagon(draw, MARGIN + 32, y + BAND_H / 2, 22, _seat_fill(view, seat), _seat_tag(view, seat))
        phase = PHASE_TEXT.get(view["phase"])
        what = t(lang, phase) if phase else ""
        name = _name(view, seat, lang)
        if view["resolving"] is not None:
            building = words.building_name(lang, view["resolving"])
            text = t(lang, "alhambra_dice.board.to_act_column", name=name, what=what, building=building)
        else:
            text = t(lang, "alhambra_dice.board.to_act", name=name, what=what)
        _fitted(draw, (MARGIN + 64, y + BAND_H / 2), text, WIDTH - 2 * MARGIN - 76, PHONE)
    y += BAND_H + 8
    return _phone_band(draw, view, y, lang)


def _fitted(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, width: float, size: int,
            fill: Colour = INK, anchor: str = "lm") -> None:
    """Bold text a few sizes smaller when it is too wide (never below 24 px), then ellipsized."""
    length = draw.textlength(text, font=font(size, True))
    if length > width:  # type width grows with its size: one proportional step, then ellipsize if need be
        size = max(24, int(size * width / length))
    draw.text(xy, ellipsize(text, font(size, True), width), font=font(size, True), fill=fill, anchor=anchor)


def _last_move_lines(view: dict[str, Any], lang: str) -> list[str]:
    events = view["last_events"]
    if not events:
        return []
    e = events[-1]
    text = t(lang, "alhambra_dice.board.last_move",
             text=words.event_text(lang, Event(e["kind"], e["text"], data=e["data"])))
    return wrap(text, font(PHONE), WIDTH - 2 * MARGIN, 2)


def _phone_band(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    """Every seat's score (their colour) and the last move, in the phone's type size."""
    n = view["seats"]
    width = (WIDTH - 2 * MARGIN - 8 * (n - 1)) / n
    for seat in range(n):
        x = MARGIN + seat * (width + 8)
        fill = _seat_fill(view, seat)
        acting = seat in view["to_act"] and view["result"] is None
        draw.rounded_rectangle((x, y, x + width, y + 50), radius=8, fill=fill, outline=INK, width=4 if acting else 1)
        text = f"{_name(view, seat, lang)}  {t(lang, 'alhambra_dice.board.score', score=view['scores'][seat])}"
        _fitted(draw, (x + width / 2, y + 25), text, width - 12, PHONE, _ink_on(fill), "mm")
    y += 58
    for line in _last_move_lines(view, lang):
        draw.text((MARGIN, y + (PHONE + 8) / 2), line, font=font(PHONE), fill=INK, anchor="lm")
        y += PHONE + 8
    return y + 8


def _column_geometry() -> tuple[int, float]:
    x0 = MARGIN + LABEL_W
    return x0, (WIDTH - MARGIN - x0) / 6


def _building_headers(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int,
                      lang: str) -> int:  # fmt: skip
    x0, cw = _column_geometry()

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for b in range(len(view["buildings"])):
            fill = _fill(view, b)
            x = x0 + b * cw
            outline = HIGHLIGHT if view["resolving"] == b else INK
            draw.rectangle((x + 3, y, x + cw - 3, y + 38), fill=fill, outline=outline,
                           width=4 if outline != INK else 1)  # fmt: skip
            draw.text((x + cw / 2, y + 19), words.building_name(lang, b), font=font(20, True), fill=_ink_on(fill),
                      anchor="mm")  # fmt: skip

    # These change only with the column being resolved: painted once a look, pasted after.
    look = ("alhambra_dice.headers", tuple(view["building_colours"]), view["resolving"], lang)
    stamps.paste(image, (0, y, WIDTH, y + 40), look, paint)
    return y + 44


def _tracks(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str,
            rh: int = 20) -> int:  # fmt: skip
    """Building-point tracks 12 (top) .. 1 (bottom), ``rh`` pixels a row; stones stack left to right,
    first arrival left."""
    x0, cw = _column_geometry()
    r = rh // 2 - 2

    def empty(draw: ImageDraw.ImageDraw) -> None:
        draw.text((MARGIN, y - 2), t(lang, "alhambra_dice.board.points"), font=font(13), fill=MUTED)
        for v in range(12, 0, -1):
            ry = y + (12 - v) * rh + 14
            draw.text((MARGIN + LABEL_W - 8, ry + rh / 2), str(v), font=font(14), fill=MUTED, anchor="rm")
            for b in range(6):
                x = x0 + b * cw
                draw.rectangle((x + 3, ry, x + cw - 3, ry + rh), fill=PANEL, outline=GRID_LINE)

    # The empty tracks never change: painted once, pasted after; only the stones are drawn anew.
    stamps.paste(image, (0, y - 2, WIDTH, y + 12 * rh + 15), ("alhambra_dice.tracks", lang, rh), empty)
    for b in range(6):
        x = x0 + b * cw
        stacks: dict[int, int] = {}
        for seat in view["tracks"][b]:  # best first: on a tie the earlier (lower in stack) first
            v = view["points"][seat][b]
            k = stacks.get(v, 0)
            stacks[v] = k + 1
            ry = y + (12 - v) * rh + 14
            cx = x + 6 + r + k * (rh - 1)
            draw.ellipse((cx - r, ry + 2, cx + r, ry + rh - 2), fill=_seat_fill(view, seat), outline=INK)
            draw.text((cx, ry + rh / 2), _seat_tag(view, seat), font=font(rh * 11 // 20, True), fill=(255, 255, 255),
                      anchor="mm")  # fmt: skip
    return y + 12 * rh + 22


def _tile_areas(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    x0, cw = _column_geometry()
    size = 50
    per_row = 3
    rows = max(1, max((len(col) + per_row - 1) // per_row for col in view["tiles"]))
    draw.text((MARGIN, y), t(lang, "alhambra_dice.board.tiles"), font=font(13), fill=MUTED)
    for b, col in enumerate(view["tiles"]):
        x = x0 + b * cw
        draw.rectangle((x + 3, y, x + cw - 3, y + rows * (size + 8) + 8), fill=PANEL, outline=GRID_LINE)
        for i, tile in enumerate(col):
            tx = x + 12 + (i % per_row) * (size + 6)
            ty = y + 8 + (i // per_row) * (size + 8)
            label = str(tile["price"]) if tile["price"] else "X"
            _tile(draw, tx, ty, size, view, tile["type"], tile["walls"], label, lang)
    return y + rows * (size + 8) + 16


def _fields(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    x0, cw = _column_geometry()

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.text((MARGIN, y + 8), t(lang, "alhambra_dice.board.bonus"), font=font(13), fill=MUTED)
        for b, label in enumerate(view["fields"]):
            x = x0 + b * cw
            box = (x + cw / 2 - 42, y + 2, x + cw / 2 + 42, y + 38)
            if label is None:
                draw.rounded_rectangle(box, radius=8, outline=GRID_LINE, width=2)
                continue
            chip = words.field_chip(label)
            start = chip == START_CHIP
            text = t(lang, "alhambra_dice.board.caliph") if start else words.chip_name(lang, chip)
            draw.rounded_rectangle(box, radius=8, fill=HIGHLIGHT if start else (250, 250, 250), outline=INK, width=2)
            draw.text((x + cw / 2, y + 20), ellipsize(text, font(18, True), 80), font=font(18, True), fill=INK,
                      anchor="mm")  # fmt: skip

    # The chips on the fields change a few times a round: each set painted once, pasted after.
    stamps.paste(image, (0, y, WIDTH, y + 40), ("alhambra_dice.fields", tuple(view["fields"]), lang), paint)
    return y + 46


def _dice_area(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    x0, cw = _column_geometry()
    rh = 34
    sub = (cw - 10) / 3
    fills = tuple(_fill(view, b) for b in range(6))
    top = y

    def empty(draw: ImageDraw.ImageDraw) -> None:
        for b in range(6):
            x = x0 + b * cw + 5
            for j, c in enumerate("LMR"):
                draw.text((x + (j + 0.5) * sub, top + 8), words.column_name(lang, c), font=font(14, True), fill=MUTED,
                          anchor="mm")  # fmt: skip
        for i, count in enumerate(view["cell_counts"]):
            row, col = divmod(i, 3)
            if col == 0:
                draw.text((MARGIN + LABEL_W - 8, top + 18 + row * rh + rh / 2), str(count), font=font(18, True),
                          fill=INK, anchor="rm")  # fmt: skip
            for b in range(6):
                x = x0 + b * cw + 5 + col * sub
                ry = top + 18 + row * rh
                light = tuple(int(255 - (255 - v) * 0.18) for v in fills[b])
                draw.rectangle((x, ry, x + sub, ry + rh), fill=light, outline=GRID_LINE)

    # The empty grid is the same all game: painted once, pasted after; only the markers are drawn anew.
    look = ("alhambra_dice.grid", tuple(view["cell_counts"]), fills, lang)
    stamps.paste(image, (0, top, WIDTH, top + 18 + 8 * rh + 1), look, empty)
    y += 18
    for i in range(len(view["cell_counts"])):
        row, col = divmod(i, 3)
        for b in range(6):
            x = x0 + b * cw + 5 + col * sub
            ry = y + row * rh
            seat = view["grid"][b][i]
            if seat >= 0:
                _octagon(draw, x + sub / 2, ry + rh / 2, rh / 2 - 3, _seat_fill(view, seat), _seat_tag(view, seat))
    return y + 8 * rh + 10


DIE = 72
"""A die's side in pixels."""


@lru_cache(maxsize=256)
def _die_picture(fill: Colour, face: int, kept: bool, black: bool, lang: str) -> Image.Image:
    """One die and the margin its kept highlight takes, on the dice panel's colour. A die looks the same
    wherever it lies, so it is drawn once and pasted after (at whole pixels: the same pixels as drawn there)."""
    image = Image.new("RGB", (DIE + 11, DIE + 11), PANEL)
    _die(ImageDraw.Draw(image), fill, 5, 5, DIE, face, kept, lang, black)
    return image


def _die(draw: ImageDraw.ImageDraw, fill: Colour, x: float, y: float, size: float, face: int,
         kept: bool, lang: str, black: bool = False) -> None:  # fmt: skip
    outline = (0, 0, 0) if black else INK
    if kept:
        draw.rounded_rectangle((x - 5, y - 5, x + size + 5, y + size + 5), radius=12, fill=HIGHLIGHT)
    draw.rounded_rectangle((x, y, x + size, y + size), radius=10, fill=(30, 30, 30) if black else fill,
                           outline=outline, width=3)  # fmt: skip
    if black:
        draw.rounded_rectangle((x + 8, y + 8, x + size - 8, y + size - 8), radius=6, fill=fill)
    draw.text((x + size / 2, y + size / 2 - 6), words.building_initial(lang, face), font=font(int(size / 2.4), True),
              fill=_ink_on(fill), anchor="mm")  # fmt: skip
    cut = ellipsize(words.building_short(lang, face), font(11), size - 10)
    draw.text((x + size / 2, y + size - 12), cut, font=font(11),
              fill=_ink_on(fill), anchor="mm")  # fmt: skip


def _dice_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    dice = view["dice"]
    h = 150
    width = WIDTH - 2 * MARGIN - 32
    draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + h), fill=PANEL, outline=GRID_LINE)
    if dice is None:  # the final picture has no dice panel (see _final_layout): this is a round end
        draw.text((MARGIN + 16, y + 22), t(lang, "alhambra_dice.board.round_end"), font=font(20, True), fill=INK,
                  anchor="lm")  # fmt: skip
        texts = [words.choice_text(lang, view, c) for c in view["choices"]]
        more = len(texts) - 5
        shown = texts[:6] if len(texts) <= 6 else [*texts[:5], t(lang, "alhambra_dice.board.more", count=more)]
        for i, text in enumerate(shown):
            draw.text((MARGIN + 16 + (i % 2) * 560, y + 56 + (i // 2) * 30), ellipsize("• " + text[:48], font(18), 540),
                      font=font(18), fill=INK, anchor="lm")  # fmt: skip
        return y + h + 10
    size = DIE
    for i, face in enumerate(dice["white"]):
        die = _die_picture(_fill(view, face), face, dice["kept"][i], False, lang)
        image.paste(die, (MARGIN + 18 + i * (size + 16) - 5, y + 16 - 5))
    if dice["black"] is not None:
        die = _die_picture(_fill(view, dice["black"]), dice["black"], True, True, lang)
        image.paste(die, (MARGIN + 18 + 8 * (size + 16) + 10 - 5, y + 16 - 5))
    info = t(lang, "alhambra_dice.board.dice", count=dice["rerolls_left"], rolls=dice["rolls"],
             column=words.column_name(lang, dice["column"]))  # fmt: skip
    if any(dice["kept"]):
        info = t(lang, "alhambra_dice.board.dice_kept", dice=info)
    draw.text((MARGIN + 18, y + 16 + size + 22), ellipsize(info, font(18), width), font=font(18), fill=INK, anchor="lm")
    counts = "  ".join(f"{words.building_short(lang, b)} {n}" for b, n in enumerate(dice["counts"]) if n)
    draw.text((MARGIN + 18, y + 16 + size + 48), counts, font=font(18, True), fill=INK, anchor="lm")
    return y + h + 10


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    rh = 46
    basic = view["version"] == "basic"
    for seat in range(view["seats"]):
        ry = y + seat * rh
        acting = seat in view["to_act"]
        draw.rectangle((MARGIN, ry, WIDTH - MARGIN, ry + rh - 4), fill=PANEL,
                       outline=HIGHLIGHT if acting else GRID_LINE, width=4 if acting else 1)  # fmt: skip
        fill = _seat_fill(view, seat)
        _octagon(draw, MARGIN + 24, ry + rh / 2 - 2, 16, fill, _seat_tag(view, seat))
        name = _name(view, seat, lang)
        if seat == view["start"]:
            name = t(lang, "alhambra_dice.board.start_player", name=name)
        draw.text((MARGIN + 50, ry + rh / 2 - 2), ellipsize(name, font(20, True), 244), font=font(20, True), fill=INK,
                  anchor="lm")  # fmt: skip
        score = t(lang, "alhambra_dice.board.score", score=view["scores"][seat])
        draw.text((MARGIN + 300, ry + rh / 2 - 2), score, font=font(22, True), fill=INK, anchor="lm")
        hand = view["hand"][seat]
        for k in range(hand):
            _octagon(draw, MARGIN + 420 + k * 24, ry + rh / 2 - 2, 10, fill, "")
        if basic:
            chips = view["chips"][seat]
            named = words.field_chip
            listed = t(lang, "alhambra_dice.word.sep").join(words.chip_name(lang, named(c)) for c in chips)
            extra = t(lang, "alhambra_dice.board.chips", chips=listed if chips else "—")
        elif seat < view["players"]:
            a = view["alhambras"][seat]
            extra = t(lang, "alhambra_dice.board.wall_reserve", wall=a["wall"], reserve=len(a["reserve"]))
        else:
            extra = t(lang, "alhambra_dice.board.dummy_tiles", count=len(view["dummy_tiles"]))
        draw.text((MARGIN + 560, ry + rh / 2 - 2), ellipsize(extra, font(18), WIDTH - 2 * MARGIN - 570), font=font(18),
                  fill=INK, anchor="lm")  # fmt: skip
    return y + view["seats"] * rh + 6


def _alhambras(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    n = view["players"]
    per_row, pw, ph, common = _panels(view)
    acting = view["to_act"][0] if view["to_act"] else None
    targets = {(c["x"], c["y"]): c["label"] for c in view["targets"]}
    for seat in range(n):
        px = MARGIN + (seat % per_row) * (pw + 12)
        py = y + (seat // per_row) * (ph + 12)
        mine = seat == acting and targets
        draw.rectangle((px, py, px + pw, py + ph), fill=PANEL, outline=HIGHLIGHT if mine else GRID_LINE,
                       width=4 if mine else 1)  # fmt: skip
        a = view["alhambras"][seat]
        _octagon(draw, px + 18, py + 18, 12, _seat_fill(view, seat), _seat_tag(view, seat))
        counts = view["type_counts"][seat]
        summary = " ".join(f"{words.building_initial(lang, b)}{c}" for b, c in enumerate(counts) if c)
        name = _name(view, seat, lang)
        if summary:
            title = t(lang, "alhambra_dice.board.alhambra_summary", name=name, wall=a["wall"], summary=summary)
        else:
            title = t(lang, "alhambra_dice.board.alhambra", name=name, wall=a["wall"])
        draw.text((px + 36, py + 18), ellipsize(title, font(16, True), pw - 44), font=font(16, True), fill=INK,
                  anchor="lm")  # fmt: skip
        x0, y0, x1, y1 = a["frame"]
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        reserve_h = 44 if a["reserve"] else 0
        area_w, area_h = pw - 40, ph - 44 - reserve_h - 28
        size = common[0] if common is not None else max(12, min(48, int(area_w / cols), int(area_h / rows)))
        gx = px + 30 + (area_w - cols * size) / 2
        gy = py + 44 + 24
        labels = seat == acting and bool(targets)
        for i in range(cols):
            cx = gx + i * size
            if labels:  # as large as the cell allows: these name the cells a phone player picks
                draw.text((cx + size / 2, gy - 12), _letters(i), font=font(GRID_TEXT, True), fill=INK, anchor="mm")
            for j in range(rows):
                draw.rectangle((cx, gy + j * size, cx + size, gy + (j + 1) * size), outline=GRID_LINE)
        if labels:
            for j in range(rows):
                draw.text((gx - 4, gy + j * size + size / 2), str(j + 1), font=font(GRID_TEXT, True), fill=INK,
                          anchor="rm")  # fmt: skip
        for c in a["cells"]:
            _tile(draw, gx + (c["x"] - x0) * size, gy + (c["y"] - y0) * size, size, view, c["type"], c["walls"],
                  lang=lang)  # fmt: skip
        if seat == acting:
            for (tx, ty), label in targets.items():
                cx, cy = gx + (tx - x0) * size, gy + (ty - y0) * size
                occupied = any(c["x"] == tx and c["y"] == ty for c in a["cells"])
                if not occupied:
                    draw.rectangle((cx + 2, cy + 2, cx + size - 2, cy + size - 2), fill=TARGET, outline=INK)
                draw.text((cx + size / 2, cy + size / 2), label, font=font(max(12, int(size / 2.2)), True),
                          fill=INK, anchor="mm", stroke_width=3 if occupied else 0,
                          stroke_fill=(255, 255, 255))  # fmt: skip
        if a["reserve"]:
            ry = py + ph - reserve_h - 8
            cut = ellipsize(t(lang, "alhambra_dice.board.reserve"), font(14), 66)
            draw.text((px + 10, ry + 18), cut, font=font(14),
                      fill=MUTED, anchor="lm")  # fmt: skip
            for k, tile in enumerate(a["reserve"][:12]):
                _tile(draw, px + 80 + k * 40, ry + 2, 34, view, tile["type"], tile["walls"], lang=lang)
    return y + _alhambras_height(view)


def _panels(view: dict[str, Any]) -> tuple[int, float, int, tuple[int, int] | None]:
    """Panels a row, a panel's width and height, and after the game the one (cell size, rows) of every grid."""
    per_row = 2 if view["players"] <= 4 else 3
    pw = (WIDTH - 2 * MARGIN - (per_row - 1) * 12) / per_row
    ph = 330 if per_row == 2 else 300
    common = _common_cell(view, pw) if view["result"] is not None else None
    if common is not None:  # after the game every Alhambra at one scale, so their sizes compare at a glance
        reserved = any(a["reserve"] for a in view["alhambras"][: view["players"]])
        ph = 44 + 24 + common[1] * common[0] + (44 if reserved else 0) + 20
    return per_row, pw, ph, common


def _alhambras_height(view: dict[str, Any]) -> int:
    per_row, _, ph, _ = _panels(view)
    return (view["players"] + per_row - 1) // per_row * (ph + 12)


FINAL_CELL = 56
"""The largest cell of an Alhambra on the final picture (in play: 48, in a fixed panel)."""


def _common_cell(view: dict[str, Any], pw: float) -> tuple[int, int]:
    """(cell size, rows) one scale fits every seat's Alhambra with: the widest one sets the size, the
    tallest the panels' height."""
    frames = [a["frame"] for a in view["alhambras"][: view["players"]]]
    cols = max(x1 - x0 + 1 for x0, _, x1, _ in frames)
    rows = max(y1 - y0 + 1 for _, y0, _, y1 in frames)
    return max(12, min(FINAL_CELL, int((pw - 40) / cols))), rows


def _letters(i: int) -> str:
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def _log(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    """The latest moves, newest last, in type that survives the picture shown 400 px wide."""
    shown = view["last_events"][-LOG_LINES:]
    lines = [words.event_text(lang, Event(e["kind"], e["text"], data=e["data"])) for e in shown]
    draw.text((MARGIN, y), t(lang, "alhambra_dice.board.last_moves"), font=font(20, True), fill=MUTED)
    for i, line in enumerate(lines):
        cut = ellipsize(line[:110], font(LOG_TEXT, True), WIDTH - 2 * MARGIN)
        draw.text((MARGIN, y + 30 + i * (LOG_TEXT + 8)), cut, font=font(LOG_TEXT, True), fill=INK)
    return y + 30 + LOG_LINES * (LOG_TEXT + 8) + 8


def _legend(image: Image.Image, y: int, lang: str) -> int:
    bottom = y + 24 + len(LEGEND) * 24 + 8

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.text((MARGIN, y), t(lang, "alhambra_dice.board.legend"), font=font(16, True), fill=MUTED)
        for i, key in enumerate(LEGEND):
            cut = ellipsize(t(lang, key), font(17), WIDTH - 2 * MARGIN)
            draw.text((MARGIN, y + 24 + i * 24), cut, font=font(17), fill=INK)

    stamps.paste(image, (0, y, WIDTH, bottom), ("alhambra_dice.legend", lang), paint)  # the same all game
    return bottom


# ----------------------------------------------------------------------------- the final picture


RANKS = (
    "alhambra_dice.board.rank_1", "alhambra_dice.board.rank_2", "alhambra_dice.board.rank_3",
    "alhambra_dice.board.rank_4", "alhambra_dice.board.rank_5", "alhambra_dice.board.rank_6",
)  # fmt: skip
"""1st ... 6th: six seats at the most, the dummy unranked."""
RESULT_ROW = 92
"""A results row: rank, name and score in the phone's type, what the score came from beneath."""
FINAL_TRACK_ROWS = (28, 40)
"""The final picture's building-point rows, least and most pixels: taller than in play (20), as tall as the
room the market and dice left allows, in steps of 4 (each height is a cached layer)."""
TRACKS_BELOW = 4 + 44 + 22 + 6 + 30 + LOG_LINES * (LOG_TEXT + 8) + 8 + 6 + 24 + len(LEGEND) * 24 + 8
"""The basic final picture from the results' end down, all but the twelve track rows: the gap, building
headers, the tracks' margins, latest moves and legend."""


def _result_order(view: dict[str, Any]) -> list[int]:
    """Players best first (a shared rank keeps seat order), then the dummy, which is not ranked."""
    ranks = view["result"]["ranks"]
    order = sorted(range(view["players"]), key=lambda s: (ranks[s], s))
    return order + ([view["dummy"]] if view["dummy"] >= 0 else [])


def _result_detail(view: dict[str, Any], seat: int, lang: str) -> str:
    """The second line of a seat's result: what its score was built from."""
    if view["version"] == "basic":
        # whole names: an initial and a number ("P3") would read as a seat
        points = t(lang, "alhambra_dice.word.sep").join(
            f"{words.building_name(lang, b)} {p}" for b, p in enumerate(view["points"][seat]))
        chips = view["chips"][seat]
        listed = t(lang, "alhambra_dice.word.sep").join(words.chip_name(lang, words.field_chip(c)) for c in chips)
        # chips first: they show nowhere else at the end, while the tracks below repeat the building
        # points, so with four or more players it is the points that an ellipsis may cut
        return t(lang, "alhambra_dice.board.final_detail",
                 first=t(lang, "alhambra_dice.board.chips", chips=listed if chips else "—"),
                 second=t(lang, "alhambra_dice.board.building_points", points=points))  # fmt: skip
    if seat >= view["players"]:
        return t(lang, "alhambra_dice.board.dummy_tiles", count=len(view["dummy_tiles"]))
    a = view["alhambras"][seat]
    return t(lang, "alhambra_dice.board.wall_reserve", wall=a["wall"], reserve=len(a["reserve"]))


def _results(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, lang: str) -> int:
    """The ranking, best first: rank (shared on a tie), colour and name, final score, and what it was made of."""
    res = view["result"]
    ranks = res["ranks"]
    draw.text((MARGIN, y), t(lang, "alhambra_dice.board.results"), font=font(20, True), fill=MUTED)
    y += 30
    name_x = MARGIN + 216
    for seat in _result_order(view):
        ranked = seat < view["players"]
        winner = ranked and ranks[seat] == 1
        draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + RESULT_ROW - 8), fill=PANEL,
                       outline=HIGHLIGHT if winner else GRID_LINE, width=4 if winner else 1)  # fmt: skip
        line = y + 30
        rank = t(lang, RANKS[ranks[seat] - 1]) if ranked else "—"
        draw.text((MARGIN + 16, line), rank, font=font(PHONE, True), fill=INK, anchor="lm")
        if ranked and ranks.count(ranks[seat]) > 1:
            draw.text((MARGIN + 16, y + 68), t(lang, "alhambra_dice.board.tied"), font=font(20), fill=MUTED,
                      anchor="lm")  # fmt: skip
        _octagon(draw, MARGIN + 176, line, 22, _seat_fill(view, seat), _seat_tag(view, seat))
        score = t(lang, "alhambra_dice.board.score", score=res["scores"][seat] if ranked else view["scores"][seat])
        draw.text((WIDTH - MARGIN - 16, line), score, font=font(PHONE, True), fill=INK, anchor="rm")
        room = WIDTH - MARGIN - 16 - draw.textlength(score, font=font(PHONE, True)) - 24 - name_x
        name = _name(view, seat, lang)
        draw.text((name_x, line), ellipsize(name, font(PHONE, True), room), font=font(PHONE, True), fill=INK,
                  anchor="lm")  # fmt: skip
        detail = _result_detail(view, seat, lang)
        draw.text((name_x, y + 68), ellipsize(detail, font(20), WIDTH - MARGIN - 16 - name_x), font=font(20),
                  fill=INK, anchor="lm")  # fmt: skip
        y += RESULT_ROW
    for line in _note_lines(view, lang):
        draw.text((MARGIN, y + 12), line, font=font(20), fill=MUTED, anchor="lm")
        y += 28
    return y + 10


def _final_track_row(top: int) -> int:
    """Row height of the final picture's tracks below results ending at ``top``: filling the picture's
    least height where the results leave room."""
    least, most = FINAL_TRACK_ROWS
    return max(least, min(most, (WIDTH * 4 // 3 - top - TRACKS_BELOW) // 12 // 4 * 4))


def _note_lines(view: dict[str, Any], lang: str) -> list[str]:
    res = view["result"]
    note = words.result_note(lang, res["ranks"], view["scores"], view["dummy"])
    return wrap(note, font(20), WIDTH - 2 * MARGIN, 2) if note else []


def _final_layout(d: ImageDraw.ImageDraw, image: Image.Image, view: dict[str, Any], y: int, lang: str) -> int:
    """After the game the market, bonus fields and dice are empty: the results take their place, then what
    the scores came from (building points, or every Alhambra at one scale)."""
    y = _results(d, view, y, lang)
    if view["version"] == "basic":
        rh = _final_track_row(y)
        y = _building_headers(image, d, view, y + 4, lang)
        y = _tracks(image, d, view, y, lang, rh)
        y = _log(d, view, y + 6, lang)
        return _legend(image, y + 6, lang)
    y = _alhambras(image, d, view, y + 4, lang)
    return _log(d, view, y + 6, lang)


# ----------------------------------------------------------------------------- entry point


def _height(view: dict[str, Any], lang: str) -> int:
    """Where _layout will end, from the same sizes it draws with, so the canvas is made at its height once
    (no roomy canvas to fill and cut down). tests/render check it against _layout for every kind of board."""
    basic = view["version"] == "basic"
    y = 8 + 52 + BAND_H + 8 + 58 + len(_last_move_lines(view, lang)) * (PHONE + 8) + 8  # _header
    log = 6 + 30 + LOG_LINES * (LOG_TEXT + 8) + 8
    legend = 6 + 24 + len(LEGEND) * 24 + 8
    if view["result"] is not None:
        rows = view["players"] + (view["dummy"] >= 0)
        y += 30 + rows * RESULT_ROW + len(_note_lines(view, lang)) * 28 + 10  # _results
        if basic:
            return y + 4 + 44 + 12 * _final_track_row(y) + 22 + log + legend
        return y + 4 + _alhambras_height(view) + log
    y += 44  # _building_headers
    if basic:
        y += 12 * 20 + 22
    else:
        y += max(1, max((len(col) + 2) // 3 for col in view["tiles"])) * 58 + 16
    if basic or any(view["fields"]):
        y += 46
    y += 18 + 8 * 34 + 10 + 150 + 10 + view["seats"] * 46 + 6  # dice grid, dice panel, players
    if not basic:
        y += 4 + _alhambras_height(view)
    return y + log + (legend if basic else 0)


def _layout(d: ImageDraw.ImageDraw, image: Image.Image, view: dict[str, Any], lang: str) -> int:
    """Draw the board from the top; returns the y below its last part."""
    basic = view["version"] == "basic"
    y = _header(d, view, 8, lang)
    if view["result"] is not None:
        return _final_layout(d, image, view, y, lang)
    y = _building_headers(image, d, view, y, lang)
    y = _tracks(image, d, view, y, lang) if basic else _tile_areas(d, view, y, lang)
    if basic or any(view["fields"]):
        y = _fields(image, d, view, y, lang)
    y = _dice_area(image, d, view, y, lang)
    y = _dice_panel(image, d, view, y, lang)
    y = _players(d, view, y, lang)
    if not basic:
        y = _alhambras(image, d, view, y + 4, lang)
    y = _log(d, view, y + 6, lang)
    if basic:
        y = _legend(image, y + 6, lang)
    return y


def render(view: dict[str, Any], *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """Draw the view as PNG bytes, its words in ``lang``.

    ``viewer_seat`` is accepted for symmetry with the other renderers; every part of this game's
    table is public, so it changes nothing. ``scale`` resizes the picture (1200 wide, at least
    3:4 portrait at scale 1)."""
    # Drawn once on a canvas of the board's height: filling and cutting down a roomy one cost more.
    height = max(_height(view, lang), WIDTH * 4 // 3)
    image, draw = new_canvas(WIDTH, height)
    bottom = _layout(draw, image, view, lang)
    if bottom > height:  # the measure fell short (a part changed size without _height): drawn again, whole
        height = bottom
        image, draw = new_canvas(WIDTH, height)
        _layout(draw, image, view, lang)
    elif max(bottom, WIDTH * 4 // 3) < height:  # it overshot: cut to what was drawn
        image = image.crop((0, 0, WIDTH, max(bottom, WIDTH * 4 // 3)))
    if scale != 1.0:
        size = (max(1, round(WIDTH * scale)), max(1, round(height * scale)))
        image = image.resize(size, Image.LANCZOS)
    return to_png(image, "alhambra_dice")
