"""Imperium board picture: a pure function of a view dict (rules.imperium view) -> PNG bytes.

Portrait layout (taller than 4:3 so phone previews do not crop it), top to bottom: the round
header, the score track 0-30 with pawns, the nine regions as a 3x3 grid of labelled panels (point
row, when each is resolved, every player's markers as discs plus a number), then one row per
player (score, supply, whether they have chosen, what they revealed last round). Everything is
drawn from shapes and the shipped font; it reads only the view, so it can never show more than
the viewer may see.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from i18n.seats import seat_name
from render._draw import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    ellipsize,
    font,
    new_canvas,
    seat_colour,
    stamps,
    to_png,
)

WIDTH = 900
MARGIN = 16
STATE_TEXT = 22
STATE_W = 144
"""A player's row: "choosing…" / "ready" in STATE_TEXT within STATE_W px, then their cards."""
GAP = 12
MIN_RATIO = 4 / 3
"""Height / width at least this (never square or wide)."""

LINE = (196, 186, 160)
FAINT = (222, 214, 194)
DONE = (232, 228, 218)
GOOD = (30, 140, 60)
REGION_INK = (120, 30, 30)
"""Roman red for region numbers."""

Colour = tuple[int, int, int]


def render(view: dict[str, Any], *, viewer_seat: int | None = None, scale: float = 1.0, lang: str = "en") -> bytes:
    """Draw the board for ``view`` and return PNG bytes.

    ``viewer_seat`` marks that seat's row as "you" (its pending choice is drawn only if the view
    itself carries it, i.e. it is that seat's own view). ``scale`` resizes the whole picture.
    ``lang`` is the language of every word on it (numbers and player names stay as they are).
    """
    board = _Board(view, viewer_seat, lang)
    image = board.draw()
    if scale != 1.0:
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.Resampling.LANCZOS)
    return to_png(image, "imperium")


def _blend(colour: Colour, amount: float, base: Colour = (255, 255, 255)) -> Colour:
    """``colour`` faded towards ``base`` by ``amount`` (0 = unchanged, 1 = base)."""
    r, g, b = (round(c + (t - c) * amount) for c, t in zip(colour, base, strict=True))
    return (r, g, b)



