"""The Nile Affair (RULES.md §13, seed rulebook 003, OPEN_QUESTIONS Q-N1..Q-N21): set-up, the Nile's
extra water, the irrigate action, irrigation tiles and their 24 effects, irrigation scoring, the new
contracts, external works, pumping station, bonus and objective tiles."""

from __future__ import annotations

import json

import pytest

from rules.barrage import GAME, data, engine, irrigation, scoring
from rules.barrage.nile import activatable
from rules.barrage.state import State, Task
from tests.rules.barrage.scenario import clear_map, legal_codes, new_game, play, put, set_officer, turn

KINDS = ("MACHINERY", "CREDITS", "WATER", "WHEEL", "CONTRACT", "PRODUCTION", "CONSTRUCTION", "ENERGY")
"""Stack order used by ``_nile``: per area, stacks [MACHINERY, CREDITS], [WATER, WHEEL],
[CONTRACT, PRODUCTION], [CONSTRUCTION, ENERGY] (bottom first), so CREDITS, WHEEL, PRODUCTION and
ENERGY are visible and the other four are covered."""
AREAS = ("MOUNTAIN", "HILL", "PLAIN")
ALL_TILES = [f"IRR_{a}_{k}" for a in AREAS for k in KINDS]
ALEX, SUSAN, JOHN, SARA = 0, 1, 2, 3


# --------------------------------------------------------------------------- helpers


def _nile(players: int = 2, seed: int = 3, **options: str) -> State:
    """A Nile game after the draft with an empty river, companies without active abilities, no hand,
    12 engineers each, no irrigation tiles owned and known stacks (see ``KINDS``); seat 0 to play."""
    st = clear_map(new_game(players, seed, expansion="nile", **options))
    lwp = options.get("leeghwater") == "yes"
    for seat, c in enumerate(st.companies):
        c.company = ("usa", "germany", "italy", "france")[seat]
        c.officer = "jill_mcdowell"
        c.tiles = list(data.BASIC_TILES) + (["BASIC_BUILDING"] if lwp else [])
        c.eng, c.arch, c.hand, c.irr_up, c.irr_down = 12, 0, [], [], []
    for aid in st.pile_irrigation:
        tiles = [f"{aid}_{k}" for k in KINDS]
        st.pile_irrigation[aid] = [tiles[i:i + 2] for i in range(0, 8, 2)]
    return turn(st, 0)


def _give(st: State, seat: int, *tiles: str, down: bool = False) -> None:
    """Move tiles from wherever they are in the stacks to a company (face up unless ``down``)."""
    for tile in tiles:
        for stacks in st.pile_irrigation.values():
            for stack in stacks:
                if tile in stack:
                    stack.remove(tile)
        (st.companies[seat].irr_down if down else st.companies[seat].irr_up).append(tile)


def _empty_area(st: State, aid: str) -> None:
    """Take every tile of an area away (as if taken by nobody in particular)."""
    st.pile_irrigation[aid] = [[] for _ in st.pile_irrigation[aid]]


def _dam(st: State, seat: int, site: str, drops: int = 1, level: int = 1) -> None:
    """A dam of ``seat`` (-1 neutral) on ``site`` holding ``drops``."""
    put(st, seat, site, max(level, drops))
    if drops:
        st.water[site] = drops


def _points(st: State, points: list[int]) -> None:
    """Give each seat covered tiles (mountain 3, hill 2, plain 1) worth exactly its irrigation points,
    without emptying any stack."""
    pools = {3: [f"IRR_MOUNTAIN_{k}" for k in KINDS[0::2]], 2: [f"IRR_HILL_{k}" for k in KINDS[0::2]],
             1: [f"IRR_PLAIN_{k}" for k in KINDS[0::2]]}
    for seat, p in enumerate(points):
        for worth in (3, 2, 1):
            while p >= worth and pools[worth]:
                _give(st, seat, pools[worth].pop(0))
                p -= worth
        assert p == 0


def _wet(st: State) -> dict[str, int]:
    """Where the drops are (sites with at least one)."""
    return {k: v for k, v in st.water.items() if v}


def _vps(st: State) -> list[int]:
    return [c.vp for c in st.companies]


def _irrigation_codes(codes: list[str]) -> list[str]:
    return sorted(c for c in codes if c.startswith("P.irrigation-"))


def _visible(st: State, aid: str) -> list[str]:
    return irrigation.visible(st, aid)


def _snapshot(st: State) -> str:
    """Everything a player sees except the step being prepared."""
    v = GAME.view(st, None)
    for key in ("step", "step_detail", "to_act", "log"):
        v.pop(key)
    return json.dumps(v, sort_keys=True)


def _fulfil_now(st: State, seat: int, cid: str, energy: int = 20) -> State:
    """Fulfil a contract from the hand as if a production had just made ``energy``."""
    st.companies[seat].hand.append(cid)
    st.tasks.insert(0, Task("fulfil", seat, n=energy))
    st, _ = play(st, seat, f"U.{cid}")
    return st


# --------------------------------------------------------------------------- 1. the seed's worked examples


def _seed_example_round_1() -> State:
    st = _nile(4, 5)
    st.round = 1
    # Alex: 2 tiles worth 3 (plain 1 + hill 2), Susan 1 tile worth 2, John 1 tile worth 1, Sara none
    _give(st, ALEX, "IRR_PLAIN_CREDITS", "IRR_HILL_CREDITS")
    _give(st, SUSAN, "IRR_HILL_WHEEL")
    _give(st, JOHN, "IRR_PLAIN_WHEEL")
    return st


def test_seed_example_round_1() -> None:
    """Seed (ナイルの情勢, 得点計算フェイズ, example 1), word for word: 「第1ラウンド終了時、アレックスは合計3灌漑点
    となる灌漑タイル2枚、スーザンは2灌漑点の灌漑タイル1枚、ジョンは1灌漑点の灌漑タイル1枚を持っており、サラは1枚も持って
    いません。マップ上に空いている灌漑スペースはなかったので、マップ上で見えているVPはありません。アレックスは3VPを得て、
    ジョンとスーザンはVPを得ず、サラは2VPを失います。そのあと、アレックスは現在の灌漑得点計算タイルを取って裏返しました。
    以降の得点計算中、アレックスは合計灌漑点を1減らします。」
    (At the end of round 1 Alex has 2 irrigation tiles worth 3 points in all, Susan 1 tile worth 2, John 1
    tile worth 1, Sara none. No irrigation space on the map is empty, so no VP are visible. Alex gains
    3 VP, John and Susan gain no VP, Sara loses 2 VP. Then Alex takes the current irrigation scoring tile
    and turns it over; in later scorings Alex's irrigation points are 1 lower.)"""
    st = _seed_example_round_1()
    assert [irrigation.points(st, s) for s in range(4)] == [3, 2, 1, 0]
    assert irrigation.visible_vp(st) == 0
    before = _vps(st)
    irrigation.score(st)
    assert [a - b for a, b in zip(_vps(st), before, strict=True)] == [3, 0, 0, -2]
    assert st.irr_scoring == [ALEX, -1, -1, -1, -1]
    # the won tile lowers Alex's later irrigation points by 1
    assert irrigation.points(st, ALEX) == 2


def test_seed_example_round_2() -> None:
    """Seed (example 2), word for word: 「第2ラウンド終了時、アレックスは2灌漑点(灌漑タイルによる3点と、灌漑得点計算
    タイルによる-1点)、ジョンとサラは3灌漑点、スーザンは4灌漑点を持っています。マップ上には空いている灌漑スペースが2つあり、
    合計2VPが見えているので、スーザンは5VP(3+2VP)、ジョンとサラは1VP(見えているVPの半分)を得て、アレックスは2VPを
    失います。」
    (At the end of round 2 Alex has 2 irrigation points (3 from tiles and -1 from the scoring tile), John
    and Sara 3, Susan 4. Two irrigation spaces on the map are empty, showing 2 VP in all, so Susan gains
    5 VP (3 + 2 VP), John and Sara gain 1 VP (half the visible VP), and Alex loses 2 VP.)"""
    st = _seed_example_round_1()
    irrigation.score(st)
    st.round = 2
    # empty the plain stacks S1 and S2 (1 VP each): John takes 2 more plains, Sara a mountain, Susan a hill
    _give(st, JOHN, "IRR_PLAIN_MACHINERY", "IRR_PLAIN_WATER")
    _give(st, SARA, "IRR_MOUNTAIN_CREDITS")
    _give(st, SUSAN, "IRR_HILL_PRODUCTION")
    assert st.pile_irrigation["IRR_PLAIN"][:2] == [[], []]
    assert [irrigation.points(st, s) for s in range(4)] == [2, 4, 3, 3]
    assert irrigation.visible_vp(st) == 2
    before = _vps(st)
    irrigation.score(st)
    assert [a - b for a, b in zip(_vps(st), before, strict=True)] == [-2, 5, 1, 1]
    assert st.irr_scoring[:2] == [ALEX, SUSAN]
    assert irrigation.points(st, SUSAN) == 3


