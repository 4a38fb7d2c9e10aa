"""Computer players for Barrage: random, today's greedy "engineer" heuristic, and the three levels.

The greedy player plays each of its decisions by trying every legal choice, finishing the rest of
its own turn greedily, and keeping the choice whose position is worth most to it (``value``).
Normal (``PlannerAI``) searches its turn the same way but judges positions by ``plan.worth`` (a
planning player's estimate of its final score). Easy is the greedy player with deliberate mistakes;
Hard judges positions by ``plan.worth`` plus what each advanced tile held was measured to be worth,
looks one round of turns ahead from its best few moves of each turn, Normal playing every other seat
after it, and drafts by what each company, officer and starting contract was measured to be worth.
Every level is honest: it plays on a state sampled from its view.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import chain
from typing import Any

from rules.ai import LevelSettings, Player, SearchAI, level_players
from rules.barrage import data, irrigation, plan, produce, supply
from rules.barrage.actions import Back, Pick, Place
from rules.barrage.determinise import determinise
from rules.barrage.engine import GAME
from rules.barrage.state import State
from rules.base import Game, Seat, owned_apply
from rules.search import Budget, Knobs, margin_prospect

# weights of the position value (house heuristic, tuned against the random player)
W_CREDIT, W_MACHINE, W_WHEEL, W_ENGINEER = 0.3, 0.8, 0.3, 0.2
W_ENERGY, W_DROP, W_TILE, W_CONTRACT = 0.6, 1.0, 1.5, 0.3
W_CONNECTED_DROP = 2.5
"""A drop in a dam of yours (or neutral) that one of your production systems can use."""
W_STRUCTURE = {"base": 4.0, "elevation": 3.0, "conduit": 1.2, "powerhouse": 5.0, "building": 4.0}
"""Per piece built; a conduit also counts 1.2 x its production value."""
W_IRRIGATION_TILE, W_IRRIGATION_POINT = 2.0, 1.0
"""Nile: an unused irrigation tile (its one-off effect) and each irrigation point (the round scorings)."""
MAX_STEPS = 12
"""How far the greedy player follows its own turn when judging a choice."""
SETTLE_DEPTH = 0
"""Normal: steps of a task (tile, site, payment) each step of it looks ahead before it is judged."""


def value(st: State, seat: Seat) -> float:
    """What the position is worth to ``seat``, in rough victory points."""
    c = st.companies[seat]
    if st.phase == "over":
        return float(st.final[seat]) * 10
    m = data.map_data(st.map)
    v = float(c.vp)
    v += W_CREDIT * c.credits + W_MACHINE * (c.exc + c.mix) + W_WHEEL * (sum(c.wexc) + sum(c.wmix))
    v += W_ENGINEER * (c.eng + c.arch) + W_ENERGY * c.energy
    v += W_TILE * sum(1 for t in c.tiles + [t for seg in c.wheel for t in seg] if data.TECH[t]["level"] > 0)
    v += W_CONTRACT * len(c.hand)
    for s in data.STRUCTURES[: len(c.left)]:
        v += W_STRUCTURE[s] * supply.built(c, s)
    v += sum(1.2 * m.conduits[k]["production"] for k, o in st.conduit_owner.items() if o == seat)
    v += W_DROP * sum(st.water.get(d, 0) for d, o in st.dam_owner.items() if o == seat)
    v += W_CONNECTED_DROP * sum(min(st.water.get(p.dam, 0), p.drops) for p in _best_systems(st, seat))
    if st.pile_irrigation:
        v += W_IRRIGATION_TILE * len(c.irr_up) + W_IRRIGATION_POINT * irrigation.points(st, seat)
    return v


def _best_systems(st: State, seat: Seat) -> list[Any]:
    """One production per dam (its largest), as a measure of the water the company can turn to energy."""
    best: dict[str, Any] = {}
    for p in produce.options(st, seat, 0, st.companies[seat].credits):
        if p.drops > getattr(best.get(p.dam), "drops", 0):
            best[p.dam] = p
    return list(best.values())


@contextmanager
def _unswept() -> Iterator[None]:
    """Python's cycle collector paused while a decision runs. A turn search makes and keeps thousands
    of positions (lists and dicts) that reference counting frees; kept alive, they made the collector
    sweep them again and again (a third of a Normal turn's CPU). Nothing here makes cycles, so pausing
    it changes no result; the collector runs again after the decision (as it was, when nested)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class _Positions:
    """The positions one decision's turn search reaches, each worked out once: the moves out of a
    position (its legal moves but Back, in their order, each with the position it leads to) and what a
    position is worth to the deciding seat. The walk through a turn goes through the very positions the
    judgement of its previous step already settled, so each is applied and judged only the first time.
    Positions are known by identity (each is kept here, so its id stays its own): nothing the search
    reaches is ever changed in place (``apply`` copies)."""

    __slots__ = ("_moves", "_picked", "_values", "game", "seat", "value")

    def __init__(self, game: Game[Any, Any], seat: Seat, value: Callable[[State, Seat], float]) -> None:
        self.game, self.seat, self.value = game, seat, value
        self._moves: dict[int, tuple[State, list[tuple[Any, State]]]] = {}
        self._picked: dict[int, tuple[State, list[tuple[Any, State]]]] = {}
        self._values: dict[int, tuple[State, float]] = {}

    def after(self, st: State, action: Any) -> State:
        """The position ``action`` leads to from ``st`` (one of the moves out of it, or one picked alone)."""
        for known in (self._moves.get(id(st)), self._picked.get(id(st))):
            if known is not None:
                for a, nxt in known[1]:
                    if a == action:
                        return nxt
        nxt = self.game.apply(st, self.seat, action)[0]
        self._picked.setdefault(id(st), (st, []))[1].append((action, nxt))
        return nxt

    def moves(self, st: State) -> list[tuple[Any, State]]:
        known = self._moves.get(id(st))
        if known is None:
            game, seat = self.game, self.seat
            known = self._moves[id(st)] = (st, [(a, game.apply(st, seat, a)[0])
                                                for a in game.legal_actions(st, seat) if not isinstance(a, Back)])
        return known[1]

    def worth(self, st: State) -> float:
        known = self._values.get(id(st))
        if known is None:
            known = self._values[id(st)] = (st, self.value(st, self.seat))
        return known[1]


class GreedyAI:
    """Chooses the move that leaves its own position worth most after finishing its turn."""

    name = "greedy"

    @staticmethod
    def value(st: State, seat: Seat) -> float:
        return value(st, seat)

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random,
               seen: _Positions | None = None) -> Any:
        """The move for ``seat``; ``seen``: positions this player already judged for ``seat`` from
        ``state`` (Hard's ranking, reused for its own next steps)."""
        # the bank is judged one engineer at a time; a turn is never taken back (Back changes nothing)
        every = game.legal_actions(state, seat)
        legal = [a for a in every if not (isinstance(a, Place) and a.n > 1) and not isinstance(a, Back)] or every
        if len(legal) == 1:
            return legal[0]
        with _unswept():
            scored = self._scored(game, state, seat, legal, rng, seen)
        return legal[max(scored)[2]]

    def _scored(self, game: Game[Any, Any], state: Any, seat: Seat, legal: list[Any], rng: random.Random,
                seen: _Positions | None) -> list[tuple[float, float, int]]:
        # the positions are let go on return, before the collector runs again: else its first sweep
        # would go through every one of them
        seen = seen or _Positions(game, seat, self.value)
        return [(self._judge(seen, state, a), rng.random(), i) for i, a in enumerate(legal)]

    def _judge(self, seen: _Positions, state: State, action: Any) -> float:
        """The position after ``action`` and the rest of the turn played greedily, step by step."""
        game, seat = seen.game, seen.seat
        st = seen.after(state, action)
        for _ in range(MAX_STEPS):
            if game.result(st) is not None or seat not in game.to_act(st) or st.tasks[0].kind == "turn":
                break
            here = st
            st = max(seen.moves(here), key=lambda move: self._step_value(seen, here, move[1]))[1]
        return seen.worth(st)

    def _step_value(self, seen: _Positions, st: State, after: State) -> float:
        """How a step inside the turn (a tile, a site, a payment) is judged: the position right after it."""
        return seen.worth(after)


