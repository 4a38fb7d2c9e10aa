"""The rules of both versions: setup, turns, round end, and the Game object.

Turn flow: a turn starts with the 8 white dice already rolled; the player re-rolls (at most
twice), may use chips, and ends the turn by placing a marker (or, in Alcazaba, by redesigning).
After the last marker of a round the columns are resolved Pavilion -> Tower; players only act
there when they have a real choice, everything forced is applied at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import msgspec

from rules.base import (
    Event,
    GameInfo,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionSpec,
    Result,
    check_players,
    rank_by,
    resolve_options,
)

from . import alhambra as alh
from .actions import (
    Action,
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
    describe,
    encode,
)
from .data import (
    BAG_DRAW,
    BLACK_CHIPS,
    BLACK_DIE,
    BUILDING_NAMES,
    CANCEL,
    CELL_INDEX,
    CHIPS,
    CHIPS_PER_STACK,
    DICE,
    DUMMY_ROWS,
    MARKERS_BY_PLAYERS,
    MAX_POINTS,
    NB,
    NCELLS,
    NORMAL_CHIPS,
    NTILES,
    POINTS,
    PUSH,
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
from .dice import counts, landing, roll, roll_all, target
from .scoring import score_alcazaba, score_basic
from .state import CLAIM, EMPTY, OVER, ROLL, START, TAKE, State

INFO = GameInfo(
    name="alhambra_dice",
    title="Alhambra: The Dice Game",
    min_players=2,
    max_players=6,
    simultaneous=False,
    hidden_information=True,
    # Basic: <= 90 turns x (2 re-rolls + black die + place) + 20 cancel chips x 2 extra re-rolls
    # + 5 rounds x 6 columns x 3 round-end choices; Alcazaba is smaller. See tests.
    max_actions=600,
    options=(
        OptionSpec(
            name="version",
            choices=("basic", "alcazaba"),
            default="basic",
            description="basic dice game, or Alcazaba (build your own Alhambra with base-game tiles)",
        ),
    ),
)

_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(State)
ALL_REROLLS: tuple[Reroll, ...] = tuple(Reroll(mask) for mask in range(1, 1 << DICE))
_LOG_LINES = 8


_FLAT_LISTS = tuple(
    f
    for f, t in zip(State.__struct_fields__, State.__annotations__.values(), strict=True)
    if "list[" in str(t) and "list[list" not in str(t)
)
_NESTED_LISTS = tuple(
    f for f, t in zip(State.__struct_fields__, State.__annotations__.values(), strict=True) if "list[list" in str(t)
)


def _clone(state: State) -> State:
    """A deep copy: every field is an int, a str, a list of those or a list of such lists.

    Hand-made because a msgpack round trip costs several times more per move."""
    c = msgspec.structs.replace(state)
    for f in _FLAT_LISTS:
        setattr(c, f, getattr(state, f)[:])
    for f in _NESTED_LISTS:
        setattr(c, f, [x[:] for x in getattr(state, f)])
    return c


def _copy_for(state: State, action: Action) -> State:
    """A copy deep enough for ``action``: the common dice moves touch only a few lists.

    Re-rolls are most of a game's moves, so they copy only what they change; a placement that
    ends the round (and everything else) copies the whole state."""
    kind = type(action)
    if kind is Reroll or kind is CancelRoll or kind is SetBlack:
        c = msgspec.structs.replace(state, history=state.history[:], log=state.log[:])
        if kind is not Reroll:
            c.chips = [x[:] for x in state.chips]
            c.gone = state.gone[:]
        return c
    if (kind is Place or kind is Push) and state.turn + 1 < state.players * state.markers:
        c = msgspec.structs.replace(state, grid=state.grid[:], hand=state.hand[:], off=state.off[:], log=state.log[:])
        if kind is Push:
            c.chips = [x[:] for x in state.chips]
            c.gone = state.gone[:]
        return c
    return _clone(state)


def seats(state: State) -> int:
    """Seats with pieces: the humans plus the dummy, if any."""
    return state.players + (1 if state.dummy >= 0 else 0)


def seat_name(state: State, seat: int) -> str:
    return "The dummy" if seat == state.dummy else f"Seat {seat + 1}"


def _say(state: State, events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(Event(kind=kind, text=text, data=data))
    state.log.append(text)
    if len(state.log) > _LOG_LINES:
        del state.log[0]


# =============================================================================== setup


def setup(players: int, options: Mapping[str, str] | None, seed: int) -> State:
    opts = resolve_options(INFO, options)
    check_players(INFO, players)
    rnd = random.Random(seed)
    version = opts["version"]
    dummy = 2 if players == 2 else EMPTY
    n = players + (1 if dummy >= 0 else 0)
    st = State(
        version=version,
        players=players,
        dummy=dummy,
        markers=MARKERS_BY_PLAYERS[players],
        rng=0,
        start=0,
        score=[0] * n,
    )
    if version == "basic":
        normal = list(NORMAL_CHIPS)
        rnd.shuffle(normal)
        black = list(BLACK_CHIPS)
        rnd.shuffle(black)
        k = CHIPS_PER_STACK
        st.stacks = [normal[i * k : (i + 1) * k] for i in range(ROUNDS - 1)] + [black]
        st.chips = [[] for _ in range(n)]
        st.points = [[0] * NB for _ in range(n)]
        st.arrival = [[0] * NB for _ in range(n)]
    else:
        by_type: list[list[int]] = [[] for _ in range(NB)]
        for tile in range(NTILES - 1):  # the extra tower goes straight into the bag
            by_type[TILE_TYPES[tile]].append(tile)
        for pile in by_type:
            rnd.shuffle(pile)
        st.tile_stacks = [[by_type[t].pop() for t in range(NB)] for _ in range(ROUNDS)]
        st.bag = [t for pile in by_type for t in pile] + [NTILES - 1]
        rnd.shuffle(st.bag)
        st.alhambra = [alh.to_flat(alh.new_grid()) for _ in range(players)]
        st.reserve = [[] for _ in range(players)]
    st.rng = rnd.getrandbits(64)
    _begin_round(st, [])
    return st


def _begin_round(st: State, events: list[Event]) -> None:
    n = seats(st)
    st.grid = [EMPTY] * (NB * NCELLS)
    st.hand = [st.markers] * st.players + [0] * (n - st.players)
    st.off = [0] * n
    st.fields = [EMPTY] * NB
    st.col = st.step = 0
    if st.version == "alcazaba":
        st.tiles = [[] for _ in range(NB)]
        for tile in st.tile_stacks.pop(0):
            st.tiles[TILE_TYPES[tile]].append(tile)
        st.drawn = []
        for _ in range(min(BAG_DRAW, len(st.bag))):
            tile = st.bag.pop()
            st.drawn.append(tile)
            st.tiles[TILE_TYPES[tile]].append(tile)
    if st.round < ROUNDS:
        b = roll(st, 1)[0]
        st.fields[b] = START_CHIP
        if st.version == "basic":
            stack = st.stacks.pop(0)
            for col in range(NB):
                if col != b:
                    st.fields[col] = stack.pop(0)
    elif st.version == "basic":
        st.fields = st.stacks.pop(0)
    _say(st, events, "round", f"Round {st.round} begins; {seat_name(st, st.start)} starts.", round=st.round)
    if st.dummy >= 0:
        _place_dummy(st, events)
    st.turn = 0
    st.phase = ROLL
    st.seat = st.start
    _start_turn(st)


def _place_dummy(st: State, events: list[Event]) -> None:
    if st.version == "basic":
        first = roll(st, 1)[0]
        columns = [(first + k) % NB for k in range(len(DUMMY_ROWS))]
    else:
        # Alcazaba: by the buildings of the bag tiles in drawing order. HOUSE: when the bag ran
        # short (round 5), a white die stands in for each missing draw.
        columns = [TILE_TYPES[t] for t in st.drawn[: len(DUMMY_ROWS)]]
        while len(columns) < len(DUMMY_ROWS):
            columns.append(roll(st, 1)[0])
    spots = []
    for b, row in zip(columns, DUMMY_ROWS, strict=True):
        cell = landing(st.grid, b, CELL_INDEX[(row, 3)])
        if cell < NCELLS:
            st.grid[b * NCELLS + cell] = st.dummy
        else:
            st.off[st.dummy] += 1
        spots.append(f"{BUILDING_NAMES[b]} {cell_name(cell)}")
    _say(st, events, "dummy", "The dummy places on " + ", ".join(spots) + ".")


def _start_turn(st: State) -> None:
    st.dice = roll_all(st)
    st.history = [st.dice]
    st.kept = 0
    st.black = EMPTY


# =============================================================================== legal moves


def _owns(st: State, seat: int, effect: str) -> int:
    """Index in the seat's chips of one chip with ``effect``, or -1."""
    if st.version != "basic":
        return -1
    for i, c in enumerate(st.chips[seat]):
        if CHIPS[c].effect == effect:
            return i
    return -1


