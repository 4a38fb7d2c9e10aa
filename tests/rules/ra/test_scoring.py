"""The seed's worked scoring examples, and the scoring rules seen through a whole epoch end."""

from __future__ import annotations

import pytest

from rules.ra import GAME
from rules.ra.actions import DRAW
from rules.ra.scoring import civ_points, monument_points, nile_points, pharaoh_points, sun_points
from tests.rules.ra.fixtures import position


def test_seed_pharaoh_example_3_2_2_3() -> None:
    """Seed: A-D hold 3-2-2-3 pharaohs: A and D gain 5, B and C lose 2."""
    assert pharaoh_points([3, 2, 2, 3]) == [5, -2, -2, 5]


def test_all_equal_pharaohs_change_nothing() -> None:
    """Seed: if everyone holds the same number of pharaohs, nobody gains or loses."""
    assert pharaoh_points([2, 2, 2]) == [0, 0, 0]
    assert pharaoh_points([0, 0, 0, 0, 0]) == [0, 0, 0, 0, 0]


def test_zero_pharaohs_can_be_fewest() -> None:
    assert pharaoh_points([0, 1, 4]) == [-2, 0, 5]


def test_seed_civilisation_example_duplicates_count_once() -> None:
    """Seed: astronomy 3, agriculture 2, writing 2 = three types = 5, same as one of each."""
    assert civ_points([0, 2, 0, 3, 2]) == 5
    assert civ_points([0, 1, 0, 1, 1]) == 5


@pytest.mark.parametrize(("types", "points"), [(0, -5), (1, 0), (2, 0), (3, 5), (4, 10), (5, 15)])
def test_civilisation_table(types: int, points: int) -> None:
    assert civ_points([1] * types + [0] * (5 - types)) == points


def test_seed_monument_example_is_19() -> None:
    """Seed: pyramid 4, temple 3, fortress 2, sphinx 1 = 4 types (4) + 4 pyramids (10) + 3 temples (5)."""
    # order: fortress, obelisk, palace, pyramid, sphinx, statue, step pyramid, temple
    assert monument_points([2, 0, 0, 4, 1, 0, 0, 3]) == 19


def test_monument_breadth_7_and_8() -> None:
    assert monument_points([1, 1, 1, 1, 1, 1, 1, 0]) == 10
    assert monument_points([1] * 8) == 15
    assert monument_points([5, 0, 0, 0, 0, 0, 0, 0]) == 1 + 15


def test_seed_sun_disk_example_17_25_21_17() -> None:
    """Seed: totals 17-25-21-17: B gains 5, A and D lose 5."""
    assert sun_points([17, 25, 21, 17]) == [-5, 5, 0, -5]
    assert sun_points([20, 20, 20]) == [0, 0, 0]


def test_nile_without_flood_scores_zero() -> None:
    assert nile_points(6, 0) == 0
    assert nile_points(6, 1) == 7


def _end_epoch_by_ra(s):
    """Put the last Ra tile on top of the bag and draw it: the epoch ends without an auction."""
    s.ra_count = {3: 7, 4: 8, 5: 9}[s.players]
    ra = s.bag.index(0, s.drawn)
    s.bag[s.drawn], s.bag[ra] = s.bag[ra], s.bag[s.drawn]
    return GAME.apply(s, s.turn, DRAW)


def test_epoch_scoring_through_the_engine() -> None:
    """Gods 2, gold 3, pharaohs, Nile with flood, civilisations; scored tiles leave, others stay."""
    s = position(
        3,
        held={
            0: {"god": 1, "gold": 2, "pharaoh": 3, "nile": 2, "flood": 1, "civ_art": 1, "civ_writing": 1,
                "civ_religion": 1, "mon_temple": 2},
            1: {"pharaoh": 1, "nile": 4},
            2: {"pharaoh": 1, "civ_art": 3},
        },
    )
    s2, events = _end_epoch_by_ra(s)
    # seat 0: 2 + 6 + 5 + 3 + 5 = 21; seat 1: -2 + 0 - 5 = -7; seat 2: -2 + 0 = -2 (1 type = 0)
    assert s2.fame == [31, 3, 8]
    assert s2.epoch == 2
    kept = GAME.view(s2, None)["seats"]
    assert kept[0]["tiles"] == {"pharaoh": 3, "nile": 2, "mon_temple": 2}
    assert kept[1]["tiles"] == {"pharaoh": 1, "nile": 4}
    assert kept[2]["tiles"] == {"pharaoh": 1}
    assert any("fame 31" in e.text for e in events)


def test_loss_larger_than_fame_leaves_zero() -> None:
    """Seed: losing more than you hold starts the next epoch at 0, never below."""
    s = position(3, fame=[3, 10, 10], held={1: {"pharaoh": 2, "civ_art": 1}, 2: {"pharaoh": 2}})
    s2, _ = _end_epoch_by_ra(s)
    assert s2.fame[0] == 0  # -2 pharaohs, -5 civilisations from 3


def test_final_scoring_adds_monuments_and_sun_disks() -> None:
    s = position(
        3,
        epoch=3,
        up=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]],
        held={0: {"mon_pyramid": 4, "mon_temple": 3, "mon_fortress": 2, "mon_sphinx": 1}},
        fame=[10, 10, 10],
    )
    s2, _ = _end_epoch_by_ra(s)
    r = GAME.result(s2)
    assert r is not None
    # seat 0: monuments 19, civ -5, pharaohs all equal 0, suns 28 vs 30 vs 32 -> lowest -5
    assert s2.fame[0] == 10 + 19 - 5 - 5
    assert s2.fame[2] == 10 - 5 + 5
    assert r.ranks[0] == 1


def test_tie_broken_by_highest_sun_disk() -> None:
    s = position(3, epoch=3, up=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]])
    s2, _ = _end_epoch_by_ra(s)
    # all civ -5, pharaohs equal; suns 28/30/32: seat 0 -5, seat 2 +5
    r = GAME.result(s2)
    assert r is not None and s2.fame == [0, 5, 10]
    t = position(3, epoch=3, up=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]], fame=[20, 15, 10])
    t2, _ = _end_epoch_by_ra(t)
    assert t2.fame == [10, 10, 10]
    r2 = GAME.result(t2)
    assert r2 is not None and r2.ranks == (1, 2, 3) and r2.winners == (0,)
