"""Ra's rules (seed 000_45a4d92eb0f04f64, see RULES_NOTES.md for the choices we made).

A turn is one of: draw a tile, invoke Ra, or use god tiles (one tile per god, step by step, then
"done"). Auctions go once around the table starting left of the Ra-figure holder; disasters in a
won lot are resolved by the winner's choices when the choice matters.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.base import (
    Event,
    GameInfo,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionSpec,
    Result,
    Seat,
    check_players,
    rank_by,
    resolve_options,
)
from rules.ra import actions as A
from rules.ra.data import (
    AUCTION_SPACES,
    CENTER_START,
    CIVS,
    DISASTER_LOSS,
    DISASTER_TARGETS,
    DISASTERS,
    EPOCHS,
    FLOOD,
    GOD,
    GOLD,
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
from rules.ra.scoring import apply_change, civ_points, epoch_breakdown, monument_points
from rules.ra.state import AUCTION, DISASTER, GODS, LOG_KEEP, OVER, PLAY, RaState, copy_state, own_seat, own_tables

# Bound used by the host and tests: every draw uses a bag tile (180), every auction ends with a
# disk spent, a Ra tile spent or 8 tiles discarded (< 200 auctions of at most 5 bids), gods <= 16,
# disaster choices <= 20. Generous on purpose.
MAX_ACTIONS = 2500

_DISASTER_SET = frozenset(DISASTERS)
_SCORED_AWAY = (GOD, GOLD, FLOOD, *CIVS)
"""Tiles that leave the displays after every epoch's scoring (seed: 得点計算後、ゲームから除外)."""


def _name(seat: int) -> str:
    return f"Player {seat + 1}"


def _log(s: RaState, events: list[Event], kind: str, text: str, to: tuple[int, ...] | None = None,
         **data: Any) -> None:
    ev = Event(kind=kind, text=text, to=to, data=data)
    events.append(ev)
    s.log = [*s.log[1 - LOG_KEEP :], ev]  # replaced, never mutated: copy_state shares it


# --------------------------------------------------------------------------- turn order


def _next_active(s: RaState, after: int) -> int:
    """The next seat clockwise after ``after`` (possibly ``after`` itself) with a face-up disk."""
    n = s.players
    for k in range(1, n + 1):
        t = (after + k) % n
        if s.up[t]:
            return t
    return -1


def _next_bidder(s: RaState, current: int, events: list[Event]) -> int:
    """The next seat to bid after ``current``, ending with the Ra holder; -1 when all have spoken.

    Seats without face-up disks are skipped; seats whose best disk can't beat the high bid pass
    automatically (they have no choice, so nobody waits for their click)."""
    t = current
    while t != s.ra_holder:
        t = (t + 1) % s.players
        u = s.up[t]
        if u:
            if u[0] > s.high_bid:
                return t
            s.bids[t] = 0
            _log(s, events, "pass", f"{_name(t)} can't beat {s.high_bid} and passes.", seat=t, auto=True)
    return -1


def _first_player(s: RaState) -> int:
    best = max(max(u) for u in s.up if u)
    return next(seat for seat, u in enumerate(s.up) if u and u[0] == best)


# --------------------------------------------------------------------------- setup


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
    s.turn = _first_player(s)
    s.log.append(Event(kind="start", text=f"Epoch 1 begins; {_name(s.turn)} has the highest sun.",
                       data={"seat": s.turn}))
    return s


# --------------------------------------------------------------------------- queries


_ONE = tuple(frozenset((seat,)) for seat in range(8))
_NOBODY: frozenset[Seat] = frozenset()


def _actor(s: RaState) -> int:
    """The one seat that must act (-1 when the game is over)."""
    if s.phase == DISASTER:
        return s.winner
    return s.turn if s.phase != OVER else -1


def to_act(s: RaState) -> frozenset[Seat]:
    a = _actor(s)
    return _ONE[a] if a >= 0 else _NOBODY


def _god_targets(s: RaState) -> list[int]:
    """Distinct tile types on the track that a god may take (not Ra, not god), in track order."""
    seen: list[int] = []
    for t in s.track:
        if t not in (GOD, RA) and t not in seen:
            seen.append(t)
    return seen


