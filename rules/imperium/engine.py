"""The Imperium rules: simultaneous secret choice, reveal, placement, resolution, next round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


def _list(values: Any) -> str:
    return ", ".join(str(v) for v in values)


class ImperiumGame:
    """rules.base.Game for Imperium."""

    info = INFO
    state_type = ImperiumState
    action_type = ImperiumAction

    # ------------------------------------------------------------------ setup and turn

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> ImperiumState:
        check_players(INFO, players)
        opts = resolve_options(INFO, options)
        return ImperiumState(
            players=players,
            variant=opts["variant"],
            seed=seed,  # Imperium has no chance element; kept so a replay names its seed
            round=1,
            scores=[0] * players,
            supply=[MARKERS] * players,
            board=[[0] * len(REGIONS) for _ in range(players)],
            choices=[[] for _ in range(players)],
            events=[
                Event(
                    "round",
                    f"Round 1 begins: region {_list(regions_in_round(opts['variant'], 1))} "
                    "will be resolved.",
                    data={"round": 1, "regions": list(regions_in_round(opts["variant"], 1))},
                )
            ],
        )

    def to_act(self, state: ImperiumState) -> frozenset[Seat]:
        if state.finished:
            return frozenset()
        return frozenset(s for s, c in enumerate(state.choices) if not c)

    def legal_actions(self, state: ImperiumState, seat: Seat) -> list[Play]:
        if state.finished or type(seat) is not int or not 0 <= seat < state.players:
            return []
        if state.choices[seat]:
            return []
        return list(ALL_PLAYS)

    # ------------------------------------------------------------------ apply

    def apply(self, state: ImperiumState, seat: Seat, action: Play) -> tuple[ImperiumState, list[Event]]:
        if state.finished:
            raise GameOver("The game is over; no more cards can be played.")
        if type(seat) is not int or not 0 <= seat < state.players:
            raise NotYourTurn(f"Seat {seat!r} is not in this game.", seat=seat)
        if state.choices[seat]:
            raise NotYourTurn(
                f"You have already chosen for round {state.round}.", seat=seat, round=state.round
            )
        chosen = _actions.picks(action)  # validates; raises the player's error
        new = copy_state(state)
        new.choices[seat] = list(chosen)
        waiting = sum(1 for c in new.choices if not c)
        events = [
            Event(
                "chose",
                f"{player_name(seat)} has chosen ({new.players - waiting} of {new.players}).",
                data={"seat": seat, "round": new.round},
            ),
            Event(
                "my_choice",
                f"You chose region {_list(chosen)} for round {new.round}.",
                to=(seat,),
                data={"seat": seat, "round": new.round, "picks": list(chosen)},
            ),
        ]
        if waiting == 0:
            events += _finish_round(new)
        new.events = events
        return new, events

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


# ---------------------------------------------------------------------- the end of a round


def _finish_round(state: ImperiumState) -> list[Event]:
    """Reveal, place, resolve, return markers, then start the next round or end (edits state)."""
    n = state.players
    rnd = state.round
    events: list[Event] = []
    reveal = state.choices
    for s in range(n):
        events.append(
            Event(
                "reveal",
                f"{player_name(s)} revealed region {_list(reveal[s])}.",
                data={"seat": s, "round": rnd, "picks": list(reveal[s])},
            )
        )
    placed_all: list[list[int]] = []
    for s in range(n):  # seat order: only matters when someone runs short (house order)
        chosen = reveal[s]
        have = state.supply[s]
        # House rule: a short player fills the highest-numbered picks first.
        placed = chosen if have >= len(chosen) else sorted(sorted(chosen, reverse=True)[:have])
        row = state.board[s]
        for p in placed:
            row[p - 1] += 1
        state.supply[s] = have - len(placed)
        placed_all.append(list(placed))
        events.append(
            Event(
                "place",
                f"{player_name(s)} placed {len(placed)} marker{'s' if len(placed) != 1 else ''}"
                + (f" in region {_list(placed)}" if placed else "")
                + f" ({state.supply[s]} left).",
                data={"seat": s, "placed": list(placed), "supply": state.supply[s]},
            )
        )
        if len(placed) < len(chosen):
            missed = list(chosen)
            for p in placed:
                missed.remove(p)
            events.append(
                Event(
                    "shortage",
                    f"{player_name(s)} ran out of markers: nothing placed for region {_list(missed)}.",
                    data={"seat": s, "missed": missed},
                )
            )
    resolutions: list[Resolution] = []
    for region in regions_in_round(state.variant, rnd):
        counts = [state.board[s][region - 1] for s in range(n)]
        points = resolve_region(counts, ROWS[region])
        for s in range(n):
            state.scores[s] += points[s]
            state.supply[s] += counts[s]  # only the resolved region's markers come back
            state.board[s][region - 1] = 0
        resolutions.append(Resolution(region=region, counts=counts, points=points))
        parts = [f"{player_name(s)} {points[s]} ({counts[s]} marker{'s' if counts[s] != 1 else ''})"
                 for s in range(n)]
        events.append(
            Event(
                "resolve",
                f"Region {region} resolved: " + "; ".join(parts) + ".",
                data={"region": region, "counts": counts, "points": points},
            )
        )
    state.last_reveal = [list(c) for c in reveal]
    state.last_placed = placed_all
    state.last_resolution = resolutions
    state.choices = [[] for _ in range(n)]
    if _game_ends(state):
        state.finished = True
        best = max(state.scores)
        winners = [s for s in range(n) if state.scores[s] == best]
        who = " and ".join(player_name(s) for s in winners)
        events.append(
            Event(
                "end",
                f"Game over after round {rnd}: {who} {'win' if len(winners) > 1 else 'wins'} "
                f"with {best} points.",
                data={"scores": list(state.scores), "winners": winners},
            )
        )
    else:
        state.round = rnd + 1
        nxt = regions_in_round(state.variant, state.round)
        events.append(
            Event(
                "round",
                f"Round {state.round} begins: region {_list(nxt)} will be resolved.",
                data={"round": state.round, "regions": list(nxt)},
            )
        )
    return events


def _game_ends(state: ImperiumState) -> bool:
    if state.variant == RACE30 and max(state.scores) >= TARGET:
        return True
    return state.round >= last_round(state.variant)


GAME = ImperiumGame()
