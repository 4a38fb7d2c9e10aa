"""Alhambra's apply_owned (the search's fast path) plays the very games apply plays: equal states after
every move (but the picture's recent lines, which it leaves empty) and the same refusals, basic and
Alcazaba (tests/rules/owned_paths.py). Generator version 3 (every new game): 60 games per rules version,
walked together with the fast checks (test_fast_checks.py); version 2 (games stored before it) here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice.state import State
from rules.rng import RNG_KEYED
from tests.rules.alhambra_dice.test_fast_checks import OTHER_PHASES, _near_misses
from tests.rules.owned_paths import play_both


def _misses(st: State, seat: int, legal: list[Any], rng: random.Random) -> list[tuple[Any, Any]]:
    """The fast checks' near misses, moves of other phases, and a legal move by the wrong seat."""
    out: list[Any] = [*_near_misses(st, legal, rng), *OTHER_PHASES]
    return [(seat, a) for a in out] + [((seat + 1) % (st.players + 1), rng.choice(legal)), (None, legal[0])]


GAMES = {RNG_KEYED: 20}
"""Games per rules version and generator. Version 3 ran twice over the same 60 games (``RNG_KEYED2`` and
``RNG_CURRENT`` are the same number) and version 2 never: version 3's 60 games are now walked with the fast
checks, and version 2 runs here on fewer games (the dice are the only thing a generator changes in a game)."""


@pytest.mark.parametrize("version", GAMES)
@pytest.mark.parametrize("rules", ["basic", "alcazaba"])
def test_apply_owned_plays_the_games_apply_plays(rules: str, version: int) -> None:
    moves = refused = 0
    games = GAMES[version]
    for seed in range(games):
        m, r = play_both(GAME, 2 + seed % 5, {"version": rules}, seed, version, ("log", "log_data"), _misses)
        moves += m
        refused += r
    assert moves > games * 200 and refused > moves
