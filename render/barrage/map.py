"""The map itself: its geometry from the engine's map data, the river, headstreams, dams, conduits,
powerhouses and, on the Nile map, the irrigation areas."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

import i18n
import i18n.barrage as words
from i18n import t
from i18n.seats import seat_name
from render._draw import BACKGROUND, HIGHLIGHT, INK, MUTED, Canvas, ellipsize, font, seat_colour
from render.barrage.layout import (
    _AREA,
    _AREA_FILL,
    _BAND_INK,
    _BASIN,
    _EMPTY,
    _IRRIGATION,
    _NEUTRAL,
    _NILE,
    _PH_ZONE,
    _RED,
    _RIVER,
    _RIVER_ARROW,
    _SLOT_LINE,
    _WATER,
    _WHITE,
    CONDUIT_H,
    CONDUIT_W,
    DAM_H,
    DAM_W,
    EXIT_ROOM,
    PH_H,
    PH_W,
    Box,
    Colour,
    Point,
    View,
    _centre,
    _fade,
    _fitted,
    _ink_on,
    _reward_text,
    _text,
    _union,
)
from rules.barrage import data

# --------------------------------------------------------------------------- map layout (from the data)


@dataclass(frozen=True)
class _MapLayout:
    size: tuple[int, int]
    headstreams: dict[str, Box]
    dams: dict[str, Box]
    conduits: dict[str, Box]
    powerhouses: dict[str, Box]
    basins: dict[int, Box]
    ph_zones: dict[int, Box]
    bands: list[tuple[dict[str, Any], float, float]]
    edges: list[tuple[str, str]]
    exits: dict[str, Point]
    tiles: dict[str, list[int]]
    map: data.MapData
    nile: frozenset[tuple[str, str]]


_MAPS = ("base", "nile")


def _slot(rec: dict[str, Any], w: float, h: float) -> Box:
    return (rec["x"], rec["y"], rec["x"] + w, rec["y"] + h)


@lru_cache(maxsize=4)
def _layout(name: str) -> _MapLayout:
    m = data.map_data(name if name in _MAPS else "base")  # an unknown map still gets a picture
    heads: dict[str, Box] = dict(m.headstream_boxes)
    dams = {r["id"]: _slot(r, DAM_W, DAM_H) for r in m.dams.values()}
    conduits = {r["id"]: _slot(r, CONDUIT_W, CONDUIT_H) for r in m.conduits.values()}
    phs = {r["id"]: _slot(r, PH_W, PH_H) for r in m.powerhouses.values()}
    basins, ph_zones = {}, {}
    for z in m.zones.values():
        sites = [dams[s] for s in z["dam_sites"]] + [conduits[s] for s in z["conduit_sites"]]
        if sites:
            basins[z["id"]] = _union(sites, 8)
        if z["powerhouse_sites"]:
            ph_zones[z["id"]] = _union([phs[s] for s in z["powerhouse_sites"]], 6)
    size = (m.size[0], m.size[1] + EXIT_ROOM)
    return _MapLayout(
        size=size, headstreams=heads, dams=dams, conduits=conduits, powerhouses=phs, basins=basins,
        ph_zones=ph_zones, bands=_bands(m, heads, dams, conduits, phs, size[1]),
        edges=list(m.river_edges), exits=dict(m.exit_points),
        tiles={str(t["id"]): list(t["drops_by_round"]) for t in m.headstream_tiles},
        map=m, nile=frozenset(pairwise(m.nile_path)),
    )


def _bands(m: data.MapData, heads: dict[str, Box], dams: dict[str, Box], conduits: dict[str, Box],
           phs: dict[str, Box], height: float) -> list[tuple[dict[str, Any], float, float]]:
    """Horizontal area bands: each spans its sites; neighbours meet half-way between them."""
    spans = []
    for area in m.area_records:
        boxes = [dams[r["id"]] for r in m.dams.values() if r["area"] == area["id"]]
        boxes += [conduits[r["id"]] for r in m.conduits.values() if r["area"] == area["id"]]
        boxes += [phs[r["id"]] for r in m.powerhouses.values() if r["area"] == area["id"]]
        if boxes:
            spans.append((area, min(b[1] for b in boxes), max(b[3] for b in boxes)))
    head_bottom = max(b[3] for b in heads.values())
    out = []
    for i, (area, top, bottom) in enumerate(spans):
        upper = (head_bottom + top) / 2 if i == 0 else (spans[i - 1][2] + top) / 2
        lower = height if i == len(spans) - 1 else (bottom + spans[i + 1][1]) / 2
        out.append((area, upper, lower))
    return out


def _node_box(lay: _MapLayout, node: str) -> Box | None:
    if node in lay.headstreams:
        return lay.headstreams[node]
    if node in lay.dams:
        return lay.dams[node]
    if node.startswith("P") and node[1:].isdigit():
        return lay.ph_zones.get(int(node[1:]))
    return None


# --------------------------------------------------------------------------- map drawing


def _arrow_head(d: ImageDraw.ImageDraw, a: Point, b: Point, fill: Colour, size: float = 9) -> None:
    """A small triangle half-way along a->b, pointing downstream."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    tip = (mx + ux * size, my + uy * size)
    left = (mx - ux * size - uy * size, my - uy * size + ux * size)
    right = (mx - ux * size + uy * size, my - uy * size - ux * size)
    d.polygon([tip, left, right], fill=fill)


