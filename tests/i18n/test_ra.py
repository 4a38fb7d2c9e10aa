"""Ra in English and Japanese: the catalogue phrases every event, move and rule error exactly as the
engine does in English, and fully (no English left, no unfilled fields) in Japanese; its key
families match the game's data; the picture draws Japanese without missing glyphs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest

import i18n
import i18n.text
from cogs.ra import _menu_for, bid_prompt
from i18n import catalogue, t
from i18n.ra import action_text, error_fields, event_line, event_text, result_note, title
from i18n.text import error_text
from render._draw import needs_cjk
from render.ra import render
from rules.base import Event, GameOver, RulesError
from rules.ra import GAME, actions
from rules.ra.actions import DRAW, INVOKE, PASS, STOP, Bid, Discard, UseGod
from rules.ra.data import TILE_IDS, TILE_NAMES
from rules.ra.engine import INFO
from rules.ra.scoring import epoch_breakdown
from rules.ra.state import AUCTION, DISASTER, GODS, PLAY, RaState, deep_copy
from rules.ra.turns import PHASE_ERRORS, PHASE_MOVES, phase_error
from tests.i18n.distinct_errors import distinct
from tests.i18n.tofu import recording_text, tofu
from tests.rules.ra.fixtures import position

GAMES = [(players, seed, "on" if seed % 3 == 0 else "off") for players in (3, 4, 5) for seed in range(1, 10)]
"""(players, seed, hidden fame) of the random games whose every position is checked."""
SUNS3 = [[13, 8, 5, 2], [12, 9, 6, 3], [11, 10, 7, 4]]


@cache
def _positions() -> list[tuple[RaState, int | None, tuple[Event, ...]]]:
    """Every position of the GAMES played with random legal moves: (state, seat to act or None at
    the end, the events of the move that led there)."""
    out: list[tuple[RaState, int | None, tuple[Event, ...]]] = []
    for players, seed, hidden in GAMES:
        rng = random.Random(seed)
        s = GAME.setup(players, {"hidden_fame": hidden}, seed)
        events: tuple[Event, ...] = tuple(s.log)
        while True:
            acting = GAME.to_act(s)
            out.append((s, min(acting) if acting else None, events))
            if not acting:
                break
            (seat,) = acting
            s, new = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            events = tuple(new)
    return out


def _events() -> Iterator[Event]:
    for _, _, events in _positions():
        yield from events


def _japanese(text: str) -> bool:
    return needs_cjk(text) and "{" not in text and "}" not in text


def test_enough_positions() -> None:
    assert len(_positions()) > 2000
    kinds = {e.kind for e in _events()}
    assert kinds >= {"start", "draw", "invoke", "bid", "pass", "win", "disaster", "god", "score", "epoch", "end",
                     "suns_used", "no_bid"}, kinds


# --------------------------------------------------------------------------- events and moves


def test_event_text_in_english_is_the_engine_sentence() -> None:
    for event in _events():
        assert event_text("en", event) == event.text, event


def test_event_text_in_japanese_is_complete() -> None:
    for event in _events():
        ja = event_text("ja", event)
        assert ja != event.text and _japanese(ja), (event, ja)


def test_rare_events_are_phrased_too() -> None:
    """Lines a random game seldom reaches, from the engine itself: a full Ra track, a full auction
    track discarded, a tie at the end."""
    s = position(3, up=SUNS3, turn=0, ra_count=7, bag=["ra"])
    _, events = GAME.apply(s, 0, DRAW)
    s = position(3, up=SUNS3, turn=0, track=["gold"] * 5 + ["nile"] * 3)
    s, more = GAME.apply(s, 0, INVOKE)
    for seat in (1, 2, 0):
        s, passed = GAME.apply(s, seat, PASS)
        more += passed
    tie = Event("end", "Game over: Player 1 and Player 3 share the win with 40 fame.", None,
                {"winners": [0, 2], "fame": 40})
    rare = [*events, *more, tie]
    assert {e.kind for e in rare} >= {"ra_full", "discard_track", "end"}
    for event in rare:
        assert event_text("en", event) == event.text
        assert _japanese(event_text("ja", event)), event


def test_events_that_cannot_be_phrased_keep_their_english_sentence() -> None:
    """An event stored before its data had every field, or of an unknown kind, is never an error."""
    old = Event("draw", "Player 1 drew Ra (1/8).", None, {"seat": 0, "tile": "ra"})
    assert event_text("ja", old) == old.text
    assert event_text("ja", Event("mystery", "Something happened.")) == "Something happened."
    assert event_line("ja", "bid", {"seat": 1, "disk": 9}) == "プレイヤー2が9で入札しました。"


def test_result_note_in_both_languages() -> None:
    result = GAME.result(_positions()[-1][0])
    assert result is not None and result.note
    assert result_note("en", result.note) == result.note
    assert _japanese(result_note("ja", result.note))
    assert result_note("ja", "") == ""


def test_action_labels_in_english_are_the_engine_descriptions() -> None:
    for s, seat, _ in _positions():
        if seat is None:
            continue
        for action in GAME.legal_actions(s, seat):
            assert action_text("en", action) == GAME.describe_action(action)
            assert _japanese(action_text("ja", action)), action


def test_every_possible_action_has_a_label() -> None:
    every = [DRAW, INVOKE, STOP, PASS, *(Bid(disk=d) for d in range(1, 17)),
             *(UseGod(tile=x) for x in TILE_IDS), *(Discard(tile=x) for x in TILE_IDS)]
    for action in every:
        assert action_text("en", action) == GAME.describe_action(action)
        assert _japanese(action_text("ja", action))
    assert i18n.text.action_text("ja", "ra", Bid(disk=13)) == "13で入札"


# --------------------------------------------------------------------------- rule errors


def _errors() -> list[RulesError]:
    """Rule errors raised by the engine: every move of a broad pool tried by every seat at a sample
    of the random games' positions, plus unreadable codes and a move after the end."""
    pool: list[Any] = [DRAW, INVOKE, STOP, PASS, *(Bid(disk=d) for d in (1, 2, 5, 9, 13, 16)),
                       *(UseGod(tile=x) for x in TILE_IDS), *(Discard(tile=x) for x in TILE_IDS),
                       UseGod(tile="no_such_tile"), Bid(disk="13"), "not an action"]  # type: ignore[arg-type]
    found: list[RulesError] = []
    positions = _positions()
    for s, _, _ in positions[::23]:
        for seat in range(s.players):
            for action in pool:
                try:
                    GAME.apply(s, seat, action)
                except RulesError as exc:
                    found.append(exc)
    for code in ("zzz", "g.unknown", "b99x", 5):
        try:
            GAME.decode_action(code)  # type: ignore[arg-type]
        except RulesError as exc:
            found.append(exc)
    try:
        actions.encode("not an action")  # type: ignore[arg-type]
    except RulesError as exc:
        found.append(exc)
    full = position(3, up=SUNS3, turn=0, track=["gold"] * 5 + ["nile"] * 3)
    empty = position(3, up=SUNS3, turn=0)
    empty.drawn = len(empty.bag)
    built = [(full, 0), (empty, 0), (_disaster_position(), 1), (_gods_position(), 0)]
    for s, seat in built:
        for action in pool:
            try:
                GAME.apply(s, seat, action)
            except RulesError as exc:
                found.append(exc)
    end = positions[-1][0]
    with pytest.raises(GameOver) as over:
        GAME.apply(end, 0, DRAW)
    return [*found, over.value]


