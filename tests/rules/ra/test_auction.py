"""Auctions, turn order, gods, disasters and epoch ends, each from an exact position."""

from __future__ import annotations

import msgspec

from rules.ra import GAME
from rules.ra.actions import DRAW, INVOKE, PASS, STOP, Bid, Discard, UseGod
from rules.ra.data import TILE_INDEX
from tests.rules.ra.fixtures import position, tile_census

SUNS3 = [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]]


def play(s, *moves):
    """Apply moves in turn, checking each time that the input state is left untouched."""
    for seat, action in moves:
        before = msgspec.json.encode(s)
        nxt, _ = GAME.apply(s, seat, action)
        assert msgspec.json.encode(s) == before
        s = nxt
    return s


def held(s, seat: int) -> dict[str, int]:
    return GAME.view(s, None)["seats"][seat]["tiles"]


def test_winner_takes_all_tiles_and_swaps_disks() -> None:
    """The winner takes every track tile, the centre disk face down, and leaves the bid disk in the centre."""
    s = position(3, up=SUNS3, center=1, track=["pharaoh", "gold", "nile"], turn=0)
    s = play(s, (0, INVOKE), (1, Bid(disk=6)), (2, PASS), (0, PASS))
    assert held(s, 1) == {"pharaoh": 1, "gold": 1, "nile": 1}
    assert s.down[1] == [1] and 6 not in s.up[1] and s.center == 6
    assert s.track == []
    assert s.turn == 1  # play resumes left of the Ra holder (seat 0), whoever won


def test_bidding_goes_once_around_starting_left_of_the_holder() -> None:
    s = position(3, up=SUNS3, turn=1, track=["gold"])
    s, _ = GAME.apply(s, 1, INVOKE)
    assert GAME.to_act(s) == {2}
    s = play(s, (2, Bid(disk=4)))
    assert GAME.to_act(s) == {0}
    s = play(s, (0, Bid(disk=5)), (1, Bid(disk=6)))
    assert held(s, 1) == {"gold": 1} and s.center == 6
    assert s.turn == 2


def test_invoker_must_bid_when_all_others_passed() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"])
    s = play(s, (0, INVOKE), (1, PASS), (2, PASS))
    acts = GAME.legal_actions(s, 0)
    assert PASS not in acts and acts == [Bid(disk=d) for d in (2, 5, 8, 13)]


def test_invoker_may_pass_when_someone_bid() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"])
    s = play(s, (0, INVOKE), (1, Bid(disk=3)), (2, PASS))
    assert PASS in GAME.legal_actions(s, 0)


def test_drawn_ra_everyone_may_pass_and_tiles_stay() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold", "nile"], bag=["ra"])
    s = play(s, (0, DRAW))
    assert s.phase == "auction" and s.ra_count == 1 and s.ra_holder == 0
    s = play(s, (1, PASS), (2, PASS), (0, PASS))
    assert [t for t in GAME.view(s, None)["auction_track"]] == ["gold", "nile"]
    assert s.turn == 1


def test_full_track_everyone_passes_discards_the_eight_tiles() -> None:
    track = ["gold", "nile", "nile", "pharaoh", "civ_art", "flood", "mon_temple", "god"]
    s = position(3, up=SUNS3, turn=2, track=track)
    assert DRAW not in GAME.legal_actions(s, 2)
    s = play(s, (2, INVOKE))
    assert s.reason == "full"
    assert PASS in GAME.legal_actions(s, 2) or s.turn != 2
    s = play(s, (0, PASS), (1, PASS), (2, PASS))
    assert s.track == [] and sum(s.discarded) == 8
    assert tile_census(s) == tile_census(position(3))


def test_seats_without_face_up_disks_are_skipped() -> None:
    s = position(3, up=[[13], [], [11]], down=[[], [12, 9], []], turn=0, track=["gold"])
    s = play(s, (0, INVOKE))
    assert s.turn == 2  # seat 1 has no face-up disk
    s = play(s, (2, Bid(disk=11)), (0, PASS))
    assert s.turn == 0  # left of holder 0 is seat 1 (skipped), then seat 2 (no disks left) -> 0
    assert s.up == [[13], [], []]