def _draw_bands(img: Image.Image, d: ImageDraw.ImageDraw, lay: _MapLayout, lang: str) -> None:
    for area, top, bottom in lay.bands:
        d.rectangle((0, top, lay.size[0], bottom), fill=_AREA_FILL.get(area["id"], BACKGROUND))
        d.line((0, top, lay.size[0], top), fill=_fade(_BAND_INK, 0.5), width=2)
        title = t(lang, _AREA + area["id"]) if i18n.has(lang, _AREA + area["id"]) else area["id"].upper()
        costs = t(lang, "barrage_pic.word.costs", exc=area["base_cost_excavators"], mix=area["elevation_cost_mixers"])
        label = _band_label(title, costs, int(bottom - top - 16))
        img.paste(label, (4, int((top + bottom) / 2 - label.height / 2)), label)


@lru_cache(maxsize=16)
def _band_label(title: str, costs: str, room: int) -> Image.Image:
    """The area name and its building costs, turned to read upwards in the left margin."""
    w = max(int(font(20, True).getlength(title)), int(font(15).getlength(costs))) + 8
    w = min(w, max(room, 40))
    img = Image.new("RGBA", (w, 44), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.text((w / 2, 12), title, font=font(20, True), fill=_BAND_INK, anchor="mm")
    d.text((w / 2, 33), costs, font=font(15), fill=_BAND_INK, anchor="mm")
    return img.rotate(90, expand=True)


def _draw_zones(d: ImageDraw.ImageDraw, lay: _MapLayout) -> None:
    for box in lay.basins.values():
        d.rounded_rectangle(box, radius=12, fill=_BASIN, outline=_fade(_RIVER_ARROW, 0.4), width=2)
    for box in lay.ph_zones.values():
        d.rounded_rectangle(box, radius=8, fill=_PH_ZONE, outline=_fade(_BAND_INK, 0.3), width=2)


def _draw_badges(d: ImageDraw.ImageDraw, lay: _MapLayout) -> None:
    """Zone numbers, over the river and the pipes that pass a box corner (they hid the 7 on the Nile map)."""
    for zone, box in [*lay.basins.items(), *lay.ph_zones.items()]:
        _zone_badge(d, box, zone)


def _zone_badge(d: ImageDraw.ImageDraw, box: Box, zone: int) -> None:
    """The zone number on the box corner: conduits say which zone they lead to."""
    x, y = box[0] + 4, box[1] + 4
    d.ellipse((x - 14, y - 14, x + 14, y + 14), fill=_WHITE, outline=_BAND_INK, width=2)
    d.text((x, y), str(zone), font=font(16, True), fill=INK, anchor="mm")


def _draw_river(d: ImageDraw.ImageDraw, lay: _MapLayout, lang: str) -> None:
    height = lay.size[1]
    segments = []
    for a, b in lay.edges:
        start_box = _node_box(lay, a)
        if start_box is None:
            continue
        start = ((start_box[0] + start_box[2]) / 2, start_box[3])
        if b in lay.exits:
            end: Point = (lay.exits[b][0], height - 10)
        else:
            end_box = _node_box(lay, b)
            if end_box is None:
                continue
            end = ((end_box[0] + end_box[2]) / 2, end_box[1])
        segments.append(((a, b) in lay.nile, start, end, b in lay.exits))
    for nile, start, end, _ in segments:  # wide lines first, arrows on top of every line
        d.line((start, end), fill=_NILE if nile else _RIVER, width=12 if nile else 8)
    for _nile, start, end, is_exit in segments:
        _arrow_head(d, start, end, _RIVER_ARROW)
        if is_exit:
            d.polygon([(end[0] - 12, end[1] - 12), (end[0] + 12, end[1] - 12), (end[0], end[1] + 4)],
                      fill=_RIVER_ARROW)
            _text(d, (end[0] + 18, end[1] - 8), t(lang, "barrage_pic.word.exit"), 17, _RIVER_ARROW, True)


def _draw_pipes(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View) -> None:
    """Built conduits: a pipe in the owner's colour to the powerhouse zone it feeds."""
    for rec in lay.map.conduits.values():
        owner = view.get("conduits", {}).get(rec["id"])
        target = lay.ph_zones.get(rec.get("leads_to_zone", -1))
        if owner is None or target is None:
            continue
        start = _centre(lay.conduits[rec["id"]])
        end = ((target[0] + target[2]) / 2, target[1] + 4)
        d.line((start, end), fill=INK, width=9)
        d.line((start, end), fill=seat_colour(owner), width=5)


def _drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = _WATER) -> None:
    """A water drop: a circle with a point on top."""
    d.polygon([(cx - r * 0.8, cy - r * 0.4), (cx, cy - r * 2.0), (cx + r * 0.8, cy - r * 0.4)], fill=fill)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)