def _disaster_options(s: RaState) -> list[int]:
    """Tile types the current disaster may take, the sensible default (least fame lost) first."""
    h = s.held[s.winner]
    d = s.pending[0]
    targets = DISASTER_TARGETS[d]
    if len(targets) == 2:  # drought: floods strictly first
        return [t for t in targets if h[t] > 0][:1]
    avail = [t for t in targets if h[t] > 0]
    if len(avail) < 2:
        return avail
    value = civ_points if targets == CIVS else monument_points

    def after(t: int) -> tuple[int, int, int]:
        counts = [h[x] - (x == t) for x in targets]
        return (-value(counts), -h[t], t)

    return sorted(avail, key=after)


def legal_actions(s: RaState, seat: Seat) -> list[A.RaAction]:
    if seat != _actor(s) or s.phase == OVER:
        return []
    if s.phase == AUCTION:
        out: list[A.RaAction] = []
        if not _must_bid(s, seat):
            out.append(A.PASS)
        out.extend(_BIDS[d] for d in reversed(s.up[seat]) if d > s.high_bid)
        return out
    if s.phase == DISASTER:
        return [_DISCARDS[t] for t in _disaster_options(s)]
    gods = [_GODS[t] for t in _god_targets(s)] if s.held[seat][GOD] else []
    if s.phase == GODS:
        return [*gods, A.STOP]
    out = []
    if len(s.track) < AUCTION_SPACES and s.drawn < len(s.bag):
        out.append(A.DRAW)
    out.append(A.INVOKE)
    out.extend(gods)
    return out


def default_action(s: RaState) -> A.RaAction | None:
    """What a clock or a timed-out seat plays: pass (or the lowest bid when forced), the
    least damaging disaster loss, stop using gods, else draw (or invoke on a full track)."""
    seats = to_act(s)
    if not seats:
        return None
    seat = next(iter(seats))
    acts = legal_actions(s, seat)
    if s.phase == GODS:
        return A.STOP
    return acts[0]


def _must_bid(s: RaState, seat: int) -> bool:
    return s.reason == "invoked" and seat == s.ra_holder and s.high_bid == 0


_BIDS = {d: A.Bid(disk=d) for d in range(1, 17)}
_GODS = {t: A.UseGod(tile=TILE_IDS[t]) for t in range(N_TYPES)}
_DISCARDS = {t: A.Discard(tile=TILE_IDS[t]) for t in range(N_TYPES)}


# --------------------------------------------------------------------------- apply


def apply(state: RaState, seat: Seat, action: A.RaAction) -> tuple[RaState, list[Event]]:
    """Validate ``action`` for ``seat``, then play it on a copy. The input is never changed."""
    if state.phase == OVER:
        raise GameOver("The game is over.")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise InvalidAction(f"{str(action)[:40]} is not a Ra action.")
    actor = _actor(state)
    if seat != actor or not isinstance(seat, int):
        raise NotYourTurn(f"It is not your turn: waiting for {_name(actor)}.", seat=seat)
    check, play = handler
    arg = check(state, seat, action)
    s = copy_state(state)
    events: list[Event] = []
    play(s, seat, arg, events)
    return s, events


def _phase_error(s: RaState, what: str) -> IllegalAction:
    if s.phase == AUCTION:
        return IllegalAction(f"An auction is running: you can't {what} now; bid or pass.", phase=s.phase)
    if s.phase == DISASTER:
        return IllegalAction(f"Choose the tile your disaster takes first; you can't {what} now.",
                             phase=s.phase)
    if s.phase == GODS:
        return IllegalAction(f"You are using gods: take another tile or stop; you can't {what} now.",
                             phase=s.phase)
    return IllegalAction(f"You can't {what} outside an auction.", phase=s.phase)


# -- draw


def _check_draw(s: RaState, seat: int, a: A.Draw) -> None:
    if s.phase != PLAY:
        raise _phase_error(s, "draw a tile")
    if len(s.track) >= AUCTION_SPACES:
        raise IllegalAction("The auction track is full (8 tiles): invoke Ra or use a god instead of drawing.")
    if s.drawn >= len(s.bag):
        raise IllegalAction("The bag is empty: invoke Ra or use a god.")