def test_rule_errors_have_catalogue_messages_in_both_languages() -> None:
    errors = distinct(_errors())
    keys = {exc.fields.get("key") for exc in errors}
    assert None not in keys, [exc.reason for exc in errors if "key" not in exc.fields][:5]
    wanted = {k for k in catalogue("en") if k.startswith("ra.error.") and not k.startswith("ra.error.phase.")}
    wanted |= {f"ra.error.phase.{situation}.{move}" for situation, moves in (
        ("auction", ("draw", "invoke", "god")), ("disaster", PHASE_MOVES), ("gods", ("draw", "invoke", "bid", "pass")),
        ("other", ("bid", "pass"))) for move in moves}  # every wrong-phase refusal a move can meet
    assert not wanted - keys, sorted(wanted - keys)
    for exc in errors:
        assert i18n.text.error_text("en", exc) == exc.reason, exc.fields
        assert error_text("en", exc) == exc.reason, exc.fields
        ja = error_text("ja", exc)
        assert ja != exc.reason and _japanese(ja), (exc.reason, ja)
        assert _japanese(i18n.text.error_text("ja", exc))


def _disaster_position() -> RaState:
    """Seat 1 has won Unrest and must choose which of three civilisations it takes."""
    s = position(3, up=SUNS3, turn=0, track=["unrest"], held={1: {"civ_art": 1, "civ_writing": 2, "civ_religion": 1}})
    s, _ = GAME.apply(s, 0, INVOKE)
    s, _ = GAME.apply(s, 1, Bid(disk=12))  # seat 2 can't beat it and passes by itself
    s, _ = GAME.apply(s, 0, PASS)
    assert s.phase == DISASTER
    return s


def _gods_position() -> RaState:
    """Seat 0 has used one of its two gods and may take another tile or stop."""
    s = position(3, up=SUNS3, turn=0, track=["gold", "pharaoh", "nile"], held={0: {"god": 2}})
    s, _ = GAME.apply(s, 0, UseGod(tile="gold"))
    assert s.phase == GODS
    return s


def test_disaster_choice_error_names_tiles_in_the_language() -> None:
    s = _disaster_position()
    with pytest.raises(RulesError) as info:
        GAME.apply(s, 1, Discard(tile="pharaoh"))
    exc = info.value
    assert error_text("en", exc) == exc.reason == i18n.text.error_text("en", exc)
    assert "Unrest can't take Pharaoh" in exc.reason
    ja = error_text("ja", exc)
    assert "暴動" in ja and "ファラオ" in ja and "芸術" in ja, ja
    assert error_fields("ja", exc.fields)["choice_names"].count("、") == 2


