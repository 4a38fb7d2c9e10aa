"""Rounds: laying out chips/tiles, the dummy, turns, and the round end (rewards, tiles, scoring)."""

from __future__ import annotations

from functools import lru_cache

from rules.base import (
    Event,
)

from .data import (
    BAG_DRAW,
    BUILDING_NAMES,
    CELL_INDEX,
    CHIPS,
    DUMMY_ROWS,
    MAX_POINTS,
    NB,
    NCELLS,
    POINTS,
    ROUNDS,
    SCORE_ROUNDS,
    START_CHIP,
    SWAP,
    TILE_PRICES,
    TILE_TYPES,
    cell_name,
    chip_label,
    tile_label,
)
from .dice import fresh_dice, landing, roll
from .scoring import score_alcazaba, score_basic
from .state import CLAIM, EMPTY, OVER, ROLL, START, TAKE, Line, State, line, owns, said, say, seat_name, seats, spend


def begin_round(st: State, events: list[Event] | None) -> None:
    n = seats(st)
    st.grid = [EMPTY] * (NB * NCELLS)
    st.hand = [st.markers] * st.players + [0] * (n - st.players)
    st.off = [0] * n
    st.fields = [EMPTY] * NB
    st.col = st.step = 0
    # The stacks, the tile stacks and the bag are read, then replaced by new lists, never changed: a
    # state made by apply shares them with the state before it (engine.py copies only what a move changes).
    if st.version == "alcazaba":
        st.tiles = [[] for _ in range(NB)]
        for tile in st.tile_stacks[0]:
            st.tiles[TILE_TYPES[tile]].append(tile)
        st.tile_stacks = st.tile_stacks[1:]
        keep = len(st.bag) - min(BAG_DRAW, len(st.bag))
        st.drawn = st.bag[keep:][::-1]  # drawn from the end, last tile first
        st.bag = st.bag[:keep]
        for tile in st.drawn:
            st.tiles[TILE_TYPES[tile]].append(tile)
    if st.round < ROUNDS:
        b = roll(st, 1)[0]
        st.fields[b] = START_CHIP
        if st.version == "basic":
            stack = iter(st.stacks[0])
            st.stacks = st.stacks[1:]
            for col in range(NB):
                if col != b:
                    st.fields[col] = next(stack)
    elif st.version == "basic":
        st.fields = st.stacks[0][:]
        st.stacks = st.stacks[1:]
    if events is not None:
        say(
            st,
            events,
            "round",
            f"Round {st.round} begins; {seat_name(st, st.start)} starts.",
            round=st.round,
            start=st.start,
        )
    if st.dummy >= 0:
        _place_dummy(st, events)
    st.turn = 0
    st.phase = ROLL
    st.seat = st.start
    start_turn(st)


def _place_dummy(st: State, events: list[Event] | None) -> None:
    if st.version == "basic":
        first = roll(st, 1)[0]
        columns = [(first + k) % NB for k in range(len(DUMMY_ROWS))]
    else:
        # Alcazaba: by the buildings of the bag tiles in drawing order. HOUSE: when the bag ran
        # short (round 5), a white die stands in for each missing draw.
        columns = [TILE_TYPES[t] for t in st.drawn[: len(DUMMY_ROWS)]]
        while len(columns) < len(DUMMY_ROWS):
            columns.append(roll(st, 1)[0])
    where = []
    for b, row in zip(columns, DUMMY_ROWS, strict=True):
        cell = landing(st.grid, b, CELL_INDEX[(row, 3)])
        if cell < NCELLS:
            st.grid[b * NCELLS + cell] = st.dummy
        else:
            st.off[st.dummy] += 1
        where.append([b, cell])
    if events is not None:
        spots = [f"{BUILDING_NAMES[b]} {cell_name(cell)}" for b, cell in where]
        say(st, events, "dummy", "The dummy places on " + ", ".join(spots) + ".", spots=where)


