"""Shared pieces of the boards picture: sections, chips, and the energy, round and irrigation panels."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from i18n import t
from i18n.seats import seat_name
from render._draw import HIGHLIGHT, INK, MUTED, PANEL, ellipsize, font, seat_colour
from render.barrage.layout import (
    _CONTRACT_FILL,
    _SLOT_LINE,
    _TILE_FILL,
    _TITLE,
    _WHITE,
    MARGIN,
    WIDTH,
    Box,
    Colour,
    View,
    _centre,
    _contract_reward,
    _fade,
    _fitted,
    _ink_on,
    _seat_name,
    _text,
    _tile_label,
)
from render.barrage.legend import _bonus_text, _objective_text, _summary_order
from render.barrage.map import _IRR_CHIP, _IRR_VP, _IRR_VP_INK, _irrigation_label
from rules.barrage import data

# --------------------------------------------------------------------------- picture 2: boards

Section = tuple[int, Callable[[ImageDraw.ImageDraw, int], None]]
"""(height, draw(d, top)) of one part of the boards picture."""


def _section_title(d: ImageDraw.ImageDraw, y: int, title: str, note: str = "") -> None:
    w = _text(d, (MARGIN, y + 14), title, 22, _TITLE, True)
    if note:
        _text(d, (MARGIN + w + 12, y + 15), ellipsize(note, font(16), WIDTH - 2 * MARGIN - w - 12), 16, MUTED)


def _chip(d: ImageDraw.ImageDraw, box: Box, fill: Colour, top: str, bottom: str = "", outline: Colour = INK,
          size: int = 17) -> None:
    """A rounded card with one or two centred lines, shrunk (then cut) to fit."""
    d.rounded_rectangle(box, radius=6, fill=fill, outline=outline, width=2)
    cx, w = (box[0] + box[2]) / 2, box[2] - box[0] - 6
    if bottom:
        _fitted(d, (cx, box[1] + 14), top, w, size, True)
        _fitted(d, (cx, box[3] - 13), bottom, w, size - 3, False)
    else:
        _fitted(d, _centre(box), top, w, size, True)


def _contract_chip(d: ImageDraw.ImageDraw, x: float, y: float, w: float, cid: str, h: float = 46,
                   lang: str = "en") -> None:
    rec = data.CONTRACTS.get(cid, {})
    fill = _CONTRACT_FILL.get(rec.get("type", ""), _WHITE)
    _chip(d, (x, y, x + w, y + h), fill, f"{rec.get('energy_required', '?')}⚡", _contract_reward(rec, lang))


def _tile_chip(d: ImageDraw.ImageDraw, x: float, y: float, w: float, tile: str, h: float = 30,
               lang: str = "en") -> None:
    level = data.TECH.get(tile, {}).get("level", 0)
    _chip(d, (x, y, x + w, y + h), _TILE_FILL.get(level, _WHITE), _tile_label(tile, lang), size=15)


def _energy_section(view: View, lang: str) -> Section:
    track = data.ENERGY_TRACK
    spaces = int(track.get("spaces", 32))

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        awards = track.get("ranking_awards", {})
        _section_title(d, y, t(lang, "barrage_pic.energy.title"),
                       t(lang, "barrage_pic.energy.note", first=awards.get("first_vp", "?"),
                         second=awards.get("second_vp", "?")))
        x0, cw = MARGIN, (WIDTH - 2 * MARGIN) / spaces
        bar = y + 96
        stacks: dict[int, int] = {}
        for seat, c in enumerate(view.get("companies", [])):
            cell = min(c.get("energy", 0), spaces - 1)
            k = stacks.get(cell, 0)
            stacks[cell] = k + 1
            cx, cy = x0 + (cell + 0.5) * cw, bar - 14 - k * 24
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=seat_colour(seat), outline=INK, width=2)
            d.text((cx, cy), str(seat + 1), font=font(14, True), fill=_ink_on(seat_colour(seat)), anchor="mm")
        section = int(data.BONUS_FORMULA.get("energy_per_round_section", 6))
        credits = {r["min_energy"]: r["credits"] for r in track.get("credit_rewards", [])}
        for i in range(spaces):
            cell = (x0 + i * cw, bar, x0 + (i + 1) * cw, bar + 30)
            shade = (i // section) % 2 if section else 0
            d.rectangle(cell, fill=(236, 230, 214) if shade else _WHITE, outline=_SLOT_LINE)
            d.text(_centre(cell), str(i), font=font(13), fill=INK, anchor="mm")
            if i in credits:
                d.text(((cell[0] + cell[2]) / 2, bar + 42), f"${credits[i]}", font=font(13, True),
                       fill=(30, 120, 50), anchor="mm")

    return 148, draw


def _rounds_section(view: View, lang: str) -> Section:
    bonus = view.get("bonus_tiles") or []
    rnd = view.get("round", 1)

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        formula = data.BONUS_FORMULA
        _section_title(d, y, t(lang, "barrage_pic.rounds.title"),
                       t(lang, "barrage_pic.rounds.note", min=formula.get("min_energy", 6),
                         malus=formula.get("malus_per_missing_section", 4),
                         section=formula.get("energy_per_round_section", 6)))
        w = 128
        for i, tile in enumerate(bonus):
            x = MARGIN + i * (w + 6)
            now = i + 1 == rnd and view.get("phase") != "over"
            past = i + 1 < rnd or view.get("phase") == "over"
            fill = HIGHLIGHT if now else (_fade(PANEL, 0.3) if past else PANEL)
            _chip(d, (x, y + 32, x + w, y + 82), fill, t(lang, "barrage_pic.rounds.chip", n=i + 1),
                  _bonus_text(tile, lang), outline=INK if now else _SLOT_LINE)
        x = MARGIN + len(bonus) * (w + 6) + 6
        vp = "/".join(str(v) for v in data.OBJECTIVE_VP)
        _chip(d, (x, y + 32, WIDTH - MARGIN, y + 82), (250, 236, 214), t(lang, "barrage_pic.rounds.objective", vp=vp),
              _objective_text(view.get("objective", ""), lang))

    return 92, draw


IRR_ROW = 44
"""Height of one company's line in the irrigation panel (one line of tiles)."""
IRR_CHIP_W = 104


