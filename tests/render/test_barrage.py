"""The Barrage pictures (map and boards): valid PNGs, portrait, small, and the same bytes every time."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render.barrage import render, render_boards
from render.barrage.map import _IRRIGATION_BOX, _irrigation_label, _layout
from rules.barrage import AIS, GAME, data
from rules.barrage.state import State
from rules.base import play_random_game, resolve_options

BUDGET = 600_000
RENDERERS = {"map": render, "boards": render_boards}


def _play(players: int, seed: int, steps: int | None, options: dict[str, str], ai: str = "random") -> State:
    """A game between computer players, stopped after ``steps`` moves (None = to the end)."""
    rng = random.Random(seed)
    st = GAME.setup(players, resolve_options(GAME.info, options), seed)
    k = 0
    while GAME.result(st) is None and (steps is None or k < steps):
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, AIS[ai].choose(GAME, st, seat, rng))
        k += 1
    return st


CASES: dict[str, tuple[int, int, int | None, dict[str, str], str]] = {
    "draft-2": (2, 1, 0, {"map": "base"}, "random"),
    "mid-2": (2, 2, 40, {"map": "base"}, "random"),
    "mid-3-intro": (3, 3, 70, {"map": "base", "intro": "yes"}, "random"),
    "mid-3-leeghwater": (3, 4, 90, {"map": "base", "leeghwater": "yes"}, "random"),
    "mid-4-greedy": (4, 5, 120, {"map": "base", "leeghwater": "yes"}, "greedy"),
    "mid-4-old-officers": (4, 6, 100, {"map": "base", "new_officers": "no"}, "random"),
    "end-2": (2, 7, None, {"map": "base"}, "random"),
    "end-3-leeghwater": (3, 8, None, {"map": "base", "leeghwater": "yes"}, "random"),
    "end-4-greedy": (4, 9, None, {"map": "base"}, "greedy"),
}


def _check(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(png)).verify()
    w, h = Image.open(io.BytesIO(png)).size
    assert h * 3 >= w * 4, "3:4 portrait or taller"
    assert w >= 800
    assert len(png) < BUDGET
    return w, h


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    return {name: GAME.view(_play(*case), None) for name, case in CASES.items()}


@pytest.mark.parametrize("kind", sorted(RENDERERS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_picture_is_valid_portrait_small_and_deterministic(views: dict[str, dict[str, Any]], case: str,
                                                           kind: str) -> None:
    draw = RENDERERS[kind]
    png = draw(views[case])
    _check(png)
    assert draw(views[case]) == png


@pytest.mark.parametrize("kind", sorted(RENDERERS))
def test_seat_view_marks_the_viewer(kind: str) -> None:
    state = _play(3, 10, 60, {"map": "base"})
    draw = RENDERERS[kind]
    mine = draw(GAME.view(state, 1), viewer_seat=1)
    _check(mine)
    assert mine != draw(GAME.view(state, None))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_random_game_final_state(players: int) -> None:
    """Every player count and option set ends in a picture with the final ranking."""
    for options in ({"map": "base"}, {"map": "base", "leeghwater": "yes"}, {"map": "base", "intro": "yes"}):
        state, _ = play_random_game(GAME, players, 100 + players, options)
        view = GAME.view(state, None)
        assert view["phase"] == "over" and view["final_scores"]
        for draw in RENDERERS.values():
            png = draw(view)
            _check(png)
            assert draw(view) == png


def test_states_along_a_game_all_render() -> None:
    """Every 15th state of a seeded random 4-player game with the Leeghwater parts."""
    rng = random.Random(11)
    st = GAME.setup(4, resolve_options(GAME.info, {"map": "base", "leeghwater": "yes"}), 11)
    k = 0
    while GAME.result(st) is None:
        if k % 15 == 0:
            view = GAME.view(st, None)
            _check(render(view))
            _check(render_boards(view))
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        k += 1


def _nile(view: dict[str, Any]) -> dict[str, Any]:
    """A base view switched to the Nile map (its headstream tiles and options too)."""
    nile = dict(view, map="nile", options=dict(view["options"], map="nile"))
    nile["headstream_tiles"] = {h: f"N{t}" for h, t in view["headstream_tiles"].items()}
    return nile


_IRR_TYPES = ("MACHINERY", "CREDITS", "WATER", "WHEEL", "CONTRACT", "PRODUCTION", "CONSTRUCTION", "ENERGY")


def _irrigated(view: dict[str, Any], empty: frozenset[str] = frozenset(),
               occupied: dict[str, int] | None = None) -> dict[str, Any]:
    """``view`` with a complete irrigation block as the engine gives it for Nile games: stacks of 2 and 1 tiles
    (the slots in ``empty`` emptied), spaces taken as in ``occupied``, scoring tiles won, discarded and open,
    and tiles face up and face down in every company's supply."""
    folder = Path(data.__file__).parent / "data"
    nile_map = json.loads((folder / "map_nile.json").read_text(encoding="utf-8"))
    printed = {s["slot"]: s["vp_visible_when_empty"]
               for s in json.loads((folder / "irrigation.json").read_text(encoding="utf-8"))["stack_printed_vp"]}
    occupied = occupied or {}
    areas = []
    for k, area in enumerate(nile_map["irrigation_areas"]):
        stacks = []
        for i, slot in enumerate(area["layout"]["stack_slots"]):
            count = 0 if slot["id"] in empty else 1 + (i + k) % 2
            vp = printed[slot["id"]]
            top = f"IRR_{area['area'].upper()}_{_IRR_TYPES[(2 * i + k) % 8]}" if count else None
            stacks.append({"slot": slot["id"], "top": top, "count": count, "vp": vp,
                           "vp_visible": 0 if count else vp})
        spaces = [{"id": sp["id"], "red": sp["red_framed"], "occupied_by": occupied.get(sp["id"])}
                  for sp in area["layout"]["action_spaces"]]
        areas.append({"id": area["id"], "area": area["area"], "stacks": stacks,
                      "visible_vp": sum(s["vp_visible"] for s in stacks), "spaces": spaces})
    seats = len(view["companies"])
    status = ["won", "discarded", "open", "open", "open"]
    out = dict(view, bonus_action_used=True, irrigation={
        "areas": areas,
        "visible_vp": sum(a["visible_vp"] for a in areas),
        "scoring_tiles": [{"round": r + 1, "points": -1 if r < 2 else -2, "status": status[r],
                           "winner": 1 if r == 0 else None} for r in range(5)],
        "points": [(3 * s) % 5 for s in range(seats)],
    })
    out["companies"] = [dict(c, irrigation={
        "face_up": [f"IRR_{('PLAIN', 'HILL', 'MOUNTAIN')[j % 3]}_{_IRR_TYPES[(s + j) % 8]}" for j in range(s + 1)],
        "face_down": [f"IRR_HILL_{_IRR_TYPES[(s + 5) % 8]}"] if s % 2 == 0 else [],
        "points": (3 * s) % 5,
        "scoring_tiles": [1] if s == 1 else [],
    }) for s, c in enumerate(view["companies"])]
    return out


