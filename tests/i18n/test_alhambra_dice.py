"""Alhambra: The Dice Game in English and Japanese.

English must stay exactly what the engine says (events, move labels, errors, the result note); Japanese
must always be worded (no template braces, no English fallback) and drawn without missing glyphs.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any
from unittest import mock

import discord
import pytest

import i18n
from i18n import alhambra_dice as words
from i18n import catalogue
from i18n.text import action_text as generic_action_text
from i18n.text import event_text as generic_event_text
from render.alhambra_dice import render
from rules.alhambra_dice import GAME
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
from rules.alhambra_dice.data import BUILDINGS, CHIPS, NB, NCELLS, NTILES, START_CHIP, TILE_WALLS, chip_label
from rules.alhambra_dice.dice import target
from rules.alhambra_dice.engine import INFO
from rules.alhambra_dice.rounds import award
from rules.alhambra_dice.state import State
from rules.base import Event, RulesError, clone
from rules.rng import RNG_MT
from tests.i18n.distinct_errors import distinct
from tests.i18n.tofu import recording_text, tofu

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
GAMES = [(version, players, seed) for version in ("basic", "alcazaba") for players in (2, 3, 4, 6) for seed in (1, 2)]


def _ja_ok(text: str) -> bool:
    return "{" not in text and "}" not in text and bool(JAPANESE.search(text))


@cache
def _played(version: str, players: int, seed: int) -> tuple[tuple[State, ...], tuple[Event, ...]]:
    """Every state (before each move, and the last) and every event of one random game."""
    rng = random.Random(seed)
    st = GAME.setup(players, {"version": version}, seed, rng=RNG_MT)  # these seeds reach every error on generator 1
    states, events = [st], []
    while GAME.result(st) is None:
        st, ev = GAME.apply(st, st.seat, rng.choice(GAME.legal_actions(st, st.seat)))
        states.append(st)
        events += ev
    return tuple(states), tuple(events)


def _all_states() -> list[State]:
    return [st for game in GAMES for st in _played(*game)[0]]


def _dummy_start_event() -> Event:
    """The dummy taking the start-player chip: rare in random games, so built directly."""
    st = GAME.setup(2, {"version": "basic"}, 1)
    st.col = 2
    st.fields[2] = START_CHIP
    ev: list[Event] = []
    award(st, st.dummy, True, 2, ev)
    assert ev[-1].kind == "start"
    return ev[-1]


def _all_events() -> list[tuple[Event, int]]:
    """(event, dummy seat) of every game, plus the rare ones."""
    out = [
        (e, 2 if players == 2 else -1) for version, players, seed in GAMES for e in _played(version, players, seed)[1]
    ]
    return [*out, (_dummy_start_event(), 2)]


def _keys_used(run: Any) -> set[str]:
    """The catalogue keys ``run()`` words its text with."""
    used: set[str] = set()
    real = words.t

    def spy(lang: str, key: str, /, count: int | None = None, **fields: Any) -> str:
        used.add(key)
        return real(lang, key, count=count, **fields)

    with mock.patch.object(words, "t", spy):
        run()
    return used


def _family(table: str) -> set[str]:
    return {k for k in catalogue("en") if k.startswith(f"alhambra_dice.{table}.")}


# ----------------------------------------------------------------------------- events


def test_event_text_is_the_engine_text_in_english_and_worded_in_japanese():
    def run() -> None:
        for ev, _dummy in _all_events():
            assert words.event_text("en", ev) == ev.text
            assert generic_event_text("en", "alhambra_dice", ev) == ev.text
            ja = words.event_text("ja", ev)
            assert _ja_ok(ja), (ev, ja)

    used = _keys_used(run)
    assert not _family("event") - used, "event wordings never produced"


def test_event_text_never_raises_on_odd_data():
    for ev in (
        Event(kind="place", text="?"),
        Event(kind="nothing", text="x"),
        Event(kind="points", text="p", data={"seat": 0}),
    ):
        assert words.event_text("ja", ev) == ev.text


def test_the_pictures_recent_lines_are_the_games_events_in_any_language():
    """The view's last_events carry each recent line's kind and data, so the picture words them in its
    language exactly as the events themselves (an older snapshot's lines stay English)."""
    for version, players, seed in GAMES[::3]:
        states, events = _played(version, players, seed)
        said = {ev.text: ev for ev in events}
        for st in states[1:]:
            view = GAME.view(st, None)
            assert [e["text"] for e in view["last_events"]] == view["last"]
            for e in view["last_events"]:
                shown = Event(e["kind"], e["text"], data=e["data"])
                assert words.event_text("en", shown) == e["text"]
                ja = words.event_text("ja", shown)
                assert _ja_ok(ja), e
                if e["text"] in said:  # (the setup's own lines come from no move)
                    assert ja == words.event_text("ja", said[e["text"]])
    old = clone(states[-1])
    old.log_data = []  # stored before the data was kept
    assert [e["kind"] for e in GAME.view(old, None)["last_events"]] == [""] * len(old.log)


# ----------------------------------------------------------------------------- moves


def test_action_text_is_describe_action_in_english():
    seen: set[Any] = set()

    def run() -> None:
        for st in _all_states():
            if GAME.result(st) is not None:
                continue
            for a in GAME.legal_actions(st, st.seat):
                if a in seen:
                    continue
                seen.add(a)
                assert words.action_text("en", a) == GAME.describe_action(a)
                assert generic_action_text("en", "alhambra_dice", a) == GAME.describe_action(a)
                assert _ja_ok(words.action_text("ja", a)), a

    used = _keys_used(run)
    assert not _family("action") - used - {"alhambra_dice.action.unknown"}
    kinds = {type(a) for a in seen}
    assert kinds == {Reroll, Place, Push, CancelRoll, SetBlack, Claim, NameStart, Build, Remove, Swap, Take,
                     TakeToReserve, TakeStart}  # fmt: skip


def test_action_text_never_raises():
    odd = [Place(9, 1, 3), Place(0, 1, -4), SetBlack(-2), Build(999, 0, 1), Take(-7, 0, 0), "not a move"]
    for a in odd:
        for lang in ("en", "ja"):
            assert words.action_text(lang, a)
    assert words.action_text("ja", "not a move") == "不明な手"


def test_choice_labels_are_the_views_in_english():
    """The board's buttons and selects: cells named like the picture (B3), claims naming the chip."""

    def run() -> None:
        for st in _all_states()[::2]:
            view = GAME.view(st, None)
            for choice in view["choices"]:
                assert words.choice_text("en", view, choice) == choice["text"]
                assert _ja_ok(words.choice_text("ja", view, choice)), choice

    used = _keys_used(run)
    assert not _family("move") - used


# ----------------------------------------------------------------------------- errors


def _attempts(st: State, rng: random.Random) -> list[Any]:
    """Moves to try in a state: mostly illegal ones, of every kind."""
    b, n, c, t = rng.randrange(-1, NB + 1), rng.randrange(0, 10), rng.randrange(-1, NCELLS + 1), rng.randrange(NTILES)
    x, y = rng.randrange(-2, 3), rng.randrange(-2, 3)
    out: list[Any] = [
        Reroll(rng.choice([0, 1, 300])), Place(b, n, c), Push(b, n, c), CancelRoll(), SetBlack(rng.randrange(-1, 7)),
        Claim(rng.random() < 0.5, rng.randrange(-1, 7)), NameStart(rng.randrange(-1, 7)), Build(t, x, y),
        Remove(x, y), Swap(t, x, y), Take(t, x, y), TakeToReserve(t), TakeStart(), "not a move",
    ]  # fmt: skip
    if st.phase != "over":
        legal = GAME.legal_actions(st, st.seat)
        out += rng.sample(legal, min(3, len(legal)))
    # near misses: a legal move with one number changed
    if st.phase == "roll":
        counts = [0] * NB
        for face in st.dice:
            counts[face] += 1
        face = rng.choice([f for f in range(NB) if counts[f]])
        out += [Place(face, counts[face] + 1, 0), Place(face, counts[face], 0), Push(face, counts[face], 0)]
    if st.version == "alcazaba" and st.reserve and st.seat >= 0 and st.seat < st.players:
        for tile in st.reserve[st.seat][:2]:
            out += [Build(tile, x, y), Swap(tile, x, y)]
    if st.phase == "take":
        for tile in st.tiles[st.col][:2]:
            out += [Take(tile, x, y), Take(tile, 0, 0), Take(tile, 5, 5)]
    return out


def _errors() -> list[RulesError]:
    rng = random.Random(7)
    out: list[RulesError] = []
    for code in ("zz", "p1", "c2.0", "x" * 70, "p1.2", "q9", "r"):
        try:
            GAME.decode_action(code)
        except RulesError as exc:
            out.append(exc)
    for st in _all_states()[::3]:
        for action in _attempts(st, rng):
            for seat in {st.seat, 0, 1}:
                try:
                    GAME.apply(st, seat, action)
                except RulesError as exc:
                    out.append(exc)
    return out


def _rare_errors() -> list[RulesError]:
    """Refusals random play hardly reaches, from positions set up for them."""
    out: list[RulesError] = []

    def attempt(st: State, action: Any) -> None:
        with pytest.raises(RulesError) as info:
            GAME.apply(st, st.seat, action)
        out.append(info.value)

    claim = next(s for s in _played("basic", 3, 1)[0] if s.phase == "claim" and s.fixed == -1)
    empty = clone(claim)
    empty.fields[empty.col] = -1
    attempt(empty, Claim(True, empty.col))  # no chip on the bonus field
    fixed = clone(claim)
    fixed.fixed = 0
    attempt(fixed, Claim(True, fixed.col))  # the other player chose first
    roll = clone(next(s for s in _played("basic", 3, 1)[0] if s.phase == "roll" and len(s.history) == 1))
    roll.chips[roll.seat].append(next(i for i, c in enumerate(CHIPS) if c.effect == "push_marker"))
    roll.grid = [-1] * len(roll.grid)
    face = roll.dice[0]
    n = roll.dice.count(face)
    attempt(roll, Push(face, n, target(n, 1)))  # the aimed cell is free
    # a ring of wall-less tiles around (1, 1) that the last tile would close
    alc = clone(next(s for s in _played("alcazaba", 3, 1)[0] if s.phase == "roll" and len(s.history) == 1))
    open_tiles = [i for i in range(NTILES) if not any(TILE_WALLS[i])]
    ring = [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    alc.alhambra[alc.seat] = [0, 0, -1] + [
        v for (x, y), tile in zip(ring, open_tiles, strict=False) for v in (x, y, tile)
    ]
    alc.reserve[alc.seat] = [open_tiles[len(ring)]]
    attempt(alc, Build(open_tiles[len(ring)], 0, 1))
    return out


@cache
def _error_list() -> tuple[RulesError, ...]:
    return tuple(distinct((*_errors(), *_rare_errors())))


def test_rule_errors_have_keys_and_english_is_the_reason():
    seen = set()
    for exc in _error_list():
        key = exc.fields.get("key")
        assert isinstance(key, str) and key.startswith("alhambra_dice.error."), exc
        seen.add(key)
        assert i18n.text.error_text("en", exc) == exc.reason, key
        assert i18n.text.error_text("en", exc) == exc.reason
        ja = i18n.text.error_text("ja", exc)
        assert _ja_ok(ja) and ja != exc.reason, (key, ja)
    # the cog's own refusals (a die clicked out of turn, a forged die id); the rest are reachable by play
    assert _family("error") - seen == {"alhambra_dice.error.not_your_roll", "alhambra_dice.error.not_alhambra"}


def test_errors_that_need_no_names_read_through_the_generic_hook():
    """Errors without building names (or the name of whose turn it is) read the same with or without the
    game's error_fields."""
    for exc in _error_list():
        template = catalogue("ja")[exc.fields["key"]]
        derived = {"building_name", "land_name", "cell_name", "aim_name", "tile_name", "turn_name"}
        if not i18n.fields_of(template) & derived:
            raw = {k: v for k, v in exc.fields.items() if k != "key"}
            assert i18n.text.error_text("ja", exc) == i18n.t("ja", exc.fields["key"], **raw)


# ----------------------------------------------------------------------------- the result and the families


def test_result_note_matches_the_engine():
    notes = set()
    for game in GAMES:
        view = GAME.view(_played(*game)[0][-1], None)
        res = view["result"]
        assert words.result_note("en", res["ranks"], view["scores"], view["dummy"]) == res["note"]
        ja = words.result_note("ja", res["ranks"], view["scores"], view["dummy"])
        assert ja == "" if not res["note"] else _ja_ok(ja)
        notes.add(res["note"])
    tie = words.result_note("en", [1, 1], [5, 5, 3], 2)
    assert tie == "Equal top scores share the victory (house rule: the rules give no tie-breaker). The dummy scored 3."
    assert _ja_ok(words.result_note("ja", [1, 1], [5, 5, 3], 2))


@pytest.mark.parametrize("table", ["building", "building_short", "building_initial"])
def test_building_families_are_the_data_ids(table: str):
    assert {k.rsplit(".", 1)[1] for k in _family(table)} == set(BUILDINGS)


def test_chip_family_is_the_chip_effects():
    assert {k.rsplit(".", 1)[1] for k in _family("chip")} == {c.effect for c in CHIPS} | {words.START}
    for chip in (*range(len(CHIPS)), START_CHIP):
        # the view shows chips by the engine's label; read back, it names the same chip
        assert chip_label(words.field_chip(chip_label(chip))) == chip_label(chip)
        ja = words.chip_name("ja", chip)
        assert _ja_ok(ja) if CHIPS[chip % len(CHIPS)].effect != "points" or chip == START_CHIP else ja[0] == "+"
    assert words.field_chip(None) == -1


def test_option_family_is_the_lobby_options():
    expected = {"alhambra_dice.title"}
    for option in INFO.options:
        expected.add(f"alhambra_dice.option.{option.name}.description")
        expected |= {f"alhambra_dice.option.{option.name}.choice.{value}" for value in option.choices}
    assert {k for k in catalogue("en") if k.startswith("alhambra_dice.option.")} | {"alhambra_dice.title"} == expected
    assert i18n.t("en", "alhambra_dice.title") == INFO.title
    assert i18n.t("en", "alhambra_dice.option.version.description") == INFO.options[0].description
    assert any(p.startswith("alhambra_dice.option.") for p in i18n.DYNAMIC)


# ----------------------------------------------------------------------------- pictures


def _picture_states() -> list[tuple[str, State, int | None]]:
    out = []
    for version in ("basic", "alcazaba"):
        for players in (2, 4, 6):
            states = _played(version, players, 1)[0] if players != 6 else _played(version, 6, 2)[0]
            first, middle, last = states[0], states[len(states) // 2], states[-1]
            out += [(f"{version}-{players}-start", first, None), (f"{version}-{players}-middle", middle, 0),
                    (f"{version}-{players}-end", last, None)]  # fmt: skip
        # the round-end phases: a claim or a tile to take, the start player to name
        for phase in ("claim", "start", "take"):
            st = next((s for g in GAMES if g[0] == version for s in _played(*g)[0] if s.phase == phase), None)
            if st is not None:
                out.append((f"{version}-{phase}", st, st.seat))
    return out


@pytest.mark.parametrize(("name", "state", "viewer"), _picture_states(), ids=[c[0] for c in _picture_states()])
def test_japanese_picture_draws_every_glyph(name: str, state: State, viewer: int | None):
    view = GAME.view(state, viewer)
    with recording_text() as drawn:
        png = render(view, viewer_seat=viewer, lang="ja")
    assert png.startswith(b"\x89PNG")
    assert tofu(drawn) == []
    texts = [text for text, _ in drawn]
    assert any(JAPANESE.search(text) for text in texts)
    # every word is Japanese: no English building or phase names are left on the picture
    english = {"Pavilion", "Seraglio", "Arcades", "Chambers", "Garden", "Tower", "Round", "Seat", "dummy", "points"}
    assert not [text for text in texts if any(w in text for w in english)]


def test_english_picture_is_unchanged_by_the_language_parameter():
    view = GAME.view(_played("basic", 3, 1)[0][40], None)
    assert render(view) == render(view, lang="en")


# ----------------------------------------------------------------------------- the cog's controls


class _Session:
    """What ``cogs.alhambra_dice.controls`` reads from a session."""

    def __init__(self, state: State) -> None:
        self.state, self.id, self.version = state, "ab12", 7

    def view(self, viewer: int | None) -> dict[str, Any]:
        return GAME.view(self.state, viewer)


def _labels(view: discord.ui.View) -> list[str]:
    out = []
    for child in view.children:
        item = getattr(child, "item", child)  # the game's buttons are DynamicItems around a Button/Select
        if isinstance(item, discord.ui.Button):
            out.append(item.label or "")
        elif isinstance(item, discord.ui.Select):
            out.append(item.placeholder or "")
            out += [o.label for o in item.options]
    return out


async def test_controls_are_labelled_in_the_chosen_language():
    from cogs.alhambra_dice import controls

    seen_menus = set()
    for version in ("basic", "alcazaba"):
        for st in _played(version, 3, 1)[0][:400:7]:
            if GAME.result(st) is not None:
                continue
            session = _Session(st)
            en = controls(session, st.seat, 0b101)  # type: ignore[arg-type]
            ja = controls(session, st.seat, 0b101, lang="ja")  # type: ignore[arg-type]
            assert en is not None and ja is not None
            labels = _labels(ja)
            assert all(_ja_ok(label) for label in labels), labels
            english = _labels(en)
            texts = {c["text"] for c in session.view(st.seat)["choices"]}
            seen_menus |= {label for label in english if label.endswith("…")}
            assert texts <= set(english) or len(texts) > 25
            if st.phase == "roll" and st.history and len(st.history) < 3:
                assert any(label.startswith("🎲 Re-roll 2 dice") for label in english)
                assert any("2個振りなおす" in label for label in labels)
    assert {"Place a marker…", "Redesign your Alhambra…"} <= seen_menus