def _grid_of(st: State, seat: int) -> alh.Grid:
    return alh.from_flat(st.alhambra[seat])


def to_act(st: State) -> frozenset[int]:
    return frozenset() if st.phase == OVER else frozenset((st.seat,))


def legal_actions(st: State, seat: int) -> list[Action]:
    if st.phase == OVER or seat != st.seat:
        return []
    phase = st.phase
    if phase == ROLL:
        return _legal_roll(st, seat)
    if phase == CLAIM:
        if st.fixed != EMPTY:
            chips: tuple[bool, ...] = (bool(st.fixed),)
        else:
            chips = (False, True) if st.fields[st.col] != EMPTY else (False,)
        tos = range(NB) if _owns(st, seat, SWAP) >= 0 else (st.col,)
        return [Claim(chip=c, to=t) for c in chips for t in tos]
    if phase == START:
        return [NameStart(s) for s in range(st.players)]
    # TAKE
    flat = tuple(st.alhambra[seat])
    out: list[Action] = []
    for tile in st.tiles[st.col]:
        out += [Take(tile, x, y) for x, y in _placements(flat, tile)]
        out.append(TakeToReserve(tile))
    if st.fields[st.col] == START_CHIP:
        out.append(TakeStart())
    return out


# Move generation runs on every step of every game: these tables turn it into look-ups.
_TARGET: tuple[tuple[int, ...], ...] = tuple(
    tuple(target(n, rolls) if n and rolls else -1 for n in range(DICE + 2)) for rolls in range(4)
)
"""_TARGET[rolls][count] = the cell aimed at (counts up to 9 with the black die)."""
_PLACES: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(b, n, c) for c in range(NCELLS + 1)) for n in range(DICE + 2)) for b in range(NB)
)
_BLACKS: tuple[SetBlack, ...] = tuple(SetBlack(f) for f in range(NB))


