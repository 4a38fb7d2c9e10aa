"""Secret choices: visible to the chooser only, public once revealed."""

from __future__ import annotations

import json

from rules.imperium import GAME, play_from_picks
from tests.rules.imperium.helpers import play_round, position

SECRET = (4, 4, 9)
CODE = "p49b4"


def _texts(view: dict) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _leaks(view: dict) -> bool:
    text = _texts(view)
    return CODE in text or "[4,4,9]" in text or "4, 4, 9" in text


def test_a_pending_choice_appears_only_in_the_choosers_view() -> None:
    state = position(4, round=2)
    state, events = GAME.apply(state, 2, play_from_picks(SECRET))
    public = GAME.view(state, None)
    assert not _leaks(public)
    assert "my_choice" not in public
    for other in (0, 1, 3):
        assert not _leaks(GAME.view(state, other))
        assert GAME.view(state, other)["my_choice"] is None
    mine = GAME.view(state, 2)
    assert mine["my_choice"] == {"picks": [4, 4, 9], "code": CODE}
    assert [p["has_chosen"] for p in public["players"]] == [False, False, True, False]
    assert public["to_act"] == [0, 1, 3]
    # the event that names the picks is addressed to the chooser alone
    assert all(e.to == (2,) for e in events if "4, 4, 9" in e.text)


def test_choices_stay_hidden_while_others_choose() -> None:
    state = position(3)
    state, _ = GAME.apply(state, 0, play_from_picks(SECRET))
    state, _ = GAME.apply(state, 1, play_from_picks((1, 2, 3)))
    for viewer in (None, 1, 2):
        assert not _leaks(GAME.view(state, viewer))
    assert _leaks(GAME.view(state, 0))


def test_after_the_reveal_every_play_is_public() -> None:
    state = position(3)
    state, _ = play_round(state, [SECRET, (1, 2, 3), (5, 6, 7)])
    public = GAME.view(state, None)
    assert public["last_reveal"][0] == {"seat": 0, "picks": [4, 4, 9], "placed": [4, 4, 9]}
    assert any("4, 4, 9" in line for line in public["events"])
    assert all(not p["has_chosen"] for p in public["players"])


def test_public_view_has_what_a_board_needs() -> None:
    state = position(3, round=4, scores=[3, 1, 0], board={0: {5: 2}})
    view = GAME.view(state, None)
    assert view["seats"] == 3 and view["round"] == 4
    assert view["resolving"] == [4]
    assert view["schedule"][0] == {"round": 5, "regions": [5]}
    assert view["schedule"][-1] == {"round": 8, "regions": [8, 9]}
    assert view["players"][0] == {
        "seat": 0,
        "score": 3,
        "supply": 12,
        "markers": [0, 0, 0, 0, 2, 0, 0, 0, 0],
        "has_chosen": False,
    }
    assert [r["row"][0] for r in view["regions"]] == list(range(1, 10))
    assert view["finished"] is False and view["result"] is None
    json.dumps(view)