def test_irrigation_scoring_runs_every_round_after_the_base_scoring() -> None:
    """§13.7: irrigation scoring takes place after the base scoring phase of every round, the last
    one included."""
    st = _nile(2)
    _give(st, 0, "IRR_HILL_CREDITS")
    events: list = []
    engine._end_round(st, events)
    texts = [e.text for e in events if e.kind == "score"]
    irr = next(i for i, t in enumerate(texts) if t.startswith("Irrigation scoring"))
    assert any(t.startswith("Player") and i < irr for i, t in enumerate(texts))  # base scoring lines first
    assert st.irr_scoring[0] == 0 and st.round == 2
    st.round = 5
    st.tasks = []
    engine._end_round(st, [])
    assert st.phase == "over" and st.irr_scoring[4] == 0  # unique leader again in round 5


# --------------------------------------------------------------------------- 2. ties and modifiers

SEED_LEADER = ("灌漑点が最も多いプレイヤーは、現在のラウンドに対応している灌漑得点計算タイルを得て、"
               "「3VP+3つの灌漑エリアで現在見えているVPの合計」を得ます。")
"""The player with the most irrigation points takes the round's scoring tile and gains 3 VP + the VP
visible in the three irrigation areas."""
SEED_TIED = "同点の場合、その全員が2位のVPを得て、対応する灌漑得点計算タイルを捨て札にします。"
"""On a tie, all of them gain second place's VP and the scoring tile is discarded."""
SEED_SECOND = ("灌漑点が2番目に多いすべてのプレイヤーは、"
               "3つの灌漑エリアで現在見えているVPの合計の半分(端数切り捨て)を得ます。")
"""Every player with the second most irrigation points gains half the VP visible (rounded down)."""
SEED_LAST = ("灌漑点が最も少ないプレイヤーは2VPを失います"
             "(最下位プレイヤーが複数いる場合、その全員が2VPずつ失います)。")
"""The player with the fewest irrigation points loses 2 VP (when several are last, each loses 2 VP)."""
SEED_EQUAL = "全プレイヤーの灌漑点が同じ場合、誰もVPを得ず、対応する灌漑得点計算タイルを捨て札にします。"
"""When every player has the same irrigation points, nobody gains VP and the tile is discarded."""


@pytest.mark.parametrize(
    ("points", "v", "gains", "tile"),
    [
        # SEED_LEADER, SEED_SECOND, SEED_LAST: unique leader 3 + V, second total floor(V/2), lowest -2
        ([5, 3, 1], 3, [6, 1, -2], 0),
        # SEED_TIED: tied leaders gain floor(V/2) each, the tile is discarded; SEED_SECOND: the
        # second-highest total still gains floor(V/2) (here it is also the lowest: SEED_LAST too)
        ([3, 3, 1], 3, [1, 1, 1 - 2], -2),
        ([3, 3, 1], 5, [2, 2, 2 - 2], -2),
        ([3, 3, 2, 1], 4, [2, 2, 2, -2], -2),
        # several in second place, several last (SEED_LAST: each of them loses 2)
        ([4, 2, 2, 1], 4, [7, 2, 2, -2], 0),
        ([3, 2, 0, 0], 2, [5, 1, -2, -2], 0),
        # second place is also the lowest: both clauses apply, floor(V/2) and -2
        ([3, 1, 1], 3, [6, 1 - 2, 1 - 2], 0),
        # SEED_EQUAL: everyone equal, nobody scores, the tile is discarded
        ([2, 2, 2], 6, [0, 0, 0], -2),
        ([0, 0, 0, 0], 0, [0, 0, 0, 0], -2),
        # two players with a lone leader: the other gains floor(V/2) and loses 2
        ([2, 1], 3, [6, 1 - 2], 0),
        ([0, 3], 0, [-2, 3], 1),
        ([2, 2], 4, [0, 0], -2),
    ],
)
def test_irrigation_scoring_applies_each_clause_of_the_seed(points: list[int], v: int, gains: list[int],
                                                            tile: int) -> None:
    """Irrigation scoring as the seed writes it (SEED_LEADER, SEED_TIED, SEED_SECOND, SEED_LAST,
    SEED_EQUAL above): each clause applies on its own, so a group both second and last gains and loses."""
    st = _nile(len(points))
    st.round = 3
    _points(st, points)
    assert [irrigation.points(st, s) for s in range(len(points))] == points
    # make exactly V visible: empty stacks worth 2 (S3/S4) and 1 (S1/S2)
    slots = [("IRR_MOUNTAIN", 2), ("IRR_MOUNTAIN", 3), ("IRR_HILL", 2), ("IRR_HILL", 3), ("IRR_MOUNTAIN", 0)]
    left = v
    for aid, i in slots:
        need = data.STACK_VP[f"{aid}_S{i + 1}"]
        if left >= need:
            st.pile_irrigation[aid][i] = []
            left -= need
    assert left == 0 and irrigation.visible_vp(st) == v
    before = _vps(st)
    irrigation.score(st)
    assert [a - b for a, b in zip(_vps(st), before, strict=True)] == gains
    assert st.irr_scoring[2] == tile


def test_a_second_place_that_is_also_last_is_told_both_its_gain_and_its_loss() -> None:
    """SEED_SECOND and SEED_LAST in a 2-player game with a lone leader: the log names both the half of V
    gained and the 2 VP lost, so the player sees why the total moved by floor(V/2) - 2."""
    st = _nile(2)
    st.round = 3
    _points(st, [2, 1])
    st.pile_irrigation["IRR_MOUNTAIN"][2] = []  # 2 VP visible
    lines = irrigation.score(st)
    mine = [(ln.data["msg"], ln.data["vp"]) for ln in lines if ln.data.get("seat") == 1]
    assert mine == [("irrigation_vp", 1), ("irrigation_loss", 2)]


def test_nile_work_a_gives_two_permanent_irrigation_points() -> None:
    """Nile external work A: +2 irrigation points at every irrigation scoring (§13.9)."""
    st = _nile(2)
    _give(st, 1, "IRR_PLAIN_CREDITS")
    st.companies[0].works = ["EW_NILE_A"]
    assert irrigation.points(st, 0) == 2
    before = _vps(st)
    irrigation.score(st)
    # 2 beats 1 with no tile of its own; the other player, second and last, gains 0 (V = 0) and loses 2
    assert _vps(st) == [before[0] + 3, before[1] - 2]
    st.round = 2
    assert irrigation.points(st, 0) == 2 - 1  # still +2, minus the round-1 scoring tile


def test_won_scoring_tiles_cost_one_then_two_points_and_discarded_tiles_nothing() -> None:
    """§13.7: won scoring tiles of rounds 1 and 2 are worth -1, of rounds 3 and 4 -2; a discarded tile
    counts for nobody; face-down tiles still count."""
    st = _nile(2)
    _give(st, 0, "IRR_MOUNTAIN_CREDITS", "IRR_MOUNTAIN_WHEEL", "IRR_HILL_WHEEL")
    _give(st, 0, "IRR_PLAIN_ENERGY", down=True)
    assert irrigation.points(st, 0) == 3 + 3 + 2 + 1
    for r, expected in zip(range(1, 5), (8, 7, 5, 3), strict=True):
        st.irr_scoring[r - 1] = 0  # seat 0 won rounds 1..r
        assert irrigation.points(st, 0) == expected
    st.irr_scoring = [-2, -2, -2, -2, -1]
    assert irrigation.points(st, 0) == 9 and irrigation.points(st, 1) == 0


def test_visible_vp_are_those_printed_under_empty_stacks() -> None:
    """§13.7, Q-N6: V is the sum of the VP printed under emptied stacks of the three areas (1, 1, 2, 2 per
    area); a stack with one tile left shows nothing."""
    st = _nile(2)
    assert irrigation.visible_vp(st) == 0
    _give(st, 0, "IRR_HILL_ENERGY")
    assert irrigation.visible_vp(st) == 0
    _give(st, 0, "IRR_HILL_CONSTRUCTION")
    assert irrigation.visible_vp(st) == 2
    for aid in ("IRR_MOUNTAIN", "IRR_HILL", "IRR_PLAIN"):
        _empty_area(st, aid)
    assert irrigation.visible_vp(st) == 18