def _legal_roll(st: State, seat: int) -> list[Action]:
    rolls = len(st.history)
    out: list[Action] = list(ALL_REROLLS) if rolls < 3 else []
    cnt = [0] * NB
    for f in st.dice:
        cnt[f] += 1
    if st.black != EMPTY:
        cnt[st.black] += 1
    grid = st.grid
    basic = st.version == "basic"
    owned = st.chips[seat] if basic else ()
    effects = {CHIPS[c].effect for c in owned} if owned else ()
    push = PUSH in effects
    aims = _TARGET[rolls]
    for b in range(NB):
        n = cnt[b]
        if n:
            cell = land = aims[n]
            base = b * NCELLS
            while land < NCELLS and grid[base + land] != EMPTY:
                land += 1
            out.append(_PLACES[b][n][land])
            if push and land != cell:
                out.append(Push(b, n, cell))
    if effects:
        if CANCEL in effects:
            out.append(CancelRoll())
        if BLACK_DIE in effects and st.black == EMPTY:
            out += _BLACKS
    elif not basic and rolls < 3:
        out += _redesigns(st, seat)
    return out


def _redesigns(st: State, seat: int) -> list[Action]:
    return list(_redesign_options(tuple(st.alhambra[seat]), tuple(sorted(set(st.reserve[seat])))))


