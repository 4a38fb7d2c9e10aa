"""The Barrage pictures, pure functions of a view from ``rules.barrage`` (``GAME.view(state, viewer)``).

``render(view)`` is the map: headstreams with their tiles and drops, the three areas, every basin with its
two dam sites (owner colour, height, water held), conduits (production value, destination zone, owner,
pipe to the powerhouse zone when built), powerhouse zones, the river with its flow arrows and exits, on
the Nile map the irrigation areas (each stack's top tile and size or the VP under it, the area's visible
VP, the two irrigation spaces), and under the map a compact summary line per company.
``render_boards(view)`` is the second picture: the energy track, round bonus tiles and objective, in Nile
games the irrigation panel (scoring tiles, V, each company's irrigation points and tiles), each company's
board (resources, pieces left, technology tiles, construction wheel, contracts), the contract office,
patent office, external works, private buildings, the action spaces in use, the draft and the latest log
lines.

The map geometry is the engine's map data (``rules/barrage/data/map_<name>.json``: BGA slot positions);
only the slot sizes are chosen here, and the Nile irrigation areas are drawn larger than the data's boxes.
Both pictures are portrait (phones show them whole) and drawn from shapes and the shipped font only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

import i18n
import i18n.barrage as words
from i18n import t
from render._draw import BACKGROUND, HIGHLIGHT, INK, MUTED, PANEL, font, new_canvas, seat_colour, to_png
from rules.barrage import data
from rules.base import Event

WIDTH = 1000
MARGIN = 16
MIN_RATIO = 4 / 3
"""Height / width at least this: never square or landscape."""

Colour = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
View = dict[str, Any]

# Slot sizes on the map (the data gives each slot's top-left corner only).
DAM_W, DAM_H = 84, 70
CONDUIT_W, CONDUIT_H = 48, 60
PH_W, PH_H = 78, 38
EXIT_ROOM = 44
"""Extra map height under the data's board for the exit arrows."""

_WHITE = (255, 255, 255)
_EMPTY = (250, 248, 242)
_SLOT_LINE = (150, 140, 125)
_RED = (200, 40, 40)
_NEUTRAL = (140, 140, 140)
_WATER = (40, 150, 240)
_RIVER = (120, 178, 228)
_RIVER_ARROW = (40, 105, 180)
_NILE = (30, 90, 185)
_BASIN = (214, 232, 244)
_PH_ZONE = (240, 228, 205)
_IRRIGATION = (205, 232, 190)
_BAND_INK = (110, 95, 80)
_ACT_BAND = (255, 238, 160)
_TITLE = (20, 95, 120)
_AREA_FILL = {"mountain": (226, 221, 212), "hill": (224, 234, 210), "plain": (240, 238, 212)}
_CONTRACT_FILL = {
    "starting": (235, 235, 235),
    "national": (200, 214, 236),
    "private_green": (190, 226, 180),
    "private_yellow": (246, 226, 140),
    "private_red": (242, 178, 168),
}
_TILE_FILL = {0: (232, 232, 232), 1: (204, 232, 200), 2: (198, 220, 244), 3: (226, 206, 240)}
# Families of words keyed by ids (declared so the catalogue test knows they are built at run time).
_TILE_KIND = i18n.dynamic("barrage_pic.tile_kind.", "technology tile kinds (L2_CONDUIT -> CONDUIT), short")
_KIND = i18n.dynamic("barrage_pic.kind.", "technology tile kinds as the status line names them")
_STRUCTURE = i18n.dynamic("barrage_pic.structure.", "structure types (rules.barrage.data.STRUCTURES), short")
_BONUS = i18n.dynamic("barrage_pic.bonus.", "round bonus tile ids: what they count")
_OBJECTIVE = i18n.dynamic("barrage_pic.objective.", "objective tile ids: what they count")
_REWARD = i18n.dynamic("barrage_pic.reward.", "reward keys, in the short form of contract and work chips")
_REWARD_ANY = i18n.dynamic("barrage_pic.reward_any.", "reward keys with a limit (≤n), when the data gives none")
_STEP = i18n.dynamic("barrage_pic.step.", "the engine's decision steps (task kinds)")
_BOARD = i18n.dynamic("barrage_pic.board.", "action-space boards (first part of a space id)")
_AREA = i18n.dynamic("barrage_pic.area.", "map areas, as the map's side bands name them")
_AREA_SHORT = i18n.dynamic("barrage_pic.area_short.", "map areas, abbreviated on reward chips")


# --------------------------------------------------------------------------- small helpers


def _ink_on(fill: Colour) -> Colour:
    """Dark text on light fills (orange, pink), white on dark ones."""
    return INK if 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > 140 else _WHITE


def _fade(colour: Colour, amount: float) -> Colour:
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount), round(b + (255 - b) * amount))