# --------------------------------------------------------------------------- 3. the irrigate action


@pytest.mark.parametrize(
    ("site", "area"),
    [("B2L", "mountain"), ("B2U", "mountain"), ("B3U", "mountain"), ("B3L", "mountain"), ("B5L", "hill"),
     ("B6U", "hill"), ("B9U", "plain"), ("B10L", "plain")],
)
def test_irrigation_needs_an_own_dam_with_water_in_a_connected_basin(site: str, area: str) -> None:
    """§13.5 step 2, Q-N18: a drop in one of your dams (either site) of a basin connected to the area; each
    area connects to the basins on its left and right (mountain 2|3, hill 5|6, plain 9|10)."""
    st = _nile(2)
    assert _irrigation_codes(legal_codes(st, 0)) == []
    _dam(st, 0, site)
    assert _irrigation_codes(legal_codes(st, 0)) == [f"P.irrigation-{area}-1", f"P.irrigation-{area}-2"]


@pytest.mark.parametrize("site", ["B1L", "B4U", "B7L", "B8U"])
def test_unconnected_basins_do_not_irrigate(site: str) -> None:
    """§13.5: only basins connected to the irrigation area count."""
    st = _nile(2)
    _dam(st, 0, site, 2, 2)
    assert _irrigation_codes(legal_codes(st, 0)) == []


def test_neutral_other_and_dry_dams_do_not_irrigate() -> None:
    """§13.5 step 2: neutral dams can never be used, nor another company's dam, nor an own dam without water."""
    st = _nile(2)
    _dam(st, -1, "B2L")  # neutral, with a drop
    _dam(st, 1, "B3U")  # the opponent's, with a drop
    put(st, 0, "B5L")  # own, dry
    assert _irrigation_codes(legal_codes(st, 0)) == []
    assert _irrigation_codes(legal_codes(turn(st, 1), 1)) == ["P.irrigation-mountain-1", "P.irrigation-mountain-2"]


def test_irrigation_takes_one_drop_back_to_the_supply_and_a_visible_tile_face_up() -> None:
    """§13.5: an engineer on the space, one drop from the dam back to the general supply, one visible tile
    of the area to the company's supply face up; the tile under it becomes visible."""
    st = _nile(2)
    _dam(st, 0, "B2L", 2, 2)
    _dam(st, 1, "B5U", 0)  # downstream of B2L, empty: the drop must not flow there
    out = st.ledger.get("drops_out", 0)
    credits, eng = st.companies[0].credits, st.companies[0].eng
    st, _ = play(st, 0, "P.irrigation-mountain-1")
    assert legal_codes(st, 0) == [f"I.{t}" for t in _visible(st, "IRR_MOUNTAIN")] + ["B"]
    st, _ = play(st, 0, "I.IRR_MOUNTAIN_WHEEL")
    c = st.companies[0]
    assert _wet(st) == {"B2L": 1} and st.ledger["drops_out"] == out + 1
    assert c.irr_up == ["IRR_MOUNTAIN_WHEEL"] and c.irr_down == []
    assert c.eng == eng - 1 and c.credits == credits and st.used["irrigation-mountain-1"] == 0
    assert "IRR_MOUNTAIN_WATER" in _visible(st, "IRR_MOUNTAIN")
    assert GAME.view(st, 1)["companies"][0]["irrigation"]["face_up"] == ["IRR_MOUNTAIN_WHEEL"]
    # the space is taken for the round; the other one (red) is still open
    st = turn(st, 1)
    _dam(st, 1, "B3U")
    st.companies[1].credits = 10
    assert _irrigation_codes(legal_codes(st, 1)) == ["P.irrigation-mountain-2"]


def test_red_framed_irrigation_space_costs_three_more_credits() -> None:
    """§13.5 step 1: the red-framed space costs 3 credits more; without 3 credits it is not offered."""
    st = _nile(2)
    _dam(st, 0, "B9L")
    st.companies[0].credits = 2
    assert _irrigation_codes(legal_codes(st, 0)) == ["P.irrigation-plain-1"]
    st.companies[0].credits = 3
    st, _ = play(st, 0, "P.irrigation-plain-2", "I.IRR_PLAIN_WHEEL")
    assert st.companies[0].credits == 0 and st.used["irrigation-plain-2"] == 0
    assert st.companies[0].irr_up == ["IRR_PLAIN_WHEEL"]


def test_an_area_without_tiles_cannot_be_irrigated() -> None:
    """§13.5 step 3: no irrigation in an area with no tile left."""
    st = _nile(2)
    _dam(st, 0, "B6L")
    _empty_area(st, "IRR_HILL")
    assert _irrigation_codes(legal_codes(st, 0)) == []


def test_back_before_the_tile_leaves_everything_unchanged() -> None:
    """§13.5 (checks before placement) and the engine's Back: cancelling before the tile is chosen places
    no engineer, pays nothing and keeps the drop."""
    st = _nile(2)
    _dam(st, 0, "B2L")
    _dam(st, 0, "B3U", 1)
    st.companies[0].credits = 7
    before = _snapshot(st)
    st2, _ = play(st, 0, "P.irrigation-mountain-2")
    assert legal_codes(st2, 0) == ["S.B2L", "S.B3U", "B"]  # two dams: a choice, Back still possible
    st3, _ = play(st2, 0, "S.B3U")
    assert "B" in legal_codes(st3, 0)
    for state in (st2, st3):
        back, _ = play(state, 0, "B")
        assert back.tasks[0].kind == "turn" and _snapshot(back) == before
        assert "P.irrigation-mountain-2" in legal_codes(back, 0)


def test_the_player_chooses_the_dam_when_several_qualify() -> None:
    """§13.5 step 2: the drop comes from one of your qualifying dams, of your choice."""
    st = _nile(2)
    _dam(st, 0, "B2L")
    _dam(st, 0, "B3U", 2, 2)
    st, _ = play(st, 0, "P.irrigation-mountain-1", "S.B3U", "I.IRR_MOUNTAIN_ENERGY")
    assert _wet(st) == {"B2L": 1, "B3U": 1}


def test_a_single_possible_dam_is_chosen_automatically() -> None:
    """A single qualifying dam needs no decision: the step after the placement is the tile."""
    st = _nile(2)
    _dam(st, 0, "B10U")
    _dam(st, 0, "B8L")  # not connected to the plain irrigation area
    st, _ = play(st, 0, "P.irrigation-plain-1")
    assert not any(c.startswith("S.") for c in legal_codes(st, 0))
    st, _ = play(st, 0, "I.IRR_PLAIN_CREDITS")
    assert _wet(st) == {"B8L": 1}


# --------------------------------------------------------------------------- 4. activating irrigation tiles


def test_activation_before_the_main_action_once_per_turn() -> None:
    """§13.6: once per turn, before the main action: the tile turns face down, resolves, and the main
    action follows; no second activation in that turn, not even after the main action."""
    st = _nile(2)
    _give(st, 0, "IRR_PLAIN_CREDITS", "IRR_HILL_CREDITS")
    _give(st, 0, "IRR_MOUNTAIN_CREDITS", down=True)
    codes = legal_codes(st, 0)
    assert {c for c in codes if c.startswith("A.")} == {"A.IRR_PLAIN_CREDITS", "A.IRR_HILL_CREDITS"}
    credits = st.companies[0].credits
    st, _ = play(st, 0, "A.IRR_HILL_CREDITS")
    c = st.companies[0]
    assert c.credits == credits + 4 and c.irr_up == ["IRR_PLAIN_CREDITS"]
    assert sorted(c.irr_down) == ["IRR_HILL_CREDITS", "IRR_MOUNTAIN_CREDITS"]
    assert st.tasks[0].kind == "turn" and st.tasks[0].seat == 0
    codes = legal_codes(st, 0)
    assert not any(c.startswith("A.") for c in codes) and "P.bank-b.1" in codes
    st, _ = play(st, 0, "P.bank-b.1")
    assert st.tasks[0].kind == "turn" and st.tasks[0].seat == 1  # no activation step after the action


