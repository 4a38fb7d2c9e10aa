"""Ra's rules (seed 000_45a4d92eb0f04f64; RULES_NOTES.md lists the choices we made): setup, who
acts, the legal moves, and ``apply``, which checks a move and plays it on a copy.

A turn is one of: draw a tile, invoke Ra, or use god tiles (gods.py). Auctions are in auction.py,
disasters in disasters.py, the end of an epoch and scoring in epoch.py and scoring.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import (
    Event,
    GameInfo,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionSpec,
    Seat,
    check_players,
    resolve_options,
)
from rules.ra import actions as A
from rules.ra import auction, disasters, gods
from rules.ra.data import (
    AUCTION_SPACES,
    CENTER_START,
    GOD,
    N_TYPES,
    RA,
    STARTING_FAME,
    TILE_COUNTS,
    TILE_IDS,
    TILE_INDEX,
    ra_track_length,
    sun_sets,
)
from rules.ra.epoch import end_epoch, result
from rules.ra.shuffle import shuffle_setup
from rules.ra.state import AUCTION, DISASTER, GODS, LOG_KEEP, OVER, PLAY, RaState, copy_state, own_tables
from rules.ra.turns import (
    DRAW_EVENTS,
    INVOKE_EVENTS,
    MAX_DISK,
    draw_event,
    end_turn,
    first_player,
    invoke_event,
    log,
    name,
    next_active,
    phase_error,
    remember,
)
from rules.rng import RNG_CURRENT

# Every draw uses a bag tile (180); every auction ends with a disk spent, a Ra tile spent or 8
# tiles discarded (< 200 auctions of at most 5 bids); gods <= 16; disaster choices <= 20.
MAX_ACTIONS = 2500

INFO = GameInfo(
    name="ra",
    title="Ra",
    min_players=3,
    max_players=5,
    simultaneous=False,
    hidden_information=True,
    max_actions=MAX_ACTIONS,
    options=(
        OptionSpec(
            name="hidden_fame",
            choices=("off", "on"),
            default="off",
            description="Keep fame totals secret until the end (each player sees their own).",
        ),
    ),
)

__all__ = [
    "INFO", "MAX_ACTIONS", "apply", "apply_owned", "default_action", "legal_actions", "result", "setup", "to_act",
]


_SORTED_BAG = tuple(t for t, c in enumerate(TILE_COUNTS) for _ in range(c))
"""Every tile, by type, before the shuffle."""
_START_DISKS = {n: sorted([CENTER_START, *(d for st in sun_sets(n) for d in st)]) for n in range(3, 6)}
"""Every disk in play by the number of players (the same whoever is dealt which set)."""


def setup(players: int, options: Mapping[str, str], seed: int, rng: int = RNG_CURRENT) -> RaState:
    check_players(INFO, players)
    opts = resolve_options(INFO, options)
    bag = list(_SORTED_BAG)
    sets = sun_sets(players)
    # the bag, then the sun sets: "適当な方法で、どのプレイヤーがどの山を取るか決めます"
    shuffle_setup(seed, rng, bag, sets)
    s = RaState(
        players=players,
        hidden_fame=opts["hidden_fame"] == "on",
        bag=bag,
        center=CENTER_START,
        up=[sorted(d, reverse=True) for d in sets],
        down=[[] for _ in range(players)],
        fame=[STARTING_FAME] * players,
        held=[[0] * N_TYPES for _ in range(players)],
        discarded=[0] * N_TYPES,
        bids=[-1] * players,
        start_disks=_START_DISKS[players][:],
    )
    s.turn = first_player(s)
    events: list[Event] = []
    log(events, "start", f"Epoch 1 begins; {name(s.turn)} has the highest sun.", seat=s.turn, epoch=1)
    remember(s, events)
    return s


# --------------------------------------------------------------------------- queries

_ONE = tuple(frozenset((seat,)) for seat in range(8))
_NOBODY: frozenset[Seat] = frozenset()
_BID_OF = (None, *(A.Bid(disk=d) for d in range(1, MAX_DISK + 1)))
"""The bid of each disk, by its number (a tuple indexes faster than a dict looks up)."""
_GODS = {t: A.UseGod(tile=TILE_IDS[t]) for t in range(N_TYPES)}
_DISCARDS = {t: A.Discard(tile=TILE_IDS[t]) for t in range(N_TYPES)}
_DRAW = A.DRAW
_INVOKE = A.INVOKE
_PASS = A.PASS
# module-level names for apply_owned's fast path (a global is one lookup, ``A.Bid`` two)
_Bid, _Pass, _Draw, _Invoke = A.Bid, A.Pass, A.Draw, A.InvokeRa
_play_bid, _play_pass = auction.bid, auction.pass_


def actor(s: RaState) -> int:
    """The one seat that must act (-1 when the game is over)."""
    phase = s.phase
    if phase == DISASTER:
        return s.winner
    return s.turn if phase != OVER else -1


def to_act(s: RaState) -> frozenset[Seat]:
    phase = s.phase  # actor(s), inlined: called before every move
    a = s.winner if phase == DISASTER else s.turn if phase != OVER else -1
    return _ONE[a] if a >= 0 else _NOBODY


def legal_actions(s: RaState, seat: Seat) -> list[A.RaAction]:
    """Every legal move of ``seat``: the order is the buttons' order (bids lowest first; the
    least damaging disaster loss first)."""
    phase = s.phase
    if phase == AUCTION:  # the most common phases first
        if seat != s.turn:
            return []
        high = s.high_bid
        # auction.must_bid, inlined: the invoker can't pass once all others have passed
        out: list[A.RaAction] = [] if s.reason == "invoked" and seat == s.ra_holder and high == 0 else [_PASS]
        bids = _BID_OF
        for d in reversed(s.up[seat]):  # lowest first
            if d > high:
                out.append(bids[d])
        return out
    if phase == PLAY:
        if seat != s.turn:
            return []
        out = [_DRAW, _INVOKE] if len(s.track) < AUCTION_SPACES and s.drawn < len(s.bag) else [_INVOKE]
        if s.held[seat][GOD]:
            out.extend([_GODS[t] for t in gods.targets(s)])
        return out
    if phase == DISASTER:
        return [_DISCARDS[t] for t in disasters.options(s)] if seat == s.winner else []
    if seat != s.turn or phase == OVER:  # actor(s) in the other phases
        return []
    # using gods
    takes = [_GODS[t] for t in gods.targets(s)] if s.held[seat][GOD] else []
    return [*takes, A.STOP]


def default_action(s: RaState) -> A.RaAction | None:
    """What a clock plays for a seat that timed out: pass (or the lowest bid when forced), the
    least damaging disaster loss, stop using gods, else draw (or invoke on a full track)."""
    seat = actor(s)
    if seat < 0:
        return None
    if s.phase == GODS:
        return A.STOP
    return legal_actions(s, seat)[0]


# --------------------------------------------------------------------------- apply


_Move = Callable[[RaState, int, Any, "list[Event] | None"], None]
"""One move kind's check-and-play (see _MOVES)."""


