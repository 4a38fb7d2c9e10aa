"""The engine's fast paths: a listing is remembered only for the state it was made for. (That they agree
with the slow ways they replace, position by position, is checked over seeded random games in
tests/rules/barrage/test_properties.py, against tests/rules/barrage/slow_references.py.)"""

from __future__ import annotations

import pytest

from rules.barrage import GAME, choices
from rules.barrage.actions import Place
from rules.base import IllegalAction, clone, resolve_options


def test_a_listed_move_is_checked_again_on_another_state() -> None:
    """The listing is remembered for the state object it was made for: any other state (here a copy
    where another company took the space since) is checked as usual."""
    st = GAME.setup(3, resolve_options(GAME.info, {"expansion": "nile"}), 7)
    while st.tasks[0].kind != "turn":
        seat = st.tasks[0].seat
        st, _ = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    seat = st.tasks[0].seat
    legal = GAME.legal_actions(st, seat)
    place = next(a for a in legal if isinstance(a, Place) and not a.n and not choices.space_row(a.space)[3])
    other = clone(st)
    other.used = {**other.used, place.space: (seat + 1) % 3}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(other, seat, place)
    assert refused.value.fields["key"] == "barrage.error.occupied"
    GAME.apply(st, seat, place)  # the listed state itself still takes it