def test_activation_after_the_main_action_or_decline() -> None:
    """§13.6: the activation may come after the main action instead; declining keeps the tile face up."""
    st = _nile(2)
    _give(st, 0, "IRR_PLAIN_CREDITS")
    st2, _ = play(st, 0, "P.bank-b.1")
    assert st2.tasks[0].kind == "activate" and legal_codes(st2, 0) == ["A.IRR_PLAIN_CREDITS", "N"]
    credits = st2.companies[0].credits
    st3, _ = play(st2, 0, "A.IRR_PLAIN_CREDITS")
    assert st3.companies[0].credits == credits + 3 and st3.companies[0].irr_down == ["IRR_PLAIN_CREDITS"]
    assert st3.tasks[0].kind == "turn" and st3.tasks[0].seat == 1
    st4, _ = play(st2, 0, "N")
    assert st4.companies[0].irr_up == ["IRR_PLAIN_CREDITS"] and st4.tasks[0].seat == 1
    # in its next turn the face-up tile is offered again
    st4, _ = play(st4, 1, "P.bank-b.1")
    assert st4.tasks[0].seat == 0 and "A.IRR_PLAIN_CREDITS" in legal_codes(st4, 0)


def test_a_tile_taken_in_the_main_action_can_be_activated_after_it() -> None:
    """Q-N15: a tile gained during the main action may be activated after it."""
    st = _nile(2)
    _dam(st, 0, "B5U")
    st, _ = play(st, 0, "P.irrigation-hill-1", "I.IRR_HILL_ENERGY")
    assert legal_codes(st, 0) == ["A.IRR_HILL_ENERGY", "N"]
    st, _ = play(st, 0, "A.IRR_HILL_ENERGY")
    assert st.companies[0].energy == 4 and st.companies[0].irr_down == ["IRR_HILL_ENERGY"]


def test_no_activation_in_the_middle_of_an_action() -> None:
    """§13.6: never in the middle of the main action (construction, irrigation, production steps)."""
    st = _nile(2)
    _give(st, 0, "IRR_PLAIN_CREDITS")
    _dam(st, 0, "B2L")
    mid, _ = play(st, 0, "P.company-1")
    assert mid.tasks[0].kind == "construct" and not any(c.startswith("A.") for c in legal_codes(mid, 0))
    mid, _ = play(st, 0, "P.irrigation-mountain-1")
    assert mid.tasks[0].kind == "irrigate" and not any(c.startswith("A.") for c in legal_codes(mid, 0))
    put(st, 0, "C2L")
    put(st, 0, "P6_0")
    mid, _ = play(st, 0, "P.turbine-0")
    assert mid.tasks[0].kind == "produce" and not any(c.startswith("A.") for c in legal_codes(mid, 0))


SEED_ACTIVATION = ("手番ごとに1回、メインアクションに加えて、"
                   "プレイヤーは自分の灌漑タイルのうち1枚を発動させてボーナスアクションを得ることができます。"
                   "プレイヤーは通常のメインアクションの前かあとで(途中では不可)灌漑タイルを発動させることができます。")
"""Once per turn, in addition to the main action, a player may activate one of their irrigation tiles for
a bonus action, before or after the normal main action (never in the middle)."""


def _architect_turn(st: State) -> State:
    """Seat 0 (Tommaso) puts the architect alone on a 1-engineer space: an extra placement follows."""
    set_officer(st, 0, "tommaso_battista")
    st, _ = play(st, 0, "P.workshop-r1.a")
    assert st.tasks[0].kind == "turn" and st.tasks[0].seat == 0
    return st


def test_architect_extra_placement_is_part_of_the_main_action_for_tile_activation() -> None:
    """SEED_ACTIVATION with Tommaso: the extra placement belongs to the main action, so no tile is
    activated between the two placements; the one activation comes after both."""
    st = _nile(2)
    _give(st, 0, "IRR_PLAIN_CREDITS", "IRR_HILL_CREDITS")
    st = _architect_turn(st)
    assert not any(c.startswith("A.") for c in legal_codes(st, 0)) and "N" in legal_codes(st, 0)
    st, _ = play(st, 0, "P.bank-b.1")
    assert st.tasks[0].kind == "activate" and legal_codes(st, 0) == ["A.IRR_PLAIN_CREDITS", "A.IRR_HILL_CREDITS", "N"]
    st, _ = play(st, 0, "A.IRR_HILL_CREDITS")
    assert st.tasks[0].seat == 1 and st.companies[0].irr_up == ["IRR_PLAIN_CREDITS"]


def test_architect_extra_placement_after_an_activation_before_the_action_allows_no_second_one() -> None:
    """SEED_ACTIVATION: a tile activated before the main action is the turn's one activation, also when
    the architect adds a placement (passed here): nothing more is offered after it."""
    st = _nile(2)
    _give(st, 0, "IRR_PLAIN_CREDITS", "IRR_HILL_CREDITS")
    st, _ = play(st, 0, "A.IRR_PLAIN_CREDITS")
    st = _architect_turn(st)
    assert not any(c.startswith("A.") for c in legal_codes(st, 0))
    st, _ = play(st, 0, "N")
    assert st.tasks[0].seat == 1 and st.companies[0].irr_up == ["IRR_HILL_CREDITS"]


def test_face_down_tiles_still_count_and_cannot_be_activated_again() -> None:
    """§13.6, §13.7: an activated tile is face down; it still gives its irrigation points and is never
    offered again."""
    st = _nile(2)
    _give(st, 0, "IRR_MOUNTAIN_CREDITS")
    points = irrigation.points(st, 0)
    st, _ = play(st, 0, "A.IRR_MOUNTAIN_CREDITS", "P.bank-b.1")
    assert irrigation.points(st, 0) == points == 3
    assert GAME.view(st, 1)["companies"][0]["irrigation"]["face_down"] == ["IRR_MOUNTAIN_CREDITS"]
    st, _ = play(st, 1, "P.bank-b.1")
    assert st.tasks[0].seat == 0 and not any(c.startswith("A.") for c in legal_codes(st, 0))


# The seed's effect table (not the data file): (area, effect type) -> value.
SEED_TABLE = {
    ("PLAIN", "MACHINERY"): (2, 0), ("HILL", "MACHINERY"): (1, 1), ("MOUNTAIN", "MACHINERY"): (0, 2),
    ("PLAIN", "CREDITS"): 3, ("HILL", "CREDITS"): 4, ("MOUNTAIN", "CREDITS"): 5,
    ("PLAIN", "WATER"): 2, ("HILL", "WATER"): 2, ("MOUNTAIN", "WATER"): 3,
    ("PLAIN", "WHEEL"): 1, ("HILL", "WHEEL"): 2, ("MOUNTAIN", "WHEEL"): 2,
    ("PLAIN", "CONTRACT"): 4, ("HILL", "CONTRACT"): 6, ("MOUNTAIN", "CONTRACT"): 8,
    ("PLAIN", "PRODUCTION"): 0, ("HILL", "PRODUCTION"): 1, ("MOUNTAIN", "PRODUCTION"): 2,
    ("PLAIN", "CONSTRUCTION"): {"plain"}, ("HILL", "CONSTRUCTION"): {"plain", "hill"},
    ("MOUNTAIN", "CONSTRUCTION"): {"plain", "hill", "mountain"},
    ("PLAIN", "ENERGY"): 3, ("HILL", "ENERGY"): 4, ("MOUNTAIN", "ENERGY"): 5,
}
CONTRACT_AT = {4: ("C212", "C300"), 6: ("C308", "C310"), 8: ("C400", "C405")}
"""Contract tile value -> (a contract needing exactly that much, one needing more)."""


def _activate(st: State, tile: str) -> State:
    _give(st, 0, tile)
    assert f"A.{tile}" in legal_codes(st, 0)
    st, _ = play(st, 0, f"A.{tile}")
    assert tile in st.companies[0].irr_down and tile not in st.companies[0].irr_up
    return st


