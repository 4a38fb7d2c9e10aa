"""Seeded random complete games: never crash, end after round 5, conserve every unit; and on the same
games, the engine's fast paths agree with the slow ways they replace (tests/rules/barrage/slow_references.py)
and apply's one-move check agrees with the listing (tests/rules/barrage/listing_probes.py).

Each (players, map) set of games is played once and every check runs on its positions as they come: the
three checks used to play their own games, each listing and applying every position again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from rules.barrage import GAME, data
from rules.base import play_random_game, resolve_options
from tests.rules.barrage import listing_probes, slow_references
from tests.rules.barrage.invariants import check, choose

SEEDS = range(300)  # per player count: 900 complete games on each map
LEEGHWATER_BASE_SEEDS = range(40)
"""Base games with the Leeghwater parts (buildings, external works, Netherlands, Margot, Mahiri, Leslie),
beside the 300 without, per player count."""
PROBED_GAMES, PROBED_LEEGHWATER = 27, 13
"""Per (map, players), the fast-path check and the listing check each take their own 40 of the games, 13
of them with Leeghwater: 2 maps x 3 player counts = 240 games each, some 32,000 positions each."""


class Game(NamedTuple):
    seed: int
    options: dict[str, str]

    @property
    def leeghwater(self) -> bool:
        return self.options.get("leeghwater") == "yes"


def schedule(players: int, nile: bool) -> list[Game]:
    """The games of one set: 300 Nile Affair games (every 4th with Leeghwater, every 10th introductory),
    or 300 base games (every 10th introductory) and 40 base games with Leeghwater."""
    if nile:
        games = []
        for seed in SEEDS:
            options = {"expansion": "nile"}
            if seed % 4 == 3:
                options["leeghwater"] = "yes"
            elif seed % 10 == 9:
                options["intro"] = "yes"
            games.append(Game(seed, options))
        return games
    base = {"map": "base"}
    return ([Game(seed, {**base, "intro": "yes"} if seed % 10 == 9 else base) for seed in SEEDS]
            + [Game(seed, {**base, "leeghwater": "yes"}) for seed in LEEGHWATER_BASE_SEEDS])


def probed(games: list[Game], skip: int) -> set[int]:
    """The indexes of the games a probe check takes: the ``skip``-th run of 27 games without Leeghwater and
    of 13 with (so the two checks take different games)."""
    plain = [i for i, g in enumerate(games) if not g.leeghwater]
    with_parts = [i for i, g in enumerate(games) if g.leeghwater]
    return {*plain[skip * PROBED_GAMES:(skip + 1) * PROBED_GAMES],
            *with_parts[skip * PROBED_LEEGHWATER:(skip + 1) * PROBED_LEEGHWATER]}


def _named(check_name: str, game: Game, step: int, run: Callable[..., None], *args: Any) -> None:
    """Run one check; a failure names the check, the game and the move."""
    try:
        run(*args)
    except AssertionError as e:
        raise AssertionError(f"{check_name} failed in game {game.seed} {game.options} at move {step}: {e}") from e


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("nile", [False, True], ids=["base", "nile"])
def test_random_games_conserve_everything_and_fast_paths_agree(players: int, nile: bool) -> None:
    """Every state of every game checked (invariants.check: every unit conserved, the 24 irrigation tiles
    included); on 40 games every position also checked against the slow references and on 40 others
    probed with moves of every kind (listing_probes)."""
    games = schedule(players, nile)
    fast_paths, listing = probed(games, 0), probed(games, 1)
    assert len(fast_paths) == len(listing) == 40 and not fast_paths & listing
    kinds: dict[str, set[str]] = {"fast paths": set(), "listing": set()}
    longest = irrigated = activated = 0
    for i, game in enumerate(games):
        rng = random.Random(game.seed * 7919 + players)  # the moves
        # each probe check has a generator of its own, so the moves played never depend on the probes
        paths_rng = random.Random(game.seed * 131 + players) if i in fast_paths else None
        listing_rng = random.Random(game.seed * 31 + players) if i in listing else None
        st = GAME.setup(players, resolve_options(GAME.info, game.options), game.seed)
        steps = 0
        while GAME.result(st) is None:
            seat = min(GAME.to_act(st))
            legal = GAME.legal_actions(st, seat)
            assert legal, (game, seat, st.tasks)
            if listing_rng:
                kinds["listing"].add(st.tasks[0].kind)
                _named("listing probes", game, steps, listing_probes.check_position, st, seat, legal, listing_rng)
            if paths_rng:
                kinds["fast paths"].add(st.tasks[0].kind)
                _named("fast paths", game, steps, slow_references.check_position, st, legal, paths_rng)
            a = choose(rng, legal, 0.1)
            new, events = GAME.apply(st, seat, a)
            if paths_rng:
                _named("fast paths", game, steps, slow_references.check_apply, st, seat, a, new, events)
            st = new
            steps += 1
            assert steps <= GAME.info.max_actions
            _named("invariants", game, steps, check, st)
        res = GAME.result(st)
        assert res is not None and st.round == data.ROUNDS, game
        assert sorted(res.ranks)[0] == 1 and len(res.scores) == players, game
        longest = max(longest, steps)
        if game.leeghwater:
            assert len(st.buildings) == 5, game
        if nile:
            assert st.map == "nile", game
            assert all(w != -1 for w in st.irr_scoring), game  # all five irrigation scorings happened
            irrigated += sum(len(c.irr_up) + len(c.irr_down) for c in st.companies)
            activated += sum(len(c.irr_down) for c in st.companies)
    assert longest < GAME.info.max_actions
    if nile:
        assert irrigated > len(SEEDS) and activated > len(SEEDS) // 2  # the games really irrigate
    for name, seen in kinds.items():
        assert {"turn", "construct", "produce", "fulfil", "drop"} <= seen, name


@pytest.mark.parametrize("players", [2, 3, 4])
def test_uniform_random_games_end(players: int) -> None:
    """The protocol's own random player (bank-heavy) also always finishes."""
    for seed in range(10):
        st, log = play_random_game(GAME, players, seed)
        assert GAME.result(st) is not None and len(log) < GAME.info.max_actions