def start_turn(st: State) -> None:
    st.dice = dice = list(fresh_dice(st))
    st.history = [dice]
    st.kept = 0
    st.black = EMPTY


def end_turn(st: State, ev: list[Event] | None) -> None:
    st.black = EMPTY
    st.turn = turn = st.turn + 1
    if turn < st.players * st.markers:
        st.seat = (st.start + turn) % st.players
        start_turn(st)
        return
    st.history = []
    st.dice = []
    st.kept = 0
    st.col = st.step = 0
    resolve(st, ev)


def resolve(st: State, ev: list[Event] | None) -> None:
    if st.version == "basic":
        _resolve_basic(st, ev)
    else:
        _resolve_alcazaba(st, ev)


def _column(st: State, b: int) -> list[int]:
    """The seats with a marker on building ``b``, best cell first."""
    return list(filter(_TAKEN, st.grid[b * NCELLS : (b + 1) * NCELLS]))


_TAKEN = EMPTY.__ne__
"""A cell with a marker (filter's test, in C: the column is read at every round end)."""


def _ask(st: State, phase: str, seat: int, fixed: int = EMPTY) -> None:
    st.phase, st.seat, st.fixed = phase, seat, fixed


def _resolve_basic(st: State, ev: list[Event] | None) -> None:
    while True:
        if st.col >= NB:
            _end_round(st, ev)
            return
        b = st.col
        if st.step == 0:
            owners = _column(st, b)
            f = owners[0] if owners else EMPTY
            s = owners[1] if len(owners) > 1 else EMPTY
            st.first, st.second = f, s
            if f == EMPTY:
                st.step = 2
                continue
            if f != st.dummy and f != s:
                _ask(st, CLAIM, f)
                return
            # The dummy always takes 2 points; a seat that is first and second gets both
            # packages, the 2 points first.
            st.first_chip = False
            if f != st.dummy and owns(st, f, SWAP) >= 0:
                _ask(st, CLAIM, f, 0)
                return
            st.step = 1
            if award(st, f, False, b, ev):
                return
            continue
        if st.step == 1:
            s = st.second
            chip = not st.first_chip
            if s != EMPTY and s != st.dummy and owns(st, s, SWAP) >= 0:
                _ask(st, CLAIM, s, int(chip))
                return
            st.step = 2
            if s != EMPTY and award(st, s, chip, b, ev):
                return
            continue
        # step 2: the column is done
        chip = st.fields[b]
        if chip not in (EMPTY, START_CHIP):
            st.gone.append(chip)  # unclaimed bonus chips leave the game
        st.fields[b] = EMPTY
        st.grid[b * NCELLS : (b + 1) * NCELLS] = [EMPTY] * NCELLS
        st.col += 1
        st.step = 0


def award(st: State, seat: int, chip: bool, to: int, ev: list[Event] | None) -> bool:
    """Give a package; True when the seat must now name the next start player."""
    b = st.col
    if to != b:
        spend(st, seat, SWAP)
    gain = 1 if chip else 2
    old = st.points[seat][to]
    new = min(MAX_POINTS, old + gain)
    if new != old:
        st.stamp += 1
        st.points[seat][to] = new
        st.arrival[seat][to] = st.stamp
    name = seat_name(st, seat) if ev is not None else ""  # worded only for a caller that records events
    if ev is not None:
        said(st, ev, _points_line(name, seat, st.dummy, gain, to, b, new))
    if not chip:
        return False
    c = st.fields[b]
    st.fields[b] = EMPTY
    if c == EMPTY:
        return False
    if c == START_CHIP:
        if seat == st.dummy:
            # HOUSE (seed: "the start player changes"): the Caliph passes to the other human.
            st.start = 1 - st.start
            if ev is None:
                return False
            say(
                st,
                ev,
                "start",
                f"The dummy takes the start-player chip: {seat_name(st, st.start)} starts next.",
                seat=seat,
                next=st.start,
            )
            return False
        say(st, ev, "chip", f"{name} takes the start-player chip.", seat=seat, chip=c)
        _ask(st, START, seat)
        return True
    if seat == st.dummy and CHIPS[c].effect != POINTS:
        st.gone.append(c)
        if ev is not None:
            say(st, ev, "chip", f"The dummy discards the {chip_label(c)} chip.", seat=seat, chip=c, discarded=True)
    else:
        st.chips[seat].append(c)
        if ev is not None:
            say(st, ev, "chip", f"{name} takes the {chip_label(c)} chip.", seat=seat, dummy=st.dummy, chip=c)
    return False