class PlannerAI(GreedyAI):
    """Normal: the same turn-by-turn search as the greedy player, judged by ``plan.worth`` (chains
    towards water, production every round, contracts it can meet, credits at what they still buy)."""

    name = "planner"

    @staticmethod
    def value(st: State, seat: Seat) -> float:
        return plan.worth(st, seat)

    def _step_value(self, seen: _Positions, st: State, after: State) -> float:
        # A step is judged with the rest of its task finished (a site with its payment, a tile with its
        # site): judged alone, every site of a construction looks alike until it is paid for.
        kind = st.tasks[0].kind if st.tasks else ""
        return self._settled(seen, after, kind, SETTLE_DEPTH)

    def _settled(self, seen: _Positions, st: State, kind: str, depth: int) -> float:
        """``plan.worth`` once the seat has finished the task of ``kind`` under way (each step looking
        ``depth`` steps further), or of ``st`` itself if that task is over."""
        game, seat = seen.game, seen.seat
        for _ in range(MAX_STEPS):
            if game.result(st) is not None or seat not in game.to_act(st) or not st.tasks or st.tasks[0].kind != kind:
                break
            after = seen.moves(st)
            if not after:
                break
            if depth <= 0:
                st = max(after, key=lambda move: seen.worth(move[1]))[1]
            else:
                st = max(after, key=lambda move: self._settled(seen, move[1], kind, depth - 1))[1]
        return seen.worth(st)

    def ranked(self, game: Game[Any, Any], state: Any, seat: Seat, legal: list[Any],
               seen: _Positions | None = None) -> list[Any]:
        """``legal`` best first by this player's judgement (ties in list order); ``seen`` keeps the
        positions judged on the way."""
        seen = seen or _Positions(game, seat, self.value)
        scored = [(self._judge(seen, state, a), -i) for i, a in enumerate(legal)]
        return [legal[-i] for _, i in sorted(scored, reverse=True)]


