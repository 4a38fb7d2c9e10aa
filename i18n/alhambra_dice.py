"""Alhambra: The Dice Game in words: events, moves, rule errors and the board's vocabulary.

The engine (rules/alhambra_dice) writes English and gives ids and numbers in ``Event.data`` and
``RulesError.fields``; everything here turns those into a language's words. English output equals
the engine's own sentences exactly (tests compare them over many random games).

The picture's "last moves" come from the view's ``last_events`` (kind, text, data) through
``event_text``. The labels of the acting seat's moves in ``view()["choices"]`` (cells named like
"B3") are rebuilt by ``choice_text`` from the move's code and the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import dynamic, seats, t
from i18n.text import FIELD_ERRORS
from rules.alhambra_dice.actions import (
    Build,
    CancelRoll,
    Claim,
    NameStart,
    Place,
    Push,
    Remove,
    Reroll,
    SetBlack,
    Swap,
    Take,
    TakeStart,
    TakeToReserve,
    decode,
)
from rules.alhambra_dice.data import (
    BUILDINGS,
    CELLS,
    CHIPS,
    EXTRA_TOWER,
    FOUNTAIN,
    NB,
    NCELLS,
    NTILES,
    START_CHIP,
    TILE_PRICES,
    TILE_TYPES,
    chip_label,
)
from rules.base import Event, RulesError

BUILDING = dynamic("alhambra_dice.building.", "building ids of rules/alhambra_dice/data/buildings.json")
BUILDING_SHORT = dynamic("alhambra_dice.building_short.", "building ids (the short name on a die)")
BUILDING_INITIAL = dynamic("alhambra_dice.building_initial.", "building ids (one letter on tiles and dice)")
CHIP = dynamic("alhambra_dice.chip.", "bonus-chip effects of data/bonus_chips.json, plus 'start'")
OPTION = dynamic("alhambra_dice.option.", "lobby options of rules.alhambra_dice.engine.INFO")

START = "start"
"""The chip-name id of the start-player chip (the other ids are the chips' effects)."""

_COLUMNS = {"L": "alhambra_dice.column.left", "M": "alhambra_dice.column.middle", "R": "alhambra_dice.column.right"}
"""Dice-area column (number of rolls) letter -> its name's key."""

"""What a malformed event or move can raise while being worded (the English text is shown then)."""


# ----------------------------------------------------------------------------- nouns


def title(lang: str) -> str:
    """The game's name (``GameInfo.title``) for the lobby and listings."""
    return t(lang, "alhambra_dice.title")


def seat_name(lang: str, seat: int, dummy: int = -1) -> str:
    """A seat by its player's name ("Player 2" without names), or the dummy."""
    if seat == dummy:
        return t(lang, "alhambra_dice.seat.dummy")
    return seats.seat_name(lang, seat)


def building_name(lang: str, building: int) -> str:
    if isinstance(building, int) and 0 <= building < NB:
        return t(lang, BUILDING + BUILDINGS[building])
    return t(lang, "alhambra_dice.word.building", number=building)


def building_short(lang: str, building: int) -> str:
    """The name on a die face and in the dice counts (English: four letters)."""
    return t(lang, BUILDING_SHORT + BUILDINGS[building])


def building_initial(lang: str, building: int) -> str:
    """One letter (one character) standing for the building on small tiles and in summaries."""
    return t(lang, BUILDING_INITIAL + BUILDINGS[building])


def column_name(lang: str, column: str) -> str:
    """The dice-area column L / M / R (first, second, third roll)."""
    return t(lang, _COLUMNS[column])


def cell_name(lang: str, index: int) -> str:
    """A dice-area cell ("5R"); "off" for a marker below the last cell."""
    if index >= NCELLS:
        return t(lang, "alhambra_dice.cell.off")
    if index < 0:
        return t(lang, "alhambra_dice.cell.unknown", index=index)
    count, column = CELLS[index]
    return t(lang, "alhambra_dice.cell.name", count=count, column=column_name(lang, column))


def chip_name(lang: str, chip: int) -> str:
    """A bonus chip ("+2", "Swap") or, for the start-player chip, "start-player"."""
    if chip == START_CHIP:
        return t(lang, CHIP + START)
    c = CHIPS[chip]
    return t(lang, CHIP + c.effect, value=c.value)


_CHIP_BY_LABEL: dict[str, int] = {chip_label(c): c for c in (*range(len(CHIPS)), START_CHIP)}
"""The engine's chip labels (view()["fields"]) -> a chip id with that label."""


def field_chip(label: str | None) -> int:
    """The chip id behind a bonus-field label of the view (None: an empty field, -1)."""
    return -1 if label is None else _CHIP_BY_LABEL[label]


def tile_name(lang: str, tile: int) -> str:
    """ "Garden 6" (building and printed price), the extra tower or the fountain."""
    if not isinstance(tile, int) or not -1 <= tile < NTILES:
        return t(lang, "alhambra_dice.tile.unknown", tile=tile)
    if tile == EXTRA_TOWER:
        return t(lang, "alhambra_dice.tile.extra_tower")
    if tile == FOUNTAIN:
        return t(lang, "alhambra_dice.tile.fountain")
    building = building_name(lang, TILE_TYPES[tile])
    return t(lang, "alhambra_dice.tile.building", building=building, price=TILE_PRICES[tile])


def _sep(lang: str) -> str:
    """The separator of a list in running text that has no "and" (", " / "、")."""
    return t(lang, "alhambra_dice.word.sep")


def _xy(x: int, y: int) -> str:
    return f"{x},{y}"


# ----------------------------------------------------------------------------- events


def _redesign_move(lang: str, how: str, tile: int | None, where: str) -> str:
    """A redesign (``how``: the action's tag build / swap / remove) at ``where`` (B3 or "x,y")."""
    if how == "remove" or tile is None:
        return t(lang, "alhambra_dice.action.remove", where=where)
    key = "alhambra_dice.action.build" if how == "build" else "alhambra_dice.action.swap"
    return t(lang, key, tile=tile_name(lang, tile), where=where)


def _phrase(lang: str, kind: str, d: Mapping[str, Any]) -> str | None:
    """The sentence of one event from its kind and data; None for an event this does not know."""
    dummy = d.get("dummy", -1)

    def name(seat: int) -> str:
        return seat_name(lang, seat, dummy)

    match kind:
        case "round":
            return t(lang, "alhambra_dice.event.round", round=d["round"], name=name(d["start"]))
        case "dummy":
            spots = _sep(lang).join(
                t(lang, "alhambra_dice.event.dummy_spot", building=building_name(lang, b), cell=cell_name(lang, c))
                for b, c in d["spots"]
            )
            return t(lang, "alhambra_dice.event.dummy", spots=spots)
        case "reroll":
            return t(lang, "alhambra_dice.event.reroll", count=d["mask"].bit_count(), name=name(d["seat"]))
        case "place":
            building = building_name(lang, d["building"])
            if d["cell"] >= NCELLS:
                return t(lang, "alhambra_dice.event.falls_off", name=name(d["seat"]), building=building)
            cell = cell_name(lang, d["cell"])
            return t(lang, "alhambra_dice.event.place", name=name(d["seat"]), building=building, cell=cell)
        case "pushoff":
            building = building_name(lang, d["building"])
            return t(lang, "alhambra_dice.event.pushed_off", name=name(d["seat"]), building=building)
        case "push":
            building, cell = building_name(lang, d["building"]), cell_name(lang, d["cell"])
            return t(lang, "alhambra_dice.event.push", name=name(d["seat"]), building=building, cell=cell)
        case "cancel":
            return t(lang, "alhambra_dice.event.cancel", name=name(d["seat"]))
        case "black":
            return t(lang, "alhambra_dice.event.black", name=name(d["seat"]), building=building_name(lang, d["face"]))
        case "points":
            where = building_name(lang, d["building"])
            if d["building"] != d["column"]:
                column = building_name(lang, d["column"])
                where = t(lang, "alhambra_dice.event.points_switched", building=where, column=column)
            return t(lang, "alhambra_dice.event.points", count=d["gain"], name=name(d["seat"]), where=where,
                     now=d["now"])  # fmt: skip
        case "chip":
            if d["chip"] == START_CHIP:
                return t(lang, "alhambra_dice.event.take_start", name=name(d["seat"]))
            if d.get("discarded"):
                return t(lang, "alhambra_dice.event.dummy_discards", chip=chip_name(lang, d["chip"]))
            return t(lang, "alhambra_dice.event.take_chip", name=name(d["seat"]), chip=chip_name(lang, d["chip"]))
        case "start":
            if "named" in d:
                return t(lang, "alhambra_dice.event.name_start", name=name(d["seat"]), named=name(d["named"]))
            return t(lang, "alhambra_dice.event.dummy_start", next=name(d["next"]))
        case "redesign":
            move = _redesign_move(lang, d["how"], d.get("tile"), d["cell"])
            return t(lang, "alhambra_dice.event.redesign", name=name(d["seat"]), move=move)
        case "take":
            how = d["how"]
            if how == "takestart":
                return t(lang, "alhambra_dice.event.take_start", name=name(d["seat"]))
            if how == "dummy":
                return t(lang, "alhambra_dice.event.dummy_takes", tile=tile_name(lang, d["tile"]))
            tile = tile_name(lang, d["tile"])
            if how == "take":
                move = t(lang, "alhambra_dice.move.take", tile=tile, where=d["cell"])
            else:
                move = t(lang, "alhambra_dice.move.keep", tile=tile)
            return t(lang, "alhambra_dice.event.take", name=name(d["seat"]), move=move)
        case "discard":
            building = building_name(lang, d["building"])
            return t(lang, "alhambra_dice.event.discard", count=d["count"], building=building)
        case "scoring":
            gains = _sep(lang).join(
                t(lang, "alhambra_dice.event.scoring_gain", name=name(s), gain=g) for s, g in enumerate(d["gains"])
            )
            return t(lang, "alhambra_dice.event.scoring", letter=d["letter"], gains=gains)
        case "end":
            return t(lang, "alhambra_dice.event.end")
    return None


def event_text(lang: str, event: Event) -> str:
    """An engine event in ``lang`` (its English text if it cannot be worded)."""
    try:
        text = _phrase(lang, event.kind, event.data)
    except FIELD_ERRORS:
        return event.text
    return event.text if text is None else text


# ----------------------------------------------------------------------------- moves


def action_text(lang: str, action: Any) -> str:
    """A move as ``describe_action`` says it (buttons, logs), in ``lang``."""
    try:
        return _action(lang, action)
    except FIELD_ERRORS:
        return t(lang, "alhambra_dice.action.unknown")


def _action(lang: str, action: Any) -> str:
    match action:
        case Reroll(mask=mask):
            return t(lang, "alhambra_dice.action.reroll", count=(mask & 0xFF).bit_count())
        case Place(building=b, count=n, cell=c):
            return t(lang, "alhambra_dice.action.place", building=building_name(lang, b), count=n,
                     cell=cell_name(lang, c))  # fmt: skip
        case Push(building=b, count=n, cell=c):
            return t(lang, "alhambra_dice.action.push", building=building_name(lang, b), count=n,
                     cell=cell_name(lang, c))  # fmt: skip
        case CancelRoll():
            return t(lang, "alhambra_dice.action.cancel")
        case SetBlack(face=f):
            return t(lang, "alhambra_dice.action.black", building=building_name(lang, f))
        case Claim(chip=chip, to=to):
            key = "alhambra_dice.action.claim_chip" if chip else "alhambra_dice.action.claim_points"
            return t(lang, key, building=building_name(lang, to))
        case NameStart(seat=s):
            return t(lang, "alhambra_dice.action.name_start", name=seat_name(lang, s))
        case Build(tile=tile, x=x, y=y):
            return _redesign_move(lang, "build", tile, _xy(x, y))
        case Remove(x=x, y=y):
            return _redesign_move(lang, "remove", None, _xy(x, y))
        case Swap(tile=tile, x=x, y=y):
            return _redesign_move(lang, "swap", tile, _xy(x, y))
        case Take(tile=tile, x=x, y=y):
            return t(lang, "alhambra_dice.action.take", tile=tile_name(lang, tile), where=_xy(x, y))
        case TakeToReserve(tile=tile):
            return t(lang, "alhambra_dice.action.keep", tile=tile_name(lang, tile))
        case TakeStart():
            return t(lang, "alhambra_dice.action.take_start")
    return t(lang, "alhambra_dice.action.unknown")


def choice_text(lang: str, view: Mapping[str, Any], choice: Mapping[str, Any]) -> str:
    """The label of one of ``view["choices"]`` in ``lang`` (English: the engine's ``choice["text"]``).

    Like the engine's ``move_text``: Alhambra cells named as the picture labels them (B3), a claim
    naming the chip on the bonus field, a start player named by seat."""
    try:
        return _choice(lang, view, decode(choice["code"]))
    except (*FIELD_ERRORS, RulesError):
        return str(choice.get("text", ""))


DIE_FACES = "⚀⚁⚂⚃⚄⚅"
"""A white die's face by building index (the die shows the building's pips, as in the picture)."""


def reroll_text(lang: str, view: Mapping[str, Any], mask: int) -> str:
    """A re-roll naming the dice it keeps: "Re-roll, keep 3 dice: ⚀ pavilion, ⚀ pavilion, ⚃ garden"
    (bit i of ``mask`` set: die i is rolled again)."""
    white = view["dice"]["white"]
    kept = sorted(face for i, face in enumerate(white) if not mask >> i & 1)  # like dice set aside, by face
    if not kept:
        return t(lang, "alhambra_dice.reroll.all", count=len(white))
    dice = t(lang, "alhambra_dice.reroll.dice_sep").join(f"{DIE_FACES[f]} {building_name(lang, f)}" for f in kept)
    return t(lang, "alhambra_dice.reroll.keep", count=len(kept), dice=dice)


def _choice(lang: str, view: Mapping[str, Any], action: Any) -> str:
    if isinstance(action, Reroll) and view.get("dice"):
        return reroll_text(lang, view, action.mask)
    labels = {(c["x"], c["y"]): c["label"] for c in view["targets"]}
    if view["version"] != "basic" and isinstance(action, (Build, Swap, Take, Remove)):
        where = labels[(action.x, action.y)]
        if isinstance(action, Build):
            return _redesign_move(lang, "build", action.tile, where)
        if isinstance(action, Swap):
            return _redesign_move(lang, "swap", action.tile, where)
        if isinstance(action, Remove):
            return _redesign_move(lang, "remove", None, where)
        return t(lang, "alhambra_dice.move.take", tile=tile_name(lang, action.tile), where=where)
    if isinstance(action, TakeToReserve):
        return t(lang, "alhambra_dice.move.keep", tile=tile_name(lang, action.tile))
    if isinstance(action, Claim):
        col = view["resolving"]
        where = building_name(lang, action.to)
        if action.to != col:
            where = t(lang, "alhambra_dice.move.switched", building=where)
        if not action.chip:
            return t(lang, "alhambra_dice.move.claim_points", where=where)
        chip = chip_name(lang, field_chip(view["fields"][col]))
        return t(lang, "alhambra_dice.move.claim_chip", where=where, chip=chip)
    if isinstance(action, NameStart):
        return t(lang, "alhambra_dice.move.name_start", name=seat_name(lang, action.seat, view["dummy"]))
    return _action(lang, action)


# ----------------------------------------------------------------------------- errors and the result


def error_fields(lang: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A rule error's fields plus the words its message needs: names of the buildings, cells and
    tiles whose ids the engine gave (``building_name``, ``land_name``, ``cell_name``, ``aim_name``,
    ``tile_name``)."""
    out = {k: v for k, v in fields.items() if k != "key"}
    if "building" in fields:
        out["building_name"] = building_name(lang, fields["building"])
    if "land" in fields:
        out["land_name"] = cell_name(lang, fields["land"])
    if "cell" in fields:
        cell = fields["cell"]
        out["cell_name"] = cell_name(lang, cell) if isinstance(cell, int) and cell >= 0 else str(cell)
    if "aim" in fields:
        out["aim_name"] = cell_name(lang, fields["aim"])
    if "tile" in fields:
        out["tile_name"] = tile_name(lang, fields["tile"])
    return out


def result_note(lang: str, ranks: list[int] | tuple[int, ...], scores: list[int], dummy: int) -> str:
    """The note of the final result (``Result.note``): a shared victory, the dummy's score.

    ``scores`` holds every seat's score including the dummy's (``view()["scores"]``)."""
    tie = t(lang, "alhambra_dice.result.tie") if list(ranks).count(1) > 1 else ""
    mine = t(lang, "alhambra_dice.result.dummy", score=scores[dummy]) if dummy >= 0 else ""
    if tie and mine:
        return t(lang, "alhambra_dice.result.both", tie=tie, dummy=mine)
    return tie or mine


def note_text(lang: str, note: str, view: dict[str, Any]) -> str:
    """``Result.note`` for i18n.text.result_note, rebuilt from the final view."""
    if not note:
        return ""
    return result_note(lang, view["result"]["ranks"], view["scores"], view["dummy"])
