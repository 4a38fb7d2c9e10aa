"""What both Barrage pictures share: sizes, colours, the dynamic word keys and the small text helpers."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw, ImageFont

import i18n
import i18n.barrage as words
from i18n import t
from i18n.seats import seat_name
from render._draw import INK, ellipsize, ellipsize_name, font
from rules.barrage import data

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


NAME_ROOM = 170
"""Widest a player's name is drawn beside its company (pixels at 20 px bold): longer names end in "…"."""


def _player(seat: int, lang: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """A seat's player by name, cut with "…" to ``room`` pixels of ``face`` (small pieces on the map)."""
    return ellipsize_name(seat_name(lang, seat), face, room)


def _seat_name(view: View, seat: int, lang: str = "en") -> str:
    """"Ann (USA)" (or "Ann" before the draft gave the seat a company), a long name cut short."""
    companies = view.get("companies") or []
    company = companies[seat].get("company", "") if seat < len(companies) else ""
    name = _player(seat, lang, font(20, True), NAME_ROOM)
    if company in data.COMPANIES:
        return t(lang, "barrage_pic.word.seat_company", name=name, company=words.company(lang, company))
    return name


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


def _fitted(d: ImageDraw.ImageDraw, xy: Point, text: str, width: float, size: int, bold: bool,
            fill: Colour = INK) -> None:
    """Centred text, a few sizes smaller when it is too wide, cut only below 11 px."""
    while size > 11 and d.textlength(text, font=font(size, bold)) > width:
        size -= 1
    d.text(xy, ellipsize(text, font(size, bold), width), font=font(size, bold), fill=fill, anchor="mm")