_NORMAL = PlannerAI()


def hard_worth(st: State, seat: Seat) -> float:
    """Hard's judgement: ``plan.worth`` plus ``data.AI_TILES``'s weight times the measured worth of each
    advanced tile the company holds (in supply or on the wheel). ``plan.worth`` counts every advanced
    tile alike, yet in games of Normals the seat holding an L1 base tile ended 24 VP further ahead and
    one holding the L2 joker 7 VP further behind."""
    v = plan.worth(st, seat)
    c = st.companies[seat]
    if st.phase != "over" and c.company:
        table = data.AI_TILES["tiles"]
        v += data.AI_TILES["weight"] * sum(table.get(t, 0.0) for t in chain(c.tiles, chain.from_iterable(c.wheel)))
    return v


class HardPlanner(PlannerAI):
    """Hard's own turn search: Normal's, judged by ``hard_worth``."""

    name = "hard-planner"

    @staticmethod
    def value(st: State, seat: Seat) -> float:
        return hard_worth(st, seat)


_HARD_OWN = HardPlanner()
WORTH_SCALE = 12.0
"""The generic search's evaluation: a lead of this many estimated VP is a solid lead (``margin_prospect``)."""


def prospects(st: State, seat: Seat) -> float:
    """The generic search's evaluation of an unfinished game: ``seat``'s lead in ``plan.worth`` over the best other."""
    return margin_prospect([plan.worth(st, s) for s in range(st.players)], seat, WORTH_SCALE)