def test_epoch_ends_when_the_last_disk_is_used() -> None:
    s = position(3, up=[[13], [], []], down=[[], [12, 9], [11]], turn=0, track=["gold"], ra_count=3)
    s = play(s, (0, INVOKE), (0, Bid(disk=13)))
    assert s.epoch == 2 and s.phase == "play"
    assert s.ra_count == 0 and s.track == []
    assert s.up == [[1], [12, 9], [11]] and s.center == 13
    assert s.fame[0] == 10 + 3 - 5  # gold +3, pharaohs all equal (0) -> 0, no civilisation -5
    assert s.turn == 1  # highest disk starts the new epoch


def test_epoch_ends_when_ra_track_fills_without_auction() -> None:
    s = position(3, up=SUNS3, turn=1, track=["gold", "pharaoh"], ra_count=7, bag=["ra"], center=1)
    s = play(s, (1, DRAW))
    assert s.epoch == 2 and s.phase == "play"
    assert s.track == [] and s.ra_count == 0
    assert s.discarded[TILE_INDEX["gold"]] == 1 and s.discarded[TILE_INDEX["ra"]] == 8
    assert s.center == 1 and s.turn == 0


def test_auction_on_empty_track_is_a_disk_swap() -> None:
    s = position(3, up=SUNS3, turn=0, center=1)
    s = play(s, (0, INVOKE), (1, PASS), (2, PASS), (0, Bid(disk=2)))
    assert s.center == 2 and s.down[0] == [1] and held(s, 0) == {}


def test_funeral_takes_two_pharaohs_without_asking() -> None:
    s = position(3, up=SUNS3, turn=0, track=["funeral", "pharaoh"], held={1: {"pharaoh": 2}})
    s = play(s, (0, INVOKE), (1, Bid(disk=3)), (2, PASS), (0, PASS))
    assert held(s, 1) == {"pharaoh": 1}
    assert s.phase == "play"


def test_drought_takes_floods_first_then_nile() -> None:
    s = position(3, up=SUNS3, turn=0, track=["drought"], held={1: {"flood": 1, "nile": 3}})
    s = play(s, (0, INVOKE), (1, Bid(disk=3)), (2, PASS), (0, PASS))
    assert held(s, 1) == {"nile": 2}


def test_disaster_without_targets_does_nothing() -> None:
    s = position(3, up=SUNS3, turn=0, track=["earthquake", "gold"])
    s = play(s, (0, INVOKE), (1, Bid(disk=3)), (2, PASS), (0, PASS))
    assert held(s, 1) == {"gold": 1} and s.phase == "play"


def test_unrest_with_a_real_choice_asks_the_winner() -> None:
    s = position(3, up=SUNS3, turn=0, track=["unrest", "civ_art"],
                 held={2: {"civ_writing": 1, "civ_religion": 2}})
    s = play(s, (0, INVOKE), (1, PASS), (2, Bid(disk=4)), (0, PASS))
    assert s.phase == "disaster" and GAME.to_act(s) == {2}
    acts = GAME.legal_actions(s, 2)
    # religion is the duplicate: losing it keeps three types, the sensible default
    assert acts[0] == Discard(tile="civ_religion")
    assert set(acts) == {Discard(tile=t) for t in ("civ_art", "civ_writing", "civ_religion")}
    s = play(s, (2, Discard(tile="civ_religion")))
    assert s.phase == "disaster"
    s = play(s, (2, Discard(tile="civ_art")))
    assert held(s, 2) == {"civ_writing": 1, "civ_religion": 1}
    assert s.phase == "play" and s.turn == 1


