"""The Ra board as a PNG: Ra track, auction track, centre disk, and each player's display in the
seed's five rows (sun and gods, pharaohs, Nile and floods, civilisations and gold, monuments).

A pure function of a view from ``rules.ra`` (``GAME.view(state, viewer)``): no storage, no
Discord. Tiles are drawn as small coloured shapes with short labels; nothing is external artwork.
The canvas is portrait 3:4 so phones show it whole in Discord's preview. Every word comes from the
``ra`` message catalogue in the language asked for (numbers and seat colours stay as they are).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import i18n
from i18n import t
from i18n.ra import event_line, player
from i18n.ra import tile as tile_name
from render._draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PHONE_TEXT,
    ellipsize,
    ellipsize_name,
    font,
    needs_cjk,
    new_canvas,
    seat_colour,
    stamps,
    to_png,
    wrap,
)

WIDTH = 960
MIN_HEIGHT = 1280
"""At least portrait 3:4; five players make the picture taller rather than the rows smaller."""
BOARD_H = 420
PANEL_MIN = 236
FOOTER = 36
MARGIN = 16
STATUS_WRAPPED = 25

Colour = tuple[int, int, int]

TILE_LABEL = i18n.dynamic("ra.tile_short.", "Ra tile ids (rules/ra/data/tiles.json): labels on the picture")

# Fill colour and shape per tile id (the label is TILE_LABEL + id). Shapes: "rect", "circle",
# "diamond", "disaster".
_STONE = (196, 170, 128)
_CIV = (150, 110, 190)
_TILE_LOOK: dict[str, tuple[Colour, str]] = {
    "ra": ((235, 120, 30), "circle"),
    "god": ((250, 205, 60), "diamond"),
    "pharaoh": ((70, 120, 200), "rect"),
    "nile": ((60, 170, 150), "rect"),
    "flood": ((40, 110, 220), "rect"),
    "gold": ((240, 190, 40), "rect"),
    "funeral": ((200, 60, 60), "disaster"),
    "drought": ((200, 60, 60), "disaster"),
    "unrest": ((200, 60, 60), "disaster"),
    "earthquake": ((200, 60, 60), "disaster"),
    "civ_art": (_CIV, "rect"),
    "civ_agriculture": (_CIV, "rect"),
    "civ_religion": (_CIV, "rect"),
    "civ_astronomy": (_CIV, "rect"),
    "civ_writing": (_CIV, "rect"),
    "mon_fortress": (_STONE, "rect"),
    "mon_obelisk": (_STONE, "rect"),
    "mon_palace": (_STONE, "rect"),
    "mon_pyramid": (_STONE, "rect"),
    "mon_sphinx": (_STONE, "rect"),
    "mon_statue": (_STONE, "rect"),
    "mon_step_pyramid": (_STONE, "rect"),
    "mon_temple": (_STONE, "rect"),
}
_ROWS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ra.picture.row_pharaohs", ("pharaoh", "funeral")),
    ("ra.picture.row_nile", ("nile", "flood", "drought")),
    ("ra.picture.row_civ", ("civ_art", "civ_agriculture", "civ_religion", "civ_astronomy", "civ_writing", "gold",
                            "unrest")),
    ("ra.picture.row_monuments", ("mon_fortress", "mon_obelisk", "mon_palace", "mon_pyramid", "mon_sphinx",
                                  "mon_statue", "mon_step_pyramid", "mon_temple", "earthquake")),
)
"""The display rows after suns and gods: the catalogue key of the row's label, and its tiles."""
_SUN_UP = (255, 200, 40)
_SUN_DOWN = (90, 80, 70)
_DARK = (60, 50, 40)
_LIGHT_INK = (250, 250, 250)
_ACT_BAND = (255, 238, 160)


def _label_ink(fill: Colour) -> Colour:
    return INK if sum(fill) > 450 else _LIGHT_INK