def _fit(d: ImageDraw.ImageDraw, text: str, width: float, size: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels."""
    f = font(size, bold)
    if d.textlength(text, font=f) <= width:
        return text
    while text and d.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text + "…"


def _text(d: ImageDraw.ImageDraw, xy: Point, text: str, size: int, fill: Colour = INK, bold: bool = False,
          anchor: str = "lm") -> float:
    """Draw ``text``; returns its width (to place the next piece after it)."""
    f = font(size, bold)
    d.text(xy, text, font=f, fill=fill, anchor=anchor)
    return d.textlength(text, font=f)


def _centre(box: Box) -> Point:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _union(boxes: list[Box], pad: float) -> Box:
    return (min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad,
            max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad)


def _seat_name(view: View, seat: int, lang: str = "en") -> str:
    """"P2 USA" (or "P2" before the draft gave the seat a company)."""
    companies = view.get("companies") or []
    company = companies[seat].get("company", "") if seat < len(companies) else ""
    if company in data.COMPANIES:
        return t(lang, "barrage_pic.word.seat_company", seat=seat + 1, company=words.company(lang, company))
    return t(lang, "barrage_pic.word.seat", seat=seat + 1)


def _officer_name(officer: str, lang: str = "en") -> str:
    return words.officer(lang, officer) if officer in data.OFFICERS else officer.replace("_", " ").title()


def _ranking(view: View) -> list[tuple[int, int, int]]:
    """(rank, seat, score) best first: the engine's places (``final_ranks``), ties broken as it does."""
    scores = view.get("final_scores") or []
    ranks = view.get("final_ranks") or []
    if len(ranks) != len(scores):
        return []
    return sorted(((ranks[s], s, scores[s]) for s in range(len(scores))), key=lambda r: (r[0], r[1]))


def _reward_text(reward: dict[str, Any], lang: str = "en") -> str:
    """A reward in a few characters: "2cr 1VP", "base(plain)"."""
    parts = []
    for key, value in reward.items():
        if not i18n.has(lang, _REWARD + key):  # a key the catalogue does not know yet: its words
            parts.append(key.replace("_", " "))
            continue
        template = i18n.catalogue("en")[_REWARD + key]
        number = "n" in i18n.fields_of(template)
        if isinstance(value, dict):  # e.g. build_base {"areas": ["plain"]}
            areas = value.get("areas")
            text = t(lang, _REWARD + key, n="") if number else t(lang, _REWARD + key)
            if areas:
                names = t(lang, "barrage_pic.word.area_sep").join(_area_short(a, lang) for a in areas)
                text += t(lang, "barrage_pic.word.reward_areas", areas=names)
            parts.append(text)
        elif number and (value is None or value is True) and i18n.has(lang, _REWARD_ANY + key):
            parts.append(t(lang, _REWARD_ANY + key))  # "contract any": no limit
        elif number:
            parts.append(t(lang, _REWARD + key, n=value))
        else:
            parts.append(t(lang, _REWARD + key))
    return " ".join(parts)


def _area_short(area: str, lang: str) -> str:
    return t(lang, _AREA_SHORT + area) if i18n.has(lang, _AREA_SHORT + area) else area[:5]


def _contract_reward(contract: dict[str, Any], lang: str = "en") -> str:
    if "reward" in contract:
        return _reward_text(contract["reward"], lang)
    return " / ".join(_reward_text(o, lang) for o in contract.get("reward_options", []))  # choose one


def _tile_label(tile: str, lang: str = "en") -> str:
    """"L2_CONDUIT" -> "Cond 2", "BASIC_BASE" -> "Base", "ANTON_SPECIAL" -> "Anton"."""
    if i18n.has(lang, _TILE_KIND + tile):
        return t(lang, _TILE_KIND + tile)
    level, _, kind = tile.partition("_")
    name = t(lang, _TILE_KIND + kind) if i18n.has(lang, _TILE_KIND + kind) else kind.title()[:6]
    return name if level == "BASIC" else t(lang, "barrage_pic.company.tile_level", kind=name, level=level[1:])


def _machinery(exc: int, mix: int, lang: str = "en") -> str:
    """Excavators and mixers in a few characters: "2E 1M"."""
    parts = (t(lang, "barrage_pic.company.exc", n=exc) if exc else "",
             t(lang, "barrage_pic.company.mix", n=mix) if mix else "")
    return " ".join(p for p in parts if p)


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
    label = t(lang, "barrage_pic.word.neutral") if owner < 0 else t(lang, "barrage_pic.word.seat", seat=owner + 1)
    d.text(((x0 + x1) / 2, y0 + 15), label, font=font(16, True), fill=_ink_on(fill), anchor="mm")
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
        d.text(_centre(box), "⚡" + t(lang, "barrage_pic.word.seat", seat=owner + 1), font=font(19, True),
               fill=_ink_on(fill), anchor="mm")


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
    _text(d, (x0 + 5, cy - 1), _fit(d, label, room, size, True), size, INK, True)


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
        d.text((cx, cy), t(lang, "barrage_pic.word.seat", seat=occupant + 1), font=font(15, True),
               fill=_ink_on(fill), anchor="mm")
        return
    if red:
        d.ellipse((cx - 18, cy - 5, cx - 8, cy + 5), fill=INK)
        d.text((cx + 7, cy), "+3", font=font(15, True), fill=_RED, anchor="mm")
    else:
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=INK)


def _draw_map(view: View, lang: str) -> Image.Image:
    lay = _layout(view.get("map") or "base")
    img = Image.new("RGB", lay.size, BACKGROUND)
    d = ImageDraw.Draw(img)
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


# --------------------------------------------------------------------------- header (both pictures)


def _status(view: View, lang: str = "en") -> tuple[str, Colour]:
    """The line under the title, and the colour of its frame (the acting seat's)."""
    if view.get("phase") == "over":
        ranking = _ranking(view)
        if not ranking:
            return t(lang, "barrage_pic.status.game_over"), INK
        winners = [_seat_name(view, s, lang) for r, s, _ in ranking if r == 1]
        text = t(lang, "barrage_pic.status.winner", winners=t(lang, "barrage_pic.status.winner_sep").join(winners),
                 vp=ranking[0][2])
        return text, INK
    seat = view.get("to_act")
    if seat is None:
        return t(lang, "barrage_pic.status.waiting"), INK
    step = view.get("step") or ""
    detail = view.get("step_detail") or {}
    what = _step_text(step, detail.get("space") or "", lang)
    if step in ("drop", "machine") and detail.get("amount"):
        what += t(lang, "barrage_pic.status.amount", n=detail["amount"])
    elif step == "construct" and detail.get("tile"):
        level, _, kind = detail["tile"].partition("_")
        name = t(lang, _KIND + kind) if i18n.has(lang, _KIND + kind) else kind.lower()
        what += t(lang, "barrage_pic.status.with_tile", kind=name)
        if level[1:].isdigit():
            what += t(lang, "barrage_pic.status.level", level=level[1:])
    elif step == "produce" and detail.get("space", "").startswith("turbine"):
        what += t(lang, "barrage_pic.status.bonus", bonus=f"{detail.get('amount', 0):+d}")
    elif step == "fulfil" and 0 < detail.get("amount", 0) < 999:
        what += t(lang, "barrage_pic.status.up_to", n=detail["amount"])
    return t(lang, "barrage_pic.status.acting", seat=_seat_name(view, seat, lang), what=what), seat_colour(seat)


def _step_text(step: str, structure: str, lang: str) -> str:
    """What the acting company is doing; ``structure`` names the free structure of an ``fbuild`` step."""
    if not i18n.has(lang, _STEP + step):
        return step.replace("_", " ")
    if "s" not in i18n.fields_of(i18n.catalogue("en")[_STEP + step]):
        return t(lang, _STEP + step)
    thing = words.structure(lang, structure) if structure else t(lang, "barrage_pic.word.structure")
    return t(lang, _STEP + step, s=thing)


