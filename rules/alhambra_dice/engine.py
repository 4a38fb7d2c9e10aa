"""The rules of both versions: setup, turns, round end, and the Game object.

Turn flow: a turn starts with the 8 white dice already rolled; the player re-rolls (at most
twice), may use chips, and ends the turn by placing a marker (or, in Alcazaba, by redesigning).
After the last marker of a round the columns are resolved Pavilion -> Tower; players only act
there when they have a real choice, everything forced is applied at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from operator import itemgetter
from typing import Any

import msgspec

from rules.base import (
    Event,
    GameInfo,
    OptionSpec,
    check_players,
    resolve_options,
)
from rules.rng import RNG_CURRENT, RNG_KEYED2, RNG_MT, make_random

from . import alhambra as alh
from . import undo
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
    BLACK_CHIPS,
    BLACK_DIE,
    BUILDING_NAMES,
    CANCEL,
    CHIPS_PER_STACK,
    DICE,
    MARKERS_BY_PLAYERS,
    NB,
    NCELLS,
    NORMAL_CHIPS,
    NTILES,
    PUSH,
    ROUNDS,
    TILE_TYPES,
    cell_name,
)
from .dice import BLAKE_KEY_BYTES, fresh_dice, roll_all
from .legality import check
from .moves import TARGETS, legal_actions
from .rounds import award, begin_round, end_turn, pop_top, resolve
from .scoring import result
from .state import CLAIM, EMPTY, OVER, ROLL, START, Line, State, grid_of, line, recent, said, say, seat_name, spend
from .view import move_text, view

INFO = GameInfo(
    name="alhambra_dice",
    title="Alhambra: The Dice Game",
    min_players=2,
    max_players=6,
    simultaneous=False,
    hidden_information=True,
    # Basic: <= 90 turns x (2 re-rolls + black die + place) + each cancel chip (3 in the mix) x 2
    # + 5 rounds x (6 columns x 2 round-end choices + naming a start player) = 431; Alcazaba:
    # 90 x 3 + 5 x (12 tiles + start chip + naming) = 340. Random games stay near 320 (tests).
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


def _copy_for(state: State, action: Action) -> State:
    """A copy deep enough for ``action``: only the lists the move may change in place are copied,
    the rest are shared with ``state``, which stays as it was (tests/rules/alhambra_dice/test_engine_copies.py).

    The dice moves touch a few lists; a move that may end the round copies what the round's end
    changes in place (_copy_basic_round_end, _copy_alcazaba)."""
    kind = type(action)
    if kind is Reroll or kind is CancelRoll or kind is SetBlack:
        c = msgspec.structs.replace(state, history=state.history[:], log=state.log[:], log_data=state.log_data[:])
        if kind is not Reroll:
            c.chips = [x[:] for x in state.chips]
            c.gone = state.gone[:]
        return c
    if (kind is Place or kind is Push) and state.turn + 1 < state.players * state.markers:
        c = msgspec.structs.replace(state, grid=state.grid[:], hand=state.hand[:], off=state.off[:],
                                    log=state.log[:], log_data=state.log_data[:])
        if kind is Push:
            c.chips = [x[:] for x in state.chips]
            c.gone = state.gone[:]
        return c
    if state.version == "basic":
        return _copy_basic_round_end(state)
    return _copy_alcazaba(state)


def _round_lists(s: State) -> dict[str, list[Any]]:
    """Fresh copies of the lists every version's round-ending or redesigning move changes in place:
    the hand, the markers off the board, the dice area, the bonus fields and the picture's log."""
    return {"hand": s.hand[:], "off": s.off[:], "grid": s.grid[:], "fields": s.fields[:], "log": s.log[:],
            "log_data": s.log_data[:]}


def _copy_basic_round_end(s: State) -> State:
    """A copy for a basic game's move that may end the round: what the columns' rewards change in
    place (the dice area, the bonus fields, chips, building points) and a placement's hand and
    markers. The round's end takes new lists for the scores, the chip stacks and the next round's
    dice area, fields, hands and markers (rounds.py); the Alcazaba fields are empty."""
    return msgspec.structs.replace(
        s,
        **_round_lists(s),
        gone=s.gone[:],
        chips=[x[:] for x in s.chips],
        points=[x[:] for x in s.points],
        arrival=[x[:] for x in s.arrival],
    )