@pytest.mark.parametrize("tile", ALL_TILES)
def test_every_irrigation_tile_effect(tile: str) -> None:
    """§13.6 effect table (seed): the 24 tiles, each activated before the main action."""
    area, kind = tile.removeprefix("IRR_").split("_", 1)
    value = SEED_TABLE[(area, kind)]
    st = _nile(2)
    c = st.companies[0]
    if kind == "MACHINERY":
        exc, mix = c.exc, c.mix
        st = _activate(st, tile)
        c = st.companies[0]
        assert (c.exc - exc, c.mix - mix) == value
    elif kind == "CREDITS":
        credits = c.credits
        st = _activate(st, tile)
        assert st.companies[0].credits - credits == value
    elif kind == "ENERGY":
        c.hand = ["C202"]  # needs 2: the track energy must not fulfil it
        st = _activate(st, tile)
        assert st.companies[0].energy == value
        assert st.tasks[0].kind == "turn" and not any(x.startswith("U.") for x in legal_codes(st, 0))
        assert st.companies[0].hand == ["C202"]
    elif kind == "WATER":
        _dam(st, 0, "B1U", 0, 3)
        st = _activate(st, tile)
        for i in range(value):
            assert legal_codes(st, 0) == ["H.HA", "H.HB", "H.HC", "H.HD"]  # exactly `value` drops
            st, _ = play(st, 0, "H.HA")
            assert st.water.get("HA", 0) == 0 and st.water["B1U"] == i + 1  # each flows at once
        assert st.tasks[0].kind == "turn"
    elif kind == "WHEEL":
        c.wheel[value] = ["BASIC_BASE"]
        c.wexc[value] = 3
        c.tiles.remove("BASIC_BASE")
        exc = c.exc
        st = _activate(st, tile)
        c = st.companies[0]
        assert c.slot == value and "BASIC_BASE" in c.tiles and c.exc == exc + 3
    elif kind == "CONTRACT":
        ok, too_big = CONTRACT_AT[value]
        c.hand = [ok, too_big]
        st = _activate(st, tile)
        assert legal_codes(st, 0) == [f"U.{ok}", "N"]
        vp = st.companies[0].vp
        st, _ = play(st, 0, f"U.{ok}")
        if st.tasks[0].kind == "machine":
            st, _ = play(st, 0, "M.1")
        c = st.companies[0]
        assert c.done == [ok] and c.hand == [too_big] and c.energy == 0 and c.vp > vp
    elif kind == "PRODUCTION":
        _dam(st, 0, "B2L", 2, 2)
        put(st, 0, "C2L")  # production 2
        put(st, 0, "P6_0")
        st = _activate(st, tile)
        assert legal_codes(st, 0) == ["R.B2L.C2L.P6_0.1", "R.B2L.C2L.P6_0.2"]  # no Back, no Decline
        st, _ = play(st, 0, "R.B2L.C2L.P6_0.2")
        assert st.companies[0].energy == 2 * 2 + value
        assert st.companies[0].eng == 12 and st.tasks[0].kind == "turn"
    elif kind == "CONSTRUCTION":
        c.exc, c.mix, c.credits = 20, 20, 20
        st = _activate(st, tile)
        codes = legal_codes(st, 0)
        assert "T.BASIC_BASE" in codes and "B" not in codes
        st, _ = play(st, 0, "T.BASIC_BASE")
        codes = legal_codes(st, 0)
        m = data.map_data(st.map)
        sites = [x.removeprefix("S.") for x in codes if x.startswith("S.")]
        assert {m.dams[s]["area"] for s in sites} == value and "B" not in codes
        site = next(s for s in sites if m.dams[s]["area"] == "plain" and m.dams[s]["extra_cost_credits"])
        st, _ = play(st, 0, f"S.{site}")
        if st.tasks[0].kind == "construct":
            st, _ = play(st, 0, legal_codes(st, 0)[0])
        c = st.companies[0]
        assert st.dam_owner[site] == 0 and c.eng == 12 and c.placed == 0
        # Q-N12: only the engineers are waived: tile and machinery on the wheel, rotation, red-site credits
        assert c.wheel[0] == ["BASIC_BASE"] and c.wexc[0] == 3 and c.exc == 17 and c.slot == 1
        assert c.credits == 20 - 3
        assert st.tasks[0].kind == "turn"  # the main action is still to come
    else:  # pragma: no cover
        raise AssertionError(kind)


@pytest.mark.parametrize(("tile", "structure", "areas"), [
    ("IRR_PLAIN_CONSTRUCTION", "BASIC_CONDUIT", {8, 9, 10}),
    ("IRR_HILL_CONSTRUCTION", "BASIC_POWERHOUSE", {5, 6, 7, 8, 9, 10, 11, 12}),
    ("IRR_HILL_CONSTRUCTION", "BASIC_CONDUIT", {5, 6, 7, 8, 9, 10}),
])
def test_construction_tiles_count_conduits_by_start_and_powerhouses_by_zone(tile: str, structure: str,
                                                                             areas: set[int]) -> None:
    """Q-N12: a conduit is in the area of its starting basin, a powerhouse in its zone's area."""
    st = _nile(2)
    c = st.companies[0]
    c.exc, c.mix, c.credits = 20, 20, 20
    st = _activate(st, tile)
    st, _ = play(st, 0, f"T.{structure}")
    m = data.map_data(st.map)
    sites = [x.removeprefix("S.") for x in legal_codes(st, 0) if x.startswith("S.")]
    table = m.conduits if structure == "BASIC_CONDUIT" else m.powerhouses
    assert {table[s]["zone"] for s in sites} == areas


def test_construction_tile_never_builds_a_private_building() -> None:
    """Q-N12: private buildings are in no area, so an irrigation construction tile cannot build one."""
    st = _nile(2, leeghwater="yes")
    c = st.companies[0]
    c.exc, c.mix, c.credits = 20, 20, 20
    c.tiles = ["BASIC_BUILDING", "BASIC_BASE"]
    st = _activate(st, "IRR_MOUNTAIN_CONSTRUCTION")
    assert legal_codes(st, 0) == ["T.BASIC_BASE"]
    st = _nile(2, leeghwater="yes")
    c = st.companies[0]
    c.exc, c.mix, c.credits = 20, 20, 20
    c.tiles = ["BASIC_BUILDING"]
    _give(st, 0, "IRR_MOUNTAIN_CONSTRUCTION")
    assert not any(x.startswith("A.") for x in legal_codes(st, 0))


def test_impossible_tiles_are_not_offered() -> None:
    """§13.6 / RULES.md §14: a tile whose effect cannot be carried out now is not offered (contract
    without a contract it can fulfil, production without a system, construction without machinery);
    when no tile can be used there is no activation step after the action."""
    st = _nile(2)
    st.companies[0].exc = st.companies[0].mix = 0
    _give(st, 0, "IRR_MOUNTAIN_CONTRACT", "IRR_MOUNTAIN_PRODUCTION", "IRR_MOUNTAIN_CONSTRUCTION")
    st.companies[0].hand = ["C405"]  # needs 9 > 8
    assert not any(c.startswith("A.") for c in legal_codes(st, 0))
    st2, _ = play(st, 0, "P.bank-b.1")
    assert st2.tasks[0].kind == "turn" and st2.tasks[0].seat == 1
    # make each possible in turn
    st.companies[0].hand = ["C400"]
    assert [c for c in legal_codes(st, 0) if c.startswith("A.")] == ["A.IRR_MOUNTAIN_CONTRACT"]
    st.companies[0].exc = 5
    assert "A.IRR_MOUNTAIN_CONSTRUCTION" in legal_codes(st, 0)
    _dam(st, 0, "B3L")
    put(st, 0, "C3R")
    put(st, 0, "P6_0")
    assert "A.IRR_MOUNTAIN_PRODUCTION" in legal_codes(st, 0)


def test_contract_tile_ignores_the_france_discount() -> None:
    """Q-N14: only contracts in the personal supply needing <= N; France's -3 does not apply (no production)."""
    st = _nile(2)
    st.companies[0].company = "france"
    for ph in ("P5_0", "P6_0", "P7_0"):
        put(st, 0, ph)  # France's ability is active with 3 powerhouses
    st.companies[0].hand = ["C300"]  # needs 5 (2 with France's discount)
    _give(st, 0, "IRR_PLAIN_CONTRACT")
    assert "A.IRR_PLAIN_CONTRACT" not in legal_codes(st, 0)


def test_a_contract_tile_whose_contract_is_declined_stays_spent() -> None:
    """House choice (RULES_NOTES.md): fulfilling is optional as after any production, so the contract of
    an activated contract tile may be declined; the tile is face down all the same (its activation was
    the turn's one activation) and the contract stays in hand."""
    st = _nile(2)
    st.companies[0].hand = ["C212"]  # needs 4
    _give(st, 0, "IRR_PLAIN_CONTRACT")
    st, _ = play(st, 0, "A.IRR_PLAIN_CONTRACT")
    assert st.tasks[0].kind == "fulfil" and legal_codes(st, 0) == ["U.C212", "N"]
    st, _ = play(st, 0, "N")
    c = st.companies[0]
    assert c.hand == ["C212"] and c.irr_down == ["IRR_PLAIN_CONTRACT"] and c.irr_up == []
    assert st.tasks[0].kind == "turn" and not any(code.startswith("A.") for code in legal_codes(st, 0))


# --------------------------------------------------------------------------- 5. set-up


