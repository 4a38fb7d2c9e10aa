"""The game state: one msgspec struct shared by both versions (basic and Alcazaba).

Seats 0..players-1 are the humans; with two players a dummy sits at seat 2 (``dummy``). Lists
indexed "per seat" include the dummy. Everything random is either already drawn (chip stacks,
tile stacks, the bag) or comes from the counter-based generator ``rng`` (dice), so the state alone
determines the rest of the game. Hidden fields: ``rng``, ``rng_key``, ``stacks``, ``tile_stacks``, ``bag``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from rules.base import Event

from . import alhambra as alh
from .data import CHIPS

EMPTY = -1
"""An empty dice-area cell or bonus field."""

# Phases
ROLL = "roll"  # the acting seat has rolled and may re-roll, use chips, place (or redesign)
CLAIM = "claim"  # basic round end: a seat chooses a reward package / where its points go
START = "start"  # a seat that took the start-player chip names the next start player
TAKE = "take"  # Alcazaba round end: a seat takes a tile (or the start-player chip)
OVER = "over"


class State(msgspec.Struct):
    version: str
    """'basic' or 'alcazaba'."""
    players: int
    """Human seats."""
    dummy: int
    """Seat of the two-player dummy, or -1."""
    markers: int
    """Octagon markers per human per round."""
    rng: int
    """Dice generator position: the splitmix64 state when ``rng_key`` is empty (games stored before
    the keyed stream), else the counter of the next HMAC block. Hidden, it would reveal future rolls."""
    round: int = 1
    phase: str = ROLL
    start: int = 0
    """Seat holding the Caliph (start player of this round)."""
    seat: int = 0
    """Seat that must act now."""
    turn: int = 0
    """Turns taken this round (the next placer is (start + turn) % players)."""
    hand: list[int] = []
    """Markers not yet placed this round, per seat."""
    off: list[int] = []
    """Markers out of play this round (fallen off the dice area, or on a reserve board), per seat."""
    grid: list[int] = []
    """Dice area: grid[building * 24 + cell] = seat or EMPTY; cells best to worst."""
    dice: list[int] = []
    """The 8 white dice (faces = building index)."""
    history: list[list[int]] = []
    """Dice after each roll this turn; len(history) = rolls that count (1..3)."""
    kept: int = 0
    """Bit mask of the white dice set aside at the last re-roll (for the picture)."""
    black: int = EMPTY
    """Face of the black die this turn, or EMPTY."""
    fields: list[int] = []
    """Bonus field per building: a chip id, START_CHIP, or EMPTY."""
    stacks: list[list[int]] = []
    """Face-down chip stacks for the coming rounds (hidden)."""
    chips: list[list[int]] = []
    """Chips owned per seat (points chips for good, one-shot chips until used)."""
    gone: list[int] = []
    """Chips out of the game (used, unclaimed, or thrown away by the dummy)."""
    points: list[list[int]] = []
    """Building points points[seat][building], 0..12."""
    arrival: list[list[int]] = []
    """When each building stone reached its space: lower = lower in a stack = ranks higher."""
    stamp: int = 0
    score: list[int] = []
    col: int = 0
    """Round end: the building column being resolved."""
    step: int = 0
    """Basic round end within a column: 0 first's award, 1 second's award, 2 done."""
    first: int = EMPTY
    second: int = EMPTY
    first_chip: bool = False
    """The first took the '1 point + chip' package (so the second gets 2 points)."""
    fixed: int = EMPTY
    """CLAIM phase: EMPTY = free choice of package, 0 = 2 points, 1 = 1 point + chip."""
    # ---- Alcazaba
    tiles: list[list[int]] = []
    """Tiles laid out in each building's tile area."""
    tile_stacks: list[list[int]] = []
    """Face-down stacks of six (one per type) for the coming rounds (hidden)."""
    bag: list[int] = []
    """The bag, in drawing order from the end (hidden)."""
    alhambra: list[list[int]] = []
    """Per human seat: flat [x, y, tile, x, y, tile, ...]; the fountain (tile -1) at 0,0."""
    reserve: list[list[int]] = []
    dummy_tiles: list[int] = []
    discarded: list[int] = []
    """Alcazaba tiles left over at round end (out of the game)."""
    drawn: list[int] = []
    """Alcazaba: tiles drawn from the bag this round, in order (the dummy places by them)."""
    log: list[str] = []
    """The last few public event lines (for the picture)."""
    log_data: list[dict[str, Any]] = []
    """What each of those lines was said with (``{"kind", "data"}``): the picture words them in its
    language from these (rules.base.recent_events)."""
    rng_key: bytes = b""
    """The dice stream's key (rules.rng), empty for games stored before it: 32 bytes for HMAC-SHA256
    (generator version 2), 64 for keyed BLAKE2b (version 3; see dice.py). Hidden: with it every
    future roll could be computed."""