@pytest.fixture(scope="module")
def nile_view() -> dict[str, Any]:
    """The engine's own Nile games are still being written: a base game view moved onto the Nile map."""
    return _nile(GAME.view(_play(3, 12, 80, {"map": "base"}), None))


def test_nile_map_draws_from_its_own_data(nile_view: dict[str, Any]) -> None:
    """Without an irrigation block a Nile view still draws (the Nile path, irrigation areas and the spaces in
    use) and differs from the base map."""
    nile = dict(nile_view, occupied_spaces=dict(nile_view["occupied_spaces"], **{"irrigation-hill-1": 0}))
    png = render(nile)
    _check(png)
    _check(render_boards(nile))
    assert png != render(dict(nile_view, map="base"))


def test_nile_map_shows_the_irrigation_stacks_and_spaces(nile_view: dict[str, Any]) -> None:
    full = _irrigated(nile_view)
    png = render(full)
    _check(png)
    assert render(full) == png
    assert png != render(nile_view)
    emptied = render(_irrigated(nile_view, empty=frozenset({"IRR_HILL_S2"})))
    _check(emptied)
    assert emptied != png
    taken = render(_irrigated(nile_view, occupied={"irrigation-plain-2": 2}))
    _check(taken)
    assert taken != png
    everything = _irrigated(nile_view, empty=frozenset(s for a in ("MOUNTAIN", "HILL", "PLAIN") for s in
                                                   (f"IRR_{a}_S{i}" for i in range(1, 5))),
                            occupied={f"irrigation-{a}-{i}": i for a in ("mountain", "hill", "plain") for i in (1, 2)})
    _check(render(everything))