def _copy_alcazaba(s: State) -> State:
    """A copy for an Alcazaba move that is not a dice move (a redesign, a round-end take or naming)
    or that may end the round: what the redesigns, the round-end takes and the columns change in
    place (the reserves, the tile columns, the discarded and dummy's tiles, the dice area, the fields,
    hands and markers), and the list of Alhambras, whose rows are replaced, never changed. The
    round's end takes new lists for the scores, the tile stacks, the bag and the next round (rounds.py);
    the basic game's chips and points are empty."""
    return msgspec.structs.replace(
        s,
        **_round_lists(s),
        dummy_tiles=s.dummy_tiles[:],
        discarded=s.discarded[:],
        tiles=[x[:] for x in s.tiles],
        alhambra=s.alhambra[:],
        reserve=[x[:] for x in s.reserve],
    )


def setup(players: int, options: Mapping[str, str] | None, seed: int, rng: int = RNG_CURRENT) -> State:
    opts = resolve_options(INFO, options)
    check_players(INFO, players)
    rnd = make_random(seed, rng)
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
    if rng == RNG_MT:
        st.rng = rnd.getrandbits(64)  # the splitmix64 state of games stored before the keyed stream
    else:  # the key's length names the dice stream (dice.py): 64 bytes for version 3
        st.rng_key = rnd.randbytes(BLAKE_KEY_BYTES if rng == RNG_KEYED2 else 32)
    begin_round(st, [])
    return st


_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(INFO.max_players))


def to_act(st: State) -> frozenset[int]:
    """One seat acts at a time (the dummy never does)."""
    return _NOBODY if st.phase == OVER else _ONLY[st.seat]


def _fast_reroll(state: State, seat: int, action: Action) -> bool:
    """The most common move, checked right here (check() would pass it)."""
    return (
        type(action) is Reroll
        and state.phase == ROLL
        and type(seat) is int  # True == 1: a bool seat goes to check(), which refuses it
        and seat == state.seat
        and type(action.mask) is int
        and 0 < action.mask < 1 << DICE
        and len(state.history) < 3
    )


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if _fast_reroll(state, seat, action):
        return _reroll(state, seat, action.mask)  # type: ignore[union-attr]
    if type(action) is Place and _plain_place_ok(state, seat, action):
        if state.turn + 1 < state.players * state.markers:
            return _place(state, seat, action.building, action.cell)
        st = _copy_for(state, action)
        ev: list[Event] = []
        _put(st, seat, action.building, action.cell, ev)
        end_turn(st, ev)
        return st, ev
    if type(action) is Claim and _plain_claim_ok(state, seat, action):
        st = _copy_for(state, action)
        ev = []
        _claim(st, seat, action.chip, action.to, ev)
        return st, ev
    check(state, seat, action)  # anything else, and every illegal move (for its exact reason)
    if type(action) is Reroll:
        return _reroll(state, seat, action.mask)
    st = _copy_for(state, action)
    ev = []
    _play(st, seat, action, ev, state)
    return st, ev


