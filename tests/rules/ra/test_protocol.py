"""Ra through the rules.base protocol: JSON round trips, replay, legal-move enumeration, hidden
information (bag order, hidden fame) and action codes."""

from __future__ import annotations

import json
import random
import re

import msgspec
import pytest

from rules.base import CUSTOM_ID_BUDGET, Game, RulesError, play_random_game
from rules.ra import AIS, GAME
from rules.ra.actions import DRAW, INVOKE, PASS, STOP, Bid, Discard, UseGod
from rules.ra.data import TILE_IDS
from rules.ra.state import RaState, deep_copy

UNIVERSE = [DRAW, INVOKE, PASS, STOP, *(Bid(disk=d) for d in range(1, 17)),
            *(UseGod(tile=t) for t in TILE_IDS), *(Discard(tile=t) for t in TILE_IDS)]
CODE = re.compile(r"[A-Za-z0-9._-]{1,60}")


def test_game_satisfies_protocol() -> None:
    assert isinstance(GAME, Game)
    assert GAME.info.name == "ra" and (GAME.info.min_players, GAME.info.max_players) == (3, 5)
    assert [o.name for o in GAME.info.options] == ["hidden_fame"]
    assert set(AIS) >= {"random", "evaluator"}


def _walk(players: int, seed: int, options: dict[str, str] | None = None):
    """Yield (state, seat, action) along one random game."""
    rng = random.Random(seed)
    s = GAME.setup(players, options or {}, seed)
    while GAME.result(s) is None:
        (seat,) = GAME.to_act(s)
        a = rng.choice(GAME.legal_actions(s, seat))
        yield s, seat, a
        s, _ = GAME.apply(s, seat, a)
    yield s, None, None


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (3, 4), (4, 5)])
def test_listed_moves_apply_and_unlisted_moves_raise(players: int, seed: int) -> None:
    for s, seat, _ in _walk(players, seed):
        if seat is None:
            break
        legal = GAME.legal_actions(s, seat)
        assert len(set(legal)) == len(legal)
        frozen = msgspec.json.encode(s)
        for a in UNIVERSE:
            if a in legal:
                GAME.apply(s, seat, a)
            else:
                with pytest.raises(RulesError):
                    GAME.apply(s, seat, a)
        for other in range(players):
            if other != seat:
                assert GAME.legal_actions(s, other) == []
        assert msgspec.json.encode(s) == frozen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_state_and_actions_round_trip_json_and_replay(players: int) -> None:
    for seed in range(10):
        final, log = play_random_game(GAME, players, seed)
        replay = GAME.setup(players, {"hidden_fame": "off"}, seed)
        for seat, action in log:
            raw = msgspec.json.encode(action)
            back = msgspec.json.decode(raw, type=GAME.action_type)
            assert back == action
            code = GAME.encode_action(action)
            assert CODE.fullmatch(code) and len(code) <= CUSTOM_ID_BUDGET
            assert GAME.decode_action(code) == action
            assert GAME.describe_action(action)
            replay, _ = GAME.apply(replay, seat, back)
            again = msgspec.json.decode(msgspec.json.encode(replay), type=RaState)
            assert again == replay
        assert replay == final
        assert deep_copy(final) == final


def test_every_action_code_round_trips() -> None:
    for a in UNIVERSE:
        code = GAME.encode_action(a)
        assert CODE.fullmatch(code) and len(code) <= CUSTOM_ID_BUDGET
        assert GAME.decode_action(code) == a


def _views(s: RaState) -> list[str]:
    return [json.dumps(GAME.view(s, v), sort_keys=True) for v in [None, *range(s.players)]]


@pytest.mark.parametrize("players", [3, 5])
def test_bag_order_never_appears_in_any_view(players: int) -> None:
    """Shuffling the undrawn bag changes no view at all, and the bag's sequence is not in the JSON."""
    for s, _, _ in _walk(players, 11):
        other = deep_copy(s)
        rest = other.bag[other.drawn :]
        random.Random(len(rest)).shuffle(rest)
        other.bag = other.bag[: other.drawn] + rest
        assert _views(s) == _views(other)
        upcoming = json.dumps([TILE_IDS[t] for t in s.bag[s.drawn : s.drawn + 6]])
        for text in _views(s):
            assert '"bag"' not in text
            if len(upcoming) > 40:
                assert upcoming[1:-1] not in text