@lru_cache(maxsize=4096)
def _redesign_options(flat: tuple[int, ...], reserve: tuple[int, ...]) -> tuple[Action, ...]:
    # Cached: an Alhambra and reserve stay the same through a whole turn and round end.
    grid = alh.from_flat(list(flat))
    out: list[Action] = []
    for tile in reserve:
        out += [Build(tile, x, y) for x, y in alh.placements(grid, tile)]
    out += [Remove(x, y) for x, y in alh.removable(grid)]
    for tile in reserve:
        out += [
            Swap(tile, x, y) for (x, y) in sorted(grid, key=lambda c: (c[1], c[0])) if alh.can_swap(grid, tile, x, y)
        ]
    return tuple(out)


@lru_cache(maxsize=4096)
def _placements(flat: tuple[int, ...], tile: int) -> tuple[tuple[int, int], ...]:
    return tuple(alh.placements(alh.from_flat(list(flat)), tile))


# =============================================================================== validation


def _fields_ok(action: Any) -> bool:
    for name in action.__struct_fields__:
        v = getattr(action, name)
        if name == "chip":
            if type(v) is not bool:
                return False
        elif type(v) is not int:
            return False
    return True


def _illegal(text: str, **fields: Any) -> IllegalAction:
    return IllegalAction(text, **fields)