def test_introductory_setup_on_the_nile_map_keeps_every_nile_part() -> None:
    """House choice (RULES_NOTES.md): the seed says nothing of the introductory game; intro=yes changes
    only what it changes in the base game (fixed matchups, basic joker, no patent office, no advanced
    bonus tile) and the Nile map, stacks, scoring tiles and Nile contracts are all in."""
    st = new_game(4, 7, expansion="nile", intro="yes")
    assert st.map == "nile" and st.patent == [] and st.irr_scoring == [-1] * 5
    assert sum(len(s) for stacks in st.pile_irrigation.values() for s in stacks) == 24
    assert sorted(c.company for c in st.companies) == sorted(m["company"] for m in data.INTRO_MATCHUPS)
    assert all("BASIC_JOKER" in c.tiles for c in st.companies)
    assert "BONUS_ADVANCED_TILE" not in st.bonus
    nile_contracts = {"NILE_G", "NILE_Y", "NILE_R"} & set(data.CONTRACTS)
    dealt = {cid for pile in st.piles for cid in pile} | {cid for col in st.display for cid in col}
    assert nile_contracts and nile_contracts <= dealt


def test_nile_setup_map_stacks_and_scoring_tiles() -> None:
    """§13.2: Nile map; per area 4 face-up stacks of 2 tiles of that area; 5 irrigation scoring tiles open."""
    st = new_game(3, 11, expansion="nile")
    assert st.map == "nile"
    seen = []
    for aid, stacks in st.pile_irrigation.items():
        area = data.map_data(st.map).irrigation[aid]["area"]
        assert len(stacks) == 4 and all(len(s) == 2 for s in stacks)
        assert all(data.IRRIGATION_TILES[t]["area"] == area for s in stacks for t in s)
        seen += [t for s in stacks for t in s]
    assert sorted(seen) == sorted(data.IRRIGATION_TILES) and len(seen) == 24
    assert st.irr_scoring == [-1] * 5
    assert sorted(st.pile_irrigation) == ["IRR_HILL", "IRR_MOUNTAIN", "IRR_PLAIN"]


def test_stack_shuffles_differ_between_games() -> None:
    """§13.2 ⑥: each area's tiles are shuffled."""
    layouts = {json.dumps(new_game(2, seed, expansion="nile").pile_irrigation) for seed in range(1, 6)}
    assert len(layouts) > 1


def _covered_hidden(st: State, seat: int | None) -> None:
    text = json.dumps(GAME.view(st, seat))
    for stacks in st.pile_irrigation.values():
        for stack in stacks:
            if stack:
                assert stack[-1] in text
            for covered in stack[:-1]:
                assert covered not in text, covered
    view = GAME.view(st, seat)["irrigation"]
    assert [[s["count"] for s in a["stacks"]] for a in view["areas"]] == [
        [len(s) for s in st.pile_irrigation[a["id"]]] for a in view["areas"]]


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_covered_irrigation_tiles_are_hidden_from_every_view(seat: int | None) -> None:
    """§13.2 ⑥ / state.py: only the top tile of each stack can be seen; the covered one appears nowhere in
    any seat's view (JSON), before and after a tile is taken."""
    st = turn(clear_map(new_game(3, 8, expansion="nile")), 0)
    _covered_hidden(st, seat)
    _dam(st, 0, "B9L")
    top = _visible(st, "IRR_PLAIN")[0]
    st, _ = play(st, 0, "P.irrigation-plain-1", f"I.{top}")
    _covered_hidden(st, seat)


def test_nile_contracts_join_their_colour_piles() -> None:
    """§13.2 ③: the 3 new contracts are shuffled into the pile of their colour (and only with the Nile)."""
    for seed in (1, 2, 3):
        st = GAME.setup(2, {"expansion": "nile"}, seed)
        for cid, colour in (("NILE_G", 0), ("NILE_Y", 1), ("NILE_R", 2)):
            assert cid in st.piles[colour] + st.display[colour]
        base = GAME.setup(2, {"map": "base"}, seed)
        assert not any(cid.startswith("NILE") for pile in base.piles + base.display for cid in pile)


def test_nile_bonus_and_objective_tiles_join_the_pools() -> None:
    """§13.2 ④ ⑤: the Nile bonus tile and objective tile are added to the pools the game draws from."""
    bonus = objective = 0
    for seed in range(1, 41):
        st = GAME.setup(2, {"expansion": "nile"}, seed)
        assert len(set(st.bonus)) == 5
        bonus += "BONUS_IRRIGATION_TILE" in st.bonus
        objective += st.objective == "OBJ_IRRIGATION_BASINS"
        base = GAME.setup(2, {"map": "base"}, seed)
        assert "BONUS_IRRIGATION_TILE" not in base.bonus and base.objective != "OBJ_IRRIGATION_BASINS"
    assert 0 < bonus < 40 and 0 < objective < 40


def test_leeghwater_with_nile_adds_pumping_station_and_works_then_removes_one_per_deck() -> None:
    """§13.2 ⑧ ⑨: the pumping station joins the building tiles before 5 are drawn; each Nile work joins its
    letter deck, which then loses one random tile."""
    station = 0
    nile_works: set[str] = set()
    for seed in range(1, 31):
        st = GAME.setup(2, {"expansion": "nile", "leeghwater": "yes"}, seed)
        assert len(st.buildings) == 5
        station += "pumping_station" in st.buildings
        works = [w for w in st.works + st.deck_works if w]
        assert len(works) == 15
        for deck in "ABC":
            assert sum(data.EXTERNAL_WORKS[w]["deck"] == deck for w in works) == 5
        nile_works |= {w for w in works if w.startswith("EW_NILE")}
    assert 0 < station < 30 and nile_works == {"EW_NILE_A", "EW_NILE_B", "EW_NILE_C"}


def test_nile_headstream_gets_two_more_drops_in_rounds_one_to_four() -> None:
    """§13.4, Q-N3, Q-N4: after the headstream tiles' drops, 2 more on the Nile headstream (HB, 2nd from the
    left) in rounds 1-4 (the rulebook's "0+2"), nothing in round 5."""
    st = new_game(2, 1, expansion="nile")
    m = data.map_data(st.map)
    tiles = {t["id"]: t["drops_by_round"] for t in m.headstream_tiles}
    assert m.headstreams[1] == "HB" == m.nile_source
    assert st.water["HB"] == tiles[st.headstream_tiles["HB"]][0] + 2  # round 1, before any flow
    for r in range(1, 6):
        st.water = {k: v for k, v in st.water.items() if not k.startswith("H")}
        st.round = r
        engine._start_round(st, [])
        for h in m.headstreams:
            expected = tiles[st.headstream_tiles[h]][r - 1] + (2 if h == "HB" else 0) if r <= 4 else 0
            assert st.water.get(h, 0) == expected, (r, h)


def test_the_nile_map_topology() -> None:
    """§13.3, Q-N1: the Nile flows from HB through one basin per area; its conduits produce less than every
    other conduit of the same area; irrigation areas sit between two basins of one area."""
    m = data.map_data("nile")
    node, path = "HB", []
    while node not in m.exits:
        node = m.river[node]
        path.append(node)
    nile_zones = [m.dams[n]["zone"] for n in path if n in m.dams][::2]
    assert nile_zones == [2, 5, 9]
    for area in ("mountain", "hill", "plain"):
        nile = [c["production"] for c in m.conduits.values() if c["area"] == area and c["zone"] in nile_zones]
        other = [c["production"] for c in m.conduits.values() if c["area"] == area and c["zone"] not in nile_zones]
        assert nile and max(nile) < min(other), area
    for info in m.irrigation.values():
        zones = info["connected_zones"]
        assert len(zones) == 2 and {m.zone_area[z] for z in zones} == {info["area"]}
        assert len(info["layout"]["action_spaces"]) == 2
        assert sorted(sp["red_framed"] for sp in info["layout"]["action_spaces"]) == [False, True]


def test_irrigation_spaces_at_every_player_count() -> None:
    """Q-N8: all 6 irrigation spaces with 2, 3 and 4 players."""
    for players in (2, 3, 4):
        st = _nile(players)
        st.companies[0].credits = 10
        for site in ("B2L", "B5L", "B9L"):
            _dam(st, 0, site)
        assert len(_irrigation_codes(legal_codes(st, 0))) == 6


# --------------------------------------------------------------------------- 6. contracts, works, buildings, tiles