def apply(state: RaState, seat: Seat, action: A.RaAction) -> tuple[RaState, list[Event]]:
    """Validate ``action`` for ``seat``, then play it on a copy. The input is never changed."""
    move = _MOVES.get(type(action))
    phase = state.phase
    # The usual move passes these three tests at once; _refuse raises the exact error in the
    # order they have always been checked (or lets a bool seat through: apply accepts True as seat 1).
    if (move is None or phase == OVER or seat != (state.winner if phase == DISASTER else state.turn)
            or type(seat) is not int):
        _refuse(state, seat, action)
    s = copy_state(state)  # a refused move raises before changing it (and the copy is dropped)
    events: list[Event] = []
    move(s, seat, action, events)  # type: ignore[misc]
    if events:  # turns.remember, inlined: nearly every move logs something
        s.log = (s.log + events)[-LOG_KEEP:]
    return s, events


def apply_owned(state: RaState, seat: Seat, action: A.RaAction) -> RaState:
    """``apply`` for a caller that owns ``state`` outright and never reads it again (the search's
    playouts; see rules.base.owned_apply): the same checks and errors and the same next state, except
    that the short event log (``log``) is left as it was and no events are built. ``state`` itself is
    played on and returned, with every list in it, so also lists a state from ``apply`` shares with
    the state it was made from: pass a state made by setup, determinise or apply_owned, or by apply
    from a state you drop. A refused move still leaves ``state`` untouched."""
    kind = type(action)
    phase = state.phase
    # The commonest moves (nearly all of a playout's) skip the dispatch when they are legal: the
    # seat to act is ``turn`` in these two phases, a bid and a pass are tested in one condition
    # each, a draw and an invoke check themselves. Anything else, or anything these tests don't
    # pass, goes the general way below, which refuses it with the exact error.
    if phase == AUCTION:
        if seat == state.turn and type(seat) is int:
            if kind is _Bid:
                d = action.disk  # type: ignore[union-attr]
                if type(d) is int and d > state.high_bid and d in state.up[seat]:
                    _play_bid(state, seat, d, None)
                    return state
            elif kind is _Pass and not (state.reason == "invoked" and seat == state.ra_holder
                                        and state.high_bid == 0):
                _play_pass(state, seat, None)  # must_bid, inlined, was the one check
                return state
    elif phase == PLAY and seat == state.turn and type(seat) is int:
        if kind is _Draw:
            _draw(state, seat, action, None)  # type: ignore[arg-type]
            return state
        if kind is _Invoke:
            _invoke(state, seat, action, None)  # type: ignore[arg-type]
            return state
    move = _MOVES.get(kind)
    if (move is None or phase == OVER or seat != (state.winner if phase == DISASTER else state.turn)
            or type(seat) is not int):
        _refuse(state, seat, action)
    move(state, seat, action, None)  # type: ignore[misc]
    return state


