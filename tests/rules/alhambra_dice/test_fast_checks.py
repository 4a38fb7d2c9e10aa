"""``apply`` checks the common moves (re-rolls, plain placements) on a fast path, without the general
check or the move list: over a few hundred seeded random games it must accept exactly the moves
legal generation lists, refuse the rest with the general check's own error, and roll the same dice
as the keyed stream (rules.rng) it stands in for. The first games of that walk are also played through
``apply_owned`` side by side (tests/rules/owned_paths.py): one walk lists, refuses and plays for both
checks, which used to walk games of their own (test_owned.py keeps the older generator's games)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.alhambra_dice import GAME
from rules.alhambra_dice.actions import Build, CancelRoll, NameStart, Place, Push, Reroll, Take, TakeStart
from rules.alhambra_dice.data import DICE, NB, NCELLS
from rules.alhambra_dice.dice import DICE_LABEL, next64
from rules.alhambra_dice.legality import check
from rules.alhambra_dice.state import OVER, ROLL, State
from rules.base import RulesError
from rules.rng import RNG_KEYED, RNG_KEYED2, blake_block, keyed_block
from tests.rules.owned_paths import SideBySide, refusal
from tests.rules.replay_digest import replay_digest

GAMES = 100  # per version, 2-6 players: 200 games
OWNED_GAMES = 60
"""Of those, per version, the games also played through apply_owned (generator version 3, every new game)."""
OTHER_PHASES: tuple[object, ...] = (CancelRoll(), NameStart(0), TakeStart(), Build(0, 0, 1), Reroll(True), "reroll")
"""Moves of other phases and malformed ones, refused alike by apply and apply_owned."""


def _near_misses(st: State, legal: list[object], rng: random.Random) -> list[object]:
    """Moves one step off a legal one: the mistakes a fast check could wave through."""
    out: list[object] = [Reroll(0), Reroll(1 << DICE), Reroll(rng.randrange(1, 1 << DICE))]
    places = [a for a in legal if isinstance(a, (Place, Push))]
    for a in rng.sample(places, min(2, len(places))) + [a for a in legal if isinstance(a, Take)]:
        if isinstance(a, (Place, Push)):
            kind = type(a)
            out += [
                kind(a.building, a.count + 1, a.cell),
                kind(a.building, a.count, a.cell + 1),
                kind(a.building, a.count, a.cell - 1),
                kind((a.building + 1) % NB, a.count, a.cell),
                kind(a.building, a.count, NCELLS),
            ]
        elif isinstance(a, Take) and rng.random() < 0.2:
            out.append(Take(a.tile, a.x + 1, a.y))
    if st.phase == ROLL:
        out.append(Place(rng.randrange(NB), rng.randrange(1, DICE + 2), rng.randrange(NCELLS + 1)))
    return out


def _refused(st: State, seat: object, action: object) -> tuple[Any, ...] | None:
    """apply's error for the move (type, sentence, fields), or None when it accepts it."""
    return refusal(GAME.apply, st, seat, action)


def _outcome(error: tuple[Any, ...] | None) -> tuple[str, str | None]:
    return ("ok", None) if error is None else (error[0].__name__, error[2].get("key"))


@pytest.mark.parametrize("version", ["basic", "alcazaba"])
def test_apply_accepts_exactly_the_listed_moves_and_apply_owned_plays_alike(version: str) -> None:
    checked = moves = refused = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        st = GAME.setup(2 + seed % 5, {"version": version}, seed)
        both = SideBySide(GAME, st, ("log", "log_data"), seed) if seed < OWNED_GAMES else None
        while st.phase != OVER:
            seat = st.seat
            legal = GAME.legal_actions(st, seat)
            if both:
                both.position(st, seat, legal)
            listed = set(legal)
            for a in rng.sample(legal, min(2, len(legal))) + _near_misses(st, legal, rng):
                error = _refused(st, seat, a)
                if both:
                    both.refuses(seat, a, error)
                outcome = _outcome(error)
                if a in listed:
                    assert outcome == ("ok", None), (a, outcome)
                else:
                    try:
                        check(st, seat, a)
                    except RulesError as err:
                        expected = (type(err).__name__, err.fields.get("key"))
                    else:  # pragma: no cover - a move the check allows must be listed
                        pytest.fail(f"{a} passes the check but is not listed")
                    assert outcome == expected, (a, outcome, expected)
                checked += 1
            # Off turn: the fast paths must not accept another seat's move.
            other = (seat + 1) % st.players
            if other != seat:
                error = _refused(st, other, legal[0])
                assert _outcome(error)[0] != "ok"
                if both:
                    both.refuses(other, legal[0], error)
            if both:  # moves of other phases, a seat past the table, no seat: refused alike
                for who, a in [*((seat, a) for a in OTHER_PHASES), ((seat + 1) % (st.players + 1), rng.choice(legal)),
                               (None, legal[0])]:
                    both.refuses(who, a, _refused(st, who, a))
            action = rng.choice(legal)
            st, _ = GAME.apply(st, seat, action)
            if both:
                both.moved(seat, action, st)
        if both:
            both.ended(st, seat, action)
            moves, refused = moves + both.moves, refused + both.refused
    assert checked > 100 * GAMES
    assert moves > OWNED_GAMES * 200 and refused > moves