def _check(st: State, seat: int, a: Any) -> None:
    """Raise the specific error for an action that does not apply; return if it does."""
    if not isinstance(a, Action) or not _fields_ok(a):
        raise InvalidAction("That is not an Alhambra Dice move.", action=repr(a)[:80])
    if st.phase == OVER:
        raise GameOver("The game is over.")
    if type(seat) is not int or seat != st.seat:
        raise NotYourTurn(f"It is {seat_name(st, st.seat)}'s turn.", seat=seat)
    phase = st.phase
    basic = st.version == "basic"
    if isinstance(a, (Reroll, Place, Push, CancelRoll, SetBlack, Build, Remove, Swap)) and phase != ROLL:
        raise _illegal("That move belongs to a turn with the dice; now is the round end.")
    rolls = len(st.history)
    match a:
        case Reroll(mask=mask):
            if not 1 <= mask < 1 << DICE:
                raise _illegal("Choose at least one of the eight white dice to re-roll.", mask=mask)
            if rolls >= 3:
                raise _illegal("You have already re-rolled twice; place your marker now.")
        case Place(building=b, count=n, cell=cell) | Push(building=b, count=n, cell=cell):
            if not 0 <= b < NB:
                raise _illegal("There is no such building.", building=b)
            have = counts(st)[b]
            if have == 0:
                raise _illegal(f"No die shows {BUILDING_NAMES[b]}; you cannot place there.", building=b)
            if n != have:
                raise _illegal(f"You have {have} {BUILDING_NAMES[b]} dice, not {n}.", building=b, count=n)
            aim = target(n, rolls)
            if isinstance(a, Place):
                land = landing(st.grid, b, aim)
                if cell != land:
                    raise _illegal(
                        f"Your marker would land on {BUILDING_NAMES[b]} {cell_name(land)}, "
                        f"not {cell_name(cell) if cell >= 0 else cell}.",
                        cell=cell,
                    )
            else:
                if _owns(st, seat, PUSH) < 0:
                    raise _illegal("You have no push-down chip.")
                if cell != aim:
                    raise _illegal(f"The push-down chip places on {cell_name(aim)} itself.", cell=cell)
                if st.grid[b * NCELLS + aim] == EMPTY:
                    raise _illegal(f"{BUILDING_NAMES[b]} {cell_name(aim)} is free; just place there.")
        case CancelRoll():
            if _owns(st, seat, CANCEL) < 0:
                raise _illegal("You have no cancel-roll chip.")
        case SetBlack(face=f):
            if _owns(st, seat, BLACK_DIE) < 0:
                raise _illegal("You have no black-die chip.")
            if st.black != EMPTY:
                raise _illegal("Only one black-die chip may be used per turn.")
            if not 0 <= f < NB:
                raise _illegal("The black die has no such face.", face=f)
        case Build() | Remove() | Swap():
            if basic:
                raise _illegal("Redesigning belongs to the Alcazaba version.")
            if rolls >= 3:
                raise _illegal("You may redesign only after your first or second roll.")
            _check_redesign(st, seat, a)
        case Claim(chip=chip, to=to):
            if phase != CLAIM:
                raise _illegal("There is no reward to claim now.")
            if st.fixed != EMPTY and chip != bool(st.fixed):
                what = "1 point and the chip" if st.fixed else "2 building points"
                raise _illegal(f"The other player chose first; you receive {what}.")
            if not 0 <= to < NB:
                raise _illegal("There is no such building.", to=to)
            if chip and st.fixed == EMPTY and st.fields[st.col] == EMPTY:
                raise _illegal(f"There is no chip on the {BUILDING_NAMES[st.col]} bonus field.")
            if to != st.col and _owns(st, seat, SWAP) < 0:
                raise _illegal(f"Your points go on {BUILDING_NAMES[st.col]}; you have no building-switch chip.", to=to)
        case NameStart(seat=s):
            if phase != START:
                raise _illegal("Only the taker of the start-player chip names the next start player.")
            if not 0 <= s < st.players:
                raise _illegal("Name one of the players.", seat=s)
        case Take() | TakeToReserve() | TakeStart():
            if phase != TAKE:
                raise _illegal("Tiles are taken only at the end of the round.")
            if isinstance(a, TakeStart):
                if st.fields[st.col] != START_CHIP:
                    raise _illegal("The start-player chip is not in this column.")
            elif a.tile not in st.tiles[st.col]:
                raise _illegal(f"That tile is not in the {BUILDING_NAMES[st.col]} column.", tile=a.tile)
            elif isinstance(a, Take) and not alh.can_place(_grid_of(st, seat), a.tile, a.x, a.y):
                raise _illegal(_why_not_place(_grid_of(st, seat), a.tile, a.x, a.y), x=a.x, y=a.y)


def _why_not_place(grid: alh.Grid, tile: int, x: int, y: int) -> str:
    where = f"{tile_label(tile)} cannot go at {x},{y}"
    if (x, y) in grid:
        return f"{where}: that space is already built."
    if not any((x + dx, y + dy) in grid for dx, dy in alh.DIRS):
        return f"{where}: a tile must touch your Alhambra side to side."
    fits, opened = alh._walls_fit(grid, tile, x, y)
    if not fits:
        return f"{where}: walls must meet walls and open sides open sides."
    if not opened:
        return f"{where}: it must be reachable from the fountain without crossing a wall."
    return f"{where}: it would leave an enclosed empty space."


def _check_redesign(st: State, seat: int, a: Build | Remove | Swap) -> None:
    grid = _grid_of(st, seat)
    if isinstance(a, Remove):
        if (a.x, a.y) == (0, 0):
            raise _illegal("The fountain stays where it is.")
        if (a.x, a.y) not in grid:
            raise _illegal(f"There is no tile at {a.x},{a.y}.", x=a.x, y=a.y)
        if not alh.can_remove(grid, a.x, a.y):
            raise _illegal("Removing that tile would cut off part of your Alhambra or leave a hole.", x=a.x, y=a.y)
        return
    if a.tile not in st.reserve[seat]:
        raise _illegal("That tile is not on your reserve board.", tile=a.tile)
    if isinstance(a, Build):
        if not alh.can_place(grid, a.tile, a.x, a.y):
            raise _illegal(_why_not_place(grid, a.tile, a.x, a.y), x=a.x, y=a.y)
    elif not alh.can_swap(grid, a.tile, a.x, a.y):
        raise _illegal(f"{tile_label(a.tile)} cannot replace the tile at {a.x},{a.y}: walls must match.", x=a.x, y=a.y)