def test_wrong_phase_messages_are_the_engine_sentences() -> None:
    base = GAME.setup(3, {}, 1)
    phases = {AUCTION: AUCTION, DISASTER: DISASTER, GODS: GODS, "other": PLAY}
    for situation in PHASE_ERRORS:
        for move in PHASE_MOVES:
            s = deep_copy(base)
            s.phase = phases[situation]
            exc = phase_error(s, move)
            assert exc.fields["key"] == f"ra.error.phase.{situation}.{move}"
            assert error_text("en", exc) == exc.reason
            assert _japanese(error_text("ja", exc))


# --------------------------------------------------------------------------- key families


def _family(prefix: str) -> dict[str, Any]:
    return {k[len(prefix):]: v for k, v in catalogue("en").items() if k.startswith(prefix)}


def test_tile_names_are_exactly_the_tiles() -> None:
    assert _family("ra.tile.") == dict(zip(TILE_IDS, TILE_NAMES, strict=True))
    assert set(_family("ra.tile_short.")) == set(TILE_IDS)


def test_score_items_are_exactly_the_scoring_items() -> None:
    held = [[1] * len(TILE_IDS) for _ in range(3)]
    items = set(epoch_breakdown(held, [10, 20, 30])[0]) - {"total"}
    assert set(_family("ra.score_item.")) == items


def test_wrong_phase_keys_are_exactly_the_situations_and_moves() -> None:
    assert set(_family("ra.error.phase.")) == {f"{p}.{m}" for p in PHASE_ERRORS for m in PHASE_MOVES}


def test_lobby_texts_are_exactly_the_options() -> None:
    expected = {}
    for option in INFO.options:
        expected[f"{option.name}.description"] = option.description
        expected.update({f"{option.name}.choice.{value}": value for value in option.choices})
    assert _family("ra.option.") == expected
    assert title("en") == INFO.title
    assert title("ja") == "ラー"
    assert _japanese(t("ja", "ra.title") + t("ja", "ra.option.hidden_fame.description"))


def test_the_families_are_declared() -> None:
    import render.ra  # noqa: F401  (declares the picture's labels)

    for prefix in ("ra.tile.", "ra.tile_short.", "ra.option.", "ra.score_item.", "ra.error.phase."):
        assert prefix in i18n.DYNAMIC


# --------------------------------------------------------------------------- the cog's words


def test_bid_prompt_in_both_languages() -> None:
    s = position(3, up=SUNS3, turn=0, track=["gold", "civ_art"])
    s, _ = GAME.apply(s, 0, INVOKE)
    s, _ = GAME.apply(s, 1, Bid(disk=9))
    session = SimpleNamespace(id="abc123", view=lambda seat: GAME.view(s, seat))
    en = bid_prompt(session, 2, "en")  # type: ignore[arg-type]
    assert en == ("**Ra** · game `abc123` · epoch 1 · auction\nUp for auction: Gold, Art\n"
                  "The bid to beat is **9**. Your face-up suns: 11 10 7 4. Choose your bid:")
    ja = bid_prompt(session, 2, "ja")  # type: ignore[arg-type]
    assert "金、芸術" in ja and "**9**" in ja and _japanese(ja)
    assert _menu_for(UseGod(tile="gold")) == "Use a god to take…"
    assert _japanese(_menu_for(Discard(tile="gold"), "ja") or "")
    assert _menu_for(DRAW, "ja") is None


# --------------------------------------------------------------------------- the picture


def _state_in(phase: str, players: int | None = None, hidden: bool = False) -> RaState:
    """The first position of the random games in ``phase`` (with that many players, if given)."""
    for s, _, _ in _positions():
        if s.phase == phase and players in (None, s.players) and s.hidden_fame == hidden:
            return s
    raise AssertionError(f"no {phase} position with {players} players")


PICTURES = {
    "start": lambda: GAME.setup(4, {}, 3),
    "auction": lambda: _state_in(AUCTION, 5),
    "disaster": _disaster_position,
    "gods": _gods_position,
    "hidden": lambda: _state_in(PLAY, 4, hidden=True),
    "end": lambda: _positions()[-1][0],
}


@pytest.mark.parametrize("case", sorted(PICTURES))
def test_japanese_picture_has_no_missing_glyphs(case: str) -> None:
    s = PICTURES[case]()
    for viewer in (None, 0, s.players - 1):
        view = GAME.view(s, viewer)
        with recording_text() as drawn:
            render(view, viewer_seat=viewer, lang="ja")
        assert tofu(drawn) == []
        assert any(needs_cjk(text) for text, _ in drawn)
        english = [text for text, _ in drawn if any(w in text for w in ("Player", "Epoch", "Fame", "Auction"))]
        assert english == [], english


def test_english_picture_is_the_default() -> None:
    view = GAME.view(_state_in(AUCTION, 5), 1)
    assert render(view, viewer_seat=1, lang="en") == render(view, viewer_seat=1)
    with recording_text() as drawn:
        render(view, viewer_seat=1)
    assert not any(needs_cjk(text) for text, _ in drawn)
