"""Barrage in English and Japanese: the catalogue phrases every event, move and rule error exactly as the
engine does in English, and fully (no unfilled fields, Japanese words) in Japanese; the log lines the state
keeps in English read back into the same messages; the key families match the game's data; both pictures
draw Japanese without missing glyphs; the cog's words come from the catalogue."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import i18n
import i18n.barrage as words
import i18n.text
from cogs.barrage import MENUS, STEPS, menu_for, status_note, step_line
from i18n import catalogue, t
from render._draw import needs_cjk
from render.barrage import render, render_boards
from rules.barrage import AIS, GAME, INFO, data, names
from rules.barrage.actions import decode, space_label
from rules.barrage.state import State
from rules.base import Event, IllegalAction, RulesError, resolve_options
from tests.i18n.tofu import recording_text, tofu

ROOT = Path(__file__).resolve().parents[2]
GAMES: list[tuple[int, int, dict[str, str]]] = [
    (2, 1, {"map": "base"}),
    (3, 2, {"leeghwater": "yes"}),
    (4, 3, {}),
    (2, 4, {"map": "base", "leeghwater": "yes"}),
    (3, 5, {"map": "base", "intro": "yes"}),
    (4, 6, {"leeghwater": "yes"}),
    (2, 7, {"new_officers": "no"}),
    (3, 8, {}),
]
"""(players, seed, options) of the games whose every position is checked: the Nile Affair (default), the
base map, the Leeghwater parts, the introductory set-up."""


@cache
def _positions() -> list[tuple[State, tuple[Event, ...]]]:
    """Every position of the GAMES (moves: mostly the greedy AI, some random), with the events of the move
    that led there."""
    out: list[tuple[State, tuple[Event, ...]]] = []
    for players, seed, options in GAMES:
        rng = random.Random(seed)
        st = GAME.setup(players, resolve_options(INFO, options), seed)
        events: tuple[Event, ...] = ()
        while True:
            out.append((st, events))
            if GAME.result(st) is not None:
                break
            seat = min(GAME.to_act(st))
            legal = GAME.legal_actions(st, seat)
            action = AIS["greedy"].choose(GAME, st, seat, rng) if rng.random() < 0.7 else rng.choice(legal)
            st, new = GAME.apply(st, seat, action)
            events = tuple(new)
    return out


def _events() -> Iterator[Event]:
    for _, events in _positions():
        yield from events


def _japanese(text: str) -> bool:
    return needs_cjk(text) and "{" not in text and "}" not in text


def _no_english(text: str) -> bool:
    """Japanese words, or only numbers and symbols ("{n}VP": VP is the Japanese rulebook's word too)."""
    return needs_cjk(text) or not re.search(r"[A-Za-z]{2,}", text.replace("VP", ""))


def test_enough_positions() -> None:
    assert len(_positions()) > 1500
    seen = {words._message_of(e.data) for e in _events()}
    assert len(seen) >= 30, sorted(seen)


# --------------------------------------------------------------------------- events


def test_event_text_in_english_is_the_engine_sentence() -> None:
    for event in _events():
        assert words.event_text("en", event) == event.text, event


def test_every_event_is_phrased_in_japanese() -> None:
    for event in _events():
        assert event.data.get("msg") in words.MESSAGES, event
        assert _japanese(words.event_text("ja", event)), event


def test_the_boards_log_is_the_games_events_in_the_pictures_language() -> None:
    """The boards picture shows the view's log_events (kind, text, data): worded as the events are."""
    for st, _ in _positions()[::25]:
        view = GAME.view(st, None)
        assert [e["text"] for e in view["log_events"]] == view["log"]
        for e in view["log_events"]:
            shown = Event(e["kind"], e["text"], data=e["data"])
            assert words.event_text("en", shown) == e["text"]
            assert _japanese(words.event_text("ja", shown)), e


# Messages that random games rarely reach, with the data the engine gives them and its English sentence.
RARE: list[tuple[dict[str, Any], str]] = [
    ({"msg": "out", "seat": 1, "company": "italy"}, "Player 2 (Italy) goes out for the round."),
    ({"msg": "take_tile", "seat": 0, "company": "netherlands", "tile": "L3_JOKER"},
     "Player 1 (Netherlands) takes the L3 Joker tile."),
    ({"msg": "contract_vp", "seat": 2, "company": "usa", "vp": 5, "contract": "NILE_Y"},
     "Player 3 (USA) takes 5 VP from the yellow contract for 6 energy (an irrigation tile from plain/hill or 5 VP)."),
    ({"msg": "use_building", "seat": 0, "company": "france", "building": "loan_agency"},
     "Player 1 (France) uses the loan agency."),
    ({"msg": "buy_work", "seat": 1, "company": "germany", "work": "EW_B2"},
     "Player 2 (Germany) buys external work B (4 mixers → 2 VP, 2 free elevations) with credits."),
    ({"msg": "irrigate", "seat": 1, "company": "germany", "dam": "", "tile": "IRR_HILL_CREDITS"},
     "Player 2 (Germany) irrigates and takes the irrigation tile “hill: 4 credits”."),
    ({"msg": "produce", "seat": 0, "company": "usa", "energy": 12, "drops": 2, "dam": "B1L", "conduit": "C1R",
      "powerhouse": "P5_0", "owner": 1, "map": "base"},
     "Player 1 (USA) produces 12 energy with 2 drop(s) via basin 1 lower dam → basin 1 conduit to zone 5 (value 4) → "
     "zone 5 powerhouse space 1, paying 2 credit(s) to Player 2."),
    ({"msg": "build", "seat": 3, "company": "france", "structure": "base", "site": "B9U", "tile": "ANTON_SPECIAL",
      "copy": "BASIC_BASE"}, "Player 4 (France) builds a base on basin 9 upper dam with the Anton Special tile "
      "(as the basic Base tile)."),
    ({"msg": "irrigation_tied"}, "The lead is tied: the leaders score as second and the tile is discarded."),
]


@pytest.mark.parametrize(("info", "text"), RARE)
def test_rare_messages(info: dict[str, Any], text: str) -> None:
    event = Event("x", text, data=info)
    assert words.event_text("en", event) == text
    assert _japanese(words.event_text("ja", event))


def test_every_message_has_a_key_and_an_event_without_data_keeps_its_text() -> None:
    assert all(key in catalogue("en") for key in words.MESSAGES.values())
    old = Event("score", "Seat 1 scores 3 VP for energy ranking.")
    assert words.event_text("ja", old) == old.text
    new_round = Event("round", "Round 2 begins.", data={"msg": "round", "round": 2})
    assert i18n.text.event_text("ja", "barrage", new_round) == "第2ラウンド開始。"


# --------------------------------------------------------------------------- actions


def test_action_text_in_english_is_describe_action() -> None:
    for st, _ in _positions():
        for seat in GAME.to_act(st):
            for action in GAME.legal_actions(st, seat):
                assert words.action_text("en", action) == GAME.describe_action(action), action
                assert _japanese(words.action_text("ja", action)), action


@pytest.mark.parametrize("code", ["K.0.START1", "P.bank-b.3.a", "P.water-d1.a", "P.loan_agency-s1", "F.L3_BASE",
                                  "F.ANTON_SPECIAL.L1_BASE", "X", "T.ANTON_SPECIAL.L2_BASE", "S.B5U", "Y.1.0.3",
                                  "R.B1L.C1R.P5_0.1", "U.C203", "G.C301", "D.C200", "M.1", "H.HB", "L.cofferdam",
                                  "E.EW_A2", "O.jill_mcdowell", "W.3.1.0", "I.IRR_HILL_WATER", "A.IRR_PLAIN_CREDITS",
                                  "Z.IRR_MOUNTAIN_CONSTRUCTION", "V", "N", "B"])
def test_every_kind_of_action(code: str) -> None:
    action = decode(code)
    assert words.action_text("en", action) == GAME.describe_action(action)
    assert _japanese(words.action_text("ja", action))
    assert i18n.text.action_text("ja", "barrage", action) == words.action_text("ja", action)


def test_labels() -> None:
    assert words.irrigation_label("en", "IRR_HILL_CREDITS") == "hill: 4 credits"
    assert words.irrigation_label("ja", "IRR_HILL_CREDITS") == "丘陵：4クレジット"
    assert words.space_label("ja", "turbine-b2c") == "生産+2（技術者3、+3クレジット）"
    assert words.space_label("ja", "nowhere") == "nowhere"


# --------------------------------------------------------------------------- errors


def _errors() -> list[RulesError]:
    """One rule error of each kind the engine raises on purpose."""
    turns = [p for p, _ in _positions() if p.tasks and p.tasks[0].kind == "turn" and p.phase == "actions"]
    turn, tseat = turns[0], turns[0].tasks[0].seat
    end = next(p for p, _ in _positions() if GAME.result(p) is not None)
    attempts: list[Any] = [
        lambda: GAME.apply(turn, (tseat + 1) % turn.players, decode("X")),
        lambda: GAME.apply(end, 0, decode("N")),
        lambda: GAME.apply(turn, tseat, "nonsense"),
        lambda: GAME.apply(turn, tseat, decode("V")),
        lambda: GAME.apply(turn, tseat, decode("P.nowhere")),
        lambda: decode("Q.nothing"),
        lambda: decode("x" * 99),
        lambda: GAME.setup(2, {"map": "nile", "expansion": "none"}, 1),
        lambda: GAME.setup(2, {"intro": "yes", "leeghwater": "yes"}, 1),
    ]
    out = []
    for attempt in attempts:
        with pytest.raises(RulesError) as caught:
            attempt()
        out.append(caught.value)
    # action spaces refused for each reason: too few engineers, taken, too dear, nothing to do there
    for st in turns[::10]:
        seat = st.tasks[0].seat
        legal = set(GAME.legal_actions(st, seat))
        for space in data.SPACES:
            action = decode(f"P.{space}")
            if action not in legal:
                with pytest.raises(RulesError) as caught:
                    GAME.apply(st, seat, action)
                out.append(caught.value)
    return out


def test_rule_errors_have_keys_and_japanese_text() -> None:
    errors = _errors()
    for exc in errors:
        key = exc.fields.get("key")
        assert isinstance(key, str) and key.startswith("barrage.error."), exc
        assert i18n.text.error_text("en", exc) == exc.reason
        assert _japanese(i18n.text.error_text("ja", exc)), exc
    keys = {exc.fields["key"].removeprefix("barrage.error.") for exc in errors}
    assert keys >= {"not_your_turn", "game_over", "not_an_action", "step_turn", "no_such_space", "unknown_code",
                    "not_a_code", "nile_map", "intro_leeghwater", "engineers", "occupied", "not_doable"}, keys


def test_every_step_of_the_engine_has_its_error() -> None:
    from rules.barrage.engine import _EXPECTED

    for words_en, key in _EXPECTED.values():
        assert t("en", key) == f"That move is not possible now: you must {words_en}."
        assert _japanese(t("ja", key))


# --------------------------------------------------------------------------- families of keys


def _family(prefix: str, lang: str = "en") -> dict[str, Any]:
    return {k.removeprefix(prefix): v for k, v in catalogue(lang).items() if k.startswith(prefix)}


def _reward_keys() -> set[str]:
    keys: set[str] = set()
    for company in data.COMPANIES.values():
        for slots in company["income_slots"].values():
            keys |= {k for reward in slots.values() if reward for k in reward}
    for contract in data.CONTRACTS.values():
        keys |= set(contract.get("reward", {}))
        keys |= {k for option in contract.get("reward_options", []) for k in option}
    keys |= {k for work in data.EXTERNAL_WORKS.values() for k in work["reward"]}
    keys |= {k for tile in data.IRRIGATION_TILES.values() for k in tile["effect"]}
    return keys


def _task_kinds() -> set[str]:
    """Every decision step the engine creates (``Task("kind"``), without the automatic ones."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules" / "barrage").glob("*.py"))
    return set(re.findall(r'Task\("([a-z]+)"', code)) - {"rotate", "endcopy"}


AREAS = set(data.map_data("base").areas)
TILE_KINDS = {tid.partition("_")[2] if tid.split("_")[0] in ("BASIC", "L1", "L2", "L3") else tid
              for tid in data.TECH}

FAMILIES: dict[str, set[str]] = {
    words.COMPANY: set(data.COMPANIES),
    words.OFFICER: set(data.OFFICERS),
    words.OFFICER_TITLE: set(data.OFFICERS),
    words.BUILDING: set(data.BUILDINGS),
    words.BUILDING_REF: set(data.BUILDINGS),
    words.STRUCTURE: set(data.STRUCTURES),
    words.TILE: set(data.TECH),
    words.TILE_NAME: set(data.TECH),
    words.STRUCTURE_A: set(data.STRUCTURES),
    words.SITE: set(names.SITE),
    words.CONTRACT_KIND: set(data.PRIVATE_COLOURS) | {"starting", "national"},
    words.AREA: AREAS,
    words.BONUS: set(data.BONUS_TILES),
    words.OBJECTIVE: set(data.OBJECTIVES),
    words.BOARD: {sp["board"] for sp in data.SPACES.values()},
    words.SPACE_REF: set(words.space_ids()),
    words.REWARD: _reward_keys(),
    words.REWARD_ANY: set(names.REWARD_ANY),
    "barrage_pic.tile_kind.": TILE_KINDS,
    "barrage_pic.kind.": {tid.partition("_")[2] for tid in data.TECH},
    "barrage_pic.structure.": set(data.STRUCTURES),
    "barrage_pic.bonus.": set(data.BONUS_TILES),
    "barrage_pic.objective.": set(data.OBJECTIVES),
    "barrage_pic.reward.": _reward_keys(),
    "barrage_pic.step.": _task_kinds(),
    "barrage_pic.board.": {sid.split("-")[0] for sid in data.SPACES},
    "barrage_pic.area.": AREAS,
    "barrage_pic.area_short.": AREAS,
}


@pytest.mark.parametrize("prefix", sorted(FAMILIES))
def test_key_families_match_the_data(prefix: str) -> None:
    assert prefix in i18n.DYNAMIC
    assert set(_family(prefix)) == FAMILIES[prefix]
    assert all(_no_english(v) for v in _family(prefix, "ja").values()), prefix


def test_english_names_are_the_data_and_engine_words() -> None:
    from rules.barrage.actions import _BOARD_NAMES, _tile_name

    assert _family(words.COMPANY) == {c: r["name"] for c, r in data.COMPANIES.items()}
    assert _family(words.OFFICER) == {o: r["name"] for o, r in data.OFFICERS.items()}
    assert _family(words.BUILDING) == {b: r["name"] for b, r in data.BUILDINGS.items()}
    assert _family(words.TILE_NAME) == {tid: _tile_name(tid) for tid in data.TECH}
    assert _family(words.BOARD) == {b: _BOARD_NAMES[b] for b in _family(words.BOARD)}
    # English names things as the rule book and the map do (rules/barrage/names.py), never by id
    assert _family(words.TILE) == {tid: names.tile(tid) for tid in data.TECH}
    assert _family(words.SPACE_REF) == {sid: space_label(sid) for sid in words.space_ids()}
    assert _family(words.BONUS) == names.BONUS
    assert _family(words.OBJECTIVE) == names.OBJECTIVE
    assert _family(words.SITE) == names.SITE
    assert _family(words.REWARD) == names.REWARD
    assert _family(words.REWARD_ANY) == names.REWARD_ANY
    assert _family(words.CONTRACT_KIND) == names.CONTRACT_KIND


def test_japanese_references_repeat_the_labels() -> None:
    """The families that name a space or an irrigation tile in Japanese say what the labels say."""
    assert _family(words.SPACE_REF, "ja") == {s: words.space_label("ja", s) for s in words.space_ids()}
    assert all(words.irrigation_ref("ja", x) == words.irrigation_label("ja", x) for x in data.IRRIGATION_TILES)
    assert _family(words.TILE, "ja") == _family(words.TILE_NAME, "ja")


def test_the_limit_free_rewards_are_the_limited_ones() -> None:
    limited = {k for k, v in _family("barrage_pic.reward.").items() if "≤" in v}
    assert set(_family("barrage_pic.reward_any.")) == limited


def test_lobby_options() -> None:
    assert t("en", "barrage.title") == INFO.title and _japanese(t("ja", "barrage.title"))
    for spec in INFO.options:
        assert t("en", f"barrage.option.{spec.name}.description") == spec.description
        assert _japanese(t("ja", f"barrage.option.{spec.name}.description"))
        for choice in spec.choices:
            assert t("en", f"barrage.option.{spec.name}.choice.{choice}") == choice
            assert _japanese(t("ja", f"barrage.option.{spec.name}.choice.{choice}"))
    names = {k.split(".")[2] for k in catalogue("en") if k.startswith("barrage.option.")}
    assert names == {spec.name for spec in INFO.options}


# --------------------------------------------------------------------------- pictures


def _stop(players: int, seed: int, steps: int | None, options: dict[str, str]) -> State:
    rng = random.Random(seed)
    st = GAME.setup(players, resolve_options(INFO, options), seed)
    k = 0
    while GAME.result(st) is None and (steps is None or k < steps):
        seat = min(GAME.to_act(st))
        st, _ = GAME.apply(st, seat, AIS["greedy"].choose(GAME, st, seat, rng))
        k += 1
    return st


PICTURES = {
    "draft-nile": (3, 1, 0, {}),
    "start-base": (2, 2, 4, {"map": "base"}),
    "mid-nile-leeghwater": (4, 4, 150, {"leeghwater": "yes"}),
    "mid-base-intro": (3, 5, 60, {"map": "base", "intro": "yes"}),
    "end-nile": (3, 2, None, {}),
    "end-base-leeghwater": (2, 6, None, {"map": "base", "leeghwater": "yes"}),
}


@pytest.mark.parametrize("viewer", [None, 1])
@pytest.mark.parametrize("case", sorted(PICTURES))
def test_pictures_draw_japanese_without_tofu(case: str, viewer: int | None) -> None:
    view = GAME.view(_stop(*PICTURES[case]), viewer)
    for draw in (render, render_boards):
        with recording_text() as drawn:
            png = draw(view, viewer_seat=viewer, lang="ja")
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert tofu(drawn) == [], case
        assert any(needs_cjk(text) for text, _ in drawn), case
        english = [text for text, _ in drawn if re.search(r"[a-z]{4,}", text) and not needs_cjk(text)]
        assert english == [], english


def test_english_pictures_are_unchanged_by_the_language_keyword() -> None:
    view = GAME.view(_stop(*PICTURES["mid-nile-leeghwater"]), None)
    for draw in (render, render_boards):
        assert draw(view) == draw(view, lang="en")
        assert draw(view, lang="ja") != draw(view)


# --------------------------------------------------------------------------- the cog


def test_cog_words_come_from_the_catalogue() -> None:
    assert all(key in catalogue("en") for key in [*MENUS.values(), *STEPS.values()])
    st = next(p for p, _ in _positions() if p.tasks and p.tasks[0].kind == "irrigate")
    seat = st.tasks[0].seat
    action = GAME.legal_actions(st, seat)[0]
    assert menu_for(GAME, action) in (t("en", MENUS["S"]), t("en", MENUS["I"]))
    assert _japanese(menu_for(GAME, action, "ja") or "")
    view = GAME.view(st, None)
    assert step_line(view) == f"Step: {t('en', STEPS['irrigate'])}."
    assert _japanese(step_line(view, "ja") or "")


def test_status_note() -> None:
    st = _positions()[200][0]
    session = SimpleNamespace(id="abc123", view=lambda viewer: GAME.view(st, viewer))
    english = status_note(session, 0)  # type: ignore[arg-type]
    company = st.companies[0]
    # the company and its officer by name, not by id ("usa", "wilhelm_adler" before)
    assert english.startswith(f"Barrage `abc123`, round {st.round}. Your company: "
                              f"**{data.COMPANIES[company.company]['name']}** "
                              f"({data.OFFICERS[company.officer]['name']}) · {company.vp} VP")
    assert _japanese(status_note(session, 0, "ja"))  # type: ignore[arg-type]
    assert status_note(session, None, "ja") == f"バラージ `abc123`、第{st.round}ラウンド。"  # type: ignore[arg-type]


def test_errors_name_action_spaces_in_the_readers_language():
    """A refused placement names the space as the boards do, not by its id, in English too."""
    exc = IllegalAction("Produce +2 (2 eng) is already occupied this round.", key="barrage.error.occupied",
                        space="turbine-b2")
    assert i18n.text.error_text("en", exc) == exc.reason
    ja = i18n.text.error_text("ja", exc)
    assert "turbine-b2" not in ja and _japanese(ja)