# =============================================================================== apply


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if (
        type(action) is Reroll
        and state.phase == ROLL
        and seat == state.seat
        and type(action.mask) is int
        and 0 < action.mask < 1 << DICE
        and len(state.history) < 3
    ):
        return _reroll(state, seat, action.mask)  # the most common move: checked right here
    _check(state, seat, action)
    st = _copy_for(state, action)
    ev: list[Event] = []
    name = seat_name(st, seat)
    match action:
        case Reroll(mask=mask):
            return _reroll(state, seat, mask)
        case Place(building=b, cell=cell):
            _put(st, seat, b, cell, ev)
            _end_turn(st, ev)
        case Push(building=b, cell=cell):
            _spend(st, seat, PUSH)
            _push(st, seat, b, cell, ev)
            _end_turn(st, ev)
        case CancelRoll():
            _spend(st, seat, CANCEL)
            st.history.pop()
            if st.history:
                st.dice = st.history[-1]
            else:  # the first roll itself is void: roll the eight dice afresh
                st.dice = roll_all(st)
                st.history = [st.dice]
            st.kept = 0
            _say(st, ev, "cancel", f"{name} cancels a roll.")
        case SetBlack(face=f):
            _spend(st, seat, BLACK_DIE)
            st.black = f
            _say(st, ev, "black", f"{name} sets the black die to {BUILDING_NAMES[f]}.")
        case Claim(chip=chip, to=to):
            if st.fixed == EMPTY:
                st.first_chip = chip
            st.step += 1
            st.phase = ROLL  # placeholder; _award / _resolve set the real phase
            if not _award(st, seat, chip, to, ev):
                _resolve(st, ev)
        case NameStart(seat=s):
            st.start = s
            _say(st, ev, "start", f"{name} names {seat_name(st, s)} start player of the next round.")
            _resolve(st, ev)
        case Build(tile=t, x=x, y=y) | Swap(tile=t, x=x, y=y):
            grid = _grid_of(st, seat)
            st.reserve[seat].remove(t)
            if isinstance(action, Swap):
                st.reserve[seat].append(grid[(x, y)])
            grid[(x, y)] = t
            st.alhambra[seat] = alh.to_flat(grid)
            _say(st, ev, "redesign", f"{name} redesigns: {describe(action)}.")
            _spend_marker(st, seat)
            _end_turn(st, ev)
        case Remove(x=x, y=y):
            grid = _grid_of(st, seat)
            st.reserve[seat].append(grid.pop((x, y)))
            st.alhambra[seat] = alh.to_flat(grid)
            _say(st, ev, "redesign", f"{name} redesigns: {describe(action)}.")
            _spend_marker(st, seat)
            _end_turn(st, ev)
        case Take(tile=t) | TakeToReserve(tile=t):
            st.tiles[st.col].remove(t)
            if isinstance(action, Take):
                grid = _grid_of(st, seat)
                grid[(action.x, action.y)] = t
                st.alhambra[seat] = alh.to_flat(grid)
            else:
                st.reserve[seat].append(t)
            _pop_top(st)
            _say(st, ev, "take", f"{name}: {describe(action)}.", tile=t)
            _resolve(st, ev)
        case TakeStart():
            st.fields[st.col] = EMPTY
            _pop_top(st)
            _say(st, ev, "take", f"{name} takes the start-player chip.")
            st.phase = START
    return st, ev


