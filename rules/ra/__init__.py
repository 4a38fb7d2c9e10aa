"""Ra (Reiner Knizia): the engine exported as ``GAME`` plus computer players in ``AIS``.

For front ends (one button per legal action; ``GAME.legal_actions`` gives them in button order):

=================  ===============  ==============================================================
action             code             when
=================  ===============  ==============================================================
``Draw()``         ``draw``         your turn, fewer than 8 tiles on the auction track
``InvokeRa()``     ``ra``           your turn (on a full track this starts the "full" auction)
``UseGod(tile)``   ``g.<tile>``     your turn or while using gods; takes one tile per god
``StopGods()``     ``stop``         after at least one god take, to end the turn
``Bid(disk)``      ``b<disk>``      in an auction: one per face-up disk that beats the high bid
``Pass()``         ``pass``         in an auction, unless you invoked Ra and all others passed
``Discard(tile)``  ``x.<tile>``     a disaster asks you which tile it takes
=================  ===============  ==============================================================

``GAME.view(state, seat)`` keys: ``players``, ``viewer``, ``epoch``, ``phase`` (play, gods,
auction, disaster, over), ``to_act``, ``turn``, ``hidden_fame``, ``ra_track`` (count, ends_at,
spaces, blocked), ``auction_track`` (tile ids), ``auction_spaces``, ``center_disk``, ``bag_count``,
``seats`` (seat, suns_up, suns_down, fame or None when hidden, tiles {id: count}), ``auction``
(reason, ra_holder, high_bid, high_bidder, bids, bidder) or None, ``disaster`` (seat, pending,
to_lose) or None, ``history``, ``last_scoring``, ``events`` (recent lines this viewer may see),
``event_log`` (the same events as {kind, data}, so a picture can phrase them in any language),
``result`` or None, and ``legal`` ([{code, label}]) when the viewer must act.
``GAME.default_action(state)`` is the move a turn clock plays. ``render.ra.render(view)`` draws a view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.base import Event, GameInfo, Result, Seat
from rules.ra import actions, engine, undo
from rules.ra.actions import RaAction
from rules.ra.ai import AIS
from rules.ra.state import RaState
from rules.ra.view import view as _view


class RaGame:
    """Ra behind the rules.base.Game protocol. The methods are the engine's module functions,
    bound directly (no wrapper call) because benchmarks and AIs call them millions of times."""

    info: GameInfo = engine.INFO
    state_type = RaState
    action_type: Any = RaAction

    setup: Callable[..., RaState] = staticmethod(engine.setup)
    to_act: Callable[[RaState], frozenset[Seat]] = staticmethod(engine.to_act)
    legal_actions: Callable[[RaState, Seat], list[RaAction]] = staticmethod(engine.legal_actions)
    apply: Callable[[RaState, Seat, RaAction], tuple[RaState, list[Event]]] = staticmethod(engine.apply)
    apply_owned: Callable[[RaState, Seat, RaAction], RaState] = staticmethod(engine.apply_owned)
    """The search's fast path (rules.base.owned_apply): apply on a state the caller owns."""
    view: Callable[[RaState, Seat | None], dict[str, Any]] = staticmethod(_view)
    result: Callable[[RaState], Result | None] = staticmethod(engine.result)
    encode_action: Callable[[RaAction], str] = staticmethod(actions.encode)
    decode_action: Callable[[str], RaAction] = staticmethod(actions.decode)
    describe_action: Callable[[RaAction], str] = staticmethod(actions.describe)
    default_action: Callable[[RaState], RaAction | None] = staticmethod(engine.default_action)
    """The move a clock plays for a seat that timed out (see engine.default_action)."""
    reveals = staticmethod(undo.reveals)  # which moves are final (rules/ra/undo.py)


GAME = RaGame()

__all__ = ["AIS", "GAME", "RaAction", "RaGame", "RaState"]
