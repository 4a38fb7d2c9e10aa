"""The company boards and the shared boards of the second picture: companies, contract and patent offices,
external works, private buildings, action spaces, draft and log."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

import i18n
import i18n.barrage as words
from i18n import t
from render._draw import INK, MUTED, PANEL, ellipsize, font, seat_colour
from render.barrage.layout import (
    _ACT_BAND,
    _BOARD,
    _CONTRACT_FILL,
    _EMPTY,
    _RED,
    _SLOT_LINE,
    _STRUCTURE,
    _TITLE,
    _WHITE,
    MARGIN,
    WIDTH,
    Box,
    Colour,
    View,
    _centre,
    _fade,
    _ink_on,
    _machinery,
    _officer_name,
    _reward_text,
    _seat_name,
    _text,
)
from render.barrage.legend import _summary_order
from render.barrage.pieces import (
    Section,
    _chip,
    _contract_chip,
    _energy_section,
    _irrigation_section,
    _rounds_section,
    _section_title,
    _tile_chip,
)
from rules.barrage import data
from rules.base import Event

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
    _text(d, (x, y), ellipsize(name, font(23, True), right - x - vw - 10), 23, seat_colour(seat), True)
    marks = [_officer_name(c["officer"], lang)] if c.get("officer") else []
    order = view.get("turn_order") or []
    if seat in order and view.get("phase") == "actions":
        marks.append(t(lang, "barrage_pic.company.turn", i=order.index(seat) + 1, n=len(order)))
    if c.get("out") and view.get("phase") == "actions":
        marks.append(t(lang, "barrage_pic.word.passed"))
    if view.get("to_act") == seat and view.get("phase") != "over":
        marks.insert(0, t(lang, "barrage_pic.company.to_act"))
    cut = ellipsize(t(lang, "barrage_pic.word.list_sep").join(marks), font(16), right - x - 110)
    _text(d, (x, y + 26), cut, 16, INK)
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
        _text(d, (bx, by), ellipsize(names, font(14), right - bx), 14, INK)


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
        _text(d, (x, y + 58), ellipsize(t(lang, "barrage_pic.offer.national"), font(17, True), 90), 17, MUTED, True)
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
            _text(d, (MARGIN, y + 17), ellipsize(words.building(lang, bid), font(17, True), 200), 17, INK, True)
            costs = t(lang, "barrage_pic.buildings.cost",
                      cost=_machinery(cost.get("excavator", 0), cost.get("mixer", 0), lang),
                      vp=rec.get("vp_end_of_game", 0))
            _text(d, (MARGIN + 200, y + 17), ellipsize(costs, font(15), 126), 15, MUTED)
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
            _text(d, (MARGIN, y + 22), ellipsize(name, font(size, True), 112), size, INK, True)
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
    label = ellipsize(_space_label(sp["id"], lang), font(16, True), box[2] - box[0] - 6)
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
            _text(d, (MARGIN, y + 44 + i * 24), ellipsize(line, font(17), WIDTH - 2 * MARGIN), 17, MUTED)

    return (36 + 24 * len(lines) + 8, draw) if lines else (0, draw)


def _board_sections(view: View, viewer: int | None, lang: str) -> list[Section]:
    sections = [_draft_section(view, lang), _energy_section(view, lang), _rounds_section(view, lang),
                _irrigation_section(view, lang)]
    sections += _companies_section(view, viewer, lang)
    sections += [_offer_section(view, lang), _patent_section(view, lang), _buildings_section(view, lang),
                 _spaces_section(view, lang), _log_section(view, lang)]
    return [s for s in sections if s[0] > 0]

