"""Turn structure, draft, action spaces, officers that change turns, and protocol errors."""

from __future__ import annotations

import msgspec
import pytest

from rules.barrage import GAME, data
from rules.barrage.actions import ACTION_TYPES, Place, decode
from rules.barrage.state import BankUse, State
from rules.base import GameOver, IllegalAction, InvalidAction, InvalidOption, NotYourTurn, from_json, to_json
from tests.rules.barrage.invariants import play as play_game
from tests.rules.barrage.scenario import clear_map, intro, legal_codes, new_game, play, set_officer, turn


def test_draft_picks_in_order_and_first_picker_plays_last() -> None:
    st = GAME.setup(3, {}, 5)
    assert st.phase == "draft"
    first = min(GAME.to_act(st))
    assert first == st.draft_order[0]
    codes = legal_codes(st, first)
    assert len(codes) == 9  # 3 matchups x 3 starting contracts
    st, _ = play(st, first, codes[0])
    assert st.companies[first].company and len(st.companies[first].hand) == 1
    while st.phase == "draft":
        seat = min(GAME.to_act(st))
        st, _ = play(st, seat, legal_codes(st, seat)[0])
    assert st.order[-1] == first
    assert st.tasks[0].seat == st.order[0]
    assert sorted(c.company for c in st.companies) == sorted({c.company for c in st.companies})


def test_setup_matches_the_reference() -> None:
    st = new_game(4, 7)
    assert len(st.national) == 3 and [len(c) for c in st.display] == [2, 2, 2]
    assert sum(1 for o in st.dam_owner.values() if o == -1) == 3
    assert len(st.bonus) == 5 and len(set(st.bonus)) == 5 and st.objective
    assert len([t for t in st.patent if t]) == 3 and all(t.startswith("L1") for t in st.patent)
    for c in st.companies:
        assert (c.credits, c.exc, c.mix, c.vp) == (6, 6, 4, 10)
        assert c.eng + c.arch == 12


def test_introductory_setup_has_fixed_matchups_and_no_patent_office() -> None:
    st = intro(4, 3)
    pairs = {(c.company, c.officer, c.hand[0]) for c in st.companies}
    assert pairs == {(m["company"], m["officer"], m["starting_contract"]) for m in data.INTRO_MATCHUPS}
    assert st.patent == [] and "BONUS_ADVANCED_TILE" not in st.bonus
    assert all("BASIC_JOKER" in c.tiles for c in st.companies)
    assert not any(code.startswith("P.patent") for code in legal_codes(st, st.tasks[0].seat))


@pytest.mark.parametrize(("players", "absent"), [(2, {"turbine-b1", "turbine-m1", "workshop-r2", "machinery-a",
                                                       "contract-ob"}),
                                                  (3, {"turbine-b1", "machinery-a", "contract-ob"})])
def test_player_count_availability(players: int, absent: set[str]) -> None:
    st = new_game(players, 1)
    spaces = {c[2:] for c in legal_codes(st, st.tasks[0].seat) if c.startswith("P.")}
    assert not spaces & absent
    assert "turbine-b2" not in spaces  # no production possible yet: not offered


def test_spaces_are_exclusive_except_the_bank() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    st, _ = play(st, s0, "P.workshop-r1")
    s1 = st.tasks[0].seat
    assert s1 != s0
    assert "P.workshop-r1" not in legal_codes(st, s1)
    with pytest.raises(IllegalAction, match="already occupied"):
        GAME.apply(st, s1, Place("workshop-r1"))
    st, _ = play(st, s1, "P.bank-b.2")
    st, _ = play(st, s0, "P.bank-b.1")
    assert st.companies[s0].placed == 2 and st.companies[s1].placed == 2