# ----------------------------------------------------------------------------- small queries

LOG_LINES = 8
"""Public event lines kept in ``State.log`` for the picture."""


def seats(state: State) -> int:
    """Seats with pieces: the humans plus the dummy, if any."""
    return state.players + (1 if state.dummy >= 0 else 0)


def seat_name(state: State, seat: int) -> str:
    if seat == state.dummy:
        return "The dummy"
    return _PLAYER_NAMES[seat] if 0 <= seat < len(_PLAYER_NAMES) else f"Player {seat + 1}"


_PLAYER_NAMES = tuple(f"Player {seat + 1}" for seat in range(7))
"""seat_name's words for the seats a table has (worded at every move the host records)."""


def say(state: State, events: list[Event] | None, kind: str, text: str, **data: Any) -> None:
    """Record a public event: for the caller's event list and the picture's recent lines.
    ``events`` None (the search's apply_owned) records nothing: the log is not kept there."""
    if events is not None:
        said(state, events, (Event(kind=kind, text=text, data=data), text, {"kind": kind, "data": data}))


Line = tuple[Event, str, dict[str, Any]]
"""An event as say() records it: the Event, its log line and its ``log_data`` entry (built once by a
cache for the events that repeat across games; shared, so never changed)."""


def line(kind: str, text: str, **data: Any) -> Line:
    """The Line say() would record for these words."""
    return Event(kind=kind, text=text, data=data), text, {"kind": kind, "data": data}


def said(state: State, events: list[Event], recorded: Line) -> None:
    """say() for a Line built beforehand."""
    event, text, entry = recorded
    events.append(event)
    state.log.append(text)
    state.log_data.append(entry)
    if len(state.log) > LOG_LINES:
        del state.log[0]
        del state.log_data[0]


def recent(state: State, text: str, entry: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The picture's recent lines after one more event (say()'s effect on ``log`` and ``log_data``),
    as new lists: a move that copies no other list leaves its predecessor's alone."""
    log, log_data = state.log, state.log_data
    if len(log) >= LOG_LINES:  # say() appends, then drops the oldest line
        log, log_data = log[1:], log_data[1:]
    return [*log, text], [*log_data, entry]


def owns(st: State, seat: int, effect: str) -> int:
    """Index in the seat's chips of one chip with ``effect``, or -1."""
    if st.version != "basic":
        return -1
    for i, c in enumerate(st.chips[seat]):
        if _EFFECTS[c] == effect:
            return i
    return -1


_EFFECTS: tuple[str, ...] = tuple(chip.effect for chip in CHIPS)
"""Each chip's effect, by chip id (owns() runs at every column of every round end)."""


def grid_of(st: State, seat: int) -> alh.Grid:
    """The seat's Alhambra as a {(x, y): tile} dict (a fresh copy)."""
    return alh.from_flat(st.alhambra[seat])


def spend(st: State, seat: int, effect: str) -> None:
    """Use up one of the seat's chips with ``effect``: it leaves the game."""
    i = owns(st, seat, effect)
    st.gone.append(st.chips[seat].pop(i))