def _reroll(state: State, seat: int, mask: int) -> tuple[State, list[Event]]:
    st = msgspec.structs.replace(state, history=state.history[:], log=state.log[:])
    fresh = roll(st, DICE)
    st.dice = [fresh[i] if mask >> i & 1 else d for i, d in enumerate(st.dice)]
    st.history.append(st.dice)
    st.kept = ~mask & 0xFF
    n = mask.bit_count()
    ev: list[Event] = []
    _say(st, ev, "reroll", f"{seat_name(st, seat)} re-rolls {n} {'die' if n == 1 else 'dice'}.", mask=mask)
    return st, ev


def _spend(st: State, seat: int, effect: str) -> None:
    i = _owns(st, seat, effect)
    st.gone.append(st.chips[seat].pop(i))


def _spend_marker(st: State, seat: int) -> None:
    st.hand[seat] -= 1
    st.off[seat] += 1


def _put(st: State, seat: int, b: int, cell: int, ev: list[Event]) -> None:
    st.hand[seat] -= 1
    if cell >= NCELLS:
        st.off[seat] += 1
        _say(st, ev, "place", f"{seat_name(st, seat)}'s marker falls off {BUILDING_NAMES[b]}.")
    else:
        st.grid[b * NCELLS + cell] = seat
        _say(st, ev, "place", f"{seat_name(st, seat)} places on {BUILDING_NAMES[b]} {cell_name(cell)}.")


def _push(st: State, seat: int, b: int, cell: int, ev: list[Event]) -> None:
    st.hand[seat] -= 1
    base = b * NCELLS
    carry = seat
    for i in range(cell, NCELLS):
        carry, st.grid[base + i] = st.grid[base + i], carry
        if carry == EMPTY:
            break
    else:
        st.off[carry] += 1
        _say(st, ev, "pushoff", f"{seat_name(st, carry)}'s marker is pushed off {BUILDING_NAMES[b]}.")
    _say(st, ev, "push", f"{seat_name(st, seat)} pushes onto {BUILDING_NAMES[b]} {cell_name(cell)}.")


def _end_turn(st: State, ev: list[Event]) -> None:
    st.turn += 1
    st.black = EMPTY
    if st.turn < st.players * st.markers:
        st.seat = (st.start + st.turn) % st.players
        _start_turn(st)
        return
    st.history = []
    st.dice = []
    st.kept = 0
    st.col = st.step = 0
    _resolve(st, ev)


# =============================================================================== round end


def _resolve(st: State, ev: list[Event]) -> None:
    if st.version == "basic":
        _resolve_basic(st, ev)
    else:
        _resolve_alcazaba(st, ev)


def _column(st: State, b: int) -> list[int]:
    return [o for o in st.grid[b * NCELLS : (b + 1) * NCELLS] if o != EMPTY]


def _ask(st: State, phase: str, seat: int, fixed: int = EMPTY) -> None:
    st.phase, st.seat, st.fixed = phase, seat, fixed


def _resolve_basic(st: State, ev: list[Event]) -> None:
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
            if f != st.dummy and _owns(st, f, SWAP) >= 0:
                _ask(st, CLAIM, f, 0)
                return
            st.step = 1
            if _award(st, f, False, b, ev):
                return
            continue
        if st.step == 1:
            s = st.second
            chip = not st.first_chip
            if s != EMPTY and s != st.dummy and _owns(st, s, SWAP) >= 0:
                _ask(st, CLAIM, s, int(chip))
                return
            st.step = 2
            if s != EMPTY and _award(st, s, chip, b, ev):
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