def test_company_out_of_engineers_is_skipped_until_the_round_ends() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    st, _ = play(st, s0, "P.bank-b.12")
    s1 = st.tasks[0].seat
    st, _ = play(st, s1, "P.bank-b.1")
    assert st.tasks[0].seat == s1  # s0 is out: s1 plays again
    st, _ = play(st, s1, "P.bank-b.11")
    assert st.round == 2


def test_company_with_engineers_cannot_pass() -> None:
    st = intro()
    s0 = st.tasks[0].seat
    assert "X" not in legal_codes(st, s0)


def test_tommaso_architect_alone_on_a_one_engineer_space_gives_another_turn() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    set_officer(st, s0, "tommaso_battista")
    assert "P.workshop-r1.a" in legal_codes(st, s0)
    st, _ = play(st, s0, "P.workshop-r1.a")
    assert st.tasks[0].seat == s0 and st.companies[s0].arch == 0
    st, _ = play(st, s0, "P.workshop-r1bis")  # two engineers: no extra turn
    assert st.tasks[0].seat != s0


TOMMASO_TEXT = "Placing the Architect ALONE on a space that needs exactly 1 engineer gives an immediate extra turn"
"""Tommaso's ability (companies.json, the online edition's text)."""


def _tommaso() -> tuple[State, int]:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    set_officer(st, s0, "tommaso_battista")
    assert TOMMASO_TEXT in data.OFFICERS["tommaso_battista"]["ability"]
    return st, s0


def test_tommaso_extra_placement_is_optional() -> None:
    """TOMMASO_TEXT: the extra turn may be passed ("N"); the company keeps its engineers and the next
    company plays."""
    st, s0 = _tommaso()
    st, _ = play(st, s0, "P.workshop-r1.a")
    codes = legal_codes(st, s0)
    assert st.tasks[0].seat == s0 and "N" in codes and "P.workshop-r1bis" in codes
    eng = st.companies[s0].eng
    st, _ = play(st, s0, "N")
    assert st.tasks[0].seat != s0 and st.companies[s0].eng == eng and not st.companies[s0].out


def test_tommaso_extra_placement_follows_the_refill_of_contracts() -> None:
    """TOMMASO_TEXT with §7.3 (the display is topped up to 2 per colour after a turn): a contract taken
    with the architect is replaced before the extra placement, which may take the new one."""
    st, s0 = _tommaso()
    shown = [cid for col in st.display for cid in col]
    st, _ = play(st, s0, "P.contract-o.a", f"G.{shown[0]}")
    assert st.tasks[0].seat == s0 and st.tasks[0].kind == "turn"
    assert [len(col) for col in st.display] == [2, 2, 2]
    new = [cid for col in st.display for cid in col if cid not in shown]
    assert len(new) == 1 and "P.contract-oc" in legal_codes(st, s0)
    st, _ = play(st, s0, "P.contract-oc", f"G.{new[0]}")
    assert new[0] in st.companies[s0].hand


def test_back_in_the_architect_extra_placement_keeps_it_optional() -> None:
    """Back from the extra placement's construction returns to the extra placement, still optional."""
    st, s0 = _tommaso()
    st.companies[s0].exc = 20
    st, _ = play(st, s0, "P.workshop-r1.a")
    codes = legal_codes(st, s0)
    space = next(c for c in codes if c.startswith("P.company-") and not c.endswith(".a"))
    st, _ = play(st, s0, space, "B")
    assert st.tasks[0].kind == "turn" and st.tasks[0].f and "N" in legal_codes(st, s0)


def test_tommaso_architect_at_the_bank_gives_no_extra_turn() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    set_officer(st, s0, "tommaso_battista")
    st, _ = play(st, s0, "P.bank-b.1.a")
    assert st.tasks[0].seat != s0 and st.companies[s0].credits == 7


