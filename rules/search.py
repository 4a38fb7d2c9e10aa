"""One search for every game: information-set Monte Carlo tree search over the rules protocol.

Each iteration samples a full state consistent with the searching seat's view (the game's
``determinise``), walks a tree of the seat's own moves, lets a model of the other seats (the
rollout policy, a heuristic player) answer, plays on with that policy for a few plies and scores
the position with the game's evaluation. Tree nodes are keyed by the seat's own moves only (an
"open-loop" tree): what it cannot see (the bag, hidden picks, the dice) is averaged over the
samples instead of being branched on, so the search never acts on knowledge it does not have.

Bounded two ways: ``iterations`` (deterministic for a given random stream, so ``demo`` replays
exactly) and a deadline in CPU seconds (past it, the best move found so far is played).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import Game, Result, Seat, owned_apply

Determinise = Callable[[dict[str, Any], Seat, random.Random], Any]
"""(view, seat, rng) -> a full state consistent with that seat's view."""
Evaluate = Callable[[Any, Seat], float]
"""(state, seat) -> the seat's prospects in a position that is not over, in [0, 1]."""


@dataclass(frozen=True)
class Budget:
    iterations: int
    """Playouts per decision; the same seed and count give the same move."""
    deadline_s: float
    """CPU seconds of this process after which the best move so far is played (a safety net, not the
    plan). CPU, not wall, time: on a loaded machine a wall deadline would cut playouts by the load and
    the same seed would no longer give the same move; the compute tier's own wall deadline
    (``AI_DEADLINE_SECONDS``) bounds how long a player waits."""


@dataclass(frozen=True)
class Knobs:
    """What a game supplies to the search."""

    determinise: Determinise
    rollout: Any
    """A Player that chooses for the other seats in the tree and for every seat in playouts."""
    evaluate: Evaluate
    rollout_plies: int
    """Moves played past the tree before the position is evaluated."""
    exploration: float = 0.7
    """UCB1's constant: larger tries more moves, smaller digs deeper into the best ones."""
    candidates: Callable[[Any, Seat, list[Any]], list[Any]] | None = None
    """(state, seat, legal) -> the moves the tree weighs, where there are too many to try each."""


def win_share(result: Result, seat: Seat) -> float:
    """1 for a sole win, 1/k for a k-way shared win, else 0."""
    winners = result.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def margin_prospect(scores: list[float], seat: Seat, scale: float) -> float:
    """A seat's chance of winning guessed from estimated scores: a logistic curve of its lead
    over the best other seat, ``scale`` points being a solid lead."""
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    x = (scores[seat] - best_other) / scale
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class _Edge:
    __slots__ = ("action", "available", "child", "total", "visits")

    def __init__(self, action: Any) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.child: dict[Any, _Edge] | None = None


def _pick(edges: list[_Edge], c: float, rng: random.Random) -> tuple[_Edge, bool]:
    """UCB1 with availability counts (a move seen in fewer samples is judged on those); an untried
    move first. Returns the edge and whether it is new."""
    untried = [e for e in edges if not e.visits]
    if untried:
        return rng.choice(untried), True
    best, best_score = edges[0], -1.0
    for e in edges:
        score = e.total / e.visits + c * math.sqrt(math.log(e.available) / e.visits)
        if score > best_score:
            best, best_score = e, score
    return best, False


def _decided(root: dict[Any, _Edge], left: int) -> bool:
    """Whether the most visited move stays ahead whatever the ``left`` playouts do: the move is chosen
    by visits, so stopping here plays the same move with fewer playouts."""
    if len(root) < 2:
        return False
    first, second = sorted((e.visits for e in root.values()), reverse=True)[:2]
    return first > second + left


def search(game: Game[Any, Any], view: dict[str, Any], seat: Seat, rng: random.Random, knobs: Knobs,
           budget: Budget, clock: Callable[[], float] = time.process_time) -> Any:
    """The move the search rates best for ``seat``, from its ``view`` alone."""
    start = clock()
    step = owned_apply(game)
    root: dict[Any, _Edge] = {}
    first_legal: list[Any] | None = None
    for i in range(budget.iterations):
        if i and clock() - start > budget.deadline_s:
            break
        if _decided(root, budget.iterations - i):
            break
        st = knobs.determinise(view, seat, rng)
        owned = False  # a sample may share parts with the view: the first move copies it
        if first_legal is None:
            first_legal = game.legal_actions(st, seat)
            if len(first_legal) == 1:
                return first_legal[0]
        node: dict[Any, _Edge] | None = root
        path: list[_Edge] = []
        reward: float | None = None
        # Selection: our moves from the tree, the others' from the model, until a new move.
        while node is not None:
            if game.result(st) is not None:
                break
            acting = game.to_act(st)
            if seat in acting:
                edges = []
                legal = game.legal_actions(st, seat)
                if knobs.candidates is not None and len(legal) > 1:
                    legal = knobs.candidates(st, seat, legal)
                for a in legal:  # actions are frozen structs: equal moves hash alike
                    e = node.get(a)
                    if e is None:
                        e = node[a] = _Edge(a)
                    e.available += 1
                    edges.append(e)
                edge, new = _pick(edges, knobs.exploration, rng)
                path.append(edge)
                st = step(st, seat, edge.action) if owned else game.apply(st, seat, edge.action)[0]
                owned = True
                if new:
                    edge.child = {}
                    node = None
                else:
                    node = edge.child
            else:
                other = min(acting)
                move = knobs.rollout.choose(game, st, other, rng)
                st = step(st, other, move) if owned else game.apply(st, other, move)[0]
                owned = True
        # Playout with the model for every seat, then score.
        for _ in range(knobs.rollout_plies):
            if game.result(st) is not None:
                break
            actor = min(game.to_act(st))
            move = knobs.rollout.choose(game, st, actor, rng)
            st = step(st, actor, move) if owned else game.apply(st, actor, move)[0]
            owned = True
        result = game.result(st)
        reward = win_share(result, seat) if result is not None else knobs.evaluate(st, seat)
        for edge in path:
            edge.visits += 1
            edge.total += reward
    if not root:
        # Not even one playout fitted the deadline: the model's own move.
        st = knobs.determinise(view, seat, rng)
        return knobs.rollout.choose(game, st, seat, rng)
    best = max(root.values(), key=lambda e: (e.visits, e.total))
    return best.action
