"""The engine protocol: codes, JSON, replay, rejections, and the legal-move contract."""

from __future__ import annotations

import base64
import random
import re

import msgspec
import pytest

from rules.alhambra_dice import AIS, GAME
from rules.alhambra_dice.actions import (
    Build,
    CancelRoll,
    Claim,
    NameStart,
    Place,
    Push,
    Remove,
    Reroll,
    SetBlack,
    Swap,
    Take,
    TakeStart,
    TakeToReserve,
)
from rules.alhambra_dice.state import OVER, State
from rules.base import CUSTOM_ID_BUDGET, GameOver, IllegalAction, InvalidAction, NotYourTurn, RulesError
from rules.rng import RNG_MT

VERSIONS = ("basic", "alcazaba")
CODE_RE = re.compile(r"[A-Za-z0-9._-]+")


def _walk(version: str, players: int, seed: int):  # type: ignore[no-untyped-def]
    """Yield (state, seat, legal, chosen) along one random game."""
    rng = random.Random(seed)
    st = GAME.setup(players, {"version": version}, seed)
    while st.phase != OVER:
        seat = st.seat
        legal = GAME.legal_actions(st, seat)
        a = rng.choice(legal)
        yield st, seat, legal, a
        st, _ = GAME.apply(st, seat, a)
    yield st, None, [], None


@pytest.mark.parametrize("version", VERSIONS)
def test_codes_round_trip_and_fit_a_custom_id(version: str) -> None:
    checked: set[object] = set()  # each move once: its code, label and JSON depend on the move alone
    for players in (2, 4, 6):
        for st, _seat, legal, _a in _walk(version, players, players):
            for a in legal:
                if a in checked:
                    continue  # the same move listed again (116,000 listings of ~400 moves in the basic games)
                checked.add(a)
                code = GAME.encode_action(a)
                assert len(code) <= CUSTOM_ID_BUDGET and CODE_RE.fullmatch(code), code
                assert GAME.decode_action(code) == a
                assert GAME.describe_action(a)
                assert msgspec.json.decode(msgspec.json.encode(a), type=GAME.action_type) == a
            if st.phase == OVER:
                break


@pytest.mark.parametrize(
    "code", ["", "z1", "r", "r1.2", "p1.2", "c2.1", "q1", "r1x", "P1.2.3", "t1..2", "x" * 70, "r99999999"]
)
def test_malformed_codes_raise_invalid_action(code: str) -> None:
    with pytest.raises(InvalidAction):
        GAME.decode_action(code)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_json_round_trip_and_replay(version: str, players: int) -> None:
    seed = 11 * players
    actions = []
    for st, seat, _legal, a in _walk(version, players, seed):
        data = msgspec.json.encode(st)
        assert msgspec.json.decode(data, type=State) == st
        if a is not None:
            actions.append((seat, a))
    final = st
    again = GAME.setup(players, {"version": version}, seed)
    for seat, a in actions:
        again, _ = GAME.apply(again, seat, msgspec.json.decode(msgspec.json.encode(a), type=GAME.action_type))
    assert again == final


@pytest.mark.parametrize("version", VERSIONS)
def test_listed_moves_apply_unlisted_raise_and_input_is_untouched(version: str) -> None:
    probes = [
        Reroll(0),
        Reroll(256),
        Reroll(3),
        Place(0, 1, 0),
        Place(9, 1, 0),
        Push(0, 1, 0),
        CancelRoll(),
        SetBlack(0),
        SetBlack(7),
        Claim(True, 0),
        Claim(False, 9),
        NameStart(0),
        NameStart(5),
        Build(0, 1, 0),
        Remove(1, 0),
        Remove(0, 0),
        Swap(0, 1, 0),
        Take(0, 1, 0),
        TakeToReserve(0),
        TakeStart(),
        Take(99, 0, 0),
    ]
    for players in (2, 4, 6):
        for st, seat, legal, a in _walk(version, players, 100 + players):
            if st.phase == OVER:
                with pytest.raises(GameOver):
                    GAME.apply(st, 0, probes[2])
                break
            before = msgspec.msgpack.encode(st)
            for cand in (a, *random.Random(len(legal)).sample(legal, min(3, len(legal)))):
                GAME.apply(st, seat, cand)
            listed = set(legal)
            for p in probes:
                if p in listed:
                    continue
                with pytest.raises(IllegalAction):
                    GAME.apply(st, seat, p)
            other = (seat + 1) % st.players
            with pytest.raises(NotYourTurn):
                GAME.apply(st, other, a)
            assert GAME.legal_actions(st, other) == []
            assert msgspec.msgpack.encode(st) == before, "apply must not change its input"