def apply_owned(state: State, seat: int, action: Action) -> State:
    """``apply`` for a caller that owns ``state`` outright (the search's playouts; rules.base.owned_apply):
    the same checks and errors and the same next state, but ``state`` itself is changed, with every
    list in it (so also lists a state from ``apply`` shares with the state it was made from: pass a
    state made by setup, determinise or apply_owned, or by apply from a state you drop), and no events
    are built: the picture's recent lines (``log``, ``log_data``) are left empty."""
    kind = type(action)
    # The two common moves are checked and played inline (a playout makes ~250 moves a game).
    if kind is Reroll and _fast_reroll(state, seat, action):
        mask = action.mask  # type: ignore[union-attr]
        state.dice = dice = list(_MIX[mask]((*fresh_dice(state), *state.dice)))
        state.history.append(dice)
        state.kept = ~mask & 0xFF
    elif kind is Place and _plain_place_ok(state, seat, action):
        b, cell = action.building, action.cell  # type: ignore[union-attr]
        state.hand[seat] -= 1
        if cell >= NCELLS:
            state.off[seat] += 1
        else:
            state.grid[b * NCELLS + cell] = seat
        end_turn(state, None)
    elif kind is Claim and _plain_claim_ok(state, seat, action):
        _claim(state, seat, action.chip, action.to, None)  # type: ignore[union-attr]
    else:
        check(state, seat, action)  # a refused move leaves the state as it was, log included
        if kind is Reroll:
            _reroll_owned(state, action.mask)  # type: ignore[union-attr]
        else:
            _play(state, seat, action, None, None)
    if state.log:  # the lines of moves before this one, no longer the latest
        state.log = []
        state.log_data = []
    return state


def _plain_claim_ok(state: State, seat: int, a: Claim) -> bool:
    """A round-end reward on the column's own building, checked without the general dispatch (check()
    would pass it; anything else goes there, for its exact reason)."""
    if state.phase != CLAIM or type(seat) is not int or seat != state.seat or a.to != state.col:
        return False
    chip = a.chip
    if type(chip) is not bool or type(a.to) is not int:
        return False
    if state.fixed != EMPTY:
        return chip == bool(state.fixed)
    return not chip or state.fields[state.col] != EMPTY


def _claim(st: State, seat: int, chip: bool, to: int, ev: list[Event] | None) -> None:
    if st.fixed == EMPTY:
        st.first_chip = chip
    st.step += 1
    st.phase = ROLL  # placeholder; award / resolve set the real phase
    if not award(st, seat, chip, to, ev):
        resolve(st, ev)


def _play(st: State, seat: int, action: Action, ev: list[Event] | None, before: State | None) -> None:
    """A checked move other than a re-roll, applied to ``st``; its events are appended to ``ev``
    (None: none are built) and worded from ``before``, the state before the move."""
    name = seat_name(st, seat)
    match action:
        case Place(building=b, cell=cell):
            _put(st, seat, b, cell, ev)
            end_turn(st, ev)
        case Push(building=b, cell=cell):
            spend(st, seat, PUSH)
            _push(st, seat, b, cell, ev)
            end_turn(st, ev)
        case CancelRoll():
            spend(st, seat, CANCEL)
            st.history.pop()
            if st.history:
                st.dice = st.history[-1]
            else:  # the first roll itself is void: roll the eight dice afresh
                st.dice = roll_all(st)
                st.history = [st.dice]
            st.kept = 0
            say(st, ev, "cancel", f"{name} cancels a roll.", seat=seat)
        case SetBlack(face=f):
            spend(st, seat, BLACK_DIE)
            st.black = f
            say(st, ev, "black", f"{name} sets the black die to {BUILDING_NAMES[f]}.", seat=seat, face=f)
        case Claim(chip=chip, to=to):
            _claim(st, seat, chip, to, ev)
        case NameStart(seat=s):
            st.start = s
            say(st, ev, "start", f"{name} names {seat_name(st, s)} start player of the next round.", seat=seat, named=s)
            resolve(st, ev)
        case Build(tile=t, x=x, y=y) | Swap(tile=t, x=x, y=y):
            grid = grid_of(st, seat)
            st.reserve[seat].remove(t)
            if isinstance(action, Swap):
                st.reserve[seat].append(grid[(x, y)])
            grid[(x, y)] = t
            st.alhambra[seat] = alh.to_flat(grid)
            if ev is not None and before is not None:
                _say_redesign(st, ev, before, seat, action, x, y, tile=t)
            _spend_marker(st, seat)
            end_turn(st, ev)
        case Remove(x=x, y=y):
            grid = grid_of(st, seat)
            st.reserve[seat].append(grid.pop((x, y)))
            st.alhambra[seat] = alh.to_flat(grid)
            if ev is not None and before is not None:
                _say_redesign(st, ev, before, seat, action, x, y)
            _spend_marker(st, seat)
            end_turn(st, ev)
        case Take(tile=t) | TakeToReserve(tile=t):
            st.tiles[st.col].remove(t)
            if isinstance(action, Take):
                grid = grid_of(st, seat)
                grid[(action.x, action.y)] = t
                st.alhambra[seat] = alh.to_flat(grid)
            else:
                st.reserve[seat].append(t)
            pop_top(st)
            if ev is not None and before is not None:
                cell = _cell_label(before, seat, action.x, action.y) if isinstance(action, Take) else None
                say(
                    st,
                    ev,
                    "take",
                    f"{name}: {move_text(before, seat, action)}.",
                    tile=t,
                    seat=seat,
                    how=_TAG[type(action)],
                    cell=cell,
                )
            resolve(st, ev)
        case TakeStart():
            st.fields[st.col] = EMPTY
            pop_top(st)
            say(st, ev, "take", f"{name} takes the start-player chip.", seat=seat, how="takestart")
            st.phase = START


