"""Extension points for expansions (the Leeghwater parts, the Nile Affair).

An expansion is an object with the hooks below; the engine asks every *active* expansion at each
point. A hook returning ``None`` means "not mine". Register an expansion by appending it to
``EXPANSIONS`` (see ``leeghwater.py``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.barrage.journal import Line
from rules.barrage.state import State, Task
from rules.base import Event

SpaceRow = tuple[str, int, bool, bool, int, dict[str, Any], str]
"""(space id, engineers, any number, private, extra credits, action, officer owning it)."""


class Expansion:
    """Default hooks: an expansion overrides the ones it needs."""

    option = ""
    """The game option that switches it on (value "yes"); empty = always on."""
    boards: tuple[str, ...] = ()
    """Action-space boards of ``action_spaces.json`` this expansion adds."""
    doable_keys: tuple[str, ...] = ()
    """The action keys ``doable`` looks at: for an action with none of them it answers None, so a
    listing of the action spaces need not ask it (tests/rules/barrage/listing_probes.py checks)."""
    credit_blind_keys: tuple[str, ...] = ()
    """Those of ``doable_keys`` whose answer does not depend on the credits: a listing asks once for
    the spaces with equal such actions, whatever their extra cost."""

    def active(self, st: State) -> bool:
        return not self.option or st.options.get(self.option) == "yes"

    def setup(self, st: State, rng: random.Random) -> None:
        """After the base set-up, before the draft."""

    def space_rows(self, st: State, seat: int) -> list[SpaceRow]:
        """Extra action spaces open to ``seat`` now (besides the boards in ``boards``)."""
        return []

    def space_row(self, space: str) -> SpaceRow | None:
        return None

    def prepare(self, st: State, seat: int, space: str, act: dict[str, Any], arch: bool) -> list[Task] | None:
        """Steps of a space's action taken *before* the engineers go down (so Back can cancel it);
        the expansion occupies the space itself when the action is confirmed. None if not its action."""
        return None

    def doable(self, st: State, seat: int, act: dict[str, Any], credits: int) -> bool | None:
        """Whether a space's action can be completed; None if the action is not this expansion's."""
        return None

    def resolve(self, st: State, seat: int, act: dict[str, Any], events: list[Event]) -> list[Task] | None:
        """Carry out a space's action (costs already paid); None if not this expansion's."""
        return None

    def options(self, st: State, t: Task) -> list[Any] | None:
        """Legal decisions of a task kind this expansion owns."""
        return None

    def decide(self, st: State, t: Task, a: Any, events: list[Event]) -> bool:
        """Resolve a decision of its own task kind (the task is still at the front); True if handled."""
        return False

    def turn_options(self, st: State, seat: int) -> list[Any]:
        """Extra choices offered with the main action (a bonus action before it). ``decide`` gets them
        with the ``turn`` task at the front and must leave it there (the main action still follows);
        it may queue its own steps in front of it."""
        return []

    def end_of_turn(self, st: State, seat: int) -> list[Task]:
        """Optional steps after a company's main action (a bonus action after it)."""
        return []

    def reward(self, st: State, seat: int, key: str, value: Any) -> list[Task] | None:
        return None

    def after_production(self, st: State, seat: int, dam: str) -> list[Task]:
        return []

    def bonus_count(self, st: State, seat: int, tile: str) -> int | None:
        return None

    def objective_count(self, st: State, seat: int, tile: str) -> int | None:
        return None

    def headstreams(self, st: State) -> None:
        """After the base headstream phase (rounds 1-4)."""

    def end_round(self, st: State) -> None:
        """Clean-up of rounds 1-4."""

    def round_scoring(self, st: State) -> list[Line]:
        return []

    def final_scoring(self, st: State) -> list[Line]:
        return []


EXPANSIONS: list[Expansion] = []
_ACTIVE: dict[tuple[Any, ...], tuple[Expansion, ...]] = {}


def active(st: State) -> tuple[Expansion, ...]:
    """The expansions the game's options switch on (asked at every step, so remembered per set of
    options; the engine never changes a game's options)."""
    last = _LAST
    if last[0] is st.options and last[1] == len(EXPANSIONS):
        return last[2]  # the options of the game asked about last (one game's states share them)
    found = _active(st)
    globals()["_LAST"] = (st.options, len(EXPANSIONS), found)
    return found


_LAST: tuple[Any, int, tuple[Expansion, ...]] = (None, 0, ())
"""The options object asked about last (kept alive here, so its id is never reused), the number of
expansions registered then, and its answer."""


def _active(st: State) -> tuple[Expansion, ...]:
    key = (len(EXPANSIONS), *st.options.items())
    found = _ACTIVE.get(key)
    if found is None:
        found = _ACTIVE[key] = tuple(x for x in EXPANSIONS if x.active(st))
    return found