class HardAI(SearchAI):
    """Hard: a look one round of turns ahead. Its own best few main choices of a turn (``HardPlanner``:
    Normal's search judged by ``hard_worth``) are each played on until the seat's next turn (the rest
    of its own turn by ``HardPlanner``, every other seat's reply by Normal, on the same samples of the
    face-down piles) and judged by the seat's lead in ``hard_worth`` then; it keeps its first choice
    unless another leads it by ``KEEP_MARGIN``. Normal judges its own position alone; this sees the
    spaces and water the others take in reply. The steps after the main choice (tile, site, payment,
    fulfil) are ``HardPlanner``'s, on a sample of the view; the draft is ``draft_pick``'s."""

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        with _unswept():
            return self._choose(game, state, seat, rng)

    def _choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        view = game.view(state, seat)
        st = determinise(view, seat, rng)
        if view["step"] == "draft":
            return draft_pick(game, st, seat)
        if view["step"] != "turn":
            return _HARD_OWN.choose(game, st, seat, rng)
        every = game.legal_actions(st, seat)
        legal = [a for a in every if not (isinstance(a, Place) and a.n > 1) and not isinstance(a, Back)] or every
        if len(legal) == 1:
            return legal[0]
        seen = _Positions(game, seat, _HARD_OWN.value)
        ranked = _HARD_OWN.ranked(game, st, seat, legal, seen)[:CANDIDATES]
        samples = max(1, self.budget.iterations // len(ranked))
        start = time.process_time()
        totals = [0.0] * len(ranked)
        for i in range(samples):
            # common random numbers: every candidate meets the same deal and the same tie-breaks
            seed = rng.getrandbits(64)
            deal = st if i == 0 else determinise(view, seat, random.Random(seed))
            leads = []
            for a in ranked:
                if (i or leads) and time.process_time() - start > self.budget.deadline_s:
                    break
                leads.append(_lead_after_replies(game, deal, seat, a, random.Random(seed), seen if i == 0 else None))
            if len(leads) < len(ranked):
                break  # a sample cut by the deadline is left out, so every candidate is judged alike
            totals = [t + x for t, x in zip(totals, leads, strict=True)]
        best = max(range(len(ranked)), key=lambda j: (totals[j], -j))
        return ranked[best] if totals[best] - totals[0] > KEEP_MARGIN * samples else ranked[0]


def draft_pick(game: Game[Any, Any], st: State, seat: Seat) -> Pick:
    """Hard's draft: the matchup and starting contract worth most by ``data.AI_DRAFT`` (what each
    company, officer and contract added to a Normal's final margin, measured over hundreds of games:
    a draft is one choice whose play-outs Hard cannot afford within a decision); ties, and choices the
    table does not know (worth 0), in Normal's order."""
    table = data.AI_DRAFT
    picks = [a for a in game.legal_actions(st, seat) if isinstance(a, Pick)]

    def worth(pick: Pick) -> float:
        company, officer = st.matchups[pick.m]
        return (table["company"].get(company, 0.0) + table["officer"].get(officer, 0.0)
                + table["contract"].get(pick.contract, 0.0))

    return max(_NORMAL.ranked(game, st, seat, picks), key=worth)  # max keeps the first of equals


def _lead_after_replies(game: Game[Any, Any], st: State, seat: Seat, action: Any, rng: random.Random,
                        seen: _Positions | None = None) -> float:
    """``seat``'s lead in ``hard_worth`` over the best other once ``action`` and everything played after
    it (its own steps judged by ``seen``'s value, the others' turns by Normal) have brought the game
    back to ``seat``'s next turn. ``seen``: the positions Hard's ranking of ``st`` reached, which the
    seat's own next steps reuse."""
    step = owned_apply(game)
    # the seat's own steps walk through positions Normal's ranking judged: taken from ``seen`` (shared,
    # never changed in place); from the first other seat's move on, the look-ahead owns its position
    shared = seen is not None
    st = seen.after(st, action) if seen is not None else game.apply(st, seat, action)[0]
    for _ in range(REPLY_PLIES):
        if game.result(st) is not None:
            break
        actor = min(game.to_act(st))
        if actor == seat and st.tasks and st.tasks[0].kind == "turn":
            break
        if shared and seen is not None and actor == seat:
            st = seen.after(st, _NORMAL.choose(game, st, actor, rng, seen))
        elif shared:
            st = game.apply(st, actor, _NORMAL.choose(game, st, actor, rng))[0]
            shared = False
        else:
            st = step(st, actor, _NORMAL.choose(game, st, actor, rng))
    worths = [hard_worth(st, s) for s in range(st.players)]
    return worths[seat] - max(w for s, w in enumerate(worths) if s != seat)


SETTINGS = LevelSettings(easy_mistakes=0.15, hard=Budget(iterations=3, deadline_s=1.5), rollout_plies=3)
"""Hard's budget: ``iterations`` look-aheads per main choice, shared by the candidates (one sample of
the face-down piles each: they barely change a round of turns); CPU deadline 1.5 s."""
CANDIDATES = 3
"""Main choices Hard looks ahead from (Normal's best), of the 20-60 legal ones."""
KEEP_MARGIN = 0.5
"""Estimated VP of lead (per sample) another candidate needs over Normal's choice to be played instead."""
REPLY_PLIES = 60
"""Moves followed at most until the seat's next turn (a round of turns is 10-25)."""
KNOBS = Knobs(determinise, rollout=_NORMAL, evaluate=prospects, rollout_plies=SETTINGS.rollout_plies)
"""The generic search's knobs (the sampler, Normal as the model of every seat): Hard's own look-ahead
reads the sampler and budget from them, and ``rules/search.py`` can still search Barrage with them."""

AIS: dict[str, Player] = level_players(GreedyAI(), _NORMAL, determinise, SETTINGS, KNOBS)
AIS["hard"] = HardAI("hard", KNOBS, SETTINGS.hard)

__all__ = ["AIS", "GAME", "SETTINGS", "GreedyAI", "HardAI", "HardPlanner", "PlannerAI", "draft_pick", "hard_worth",
           "prospects", "value"]
