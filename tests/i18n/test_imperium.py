"""Imperium in English and Japanese: events, moves, errors, lobby texts and the picture.

English must stay word for word what the engine says (``Event.text``, ``describe_action``, error
reasons); Japanese must be complete (no template braces left) and drawn without missing glyphs.
"""

from __future__ import annotations

import itertools
import random
import re
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest

import i18n
from cogs.imperium import _check_can_choose
from host.errors import HostError
from i18n import catalogue, t
from i18n.imperium import OPTION, action_text, event_text, pick_list, result_note
from i18n.text import error_text
from render._draw import needs_cjk
from render.imperium import render
from rules.base import Event, RulesError, resolve_options
from rules.imperium import AIS, ALL_PLAYS, GAME, INFO, ImperiumState, Play, play_from_picks
from tests.i18n.tofu import recording_text, tofu

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _random_games(count: int) -> list[tuple[ImperiumState, list[Event]]]:
    """(state, events that led to it) for every state of ``count`` seeded games: all table sizes, both
    variants, random and greedy seats (greedy play runs players short of markers more often)."""
    out: list[tuple[ImperiumState, list[Event]]] = []
    for seed in range(count):
        rng = random.Random(seed)
        players = 2 + seed % 4
        variant = "race30" if seed % 3 == 0 else "standard"
        state = GAME.setup(players, resolve_options(INFO, {"variant": variant}), seed)
        out.append((state, list(state.events)))
        while GAME.result(state) is None:
            for seat in sorted(GAME.to_act(state)):
                ai = AIS["greedy"] if (seat + seed) % 2 else AIS["random"]
                state, events = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
                out.append((state, events))
    return out


GAMES = _random_games(100)


def test_the_games_cover_every_kind_of_event() -> None:
    kinds = {e.kind for _, events in GAMES for e in events}
    assert kinds == {"round", "chose", "my_choice", "reveal", "place", "shortage", "resolve", "end"}
    assert len(GAMES) > 2000
    assert any(e.kind == "place" and e.data["shortage"] for _, events in GAMES for e in events)
    assert any(e.kind == "end" and len(e.data["winners"]) > 1 for _, events in GAMES for e in events)


def test_english_events_are_the_engines_sentences() -> None:
    for _, events in GAMES:
        for event in events:
            assert event_text("en", event) == event.text, event.kind


def test_japanese_events_are_complete() -> None:
    seen = set()
    for _, events in GAMES:
        for event in events:
            text = event_text("ja", event)
            assert text and "{" not in text and "}" not in text, text
            assert JAPANESE.search(text), text
            assert "Player" not in text and "region" not in text, text
            seen.add(event.kind)
    assert len(seen) == 8


def test_an_event_without_its_new_fields_falls_back_to_english() -> None:
    # A game saved before "chose" carried its counts still reads (in English) rather than failing.
    old = Event("chose", "Player 1 has chosen (1 of 3).", data={"seat": 0, "round": 1})
    assert event_text("ja", old) == old.text


def _every_play() -> list[Any]:
    """Every legal action (the 165 canonical plays), each in every card order, and unreadable ones."""
    plays: list[Any] = []
    for play in ALL_PLAYS:
        for regions in set(itertools.permutations(play.regions)):
            for banners in set(itertools.permutations(play.banners)):
                plays.append(Play(regions, banners))
    return [*plays, Play((1, 2, 3, 4), ()), Play((5, 5), (5,)), Play((), (5, 5, 5)), "p123", None]


def test_legal_actions_are_the_165_plays() -> None:
    for state, _ in GAMES[:200]:
        for seat in GAME.to_act(state):
            assert GAME.legal_actions(state, seat) == list(ALL_PLAYS)


def test_actions_in_both_languages() -> None:
    for action in _every_play():
        if isinstance(action, Play):
            assert action_text("en", action) == GAME.describe_action(action)
        else:
            assert action_text("en", action) == "An unreadable play"
        text = action_text("ja", action)
        assert text and "{" not in text and "}" not in text and JAPANESE.search(text), text


def test_japanese_action_examples() -> None:
    assert action_text("ja", Play((5, 7), (5,))) == "地域5・5・7（旗印カード1枚を5に）"
    assert action_text("ja", Play((9,), (9, 9))) == "地域9・9・9（旗印カード2枚を9に）"
    assert action_text("ja", Play((1, 2, 3), ())) == "地域1・2・3"