def test_boards_show_the_irrigation_panel(nile_view: dict[str, Any]) -> None:
    full = _irrigated(nile_view)
    png = render_boards(full)
    _check(png)
    assert render_boards(full) == png
    assert png != render_boards(nile_view)
    crowded = _irrigated(nile_view)
    crowded["companies"][0]["irrigation"] = dict(
        crowded["companies"][0]["irrigation"], face_up=[f"IRR_MOUNTAIN_{t}" for t in _IRR_TYPES],
        face_down=[f"IRR_PLAIN_{t}" for t in _IRR_TYPES])
    crowded_png = render_boards(crowded)
    _check(crowded_png)
    assert Image.open(io.BytesIO(crowded_png)).height > Image.open(io.BytesIO(png)).height  # the tiles wrap
    draft = _irrigated(nile_view)  # before the draft ends the engine has no irrigation points yet
    draft["irrigation"]["points"] = None
    draft["companies"] = [dict(c, irrigation=None) for c in draft["companies"]]
    _check(render_boards(draft))


def test_no_irrigation_block_draws_nothing_of_it(views: dict[str, dict[str, Any]],
                                                 nile_view: dict[str, Any]) -> None:
    """Base games (no key, or ``"irrigation": None``) draw exactly as before; so do Nile views without it."""
    for view in (views["mid-3-leeghwater"], nile_view):
        bare = {k: v for k, v in view.items() if k not in ("irrigation", "bonus_action_used")}
        bare["companies"] = [{k: v for k, v in c.items() if k != "irrigation"} for c in view["companies"]]
        none = dict(bare, irrigation=None, bonus_action_used=False)
        none["companies"] = [dict(c, irrigation=None) for c in bare["companies"]]
        for draw in RENDERERS.values():
            assert draw(none) == draw(bare)


def test_irrigation_areas_stay_clear_of_the_map() -> None:
    """The enlarged irrigation boxes cover no headstream, basin, powerhouse zone, zone badge, river line or
    flow arrow of the Nile map."""
    lay = _layout("nile")
    assert set(lay.map.irrigation) == set(_IRRIGATION_BOX)

    def hits(box: tuple[float, float, float, float], other: tuple[float, float, float, float]) -> bool:
        return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]

    solid = [*lay.headstreams.values(), *lay.basins.values(), *lay.ph_zones.values()]
    badges = [(b[0] - 10, b[1] - 10, b[0] + 18, b[1] + 18) for b in [*lay.basins.values(), *lay.ph_zones.values()]]
    lines = []
    for a, b in lay.edges:
        start, end = lay.headstreams.get(a) or lay.dams.get(a) or lay.ph_zones.get(int(a[1:])), None
        if b in lay.exits:
            end = (lay.exits[b][0], lay.size[1] - 10)
        else:
            box = lay.dams.get(b) or lay.ph_zones.get(int(b[1:]))
            end = ((box[0] + box[2]) / 2, box[1])
        lines.append((((start[0] + start[2]) / 2, start[3]), end))
    for box in _IRRIGATION_BOX.values():
        assert not any(hits(box, other) for other in solid + badges)
        for (x0, y0), (x1, y1) in lines:
            points = [(x0 + (x1 - x0) * i / 100, y0 + (y1 - y0) * i / 100) for i in range(101)]
            assert not any(box[0] - 7 < x < box[2] + 7 and box[1] - 7 < y < box[3] + 7 for x, y in points)
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2  # the flow arrow, 13 px around the middle
            assert not hits(box, (mx - 13, my - 13, mx + 13, my + 13))