def _draw_headstreams(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View, lang: str) -> None:
    rnd = view.get("round", 1)
    tiles = view.get("headstream_tiles", {})
    for hid, box in lay.headstreams.items():
        x0, y0, x1, y1 = box
        d.rounded_rectangle(box, radius=10, fill=(206, 228, 246), outline=_RIVER_ARROW, width=2)
        d.ellipse((x0 + 6, y0 + 6, x0 + 38, y0 + 38), fill=_RIVER_ARROW)
        d.text((x0 + 22, y0 + 22), hid[1:] or hid, font=font(20, True), fill=_WHITE, anchor="mm")
        water = view.get("water", {}).get(hid, 0)
        _drop(d, x0 + 58, y0 + 26, 9, _WATER if water else _fade(_WATER, 0.6))
        _text(d, (x0 + 72, y0 + 24), f"×{water}", 24, INK if water else MUTED, True)
        if hid == lay.map.nile_source:
            extra = t(lang, "barrage_pic.word.nile", n=lay.map.nile_drops)
            _text(d, (x1 - 8, y0 + 24), extra, 16, _NILE, True, "rm")
        drops = lay.tiles.get(str(tiles.get(hid)), [])
        cw = (x1 - x0 - 16) / max(1, len(drops))
        for i, n in enumerate(drops):
            cell = (x0 + 8 + i * cw + 2, y0 + 50, x0 + 8 + (i + 1) * cw - 2, y1 - 8)
            now = i + 1 == rnd and view.get("phase") != "over"
            d.rounded_rectangle(cell, radius=5, fill=HIGHLIGHT if now else _WHITE, outline=_fade(_RIVER_ARROW, 0.3))
            cx = (cell[0] + cell[2]) / 2
            d.text((cx, cell[1] + 13), t(lang, "barrage_pic.word.round_cell", n=i + 1), font=font(14),
                   fill=MUTED if not now else INK, anchor="mm")
            d.text((cx, cell[3] - 17), str(n), font=font(22, True), fill=INK, anchor="mm")