def _tile(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, tile: str, size: int = 18,
          lang: str = "en") -> None:
    fill, shape = _TILE_LOOK.get(tile, (MUTED, "rect"))
    label = t(lang, TILE_LABEL + tile) if tile in _TILE_LOOK else tile[:5]
    box = (x, y, x + w, y + h)
    if shape == "circle":
        d.ellipse(box, fill=fill, outline=INK, width=2)
    elif shape == "diamond":
        cx, cy = x + w / 2, y + h / 2
        d.polygon([(cx, y), (x + w, cy), (cx, y + h), (x, cy)], fill=fill, outline=INK)
    elif shape == "disaster":
        d.rounded_rectangle(box, radius=5, fill=fill, outline=(0, 0, 0), width=4)
    else:
        d.rounded_rectangle(box, radius=5, fill=fill, outline=_DARK, width=1)
    room = w - (14 if shape == "diamond" else 6)
    if needs_cjk(label):
        _squeezed(d, x + w / 2, y + h / 2, label, size, room, _label_ink(fill))
        return
    while size > 11 and d.textlength(label, font=font(size, True)) > room:
        size -= 1  # shrink the label rather than spill out of a narrowed tile
    d.text((x + w / 2, y + h / 2), label, font=font(size, True), fill=_label_ink(fill), anchor="mm")


SQUEEZE = 0.7
"""How far a Japanese tile label may be narrowed before it is made smaller."""


def _squeezed(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int, room: float,
              ink: Colour) -> None:
    """A Japanese label centred on (cx, cy) within ``room`` pixels: long katakana names
    (スフィンクス) would have to shrink below legibility, so, as Japanese print does (長体), the
    text is first narrowed (down to SQUEEZE of its width) and only then made smaller."""
    while size > 11 and d.textlength(text, font=font(size, True)) * SQUEEZE > room:
        size -= 1
    f = font(size, True)
    width = d.textlength(text, font=f)
    if width <= room:
        d.text((cx, cy), text, font=f, fill=ink, anchor="mm")
        return
    # Draw the text as a mask at its natural width, narrow the mask, stamp it in the ink colour.
    mask_w, mask_h = int(width) + 4, int(size * 1.5)
    mask = Image.new("L", (mask_w, mask_h), 0)
    ImageDraw.Draw(mask).text((mask_w / 2, mask_h / 2), text, font=f, fill=255, anchor="mm")
    narrow = max(1, int(room))
    mask = mask.resize((narrow, mask_h), Image.Resampling.LANCZOS)
    d.bitmap((round(cx - narrow / 2), round(cy - mask_h / 2)), mask, fill=ink)


def _disk(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, value: int, face_up: bool,
          size: int = 20) -> None:
    fill = _SUN_UP if face_up else _SUN_DOWN
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
    d.text((cx, cy), str(value), font=font(size, True), fill=INK if face_up else _LIGHT_INK, anchor="mm")