def _award(st: State, seat: int, chip: bool, to: int, ev: list[Event]) -> bool:
    """Give a package; True when the seat must now name the next start player."""
    b = st.col
    name = seat_name(st, seat)
    if to != b:
        _spend(st, seat, SWAP)
    gain = 1 if chip else 2
    old = st.points[seat][to]
    new = min(MAX_POINTS, old + gain)
    if new != old:
        st.stamp += 1
        st.points[seat][to] = new
        st.arrival[seat][to] = st.stamp
    where = BUILDING_NAMES[to] + ("" if to == b else f" (switched from {BUILDING_NAMES[b]})")
    _say(st, ev, "points", f"{name} gains {gain} building point{'s' * (gain > 1)} on {where}: now {new}.")
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
            _say(st, ev, "start", f"The dummy takes the start-player chip: {seat_name(st, st.start)} starts next.")
            return False
        _say(st, ev, "chip", f"{name} takes the start-player chip.")
        _ask(st, START, seat)
        return True
    if seat == st.dummy and CHIPS[c].effect != POINTS:
        st.gone.append(c)
        _say(st, ev, "chip", f"The dummy discards the {chip_label(c)} chip.")
    else:
        st.chips[seat].append(c)
        _say(st, ev, "chip", f"{name} takes the {chip_label(c)} chip.")
    return False


def _pop_top(st: State) -> None:
    base = st.col * NCELLS
    for i in range(base, base + NCELLS):
        if st.grid[i] != EMPTY:
            st.grid[i] = EMPTY
            return


def _resolve_alcazaba(st: State, ev: list[Event]) -> None:
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
                _say(st, ev, "discard", f"{len(st.tiles[b])} {BUILDING_NAMES[b]} tile(s) leave the game.")
                st.tiles[b] = []
            st.fields[b] = EMPTY
            st.grid[b * NCELLS : (b + 1) * NCELLS] = [EMPTY] * NCELLS
            st.col += 1
            continue
        top = owners[0]
        if top != st.dummy:
            _ask(st, TAKE, top)
            return
        _pop_top(st)
        if st.tiles[b]:
            # HOUSE reading of the seed's "from the lower one": the cheapest tile.
            tile = min(st.tiles[b], key=lambda t: (TILE_PRICES[t], t))
            st.tiles[b].remove(tile)
            st.dummy_tiles.append(tile)
            _say(st, ev, "take", f"The dummy takes {tile_label(tile)}.")
        else:
            st.fields[b] = EMPTY
            st.start = 1 - st.start
            _say(st, ev, "start", f"The dummy takes the start-player chip: {seat_name(st, st.start)} starts next.")


def _end_round(st: State, ev: list[Event]) -> None:
    st.grid = [EMPTY] * (NB * NCELLS)
    st.fields = [EMPTY] * NB
    letter = SCORE_ROUNDS.get(st.round)
    if letter:
        before = list(st.score)
        (score_basic if st.version == "basic" else score_alcazaba)(st, letter)
        gains = ", ".join(f"{seat_name(st, s)} +{st.score[s] - before[s]}" for s in range(len(st.score)))
        _say(st, ev, "scoring", f"Scoring {letter}: {gains}.", letter=letter)
    if st.round >= ROUNDS:
        st.phase = OVER
        st.seat = EMPTY
        _say(st, ev, "end", "The game is over.")
        return
    st.round += 1
    _begin_round(st, ev)


# =============================================================================== result


def result(st: State) -> Result | None:
    if st.phase != OVER:
        return None
    scores = tuple(st.score[: st.players])
    ranks = rank_by([(s,) for s in scores])
    notes = []
    if ranks.count(1) > 1:
        notes.append("Equal top scores share the victory (house rule: the rules give no tie-breaker).")
    if st.dummy >= 0:
        notes.append(f"The dummy scored {st.score[st.dummy]}.")
    return Result(scores=scores, ranks=ranks, note=" ".join(notes))


class AlhambraDiceGame:
    """Alhambra: The Dice Game, basic and Alcazaba versions (option ``version``)."""

    info = INFO
    state_type = State
    action_type = Action

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return setup(players, options, seed)

    def to_act(self, state: State) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return apply(state, seat, action)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        from .view import view  # view imports engine helpers; keep the import cycle one-way

        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return result(state)

    def encode_action(self, action: Action) -> str:
        return encode(action)

    def decode_action(self, code: str) -> Action:
        return decode(code)

    def describe_action(self, action: Action) -> str:
        return describe(action)