def _play_draw(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    t = s.bag[s.drawn]
    s.drawn += 1
    if t != RA:
        s.track.append(t)
        _log(s, events, "draw", f"{_name(seat)} drew {TILE_NAMES[t]}.", seat=seat, tile=TILE_IDS[t])
        _end_turn(s, seat, events)
        return
    s.ra_count += 1
    _log(s, events, "draw", f"{_name(seat)} drew Ra ({s.ra_count}/{ra_track_length(s.players)}).",
         seat=seat, tile="ra")
    if s.ra_count >= ra_track_length(s.players):
        _log(s, events, "ra_full", "The Ra track is full: no auction, both tracks are cleared.")
        _end_epoch(s, events)
        return
    _start_auction(s, seat, "drawn", events)


# -- invoke


def _check_invoke(s: RaState, seat: int, a: A.InvokeRa) -> None:
    if s.phase != PLAY:
        raise _phase_error(s, "invoke Ra")


def _play_invoke(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    reason = "full" if len(s.track) >= AUCTION_SPACES else "invoked"
    _log(s, events, "invoke", f"{_name(seat)} invoked Ra.", seat=seat)
    _start_auction(s, seat, reason, events)


# -- gods


def _tile_arg(tile: Any) -> int:
    if not isinstance(tile, str) or tile not in TILE_INDEX:
        raise InvalidAction(f"There is no tile called '{str(tile)[:30]}'.", tile=str(tile)[:30])
    return TILE_INDEX[tile]


def _check_god(s: RaState, seat: int, a: A.UseGod) -> int:
    t = _tile_arg(a.tile)
    if s.phase not in (PLAY, GODS):
        raise _phase_error(s, "use a god")
    if not s.held[seat][GOD]:
        raise IllegalAction("You have no god tile left.")
    if t in (RA, GOD):
        raise IllegalAction(f"A god can't take a {TILE_NAMES[t]} tile.", tile=TILE_IDS[t])
    if t not in s.track:
        raise IllegalAction(f"There is no {TILE_NAMES[t]} on the auction track.", tile=TILE_IDS[t])
    return t


def _play_god(s: RaState, seat: int, t: int, events: list[Event]) -> None:
    own_tables(s)
    h = s.held[seat]
    h[GOD] -= 1
    s.discarded[GOD] += 1
    s.track.remove(t)
    h[t] += 1
    _log(s, events, "god", f"{_name(seat)} used a god to take {TILE_NAMES[t]}.", seat=seat,
         tile=TILE_IDS[t])
    if t in DISASTERS:
        s.winner = seat
        s.pending = [t]
        s.to_lose = -1
        s.resume = GODS
        if not _resolve_disasters(s, events):
            return
    _after_god(s, seat, events)


def _after_god(s: RaState, seat: int, events: list[Event]) -> None:
    s.winner = -1
    if s.held[seat][GOD] and _god_targets(s):
        s.phase = GODS
        s.turn = seat
    else:
        _end_turn(s, seat, events)


def _check_stop(s: RaState, seat: int, a: A.StopGods) -> None:
    if s.phase != GODS:
        raise IllegalAction("You are not using gods; there is nothing to stop.")


def _play_stop(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    _end_turn(s, seat, events)


def _end_turn(s: RaState, seat: int, events: list[Event]) -> None:
    s.phase = PLAY
    s.turn = _next_active(s, seat)


# -- auction


def _start_auction(s: RaState, holder: int, reason: str, events: list[Event]) -> None:
    s.phase = AUCTION
    s.ra_holder = holder
    s.reason = reason
    s.high_bid = 0
    s.high_bidder = -1
    s.bids = [-1] * s.players
    s.turn = _next_active(s, holder)


def _check_bid(s: RaState, seat: int, a: A.Bid) -> int:
    d = a.disk
    if not isinstance(d, int) or isinstance(d, bool):
        raise InvalidAction("A bid must name a sun disk by its number.")
    if s.phase != AUCTION:
        raise _phase_error(s, "bid")
    if d not in s.up[seat]:
        if d in s.down[seat]:
            raise IllegalAction(f"Your sun {d} is face down: you can use it next epoch.", disk=d)
        if any(d in u or d in dn for u, dn in zip(s.up, s.down, strict=True)) or d == s.center:
            raise IllegalAction(f"Sun {d} is not yours.", disk=d)
        raise IllegalAction(f"There is no sun {d} in play.", disk=d)
    if d <= s.high_bid:
        raise IllegalAction(f"Your sun {d} can't beat the current bid of {s.high_bid}.", disk=d,
                            high_bid=s.high_bid)
    return d


def _play_bid(s: RaState, seat: int, d: int, events: list[Event]) -> None:
    s.high_bid = d
    s.high_bidder = seat
    s.bids[seat] = d
    _log(s, events, "bid", f"{_name(seat)} bid {d}.", seat=seat, disk=d)
    _next_in_auction(s, seat, events)


def _check_pass(s: RaState, seat: int, a: A.Pass) -> None:
    if s.phase != AUCTION:
        raise _phase_error(s, "pass")
    if _must_bid(s, seat):
        raise IllegalAction("You invoked Ra and everyone else passed: you must bid.")


def _play_pass(s: RaState, seat: int, _: None, events: list[Event]) -> None:
    s.bids[seat] = 0
    _log(s, events, "pass", f"{_name(seat)} passed.", seat=seat)
    _next_in_auction(s, seat, events)


def _next_in_auction(s: RaState, seat: int, events: list[Event]) -> None:
    nxt = _next_bidder(s, seat, events)
    if nxt >= 0:
        s.turn = nxt
        return
    w = s.high_bidder
    if w < 0:
        if s.reason == "full" and s.track:
            own_tables(s)
            for t in s.track:
                s.discarded[t] += 1
            s.track = []
            _log(s, events, "discard_track", "Everyone passed: the 8 tiles on the track are discarded.")
        else:
            _log(s, events, "no_bid", "Everyone passed.")
        _after_auction(s, events)
        return
    lot = s.track
    pending = sorted(t for t in lot if t in _DISASTER_SET)
    if pending:
        own_tables(s)
    else:  # the common case: only the winner's rows change
        own_seat(s, w)
    h = s.held[w]
    for t in lot:
        h[t] += 1
    s.track = []
    s.up[w].remove(s.high_bid)
    s.down[w].append(s.center)
    old_center, s.center = s.center, s.high_bid
    names = ", ".join(TILE_NAMES[t] for t in lot) or "no tiles"
    _log(s, events, "win", f"{_name(w)} won with {s.high_bid}: {names}; takes sun {old_center}.",
         seat=w, disk=s.high_bid, tiles=[TILE_IDS[t] for t in lot], center=old_center)
    if pending:
        s.winner = w
        s.pending = pending
        s.to_lose = -1
        s.resume = AUCTION
        if not _resolve_disasters(s, events):
            return
    _after_auction(s, events)


def _after_auction(s: RaState, events: list[Event]) -> None:
    holder = s.ra_holder
    s.ra_holder = -1
    s.reason = ""
    s.high_bid = 0
    s.high_bidder = -1
    s.bids = [-1] * s.players
    s.winner = -1
    s.resume = ""
    if not any(s.up):
        _log(s, events, "suns_used", "Every sun disk has been used.")
        _end_epoch(s, events)
        return
    s.phase = PLAY
    s.turn = _next_active(s, holder)


# -- disasters


def _resolve_disasters(s: RaState, events: list[Event]) -> bool:
    """Resolve pending disasters as far as no choice is needed; False when the winner must choose."""
    h = s.held[s.winner]
    while s.pending:
        d = s.pending[0]
        targets = DISASTER_TARGETS[d]
        if s.to_lose < 0:
            s.to_lose = min(DISASTER_LOSS, sum(h[t] for t in targets))
        while s.to_lose > 0:
            options = _disaster_options(s)
            if len(options) > 1 and s.to_lose < sum(h[t] for t in targets):
                s.phase = DISASTER
                return False
            _lose(s, options[0], events)
        h[d] -= 1
        s.discarded[d] += 1
        s.pending.pop(0)
        s.to_lose = -1
    return True


def _lose(s: RaState, t: int, events: list[Event]) -> None:
    s.held[s.winner][t] -= 1
    s.discarded[t] += 1
    s.to_lose -= 1
    d = s.pending[0]
    _log(s, events, "disaster", f"{TILE_NAMES[d]}: {_name(s.winner)} loses {TILE_NAMES[t]}.",
         seat=s.winner, disaster=TILE_IDS[d], tile=TILE_IDS[t])


def _check_discard(s: RaState, seat: int, a: A.Discard) -> int:
    t = _tile_arg(a.tile)
    if s.phase != DISASTER:
        raise IllegalAction("No disaster is waiting for your choice.")
    options = _disaster_options(s)
    if t not in options:
        choices = ", ".join(TILE_NAMES[x] for x in options)
        raise IllegalAction(f"{TILE_NAMES[s.pending[0]]} can't take {TILE_NAMES[t]}; choose {choices}.",
                            tile=TILE_IDS[t])
    return t


def _play_discard(s: RaState, seat: int, t: int, events: list[Event]) -> None:
    own_tables(s)
    _lose(s, t, events)
    if not _resolve_disasters(s, events):
        return
    if s.resume == GODS:
        s.resume = ""
        _after_god(s, seat, events)
    else:
        _after_auction(s, events)


# -- epochs and scoring


def _end_epoch(s: RaState, events: list[Event]) -> None:
    own_tables(s)
    for t in s.track:
        s.discarded[t] += 1
    s.track = []
    s.discarded[RA] += s.ra_count
    s.ra_count = 0
    final = s.epoch == EPOCHS
    disks = [sum(u) + sum(d) for u, d in zip(s.up, s.down, strict=True)] if final else None
    s.breakdown = epoch_breakdown(s.held, disks)
    private = s.hidden_fame and not final
    for seat, b in enumerate(s.breakdown):
        s.fame[seat] = apply_change(s.fame[seat], b["total"])
        parts = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in b.items() if v and k != "total")
        parts = parts or "nothing"
        _log(s, events, "score", f"Epoch {s.epoch}: {_name(seat)} {parts}; fame {s.fame[seat]}.",
             to=(seat,) if private else None, seat=seat, epoch=s.epoch, fame=s.fame[seat])
    for h in s.held:
        for t in _SCORED_AWAY:
            s.discarded[t] += h[t]
            h[t] = 0
    s.history = [*s.history, s.fame[:]]
    for seat in range(s.players):
        s.up[seat] = sorted(s.up[seat] + s.down[seat], reverse=True)
        s.down[seat] = []
    s.ra_holder = -1
    s.reason = ""
    s.bids = [-1] * s.players
    if final:
        s.phase = OVER
        s.turn = -1
        r = result(s)
        assert r is not None
        winners = " and ".join(_name(w) for w in r.winners)
        _log(s, events, "end", f"Game over: {winners} wins with {max(s.fame)} fame.")
        return
    s.epoch += 1
    s.phase = PLAY
    s.turn = _first_player(s)
    _log(s, events, "epoch", f"Epoch {s.epoch} begins; {_name(s.turn)} has the highest sun.",
         seat=s.turn)


def result(s: RaState) -> Result | None:
    if s.phase != OVER:
        return None
    best = tuple(max(u + d, default=0) for u, d in zip(s.up, s.down, strict=True))
    scores = tuple(s.fame)
    return Result(scores=scores, ranks=rank_by(list(zip(scores, best, strict=True))), tiebreak=best,
                  note="Ties are broken by the highest single sun disk.")


_HANDLERS: dict[type, tuple[Any, Any]] = {
    A.Draw: (_check_draw, _play_draw),
    A.InvokeRa: (_check_invoke, _play_invoke),
    A.UseGod: (_check_god, _play_god),
    A.StopGods: (_check_stop, _play_stop),
    A.Bid: (_check_bid, _play_bid),
    A.Pass: (_check_pass, _play_pass),
    A.Discard: (_check_discard, _play_discard),
}

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