def test_irrigation_tile_labels() -> None:
    assert _irrigation_label("IRR_PLAIN_MACHINERY") == "2 exc"
    assert _irrigation_label("IRR_HILL_MACHINERY") == "1 exc 1 mix"
    assert _irrigation_label("IRR_PLAIN_CREDITS") == "+3 cr"
    assert _irrigation_label("IRR_MOUNTAIN_WATER") == "3 drops"
    assert _irrigation_label("IRR_PLAIN_WHEEL") == "wheel 1"
    assert _irrigation_label("IRR_PLAIN_CONTRACT") == "contract ≤4"
    assert _irrigation_label("IRR_HILL_PRODUCTION") == "produce +1"
    assert _irrigation_label("IRR_PLAIN_CONSTRUCTION") == "build plain"
    assert _irrigation_label("IRR_HILL_CONSTRUCTION") == "build pl/hill"
    assert _irrigation_label("IRR_MOUNTAIN_CONSTRUCTION") == "build any"
    assert _irrigation_label("IRR_PLAIN_ENERGY") == "+3 energy"


def test_unknown_map_falls_back_to_the_base_geometry() -> None:
    view = GAME.view(_play(2, 13, 10, {"map": "base"}), None)
    _check(render(dict(view, map="atlantis")))


def test_scale_resizes() -> None:
    view = GAME.view(_play(2, 14, 20, {"map": "base"}), None)
    for draw in RENDERERS.values():
        full = Image.open(io.BytesIO(draw(view)))
        half = Image.open(io.BytesIO(draw(view, scale=0.5)))
        assert half.size == (round(full.size[0] / 2), round(full.size[1] / 2))


def test_different_positions_give_different_pictures() -> None:
    a = GAME.view(_play(3, 15, 30, {"map": "base"}), None)
    b = GAME.view(_play(3, 15, 60, {"map": "base"}), None)
    assert render(a) != render(b)
    assert render_boards(a) != render_boards(b)


def test_crowded_view_stays_within_budget() -> None:
    """Every site built, full dams, big hands and tiles: still valid and small."""
    view = GAME.view(_play(4, 16, 150, {"map": "base", "leeghwater": "yes"}), None)
    from rules.barrage import data

    m = data.map_data("base")
    view["dams"] = {d: {"owner": i % 5 - 1, "level": 1 + i % 3} for i, d in enumerate(m.dams)}
    view["water"] = dict(view["water"], **{d: 1 + i % 3 for i, d in enumerate(m.dams)})
    view["conduits"] = {c: i % 4 for i, c in enumerate(m.conduits)}
    view["powerhouses"] = {p: i % 4 for i, p in enumerate(m.powerhouses)}
    c = view["companies"][0]
    c["tiles"] = ["BASIC_BASE", "BASIC_ELEVATION", "BASIC_CONDUIT", "BASIC_POWERHOUSE", "L1_JOKER", "L2_BASE",
                  "L3_CONDUIT", "ANTON_SPECIAL", "L2_BUILDING"]
    c["contracts"] = ["C100", "C201", "C305", "C406", "NILE_R"]
    c["fulfilled"] = ["START1", "C200", "C300", "C400", "C101", "C202"]
    c["wheel"][2] = {"tiles": ["L3_JOKER", "ANTON_SPECIAL"], "excavators": 12, "mixers": 9}
    for draw in RENDERERS.values():
        _check(draw(view))


# --------------------------------------------------------------------------- the view feeds the pictures


def test_the_view_gives_the_final_places_the_pictures_show() -> None:
    """The ranking chips follow the engine's places (``final_ranks``, ties broken by last round's energy):
    the renderer no longer re-derives the tie-break."""
    st = _play(3, 8, None, {"map": "base", "leeghwater": "yes"})
    view = GAME.view(st, None)
    result = GAME.result(st)
    assert result is not None and view["final_ranks"] == list(result.ranks)
    assert GAME.view(_play(3, 8, 30, {"map": "base"}), None)["final_ranks"] is None
    from render.barrage.layout import _ranking

    tied = {**view, "final_scores": [50, 50, 40], "final_ranks": [2, 1, 3]}  # seat 2 won the tie on energy
    assert [(rank, seat) for rank, seat, _ in _ranking(tied)] == [(1, 1), (2, 0), (3, 2)]