def _irrigation_section(view: View, lang: str) -> Section:
    """The Nile Affair's irrigation: the 5 scoring tiles (under the round bonus tiles they go with), V, and
    each company's irrigation points, face-up tiles (ready) and face-down ones (used, greyed)."""
    irrigation = view.get("irrigation")
    if not irrigation:
        return 0, lambda d, y: None
    companies = view.get("companies") or []
    seats = [s for s in _summary_order(view) if s < len(companies)
             and (companies[s].get("company") or view.get("phase") != "draft")]
    lines = {s: _irrigation_lines(companies[s].get("irrigation") or {}) for s in seats}
    rows_h = sum(IRR_ROW + (lines[s] - 1) * 34 + 6 for s in seats)

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.irrigation.title"), t(lang, "barrage_pic.irrigation.note"))
        for i, tile in enumerate(irrigation.get("scoring_tiles") or []):
            _irrigation_scoring_chip(d, view, MARGIN + i * 134, y + 32, tile, lang)
        x = MARGIN + 5 * 134 + 6
        vp = int(irrigation.get("visible_vp") or 0)
        d.rounded_rectangle((x, y + 32, WIDTH - MARGIN, y + 82), radius=6, fill=_IRR_VP if vp else PANEL,
                            outline=_IRR_VP_INK, width=2)
        vx = x + 22 + _text(d, (x + 12, y + 57), t(lang, "barrage_pic.irrigation.v", v=vp), 24, _IRR_VP_INK, True)
        _text(d, (vx, y + 47), t(lang, "barrage_pic.irrigation.vp_visible"), 14, _IRR_VP_INK)
        _text(d, (vx, y + 66), t(lang, "barrage_pic.irrigation.on_map"), 14, _IRR_VP_INK)
        ry = y + 92
        for seat in seats:
            h = IRR_ROW + (lines[seat] - 1) * 34
            _irrigation_row(d, view, seat, ry, h, lang)
            ry += h + 6

    return 92 + rows_h, draw