def _draw_dams(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View, lang: str) -> None:
    built = view.get("dams", {})
    water = view.get("water", {})
    for rec in lay.map.dams.values():
        box = lay.dams[rec["id"]]
        dam = built.get(rec["id"])
        if dam is None:
            _empty_site(d, box, rec, t(lang, "barrage_pic.word.dam"), 15)
            continue
        _built_dam(d, box, dam["owner"], dam["level"], water.get(rec["id"], 0), lang)


def _empty_site(d: ImageDraw.ImageDraw, box: Box, rec: dict[str, Any], mark: str, size: int) -> None:
    """A free site: a red border where building there costs extra credits, and a faint mark."""
    red = rec.get("extra_cost_credits", 0) > 0
    d.rounded_rectangle(box, radius=6, fill=_EMPTY, outline=_RED if red else _SLOT_LINE, width=3 if red else 2)
    d.text(_centre(box), mark, font=font(size), fill=_fade(_SLOT_LINE, 0.3), anchor="mm")


def _built_dam(d: ImageDraw.ImageDraw, box: Box, owner: int, level: int, water: int, lang: str = "en") -> None:
    """Owner colour (grey = neutral); one ring per unit of height, filled for each drop held."""
    x0, y0, x1, _ = box
    fill = _NEUTRAL if owner < 0 else seat_colour(owner)
    d.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
    label = t(lang, "barrage_pic.word.neutral") if owner < 0 else seat_name(lang, owner)
    _fitted(d, ((x0 + x1) / 2, y0 + 15), label, x1 - x0 - 8, 16, True, _ink_on(fill))
    rings = max(level, water)
    step = min(25.0, (x1 - x0 - 10) / max(1, rings))
    r = min(10.0, step / 2 - 1)
    sx = (x0 + x1) / 2 - (rings - 1) * step / 2
    for i in range(rings):
        cx, cy = sx + i * step, y0 + 46
        ring = (cx - r, cy - r, cx + r, cy + r)
        d.ellipse(ring, fill=_WATER if i < water else fill, outline=_WHITE, width=3)


def _draw_conduits(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View) -> None:
    owners = view.get("conduits", {})
    for rec in lay.map.conduits.values():
        box = lay.conduits[rec["id"]]
        owner = owners.get(rec["id"])
        fill = _EMPTY if owner is None else seat_colour(owner)
        d.rounded_rectangle(box, radius=6, fill=fill, outline=_SLOT_LINE if owner is None else INK, width=2)
        ink = INK if owner is None else _ink_on(fill)
        cx = (box[0] + box[2]) / 2
        d.text((cx, box[1] + 19), f"×{rec['production']}", font=font(20, True), fill=ink, anchor="mm")
        d.text((cx, box[1] + 44), f"→{rec.get('leads_to_zone', '?')}", font=font(16), fill=ink, anchor="mm")


def _draw_powerhouses(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View, lang: str) -> None:
    owners = view.get("powerhouses", {})
    for rec in lay.map.powerhouses.values():
        box = lay.powerhouses[rec["id"]]
        owner = owners.get(rec["id"])
        if owner is None:
            _empty_site(d, box, rec, "⚡", 18)
            continue
        fill = seat_colour(owner)
        d.rounded_rectangle(box, radius=6, fill=fill, outline=INK, width=2)
        _fitted(d, _centre(box), "⚡" + seat_name(lang, owner), box[2] - box[0] - 6, 19, True, _ink_on(fill))


