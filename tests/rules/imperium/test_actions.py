"""Plays: the card rules, the exact error for each wrong play, and the compact codes."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from rules.base import GameOver, IllegalAction, InvalidAction, NotYourTurn, RulesError
from rules.imperium import ALL_PLAYS, GAME, Play, picks, play_from_picks
from tests.rules.imperium.helpers import play_round, position, snapshot


@pytest.mark.parametrize(
    ("chosen", "play", "code"),
    [
        ((1, 2, 3), Play((1, 2, 3), ()), "p123"),
        ((5, 7, 5), Play((5, 7), (5,)), "p57b5"),
        ((9, 9, 9), Play((9,), (9, 9)), "p9b99"),
        ((2, 8, 8), Play((2, 8), (8,)), "p28b8"),
    ],
)
def test_play_from_picks_is_canonical(chosen: tuple[int, ...], play: Play, code: str) -> None:
    assert play_from_picks(chosen) == play
    assert play.picks == tuple(sorted(chosen))
    assert picks(play) == tuple(sorted(chosen))
    assert GAME.encode_action(play) == code
    assert GAME.decode_action(code) == play


def test_every_multiset_of_three_is_one_legal_play() -> None:
    assert len(ALL_PLAYS) == 165 == len({p.picks for p in ALL_PLAYS})
    state = position(2)
    assert GAME.legal_actions(state, 0) == list(ALL_PLAYS)
    for play in ALL_PLAYS:
        code = GAME.encode_action(play)
        assert len(code) <= 60 and code.isalnum()
        assert GAME.decode_action(code) == play
        assert GAME.describe_action(play).startswith("Regions ")


def test_card_order_does_not_matter() -> None:
    state = position(2)
    new, _ = GAME.apply(state, 0, Play((7, 5), (5,)))
    assert new.choices[0] == (5, 5, 7)


@pytest.mark.parametrize("bad", [([2, 2, 2]), (1, 2), (0, 1, 2), (1, 2, 10), ()])
def test_play_from_picks_rejects_wrong_counts_and_regions(bad: tuple[int, ...]) -> None:
    if len(bad) == 3 and all(1 <= b <= 9 for b in bad):
        assert play_from_picks(bad).picks == (2, 2, 2)
        return
    with pytest.raises(IllegalAction):
        play_from_picks(bad)


REJECTIONS: list[tuple[Any, type[RulesError], str]] = [
    (Play((1, 2, 3, 4), ()), IllegalAction, "You must play exactly 3 cards; you played 4."),
    (Play((1, 2), (1, 2)), IllegalAction, "You must play exactly 3 cards; you played 4."),
    (Play((1, 2), ()), IllegalAction, "You must play exactly 3 cards; you played 2."),
    (Play((5,), (5,)), IllegalAction, "You must play exactly 3 cards; you played 2."),
    (
        Play((5, 5, 7), ()),
        IllegalAction,
        "You hold only one card for region 5; to choose it again attach a banner.",
    ),
    (
        Play((5, 5), (5,)),
        IllegalAction,
        "You hold only one card for region 5; to choose it again attach a banner.",
    ),
    (
        Play((5, 5, 5), ()),
        IllegalAction,
        "You hold only one card for region 5; to choose it three times play it with both banners.",
    ),
    (
        Play((5, 6), (7,)),
        IllegalAction,
        "Your banner is attached to region 7, but you did not play the region 7 card.",
    ),
    (
        Play((5,), (5, 6)),
        IllegalAction,
        "Your banner is attached to region 6, but you did not play the region 6 card.",
    ),
    (Play((), (5, 5, 5)), IllegalAction, "You hold only 2 banners; you played 3."),
    (Play((1, 2, 10), ()), IllegalAction, "There is no region 10; regions are numbered 1 to 9."),
    (Play((0, 1, 2), ()), IllegalAction, "There is no region 0; regions are numbered 1 to 9."),
    (Play(("1", 2, 3), ()), InvalidAction, "The region cards of a play must be a list of region numbers."),  # type: ignore[arg-type]
    (Play((True, 2, 3), ()), InvalidAction, "The region cards of a play must be a list of region numbers."),
    (Play((1.0, 2, 3), ()), InvalidAction, "The region cards of a play must be a list of region numbers."),  # type: ignore[arg-type]
    (Play((1, 2), (True,)), InvalidAction, "The banners of a play must be a list of region numbers."),
    (Play((1, 2), "x"), InvalidAction, "The banners of a play must be a list of region numbers."),  # type: ignore[arg-type]
    (Play([1, 2, [3]], ()), InvalidAction, "The region cards of a play must be a list of region numbers."),  # type: ignore[arg-type]
    ("p123", InvalidAction, "That is not an Imperium move; play three cards."),
    (None, InvalidAction, "That is not an Imperium move; play three cards."),
]


@pytest.mark.parametrize(("action", "error", "message"), REJECTIONS)
def test_wrong_plays_are_refused_with_a_sentence_and_no_change(
    action: Any, error: type[RulesError], message: str
) -> None:
    state = position(3)
    before = snapshot(state)
    with pytest.raises(error) as info:
        GAME.apply(state, 1, action)
    assert type(info.value) is error
    assert str(info.value) == message
    assert snapshot(state) == before


def test_a_second_choice_in_the_same_round_is_refused() -> None:
    state = position(3, round=3)
    state, _ = GAME.apply(state, 0, play_from_picks((3, 3, 4)))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"^You have already chosen for round 3\.$") as info:
        GAME.apply(state, 0, play_from_picks((1, 2, 3)))
    assert isinstance(info.value, NotYourTurn)
    assert snapshot(state) == before
    assert GAME.legal_actions(state, 0) == []


@pytest.mark.parametrize("seat", [3, -1, 99, "0", None, True])
def test_a_seat_not_in_the_game_is_refused(seat: Any) -> None:
    state = position(3)
    before = snapshot(state)
    with pytest.raises(NotYourTurn, match="is not in this game"):
        GAME.apply(state, seat, play_from_picks((1, 2, 3)))
    assert snapshot(state) == before
    assert GAME.legal_actions(state, seat) == []


def test_any_action_after_the_end_is_game_over() -> None:
    state = position(2, round=8)
    state, _ = play_round(state, [(8, 8, 9), (1, 2, 3)])
    assert state.finished
    before = snapshot(state)
    for seat in (0, 1, 5):
        with pytest.raises(GameOver, match="The game is over"):
            GAME.apply(state, seat, play_from_picks((1, 2, 3)))
        assert GAME.legal_actions(state, seat) == []
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "code",
    [
        "", "p", "p1234", "p12b", "p0b1", "x123", "p12b3456", "P123", "p12 b3", "p1a2", "p" * 70,
        "p55b1", "p12", "p5b56", "p9b999", "p12b3", "p123b1", "p567 ", "\np123",
    ],
)
def test_malformed_codes_are_invalid_actions(code: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.decode_action(code)


@pytest.mark.parametrize("code", [None, 123, b"p123", ["p123"]])
def test_non_text_codes_are_invalid_actions(code: Any) -> None:
    with pytest.raises(InvalidAction):
        GAME.decode_action(code)


def test_actions_round_trip_through_json() -> None:
    for play in ALL_PLAYS:
        raw = msgspec.json.encode(play)
        assert b'"kind":"play"' in raw
        assert msgspec.json.decode(raw, type=GAME.action_type) == play