def _irrigation_lines(irr: dict[str, Any]) -> int:
    """How many lines of tile chips a company's irrigation tiles need."""
    n = len(irr.get("face_up") or []) + _face_down_count(irr)
    per_line = int((WIDTH - MARGIN - 8 - (MARGIN + 300)) // (IRR_CHIP_W + 4))
    return max(1, math.ceil(n / per_line))


def _face_down_count(irr: dict[str, Any]) -> int:
    down = irr.get("face_down") or []
    return down if isinstance(down, int) else len(down)


def _irrigation_scoring_chip(d: ImageDraw.ImageDraw, view: View, x: float, y: float, tile: dict[str, Any],
                             lang: str = "en") -> None:
    """A round's irrigation scoring tile: open (this round's highlighted), won by a company, or discarded."""
    rnd, status, winner = tile.get("round", 0), tile.get("status", "open"), tile.get("winner")
    box = (x, y, x + 128, y + 50)
    top = t(lang, "barrage_pic.irrigation.chip", round=rnd, points=f"{tile.get('points', 0):+d}".replace("-", "−"))
    if status == "won" and winner is not None:
        fill: Colour = seat_colour(winner)
        bottom, outline = t(lang, "barrage_pic.irrigation.won_by", name=seat_name(lang, winner)), INK
    elif status == "discarded":
        fill, bottom, outline = (226, 224, 218), t(lang, "barrage_pic.irrigation.discarded"), _SLOT_LINE
    else:
        now = rnd == view.get("round") and view.get("phase") == "actions"
        bottom = t(lang, "barrage_pic.irrigation.this_round" if now else "barrage_pic.irrigation.open")
        fill, outline = (HIGHLIGHT if now else PANEL), (INK if now else _SLOT_LINE)
    d.rounded_rectangle(box, radius=6, fill=fill, outline=outline, width=2)
    ink = _ink_on(fill) if status == "won" else (MUTED if status == "discarded" else INK)
    _fitted(d, (x + 64, y + 14), top, 122, 16, True, ink)
    _fitted(d, (x + 64, y + 36), bottom, 122, 15, False, ink)


def _irrigation_row(d: ImageDraw.ImageDraw, view: View, seat: int, y: float, h: float, lang: str = "en") -> None:
    c = view["companies"][seat]
    irr = c.get("irrigation") or {}
    colour = seat_colour(seat)
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=8, fill=PANEL, outline=colour, width=2)
    d.rectangle((MARGIN + 2, y + 2, MARGIN + 9, y + h - 2), fill=colour)
    _text(d, (MARGIN + 18, y + 14), ellipsize(_seat_name(view, seat, lang), font(17, True), 170), 17, colour, True)
    values = {st.get("round"): st.get("points") for st in (view.get("irrigation") or {}).get("scoring_tiles") or []}
    notes = [t(lang, "barrage_pic.irrigation.won_round", round=r)
             + (t(lang, "barrage_pic.irrigation.won_points", points=values[r]).replace("-", "−")
                if values.get(r) else "")
             for r in irr.get("scoring_tiles") or []]
    if view.get("to_act") == seat and view.get("phase") == "actions":
        if view.get("bonus_action_used"):
            notes.insert(0, t(lang, "barrage_pic.irrigation.used_this_turn"))
        elif irr.get("face_up"):
            notes.insert(0, t(lang, "barrage_pic.irrigation.may_use"))
    cut = ellipsize(t(lang, "barrage_pic.word.list_sep").join(notes), font(13), 176)
    _text(d, (MARGIN + 18, y + 32), cut, 13, MUTED)
    points = irr.get("points")
    if points is None:
        listed = (view.get("irrigation") or {}).get("points") or []
        points = listed[seat] if seat < len(listed) else None
    px = MARGIN + 204
    _text(d, (px + 30, y + 16), "–" if points is None else str(points), 22, INK, True, "mm")
    _text(d, (px + 30, y + 34), t(lang, "barrage_pic.irrigation.points"), 13, MUTED, anchor="mm")
    x0, right = MARGIN + 300, WIDTH - MARGIN - 8
    tiles = [(str(tid), True) for tid in irr.get("face_up") or []]
    down = irr.get("face_down") or []
    tiles += [("", False)] * down if isinstance(down, int) else [(str(tid), False) for tid in down]
    if not tiles:
        _text(d, (x0, y + h / 2), t(lang, "barrage_pic.irrigation.none"), 15, MUTED)
        return
    x, ty = x0, y + 7
    for tile, ready in tiles:
        if x + IRR_CHIP_W > right:
            x, ty = x0, ty + 34
        _irrigation_chip(d, (x, ty, x + IRR_CHIP_W, ty + 30), tile, ready, lang)
        x += IRR_CHIP_W + 4


def _irrigation_chip(d: ImageDraw.ImageDraw, box: Box, tile: str, ready: bool, lang: str = "en") -> None:
    """An irrigation tile in a company's supply, in its area's colour; used (face-down) ones greyed."""
    area = data.IRRIGATION_TILES.get(tile, {}).get("area", "")
    fill = _IRR_CHIP.get(area, (230, 230, 230))
    if not ready:
        fill = _fade(fill, 0.6)
    d.rounded_rectangle(box, radius=5, fill=fill, outline=INK if ready else _SLOT_LINE, width=2 if ready else 1)
    label = _irrigation_label(tile, lang) if tile else t(lang, "barrage_pic.irrigation.used")
    _fitted(d, _centre(box), label, box[2] - box[0] - 8, 15, ready, INK if ready else MUTED)