def _header_height(view: View) -> int:
    return 182 if view.get("phase") == "over" else 122


_PHASES = {"draft": "barrage_pic.phase.draft", "actions": "barrage_pic.phase.actions", "over": "barrage_pic.phase.over"}


def _draw_header(d: ImageDraw.ImageDraw, view: View, subtitle: str, lang: str) -> None:
    x = MARGIN
    w = _text(d, (x, 30), t(lang, "barrage_pic.header.title"), 40, _TITLE, True)
    rnd = view.get("round", 1)
    phase_key = _PHASES.get(view.get("phase", ""))
    phase = t(lang, phase_key) if phase_key else ""
    _text(d, (x + w + 18, 32), t(lang, "barrage_pic.header.round", round=rnd, rounds=data.ROUNDS, phase=phase), 26,
          INK, True)
    options = view.get("options", {})
    extras = [t(lang, "barrage_pic.header.nile_map" if view.get("map") == "nile" else "barrage_pic.header.base_map")]
    if options.get("leeghwater") == "yes":
        extras.append(t(lang, "barrage_pic.header.leeghwater"))
    if options.get("intro") == "yes":
        extras.append(t(lang, "barrage_pic.header.intro"))
    _text(d, (WIDTH - MARGIN, 22), subtitle, 18, MUTED, True, "rm")
    _text(d, (WIDTH - MARGIN, 46), t(lang, "barrage_pic.word.list_sep").join(extras), 16, MUTED, False, "rm")
    text, colour = _status(view, lang)
    d.rounded_rectangle((x, 66, WIDTH - MARGIN, 110), radius=8, fill=PANEL, outline=colour, width=4)
    _text(d, (x + 12, 88), _fit(d, text, WIDTH - 2 * MARGIN - 24, 23, True), 23, INK, True)
    if view.get("phase") == "over":
        _draw_ranking(d, view, 120, lang)


def _draw_ranking(d: ImageDraw.ImageDraw, view: View, y: int, lang: str) -> None:
    """Final ranking chips: place and seat, then the final score."""
    x = MARGIN
    ranking = _ranking(view)
    width = (WIDTH - 2 * MARGIN - 8 * (len(ranking) - 1)) / max(1, len(ranking))
    for rank, seat, score in ranking:
        colour = seat_colour(seat)
        ink = _ink_on(colour)
        d.rounded_rectangle((x, y, x + width, y + 52), radius=8, fill=colour, outline=INK, width=2)
        label = _fit(d, t(lang, "barrage_pic.ranking.rank", rank=rank, seat=_seat_name(view, seat, lang)), width - 12,
                     19, True)
        d.text((x + width / 2, y + 15), label, font=font(19, True), fill=ink, anchor="mm")
        d.text((x + width / 2, y + 38), t(lang, "barrage_pic.word.vp", n=score), font=font(19, True), fill=ink,
               anchor="mm")
        x += width + 8


# --------------------------------------------------------------------------- picture 1: map + summary

SUMMARY_ROW = 58
LEGEND_H = 64
IRR_LEGEND_H = 34
INFO_H = 34


def _summary_order(view: View) -> list[int]:
    if view.get("phase") == "over" and view.get("final_scores"):
        return [s for _, s, _ in _ranking(view)]
    order = list(view.get("turn_order") or [])
    return order + [s for s in range(len(view.get("companies", []))) if s not in order]


def _draw_info(d: ImageDraw.ImageDraw, view: View, y: int, lang: str) -> None:
    """The round's bonus tile and the objective, on one line above the map."""
    bonus = view.get("bonus_tiles") or []
    rnd = view.get("round", 1)
    parts = []
    if 0 < rnd <= len(bonus):
        parts.append(t(lang, "barrage_pic.info.round_bonus", bonus=_bonus_text(bonus[rnd - 1], lang)))
    if view.get("objective"):
        parts.append(t(lang, "barrage_pic.info.objective", objective=_objective_text(view["objective"], lang)))
    line = t(lang, "barrage_pic.info.sep").join(parts)
    _text(d, (MARGIN, y + INFO_H / 2), _fit(d, line, WIDTH - 2 * MARGIN, 19, True), 19, INK, True)
    last = _last_move(view, lang)
    if last:
        _text(d, (MARGIN, y + INFO_H * 1.5), _fit(d, last, WIDTH - 2 * MARGIN, 18), 18, INK)


def _last_move(view: View, lang: str) -> str:
    """"Last move: …", the latest line of the game log in the picture's language ("" before any)."""
    events = view.get("log_events") or []
    if not events:
        return ""
    e = events[-1]
    text = words.event_text(lang, Event(e.get("kind", ""), e.get("text", ""), data=e.get("data") or {}))
    return t(lang, "barrage_pic.info.last_move", text=text)


def _bonus_text(tile: str, lang: str = "en") -> str:
    rec = data.BONUS_TILES.get(tile, {})
    noun = t(lang, _BONUS + tile) if i18n.has(lang, _BONUS + tile) else tile.lower()
    return t(lang, "barrage_pic.info.bonus", vp=rec.get("vp_each", "?"), noun=noun)


def _objective_text(tile: str, lang: str = "en") -> str:
    if i18n.has(lang, _OBJECTIVE + tile):
        return t(lang, _OBJECTIVE + tile)
    return data.OBJECTIVES.get(tile, {}).get("counts", tile)[:40]


def _legend_height(view: View) -> int:
    """Two lines; a third on maps with irrigation areas."""
    return LEGEND_H + (IRR_LEGEND_H if _layout(view.get("map") or "base").map.irrigation else 0)