@pytest.mark.parametrize(("cid", "areas", "vp"), [
    ("NILE_G", {"IRR_PLAIN"}, 3),
    ("NILE_Y", {"IRR_PLAIN", "IRR_HILL"}, 5),
    ("NILE_R", {"IRR_PLAIN", "IRR_HILL", "IRR_MOUNTAIN"}, 7),
])
def test_nile_contracts_give_a_tile_or_vp(cid: str, areas: set[str], vp: int) -> None:
    """§13.8: a visible tile of the allowed areas (no engineer, no drop: no dam needed) or the VP."""
    st = _nile(2)
    st = _fulfil_now(st, 0, cid)
    tiles = [t for aid in ("IRR_MOUNTAIN", "IRR_HILL", "IRR_PLAIN") if aid in areas for t in _visible(st, aid)]
    assert sorted(legal_codes(st, 0)) == sorted([f"I.{t}" for t in tiles] + ["V"])
    eng, v0 = st.companies[0].eng, st.companies[0].vp
    took, _ = play(st, 0, f"I.{tiles[0]}")
    assert took.companies[0].irr_up == [tiles[0]] and took.companies[0].eng == eng and took.used == {}
    assert took.companies[0].vp == v0 and took.tasks[0].kind == "turn"
    points, _ = play(st, 0, "V")
    assert points.companies[0].vp == v0 + vp and points.companies[0].irr_up == []


def test_nile_contract_without_a_visible_tile_gives_the_vp() -> None:
    """Q-N10: if the allowed areas have no tile left, only the VP remain."""
    st = _nile(2)
    _empty_area(st, "IRR_PLAIN")
    st = _fulfil_now(st, 0, "NILE_G")
    assert legal_codes(st, 0) == ["V"]
    st2 = _fulfil_now(_empty_plain(_nile(2)), 0, "NILE_Y")
    assert sorted(legal_codes(st2, 0)) == sorted([f"I.{t}" for t in _visible(st2, "IRR_HILL")] + ["V"])


def _empty_plain(st: State) -> State:
    _empty_area(st, "IRR_PLAIN")
    return st


def _works(st: State, *works: str) -> State:
    st.works = list(works) + [""] * (3 - len(works))
    st.companies[0].exc, st.companies[0].mix = 5, 5
    return st


def test_nile_work_a_up_to_two_flowing_drops_and_two_points() -> None:
    """§13.9 A, Q-N11: up to 2 drops on any headstreams, flowing at once (the player may stop after 0 or 1),
    and +2 irrigation points."""
    st = _works(_nile(2, leeghwater="yes"), "EW_NILE_A")
    _dam(st, 0, "B4U", 0, 2)
    st, _ = play(st, 0, "P.external_work-w1")
    assert legal_codes(st, 0) == ["H.HA", "H.HB", "H.HC", "H.HD", "N"]
    one, _ = play(st, 0, "H.HD")
    assert _wet(one) == {"B4U": 1} and legal_codes(one, 0)[-1] == "N"
    one, _ = play(one, 0, "N")
    assert _wet(one) == {"B4U": 1} and irrigation.points(one, 0) == 2
    two, _ = play(st, 0, "H.HD", "H.HD")
    assert _wet(two) == {"B4U": 2} and two.tasks[0].kind != "drop"
    none, _ = play(st, 0, "N")
    assert _wet(none) == {} and irrigation.points(none, 0) == 2
    c = none.companies[0]
    assert (c.exc, c.mix) == (4, 4) and c.works == ["EW_NILE_A"]


def test_nile_work_b_restores_up_to_two_used_tiles_and_gives_four_energy() -> None:
    """§13.9 B: turn up to 2 used irrigation tiles face up again; +4 on the energy track only."""
    st = _works(_nile(2, leeghwater="yes"), "", "EW_NILE_B")
    _give(st, 0, "IRR_PLAIN_CREDITS", "IRR_HILL_CREDITS", "IRR_MOUNTAIN_CREDITS", down=True)
    st.companies[0].hand = ["C202"]
    st, _ = play(st, 0, "P.external_work-w2")
    assert st.companies[0].energy == 4
    assert legal_codes(st, 0) == ["Z.IRR_PLAIN_CREDITS", "Z.IRR_HILL_CREDITS", "Z.IRR_MOUNTAIN_CREDITS", "N"]
    two, _ = play(st, 0, "Z.IRR_HILL_CREDITS", "Z.IRR_PLAIN_CREDITS")
    c = two.companies[0]
    assert sorted(c.irr_up) == ["IRR_HILL_CREDITS", "IRR_PLAIN_CREDITS"] and c.irr_down == ["IRR_MOUNTAIN_CREDITS"]
    assert two.tasks[0].kind == "activate"  # restored tiles can be used after the main action
    assert c.hand == ["C202"] and c.done == []  # the 4 energy fulfil no contract
    one, _ = play(st, 0, "Z.IRR_MOUNTAIN_CREDITS", "N")
    assert one.companies[0].irr_up == ["IRR_MOUNTAIN_CREDITS"] and len(one.companies[0].irr_down) == 2


def test_nile_work_c_scores_three_plus_visible_vp() -> None:
    """§13.9 C, Q-N21: 3 VP + V, V counted when the work is taken."""
    st = _works(_nile(2, leeghwater="yes"), "", "", "EW_NILE_C")
    st.companies[0].exc, st.companies[0].mix = 3, 3
    st.pile_irrigation["IRR_HILL"][3] = []
    st.pile_irrigation["IRR_PLAIN"][0] = []
    assert irrigation.visible_vp(st) == 3
    vp = st.companies[0].vp
    st, _ = play(st, 0, "P.external_work-w3")
    assert st.companies[0].vp == vp + 6


def _irrigation_used(st: State) -> list[str]:
    return [sp for sp in st.used if sp.startswith("irrigation-")]


def _pumping(st: State) -> State:
    st.buildings = ["pumping_station", "cofferdam", "wind_farm", "research_lab", "development_office"]
    st.bslots = {b: [-1] * 4 for b in st.buildings}
    st.bslots["pumping_station"][0] = 0
    st.companies[0].left[4] -= 1
    return st


def test_pumping_station_irrigates_from_any_own_dam_into_any_area() -> None:
    """§13.10, Q-N9: any own dam (even unconnected), any area, no map irrigation space; the optional second
    irrigation from the same dam while it still has water."""
    st = _pumping(_nile(2, leeghwater="yes"))
    _dam(st, 0, "B1L", 2, 2)  # zone 1: connected to no irrigation area
    assert _irrigation_codes(legal_codes(st, 0)) == []
    eng = st.companies[0].eng
    st, _ = play(st, 0, "P.pumping_station-s0")
    assert st.companies[0].eng == eng - 1  # a normal main action on the building's space
    every = [f"I.{t}" for aid in ("IRR_MOUNTAIN", "IRR_HILL", "IRR_PLAIN") for t in _visible(st, aid)]
    assert legal_codes(st, 0) == every  # single dam chosen automatically; all 12 visible tiles
    st, _ = play(st, 0, "I.IRR_HILL_ENERGY")
    assert _wet(st) == {"B1L": 1}
    assert "N" in legal_codes(st, 0) and "I.IRR_PLAIN_WHEEL" in legal_codes(st, 0)
    st2, _ = play(st, 0, "I.IRR_PLAIN_WHEEL")
    assert _wet(st2) == {} and st2.companies[0].irr_up == ["IRR_HILL_ENERGY", "IRR_PLAIN_WHEEL"]
    assert not _irrigation_used(st2) and st2.tasks[0].kind == "activate"
    st3, _ = play(st, 0, "N")
    assert _wet(st3) == {"B1L": 1} and st3.companies[0].irr_up == ["IRR_HILL_ENERGY"]


def test_pumping_station_second_irrigation_only_from_the_same_dam() -> None:
    """§13.10: the second drop must come from the same dam; a dam left empty ends the action."""
    st = _pumping(_nile(2, leeghwater="yes"))
    _dam(st, 0, "B1L", 1)
    _dam(st, 0, "B4L", 2, 2)
    st, _ = play(st, 0, "P.pumping_station-s0")
    assert legal_codes(st, 0) == ["S.B1L", "S.B4L"]
    st, _ = play(st, 0, "S.B1L", "I.IRR_MOUNTAIN_CREDITS")
    assert _wet(st) == {"B4L": 2} and st.tasks[0].kind != "irrigate"


def test_pumping_station_never_uses_a_neutral_dam() -> None:
    """§13.10 with §13.5: neutral dams cannot be used (Q-N9)."""
    st = _pumping(_nile(2, leeghwater="yes"))
    _dam(st, -1, "B1L")
    assert "P.pumping_station-s0" not in legal_codes(st, 0)
    _dam(st, 0, "B8L")
    assert "P.pumping_station-s0" in legal_codes(st, 0)


