"""Illegal moves are refused with a clear sentence, and the state is left exactly as it was."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from rules.base import GameOver, IllegalAction, InvalidAction, NotYourTurn, RulesError
from rules.ra import GAME
from rules.ra.actions import DRAW, INVOKE, PASS, STOP, Bid, Discard, UseGod
from tests.rules.ra.fixtures import position

SUNS3 = [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]]


def refused(s: Any, seat: Any, action: Any, error: type[RulesError], words: str) -> None:
    before = msgspec.json.encode(s)
    with pytest.raises(error) as info:
        GAME.apply(s, seat, action)
    assert words in str(info.value)
    assert msgspec.json.encode(s) == before


def auction(**kw: Any):
    s = position(3, up=SUNS3, turn=0, track=["gold"], **kw)
    s, _ = GAME.apply(s, 0, INVOKE)
    return s


def test_bid_lower_or_equal_to_current_bid() -> None:
    s, _ = GAME.apply(auction(), 1, Bid(disk=9))
    refused(s, 2, Bid(disk=7), IllegalAction, "Your sun 7 can't beat the current bid of 9.")
    s2, _ = GAME.apply(auction(), 1, Bid(disk=6))
    refused(s2, 2, Bid(disk=4), IllegalAction, "can't beat the current bid of 6")


def test_bid_with_face_down_disk() -> None:
    s = auction(down=[[], [1], []])
    refused(s, 1, Bid(disk=1), IllegalAction, "face down")


def test_bid_with_someone_elses_disk() -> None:
    refused(auction(), 1, Bid(disk=13), IllegalAction, "Sun 13 is not yours.")
    refused(auction(), 1, Bid(disk=16), IllegalAction, "no sun 16")


def test_invoker_cannot_pass_when_all_others_passed() -> None:
    s = auction()
    s, _ = GAME.apply(s, 1, PASS)
    s, _ = GAME.apply(s, 2, PASS)
    refused(s, 0, PASS, IllegalAction, "you must bid")


def test_draw_on_full_auction_track() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"] * 5 + ["nile"] * 3)
    refused(s, 0, DRAW, IllegalAction, "auction track is full")


def test_gods_cannot_take_ra_or_god_tiles() -> None:
    s = position(3, up=SUNS3, turn=0, track=["god", "gold"], held={0: {"god": 1}})
    refused(s, 0, UseGod(tile="god"), IllegalAction, "can't take a God tile")
    refused(s, 0, UseGod(tile="ra"), IllegalAction, "can't take a Ra tile")
    refused(s, 0, UseGod(tile="nile"), IllegalAction, "no Nile on the auction track")


def test_gods_need_a_god_tile() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"])
    refused(s, 0, UseGod(tile="gold"), IllegalAction, "no god tile")


def test_any_action_out_of_turn() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"])
    refused(s, 1, DRAW, NotYourTurn, "not your turn")
    refused(s, 2, INVOKE, NotYourTurn, "waiting for Player 1")
    a = auction()
    refused(a, 0, Bid(disk=13), NotYourTurn, "not your turn")
    refused(a, 2, PASS, NotYourTurn, "not your turn")


def test_wrong_phase_moves() -> None:
    a = auction()
    refused(a, 1, DRAW, IllegalAction, "auction is running")
    s = position(3, up=SUNS3, turn=0)
    refused(s, 0, PASS, IllegalAction, "outside an auction")
    refused(s, 0, Bid(disk=13), IllegalAction, "outside an auction")
    refused(s, 0, STOP, IllegalAction, "not using gods")
    refused(s, 0, Discard(tile="civ_art"), IllegalAction, "No disaster")


def test_discard_must_be_a_target_of_the_disaster() -> None:
    s = position(3, up=SUNS3, turn=0, track=["unrest"], held={1: {"civ_art": 1, "civ_writing": 1, "civ_religion": 1}})
    for seat, a in ((0, INVOKE), (1, Bid(disk=3)), (2, PASS), (0, PASS)):
        s, _ = GAME.apply(s, seat, a)
    assert s.phase == "disaster"
    refused(s, 1, Discard(tile="pharaoh"), IllegalAction, "Unrest can't take Pharaoh")
    refused(s, 0, Discard(tile="civ_art"), NotYourTurn, "not your turn")


@pytest.mark.parametrize(
    "action",
    [None, 5, "d", Bid(disk="13"), Bid(disk=True), Bid(disk=-1), Bid(disk=10**30), UseGod(tile=3),
     UseGod(tile="dragon"), Discard(tile=None)],
)
def test_malformed_actions_raise_rules_errors(action: Any) -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold"], held={0: {"god": 1}})
    before = msgspec.json.encode(s)
    with pytest.raises(RulesError):
        GAME.apply(s, 0, action)
    with pytest.raises(RulesError):
        GAME.apply(auction(), 1, action)
    assert msgspec.json.encode(s) == before


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", None, 1.0])
def test_bad_seats_are_not_your_turn(seat: Any) -> None:
    s = position(3, up=SUNS3, turn=0)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, seat, DRAW)


@pytest.mark.parametrize("code", ["", "x", "b", "b0", "b007", "b100", "g.", "g.dragon", "x.RA", "draw ", "pp",
                                  "p", "d", "r", "g.ra.x", "🙂", "b1" * 40, "PASS"])
def test_decode_rejects_malformed_codes(code: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.decode_action(code)


def test_decode_rejects_non_text() -> None:
    with pytest.raises(InvalidAction):
        GAME.decode_action(None)  # type: ignore[arg-type]


def test_no_moves_after_the_game() -> None:
    s = position(3, up=[[13], [], []], down=[[], [12], [11]], turn=0, epoch=3)
    s, _ = GAME.apply(s, 0, INVOKE)
    s, _ = GAME.apply(s, 0, Bid(disk=13))
    assert GAME.result(s) is not None
    assert GAME.legal_actions(s, 0) == [] and GAME.to_act(s) == frozenset()
    refused(s, 0, DRAW, GameOver, "over")
