"""The parts of the map picture around the map: header, ranking, info line, legend and the summary line per
company (the header also tops the boards picture)."""

from __future__ import annotations

from PIL import ImageDraw

import i18n
import i18n.barrage as words
from i18n import t
from render._draw import INK, MUTED, PANEL, PHONE_TEXT, ellipsize, font, seat_colour
from render.barrage.layout import (
    _ACT_BAND,
    _BONUS,
    _EMPTY,
    _KIND,
    _NEUTRAL,
    _OBJECTIVE,
    _RED,
    _RIVER,
    _RIVER_ARROW,
    _STEP,
    _TITLE,
    _WATER,
    _WHITE,
    MARGIN,
    WIDTH,
    Colour,
    View,
    _ink_on,
    _officer_name,
    _ranking,
    _seat_name,
    _text,
)
from render.barrage.map import _arrow_head, _irrigation_space, _irrigation_stack, _irrigation_vp, _layout
from rules.barrage import data
from rules.base import Event

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
    return 188 if view.get("phase") == "over" else 128


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
    # Whose turn and what to do, large enough to read on a phone (the picture shown 400 px wide).
    d.rounded_rectangle((x, 64, WIDTH - MARGIN, 118), radius=8, fill=PANEL, outline=colour, width=5)
    _text(d, (x + 12, 91), ellipsize(text, font(PHONE_TEXT, True), WIDTH - 2 * MARGIN - 24), PHONE_TEXT, INK, True)
    if view.get("phase") == "over":
        _draw_ranking(d, view, 126, lang)


def _draw_ranking(d: ImageDraw.ImageDraw, view: View, y: int, lang: str) -> None:
    """Final ranking chips: place and seat, then the final score."""
    x = MARGIN
    ranking = _ranking(view)
    width = (WIDTH - 2 * MARGIN - 8 * (len(ranking) - 1)) / max(1, len(ranking))
    for rank, seat, score in ranking:
        colour = seat_colour(seat)
        ink = _ink_on(colour)
        d.rounded_rectangle((x, y, x + width, y + 52), radius=8, fill=colour, outline=INK, width=2)
        rank_line = t(lang, "barrage_pic.ranking.rank", rank=rank, seat=_seat_name(view, seat, lang))
        label = ellipsize(rank_line, font(19, True), width - 12)
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
    """The round's bonus tile and the objective, on one line above the map (the last move is in the band)."""
    bonus = view.get("bonus_tiles") or []
    rnd = view.get("round", 1)
    parts = []
    if 0 < rnd <= len(bonus):
        parts.append(t(lang, "barrage_pic.info.round_bonus", bonus=_bonus_text(bonus[rnd - 1], lang)))
    if view.get("objective"):
        parts.append(t(lang, "barrage_pic.info.objective", objective=_objective_text(view["objective"], lang)))
    line = t(lang, "barrage_pic.info.sep").join(parts)
    _text(d, (MARGIN, y + INFO_H / 2), ellipsize(line, font(19, True), WIDTH - 2 * MARGIN), 19, INK, True)


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
    _text(d, (MARGIN + 22, top), ellipsize(name, font(21, True), 250), 21, colour, True)
    extra = _officer_name(c["officer"], lang) if c.get("officer") else ""
    if c.get("out") and view.get("phase") == "actions":
        extra += t(lang, "barrage_pic.word.list_sep") + t(lang, "barrage_pic.word.passed")
    _text(d, (MARGIN + 22, low), ellipsize(extra, font(15), 250), 15, MUTED)
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