@pytest.mark.parametrize(("energy", "rnd", "expected"), [(6, 1, 6), (5, 1, 0), (6, 2, 2), (12, 2, 6)])
def test_bonus_tile_two_vp_per_irrigation_tile(energy: int, rnd: int, expected: int) -> None:
    """§13.12, Q-N19: 2 VP per irrigation tile acquired (face up or down), with the usual energy threshold
    and malus (scoring.bonus_vp)."""
    st = _nile(2)
    st.round = rnd
    st.bonus[rnd - 1] = "BONUS_IRRIGATION_TILE"
    _give(st, 0, "IRR_PLAIN_CREDITS", "IRR_HILL_WHEEL")
    _give(st, 0, "IRR_MOUNTAIN_ENERGY", down=True)
    assert scoring.bonus_count(st, 0, "BONUS_IRRIGATION_TILE") == 3
    assert scoring.bonus_vp(3, 2, energy, rnd) == expected
    st.companies[0].energy = st.companies[1].energy = energy
    before = _vps(st)
    scoring.round_scoring(st)
    awards = scoring.energy_awards([energy, energy])
    assert st.companies[0].vp - before[0] == awards[0] + expected
    assert st.companies[1].vp - before[1] == awards[1]


def test_objective_counts_dam_pieces_in_basins_connected_to_irrigation() -> None:
    """§13.11, Q-N20: every base and elevation of yours in the basins connected to an irrigation area
    (zones 2, 3, 5, 6, 9, 10); not elsewhere, not conduits or powerhouses, not other companies' dams."""
    st = _nile(3)
    st.objective = "OBJ_IRRIGATION_BASINS"
    put(st, 0, "B2U", 3)
    put(st, 0, "B6L", 2)
    put(st, 0, "B10U", 1)
    put(st, 0, "B1L", 3)  # zone 1: no irrigation area
    put(st, 0, "C2L")
    put(st, 0, "P5_0")
    put(st, 1, "B3L", 2)
    put(st, -1, "B9L", 3)
    assert [scoring.objective_count(st, s) for s in range(3)] == [6, 2, 0]
    before = _vps(st)
    st.companies[0].credits = st.companies[1].credits = st.companies[2].credits = 0
    st.companies[0].exc = st.companies[1].exc = st.companies[2].exc = 0
    st.companies[0].mix = st.companies[1].mix = st.companies[2].mix = 0
    scoring.final_scoring(st)
    assert [a - b for a, b in zip(_vps(st), before, strict=True)] == [15, 10, 5]


def test_tommaso_architect_may_irrigate() -> None:
    """§13.5 with Tommaso: the architect can take the 1-engineer irrigation space."""
    st = _nile(2)
    set_officer(st, 0, "tommaso_battista")
    _dam(st, 0, "B2L")
    assert "P.irrigation-mountain-1.a" in legal_codes(st, 0)
    st, _ = play(st, 0, "P.irrigation-mountain-1.a", "I.IRR_MOUNTAIN_CREDITS")
    assert st.companies[0].arch == 0 and st.used["irrigation-mountain-1"] == 0


def test_no_activation_in_the_middle_of_mahiris_action() -> None:
    """§13.6: activation before or after the main action, never in its middle. Mahiri's space (copy an
    officer, then place engineers again at once) is one main action, so the activation belongs before
    the Mahiri placement or after the extra action, not between the copy and the extra placement."""
    st = _nile(2, leeghwater="yes")
    set_officer(st, 0, "mahiri_sekibo")
    st.companies[1].officer = "viktor_fiesler"
    _give(st, 0, "IRR_PLAIN_CREDITS")
    assert "A.IRR_PLAIN_CREDITS" in legal_codes(st, 0)  # before the main action: fine
    st, _ = play(st, 0, "P.officer-mahiri-1", "O.viktor_fiesler")
    assert st.tasks[0].kind == "turn" and st.tasks[0].f == 1  # the extra placement of the same action
    assert not any(c.startswith("A.") for c in legal_codes(st, 0))


def test_activation_before_an_engineer_free_main_action() -> None:
    """§13.6 and Q-N15: the activation may come before the main action, and an engineer-free construction
    (L1 powerhouse / L3 base tile) is a main action, so it may be preceded by an activation."""
    st = _nile(2)
    c = st.companies[0]
    c.eng, c.placed = 0, 12
    c.tiles.append("L1_POWERHOUSE")
    _give(st, 0, "IRR_PLAIN_CREDITS")
    codes = legal_codes(st, 0)
    assert "F.L1_POWERHOUSE" in codes
    assert "A.IRR_PLAIN_CREDITS" in codes
    # the seed: activation is "in addition to the main action", so once activated the build must follow
    st, _ = play(st, 0, "A.IRR_PLAIN_CREDITS")
    after = legal_codes(st, 0)
    assert "F.L1_POWERHOUSE" in after and "X" not in after and not any(x.startswith("A.") for x in after)


def test_an_engineer_free_company_does_not_build_by_tile_before_its_own_build() -> None:
    """A construction tile activated first could use up the company's only possible main action (the
    engineer-free build), so before the main action it is not offered; after the build it is."""
    st = _nile(2)
    c = st.companies[0]
    c.eng, c.placed = 0, 12
    c.tiles.append("L1_POWERHOUSE")
    _give(st, 0, "IRR_PLAIN_CREDITS")
    _give(st, 0, "IRR_PLAIN_CONSTRUCTION")
    assert "IRR_PLAIN_CONSTRUCTION" in activatable(st, 0)  # it could be carried out...
    codes = legal_codes(st, 0)
    assert "A.IRR_PLAIN_CREDITS" in codes and "A.IRR_PLAIN_CONSTRUCTION" not in codes  # ...but not first


def test_after_an_engineer_free_main_action_the_tile_can_be_activated() -> None:
    """Q-N15: an engineer-free construction is a main action; the activation may follow it. A company that
    goes out takes no main action and activates nothing."""
    st = _nile(2)
    c = st.companies[0]
    c.eng, c.placed = 0, 12
    c.tiles.append("L1_POWERHOUSE")
    _give(st, 0, "IRR_PLAIN_CREDITS")
    built, _ = play(st, 0, "F.L1_POWERHOUSE", "S.P8_0")
    assert legal_codes(built, 0) == ["A.IRR_PLAIN_CREDITS", "N"]
    out, _ = play(st, 0, "X")
    assert out.companies[0].out and out.tasks[0].seat == 1 and out.companies[0].irr_up == ["IRR_PLAIN_CREDITS"]


@pytest.mark.parametrize("code", ["I.IRR_HILL_WATER", "A.IRR_PLAIN_CREDITS", "Z.IRR_MOUNTAIN_WHEEL", "V"])
def test_nile_action_codes_round_trip(code: str) -> None:
    """actions.py: the Nile decisions have compact codes I.<tile>, A.<tile>, Z.<tile> and V."""
    assert GAME.encode_action(GAME.decode_action(code)) == code
    assert GAME.describe_action(GAME.decode_action(code))


def test_nile_work_b_without_used_tiles_still_gives_the_energy() -> None:
    """§13.9 B: "up to 2" tiles: with none used there is nothing to turn, the 4 energy still come."""
    st = _works(_nile(2, leeghwater="yes"), "", "EW_NILE_B")
    _give(st, 0, "IRR_PLAIN_CREDITS")
    st, _ = play(st, 0, "P.external_work-w2")
    assert st.companies[0].energy == 4 and st.tasks[0].kind == "activate"


def test_nile_headstream_tiles_replace_the_base_ones() -> None:
    """§13.2 ②, Q-N2: the 8 Nile headstream tiles are used instead of the base ones."""
    st = GAME.setup(4, {"expansion": "nile"}, 9)
    ids = {t["id"] for t in data.map_data("nile").headstream_tiles}
    assert ids == {f"N{i}" for i in range(1, 9)}
    assert set(st.headstream_tiles.values()) <= ids and len(set(st.headstream_tiles.values())) == 4


def test_irrigation_points_per_tile_by_area() -> None:
    """Q-N5 (house): plain tiles are worth 1 irrigation point, hill 2, mountain 3."""
    worth = {"plain": 1, "hill": 2, "mountain": 3}
    assert {t: worth[d["area"]] for t, d in data.IRRIGATION_TILES.items()} == {
        t: d["irrigation_points"] for t, d in data.IRRIGATION_TILES.items()}
    assert sorted(data.IRRIGATION_SCORING.items()) == [(1, -1), (2, -1), (3, -2), (4, -2), (5, -2)]


def test_neutral_dams_on_the_nile_map() -> None:
    """Q-N17: as in the base game, one neutral dam per area on a free downstream site, with a drop."""
    st = GAME.setup(3, {"expansion": "nile"}, 4)
    m = data.map_data(st.map)
    neutral = [d for d, o in st.dam_owner.items() if o == -1]
    assert sorted(m.dams[d]["area"] for d in neutral) == ["hill", "mountain", "plain"]
    assert all(not m.dams[d]["extra_cost_credits"] and st.water[d] == 1 for d in neutral)