@pytest.mark.parametrize(
    "junk",
    [None, 5, "r3", Reroll("3"), Place(0, 1.0, 0), Claim(1, 0), Claim(True, None), SetBlack(True), object()],  # type: ignore[arg-type]
)
def test_any_value_gives_a_rules_error(junk: object) -> None:
    st = GAME.setup(3, {}, 1)
    before = msgspec.msgpack.encode(st)
    with pytest.raises(RulesError):
        GAME.apply(st, st.seat, junk)  # type: ignore[arg-type]
    assert msgspec.msgpack.encode(st) == before


def test_rejection_leaves_state_unchanged_with_a_sentence() -> None:
    st = GAME.setup(3, {}, 1)
    before = msgspec.msgpack.encode(st)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(st, st.seat, Place(0, 7, 3))
    assert str(err.value).endswith(".") and msgspec.msgpack.encode(st) == before
    with pytest.raises(NotYourTurn):
        GAME.apply(st, (st.seat + 1) % 3, Reroll(1))


def test_options_and_player_counts() -> None:
    from rules.base import InvalidOption

    with pytest.raises(InvalidOption):
        GAME.setup(3, {"version": "deluxe"}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(7, {}, 1)
    assert GAME.setup(3, {}, 1).version == "basic"


def test_random_ai_plays() -> None:
    st = GAME.setup(3, {}, 2)
    rng = random.Random(0)
    a = AIS["random"].choose(GAME, st, st.seat, rng)
    assert a in GAME.legal_actions(st, st.seat)


SECRET_KEYS = {"bag", "deck", "draw_pile", "rng", "rng_state", "secret", "stacks", "tile_stacks"}


def _keys(obj: object) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()


@pytest.mark.parametrize("version", VERSIONS)
def test_view_hides_stacks_bag_and_dice_generator(version: str) -> None:
    # Generator 1 keeps a splitmix64 state (checked on that version); generator 2 a key and a counter.
    old = GAME.setup(4, {"version": version}, 3, rng=RNG_MT)
    st = GAME.setup(4, {"version": version}, 3)
    key_forms = (st.rng_key.hex(), base64.b64encode(st.rng_key).decode())
    for viewer in (None, 0, 2):
        assert str(old.rng) not in msgspec.json.encode(GAME.view(old, viewer)).decode()
        v = GAME.view(st, viewer)
        text = msgspec.json.encode(v).decode()
        assert not any(k in text for k in key_forms)
        assert not SECRET_KEYS & _keys(v) and "rng_key" not in _keys(v)
    if version == "alcazaba":
        # The bag's order would tell which tiles come next: only its size is shown.
        v = GAME.view(st, None)
        assert v["bag_count"] == len(st.bag)
        shown = {t["id"] for col in v["tiles"] for t in col}
        assert not shown & set(st.bag)


@pytest.mark.parametrize("version", VERSIONS)
def test_view_choices_are_the_legal_moves_but_rerolls(version: str) -> None:
    """The cog builds its buttons from view['choices']: every one decodes to a legal move."""
    for n, (st, seat, legal, _a) in enumerate(_walk(version, 4, 21)):
        if st.phase == OVER or n % 5:
            continue
        v = GAME.view(st, seat)
        codes = [c["code"] for c in v["choices"]]
        assert len(set(codes)) == len(codes)
        assert {GAME.decode_action(c) for c in codes} == {a for a in legal if not isinstance(a, Reroll)}
        labels = [t["label"] for t in v["targets"]]
        assert len(set(labels)) == len(labels)
        if st.phase == "roll":
            assert v["dice"]["rerolls_left"] == 3 - len(st.history)


@pytest.mark.parametrize("version", VERSIONS)
def test_fuzzed_moves_apply_exactly_when_listed(version: str) -> None:
    """Random moves of every kind with random numbers: applied iff listed, else a rules error."""
    kinds = [Reroll, Place, Push, CancelRoll, SetBlack, Claim, NameStart, Build, Remove, Swap, Take, TakeToReserve,
             TakeStart]  # fmt: skip
    rnd = random.Random(version)
    for players in (2, 5):
        for st, seat, legal, _a in _walk(version, players, 40 + players):
            if st.phase == OVER:
                break
            listed = set(legal)
            for _ in range(6):
                cls = rnd.choice(kinds)
                args = [
                    rnd.choice((True, False)) if f == "chip" else rnd.randint(-2, 60) for f in cls.__struct_fields__
                ]
                if cls is Reroll:
                    args = [rnd.randint(0, 256)]
                cand = cls(*args)
                if cand in listed:
                    GAME.apply(st, seat, cand)
                else:
                    with pytest.raises(RulesError):
                        GAME.apply(st, seat, cand)