def test_building_engineer_spaces_are_in_the_action_spaces() -> None:
    """With the Leeghwater parts, every engineer space of the buildings on the board is listed, named as its
    building and cost say, with its occupant."""
    st = _play(3, 4, 90, {"map": "base", "leeghwater": "yes"})
    view = GAME.view(st, None)
    listed = {sp["id"]: sp for sp in view["action_spaces"] if sp.get("building")}
    expected = {f"{b}-s{i}" for b in view["buildings"] for i in range(len(data.BUILDINGS[b]["engineer_spaces"]))}
    assert set(listed) == expected and expected
    for sid, sp in listed.items():
        assert sp["label"].startswith(data.BUILDINGS[sp["building"]]["name"]) and sid not in sp["label"]
        assert sp["occupied_by"] == st.used.get(sid)


def test_the_map_picture_reads_the_engine_map_data_not_the_json() -> None:
    """Headstream boxes and exits come from MapData (rules/barrage/data.py), which holds the JSON's values."""
    import render.barrage.map as module

    for name in ("base", "nile"):
        raw = json.loads((Path(data.__file__).parent / "data" / f"map_{name}.json").read_text(encoding="utf-8"))
        m = data.map_data(name)
        assert m.headstream_boxes == {h["id"]: (h["x"], h["y"], h["x"] + h["w"], h["y"] + h["h"])
                                      for h in raw["headstreams"]}
        assert m.exit_points == {e["id"]: (e["x"], e["y"]) for e in raw["exits"]}
        assert _layout(name).headstreams == m.headstream_boxes and _layout(name).exits == m.exit_points
    assert not hasattr(module, "json")


def test_the_map_says_the_last_move_in_the_pictures_language(views: dict[str, dict[str, Any]]) -> None:
    """A "last move" line over the map: the latest log line, worded as the thread words it (wrapped when long)."""
    import i18n.barrage as words
    from rules.base import Event
    from tests.i18n.tofu import recording_text

    view = views["mid-3-leeghwater"]
    latest = view["log_events"][-1]
    event = Event(latest["kind"], latest["text"], data=latest["data"])
    for lang, label in (("en", "Last move: "), ("ja", "直前の手：")):
        with recording_text() as drawn:
            render(view, lang=lang)
        # The line may wrap onto a second line (it is drawn in phone-sized type): read the lines together.
        shown = "".join(text for text, _ in drawn).replace(" ", "")
        assert (label + words.event_text(lang, event)).replace(" ", "") in shown
    with recording_text() as drawn:
        render(views["draft-2"])
    assert not any(text.startswith("Last move") for text, _ in drawn)  # nothing has happened yet


def test_bank_use_is_in_the_view_and_on_the_boards() -> None:
    """The bank is shared: the view says how many engineers each company put there this round (none after
    the round ends), and the boards picture shows it."""
    st = GAME.setup(2, resolve_options(GAME.info, {"map": "base"}), 1)
    rng = random.Random(1)
    while st.phase == "draft":
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert GAME.view(st, None)["bank"] == [0, 0]
    seat = min(GAME.to_act(st))
    before = render_boards(GAME.view(st, None))
    st, _ = GAME.apply(st, seat, GAME.decode_action("P.bank-b.2"))
    view = GAME.view(st, None)
    assert view["bank"][seat] == 2 and view["bank"][1 - seat] == 0
    assert render_boards(view) != before
    rnd = st.round
    while st.round == rnd and GAME.result(st) is None:
        s = min(GAME.to_act(st))
        st, _ = GAME.apply(st, s, rng.choice(GAME.legal_actions(st, s)))
    assert GAME.view(st, None)["bank"] == [0, 0]