def test_hidden_fame_hides_other_seats_fame_until_the_end() -> None:
    checked = 0
    for s, _, _ in _walk(4, 5, {"hidden_fame": "on"}):
        public = GAME.view(s, None)
        if GAME.result(s) is None:
            assert all(p["fame"] is None for p in public["seats"])
            for viewer in range(4):
                v = GAME.view(s, viewer)
                assert [p["fame"] is not None for p in v["seats"]] == [i == viewer for i in range(4)]
                assert v["seats"][viewer]["fame"] == s.fame[viewer]
            # changing another seat's fame changes nothing a viewer can see
            other = deep_copy(s)
            other.fame = [f + 37 for f in other.fame]
            other.history = [[f + 37 for f in h] for h in other.history]
            other.breakdown = [{k: v + 1 for k, v in b.items()} for b in other.breakdown]
            assert GAME.view(other, None) == public
            for viewer in range(4):
                mine = GAME.view(s, viewer)
                theirs = GAME.view(other, viewer)
                assert mine["seats"][viewer]["fame"] + 37 == theirs["seats"][viewer]["fame"]
                theirs["seats"][viewer]["fame"] = mine["seats"][viewer]["fame"]
                for h_mine, h_theirs in zip(mine["history"], theirs["history"], strict=True):
                    assert h_theirs[viewer] == h_mine[viewer] + 37
                    h_theirs[viewer] = h_mine[viewer]
                    assert [f is None for f in h_mine] == [i != viewer for i in range(4)]
                if mine["last_scoring"]:
                    assert theirs["last_scoring"][viewer]["total"] == mine["last_scoring"][viewer]["total"] + 1
                    theirs["last_scoring"] = mine["last_scoring"]
                assert theirs == mine
            checked += 1
        else:
            assert [p["fame"] for p in public["seats"]] == s.fame
            assert public["result"]["scores"] == s.fame
    assert checked > 50


def test_hidden_fame_score_events_are_private() -> None:
    rng = random.Random(3)
    s = GAME.setup(3, {"hidden_fame": "on"}, 3)
    seen_private = 0
    while GAME.result(s) is None:
        (seat,) = GAME.to_act(s)
        epoch = s.epoch
        s, events = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        for e in events:
            if e.kind == "score" and GAME.result(s) is None:
                assert e.to == (e.data["seat"],)
                seen_private += 1
        if s.epoch != epoch:
            texts = GAME.view(s, 0)["events"]
            assert not any("Player 2" in t and "fame" in t for t in texts)
    assert seen_private == 2 * 3


def test_public_view_has_what_a_renderer_needs() -> None:
    s = GAME.setup(4, {}, 9)
    v = GAME.view(s, None)
    for key in ("players", "epoch", "phase", "to_act", "turn", "ra_track", "auction_track", "center_disk",
                "seats", "auction", "events", "result", "hidden_fame", "bag_count"):
        assert key in v
    assert v["bag_count"] == 180
    own = GAME.view(s, s.turn)
    assert {d["code"] for d in own["legal"]} == {"draw", "ra"}


def test_default_action_is_legal_everywhere() -> None:
    for s, seat, _ in _walk(4, 21):
        if seat is None:
            assert GAME.default_action(s) is None
            break
        assert GAME.default_action(s) in GAME.legal_actions(s, seat)


def test_setup_is_deterministic_and_validates() -> None:
    assert GAME.setup(3, {}, 42) == GAME.setup(3, {}, 42)
    assert GAME.setup(3, {}, 42).bag != GAME.setup(3, {}, 43).bag
    with pytest.raises(RulesError):
        GAME.setup(2, {}, 1)
    with pytest.raises(RulesError):
        GAME.setup(6, {}, 1)
    with pytest.raises(RulesError):
        GAME.setup(3, {"hidden_fame": "maybe"}, 1)