_TAG: dict[type, str] = {Build: "build", Swap: "swap", Remove: "remove", Take: "take", TakeToReserve: "keep"}
"""Event data ``how`` of a redesign or a round-end take: the action's tag (a front end words it)."""


def _say_redesign(st: State, ev: list[Event], before: State, seat: int, action: Build | Swap | Remove, x: int,
                  y: int, **data: Any) -> None:
    """The event of a redesign (a tile built or swapped in from the reserve, or one removed to it)."""
    say(st, ev, "redesign", f"{seat_name(st, seat)} redesigns: {move_text(before, seat, action)}.", seat=seat,
        how=_TAG[type(action)], **data, cell=_cell_label(before, seat, x, y))


def _cell_label(state: State, seat: int, x: int, y: int) -> str:
    """The Alhambra cell as the picture labels it before the move (B3), for the event's data."""
    return alh.cell_label(alh.frame(grid_of(state, seat)), x, y)


def _plain_place_ok(state: State, seat: int, a: Place) -> bool:
    """The second most common move, checked without the general dispatch."""
    b, n, cell = a.building, a.count, a.cell
    if state.phase != ROLL or type(seat) is not int or seat != state.seat or type(b) is not int or type(n) is not int:
        return False
    if type(cell) is not int or not 0 <= b < NB or n < 1:
        return False
    # The dice showing b (counts()'s entry for b alone: one C-level count, the black die added).
    if n != state.dice.count(b) + (state.black == b):
        return False
    # landing(grid, b, target(n, rolls)), unrolled: TARGETS is target's table (moves.py)
    land = TARGETS[len(state.history)][n]
    grid = state.grid
    base = b * NCELLS
    while land < NCELLS and grid[base + land] != EMPTY:
        land += 1
    return cell == land


_MIX: tuple[Callable[[list[int]], tuple[int, ...]], ...] = (
    itemgetter(*range(DICE, 2 * DICE)),  # mask 0 is never legal; kept so the table is indexed by mask
    *(itemgetter(*(i if mask >> i & 1 else DICE + i for i in range(DICE))) for mask in range(1, 1 << DICE)),
)
"""_MIX[mask](fresh + old): the dice after a re-roll, the fresh face where ``mask`` has the die's bit, else
the old one (one C call instead of a loop over the eight dice)."""


def _reroll(state: State, seat: int, mask: int) -> tuple[State, list[Event]]:
    # say(), unrolled: the event and its log entries come from _reroll_line's cache, and the kept
    # lines are new lists built once (the old state's lists are shared, never changed).
    event, text, entry = _reroll_line(seat_name(state, seat), seat, mask)
    log, log_data = recent(state, text, entry)
    st = msgspec.structs.replace(state, log=log, log_data=log_data)
    st.dice = dice = list(_MIX[mask]((*fresh_dice(st), *state.dice)))
    st.history = [*state.history, dice]
    st.kept = ~mask & 0xFF
    return st, [event]


