"""One way to name players: wherever a seat is named (event lines, move labels, replay captions, the
pictures' recent-move lines), a game with named players shows their names, never "Seat 2" in one place
and "Player 2" in another; the engines' own words appear only where no names exist."""

from __future__ import annotations

import random
import re

import pytest

from host.history import export_frames, export_game, frame_caption, named_view
from i18n.seats import seat_names
from i18n.text import event_text
from render import get_renderer
from rules import GAMES
from tests.history.helpers import play_finished_game

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