def test_several_disasters_in_one_lot_all_resolve() -> None:
    s = position(3, up=SUNS3, turn=0, track=["funeral", "drought", "unrest", "pharaoh", "flood"],
                 held={1: {"pharaoh": 2, "civ_art": 1, "civ_writing": 1, "nile": 2}})
    s = play(s, (0, INVOKE), (1, Bid(disk=3)), (2, PASS), (0, PASS))
    # funeral: 3 pharaohs -> 1; drought: the flood, then a Nile; unrest: both civs (only two)
    assert held(s, 1) == {"pharaoh": 1, "nile": 1}
    assert s.phase == "play"
    assert tile_census(s) == tile_census(position(3))


def test_gods_take_tiles_step_by_step() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold", "god", "pharaoh", "nile"], held={0: {"god": 2}})
    acts = GAME.legal_actions(s, 0)
    assert UseGod(tile="gold") in acts and UseGod(tile="god") not in acts
    s = play(s, (0, UseGod(tile="gold")))
    assert s.phase == "gods" and GAME.to_act(s) == {0}
    assert DRAW not in GAME.legal_actions(s, 0)
    s = play(s, (0, STOP))
    assert held(s, 0) == {"god": 1, "gold": 1}
    assert s.turn == 1 and GAME.view(s, None)["auction_track"] == ["god", "pharaoh", "nile"]


def test_last_god_ends_the_turn() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"], held={0: {"god": 1}})
    s = play(s, (0, UseGod(tile="gold")))
    assert s.phase == "play" and s.turn == 1
    assert s.discarded[TILE_INDEX["god"]] == 1


def test_draw_puts_tile_on_track_and_passes_turn() -> None:
    s = position(3, up=SUNS3, turn=2, bag=["mon_temple"])
    s = play(s, (2, DRAW))
    assert GAME.view(s, None)["auction_track"] == ["mon_temple"]
    assert s.turn == 0


def test_first_player_holds_the_highest_disk() -> None:
    for seed in range(10):
        s = GAME.setup(4, {}, seed)
        assert 13 in s.up[s.turn]


def test_seat_that_cannot_beat_the_bid_passes_automatically() -> None:
    """Seat 2's best disk is 11: after a bid of 12 nobody waits for its click."""
    s = position(3, up=SUNS3, turn=0, track=["gold"])
    s, events = GAME.apply(play(s, (0, INVOKE)), 1, Bid(disk=12))
    assert GAME.to_act(s) == {0} and s.bids[2] == 0
    assert any("can't beat 12" in e.text for e in events)


def test_last_player_with_disks_may_pass_a_drawn_ra_and_plays_on() -> None:
    s = position(3, up=[[], [9, 4], []], down=[[13], [], [11]], turn=1, track=["gold"], bag=["ra"])
    s = play(s, (1, DRAW))
    assert GAME.to_act(s) == {1} and PASS in GAME.legal_actions(s, 1)
    s = play(s, (1, PASS))
    assert s.phase == "play" and s.turn == 1 and GAME.view(s, None)["auction_track"] == ["gold"]


def test_last_player_with_disks_must_bid_when_invoking() -> None:
    s = position(3, up=[[], [9, 4], []], down=[[13], [], [11]], turn=1, track=["gold"])
    s = play(s, (1, INVOKE))
    assert GAME.legal_actions(s, 1) == [Bid(disk=4), Bid(disk=9)]


def test_last_player_with_disks_may_pass_on_a_full_track() -> None:
    s = position(3, up=[[], [9, 4], []], down=[[13], [], [11]], turn=1, track=["nile"] * 8)
    s = play(s, (1, INVOKE), (1, PASS))
    assert s.track == [] and s.turn == 1


def test_god_taking_a_disaster_strikes_the_taker() -> None:
    s = position(3, up=SUNS3, turn=0, track=["funeral", "gold"], held={0: {"god": 2, "pharaoh": 3}})
    s = play(s, (0, UseGod(tile="funeral")))
    assert held(s, 0) == {"god": 1, "pharaoh": 1}
    assert s.phase == "gods" and GAME.legal_actions(s, 0) == [UseGod(tile="gold"), STOP]