def _reroll_owned(st: State, mask: int) -> None:
    """_reroll for a state the caller owns: the dice and their history change in place, no line is said."""
    st.dice = dice = list(_MIX[mask]((*fresh_dice(st), *st.dice)))
    st.history.append(dice)
    st.kept = ~mask & 0xFF


@lru_cache(maxsize=4096)
def _reroll_line(name: str, seat: int, mask: int) -> Line:
    """A re-roll's event with its log line and entry (what say() records), shared like every cached
    event here: an Event is frozen and its data is read-only."""
    n = mask.bit_count()
    return line("reroll", f"{name} re-rolls {n} {'die' if n == 1 else 'dice'}.", mask=mask, seat=seat)


def _spend_marker(st: State, seat: int) -> None:
    st.hand[seat] -= 1
    st.off[seat] += 1


def _put(st: State, seat: int, b: int, cell: int, ev: list[Event] | None) -> None:
    st.hand[seat] -= 1
    if cell >= NCELLS:
        st.off[seat] += 1
    else:
        st.grid[b * NCELLS + cell] = seat
    if ev is None:  # the search's apply_owned: nothing is worded
        return
    said(st, ev, _place_line(seat_name(st, seat), seat, b, cell))


def _place(state: State, seat: int, b: int, cell: int) -> tuple[State, list[Event]]:
    """A checked plain placement that passes the turn on (the round goes on): only the hand, the
    dice area (or the seat's markers off it) and the recent lines change, so only they are copied."""
    event, text, entry = _place_line(seat_name(state, seat), seat, b, cell)
    log, log_data = recent(state, text, entry)
    st = msgspec.structs.replace(state, hand=state.hand[:], log=log, log_data=log_data)
    st.hand[seat] -= 1
    if cell >= NCELLS:
        st.off = state.off[:]
        st.off[seat] += 1
    else:
        st.grid = state.grid[:]
        st.grid[b * NCELLS + cell] = seat
    ev = [event]
    end_turn(st, ev)  # the next seat's turn: new dice, nothing said
    return st, ev


@lru_cache(maxsize=8192)
def _place_line(name: str, seat: int, b: int, cell: int) -> Line:
    """A placement's event with its log line and entry (say()'s), shared like _reroll_line's."""
    if cell >= NCELLS:
        text = f"{name}'s marker falls off {BUILDING_NAMES[b]}."
    else:
        text = f"{name} places on {BUILDING_NAMES[b]} {cell_name(cell)}."
    return line("place", text, seat=seat, building=b, cell=cell)


def _push(st: State, seat: int, b: int, cell: int, ev: list[Event] | None) -> None:
    st.hand[seat] -= 1
    base = b * NCELLS
    carry = seat
    for i in range(cell, NCELLS):
        carry, st.grid[base + i] = st.grid[base + i], carry
        if carry == EMPTY:
            break
    else:
        st.off[carry] += 1
        say(
            st,
            ev,
            "pushoff",
            f"{seat_name(st, carry)}'s marker is pushed off {BUILDING_NAMES[b]}.",
            seat=carry,
            building=b,
            dummy=st.dummy,
        )
    say(
        st,
        ev,
        "push",
        f"{seat_name(st, seat)} pushes onto {BUILDING_NAMES[b]} {cell_name(cell)}.",
        seat=seat,
        building=b,
        cell=cell,
    )


class AlhambraDiceGame:
    """Alhambra: The Dice Game, basic and Alcazaba versions (option ``version``).

    The protocol's methods are the module functions themselves (static): the host and the AIs
    call them at every move, and a wrapper frame each would cost a few percent of a game."""

    info = INFO
    state_type = State
    action_type = Action
    reveals = staticmethod(undo.reveals)  # which moves are final (rules/alhambra_dice/undo.py)

    setup = staticmethod(setup)
    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    apply_owned = staticmethod(apply_owned)
    view = staticmethod(view)
    result = staticmethod(result)
    encode_action = staticmethod(encode)
    decode_action = staticmethod(decode)
    describe_action = staticmethod(describe)