def _chips(d: ImageDraw.ImageDraw, x: int, y: int, items: list[tuple[str, int]], h: int, right: int,
           lang: str) -> int:
    """Tiles with their counts (``×n`` when more than one), narrowed to fit before ``right``;
    returns the x after the last one."""
    count_font = font(20, True)
    texts = [f"×{c}" if c > 1 else "" for _, c in items]
    extra = sum(int(d.textlength(t, font=count_font)) + 10 if t else 6 for t in texts)
    w = 80
    if items and x + len(items) * w + extra > right:
        w = max(40, (right - x - extra) // len(items))
    size = 20 if w >= 74 else 17 if w >= 62 else 14
    for (tile, _), text in zip(items, texts, strict=True):
        _tile(d, x, y, w, h, tile, size, lang)
        if text:
            d.text((x + w + 3, y + h / 2), text, font=count_font, fill=INK, anchor="lm")
            x += w + 10 + int(d.textlength(text, font=count_font))
        else:
            x += w + 6
    return x


# --------------------------------------------------------------------------- board


def status_text(view: dict[str, Any], lang: str) -> str:
    """Whose turn and what they must do (or who won), as the picture's header says it and the board
    message repeats it (cogs/ra.py)."""
    phase = view.get("phase")
    auction = view.get("auction")
    if view.get("result"):
        scores = view["result"]["scores"]
        ranks = view["result"]["ranks"]
        winners = [s for s, r in enumerate(ranks) if r == 1]
        names = t(lang, "ra.picture.winners_and").join(player(lang, s) for s in winners)
        return t(lang, "ra.status.over", winners=names, fame=scores[winners[0]])
    acting = view.get("to_act") or []
    who = player(lang, acting[0]) if acting else t(lang, "ra.picture.nobody")
    if phase == "auction" and auction:
        high = auction.get("high_bid")
        bid = (t(lang, "ra.status.high_bid", disk=high, bidder=player(lang, auction["high_bidder"])) if high
               else t(lang, "ra.status.no_bid"))
        key = {"drawn": "ra.status.auction_drawn", "invoked": "ra.status.auction_invoked",
               "full": "ra.status.auction_full"}[auction["reason"]]
        return t(lang, key, holder=player(lang, auction["ra_holder"]), bid=bid, player=who)
    if phase == "disaster":
        dis = view.get("disaster") or {}
        pending = [tile_name(lang, x) for x in dis.get("pending", [])]
        then = (t(lang, "ra.status.disaster_then", tiles=t(lang, "common.word.comma").join(pending[1:]))
                if len(pending) > 1 else "")
        first = pending[0] if pending else t(lang, "ra.status.a_disaster")
        return t(lang, "ra.status.disaster", count=dis.get("to_lose", 0), disaster=first, player=who, then=then)
    if phase == "gods":
        return t(lang, "ra.status.gods", player=who)
    return t(lang, "ra.status.play", player=who)


def _events(view: dict[str, Any], lang: str) -> list[str]:
    """The view's recent log lines in ``lang`` (as the engine wrote them when it gives no event_log)."""
    texts = view.get("events", [])
    log = view.get("event_log")
    if log is None or len(log) != len(texts):
        return list(texts)
    return [event_line(lang, e["kind"], e["data"], text) for e, text in zip(log, texts, strict=True)]


def _draw_board(d: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    x0 = MARGIN
    title = t(lang, "ra.picture.title")
    d.text((x0, 14), title, font=font(40, True), fill=(170, 90, 20))
    epoch = view.get("epoch", 1)
    ex = x0 + max(80, int(d.textlength(title, font=font(40, True))) + 16)  # a longer title pushes it right
    d.text((ex, 20), t(lang, "ra.picture.epoch", epoch=epoch), font=font(30, True), fill=INK)
    d.text((WIDTH - MARGIN, 24), t(lang, "ra.picture.bag", count=view.get("bag_count", 0)), font=font(24),
           fill=MUTED, anchor="ra")
    acting = view.get("to_act") or []
    status_fill = seat_colour(acting[0]) if acting and not view.get("result") else INK
    d.rounded_rectangle((x0, 58, WIDTH - MARGIN, 116), radius=8, fill=PANEL, outline=status_fill, width=4)
    # Whose turn and what to do, ~11 px tall or more once the picture is shown 400 px wide on a phone:
    # one line if it fits, else two a little smaller.
    status = status_text(view, lang)
    room = WIDTH - 2 * MARGIN - 24
    if d.textlength(status, font=font(PHONE_TEXT - 2, True)) <= room:
        d.text((x0 + 12, 87), status, font=font(PHONE_TEXT - 2, True), fill=INK, anchor="lm")
    else:
        for i, line in enumerate(wrap(status, font(STATUS_WRAPPED, True), room, 2)):
            d.text((x0 + 12, 73 + i * 29), line, font=font(STATUS_WRAPPED, True), fill=INK, anchor="lm")

    # Ra track: blocked spaces, Ra tiles placed, free spaces; ends at ra_track.ends_at tiles.
    ra = view.get("ra_track", {})
    spaces, blocked, count = ra.get("spaces", 10), ra.get("blocked", 0), ra.get("count", 0)
    y = 122
    d.text((x0, y + 26), t(lang, "ra.picture.ra_track", count=count, ends_at=ra.get("ends_at", spaces - blocked)),
           font=font(22, True), fill=INK, anchor="lm")
    sx, size, gap = 230, 62, 8
    for i in range(spaces):
        bx = sx + i * (size + gap)
        box = (bx, y, bx + size, y + 52)
        if i < blocked:
            d.rectangle(box, fill=(200, 195, 185), outline=MUTED)
            d.line((box[0], box[1], box[2], box[3]), fill=MUTED, width=2)
            d.line((box[0], box[3], box[2], box[1]), fill=MUTED, width=2)
        elif i - blocked < count:
            d.rectangle(box, fill=PANEL, outline=_DARK)
            _tile(d, bx + 6, y + 1, size - 12, 50, "ra", 18, lang)
        else:
            d.rectangle(box, fill=PANEL, outline=_DARK)

    # Auction track (8 spaces) and the centre disk.
    y = 196
    track = view.get("auction_track", [])
    n_spaces = view.get("auction_spaces", 8)
    d.text((x0, y + 34), t(lang, "ra.picture.auction_track", count=len(track), spaces=n_spaces),
           font=font(22, True), fill=INK, anchor="lm")
    sx, size, gap = 200, 78, 6
    for i in range(n_spaces):
        bx = sx + i * (size + gap)
        d.rectangle((bx, y, bx + size, y + 68), fill=PANEL, outline=_DARK)
        if i < len(track):
            _tile(d, bx + 4, y + 6, size - 8, 56, track[i], 19, lang)
    cx = sx + n_spaces * (size + gap) + 40
    _disk(d, cx, y + 34, 34, view.get("center_disk", 0), True, 28)
    d.text((cx, y + 82), t(lang, "ra.picture.centre"), font=font(18), fill=MUTED, anchor="mm")

    # Bids of the running auction, one chip per seat.
    y = 292
    auction = view.get("auction")
    if auction:
        d.text((x0, y + 18), t(lang, "ra.picture.bids"), font=font(22, True), fill=INK, anchor="lm")
        bx = 90
        bids = auction.get("bids", [])
        chip = (WIDTH - MARGIN - bx) / max(1, len(bids)) - 10  # the widest a chip may be: one row for all
        for seat, bid in enumerate(bids):
            text = "—" if bid is None else (t(lang, "ra.picture.bid_pass") if bid == 0 else str(bid))
            if seat == auction.get("bidder"):
                text = t(lang, "ra.picture.bid_waiting") if bid is None else text
            room = chip - 20 - d.textlength(t(lang, "ra.picture.bid_chip", name="", bid=text), font=font(22, True))
            name = ellipsize_name(player(lang, seat), font(22, True), max(room, 48))  # at least a letter or two
            label = t(lang, "ra.picture.bid_chip", name=name, bid=text)
            w = int(d.textlength(label, font=font(22, True))) + 20
            outline = HIGHLIGHT if seat == auction.get("bidder") else seat_colour(seat)
            d.rounded_rectangle((bx, y, bx + w, y + 36), radius=8, fill=PANEL, outline=outline, width=3)
            d.text((bx + w / 2, y + 18), label, font=font(22, True), fill=seat_colour(seat), anchor="mm")
            bx += w + 10
        y += 46
    # The latest public lines of the log, the newest (the last move) in type a phone reads.
    events = _events(view, lang)[-(2 if auction else 3) :]
    for i, line in enumerate(events):
        newest = i == len(events) - 1
        size = PHONE_TEXT - 2 if newest else 20
        face = font(size, newest)
        d.text((x0, y + size // 2 + 2), ellipsize(line, face, WIDTH - 2 * MARGIN), font=face,
               fill=INK if newest else MUTED, anchor="lm")
        y += size + 6


def _size_to_fit(d: ImageDraw.ImageDraw, text: str, width: int, size: int, smallest: int) -> int:
    """The largest bold size from ``size`` down to ``smallest`` at which ``text`` fits ``width``
    (Japanese lines run wider than English ones at the same size)."""
    while size > smallest and d.textlength(text, font=font(size, True)) > width:
        size -= 1
    return size



# --------------------------------------------------------------------------- players


def _player_frame(d: ImageDraw.ImageDraw, colour: Colour, acting: bool, top: int, height: int) -> None:
    box = (MARGIN, top, WIDTH - MARGIN, top + height - 8)
    d.rounded_rectangle(box, radius=10, fill=PANEL, outline=colour, width=5 if acting else 3)
    if acting:  # a pale yellow header band marks who must act, whatever the seat colour
        d.rounded_rectangle((MARGIN + 5, top + 5, WIDTH - MARGIN - 5, top + 40), radius=6, fill=_ACT_BAND)
    d.rectangle((MARGIN + 3, top + 3, MARGIN + 12, top + height - 11), fill=colour)


def _draw_player(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], p: dict[str, Any], top: int,
                 height: int, viewer_seat: int | None, lang: str) -> None:
    seat = p["seat"]
    colour = seat_colour(seat)
    acting = seat in (view.get("to_act") or [])
    # The empty panel looks the same whenever the seat is (or is not) to act: painted once, pasted after.
    stamps.paste(image, (MARGIN, top, WIDTH - MARGIN + 1, top + height - 7), ("ra.player", colour, acting),
                 lambda frame: _player_frame(frame, colour, acting, top, height))

    # Header: name, markers, fame.
    x = MARGIN + 24
    hy = top + 22
    name = player(lang, seat)
    if viewer_seat == seat:
        name = t(lang, "ra.picture.you", player=name)
    d.text((x, hy), name, font=font(26, True), fill=colour, anchor="lm")
    nx = x + int(d.textlength(name, font=font(26, True))) + 14
    auction = view.get("auction") or {}
    marks = []
    if acting:
        marks.append(t(lang, "ra.picture.to_act"))
    if auction and auction.get("ra_holder") == seat:
        marks.append(t(lang, "ra.picture.holds_ra"))
    if auction and auction.get("high_bidder") == seat:
        marks.append(t(lang, "ra.picture.high_bid", disk=auction.get("high_bid")))
    if marks:
        d.text((nx, hy), " · ".join(marks), font=font(20, True), fill=INK, anchor="lm")
    fame = p.get("fame")
    fame_text = t(lang, "ra.picture.fame", fame=fame) if fame is not None else t(lang, "ra.picture.fame_hidden")
    result = view.get("result")
    if result:
        fame_text = t(lang, "ra.picture.rank", rank=result["ranks"][seat], fame=fame_text)
    fx = WIDTH - MARGIN - 16
    d.text((fx, hy), fame_text, font=font(26, True), fill=INK, anchor="rm")
    scoring = view.get("last_scoring") or []
    last = scoring[seat] if seat < len(scoring) else None
    if last is not None:  # the change at the last epoch scoring, beside the total
        change = t(lang, "ra.picture.last_scoring", change=f"{last['total']:+d}")
        fx -= int(d.textlength(fame_text, font=font(26, True))) + 12
        d.text((fx, hy + 2), change, font=font(18), fill=MUTED, anchor="rm")

    # Five rows: suns and gods, then pharaohs, Nile, civilisations and gold, monuments.
    rows_top = top + 46
    row_h = max(36, min(46, (height - 56) // 5))
    tile_h = row_h - 6
    tiles: dict[str, int] = p.get("tiles", {})
    label_w = 126
    y = rows_top
    _row_label(d, x, y + row_h / 2, t(lang, "ra.picture.row_suns"), label_w - 6)
    cx = x + label_w
    r = tile_h / 2 + 2  # suns a little larger than tiles: two-digit numbers must stay legible
    for v in p.get("suns_up", []):
        _disk(d, cx + r, y + row_h / 2, r, v, True, 18 if r < 18 else 21)
        cx += int(2 * r) + 6
    for v in p.get("suns_down", []):
        _disk(d, cx + r, y + row_h / 2, r, v, False, 18 if r < 18 else 21)
        cx += int(2 * r) + 6
    if not p.get("suns_up") and not p.get("suns_down"):
        no_suns = t(lang, "ra.picture.no_suns")
        d.text((cx, y + row_h / 2), no_suns, font=font(18), fill=MUTED, anchor="lm")
        cx += max(80, int(d.textlength(no_suns, font=font(18))) + 10)
    cx += 10
    right = WIDTH - MARGIN - 12
    if tiles.get("god"):
        _chips(d, cx, y + 3, [("god", tiles["god"])], tile_h, right, lang)
    y += row_h
    for label, ids in _ROWS:
        _row_label(d, x, y + row_h / 2, t(lang, label), label_w - 6)
        cx = x + label_w
        items = [(tid, tiles[tid]) for tid in ids if tiles.get(tid)]
        if items:
            _chips(d, cx, y + 3, items, tile_h, right, lang)
        else:
            d.text((cx, y + row_h / 2), "—", font=font(18), fill=MUTED, anchor="lm")
        y += row_h


def _row_label(d: ImageDraw.ImageDraw, x: int, y: float, text: str, width: int) -> None:
    """A display row's name, shrunk to fit the label column (some translations are longer)."""
    size = _size_to_fit(d, text, width, 19, 14)
    d.text((x, y), text, font=font(size, True), fill=MUTED, anchor="lm")


def _draw_legend(d: ImageDraw.ImageDraw, y: int, lang: str) -> None:
    """A one-line key: face-up and face-down suns, disaster border."""
    x = MARGIN + 8
    _disk(d, x + 12, y + 14, 12, 7, True, 14)
    up = t(lang, "ra.picture.face_up")
    d.text((x + 30, y + 14), up, font=font(17), fill=MUTED, anchor="lm")
    x += max(120, 30 + int(d.textlength(up, font=font(17))) + 16)
    _disk(d, x + 12, y + 14, 12, 7, False, 14)
    down = t(lang, "ra.picture.face_down")
    d.text((x + 30, y + 14), down, font=font(17), fill=MUTED, anchor="lm")
    x += max(250, 30 + int(d.textlength(down, font=font(17))) + 16)
    _tile(d, x, y + 2, 58, 24, "unrest", 13, lang)
    d.text((x + 66, y + 14), t(lang, "ra.picture.disaster"), font=font(17), fill=MUTED, anchor="lm")


def render(view: dict[str, Any], *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """Draw ``view`` (from ``rules.ra`` ``GAME.view``) as PNG bytes, its words in ``lang``.

    ``viewer_seat`` marks that seat's panel "(you)" (use the view made for that seat, so hidden
    fame shows only their own total). ``scale`` resizes the picture (960 wide, at least 1280
    tall; 0.5 = half size).
    The same view always gives the same bytes.
    """
    players = view.get("seats", [])
    n = max(1, len(players))
    panel = max(PANEL_MIN, (MIN_HEIGHT - BOARD_H - FOOTER) // n)
    height = max(MIN_HEIGHT, BOARD_H + n * panel + FOOTER)
    image, d = new_canvas(WIDTH, height)
    _draw_board(d, view, lang)
    for i, p in enumerate(players):
        _draw_player(image, d, view, p, BOARD_H + i * panel, panel, viewer_seat, lang)
    _draw_legend(d, height - FOOTER + 2, lang)
    if scale != 1.0:
        size = (max(1, round(WIDTH * scale)), max(1, round(height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return to_png(image, "ra")


__all__ = ["MIN_HEIGHT", "WIDTH", "render", "status_text"]