def test_dice_blocks_are_the_keyed_stream() -> None:
    for seed in range(50):
        st = GAME.setup(3, {}, seed, RNG_KEYED)
        counter = st.rng
        value = next64(st)
        assert value == int.from_bytes(keyed_block(st.rng_key, DICE_LABEL, counter)[:8], "big")
        assert st.rng == counter + 1


def test_version_3_dice_read_eight_rolls_from_each_blake2b_block() -> None:
    """A new game's dice (generator version 3): roll n is the n % 8-th 8 bytes of BLAKE2b block n // 8,
    under a 64-byte key that differs from game to game."""
    keys = set()
    for seed in range(20):
        st = GAME.setup(3, {}, seed, RNG_KEYED2)
        assert len(st.rng_key) == 64
        keys.add(st.rng_key)
        for _ in range(20):
            n = st.rng
            value = next64(st)
            block = blake_block(st.rng_key, DICE_LABEL, n // 8)
            assert value == int.from_bytes(block[8 * (n % 8) : 8 * (n % 8) + 8], "big")
            assert st.rng == n + 1
    assert len(keys) == 20


DIGEST_CASES = [(2 + s % 5, s, {"version": "alcazaba" if s % 2 else "basic"}) for s in range(60)]
DIGEST_V2 = "7b147b7af07efe433a920adc7c98d441f461f1973d6e85bbfcb27a9957f59877"
"""replay_digest(GAME, DIGEST_CASES) on generator version 2, taken on main just before version 3 came
(1de230d; the digest covers the event text, which said "Seat" before the naming change of f2f6079)."""
DIGEST_V3 = "cbee23adef03833f067aa5fa149a6b1691839c80cbfe1e75f3db58eab009918e"
"""The same games on generator version 3 (new games), pinned when it was merged (event text as of f2f6079)."""


def test_version_2_games_replay_byte_for_byte_and_version_3_games_are_pinned() -> None:
    assert replay_digest(GAME, DIGEST_CASES, RNG_KEYED) == DIGEST_V2
    assert replay_digest(GAME, DIGEST_CASES, RNG_KEYED2) == DIGEST_V3


def test_cell_summaries_place_and_swap_exactly_as_the_tile_by_tile_checks() -> None:
    """Alcazaba move generation sums each cell up once (alhambra.open_cells / swap_cells): for every
    tile it must find the very cells can_place and can_swap accept, in the same order."""
    from rules.alhambra_dice import alhambra as alh
    from rules.alhambra_dice.data import NTILES

    grids = set()
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.setup(3, {"version": "alcazaba"}, seed)
        while GAME.result(st) is None:
            grids.update(tuple(g) for g in st.alhambra)
            seat = min(GAME.to_act(st))
            st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert len(grids) > 50
    for flat in grids:
        grid = alh.from_flat(list(flat))
        opened, swaps = alh.open_cells(grid), alh.swap_cells(grid)
        by_row = sorted(grid, key=lambda c: (c[1], c[0]))
        for tile in range(NTILES):
            assert alh.fitting(opened, tile) == [c for c in alh.frontier(grid) if alh.can_place(grid, tile, *c)]
            assert alh.fitting(swaps, tile) == [c for c in by_row if alh.can_swap(grid, tile, *c)]