# Where the irrigation areas are drawn on the Nile map. The data's boxes (house positions) are too small
# for the stacks and sit on basins; these use the free room between the two connected basins, clear of
# every site, zone badge, river line and flow arrow (tests/render/test_barrage.py checks it).
_IRRIGATION_BOX: dict[str, Box] = {
    "IRR_MOUNTAIN": (419, 135, 623, 239),  # under the headstreams, between the rivers from B and C
    "IRR_HILL": (376, 503, 506, 675),  # between powerhouse zones 5 and 6, above basins 5 and 6
    "IRR_PLAIN": (462, 1316, 650, 1500),  # under basins 9 and 10, between powerhouse zones 11 and 12
}
_IRR_LINE = (60, 140, 60)
_IRR_INK = (30, 95, 30)
_IRR_VP = (250, 226, 140)
_IRR_VP_INK = (120, 80, 0)
_IRR_CHIP = {"mountain": (214, 206, 192), "hill": (200, 226, 176), "plain": (242, 232, 170)}
"""Irrigation tiles on the boards picture, in their area's colour."""


def _irrigation_label(tile: str, lang: str = "en") -> str:
    """A few words for an irrigation tile's effect: "2 exc", "+3 cr", "contract ≤4", "build pl/hill", …"""
    rec = data.IRRIGATION_TILES.get(tile)
    if rec is None:
        return tile.rsplit("_", 1)[-1].title()
    kind, effect = rec.get("effect_type"), rec.get("effect", {})
    if kind == "machinery":
        return t(lang, "barrage_pic.irr.join").join(
            t(lang, "barrage_pic.irr.exc" if k == "excavator" else "barrage_pic.irr.mix", n=n)
            for k, n in effect.items())
    if kind == "credits":
        return t(lang, "barrage_pic.irr.credits", n=effect.get("credit", 0))
    if kind == "water":
        return t(lang, "barrage_pic.irr.water", n=effect.get("flow_drop", 0))
    if kind == "wheel":
        return t(lang, "barrage_pic.irr.wheel", n=effect.get("rotate_wheel", 0))
    if kind == "contract":
        return t(lang, "barrage_pic.irr.contract", n=effect.get("fulfill_contract_max", 0))
    if kind == "production":
        return t(lang, "barrage_pic.irr.produce", bonus=f"{effect.get('produce', {}).get('bonus', 0):+d}")
    if kind == "construction":
        areas = effect.get("construct_without_engineers", {}).get("areas", [])
        if len(areas) >= 3:
            return t(lang, "barrage_pic.irr.build_any")
        names = [t(lang, "barrage_pic.irr.plain_short") if a == "plain" and len(areas) > 1 else words.area(lang, a)
                 for a in areas]
        return t(lang, "barrage_pic.irr.build", areas=t(lang, "barrage_pic.word.area_sep").join(names))
    if kind == "energy":
        return t(lang, "barrage_pic.irr.energy", n=effect.get("energy", 0))
    return _reward_text(effect, lang) or tile.rsplit("_", 1)[-1].title()


def _irrigation_box(lay: _MapLayout, area: dict[str, Any]) -> Box:
    if lay.map.id == "nile" and area["id"] in _IRRIGATION_BOX:
        return _IRRIGATION_BOX[area["id"]]
    b = area["box"]
    return (b["x"], b["y"], b["x"] + b["w"], b["y"] + b["h"])


@dataclass(frozen=True)
class _IrrigationParts:
    title: Point | None
    vp: Box
    stacks: list[Box]
    spaces: list[Box]


