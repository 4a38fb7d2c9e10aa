"""The search's fast path, ``apply_owned``: over seeded random games (generators v2 and v3, 3-5
players, hidden fame on and off) it reaches the very states ``apply`` reaches (all but the short
event log, which it leaves alone), refuses every illegal move with the same error, key and fields,
and a refused move leaves its state untouched."""

from __future__ import annotations

import random

import msgspec
import pytest

from rules.base import RulesError, owned_apply
from rules.ra import GAME
from rules.ra import actions as A
from rules.ra.data import TILE_IDS
from rules.ra.determinise import determinise
from rules.ra.state import RaState
from rules.rng import RNG_KEYED, RNG_KEYED2
from tests.rules.ra.fixtures import position

GAMES = 50
"""Per generator version: about 7,000 moves, every one played both ways."""

_CANDIDATES: list[object] = [
    A.DRAW, A.INVOKE, A.STOP, A.PASS,
    *(A.Bid(disk=d) for d in range(0, 18)),
    *(A.UseGod(tile=t) for t in TILE_IDS),
    *(A.Discard(tile=t) for t in TILE_IDS),
    A.UseGod(tile="sphinx"), A.Discard(tile=""), A.Bid(disk=True), "draw", None,
]
"""Every move there is, a few malformed ones and two that are not Ra actions at all."""


def _without_log(s: RaState) -> bytes:
    return msgspec.json.encode(msgspec.structs.replace(s, log=[]))


def _clone(s: RaState) -> RaState:
    """A copy sharing nothing with ``s`` (its short log left out), for apply_owned to play on."""
    return msgspec.json.decode(_without_log(s), type=RaState)


def _refusal(play: object, state: RaState, seat: object, action: object) -> tuple[type, str, str, object]:
    with pytest.raises(RulesError) as caught:
        play(state, seat, action)  # type: ignore[operator]
    err = caught.value
    return type(err), str(err), err.fields.get("key", ""), sorted(err.fields.items(), key=repr)


def test_the_game_offers_apply_owned_to_the_search() -> None:
    assert owned_apply(GAME) is GAME.apply_owned


@pytest.mark.parametrize("version", [RNG_KEYED, RNG_KEYED2])
def test_apply_owned_reaches_the_states_apply_reaches_and_refuses_alike(version: int) -> None:
    for seed in range(GAMES):
        rng = random.Random(seed * 31 + version)
        players = 3 + seed % 3
        s = GAME.setup(players, {"hidden_fame": "on" if seed % 2 else "off"}, seed, rng=version)
        while (acting := GAME.to_act(s)):
            seat = min(acting)
            legal = GAME.legal_actions(s, seat)
            before = _without_log(s)
            # A few refused moves per state: a wrong seat, then illegal or malformed actions.
            other = True if seat != 1 else 0  # a bool seat is refused like any other seat
            tries: list[tuple[object, object]] = [((seat + 1) % players, legal[0]), (other, legal[0])]
            tries += [(seat, a) for a in rng.sample(_CANDIDATES, 6) if a not in legal]
            for who, action in tries:
                if who == seat and action in legal:
                    continue
                mine = _clone(s)
                assert _refusal(GAME.apply_owned, mine, who, action) == _refusal(GAME.apply, s, who, action)
                assert _without_log(mine) == before, f"seed {seed}: a refused move changed the state"
            action = rng.choice(legal)
            owned = GAME.apply_owned(_clone(s), seat, action)
            s, _ = GAME.apply(s, seat, action)
            assert _without_log(owned) == _without_log(s), f"seed {seed}: {action} differs"
        assert s.phase == "over"
        assert GAME.result(s) is not None


def test_a_whole_game_played_in_place_ends_as_the_host_game_ends() -> None:
    """The path the benchmark and the search's playouts take: one state, changed move after move."""
    for seed in range(40):
        rng_host, rng_owned = random.Random(seed), random.Random(seed)
        host = GAME.setup(4, {}, seed)
        owned = GAME.setup(4, {}, seed)
        while GAME.result(host) is None:
            seat = min(GAME.to_act(host))
            host, _ = GAME.apply(host, seat, rng_host.choice(GAME.legal_actions(host, seat)))
            seat = min(GAME.to_act(owned))
            owned = GAME.apply_owned(owned, seat, rng_owned.choice(GAME.legal_actions(owned, seat)))
        assert GAME.result(owned) == GAME.result(host)
        assert _without_log(owned) == _without_log(host)


def test_an_auction_starts_and_ends_clean_whatever_a_hand_made_state_left_behind() -> None:
    """The engine skips stores of values that are already right between auctions (high bid 0, no
    bidder, nobody spoken, no disaster owner): a position that carries stale ones still gets a
    fresh auction, through apply and apply_owned alike, and play resumes with them cleared."""
    s = position(3, up=[[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]], track=["gold", "nile"], turn=0)
    s.high_bid, s.high_bidder, s.bids, s.winner, s.resume = 9, 2, [0, 9, -1], 1, "gods"
    for play in (lambda st, seat, a: GAME.apply(st, seat, a)[0], GAME.apply_owned):
        st = play(_clone(s), 0, A.INVOKE)
        assert (st.phase, st.high_bid, st.high_bidder, st.bids, st.turn) == ("auction", 0, -1, [-1, -1, -1], 1)
        assert GAME.legal_actions(st, 1)[:2] == [A.PASS, A.Bid(disk=3)]  # every disk beats a fresh auction
        for seat, action in ((1, A.Bid(disk=6)), (2, A.PASS), (0, A.PASS)):
            st = play(st, seat, action)
        assert (st.phase, st.high_bid, st.high_bidder, st.bids) == ("play", 0, -1, [-1, -1, -1])
        assert (st.winner, st.resume, st.track, st.center) == (-1, "", [], 6)


def test_the_search_playing_a_sample_in_place_leaves_the_view_it_came_from_as_it_was() -> None:
    """apply_owned changes the lists of the state it is given: the search plays on samples that
    determinise builds from a view (first move through apply, then in place), so the view an AI
    decides from, and the host's state, must come out of a whole playout unchanged."""
    for seed in range(6):
        rng = random.Random(seed)
        host = GAME.setup(4, {}, seed)
        for _ in range(20 + 7 * seed):  # into the game: auctions, some won lots
            seat = min(GAME.to_act(host))
            host, _ = GAME.apply(host, seat, rng.choice(GAME.legal_actions(host, seat)))
        seat = min(GAME.to_act(host))
        view = GAME.view(host, seat)
        view_before, host_before = msgspec.json.encode(view), msgspec.json.encode(host)
        st = determinise(view, seat, rng)
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[-1])
        while GAME.result(st) is None:
            who = min(GAME.to_act(st))
            st = GAME.apply_owned(st, who, rng.choice(GAME.legal_actions(st, who)))
        assert msgspec.json.encode(view) == view_before
        assert msgspec.json.encode(host) == host_before