@lru_cache(maxsize=1 << 14)
def _points_line(name: str, seat: int, dummy: int, gain: int, to: int, b: int, new: int) -> Line:
    """award's event (seat x gain x building x column x points: a few thousand, shared like every
    cached event: an Event is frozen and its data is read-only)."""
    where = BUILDING_NAMES[to] + ("" if to == b else f" (switched from {BUILDING_NAMES[b]})")
    text = f"{name} gains {gain} building point{'s' * (gain > 1)} on {where}: now {new}."
    return line("points", text, seat=seat, dummy=dummy, gain=gain, building=to, column=b, now=new)


def pop_top(st: State) -> None:
    base = st.col * NCELLS
    for i in range(base, base + NCELLS):
        if st.grid[i] != EMPTY:
            st.grid[i] = EMPTY
            return


def _resolve_alcazaba(st: State, ev: list[Event] | None) -> None:
    while True:
        if st.col >= NB:
            _end_round(st, ev)
            return
        b = st.col
        owners = _column(st, b)
        items = st.tiles[b] or st.fields[b] == START_CHIP
        if not owners or not items:
            if st.tiles[b]:
                st.discarded += st.tiles[b]
                say(
                    st,
                    ev,
                    "discard",
                    f"{len(st.tiles[b])} {BUILDING_NAMES[b]} tile(s) leave the game.",
                    count=len(st.tiles[b]),
                    building=b,
                )
                st.tiles[b] = []
            st.fields[b] = EMPTY
            st.grid[b * NCELLS : (b + 1) * NCELLS] = [EMPTY] * NCELLS
            st.col += 1
            continue
        top = owners[0]
        if top != st.dummy:
            _ask(st, TAKE, top)
            return
        pop_top(st)
        if st.tiles[b]:
            # HOUSE reading of the seed's "from the lower one": the cheapest tile.
            tile = min(st.tiles[b], key=lambda t: (TILE_PRICES[t], t))
            st.tiles[b].remove(tile)
            st.dummy_tiles.append(tile)
            say(st, ev, "take", f"The dummy takes {tile_label(tile)}.", tile=tile, seat=st.dummy, how="dummy")
        else:
            st.fields[b] = EMPTY
            st.start = 1 - st.start
            say(
                st,
                ev,
                "start",
                f"The dummy takes the start-player chip: {seat_name(st, st.start)} starts next.",
                seat=st.dummy,
                next=st.start,
            )


def _end_round(st: State, ev: list[Event] | None) -> None:
    st.grid = [EMPTY] * (NB * NCELLS)
    st.fields = [EMPTY] * NB
    letter = SCORE_ROUNDS.get(st.round)
    if letter:
        before = st.score
        st.score = before[:]  # scored into a new list (apply's copy shares the scores)
        (score_basic if st.version == "basic" else score_alcazaba)(st, letter)
        if ev is not None:
            gains = ", ".join(f"{seat_name(st, s)} +{st.score[s] - before[s]}" for s in range(len(st.score)))
            say(
                st,
                ev,
                "scoring",
                f"Scoring {letter}: {gains}.",
                letter=letter,
                gains=[st.score[s] - before[s] for s in range(len(st.score))],
                dummy=st.dummy,
            )
    if st.round >= ROUNDS:
        st.phase = OVER
        st.seat = EMPTY
        say(st, ev, "end", "The game is over.")
        return
    st.round += 1
    begin_round(st, ev)