def _irrigation_parts(box: Box) -> _IrrigationParts:
    """Inside an area's box: tall boxes get a title row, the 4 stacks one a line and the 2 spaces under them;
    low ones put the stacks on the left and the visible VP and the spaces in a column on the right."""
    x0, y0, x1, y1 = box
    pad, gap = 5, 3
    if y1 - y0 >= 150:
        head, foot = 22, 28
        top, bottom = y0 + pad + head + 4, y1 - pad - foot - 4
        row = (bottom - top - 3 * gap) / 4
        stacks = [(x0 + pad, top + i * (row + gap), x1 - pad, top + i * (row + gap) + row) for i in range(4)]
        half = (x1 - x0 - 2 * pad - 6) / 2
        spaces = [(x0 + pad + i * (half + 6), y1 - pad - foot, x0 + pad + i * (half + 6) + half, y1 - pad)
                  for i in range(2)]
        return _IrrigationParts((x0 + pad + 1, y0 + pad + head / 2), (x1 - pad - 50, y0 + pad, x1 - pad,
                                                                      y0 + pad + head), stacks, spaces)
    side = 60
    row = (y1 - y0 - 2 * pad - 3 * gap) / 4
    right = x1 - pad - side - 4
    stacks = [(x0 + pad, y0 + pad + i * (row + gap), right, y0 + pad + i * (row + gap) + row) for i in range(4)]
    sx = x1 - pad - side
    cell = (y1 - y0 - 2 * pad - 24 - 2 * 4) / 2
    vp = (sx, y0 + pad, x1 - pad, y0 + pad + 24)
    spaces = [(sx, vp[3] + 4 + i * (cell + 4), x1 - pad, vp[3] + 4 + i * (cell + 4) + cell) for i in range(2)]
    return _IrrigationParts(None, vp, stacks, spaces)


def _draw_irrigation(d: ImageDraw.ImageDraw, lay: _MapLayout, view: View, lang: str) -> None:
    """Nile Affair irrigation areas: each stack's top tile (effect, tiles left) or, once emptied, the VP
    printed under it; the VP visible in the area; the two irrigation spaces (occupant, red = 3 credits).
    Without the view's ``irrigation`` block only the spaces in use are known."""
    irrigation = view.get("irrigation") or {}
    known = {a.get("id"): a for a in irrigation.get("areas") or []}
    used = view.get("occupied_spaces", {})
    for area in lay.map.irrigation.values():
        box = _irrigation_box(lay, area)
        _irrigation_links(d, lay, area, box)
        d.rounded_rectangle(box, radius=8, fill=_IRRIGATION, outline=_IRR_LINE, width=2)
        parts = _irrigation_parts(box)
        state = known.get(area["id"])
        if parts.title:
            room = parts.vp[0] - parts.title[0] - 4
            title = t(lang, "barrage_pic.word.irrigation")
            size = 14
            while size > 11 and d.textlength(title, font=font(size, True)) > room:
                size -= 1
            _text(d, parts.title, title, size, _IRR_INK, True)
        stacks = (state or {}).get("stacks") or []
        by_slot = {s.get("slot"): s for s in stacks}
        slots = area.get("layout", {}).get("stack_slots", [])
        for i, sbox in enumerate(parts.stacks):
            slot = slots[i]["id"] if i < len(slots) else None
            stack = by_slot.get(slot) or (stacks[i] if i < len(stacks) else None)
            _irrigation_stack(d, sbox, stack, lang)
        if state is not None:
            _irrigation_vp(d, parts.vp, int(state.get("visible_vp") or 0), lang)
        spaces = (state or {}).get("spaces") or [
            {"id": s["id"], "red": s.get("red_framed", False), "occupied_by": used.get(s["id"])}
            for s in area.get("layout", {}).get("action_spaces", [])]
        for sbox, sp in zip(parts.spaces, spaces, strict=False):
            _irrigation_space(d, sbox, sp.get("occupied_by"), bool(sp.get("red")), lang)


def _irrigation_links(d: ImageDraw.ImageDraw, lay: _MapLayout, area: dict[str, Any], box: Box) -> None:
    """Short green pipes from the area to the basins it is connected to, where they face each other."""
    for zone in area.get("connected_zones", []):
        basin = lay.basins.get(zone)
        if basin is None:
            continue
        left, right = max(box[0], basin[0]) + 10, min(box[2], basin[2]) - 10
        if right - left < 8:
            continue
        x = (left + right) / 2
        if basin[1] >= box[3]:
            a, b = box[3], basin[1]
        elif basin[3] <= box[1]:
            a, b = basin[3], box[1]
        else:
            continue
        if b - a < 60:
            d.line((x, a - 4, x, b + 4), fill=_IRR_LINE, width=7)