def _draw_legend(d: ImageDraw.ImageDraw, y: int, irrigation: bool = False, lang: str = "en") -> None:
    """What the map's marks mean, drawn with the same marks."""
    x = MARGIN
    cy = y + 16
    d.rounded_rectangle((x, cy - 13, x + 52, cy + 13), radius=5, fill=_NEUTRAL, outline=INK)
    for i in range(2):  # a dam of height 2 holding one drop, as on the map
        rx = x + 14 + i * 24
        d.ellipse((rx - 9, cy - 9, rx + 9, cy + 9), fill=_WATER if i == 0 else _NEUTRAL, outline=_WHITE, width=3)
    x += 58 + _text(d, (x + 58, cy), t(lang, "barrage_pic.legend.water"), 16, MUTED)
    d.rectangle((x + 14, cy - 9, x + 40, cy + 9), fill=_NEUTRAL, outline=INK)
    x += 46 + _text(d, (x + 46, cy), t(lang, "barrage_pic.legend.neutral_dam"), 16, MUTED)
    d.rectangle((x + 14, cy - 9, x + 40, cy + 9), fill=_EMPTY, outline=_RED, width=3)
    _text(d, (x + 46, cy), t(lang, "barrage_pic.legend.red_site"), 16, MUTED)
    cy += 30
    x = MARGIN
    x += _text(d, (x, cy), t(lang, "barrage_pic.legend.conduit"), 16, MUTED) + 24
    d.line((x, cy, x + 40, cy), fill=_RIVER, width=8)
    _arrow_head(d, (x, cy), (x + 40, cy), _RIVER_ARROW)
    _text(d, (x + 48, cy), t(lang, "barrage_pic.legend.river"), 16, MUTED)
    if irrigation:
        _irrigation_legend(d, cy + 30, lang)


def _irrigation_legend(d: ImageDraw.ImageDraw, cy: float, lang: str) -> None:
    """The irrigation marks: a stack (top tile, tiles left), an emptied stack, the area total, a red space."""
    x = MARGIN
    _irrigation_stack(d, (x, cy - 12, x + 84, cy + 12), {"top": "IRR_PLAIN_MACHINERY", "count": 2}, lang)
    x += 90 + _text(d, (x + 90, cy), t(lang, "barrage_pic.legend.top_tile"), 16, MUTED) + 14
    _irrigation_stack(d, (x, cy - 12, x + 46, cy + 12), {"count": 0, "vp": 1}, lang)
    x += 52 + _text(d, (x + 52, cy), t(lang, "barrage_pic.legend.empty_stack"), 16, MUTED) + 14
    _irrigation_vp(d, (x, cy - 12, x + 54, cy + 12), 3, lang)
    x += 60 + _text(d, (x + 60, cy), t(lang, "barrage_pic.legend.area_total"), 16, MUTED) + 14
    _irrigation_space(d, (x, cy - 12, x + 48, cy + 12), None, True, lang)
    _text(d, (x + 54, cy), t(lang, "barrage_pic.legend.red_space"), 16, MUTED)


def _draw_summary_row(d: ImageDraw.ImageDraw, view: View, seat: int, y: int, viewer: int | None,
                      lang: str = "en") -> None:
    c = view["companies"][seat]
    colour = seat_colour(seat)
    acting = view.get("to_act") == seat and view.get("phase") != "over"
    box = (MARGIN, y, WIDTH - MARGIN, y + SUMMARY_ROW - 6)
    d.rounded_rectangle(box, radius=8, fill=_ACT_BAND if acting else PANEL, outline=colour, width=3)
    d.rectangle((MARGIN + 3, y + 3, MARGIN + 12, y + SUMMARY_ROW - 9), fill=colour)
    top, low = y + 17, y + 39
    you = t(lang, "barrage_pic.word.you") if viewer == seat else ""
    name = ("▶ " if acting else "") + _seat_name(view, seat, lang) + you
    _text(d, (MARGIN + 22, top), _fit(d, name, 250, 21, True), 21, colour, True)
    extra = _officer_name(c["officer"], lang) if c.get("officer") else ""
    if c.get("out") and view.get("phase") == "actions":
        extra += t(lang, "barrage_pic.word.list_sep") + t(lang, "barrage_pic.word.passed")
    _text(d, (MARGIN + 22, low), _fit(d, extra, 250, 15), 15, MUTED)
    finals = view.get("final_scores")
    hand, done = len(c.get("contracts", [])), len(c.get("fulfilled", []))
    cols = [
        (292, str(finals[seat] if finals else c["vp"]),
         t(lang, "barrage_pic.summary.final_vp" if finals else "barrage_pic.summary.vp")),
        (382, str(c["energy"]), t(lang, "barrage_pic.summary.energy")),
        (472, str(c["credits"]), t(lang, "barrage_pic.summary.credits")),
        (562, str(c["engineers"] + c.get("architect", 0)), t(lang, "barrage_pic.summary.engineers")),
        (660, str(c["excavators"]), t(lang, "barrage_pic.summary.excavators")),
        (760, str(c["mixers"]), t(lang, "barrage_pic.summary.mixers")),
        (850, f"{done} / {hand}", t(lang, "barrage_pic.summary.done_hand")),
    ]
    for x, value, label in cols:
        _text(d, (x, top), value, 22, INK, True)
        _text(d, (x, low), label, 14, MUTED)