class _Board:
    def __init__(self, view: dict[str, Any], viewer_seat: int | None, lang: str = "en") -> None:
        self.view = view
        self.lang = lang
        self.players: list[dict[str, Any]] = list(view.get("players", []))
        self.n = len(self.players)
        self.viewer = viewer_seat if viewer_seat is not None else view.get("viewer")
        names = view.get("names")
        self.names = [
            str(names[s])
            if isinstance(names, list) and s < len(names)
            else seat_name(lang, s)
            for s in range(self.n)
        ]
        self.finished = bool(view.get("finished"))
        self.resolving = set(view.get("resolving", []))
        self.next_round: dict[int, int] = {}
        for entry in view.get("schedule", []):
            for region in entry["regions"]:
                self.next_round.setdefault(region, entry["round"])
        self.last_points = {r["region"]: r for r in view.get("last_resolution", [])}
        self.rows_height = 52 * max(self.n, 1) + 56
        self.pitch = 31
        """Vertical distance between two players' marker rows in a region panel."""

    # ------------------------------------------------------------------ layout

    @property
    def region_height(self) -> int:
        return 66 + self.pitch * max(self.n, 2)

    def draw(self) -> Image.Image:
        track_top = 104
        track_height = 148
        grid_top = track_top + track_height + GAP
        fixed = grid_top + 2 * GAP + GAP + self.rows_height + MARGIN
        height = max(fixed + 3 * self.region_height, round(WIDTH * MIN_RATIO) + 1)
        # Few players leave room: spend it on bigger marker rows first (easier to read on a phone).
        spare = height - fixed - 3 * self.region_height
        self.pitch = min(54, self.pitch + spare // (3 * max(self.n, 2)))
        grid_height = 3 * self.region_height + 2 * GAP
        rows_top = grid_top + grid_height + GAP
        image, draw = new_canvas(WIDTH, height)
        self.draw_header(draw)
        self.draw_track(image, draw, track_top, track_height)
        self.draw_regions(image, draw, grid_top)
        rows_height = self.rows_height
        spare = height - MARGIN - rows_top - rows_height
        if spare >= 110:
            self.draw_reminder(draw, rows_top + rows_height + GAP, height - MARGIN)
        else:
            rows_height += spare
        self.draw_players(draw, rows_top, rows_height)
        return image

    def draw_reminder(self, draw: ImageDraw.ImageDraw, top: float, bottom: float) -> None:
        """A short scoring reminder, drawn only where a small table leaves room for it."""
        draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, bottom), radius=10, fill=PANEL, outline=LINE, width=2)
        lang = self.lang
        lines = [
            t(lang, "imperium.board.rule_majority"),
            t(lang, "imperium.board.rule_ties"),
            t(lang, "imperium.board.rule_weakest"),
        ]
        draw.text((MARGIN + 14, top + 10), t(lang, "imperium.board.scoring"), font=font(20, True), fill=INK)
        y = top + 42
        for line in lines:
            if y + 22 > bottom:
                break
            line = ellipsize(line, font(17), WIDTH - 2 * MARGIN - 28)
            draw.text((MARGIN + 14, y), line, font=font(17), fill=MUTED)
            y += 26

    # ------------------------------------------------------------------ header

    def draw_header(self, draw: ImageDraw.ImageDraw) -> None:
        v = self.view
        lang = self.lang
        draw.text((MARGIN, 14), t(lang, "imperium.board.title"), font=font(40, True), fill=REGION_INK)
        race = v.get("variant") == "race30"
        sub = t(lang, "imperium.board.race") if race else t(lang, "imperium.board.standard")
        draw.text((MARGIN + 2, 62), sub, font=font(20), fill=MUTED)
        rnd = v.get("round", 1)
        last = v.get("last_round")
        if self.finished:
            title = t(lang, "imperium.board.game_over")
            detail = t(lang, "imperium.board.after_round", round=rnd)
        elif race or not last:
            title = t(lang, "imperium.board.round", round=rnd)
        else:
            title = t(lang, "imperium.board.round_of", round=rnd, last=last)
        if not self.finished:
            regions = sorted(self.resolving)
            listed = t(lang, "imperium.board.regions_sep").join(str(r) for r in regions)
            detail = t(lang, "imperium.board.resolving", count=len(regions), regions=listed)
        right = WIDTH - MARGIN
        draw.text((right, 14), title, font=font(36, True), fill=INK, anchor="ra")
        w = draw.textlength(detail, font=font(22, True))
        box = (right - w - 20, 58, right, 90)
        draw.rounded_rectangle(box, radius=8, fill=HIGHLIGHT if not self.finished else FAINT)
        draw.text((right - 10, 74), detail, font=font(22, True), fill=INK, anchor="rm")

    # ------------------------------------------------------------------ score track

    def draw_track(self, image: Image.Image, draw: ImageDraw.ImageDraw, top: int, height: int) -> None:
        track_max = int(self.view.get("track_max", 30))
        per_row = (track_max + 2) // 2  # 0..15 on the first row, 16..30 on the second
        inner_w = WIDTH - 2 * MARGIN - 16
        cell_w = inner_w / per_row
        cell_h = (height - 20) / 2
        target = self.view.get("target")

        def frame(draw: ImageDraw.ImageDraw) -> None:
            draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + height), radius=10, fill=PANEL,
                                   outline=LINE, width=2)
            for value in range(track_max + 1):
                row, col = divmod(value, per_row)
                x0 = MARGIN + 8 + col * cell_w
                y0 = top + 8 + row * (cell_h + 4)
                cell = (x0 + 2, y0, x0 + cell_w - 2, y0 + cell_h)
                fill = (255, 255, 255)
                if target is not None and value == target:
                    fill = HIGHLIGHT
                elif value % 5 == 0:
                    fill = (245, 238, 220)
                draw.rounded_rectangle(cell, radius=5, fill=fill, outline=FAINT, width=1)
                label = f"{value}+" if value == track_max else str(value)
                draw.text((x0 + 6, y0 + 3), label, font=font(14, True), fill=MUTED)

        # The numbered track is the same all game (the target too): painted once, pasted after.
        stamps.paste(image, (MARGIN, top, WIDTH - MARGIN + 1, top + height + 1), ("imperium.track", track_max, target),
                     frame)
        pawns: dict[int, list[int]] = {}
        for p in self.players:
            # Scores past the printed track stay on its last space; the rows below give the number.
            pawns.setdefault(min(int(p["score"]), track_max), []).append(p["seat"])
        for value in range(track_max + 1):
            row, col = divmod(value, per_row)
            x0 = MARGIN + 8 + col * cell_w
            y0 = top + 8 + row * (cell_h + 4)
            seats = pawns.get(value, [])
            for i, seat in enumerate(seats):
                # up to 6 pawns in a 3 x 2 block under the number
                cx = x0 + 13 + (i % 3) * 13
                cy = y0 + 29 + (i // 3) * 13
                r = 7 if len(seats) > 1 else 10
                if len(seats) == 1:
                    cx, cy = x0 + cell_w / 2, y0 + 36
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=seat_colour(seat), outline=INK, width=1)

    # ------------------------------------------------------------------ regions

    def draw_regions(self, image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
        col_w = (WIDTH - 2 * MARGIN - 2 * GAP) / 3
        rows = {r["region"]: r["row"] for r in self.view.get("regions", [])}
        for index, region in enumerate(sorted(rows) or range(1, 10)):
            row, col = divmod(index, 3)
            x0 = MARGIN + col * (col_w + GAP)
            y0 = top + row * (self.region_height + GAP)
            self.draw_region(image, draw, (x0, y0, x0 + col_w, y0 + self.region_height), region, rows.get(region, []))

    def draw_region(
        self, image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], region: int,
        row: list[int],
    ) -> None:
        x0, y0, x1, y1 = box
        now = region in self.resolving and not self.finished
        upcoming = self.next_round.get(region)
        finished_region = not now and upcoming is None and self.view.get("variant") != "race30"
        # The panel (frame, number, point chips, when it is resolved) changes a few times a game:
        # painted once per look, pasted after; only the markers are drawn every time.
        around = (math.floor(x0) - 4, math.floor(y0) - 4, math.ceil(x1) + 5, math.ceil(y1) + 5)
        look = ("imperium.region", region, tuple(row), now, upcoming, finished_region, self.finished, self.lang)
        stamps.paste(image, around, look,
                     lambda d: self.draw_region_panel(d, box, region, row, now, upcoming, finished_region))
        self.draw_region_markers(draw, box, region, now)

    def draw_region_panel(
        self, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], region: int, row: list[int],
        now: bool, upcoming: int | None, finished_region: bool,
    ) -> None:
        x0, y0, x1, y1 = box
        fill = PANEL if not finished_region else DONE
        if now:
            draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=14, fill=HIGHLIGHT)
        draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK if now else LINE, width=3 if now else 2)
        # number disc
        cx, cy = x0 + 30, y0 + 30
        draw.ellipse((cx - 22, cy - 22, cx + 22, cy + 22), fill=REGION_INK)
        draw.text((cx, cy), str(region), font=font(30, True), fill=(255, 255, 255), anchor="mm")
        # point row: 1st, 2nd, ... values as chips
        px = x0 + 60
        for place, value in enumerate(row):
            chip = (px, y0 + 10, px + 30, y0 + 36)
            draw.rounded_rectangle(chip, radius=5, fill=(255, 255, 255), outline=LINE, width=1)
            draw.text(((chip[0] + chip[2]) / 2, y0 + 23), str(value), font=font(18, True), fill=INK, anchor="mm")
            if place == 0:
                first = t(self.lang, "imperium.board.first")
                draw.text(((chip[0] + chip[2]) / 2, y0 + 45), first, font=font(11), fill=MUTED, anchor="mm")
            px += 34
        # when it is resolved
        lang = self.lang
        if now:
            tag, tag_fill, tag_ink = t(lang, "imperium.board.now"), INK, HIGHLIGHT
        elif upcoming is not None:
            tag, tag_fill, tag_ink = t(lang, "imperium.board.upcoming", round=upcoming), (255, 255, 255), INK
        elif finished_region or self.finished:
            tag, tag_fill, tag_ink = t(lang, "imperium.board.done"), FAINT, MUTED
        else:
            tag, tag_fill, tag_ink = t(lang, "imperium.board.later"), (255, 255, 255), MUTED
        tw = draw.textlength(tag, font=font(17, True))
        draw.rounded_rectangle((x1 - tw - 20, y0 + 10, x1 - 8, y0 + 36), radius=6, fill=tag_fill, outline=LINE)
        draw.text((x1 - 14, y0 + 23), tag, font=font(17, True), fill=tag_ink, anchor="rm")

    def draw_region_markers(
        self, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], region: int, now: bool
    ) -> None:
        x0, y0, x1, _ = box
        # markers per player
        last = self.last_points.get(region)
        ry = y0 + 62
        for p in self.players:
            seat = p["seat"]
            count = int(p["markers"][region - 1])
            points = None
            ghost = False
            if last is not None and count == 0 and not now:
                # just resolved: the markers went home; show what they were and what they scored
                count = int(last["counts"][seat])
                points = int(last["points"][seat])
                ghost = True
            self.draw_marker_row(draw, x0 + 10, ry, x1 - 10, seat, count, points, ghost)
            ry += self.pitch

    def draw_marker_row(
        self,
        draw: ImageDraw.ImageDraw,
        x0: float,
        y: float,
        x1: float,
        seat: int,
        count: int,
        points: int | None,
        ghost: bool,
    ) -> None:
        colour = seat_colour(seat)
        if ghost:
            colour = _blend(colour, 0.55)
        grow = self.pitch - 31
        cy = y + 12 + grow / 2
        if count == 0:
            draw.line((x0 + 4, cy, x0 + 24, cy), fill=_blend(seat_colour(seat), 0.5), width=3)
            return
        ink = colour if not ghost else MUTED
        draw.text((x0 + 16, cy), str(count), font=font(24 + grow // 3, True), fill=ink, anchor="mm")
        right = x1 - (44 if points is not None else 0)
        left = x0 + 38 + grow // 3
        r = 9 + min(grow // 5, 3)
        step = min(2.3 * r, (right - left - 2 * r) / max(count - 1, 1))
        for i in range(count):
            cx = left + r + i * step
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=_blend(INK, 0.35 if not ghost else 0.7))
        if points is not None:
            draw.text((x1, cy), f"+{points}", font=font(20, True), fill=GOOD if points else MUTED, anchor="rm")

    # ------------------------------------------------------------------ players

    def draw_players(self, draw: ImageDraw.ImageDraw, top: int, height: int) -> None:
        box = (MARGIN, top, WIDTH - MARGIN, top + height)
        draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=LINE, width=2)
        result = self.view.get("result") if self.finished else None
        order = list(range(self.n))
        ranks: list[int] = []
        if result:
            ranks = list(result["ranks"])
            order.sort(key=lambda s: (ranks[s], s))
        lang = self.lang
        heading = t(lang, "imperium.board.final") if result else t(lang, "imperium.board.players")
        draw.text((MARGIN + 14, top + 12), heading, font=font(22, True), fill=INK)
        hint = t(lang, "imperium.board.last_cards") if self.view.get("last_reveal") else ""
        if not result:
            draw.text((WIDTH - MARGIN - 14, top + 14), hint, font=font(16), fill=MUTED, anchor="ra")
        reveal = {r["seat"]: r for r in self.view.get("last_reveal", [])}
        y = top + 46
        for seat in order:
            p = self.players[seat]
            row_box = (MARGIN + 8, y, WIDTH - MARGIN - 8, y + 46)
            winner = bool(result) and ranks[seat] == 1
            is_viewer = self.viewer == seat
            draw.rounded_rectangle(
                row_box,
                radius=8,
                fill=HIGHLIGHT if winner else ((255, 255, 255) if is_viewer else PANEL),
                outline=INK if is_viewer else FAINT,
                width=2,
            )
            cy = y + 23
            x = MARGIN + 20
            if result:
                draw.text((x + 10, cy), f"{ranks[seat]}.", font=font(22, True), fill=INK, anchor="mm")
                x += 30
            draw.ellipse((x, cy - 13, x + 26, cy + 13), fill=seat_colour(seat), outline=INK)
            name = self.names[seat]
            if is_viewer:
                # Keep room for the "(you)" mark, whose width depends on the language; the English one
                # (70 px) may run 5 px into the gap before the score, a wider one may not.
                mark = draw.textlength(t(lang, "imperium.board.you", name=""), font=font(21, True))
                name = t(lang, "imperium.board.you", name=ellipsize(name, font(21, True), 205 - max(65, mark - 5)))
            else:
                name = ellipsize(name, font(21, True), 205)
            draw.text((x + 36, cy), name, font=font(21, True), fill=INK, anchor="lm")
            draw.text((x + 300, cy), f"{p['score']}", font=font(26, True), fill=INK, anchor="rm")
            draw.text((x + 304, cy + 4), t(lang, "imperium.board.points"), font=font(14), fill=MUTED, anchor="lm")
            # supply: one small disc + the number left
            sx = x + 350
            draw.ellipse((sx, cy - 9, sx + 18, cy + 9), fill=seat_colour(seat), outline=INK)
            draw.text((sx + 24, cy), t(lang, "imperium.board.supply", supply=p["supply"]), font=font(17), fill=INK,
                      anchor="lm")
            # chosen? (a tick, never what) / last revealed cards / own pending choice
            cx = sx + 112
            if not self.finished:
                if p.get("has_chosen"):
                    self.draw_tick(draw, cx, cy)
                    ready = ellipsize(t(lang, "imperium.board.ready"), font(STATE_TEXT, True), STATE_W - 30)
                    draw.text((cx + 30, cy), ready, font=font(STATE_TEXT, True), fill=GOOD, anchor="lm")
                else:  # who still has to choose: large enough to read with the picture 400 px wide
                    choosing = ellipsize(t(lang, "imperium.board.choosing"), font(STATE_TEXT, True), STATE_W)
                    draw.text((cx, cy), choosing, font=font(STATE_TEXT, True), fill=MUTED, anchor="lm")
            mine = self.view.get("my_choice") if is_viewer else None
            if mine and not self.finished:
                label = t(lang, "imperium.board.your_pick")
                self.draw_cards(draw, cx + STATE_W + 8, cy, mine["picks"], mine["picks"], seat, label=label)
            elif seat in reveal:
                self.draw_cards(draw, cx + STATE_W + 8, cy, reveal[seat]["picks"], reveal[seat]["placed"], seat)
            y += 52

    @staticmethod
    def draw_tick(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        draw.ellipse((x, y - 12, x + 24, y + 12), fill=GOOD)
        draw.line((x + 6, y, x + 10, y + 6, x + 18, y - 6), fill=(255, 255, 255), width=3)

    @staticmethod
    def draw_cards(
        draw: ImageDraw.ImageDraw,
        x: float,
        y: float,
        picks: list[int],
        placed: list[int],
        seat: int,
        label: str = "",
    ) -> None:
        """Small region cards; a pick that got no marker (shortage) is drawn hollow and struck."""
        left = list(placed)
        colour = seat_colour(seat)
        for pick in picks:
            got = pick in left
            if got:
                left.remove(pick)
            card = (x, y - 16, x + 26, y + 16)
            if got:
                draw.rounded_rectangle(card, radius=4, fill=colour, outline=INK)
                draw.text((x + 13, y), str(pick), font=font(18, True), fill=(255, 255, 255), anchor="mm")
            else:
                draw.rounded_rectangle(card, radius=4, fill=BACKGROUND, outline=colour, width=2)
                draw.text((x + 13, y), str(pick), font=font(18, True), fill=colour, anchor="mm")
                draw.line((x + 3, y + 13, x + 23, y - 13), fill=INK, width=2)
            x += 30
        if label:
            draw.text((x + 4, y), label, font=font(15), fill=MUTED, anchor="lm")