def _irrigation_stack(d: ImageDraw.ImageDraw, box: Box, stack: dict[str, Any] | None, lang: str = "en") -> None:
    """A stack's visible tile and how many tiles it holds, or the printed VP once it is empty."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    if stack is None:  # not known (no irrigation block in the view)
        d.rounded_rectangle(box, radius=4, outline=_fade(_IRR_LINE, 0.3), width=1)
        return
    count = int(stack.get("count") or 0)
    if count <= 0:
        d.rounded_rectangle(box, radius=4, fill=_IRR_VP, outline=_IRR_VP_INK, width=1)
        _text(d, ((x0 + x1) / 2, cy), t(lang, "barrage_pic.word.vp", n=stack.get("vp", 0)), 14, _IRR_VP_INK, True,
              "mm")
        return
    if count > 1:  # a second tile under the top one
        d.rounded_rectangle((x0 + 3, y0 + 2, x1, y1), radius=4, fill=_fade(_IRR_LINE, 0.55))
        box = (x0, y0, x1 - 3, y1 - 2)
    d.rounded_rectangle(box, radius=4, fill=_WHITE, outline=_IRR_LINE, width=1)
    cw = _text(d, (box[2] - 4, cy - 1), f"×{count}", 13, MUTED, True, "rm")
    room = box[2] - box[0] - cw - 12
    label = _irrigation_label(str(stack["top"]), lang) if stack.get("top") else "?"
    size = 14
    while size > 11 and d.textlength(label, font=font(size, True)) > room:
        size -= 1
    _text(d, (x0 + 5, cy - 1), ellipsize(label, font(size, True), room), size, INK, True)


def _irrigation_vp(d: ImageDraw.ImageDraw, box: Box, vp: int, lang: str = "en") -> None:
    """The VP visible in the area, a share of V (the irrigation scoring's reward)."""
    d.rounded_rectangle(box, radius=11, fill=_IRR_VP if vp else _WHITE, outline=_IRR_VP_INK if vp else _SLOT_LINE,
                        width=2)
    _fitted(d, _centre(box), t(lang, "barrage_pic.word.area_vp", n=vp), box[2] - box[0] - 6, 14, True,
            _IRR_VP_INK if vp else MUTED)


def _irrigation_space(d: ImageDraw.ImageDraw, box: Box, occupant: int | None, red: bool, lang: str = "en") -> None:
    """An irrigation action space: one engineer; the red-framed one also costs 3 credits."""
    fill = _WHITE if occupant is None else seat_colour(occupant)
    d.rounded_rectangle(box, radius=5, fill=fill, outline=_RED if red else INK, width=3 if red else 2)
    cx, cy = _centre(box)
    if occupant is not None:
        _fitted(d, (cx, cy), seat_name(lang, occupant), box[2] - box[0] - 6, 15, True, _ink_on(fill))
        return
    if red:
        d.ellipse((cx - 18, cy - 5, cx - 8, cy + 5), fill=INK)
        d.text((cx + 7, cy), "+3", font=font(15, True), fill=_RED, anchor="mm")
    else:
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=INK)


def _draw_map(view: View, lang: str) -> Image.Image:
    lay = _layout(view.get("map") or "base")
    img = Image.new("RGB", lay.size, BACKGROUND)
    d = Canvas(img)
    _draw_bands(img, d, lay, lang)
    _draw_zones(d, lay)
    _draw_river(d, lay, lang)
    _draw_pipes(d, lay, view)
    _draw_irrigation(d, lay, view, lang)  # over pipes that cross an area: its tiles stay readable
    _draw_badges(d, lay)
    _draw_headstreams(d, lay, view, lang)
    _draw_dams(d, lay, view, lang)
    _draw_conduits(d, lay, view)
    _draw_powerhouses(d, lay, view, lang)
    return img