def render(view: View, *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """The map picture for ``view`` (``rules.barrage`` ``GAME.view``) as PNG bytes.

    Header (round, phase, who acts; the final ranking once the game is over), the round bonus and
    objective, the map, a legend, and one summary line per company. ``viewer_seat`` marks that seat
    "(you)"; ``scale`` resizes the picture; ``lang`` is the language of its words. The same view always
    gives the same bytes.
    """
    map_img = _draw_map(view, lang)
    seats = _summary_order(view)
    head = _header_height(view)
    map_top = head + INFO_H + (INFO_H if _last_move(view, lang) else 0)
    summary_top = map_top + map_img.height + _legend_height(view)
    height = max(math.ceil(WIDTH * MIN_RATIO), summary_top + len(seats) * SUMMARY_ROW + MARGIN)
    image, d = new_canvas(WIDTH, height)
    _draw_header(d, view, t(lang, "barrage_pic.header.map"), lang)
    _draw_info(d, view, head, lang)
    image.paste(map_img, ((WIDTH - map_img.width) // 2, map_top))
    _draw_legend(d, map_top + map_img.height + 4, _legend_height(view) > LEGEND_H, lang)
    for i, seat in enumerate(seats):
        _draw_summary_row(d, view, seat, summary_top + i * SUMMARY_ROW, viewer_seat, lang)
    return _finish(image, scale)


def _finish(image: Image.Image, scale: float) -> bytes:
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return to_png(image, "barrage")


# --------------------------------------------------------------------------- picture 2: boards

Section = tuple[int, Callable[[ImageDraw.ImageDraw, int], None]]
"""(height, draw(d, top)) of one part of the boards picture."""


def _section_title(d: ImageDraw.ImageDraw, y: int, title: str, note: str = "") -> None:
    w = _text(d, (MARGIN, y + 14), title, 22, _TITLE, True)
    if note:
        _text(d, (MARGIN + w + 12, y + 15), _fit(d, note, WIDTH - 2 * MARGIN - w - 12, 16), 16, MUTED)


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


def _fitted(d: ImageDraw.ImageDraw, xy: Point, text: str, width: float, size: int, bold: bool,
            fill: Colour = INK) -> None:
    """Centred text, a few sizes smaller when it is too wide, cut only below 11 px."""
    while size > 11 and d.textlength(text, font=font(size, bold)) > width:
        size -= 1
    d.text(xy, _fit(d, text, width, size, bold), font=font(size, bold), fill=fill, anchor="mm")


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
        bottom, outline = t(lang, "barrage_pic.irrigation.won_by", seat=winner + 1), INK
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
    _text(d, (MARGIN + 18, y + 14), _fit(d, _seat_name(view, seat, lang), 170, 17, True), 17, colour, True)
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
    _text(d, (MARGIN + 18, y + 32), _fit(d, t(lang, "barrage_pic.word.list_sep").join(notes), 176, 13), 13, MUTED)
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


PANEL_H = 316
"""Height of one company panel; two panels share a row."""


def _companies_section(view: View, viewer: int | None, lang: str) -> list[Section]:
    """The company boards, two side by side per row."""
    seats = [s for s in _summary_order(view) if view["companies"][s].get("company") or view.get("phase") != "draft"]
    half = (WIDTH - 2 * MARGIN - 12) / 2
    out: list[Section] = []
    for i in range(0, len(seats), 2):
        pair = seats[i:i + 2]

        def draw(d: ImageDraw.ImageDraw, y: int, pair: list[int] = pair) -> None:
            for k, seat in enumerate(pair):
                _company_panel(d, view, seat, MARGIN + k * (half + 12), y, half, viewer, lang)

        out.append((PANEL_H, draw))
    return out


def _company_panel(d: ImageDraw.ImageDraw, view: View, seat: int, x0: float, y: int, w: float,
                   viewer: int | None, lang: str = "en") -> None:
    c = view["companies"][seat]
    colour = seat_colour(seat)
    acting = view.get("to_act") == seat and view.get("phase") != "over"
    d.rounded_rectangle((x0, y, x0 + w, y + PANEL_H), radius=10, fill=PANEL, outline=colour, width=5 if acting else 3)
    if acting:
        d.rounded_rectangle((x0 + 5, y + 5, x0 + w - 5, y + 58), radius=6, fill=_ACT_BAND)
    d.rectangle((x0 + 3, y + 3, x0 + 11, y + PANEL_H - 3), fill=colour)
    x, right = x0 + 20, x0 + w - 12
    _company_title(d, view, c, seat, x, right, y + 20, viewer, lang)
    _company_stats(d, c, x, right, y + 76, lang)
    _company_pieces(d, c, colour, x, right, y + 128, lang)
    _company_tiles(d, c, x, right, y + 168, lang)
    _company_wheel(d, c, x, right, y + 202, lang)
    _company_contracts(d, c, x, right, y + 262, lang)


def _company_title(d: ImageDraw.ImageDraw, view: View, c: dict[str, Any], seat: int, x: float, right: float,
                   y: int, viewer: int | None, lang: str = "en") -> None:
    name = _seat_name(view, seat, lang) + (t(lang, "barrage_pic.word.you") if viewer == seat else "")
    finals = view.get("final_scores")
    vp = t(lang, "barrage_pic.company.vp_final", vp=finals[seat]) if finals else t(lang, "barrage_pic.word.vp",
                                                                                     n=c["vp"])
    vw = _text(d, (right, y), vp, 23, INK, True, "rm")
    _text(d, (x, y), _fit(d, name, right - x - vw - 10, 23, True), 23, seat_colour(seat), True)
    marks = [_officer_name(c["officer"], lang)] if c.get("officer") else []
    order = view.get("turn_order") or []
    if seat in order and view.get("phase") == "actions":
        marks.append(t(lang, "barrage_pic.company.turn", i=order.index(seat) + 1, n=len(order)))
    if c.get("out") and view.get("phase") == "actions":
        marks.append(t(lang, "barrage_pic.word.passed"))
    if view.get("to_act") == seat and view.get("phase") != "over":
        marks.insert(0, t(lang, "barrage_pic.company.to_act"))
    _text(d, (x, y + 26), _fit(d, t(lang, "barrage_pic.word.list_sep").join(marks), right - x - 110, 16), 16, INK)
    used = set(c.get("used_spaces", []))
    _text(d, (right - 104, y + 26), t(lang, "barrage_pic.company.board"), 13, MUTED, anchor="rm")
    for i in range(4):  # the company board's own construction spaces, filled when used this round
        sid = f"company-{i + 1}"
        sp = data.SPACES.get(sid, {})
        box = (right - 98 + i * 25, y + 16, right - 76 + i * 25, y + 37)
        d.rectangle(box, fill=seat_colour(c["seat"]) if sid in used else _WHITE,
                    outline=_RED if sp.get("extra_credits") else INK, width=2)
        d.text(_centre(box), str(sp.get("engineers", "")), font=font(13, True),
               fill=_ink_on(seat_colour(c["seat"])) if sid in used else INK, anchor="mm")


def _company_stats(d: ImageDraw.ImageDraw, c: dict[str, Any], x: float, right: float, y: int,
                   lang: str = "en") -> None:
    eng = f"{c['engineers']}" + (t(lang, "barrage_pic.company.architect") if c.get("architect") else "")
    works = len(c.get("external_works") or [])
    last = t(lang, "barrage_pic.company.last", n=c["last_energy"]) if c.get("last_energy") else ""
    lines = [
        [(t(lang, "barrage_pic.company.energy"), f"{c['energy']}" + last),
         (t(lang, "barrage_pic.company.credits"), str(c["credits"])),
         (t(lang, "barrage_pic.company.engineers"), eng)],
        [(t(lang, "barrage_pic.company.excavators"), str(c["excavators"])),
         (t(lang, "barrage_pic.company.mixers"), str(c["mixers"]))]
        + ([(t(lang, "barrage_pic.company.works"), str(works))] if works else []),
    ]
    for k, items in enumerate(lines):
        cx = x
        for label, value in items:
            cx += _text(d, (cx, y + k * 26), label + " ", 16, MUTED)
            cx += _text(d, (cx, y + k * 26), value, 20, INK, True) + 16


def _company_pieces(d: ImageDraw.ImageDraw, c: dict[str, Any], colour: Colour, x: float, right: float,
                    y: int, lang: str = "en") -> None:
    """Pieces still on the company board (filled) and already built (hollow): three kinds a line."""
    left, built = c.get("pieces_left", {}), c.get("built", {})
    for k, kind in enumerate(left):
        px, py = x + (k % 3) * 146, y + (k // 3) * 24
        label = t(lang, _STRUCTURE + kind) if i18n.has(lang, _STRUCTURE + kind) else kind
        px += _text(d, (px, py), label, 15, MUTED) + 5
        for i in range(left[kind] + built.get(kind, 0)):
            d.rectangle((px, py - 7, px + 12, py + 7), fill=colour if i < left[kind] else _WHITE, outline=INK)
            px += 15
    buildings = c.get("buildings") or []
    if buildings:
        bx = x + (len(left) % 3) * 146 + 6 if len(left) % 3 else x
        by = y + ((len(left) - 1) // 3) * 24 if len(left) % 3 else y + (len(left) // 3) * 24
        names = t(lang, "barrage.word.list_sep").join(words.building(lang, b) for b in buildings)
        _text(d, (bx, by), _fit(d, names, right - bx, 14), 14, INK)


def _company_tiles(d: ImageDraw.ImageDraw, c: dict[str, Any], x: float, right: float, y: int,
                   lang: str = "en") -> None:
    x += max(50, 6 + _text(d, (x, y + 14), t(lang, "barrage_pic.company.tiles"), 16, MUTED, True))
    tiles = c.get("tiles", [])
    w = min(72.0, (right - x) / max(1, len(tiles)) - 4)
    for tile in tiles:
        _tile_chip(d, x, y, w, tile, 28, lang)
        x += w + 4


def _company_wheel(d: ImageDraw.ImageDraw, c: dict[str, Any], x: float, right: float, y: int,
                   lang: str = "en") -> None:
    """Segments in the order they come back: 1 rotation away first, the open segment last."""
    wheel = c.get("wheel", [])
    label = _text(d, (x, y + 14), t(lang, "barrage_pic.company.wheel"), 16, MUTED, True)
    label = max(label, _text(d, (x, y + 36), t(lang, "barrage_pic.company.back_in"), 13, MUTED))
    x += max(62, label + 4)
    n = len(wheel)
    w = (right - x) / max(1, n) - 4
    for k in range(n):
        seg = wheel[(c.get("wheel_slot", 0) + 1 + k) % n]
        is_open = k == n - 1
        empty = not seg["tiles"] and not seg["excavators"] and not seg["mixers"]
        d.rounded_rectangle((x, y, x + w, y + 52), radius=6,
                            fill=(250, 240, 200) if is_open else (_EMPTY if empty else _WHITE),
                            outline=INK if is_open else _SLOT_LINE, width=2)
        d.text((x + 4, y + 10), t(lang, "barrage_pic.company.open") if is_open else str(k + 1), font=font(12, True),
               fill=MUTED, anchor="lm")
        d.text((x + w - 4, y + 10), _machinery(seg["excavators"], seg["mixers"], lang).replace(" ", ""),
               font=font(12, True), fill=INK, anchor="rm")
        tiles = seg["tiles"]
        tw = (w - 6 - 2 * (len(tiles) - 1)) / max(1, len(tiles))
        for i, tile in enumerate(tiles):
            _tile_chip(d, x + 3 + i * (tw + 2), y + 21, tw, tile, 27, lang)
        x += w + 4


def _company_contracts(d: ImageDraw.ImageDraw, c: dict[str, Any], x: float, right: float, y: int,
                       lang: str = "en") -> None:
    """Contracts in hand (energy needed, reward), then the fulfilled ones (face down: energy only)."""
    done = c.get("fulfilled", [])
    label = _text(d, (x, y + 12), t(lang, "barrage_pic.company.hand"), 16, MUTED, True)
    _text(d, (x, y + 32), t(lang, "barrage_pic.company.done", n=len(done)), 13, MUTED)
    x += max(56, label + 6)
    hand = c.get("contracts", [])
    w = min(112.0, (right - x - 40 * min(len(done), 2)) / max(1, len(hand)) - 4)
    for cid in hand:
        _contract_chip(d, x, y - 2, w, cid, 44, lang)
        x += w + 4
    for cid in done:
        if x + 38 > right:
            break
        rec = data.CONTRACTS.get(cid, {})
        fill = _fade(_CONTRACT_FILL.get(rec.get("type", ""), _WHITE), 0.3)
        _chip(d, (x + 2, y + 4, x + 38, y + 34), fill, f"{rec.get('energy_required', '')}✔", size=13,
              outline=_SLOT_LINE)
        x += 40


def _offer_section(view: View, lang: str) -> Section:
    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.offer.title"), t(lang, "barrage_pic.offer.note"))
        x = MARGIN
        _text(d, (x, y + 58), _fit(d, t(lang, "barrage_pic.offer.national"), 90, 17, True), 17, MUTED, True)
        x += 96
        for cid in view.get("national_contracts", []):
            _contract_chip(d, x, y + 35, 140, cid, lang=lang)
            x += 146
        piles = view.get("private_piles", [])
        x = MARGIN
        for i, (colour, cards) in enumerate(zip(data.PRIVATE_COLOURS, view.get("private_contracts", []),
                                               strict=False)):
            gx = x + i * 322
            for j, cid in enumerate(cards[:2]):
                _contract_chip(d, gx + j * 128, y + 90, 122, cid, lang=lang)
            pile = piles[i] if i < len(piles) else 0
            fill = _CONTRACT_FILL[colour]
            d.rounded_rectangle((gx + 258, y + 92, gx + 310, y + 134), radius=6, fill=_fade(fill, 0.2),
                                outline=_SLOT_LINE)
            d.text((gx + 284, y + 104), t(lang, "barrage_pic.offer.pile"), font=font(13), fill=MUTED, anchor="mm")
            d.text((gx + 284, y + 123), str(pile), font=font(17, True), fill=INK, anchor="mm")

    return 146, draw


def _patent_section(view: View, lang: str) -> Section:
    patent = view.get("patent_office") or []
    works = view.get("external_works") or []

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        x = MARGIN
        if patent:
            _text(d, (x, y + 14), t(lang, "barrage_pic.patent.title"), 20, _TITLE, True)
            _text(d, (x, y + 38), t(lang, "barrage_pic.patent.deck", n=view.get("patent_deck", 0)), 15, MUTED)
            x += 148
            for tile in patent:
                if tile:
                    _tile_chip(d, x, y + 8, 88, tile, 34, lang)
                else:
                    d.rounded_rectangle((x, y + 8, x + 88, y + 42), radius=6, outline=_SLOT_LINE)
                x += 94
            x += 14
        if works or view.get("options", {}).get("leeghwater") == "yes":
            _text(d, (x, y + 14), t(lang, "barrage_pic.patent.works"), 20, _TITLE, True)
            _text(d, (x, y + 38), t(lang, "barrage_pic.patent.deck", n=view.get("external_work_deck", 0)), 15, MUTED)
            x += 122
            w = min(150.0, (WIDTH - MARGIN - x) / max(1, len(works)) - 6)
            for wid in works:
                rec = data.EXTERNAL_WORKS.get(wid)
                if rec is None:  # taken this round
                    d.rounded_rectangle((x, y + 2, x + w, y + 48), radius=6, outline=_SLOT_LINE)
                    d.text((x + w / 2, y + 25), t(lang, "barrage_pic.patent.taken"), font=font(15), fill=MUTED,
                           anchor="mm")
                else:
                    cost = rec.get("machinery_cost", {})
                    _chip(d, (x, y + 2, x + w, y + 48), (236, 226, 246),
                          t(lang, "barrage_pic.patent.pay",
                            cost=_machinery(cost.get("excavator", 0), cost.get("mixer", 0), lang)),
                          _reward_text(rec.get("reward", {}), lang))
                x += w + 6

    return (58, draw) if patent or works else (0, draw)


def _buildings_section(view: View, lang: str) -> Section:
    buildings = view.get("buildings") or {}
    used = view.get("occupied_spaces", {})
    players = view.get("players", 0)
    row = 40

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.buildings.title"), t(lang, "barrage_pic.buildings.note"))
        y += 32
        for bid, owners in buildings.items():
            rec = data.BUILDINGS.get(bid, {})
            cost = rec.get("construction_cost", {})
            _text(d, (MARGIN, y + 17), _fit(d, words.building(lang, bid), 200, 17, True), 17, INK, True)
            costs = t(lang, "barrage_pic.buildings.cost",
                      cost=_machinery(cost.get("excavator", 0), cost.get("mixer", 0), lang),
                      vp=rec.get("vp_end_of_game", 0))
            _text(d, (MARGIN + 200, y + 17), _fit(d, costs, 126, 15), 15, MUTED)
            x = MARGIN + 330
            for i, owner in enumerate(owners):
                slot = data.BUILDING_SLOTS[i] if i < len(data.BUILDING_SLOTS) else {}
                _space_box(d, (x, y + 4, x + 54, y + 32), owner if owner >= 0 else None,
                           "+3" if slot.get("extra_credits") else "", players in slot.get("player_counts", [players]))
                x += 60
            x += 40
            for i, sp in enumerate(rec.get("engineer_spaces", [])):
                label = t(lang, "barrage_pic.buildings.engineers", n=sp["engineers"]) + (
                    "+3" if sp.get("extra_credits") else "")
                _space_box(d, (x, y + 4, x + 50, y + 32), used.get(f"{bid}-s{i}"), label, True)
                x += 56
            y += row

    return (32 + row * len(buildings) + 8, draw) if buildings else (0, draw)


def _space_box(d: ImageDraw.ImageDraw, box: Box, occupant: int | None, label: str, open_: bool) -> None:
    """An action or construction space: the occupant's colour, or empty; crossed out when unused."""
    fill = seat_colour(occupant) if occupant is not None else (_WHITE if open_ else (214, 210, 200))
    red = label.endswith("+3")
    d.rounded_rectangle(box, radius=5, fill=fill, outline=_RED if red else INK, width=2)
    if not open_:
        d.line((box[0] + 4, box[3] - 4, box[2] - 4, box[1] + 4), fill=_SLOT_LINE, width=2)
    elif label:
        ink = _ink_on(fill) if occupant is not None else INK
        d.text(_centre(box), label, font=font(14, True), fill=ink, anchor="mm")


def _space_label(sid: str, lang: str = "en") -> str:
    """A few characters for an action space: the produce bonus, drops, rotations, machinery, …"""
    act = data.SPACES.get(sid, {}).get("action", {})
    pay = t(lang, "barrage_pic.space.pay", n=act["pay_credits"]) if act.get("pay_credits") else ""
    if "produce" in act:
        return f"{act['produce']['bonus']:+d}"
    if "place_drop" in act:
        return t(lang, "barrage_pic.space.place_drop", n=act["place_drop"])
    if "flow_drop" in act:
        return t(lang, "barrage_pic.space.flow_drop", n=act["flow_drop"])
    if "rotate_wheel" in act:
        return t(lang, "barrage_pic.space.rotate", n=act["rotate_wheel"], pay=pay)
    if "any_machine" in act:
        return t(lang, "barrage_pic.space.any", pay=pay)
    if "excavator" in act:
        return t(lang, "barrage_pic.space.exc_mix" if "mixer" in act else "barrage_pic.space.exc", pay=pay)
    if "take_contracts" in act:
        return t(lang, "barrage_pic.space.take", n=act["take_contracts"])
    if "take_patent_tile" in act:
        return t(lang, "barrage_pic.space.tile", n=act["take_patent_tile"])
    if "fulfill_external_work" in act:
        return t(lang, "barrage_pic.space.work", n=act["fulfill_external_work"])
    if "credit_per_engineer" in act:
        return t(lang, "barrage_pic.space.bank")
    return sid.rsplit("-", 1)[-1]


def _spaces_section(view: View, lang: str) -> Section:
    groups: dict[str, list[dict[str, Any]]] = {}
    for sp in view.get("action_spaces", []):
        if sp.get("building"):
            continue  # drawn on their building, in the private buildings section
        board = sp["id"].split("-")[0]
        groups.setdefault("irrigation" if board.startswith("irrigation") else board, []).append(sp)
    rows = _space_rows(groups, lang)
    row_h = 56

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.spaces.title"), t(lang, "barrage_pic.spaces.note"))
        y += 34
        for name, spaces in rows:
            size = 17
            while size > 12 and d.textlength(name, font=font(size, True)) > 112:
                size -= 1
            _text(d, (MARGIN, y + 22), _fit(d, name, 112, size, True), size, INK, True)
            x = MARGIN + 112
            w = min(90.0, (WIDTH - MARGIN - x) / max(1, len(spaces)) - 6)
            for sp in spaces:
                _action_box(d, (x, y, x + w, y + 46), sp, lang, view.get("bank"))
                x += w + 6
            y += row_h

    return 34 + row_h * len(rows) + 6, draw


def _space_rows(groups: dict[str, list[dict[str, Any]]],
                lang: str = "en") -> list[tuple[str, list[dict[str, Any]]]]:
    """One row per board; the bank joins the water row, and a board of more than 9 spaces splits."""
    rows: list[tuple[str, list[dict[str, Any]]]] = []
    last = ""
    for board, spaces in groups.items():
        name = t(lang, _BOARD + board) if i18n.has(lang, _BOARD + board) else board.replace("_", " ").title()
        if board == "bank" and rows and last == "water":
            rows[-1] = (t(lang, "barrage_pic.space.water_bank"), rows[-1][1] + spaces)
            continue
        last = board
        for i in range(0, len(spaces), 9 if len(spaces) > 10 else 10):
            rows.append((name if i == 0 else "", spaces[i:i + (9 if len(spaces) > 10 else 10)]))
    return rows


def _bank_use(d: ImageDraw.ImageDraw, box: Box, bank: list[int], ink: Colour, lang: str) -> None:
    """The bank takes any number from everyone: each seat's engineers there, in its colour."""
    placed = [(s, n) for s, n in enumerate(bank) if n]
    cx = (box[0] + box[2]) / 2
    if not placed:
        d.text((cx, box[3] - 12), t(lang, "barrage_pic.word.any"), font=font(13), fill=ink, anchor="mm")
        return
    w = (box[2] - box[0] - 8) / len(placed)
    for i, (seat, n) in enumerate(placed):
        x = box[0] + 4 + i * w
        d.rounded_rectangle((x + 1, box[3] - 21, x + w - 1, box[3] - 4), radius=4, fill=seat_colour(seat))
        d.text((x + w / 2, box[3] - 12), str(n), font=font(13, True), fill=_ink_on(seat_colour(seat)), anchor="mm")


def _action_box(d: ImageDraw.ImageDraw, box: Box, sp: dict[str, Any], lang: str = "en",
                bank: list[int] | None = None) -> None:
    occupant = sp.get("occupied_by")
    fill = seat_colour(occupant) if occupant is not None else _WHITE
    d.rounded_rectangle(box, radius=6, fill=fill, outline=_RED if sp.get("extra_credits") else INK,
                        width=3 if sp.get("extra_credits") else 2)
    ink = _ink_on(fill) if occupant is not None else INK
    cx = (box[0] + box[2]) / 2
    label = _fit(d, _space_label(sp["id"], lang), box[2] - box[0] - 6, 16, True)
    d.text((cx, box[1] + 15), label, font=font(16, True), fill=ink, anchor="mm")
    need = sp.get("engineers")
    if need is None:
        _bank_use(d, box, bank or [], ink, lang)
        return
    for i in range(need):
        ex = cx + (i - (need - 1) / 2) * 14
        d.ellipse((ex - 5, box[3] - 17, ex + 5, box[3] - 7), fill=ink)


def _draft_section(view: View, lang: str) -> Section:
    draft = view.get("draft")
    if not draft:
        return 0, lambda d, y: None

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.draft.title"), t(lang, "barrage_pic.draft.note"))
        x = MARGIN
        for company, officer in draft.get("matchups", []):
            taken = not company
            label = words.company(lang, company) if company in data.COMPANIES else t(lang, "barrage_pic.draft.taken")
            _chip(d, (x, y + 34, x + 150, y + 80), (230, 230, 230) if taken else _WHITE, label,
                  _officer_name(officer, lang) if officer else "", outline=_SLOT_LINE if taken else INK)
            x += 156
        x = MARGIN
        for cid in draft.get("starting_contracts", []):
            _contract_chip(d, x, y + 88, 150, cid, lang=lang)
            x += 156

    return 142, draw


def _log_section(view: View, lang: str) -> Section:
    recent = (view.get("log_events") or [])[-6:]
    lines = [words.event_text(lang, Event(e["kind"], e["text"], data=e["data"])) for e in recent]

    def draw(d: ImageDraw.ImageDraw, y: int) -> None:
        _section_title(d, y, t(lang, "barrage_pic.log.title"))
        for i, line in enumerate(lines):
            _text(d, (MARGIN, y + 44 + i * 24), _fit(d, line, WIDTH - 2 * MARGIN, 17), 17, MUTED)

    return (36 + 24 * len(lines) + 8, draw) if lines else (0, draw)


def _board_sections(view: View, viewer: int | None, lang: str) -> list[Section]:
    sections = [_draft_section(view, lang), _energy_section(view, lang), _rounds_section(view, lang),
                _irrigation_section(view, lang)]
    sections += _companies_section(view, viewer, lang)
    sections += [_offer_section(view, lang), _patent_section(view, lang), _buildings_section(view, lang),
                 _spaces_section(view, lang), _log_section(view, lang)]
    return [s for s in sections if s[0] > 0]


def render_boards(view: View, *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """The second picture for ``view``: the energy track, round bonus tiles and objective, irrigation (Nile
    games: scoring tiles, V, every company's irrigation points and tiles), every company's
    board (resources, pieces left, tiles, wheel, contracts), the contract and patent offices, external works,
    private buildings, action spaces in use, the draft and the latest events. Same arguments as ``render``.
    """
    sections = _board_sections(view, viewer_seat, lang)
    head = _header_height(view)
    gap = 14
    height = head + sum(h + gap for h, _ in sections) + MARGIN
    height = max(height, math.ceil(WIDTH * MIN_RATIO))
    image, d = new_canvas(WIDTH, height)
    _draw_header(d, view, t(lang, "barrage_pic.header.boards"), lang)
    y = head
    for h, draw in sections:
        draw(d, y)
        y += h + gap
    return _finish(image, scale)


__all__ = ["WIDTH", "render", "render_boards"]

