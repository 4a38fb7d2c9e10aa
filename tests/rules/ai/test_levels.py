"""Computer players: the level registry, honesty (a seat's move depends only on its view), samples
that match the view, and the search's bounds."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec
import pytest

from rules import GAMES
from rules.ai import DEFAULT_LEVEL, LEVELS, SearchAI, ais_for, default_ai
from rules.base import resolve_options
from rules.search import Budget, search

LEVEL_GAMES = [("ra", {}), ("ra", {"hidden_fame": "on"}), ("imperium", {}),
               ("alhambra_dice", {"version": "basic"}), ("alhambra_dice", {"version": "alcazaba"}),
               ("barrage", {"expansion": "nile"}), ("barrage", {"expansion": "nile", "leeghwater": "yes"})]
PLAYERS = {"ra": 4, "imperium": 4, "alhambra_dice": 3, "barrage": 3}
EVERY = {"ra": 9, "imperium": 3, "alhambra_dice": 9, "barrage": 23}
"""Moves between the positions a test looks at (an Imperium game is short)."""


def _small_hard(game_name: str) -> SearchAI:
    """The shipped Hard with fewer playouts (and no deadline in reach), so tests stay quick and exact."""
    hard = ais_for(game_name)["hard"]
    assert isinstance(hard, SearchAI)
    return type(hard)("hard", hard.knobs, Budget(iterations=12, deadline_s=3600.0))


def _players(game_name: str) -> dict[str, Any]:
    ais = dict(ais_for(game_name))
    ais["hard"] = _small_hard(game_name)
    return ais


def _positions(game_name: str, options: dict[str, str], seed: int, every: int, count: int | None = None) -> list[Any]:
    """States along a game between Normal seats, one every ``every`` moves; the first ``count`` of them
    (None: the whole game)."""
    return list(_played(game_name, tuple(sorted(options.items())), seed, every, count))


@cache
def _played(game_name: str, options: tuple[tuple[str, str], ...], seed: int, every: int,
            count: int | None) -> tuple[Any, ...]:
    """_positions, played once per process: the three levels' tests look at the same positions (a game of
    Normal seats is most of their cost), and the game stops at the last position asked for. The states are
    never changed in place (tests/rules/ai/test_leaves_state.py: no level changes the state it is shown)."""
    game = GAMES[game_name]
    ais = ais_for(game_name)
    rng = random.Random(seed)
    state = game.setup(PLAYERS[game_name], resolve_options(game.info, dict(options)), seed)
    out = []
    for i in range(game.info.max_actions):
        if game.result(state) is not None:
            break
        if i % every == 0:
            out.append(state)
            if len(out) == count:
                break
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, ais["normal"].choose(game, state, seat, rng))
    return tuple(out)


# --------------------------------------------------------------------------- the registry


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_game_offers_the_three_levels_and_the_stored_names(game_name: str) -> None:
    ais = ais_for(game_name)
    assert set(LEVELS) <= set(ais)
    assert "random" in ais
    assert default_ai(game_name) == DEFAULT_LEVEL == "normal"


def test_stored_heuristic_names_still_play_todays_heuristic() -> None:
    from rules.alhambra_dice.ai import GreedyAI as AlhambraGreedy
    from rules.barrage.ai import GreedyAI as BarrageGreedy
    from rules.imperium.ai import GreedyAI as ImperiumGreedy
    from rules.ra.ai import EvaluatorAI

    assert type(ais_for("ra")["evaluator"]) is EvaluatorAI
    assert type(ais_for("imperium")["greedy"]) is ImperiumGreedy
    assert type(ais_for("alhambra_dice")["greedy"]) is AlhambraGreedy
    assert type(ais_for("barrage")["greedy"]) is BarrageGreedy


# --------------------------------------------------------------------------- honesty


def _ra_twins(state: Any, seat: int, rng: random.Random) -> Any:
    twin = msgspec.structs.replace(state, bag=list(state.bag), fame=list(state.fame))
    rest = twin.bag[twin.drawn:]
    rng.shuffle(rest)
    twin.bag[twin.drawn:] = rest
    if twin.hidden_fame:
        for other in range(twin.players):
            if other != seat:
                twin.fame[other] += 9 * (other + 1)  # another seat's secret total
    return twin


def _imperium_twins(state: Any, seat: int, rng: random.Random) -> Any:
    choices = list(state.choices)
    for other in range(state.players):  # others' secret picks, whatever they were
        if other != seat and choices[other]:
            choices[other] = tuple(sorted(rng.randint(1, 9) for _ in range(3)))
    return msgspec.structs.replace(state, choices=choices)


def _alhambra_twins(state: Any, seat: int, rng: random.Random) -> Any:
    stacks = [list(s) for s in state.stacks]
    if len(stacks) > 1:  # chips of the coming rounds, in another order and split
        pool = [c for s in stacks[:-1] for c in s]
        rng.shuffle(pool)
        sizes = [len(s) for s in stacks[:-1]]
        stacks = [pool[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(len(sizes))] + [stacks[-1]]
    bag = list(state.bag)
    rng.shuffle(bag)
    return msgspec.structs.replace(state, rng=rng.getrandbits(64), stacks=stacks, bag=bag)


def _barrage_twins(state: Any, seat: int, rng: random.Random) -> Any:
    """Every face-down pile in another order: contract piles, the advanced-tile deck within each
    level, the external works within each letter, the irrigation tiles under the visible tops."""
    from rules.barrage import data

    def within(deck: list[str], key: Callable[[str], Any]) -> list[str]:
        out: list[str] = []
        for k in dict.fromkeys(key(x) for x in deck):
            run = [x for x in deck if key(x) == k]
            rng.shuffle(run)
            out += run
        return out

    irrigation = {}
    for aid, stacks in state.pile_irrigation.items():
        mine = [t for s in stacks for t in s[:-1]]
        rng.shuffle(mine)
        irrigation[aid] = [[mine.pop() for _ in s[:-1]] + s[-1:] for s in stacks]
    return msgspec.structs.replace(
        state, piles=[rng.sample(p, len(p)) for p in state.piles],
        deck_patent=within(state.deck_patent, lambda t: data.TECH[t]["level"]),
        deck_works=within(state.deck_works, lambda w: data.EXTERNAL_WORKS[w]["deck"]),
        pile_irrigation=irrigation)


TWINS: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "ra": _ra_twins, "imperium": _imperium_twins, "alhambra_dice": _alhambra_twins, "barrage": _barrage_twins}


@pytest.mark.parametrize(("game_name", "options"), LEVEL_GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_a_level_decides_the_same_whatever_its_seat_cannot_see(game_name: str, options: dict[str, str],
                                                                level: str) -> None:
    """Two states that differ only in hidden data (the bag's order, others' secret fame or picks,
    the dice generator and face-down stacks) get the same move from the same random stream."""
    game = GAMES[game_name]
    ai = _players(game_name)[level]
    checked = differed = 0
    for state in _positions(game_name, options, seed=7, every=EVERY[game_name], count=12):
        acting = sorted(game.to_act(state))
        seat = acting[0]
        if game_name == "imperium":
            # Let the other seats choose first, so their picks are the secret the twin changes.
            for other in acting[1:]:
                state, _ = game.apply(state, other, game.legal_actions(state, other)[0])
        twin = TWINS[game_name](state, seat, random.Random(checked))
        differed += msgspec.json.encode(twin) != msgspec.json.encode(state)
        mine = ai.choose(game, state, seat, random.Random(100 + checked))
        theirs = ai.choose(game, twin, seat, random.Random(100 + checked))
        assert mine == theirs, (game_name, level, checked)
        checked += 1
    assert checked >= 5 and differed >= 3


# --------------------------------------------------------------------------- samples


@pytest.mark.parametrize(("game_name", "options"), LEVEL_GAMES)
def test_a_sample_looks_exactly_like_the_view_it_came_from_and_plays_on(game_name: str,
                                                                        options: dict[str, str]) -> None:
    game = GAMES[game_name]
    determinise = ais_for(game_name)["hard"].knobs.determinise
    rng = random.Random(3)
    for state in _positions(game_name, options, seed=11, every=7, count=15):
        seat = min(game.to_act(state))
        view = game.view(state, seat)
        sample = determinise(view, seat, rng)
        assert game.view(sample, seat)["info_state"] == view["info_state"]
        assert {game.encode_action(a) for a in game.legal_actions(sample, seat)} == \
            {game.encode_action(a) for a in game.legal_actions(state, seat)}
        for _ in range(60):  # a sample is a real position: play on with random moves
            if game.result(sample) is not None:
                break
            actor = min(game.to_act(sample))
            sample, _ = game.apply(sample, actor, rng.choice(game.legal_actions(sample, actor)))


def test_ra_sample_draws_from_what_is_left_in_the_bag() -> None:
    game = GAMES["ra"]
    state = _positions("ra", {}, seed=5, every=20, count=3)[2]
    view = game.view(state, 0)
    sample = ais_for("ra")["hard"].knobs.determinise(view, 0, random.Random(1))
    assert sorted(sample.bag[sample.drawn:]) == sorted(state.bag[state.drawn:])
    assert sum(view["info_state"]["bag_counts"]) == view["bag_count"]


# --------------------------------------------------------------------------- the search's bounds


def test_hard_is_reproducible_from_the_seed() -> None:
    game = GAMES["ra"]
    hard = _small_hard("ra")
    for state in _positions("ra", {}, seed=2, every=11, count=6):
        seat = min(game.to_act(state))
        assert hard.choose(game, state, seat, random.Random(4)) == hard.choose(game, state, seat, random.Random(4))


def test_past_the_deadline_the_best_move_so_far_is_played() -> None:
    """A clock that jumps a second per reading: the search stops after its first playout (a huge
    iteration budget notwithstanding) and still answers with a legal move."""
    game = GAMES["ra"]
    knobs = ais_for("ra")["hard"].knobs
    samples = 0

    def counting(view: dict[str, Any], seat: int, rng: random.Random) -> Any:
        nonlocal samples
        samples += 1
        return knobs.determinise(view, seat, rng)

    ticks = iter(range(10**6))
    state = next(s for s in _positions("ra", {}, seed=9, every=5)
                 if len(game.legal_actions(s, min(game.to_act(s)))) > 1)
    seat = min(game.to_act(state))
    move = search(game, game.view(state, seat), seat, random.Random(0),
                  dataclasses.replace(knobs, determinise=counting),
                  Budget(iterations=10**9, deadline_s=0.5), clock=lambda: float(next(ticks)))
    assert move in game.legal_actions(state, seat)
    assert samples == 1
