"""Ra's rules (seed 000_45a4d92eb0f04f64; RULES_NOTES.md lists the choices we made): setup, who
acts, the legal moves, and ``apply``, which checks a move and plays it on a copy.

A turn is one of: draw a tile, invoke Ra, or use god tiles (gods.py). Auctions are in auction.py,
disasters in disasters.py, the end of an epoch and scoring in epoch.py and scoring.py.
"""

from __future__ import annotations

import random
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
    TILE_NAMES,
    ra_track_length,
    sun_sets,
)
from rules.ra.epoch import end_epoch, result
from rules.ra.state import AUCTION, DISASTER, GODS, OVER, PLAY, RaState, copy_state, own_tables
from rules.ra.turns import end_turn, first_player, log, name, phase_error

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

__all__ = ["INFO", "MAX_ACTIONS", "apply", "default_action", "legal_actions", "result", "setup", "to_act"]


def setup(players: int, options: Mapping[str, str], seed: int) -> RaState:
    check_players(INFO, players)
    opts = resolve_options(INFO, options)
    rng = random.Random(seed)
    bag = [t for t, c in enumerate(TILE_COUNTS) for _ in range(c)]
    rng.shuffle(bag)
    sets = sun_sets(players)
    rng.shuffle(sets)  # "適当な方法で、どのプレイヤーがどの山を取るか決めます"
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
        start_disks=sorted([CENTER_START, *(d for st in sets for d in st)]),
    )
    s.turn = first_player(s)
    log(s, [], "start", f"Epoch 1 begins; {name(s.turn)} has the highest sun.", seat=s.turn)
    return s


# --------------------------------------------------------------------------- queries

_ONE = tuple(frozenset((seat,)) for seat in range(8))
_NOBODY: frozenset[Seat] = frozenset()
_BIDS = {d: A.Bid(disk=d) for d in range(1, 17)}
_GODS = {t: A.UseGod(tile=TILE_IDS[t]) for t in range(N_TYPES)}
_DISCARDS = {t: A.Discard(tile=TILE_IDS[t]) for t in range(N_TYPES)}


def actor(s: RaState) -> int:
    """The one seat that must act (-1 when the game is over)."""
    if s.phase == DISASTER:
        return s.winner
    return s.turn if s.phase != OVER else -1


def to_act(s: RaState) -> frozenset[Seat]:
    a = actor(s)
    return _ONE[a] if a >= 0 else _NOBODY


def legal_actions(s: RaState, seat: Seat) -> list[A.RaAction]:
    """Every legal move of ``seat``: the order is the buttons' order (bids lowest first; the
    least damaging disaster loss first)."""
    if seat != actor(s) or s.phase == OVER:
        return []
    if s.phase == AUCTION:
        out: list[A.RaAction] = []
        if not auction.must_bid(s, seat):
            out.append(A.PASS)
        out.extend(_BIDS[d] for d in reversed(s.up[seat]) if d > s.high_bid)
        return out
    if s.phase == DISASTER:
        return [_DISCARDS[t] for t in disasters.options(s)]
    takes = [_GODS[t] for t in gods.targets(s)] if s.held[seat][GOD] else []
    if s.phase == GODS:
        return [*takes, A.STOP]
    out = []
    if len(s.track) < AUCTION_SPACES and s.drawn < len(s.bag):
        out.append(A.DRAW)
    out.append(A.INVOKE)
    out.extend(takes)
    return out


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