def test_bank_use_is_recorded_in_the_state_and_the_event() -> None:
    """The bank (RULES.md: any number of engineers, 1 credit each): the state keeps which bank space each
    visit used, with how many engineers and what it gave, for the round; the event says the same."""
    st, s0 = _tommaso()
    credits = st.companies[s0].credits
    st, events = play(st, s0, "P.bank-b.2.a")  # the architect and one engineer
    c = st.companies[s0]
    assert c.credits == credits + 2 and c.bank == [BankUse("bank-b", 2, 2)]
    ev = next(e for e in events if e.data.get("space") == "bank-b")
    assert (ev.data["engineers"], ev.data["credits"]) == (2, 2)
    assert from_json(to_json(st), State).companies[s0].bank == [BankUse("bank-b", 2, 2)]
    s1 = st.tasks[0].seat
    st, _ = play(st, s1, "P.bank-b.3")
    assert st.companies[s1].bank == [BankUse("bank-b", 3, 3)]
    st, _ = play(st, s0, "P.bank-b.1")
    assert st.companies[s0].bank == [BankUse("bank-b", 2, 2), BankUse("bank-b", 1, 1)]
    # the engineers come back at the end of the round, and so does the record
    while st.round == 1:
        seat = st.tasks[0].seat
        st, _ = play(st, seat, next(c for c in legal_codes(st, seat) if c.startswith("P.bank-b.") or c in ("X", "N")))
    assert all(c.bank == [] for c in st.companies)


def test_water_management_places_and_flows_drops() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    st.water.clear()
    st, _ = play(st, s0, "P.water-p2", "H.HA", "H.HC")
    assert st.water["HA"] == 1 and st.water["HC"] == 1
    s1 = st.tasks[0].seat
    st, _ = play(st, s1, "P.water-d1", "H.HB")
    assert st.water.get("HB", 0) == 0 and st.ledger["drops_out"] == 1


def test_contract_office_takes_and_enforces_hand_limit() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    c = st.companies[s0]
    c.hand = ["C200", "C201"]
    shown = [cid for col in st.display for cid in col]
    st, _ = play(st, s0, "P.contract-t", f"G.{shown[0]}", f"G.{shown[3]}")
    assert len(st.companies[s0].hand) == 4 and st.tasks[0].kind == "discard"
    st, _ = play(st, s0, "D.C200")
    assert st.companies[s0].hand == ["C201", shown[0], shown[3]]
    assert st.companies[s0].credits == 5  # paid 1 credit for two contracts
    # the display is refilled at the start of the next turn
    assert sum(len(col) for col in st.display) == 6


def test_machinery_shop_and_patent_office() -> None:
    st = new_game(2, 4)
    s0 = st.tasks[0].seat
    tile = st.patent[1]
    st, _ = play(st, s0, "P.patent-p2")
    assert tile in st.companies[s0].tiles and st.patent[1] == "" and st.companies[s0].credits == 1
    s1 = st.tasks[0].seat
    st, _ = play(st, s1, "P.machinery-b")
    assert (st.companies[s1].exc, st.companies[s1].mix, st.companies[s1].credits) == (7, 5, 1)


def test_patent_office_refreshes_each_round() -> None:
    st, _ = play_game(2, 11, checks=False)
    assert st.deck_patent == []


# --------------------------------------------------------------------------- protocol


def test_wrong_seat_and_game_over_and_bad_values() -> None:
    st = intro()
    s0 = st.tasks[0].seat
    with pytest.raises(NotYourTurn):
        GAME.apply(st, 1 - s0, Place("workshop-r1"))
    before = to_json(st)
    for bad in (Place("nowhere"), Place("bank-b", 99), Place(5), "P.bank-b.1", None, Place("company-1", -1)):  # type: ignore[arg-type]
        with pytest.raises((IllegalAction, InvalidAction)):
            GAME.apply(st, s0, bad)  # type: ignore[arg-type]
    assert to_json(st) == before
    done, _ = play_game(2, 1, bank_weight=1.0, checks=False)
    with pytest.raises(GameOver):
        GAME.apply(done, 0, Place("bank-b", 1))
    assert GAME.legal_actions(done, 0) == [] and GAME.to_act(done) == frozenset()


