"""The Imperium rules: simultaneous secret choice, reveal, placement, resolution, next round."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import lru_cache
from itertools import compress
from operator import not_, truth
from typing import Any

import msgspec

from rules.base import (
    Event,
    GameInfo,
    GameOver,
    NotYourTurn,
    OptionSpec,
    Result,
    Seat,
    check_players,
    rank_by,
    resolve_options,
)
from rules.imperium import actions as _actions
from rules.imperium import undo
from rules.imperium.actions import ALL_PLAYS, ImperiumAction, Play
from rules.imperium.data import MARKERS, RACE_ROUND_CAP, REGIONS, ROWS, STANDARD_ROUNDS, TARGET
from rules.imperium.scoring import (
    RACE30,
    STANDARD,
    VARIANTS,
    last_round,
    player_name,
    regions_in_round,
    resolve_region,
)
from rules.imperium.state import ImperiumState, Resolution, copy_state
from rules.imperium.view import build_view
from rules.rng import RNG_CURRENT, check_version

MAX_PLAYERS = 5

INFO = GameInfo(
    name="imperium",
    title="Imperium",
    min_players=2,
    max_players=MAX_PLAYERS,
    simultaneous=True,
    hidden_information=True,
    # One choice per seat per round; a race game stops at the house round cap at the latest.
    max_actions=MAX_PLAYERS * max(RACE_ROUND_CAP, STANDARD_ROUNDS),
    options=(
        OptionSpec(
            name="variant",
            choices=VARIANTS,
            default=STANDARD,
            description="standard: 8 rounds, every region once; race30: play until someone reaches 30.",
        ),
    ),
)


NAMES = tuple(player_name(s) for s in range(MAX_PLAYERS))

_TEXT: dict[tuple[int, ...], str] = {
    combo: ", ".join(map(str, combo))
    for k in range(4)
    for combo in itertools.combinations_with_replacement(REGIONS, k)
}
"""Pre-joined pick lists ('5, 5, 7'): events are built on every move and must be cheap."""


_SEAT_TEXT: tuple[dict[tuple[int, ...], str], ...] = tuple(
    {combo: f"{name} {text or 'none'}" for combo, text in _TEXT.items()} for name in NAMES
)
"""'Player 2 5, 5, 7' for every seat and pick list (map() over them avoids per-seat f-strings)."""

_POINTS_TEXT = tuple(f"{name} {{}} pts ({{}})" for name in NAMES)

_NOBODY: frozenset[Seat] = frozenset()
_WAITING: dict[tuple[bool, ...], frozenset[Seat]] = {
    chosen: frozenset(compress(range(n), map(not_, chosen)))
    for n in range(1, MAX_PLAYERS + 1)
    for chosen in itertools.product((False, True), repeat=n)
}
"""The seats still to choose, by which seats have chosen (every pattern of every table size)."""


class ImperiumGame:
    """rules.base.Game for Imperium."""

    info = INFO
    state_type = ImperiumState
    action_type = ImperiumAction
    reveals = staticmethod(undo.reveals)  # which moves are final (rules/imperium/undo.py)

    # ------------------------------------------------------------------ setup and turn

    def setup(self, players: int, options: Mapping[str, str], seed: int, rng: int = RNG_CURRENT) -> ImperiumState:
        check_players(INFO, players)
        check_version(rng)  # Imperium draws nothing; the version is checked for uniformity
        opts = resolve_options(INFO, options)
        return ImperiumState(
            players=players,
            variant=opts["variant"],
            seed=seed,  # Imperium has no chance element; kept so a replay names its seed
            round=1,
            scores=[0] * players,
            supply=[MARKERS] * players,
            board=[[0] * len(REGIONS) for _ in range(players)],
            choices=[()] * players,
            events=[_round_event(opts["variant"], 1)],
        )

    def to_act(self, state: ImperiumState) -> frozenset[Seat]:
        if state.finished:
            return _NOBODY
        # to_act is called before every move: a lookup of a shared set is cheaper than building one.
        return _WAITING[tuple(map(truth, state.choices))]  # truth: bool() without a type call

    def legal_actions(self, state: ImperiumState, seat: Seat) -> list[Play]:
        if state.finished or type(seat) is not int or not 0 <= seat < state.players:
            return []
        if state.choices[seat]:
            return []
        return list(ALL_PLAYS)

    # ------------------------------------------------------------------ apply

    def apply(self, state: ImperiumState, seat: Seat, action: Play) -> tuple[ImperiumState, list[Event]]:
        chosen = _check(state, seat, action)
        choices = state.choices[:]  # picks are tuples: a shallow copy is enough
        choices[seat] = chosen
        waiting = choices.count(())
        events = [_chose_event(seat, state.round, state.players - waiting, state.players),
                  _my_choice_event(seat, chosen, state.round)]
        if waiting:
            # Only the choices change: share the board, scores and supply with the old state.
            new = msgspec.structs.replace(state, choices=choices, events=events)
        else:
            new = copy_state(state, choices)
            new.events = events
            _finish_round(new, events)
        return new, events

    def apply_owned(self, state: ImperiumState, seat: Seat, action: Play) -> ImperiumState:
        """``apply`` for a caller that owns ``state`` (the search's playouts; rules.base.owned_apply):
        the same checks and next state, but ``state`` itself is changed and no events are built (the
        state's ``events`` is left empty). ``choices`` is a fresh list in every state the engine
        makes, so it is edited in place; at a round's end the board, scores and supply are copied
        first, as ``apply`` does, since a state from ``apply`` shares them with its predecessor."""
        chosen = _check(state, seat, action)
        choices = state.choices
        choices[seat] = chosen
        state.events = []
        if () not in choices:
            state.scores = state.scores[:]
            state.supply = state.supply[:]
            state.board = [row[:] for row in state.board]
            _finish_round(state, None)
        return state

    # ------------------------------------------------------------------ views and result

    def view(self, state: ImperiumState, viewer: Seat | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def result(self, state: ImperiumState) -> Result | None:
        if not state.finished:
            return None
        return Result(
            scores=tuple(state.scores),
            ranks=rank_by([(s,) for s in state.scores]),
            note="Tied leaders share the win (house rule).",
        )

    def encode_action(self, action: Play) -> str:
        return _actions.encode_action(action)

    def decode_action(self, code: str) -> Play:
        return _actions.decode_action(code)

    def describe_action(self, action: Play) -> str:
        return _actions.describe_action(action)


def _check(state: ImperiumState, seat: Seat, action: Play) -> tuple[int, ...]:
    """The checks every move passes (``apply`` and ``apply_owned`` alike); returns the sorted picks."""
    if state.finished:
        raise GameOver("The game is over; no more cards can be played.", key="imperium.error.game_over")
    if type(seat) is not int or not 0 <= seat < state.players:
        raise NotYourTurn(f"Seat {seat!r} is not in this game.", key="imperium.error.no_seat", seat=seat)
    if state.choices[seat]:
        raise NotYourTurn(
            f"You have already chosen for round {state.round}.",
            key="imperium.error.already_chosen",
            seat=seat,
            round=state.round,
        )
    return _actions.picks(action)  # validates; raises the player's error


# ---------------------------------------------------------------------- shared events
# A move's events repeat across games ("Player 2 has chosen (1 of 3)."), so each is built once and
# shared: an Event is frozen and nothing edits its data (treat event data as read-only, as Ra does).
# The caches are bounded: seats x rounds x counts, or the lru_cache's size.


@lru_cache(maxsize=1 << 12)
def _chose_event(seat: int, rnd: int, chosen: int, players: int) -> Event:
    return Event("chose", f"{NAMES[seat]} has chosen ({chosen} of {players}).",
                 data={"seat": seat, "round": rnd, "chosen": chosen, "players": players})


@lru_cache(maxsize=1 << 14)
def _my_choice_event(seat: int, chosen: tuple[int, ...], rnd: int) -> Event:
    return Event("my_choice", f"You chose regions {_TEXT[chosen]} for round {rnd}.", to=(seat,),
                 data={"seat": seat, "round": rnd, "picks": list(chosen)})


@lru_cache(maxsize=1 << 8)
def _round_event(variant: str, rnd: int) -> Event:
    regions = regions_in_round(variant, rnd)
    return Event("round", f"Round {rnd} begins: region {_TEXT[regions]} will be resolved.",
                 data={"round": rnd, "regions": list(regions)})


# ---------------------------------------------------------------------- the end of a round


def _finish_round(state: ImperiumState, events: list[Event] | None) -> None:
    """Reveal, place, resolve, return markers, then start the next round or end (edits state).
    The round's events are appended to ``events``; None (the search's apply_owned) builds none."""
    n = state.players
    reveal = state.choices
    supply = state.supply
    board = state.board
    if events is not None:
        # One list of the picks for both the reveal and (when all are placed) the placement: event
        # data is read-only, as everywhere here.
        picks = list(map(list, reveal))
        events.append(Event(
            "reveal",
            f"Round {state.round} cards revealed: " + "; ".join(map(dict.__getitem__, _SEAT_TEXT, reveal)) + ".",
            data={"round": state.round, "picks": picks},
        ))
    if min(supply) >= 3:  # the common case: everyone places exactly the three picks they revealed
        for row, chosen in zip(board, reveal, strict=True):
            for p in chosen:
                row[p - 1] += 1
        for s in range(n):
            supply[s] -= 3
        if events is not None:
            events.append(_placed_all_event(supply[:], picks))
        _resolve_and_continue(state, reveal[:], events)
        return
    placed_all: list[tuple[int, ...]] = []
    short: list[int] = []
    for s in range(n):  # seat order: only matters when someone runs short (house order)
        chosen = reveal[s]
        have = supply[s]
        # House rule: a short player fills the highest-numbered picks first (picks are sorted).
        placed = chosen if have >= 3 else chosen[3 - have :]
        row = board[s]
        for p in placed:
            row[p - 1] += 1
        supply[s] = have - len(placed)
        placed_all.append(placed)
        if len(placed) < len(chosen):
            short.append(s)
    if events is not None:
        events += _placement_events(state, placed_all, short)
    _resolve_and_continue(state, placed_all, events)


def _placement_events(state: ImperiumState, placed_all: list[tuple[int, ...]], short: list[int]) -> list[Event]:
    """The "place" event, then one "shortage" event per seat in ``short`` (after placement)."""
    if not short:
        return [_placed_all_event(state.supply[:], list(map(list, placed_all)))]
    text = "Markers placed: " + "; ".join(map(dict.__getitem__, _SEAT_TEXT, placed_all)) + "."
    # "shortage" tells a translation which of the two sentences (this one, _placed_all_event's) it is.
    out = [Event("place", text, data={"placed": list(map(list, placed_all)), "supply": state.supply[:],
                                      "shortage": True})]
    for s in short:
        missed = state.choices[s][: len(state.choices[s]) - len(placed_all[s])]
        out.append(Event(
            "shortage",
            f"{NAMES[s]} ran out of markers: nothing placed for region {_TEXT[missed]}; "
            "missed placements are never made up.",
            data={"seat": s, "missed": list(missed)},
        ))
    return out


def _placed_all_event(supply: list[int], placed: list[list[int]]) -> Event:
    """The "place" event when every seat placed all three picks."""
    return Event("place", "Every player placed a marker for each card revealed.",
                 data={"placed": placed, "supply": supply, "shortage": False})


def _resolve_and_continue(state: ImperiumState, placed_all: list[tuple[int, ...]],
                          events: list[Event] | None) -> None:
    """After placement: resolve this round's regions, return their markers, then start the next
    round or end the game (edits state, appends to events unless None)."""
    n = state.players
    rnd = state.round
    supply = state.supply
    board = state.board
    resolutions: list[Resolution] = []
    scores = state.scores
    for region in regions_in_round(state.variant, rnd):
        i = region - 1
        counts = tuple([row[i] for row in board])
        points, resolution = _resolve_cached(counts, region)
        for s in range(n):
            scores[s] += points[s]
            supply[s] += counts[s]  # only the resolved region's markers come back
            board[s][i] = 0
        resolutions.append(resolution)
        if events is not None:
            events.append(_resolve_event(counts, region))
    state.last_reveal = state.choices  # choices are tuples, and choices gets a fresh list below
    state.last_placed = placed_all
    state.last_resolution = resolutions
    state.choices = [()] * n
    if _game_ends(state):
        state.finished = True
        if events is not None:
            best = max(scores)
            winners = [s for s in range(n) if scores[s] == best]
            who = " and ".join(NAMES[s] for s in winners)
            events.append(
                Event(
                    "end",
                    f"Game over after round {rnd}: {who} {'win' if len(winners) > 1 else 'wins'} "
                    f"with {best} points.",
                    data={"round": rnd, "scores": scores[:], "winners": winners},
                )
            )
    else:
        state.round = rnd + 1
        if events is not None:
            events.append(_round_event(state.variant, state.round))


@lru_cache(maxsize=1 << 16)
def _resolve_cached(counts: tuple[int, ...], region: int) -> tuple[tuple[int, ...], Resolution]:
    """A region's points for these marker counts, with its Resolution (shared, read-only):
    resolve_region memoised, since the same small count patterns recur in almost every game."""
    points = tuple(resolve_region(counts, ROWS[region]))
    return points, Resolution(region=region, counts=list(counts), points=list(points))


@lru_cache(maxsize=1 << 16)
def _resolve_event(counts: tuple[int, ...], region: int) -> Event:
    """The "resolve" event for _resolve_cached's Resolution: worded only for apply, which records events."""
    resolution = _resolve_cached(counts, region)[1]
    text = f"Region {region} resolved (points, markers): " + "; ".join(
        map(str.format, _POINTS_TEXT, resolution.points, counts))
    return Event("resolve", text + ".", data={"region": region, "counts": resolution.counts,
                                               "points": resolution.points})


def _game_ends(state: ImperiumState) -> bool:
    if state.variant == RACE30 and max(state.scores) >= TARGET:
        return True
    return state.round >= last_round(state.variant)


GAME = ImperiumGame()
