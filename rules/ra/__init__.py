"""Ra (Reiner Knizia): the engine exported as ``GAME`` plus computer players in ``AIS``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.ai import Player, RandomAI
from rules.base import Event, GameInfo, Result, Seat
from rules.ra import actions, engine
from rules.ra.actions import RaAction
from rules.ra.ai import EvaluatorAI
from rules.ra.state import RaState
from rules.ra.view import view as _view


class RaGame:
    """Ra behind the rules.base.Game protocol. The methods are the engine's module functions,
    bound directly (no wrapper call) because benchmarks and AIs call them millions of times."""

    info: GameInfo = engine.INFO
    state_type = RaState
    action_type: Any = RaAction

    setup: Callable[[int, Mapping[str, str], int], RaState] = staticmethod(engine.setup)
    to_act: Callable[[RaState], frozenset[Seat]] = staticmethod(engine.to_act)
    legal_actions: Callable[[RaState, Seat], list[RaAction]] = staticmethod(engine.legal_actions)
    apply: Callable[[RaState, Seat, RaAction], tuple[RaState, list[Event]]] = staticmethod(engine.apply)
    view: Callable[[RaState, Seat | None], dict[str, Any]] = staticmethod(_view)
    result: Callable[[RaState], Result | None] = staticmethod(engine.result)
    encode_action: Callable[[RaAction], str] = staticmethod(actions.encode)
    decode_action: Callable[[str], RaAction] = staticmethod(actions.decode)
    describe_action: Callable[[RaAction], str] = staticmethod(actions.describe)
    default_action: Callable[[RaState], RaAction | None] = staticmethod(engine.default_action)
    """The move a clock plays for a seat that timed out (see engine.default_action)."""


GAME = RaGame()
AIS: dict[str, Player] = {"random": RandomAI(), "evaluator": EvaluatorAI()}

__all__ = ["AIS", "GAME", "RaAction", "RaGame", "RaState"]
