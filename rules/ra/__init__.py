"""Ra (Reiner Knizia): the engine exported as ``GAME`` plus computer players in ``AIS``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ai import Player, RandomAI
from rules.base import Event, GameInfo, Result, Seat
from rules.ra import actions, engine
from rules.ra.actions import RaAction
from rules.ra.ai import EvaluatorAI
from rules.ra.state import RaState
from rules.ra.view import view as _view


class RaGame:
    """Ra behind the rules.base.Game protocol; the module functions do the work."""

    info: GameInfo = engine.INFO
    state_type = RaState
    action_type: Any = RaAction

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> RaState:
        return engine.setup(players, options, seed)

    def to_act(self, state: RaState) -> frozenset[Seat]:
        return engine.to_act(state)

    def legal_actions(self, state: RaState, seat: Seat) -> list[RaAction]:
        return engine.legal_actions(state, seat)

    def apply(self, state: RaState, seat: Seat, action: RaAction) -> tuple[RaState, list[Event]]:
        return engine.apply(state, seat, action)

    def view(self, state: RaState, viewer: Seat | None) -> dict[str, Any]:
        return _view(state, viewer)

    def result(self, state: RaState) -> Result | None:
        return engine.result(state)

    def encode_action(self, action: RaAction) -> str:
        return actions.encode(action)

    def decode_action(self, code: str) -> RaAction:
        return actions.decode(code)

    def describe_action(self, action: RaAction) -> str:
        return actions.describe(action)

    def default_action(self, state: RaState) -> RaAction | None:
        """The move a clock plays for a seat that timed out (see engine.default_action)."""
        return engine.default_action(state)


GAME = RaGame()
AIS: dict[str, Player] = {"random": RandomAI(), "evaluator": EvaluatorAI()}

__all__ = ["AIS", "GAME", "RaAction", "RaGame", "RaState"]
