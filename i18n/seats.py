"""Who sits where: the players' display names for the words of one picture, caption or message.

Engines name seats by number ("Player 2", "Seat 2"); a game in the bot or at the terminal knows
each seat's display name (``SeatInfo.name``, an AI's "AI 1 (normal)"), and every place that names
a player must show that name. The names travel with the view (``view["names"]``) into the picture
workers and as an argument into ``i18n.text.event_text``; while something is worded, ``seat_names``
makes them the names ``seat_name`` returns for every game. Without names (rules-only tests, an old
export) a seat is "Player 2" (「プレイヤー2」) everywhere, as every engine says it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from i18n import t

_NAMES: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=())


@contextmanager
def seat_names(names: Sequence[str] | None) -> Iterator[None]:
    """Word seats by these display names (in seat order) inside the block; ``None`` keeps the outer ones."""
    if names is None:
        yield
        return
    token = _NAMES.set(tuple(str(n) for n in names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def names_of(view: dict[str, Any]) -> list[str] | None:
    """The display names a view carries (``view["names"]``), if it carries any."""
    names = view.get("names") if isinstance(view, dict) else None
    return [str(n) for n in names] if isinstance(names, list) else None


def naming() -> bool:
    """Whether players' display names are known while something is worded (inside ``seat_names``)."""
    return bool(_NAMES.get())


def display_name(seat: int) -> str | None:
    """The display name of ``seat`` being worded now, or None when there is none (then the game's own
    word for a seat is used)."""
    names = _NAMES.get()
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return None


def seat_name(lang: str, seat: int) -> str:
    """A seat (0-based) as every picture, line and caption names it: its player's display name, else
    "Player 2" (「プレイヤー2」)."""
    return display_name(seat) or t(lang, "seats.word.player", number=seat + 1)
