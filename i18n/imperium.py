"""Imperium's events, moves and lobby options in words, in every language of the catalogues.

The engine's English sentences (``Event.text``, ``describe_action``) are rebuilt here from
``Event.data`` and the action itself, so the English catalogue reproduces them exactly (a test
compares them on thousands of states) and Japanese follows the Japanese edition's vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import i18n
from i18n import t
from i18n.seats import seat_name
from rules.base import Event, IllegalAction, InvalidAction
from rules.imperium.actions import Play, picks

OPTION = i18n.dynamic("imperium.option.", "option names and choice values of rules.imperium INFO.options")


def player(lang: str, seat: int) -> str:
    """How events name a seat: its player's name ("Player 2" without names, as the engine says it)."""
    return seat_name(lang, seat)


def region_list(lang: str, regions: Iterable[int]) -> str:
    """Region numbers in running text: "5, 5, 7" / 「5・5・7」; "none" when there are none."""
    numbers = [str(r) for r in regions]
    if not numbers:
        return t(lang, "imperium.word.none")
    return t(lang, "imperium.list.regions_sep").join(numbers)


def _seat_list(lang: str, parts: Iterable[str]) -> str:
    return t(lang, "imperium.list.seats_sep").join(parts)


def _picks_by_seat(lang: str, per_seat: list[list[int]]) -> str:
    return _seat_list(
        lang,
        (t(lang, "imperium.event.seat_picks", player=player(lang, s), picks=region_list(lang, p))
         for s, p in enumerate(per_seat)),
    )


# ---------------------------------------------------------------------- events


def _round(lang: str, d: dict[str, Any]) -> str:
    return t(lang, "imperium.event.round", round=d["round"], regions=region_list(lang, d["regions"]))


def _chose(lang: str, d: dict[str, Any]) -> str:
    return t(lang, "imperium.event.chose", player=player(lang, d["seat"]), chosen=d["chosen"], players=d["players"])


def _my_choice(lang: str, d: dict[str, Any]) -> str:
    return t(lang, "imperium.event.my_choice", picks=region_list(lang, d["picks"]), round=d["round"])


def _reveal(lang: str, d: dict[str, Any]) -> str:
    return t(lang, "imperium.event.reveal", round=d["round"], reveals=_picks_by_seat(lang, d["picks"]))


def _place(lang: str, d: dict[str, Any]) -> str:
    if not d.get("shortage"):
        return t(lang, "imperium.event.place_all")
    return t(lang, "imperium.event.place", placements=_picks_by_seat(lang, d["placed"]))


def _shortage(lang: str, d: dict[str, Any]) -> str:
    return t(lang, "imperium.event.shortage", player=player(lang, d["seat"]), missed=region_list(lang, d["missed"]))


def _resolve(lang: str, d: dict[str, Any]) -> str:
    results = _seat_list(
        lang,
        (t(lang, "imperium.event.seat_points", player=player(lang, s), points=p, markers=c)
         for s, (p, c) in enumerate(zip(d["points"], d["counts"], strict=True))),
    )
    return t(lang, "imperium.event.resolve", region=d["region"], results=results)


def _end(lang: str, d: dict[str, Any]) -> str:
    winners = list(d["winners"])
    who = t(lang, "imperium.list.winners_sep").join(player(lang, s) for s in winners)
    best = max(d["scores"])
    return t(lang, "imperium.event.end", count=len(winners), round=d["round"], who=who, best=best)


_EVENTS: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "round": _round,
    "chose": _chose,
    "my_choice": _my_choice,
    "reveal": _reveal,
    "place": _place,
    "shortage": _shortage,
    "resolve": _resolve,
    "end": _end,
}


def event_text(lang: str, event: Event) -> str:
    """The event in ``lang``; the engine's English sentence for anything this module cannot phrase."""
    phrase = _EVENTS.get(event.kind)
    if phrase is None:
        return event.text
    try:
        return phrase(lang, event.data)
    except (KeyError, IndexError, TypeError, ValueError):
        # An event stored before its data had every field (an old saved game): English beats nothing.
        return event.text


# ---------------------------------------------------------------------- actions


def action_text(lang: str, action: Any) -> str:
    """A button or log label for a play, e.g. "Regions 5, 5, 7 (banner on 5)" / 「地域5・5・7（旗印1枚を5に）」."""
    if not isinstance(action, Play):
        return t(lang, "imperium.action.unreadable")
    try:
        chosen = picks(action)
    except (InvalidAction, IllegalAction):
        return t(lang, "imperium.action.unreadable")
    listed = region_list(lang, chosen)
    if not action.banners:
        return t(lang, "imperium.action.play", picks=listed)
    return t(lang, "imperium.action.play_banners", count=len(action.banners), picks=listed, region=action.banners[0])


def pick_list(lang: str, chosen: str) -> str:
    """Picks as the picker shows them ("region 5 ×2 (with a banner), region 7"); ``chosen`` is e.g. "557"."""
    if not chosen:
        return t(lang, "imperium.pick.none")
    parts = []
    for region in sorted(set(chosen)):
        n = chosen.count(region)
        if n == 1:
            parts.append(t(lang, "imperium.pick.once", region=region))
        elif n == 2:
            parts.append(t(lang, "imperium.pick.twice", region=region))
        else:
            parts.append(t(lang, "imperium.pick.thrice", region=region))
    return t(lang, "imperium.list.picks_sep").join(parts)


# ---------------------------------------------------------------------- lobby


def title(lang: str) -> str:
    """The game's name in the lobby (``GameInfo.title`` in English); options are under ``OPTION``."""
    return t(lang, "imperium.title")


def result_note(lang: str, note: str) -> str:
    """``Result.note`` in ``lang``: the engine's one note (tied leaders share the win), else as given."""
    key = "imperium.result.shared_win"
    return t(lang, key) if note == t("en", key) else note


def note_text(lang: str, note: str, view: dict[str, Any]) -> str:
    """``Result.note`` for i18n.text.result_note (the view is not needed here)."""
    return result_note(lang, note)