def _errors() -> list[BaseException]:
    """One instance of every error the engine and the cog raise on purpose."""
    out: list[BaseException] = []

    def catch(call: Any, *args: Any) -> None:
        try:
            call(*args)
        except (RulesError, HostError) as exc:
            out.append(exc)
        else:
            raise AssertionError(f"{call.__name__}{args} did not raise")

    state = GAME.setup(3, {"variant": "standard"}, 1)
    for action in [
        Play((1, 2, 3, 4), ()), Play((5, 5, 7), ()), Play((5, 5, 5), ()), Play((5, 6), (7,)),
        Play((), (5, 5, 5)), Play((1, 2, 10), ()), Play((True, 2, 3), ()), Play((1, 2), (True,)), "p123",
    ]:
        catch(GAME.apply, state, 1, action)
    catch(GAME.apply, state, 7, ALL_PLAYS[0])
    chosen, _ = GAME.apply(state, 0, ALL_PLAYS[0])
    catch(GAME.apply, chosen, 0, ALL_PLAYS[0])
    final = next(s for s, _ in GAMES if GAME.result(s) is not None)
    catch(GAME.apply, final, 0, ALL_PLAYS[0])
    for code in ["x", "p555", 5]:
        catch(GAME.decode_action, code)
    for picks in [(1, 2), (1, 2, 10), ("a", 1, 2)]:
        catch(play_from_picks, picks)

    def session(status: str, acting: set[int]) -> Any:
        return SimpleNamespace(status=status, view=lambda seat: {"round": 3}, to_act=lambda: acting,
                               id="ab12", record=SimpleNamespace(game="imperium"))

    catch(_check_can_choose, session("finished", set()), 0, 3, False)
    forged = session("active", {0})
    forged.record = SimpleNamespace(game="ra")  # a picker id naming another game's session
    catch(_check_can_choose, forged, 0, 3, False)
    catch(_check_can_choose, session("active", {0}), None, 3, False)
    catch(_check_can_choose, session("active", {0}), 0, 2, False)
    catch(_check_can_choose, session("active", {1}), 0, 3, False)
    return out


ERRORS = _errors()


@pytest.mark.parametrize("exc", ERRORS, ids=lambda e: e.fields.get("key", "?"))
def test_errors_in_both_languages(exc: Any) -> None:
    key = exc.fields.get("key")
    assert isinstance(key, str) and key.startswith("imperium.error.") and key in catalogue("en"), exc.reason
    assert error_text("en", exc) == exc.reason
    text = error_text("ja", exc)
    assert text != exc.reason and JAPANESE.search(text) and "{" not in text, text


def test_every_error_key_is_raised() -> None:
    raised = {e.fields["key"] for e in ERRORS}
    assert raised == {k for k in catalogue("en") if k.startswith("imperium.error.")}


def test_the_picker_words() -> None:
    # What the picker said before the catalogue existed.
    assert pick_list("en", "") == "nothing yet"
    assert pick_list("en", "557") == "region 5 ×2 (with a banner), region 7"
    assert pick_list("en", "999") == "region 9 ×3 (with both banners)"
    assert pick_list("en", "123") == "region 1, region 2, region 3"
    assert pick_list("ja", "557") == "第5地域×2（旗印カード1枚）、第7地域"


def test_lobby_texts_and_result_note() -> None:
    assert t("en", "imperium.title") == INFO.title
    for option in INFO.options:
        assert t("en", f"{OPTION}{option.name}.description") == option.description
        for value in option.choices:
            assert t("en", f"{OPTION}{option.name}.choice.{value}") == value
            assert JAPANESE.search(t("ja", f"{OPTION}{option.name}.choice.{value}"))
    final = next(s for s, _ in GAMES if GAME.result(s) is not None)
    note = GAME.result(final).note
    assert result_note("en", note) == note
    assert JAPANESE.search(result_note("ja", note))


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_option_family_is_exactly_the_games_options(lang: str) -> None:
    assert OPTION in i18n.DYNAMIC
    expected = set()
    for option in INFO.options:
        expected.add(f"{OPTION}{option.name}.description")
        expected |= {f"{OPTION}{option.name}.choice.{value}" for value in option.choices}
    assert {k for k in catalogue(lang) if k.startswith(OPTION)} == expected


def _stages() -> dict[str, ImperiumState]:
    finished = [s for s, _ in GAMES if GAME.result(s) is not None]
    middle = [s for s, _ in GAMES if s.round == 5 and any(s.choices) and not all(s.choices)]
    race = [s for s, _ in GAMES if s.variant == "race30" and s.round > 9 and not s.finished]
    start = GAME.setup(5, {"variant": "standard"}, 3)
    return {
        "start": start,
        "middle": middle[0],
        "middle5": next(s for s in middle if s.players == 5),
        "race": race[0],
        "end": finished[0],
        "end5": next(s for s in finished if s.players == 5),
    }


STAGES = _stages()


@pytest.mark.parametrize("stage", sorted(STAGES))
@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_the_picture_in_japanese_has_no_missing_glyphs(stage: str, viewer: int | None) -> None:
    view = GAME.view(STAGES[stage], viewer)
    view["names"] = ["アリス", "Bob", "長い名前のプレイヤーさん", "d", "e"][: view["seats"]]
    with recording_text() as drawn:
        png = render(view, viewer_seat=viewer, lang="ja")
    assert png.startswith(b"\x89PNG")
    assert tofu(drawn) == []
    words = [text for text, _ in drawn if needs_cjk(text)]
    assert any(JAPANESE.search(w) for w in words)
    # every word is from the Japanese catalogue: no English word of the board is left
    english = {v for k, v in catalogue("en").items() if k.startswith("imperium.board.") and isinstance(v, str)}
    assert not [text for text, _ in drawn if text in english and re.search("[A-Za-z]", text)]


def test_the_english_picture_is_unchanged_by_the_lang_keyword() -> None:
    view = GAME.view(STAGES["middle5"], 0)
    assert render(view, viewer_seat=0) == render(view, viewer_seat=0, lang="en")


def test_event_data_round_trips_through_json() -> None:
    # Event data is stored with the state: the new fields must survive the JSON round trip.
    state = next(s for s, _ in GAMES if s.finished)
    back = msgspec.json.decode(msgspec.json.encode(state), type=ImperiumState)
    assert [event_text("ja", e) for e in back.events] == [event_text("ja", e) for e in state.events]
