"""One way to name players: wherever a seat is named (event lines, move labels, replay captions, the
pictures' recent-move lines), a game with named players shows their names, never "Seat 2" in one place
and "Player 2" in another; the engines' own words appear only where no names exist."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from cogs._common import error_message
from host.history import export_frames, export_game, frame_caption, named_view, summary_picture
from i18n.seats import seat_names
from i18n.text import event_text
from render import get_renderer, named
from rules import GAMES
from rules.base import NotYourTurn
from tests.history.helpers import play_finished_game
from tests.i18n.tofu import recording_text

NAMES = ["Ann", "Bob", "AI 3 (normal)"]
SEAT_WORD = re.compile(r"(Seat|seat|Player|プレイヤー) ?\d")
"""How the engines name a seat: "Seat 2", "seat 2", "Player 2", 「プレイヤー2」."""


def named_events(game_name: str, moves: int = 300) -> list:
    """Public events of a 3-player game played at random that name a seat in the engine's words."""
    game = GAMES[game_name]
    rng = random.Random(f"names:{game_name}")
    state = game.setup(3, {}, 1)
    found = []
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        found += [e for e in events if e.to is None and SEAT_WORD.search(e.text)]
    return found


@pytest.mark.parametrize("game_name", ["ra", "imperium", "alhambra_dice", "barrage"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_event_lines_name_players_by_their_names(game_name, lang):
    events = named_events(game_name)
    assert events, f"{game_name}: no event named a seat"
    for e in events:
        text = event_text(lang, game_name, e, NAMES)
        assert any(n in text for n in NAMES), text
        assert not SEAT_WORD.search(text), text
    plain = event_text(lang, game_name, events[0])  # no names (rules-only): the engine's word for a seat
    assert SEAT_WORD.search(plain), plain


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_replay_captions_and_pictures_name_the_players(host, lang):
    """Imperium's captions word the table's events (secret choices): they name Ann and Bob, not seats;
    the frame's picture is drawn with the names (it differs from one drawn with the engine's words)."""
    sid = await play_finished_game(host, "imperium", 4, players=3, options={"variant": "standard"})
    data = await export_game(host, sid)
    names = [p["name"] for p in data["players"]]
    assert names[:2] == ["Ann", "Bob"]
    shown = export_frames(data, max_frames=12)
    captions = [frame_caption(data, f, lang) for f in shown]
    assert any("Ann" in c for c in captions) and any("Bob" in c for c in captions)
    assert not any(SEAT_WORD.search(c) for c in captions), captions
    last = shown[-1]
    render = get_renderer("imperium")
    with seat_names(None):
        plain = render(last.view, viewer_seat=None, lang=lang)
    assert render(named_view(last.view, names), viewer_seat=None, lang=lang) != plain


LONG = ["Ann", "Bartholomew Fitzgerald-Montgomery the Third", "ミナミ・アキラ・タカハシ・ヨシダ", "Dee"]
"""Display names, two of them too long for any picture's room (they are cut with "…")."""
TAG = re.compile(r"(Seat|seat|Player|プレイヤー) ?\d|(?<![\w-])P\d(?![\w-])")
"""The engines' words for a seat and the pictures' old tags ("P3") that names replace."""


def _pictures(game_name: str, view: dict, names: list[str], lang: str) -> list[str]:
    """Every string the game's pictures of ``view`` draw, with the players named ``names``."""
    module = importlib.import_module(f"render.{game_name}")
    draws = [module.render] + ([module.render_boards] if hasattr(module, "render_boards") else [])
    with recording_text() as drawn:
        for draw in draws:
            named(draw)(named_view(view, names), viewer_seat=None, lang=lang)
    return [text for text, _ in drawn]


@pytest.mark.parametrize("game_name", ["ra", "imperium", "alhambra_dice", "barrage"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pictures_and_event_lines_of_seeded_games_never_name_a_seat_by_number(game_name, lang):
    """Two seeded games of every game (3 and 4 players, long names), pictures at the start, twice
    during play and at the end: what the pictures draw and the event lines say names players."""
    game = GAMES[game_name]
    for seed, players in ((1, 3), (2, 4)):
        if not game.info.min_players <= players <= game.info.max_players:
            continue
        names = LONG[:players]
        rng = random.Random(f"tags:{game_name}:{seed}")
        state = game.setup(players, {}, seed)
        said: list[str] = []
        for move in range(game.info.max_actions):
            over = game.result(state) is not None
            if move in (0, 25, 120) or over:
                said += _pictures(game_name, game.view(state, None), names, lang)
            if over:
                break
            seat = min(game.to_act(state))
            state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            said += [event_text(lang, game_name, e, names) for e in events if e.to is None]
        assert any(names[0] in text for text in said), f"{game_name}: no one is named"
        tagged = [text for text in said if TAG.search(text)]
        assert not tagged, tagged[:5]


@pytest.mark.parametrize("game_name", ["ra", "alhambra_dice", "barrage"])
async def test_replay_captions_and_summary_name_the_players(host, game_name):
    """A finished game's replay captions (every frame shown) and its summary picture, in English and
    Japanese: players by name, never "P2" or "Player 2"."""
    sid = await play_finished_game(host, game_name, 7, players=3, names=("Ann", LONG[1]))
    data = await export_game(host, sid)
    for lang in ("en", "ja"):
        captions = [frame_caption(data, f, lang) for f in export_frames(data, max_frames=8)]
        assert any("Ann" in c or LONG[1] in c for c in captions[1:]), captions
        with recording_text() as drawn:
            summary_picture(data, lang)
        texts = captions + [text for text, _ in drawn]
        assert not [text for text in texts if TAG.search(text)], captions


@pytest.mark.parametrize("game_name", ["ra", "alhambra_dice", "barrage"])
def test_not_your_turn_names_whose_turn_it_is(game_name):
    """Moving out of turn is refused with the name of the player whose turn it is (the reply a Discord
    player gets is worded while the table's names are known); without names, "Player N"."""
    game = GAMES[game_name]
    state = game.setup(3, {}, 4)
    acting = min(game.to_act(state))
    other = (acting + 1) % 3
    with pytest.raises(NotYourTurn) as refused:
        game.apply(state, other, game.legal_actions(state, acting)[0])
    assert error_message("en", refused.value) == f"It is not your turn: waiting for Player {acting + 1}."
    with seat_names(NAMES):
        assert error_message("en", refused.value) == f"It is not your turn: waiting for {NAMES[acting]}."
        said = error_message("ja", refused.value)
        assert NAMES[acting] in said and not SEAT_WORD.search(said), said