@pytest.mark.parametrize("code", ["", "Q", "P.", "P.bank-b.999", "Y.1.2", "R.a.b.c", "K.x.START1", "P.a b",
                                  "x" * 80, "M.-1"])
def test_decode_rejects_malformed_codes(code: str) -> None:
    with pytest.raises(InvalidAction):
        decode(code)


def test_the_nile_affair_is_the_default_and_decides_the_map() -> None:
    """New games play the Nile Affair on the Nile map; map=base (how stored base games were created)
    is the base game; the Nile map without the expansion is refused with a reason."""
    assert GAME.setup(2, {}, 1).options["expansion"] == "nile"
    assert GAME.setup(2, {}, 1).map == "nile"
    base = GAME.setup(2, {"map": "base"}, 1)
    assert (base.map, base.options["expansion"], base.pile_irrigation) == ("base", "none", {})
    assert GAME.setup(2, {"expansion": "none"}, 1).map == "base"
    with pytest.raises(IllegalAction, match="Nile"):
        GAME.setup(2, {"map": "nile", "expansion": "none"}, 1)
    with pytest.raises(InvalidOption):
        GAME.setup(2, {"map": "moon"}, 1)
    with pytest.raises(InvalidOption):
        GAME.setup(2, {"expansion": "atlantis"}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(5, {}, 1)


def test_actions_and_state_round_trip_through_json_and_codes() -> None:
    rng_state, _ = play_game(3, 2, checks=False)
    assert from_json(to_json(rng_state), State) == rng_state
    st = new_game(3, 2)
    for seat in GAME.to_act(st):
        for a in GAME.legal_actions(st, seat):
            code = GAME.encode_action(a)
            assert len(code) <= 60 and GAME.decode_action(code) == a
            assert msgspec.json.decode(msgspec.json.encode(a), type=GAME.action_type) == a
            assert GAME.describe_action(a)
    assert all(isinstance(a, ACTION_TYPES) for a in GAME.legal_actions(st, min(GAME.to_act(st))))


def test_view_hides_draw_pile_order() -> None:
    st = new_game(3, 9)
    pile_ids = {cid for pile in st.piles for cid in pile} | set(st.deck_patent)
    for viewer in (None, 0, 1, 2):
        text = to_json(GAME.view(st, viewer)).decode()
        assert not any(f'"{cid}"' in text for cid in pile_ids)
        v = GAME.view(st, viewer)
        assert v["private_piles"] == [len(p) for p in st.piles] and v["players"] == 3


def test_replay_reproduces_the_state() -> None:
    st, _ = play_game(2, 8, checks=False)
    import random

    from rules.base import resolve_options
    from tests.rules.barrage.invariants import choose

    rng = random.Random(8 * 7919 + 2)
    s = GAME.setup(2, resolve_options(GAME.info, {}), 8)
    log = []
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = choose(rng, GAME.legal_actions(s, seat), 0.1)
        log.append((seat, GAME.encode_action(a)))
        s, _ = GAME.apply(s, seat, a)
    assert s == st
    r = GAME.setup(2, resolve_options(GAME.info, {}), 8)
    for seat, code in log:
        r, _ = GAME.apply(r, seat, GAME.decode_action(code))
    assert r == st


def test_turn_helper_is_consistent() -> None:
    st = turn(clear_map(intro()), 0)
    assert GAME.to_act(st) == frozenset({0})


def test_simone_hand_limit_is_four() -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    set_officer(st, s0, "simone_luciani")
    st.companies[s0].hand = ["C200", "C201"]
    shown = [cid for col in st.display for cid in col]
    st, _ = play(st, s0, "P.contract-t", f"G.{shown[0]}", f"G.{shown[2]}")
    assert len(st.companies[s0].hand) == 4 and st.tasks[0].seat != s0