def apply(state: RaState, seat: Seat, action: A.RaAction) -> tuple[RaState, list[Event]]:
    """Validate ``action`` for ``seat``, then play it on a copy. The input is never changed."""
    if state.phase == OVER:
        raise GameOver("The game is over.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise InvalidAction(f"{str(action)[:40]} is not a Ra action.")
    acting = actor(state)
    if seat != acting or not isinstance(seat, int):
        raise NotYourTurn(f"It is not your turn: waiting for {name(acting)}.", seat=seat)
    check, play = handler
    arg = check(state, seat, action)
    s = copy_state(state)
    events: list[Event] = []
    play(s, seat, arg, events)
    return s, events


def _tile_arg(tile: Any) -> int:
    if not isinstance(tile, str) or tile not in TILE_INDEX:
        raise InvalidAction(f"There is no tile called '{str(tile)[:30]}'.", tile=str(tile)[:30])
    return TILE_INDEX[tile]


def _check_draw(s: RaState, seat: int, a: A.Draw) -> None:
    if s.phase != PLAY:
        raise phase_error(s, "draw a tile")
    if len(s.track) >= AUCTION_SPACES:
        raise IllegalAction("The auction track is full (8 tiles): invoke Ra or use a god instead of drawing.")
    if s.drawn >= len(s.bag):
        raise IllegalAction("The bag is empty: invoke Ra or use a god.")


def _play_draw(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    t = s.bag[s.drawn]
    s.drawn += 1
    if t != RA:
        s.track.append(t)
        log(s, events, "draw", f"{name(seat)} drew {TILE_NAMES[t]}.", seat=seat, tile=TILE_IDS[t])
        end_turn(s, seat)
        return
    s.ra_count += 1
    log(s, events, "draw", f"{name(seat)} drew Ra ({s.ra_count}/{ra_track_length(s.players)}).",
        seat=seat, tile="ra")
    if s.ra_count >= ra_track_length(s.players):  # no auction: both tracks are cleared
        log(s, events, "ra_full", "The Ra track is full: no auction, both tracks are cleared.")
        end_epoch(s, events)
        return
    auction.start(s, seat, "drawn")


def _check_invoke(s: RaState, seat: int, a: A.InvokeRa) -> None:
    if s.phase != PLAY:
        raise phase_error(s, "invoke Ra")


def _play_invoke(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    log(s, events, "invoke", f"{name(seat)} invoked Ra.", seat=seat)
    auction.start(s, seat, "full" if len(s.track) >= AUCTION_SPACES else "invoked")


def _check_god(s: RaState, seat: int, a: A.UseGod) -> int:
    t = _tile_arg(a.tile)
    gods.check_take(s, seat, t)
    return t


def _play_god(s: RaState, seat: int, t: int, events: list[Event]) -> None:
    gods.take(s, seat, t, events)


def _check_stop(s: RaState, seat: int, a: A.StopGods) -> None:
    gods.check_stop(s)


def _play_stop(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    end_turn(s, seat)


def _check_bid(s: RaState, seat: int, a: A.Bid) -> int:
    return auction.check_bid(s, seat, a.disk)


def _play_bid(s: RaState, seat: int, d: int, events: list[Event]) -> None:
    auction.bid(s, seat, d, events)


def _check_pass(s: RaState, seat: int, a: A.Pass) -> None:
    auction.check_pass(s, seat)


def _play_pass(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    auction.pass_(s, seat, events)


def _check_discard(s: RaState, seat: int, a: A.Discard) -> int:
    t = _tile_arg(a.tile)
    disasters.check_choice(s, t)
    return t


def _play_discard(s: RaState, seat: int, t: int, events: list[Event]) -> None:
    own_tables(s)
    disasters.lose(s, t, events)
    if not disasters.resolve(s, events):
        return
    if s.resume == GODS:
        gods.after(s, seat)
    else:
        auction.after(s, events)


_HANDLERS: dict[type, tuple[Callable[..., Any], Callable[..., None]]] = {
    A.Draw: (_check_draw, _play_draw),
    A.InvokeRa: (_check_invoke, _play_invoke),
    A.UseGod: (_check_god, _play_god),
    A.StopGods: (_check_stop, _play_stop),
    A.Bid: (_check_bid, _play_bid),
    A.Pass: (_check_pass, _play_pass),
    A.Discard: (_check_discard, _play_discard),
}
