"""Ra in words: its events, moves, rule errors and tile names in every catalogue language.

The engine (rules/ra) writes English only; its events carry ``kind`` and ``data`` (seat numbers,
tile ids, disks, counts) and its errors a catalogue ``key`` with ``fields``, from which this module
phrases them again in any language. In English the result is exactly the engine's own sentence
(tests/i18n/test_ra.py checks it on thousands of positions), so English players see no change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import i18n
from i18n import has, t
from i18n.seats import seat_name
from i18n.text import FIELD_ERRORS
from rules.base import Event
from rules.ra.actions import Bid, Discard, Draw, InvokeRa, Pass, RaAction, StopGods, UseGod

TILE = i18n.dynamic("ra.tile.", "Ra tile ids (rules/ra/data/tiles.json)")
OPTION = i18n.dynamic("ra.option.", "Ra's lobby options and their choices (rules/ra/engine.py INFO)")
SCORE_ITEM = i18n.dynamic("ra.score_item.", "Ra's scoring items (rules/ra/scoring.py epoch_breakdown)")
PHASE_ERROR = i18n.dynamic(
    "ra.error.phase.", "wrong-phase refusals: rules/ra/turns.py PHASE_ERRORS x PHASE_MOVES (phase_error)"
)

"""What a malformed or older event (one stored before its data had every field) may raise while it
is phrased; such an event is shown with its English sentence rather than failing the message."""


def player(lang: str, seat: int) -> str:
    """A seat by its player's name ("Player 2" without names)."""
    return seat_name(lang, seat)


def tile(lang: str, tile_id: str) -> str:
    """A tile's name from its id; anything that is not a tile id is shown as it is."""
    key = TILE + str(tile_id)
    return t(lang, key) if has(lang, key) else str(tile_id)


def tiles(lang: str, ids: Iterable[str]) -> str:
    """Tile names in a list ("Gold, Nile" / 「金、ナイル」)."""
    return t(lang, "common.word.comma").join(tile(lang, x) for x in ids)


# --------------------------------------------------------------------------- events


def event_text(lang: str, event: Event) -> str:
    """One line of the game log in ``lang``; the engine's English text if the event can't be phrased."""
    try:
        text = _event(lang, event.kind, event.data)
    except FIELD_ERRORS:
        return event.text
    return event.text if text is None else text


def event_line(lang: str, kind: str, data: Mapping[str, Any], text: str = "") -> str:
    """``event_text`` for an event known by its kind and data (a view's ``event_log``)."""
    return event_text(lang, Event(kind, text, None, dict(data)))


def _event(lang: str, kind: str, d: Mapping[str, Any]) -> str | None:
    if kind in ("start", "epoch"):
        return t(lang, "ra.event.epoch", epoch=d.get("epoch", 1), player=player(lang, d["seat"]))
    if kind == "draw":
        if d["tile"] == "ra":
            return t(lang, "ra.event.draw_ra", player=player(lang, d["seat"]), count=d["count"],
                     ends_at=d["ends_at"])
        return t(lang, "ra.event.draw", player=player(lang, d["seat"]), tile=tile(lang, d["tile"]))
    if kind == "invoke":
        return t(lang, "ra.event.invoke", player=player(lang, d["seat"]))
    if kind == "bid":
        return t(lang, "ra.event.bid", player=player(lang, d["seat"]), disk=d["disk"])
    if kind == "pass":
        if d.get("auto"):
            return t(lang, "ra.event.auto_pass", player=player(lang, d["seat"]), high=d["high"])
        return t(lang, "ra.event.pass", player=player(lang, d["seat"]))
    if kind == "win":
        lot = tiles(lang, d["tiles"]) or t(lang, "ra.word.no_tiles")
        return t(lang, "ra.event.win", player=player(lang, d["seat"]), disk=d["disk"], tiles=lot,
                 center=d["center"])
    if kind == "disaster":
        return t(lang, "ra.event.disaster", disaster=tile(lang, d["disaster"]), player=player(lang, d["seat"]),
                 tile=tile(lang, d["tile"]))
    if kind == "god":
        return t(lang, "ra.event.god", player=player(lang, d["seat"]), tile=tile(lang, d["tile"]))
    if kind == "score":
        parts = t(lang, "common.word.comma").join(
            t(lang, "ra.event.score_part", item=t(lang, SCORE_ITEM + item), points=f"{points:+d}")
            for item, points in d["parts"]
        )
        return t(lang, "ra.event.score", epoch=d["epoch"], player=player(lang, d["seat"]),
                 parts=parts or t(lang, "ra.event.score_nothing"), fame=d["fame"])
    if kind == "end":
        winners = d["winners"]
        names = t(lang, "ra.word.and").join(player(lang, w) for w in winners)
        return t(lang, "ra.event.end", count=len(winners), winners=names, fame=d["fame"])
    plain = {
        "ra_full": "ra.event.ra_full",
        "discard_track": "ra.event.discard_track",
        "no_bid": "ra.event.no_bid",
        "suns_used": "ra.event.suns_used",
    }.get(kind)
    return t(lang, plain) if plain is not None else None


# --------------------------------------------------------------------------- actions


def action_text(lang: str, action: RaAction) -> str:
    """A move as a button or select label (``GAME.describe_action`` in English)."""
    if isinstance(action, Draw):
        return t(lang, "ra.action.draw")
    if isinstance(action, InvokeRa):
        return t(lang, "ra.action.invoke")
    if isinstance(action, UseGod):
        return t(lang, "ra.action.god", tile=tile(lang, action.tile))
    if isinstance(action, StopGods):
        return t(lang, "ra.action.stop")
    if isinstance(action, Bid):
        return t(lang, "ra.action.bid", disk=action.disk)
    if isinstance(action, Pass):
        return t(lang, "ra.action.pass")
    if isinstance(action, Discard):
        return t(lang, "ra.action.discard", tile=tile(lang, action.tile))
    return repr(action)


def title(lang: str) -> str:
    """The game's name (``GameInfo.title`` in English) for the lobby and messages."""
    return t(lang, "ra.title")


def result_note(lang: str, note: str) -> str:
    """``Result.note`` in ``lang``: the engine's one note (how ties are broken), else as given."""
    key = "ra.result.note"
    return t(lang, key) if note == t("en", key) else note


# --------------------------------------------------------------------------- errors


def error_fields(lang: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A Ra rule error's fields ready for its message in ``lang``: tile names from the tile ids.

    An error that names tiles carries both their ids (``tile``, ``disaster``, ``choices``) and
    their English names (``tile_name``, ``disaster_name``, ``choice_names``), so that formatting its
    fields as they are gives the English sentence; a message template can't look a name up itself,
    so for other languages the names are replaced here, from the ids, before formatting."""
    out = dict(fields)
    if "tile_name" in out and "tile" in out:
        out["tile_name"] = tile(lang, out["tile"])
    if "disaster_name" in out and "disaster" in out:
        out["disaster_name"] = tile(lang, out["disaster"])
    if "choice_names" in out and isinstance(out.get("choices"), list):
        out["choice_names"] = tiles(lang, out["choices"])
    return out


def note_text(lang: str, note: str, view: dict[str, Any]) -> str:
    """``Result.note`` for i18n.text.result_note (the view is not needed here)."""
    return result_note(lang, note)