def _refuse(state: RaState, seat: Seat, action: object) -> None:
    """The checks every move shares (the game not over, a Ra action, the seat's turn), raising the
    first that fails; returns for a move that passes them all."""
    phase = state.phase
    if phase == OVER:
        raise GameOver("The game is over.", key="ra.error.game_over")
    if type(action) not in _MOVES:
        raise InvalidAction(f"{str(action)[:40]} is not a Ra action.", key="ra.error.not_an_action",
                            action=str(action)[:40])
    acting = state.winner if phase == DISASTER else state.turn  # actor(state), inlined
    if type(seat) is not int or seat != acting:  # not isinstance: True == 1 would play seat 1
        raise NotYourTurn(f"It is not your turn: waiting for {name(acting)}.", seat=seat,
                          key="ra.error.not_your_turn", number=acting + 1, turn=acting + 1)


# One function per action type: check the move against ``s`` (raising, with ``s`` untouched, when
# it is refused), then play it on ``s``. ``events`` is apply's list (``s`` is then a fresh
# copy_state copy: shared lists are copied before they change) or None for apply_owned (``s`` and
# its lists are the caller's own: changed in place, nothing logged). Each check is a few direct
# tests rather than a search of legal_actions; test_protocol checks that exactly the listed moves
# are accepted.


def _tile_arg(tile: Any) -> int:
    if not isinstance(tile, str) or tile not in TILE_INDEX:
        raise InvalidAction(f"There is no tile called '{str(tile)[:30]}'.", tile=str(tile)[:30],
                            key="ra.error.no_such_tile")
    return TILE_INDEX[tile]


def _draw(s: RaState, seat: int, a: A.Draw, events: list[Event] | None) -> None:
    if s.phase != PLAY:
        raise phase_error(s, "draw")
    if len(s.track) >= AUCTION_SPACES:
        raise IllegalAction("The auction track is full (8 tiles): invoke Ra or use a god instead of drawing.",
                            key="ra.error.track_full")
    if s.drawn >= len(s.bag):
        raise IllegalAction("The bag is empty: invoke Ra or use a god.", key="ra.error.bag_empty")
    t = s.bag[s.drawn]
    s.drawn += 1
    if t != RA:
        if events is None:
            s.track.append(t)
        else:
            s.track = [*s.track, t]
            events.append(DRAW_EVENTS[seat][t] if type(seat) is int else draw_event(seat, t))
        # turns.end_turn (the phase stays PLAY); next_active's usual answer tested first
        nxt = (seat + 1) % s.players
        s.turn = nxt if s.up[nxt] else next_active(s, seat)
        return
    s.ra_count += 1
    ends_at = ra_track_length(s.players)
    if events is not None:
        log(events, "draw", f"{name(seat)} drew Ra ({s.ra_count}/{ends_at}).", seat=seat, tile="ra",
            count=s.ra_count, ends_at=ends_at)
    if s.ra_count >= ends_at:  # no auction: both tracks are cleared
        if events is not None:
            log(events, "ra_full", "The Ra track is full: no auction, both tracks are cleared.")
        end_epoch(s, events)
    else:
        auction.start(s, seat, "drawn")


def _invoke(s: RaState, seat: int, a: A.InvokeRa, events: list[Event] | None) -> None:
    if s.phase != PLAY:
        raise phase_error(s, "invoke")
    auction.start(s, seat, "full" if len(s.track) >= AUCTION_SPACES else "invoked")
    if events is not None:
        events.append(INVOKE_EVENTS[seat] if type(seat) is int else invoke_event(seat))


def _god(s: RaState, seat: int, a: A.UseGod, events: list[Event] | None) -> None:
    t = _tile_arg(a.tile)
    gods.check_take(s, seat, t)
    gods.take(s, seat, t, events)


def _stop(s: RaState, seat: int, a: A.StopGods, events: list[Event] | None) -> None:
    gods.check_stop(s)
    end_turn(s, seat)


def _bid(s: RaState, seat: int, a: A.Bid, events: list[Event] | None) -> None:
    d = a.disk
    # The usual legal bid passes these few tests; anything else goes through check_bid, which
    # refuses it with the exact reason (or accepts the rare legal bid they don't cover).
    if not (type(d) is int and s.phase == AUCTION and d in s.up[seat] and d > s.high_bid):
        d = auction.check_bid(s, seat, d)
    auction.bid(s, seat, d, events)


def _pass(s: RaState, seat: int, a: A.Pass, events: list[Event] | None) -> None:
    auction.check_pass(s, seat)
    auction.pass_(s, seat, events)


def _discard(s: RaState, seat: int, a: A.Discard, events: list[Event] | None) -> None:
    t = _tile_arg(a.tile)
    disasters.check_choice(s, t)
    if events is not None:
        own_tables(s)
    disasters.lose(s, t, events)
    if disasters.resolve(s, events):
        if s.resume == GODS:
            gods.after(s, seat)
        else:
            auction.after(s, events)


_MOVES: dict[type, _Move] = {
    A.Draw: _draw,
    A.InvokeRa: _invoke,
    A.UseGod: _god,
    A.StopGods: _stop,
    A.Bid: _bid,
    A.Pass: _pass,
    A.Discard: _discard,
}
