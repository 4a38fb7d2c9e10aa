"""The extension points the Nile Affair will use: bonus actions before and after the main action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.barrage import expansion, water
from rules.barrage.actions import Decline, Headstream
from rules.barrage.state import State, Task
from tests.rules.barrage.scenario import clear_map, intro, legal_codes, play


class _Bonus(expansion.Expansion):
    """Once per turn, before or after the main action, put a drop on a headstream."""

    def active(self, st: State) -> bool:
        return True

    def turn_options(self, st: State, seat: int) -> list[Any]:
        return [] if "bonus" in st.companies[seat].used else [Headstream("HA")]

    def end_of_turn(self, st: State, seat: int) -> list[Task]:
        return [] if "bonus" in st.companies[seat].used else [Task("bonus", seat)]

    def options(self, st: State, t: Task) -> list[Any] | None:
        return [Headstream("HB"), Decline()] if t.kind == "bonus" else None

    def decide(self, st: State, t: Task, a: Any, events: list[Any]) -> bool:
        if t.kind not in ("turn", "bonus") or not isinstance(a, Headstream):
            return False
        if t.kind == "bonus":
            st.tasks.pop(0)
        st.companies[t.seat].used.append("bonus")
        water.add_to_headstream(st, a.headstream, 1)
        return True


@pytest.fixture
def bonus() -> Iterator[None]:
    x = _Bonus()
    expansion.EXPANSIONS.append(x)
    try:
        yield
    finally:
        expansion.EXPANSIONS.remove(x)


def test_bonus_action_before_the_main_action(bonus: None) -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    assert "H.HA" in legal_codes(st, s0)
    st, _ = play(st, s0, "H.HA")
    assert st.water["HA"] == 1 and st.tasks[0].kind == "turn" and st.tasks[0].seat == s0
    assert "H.HA" not in legal_codes(st, s0)
    st, _ = play(st, s0, "P.workshop-r1")
    assert st.tasks[0].seat != s0  # no bonus step after: already used this turn... and round


def test_bonus_action_after_the_main_action(bonus: None) -> None:
    st = clear_map(intro())
    s0 = st.tasks[0].seat
    st, _ = play(st, s0, "P.workshop-r1")
    assert st.tasks[0].kind == "bonus" and st.tasks[0].seat == s0
    assert legal_codes(st, s0) == ["H.HB", "N"]
    st, _ = play(st, s0, "H.HB")
    assert st.water["HB"] == 1 and st.tasks[0].kind == "turn" and st.tasks[0].seat != s0
