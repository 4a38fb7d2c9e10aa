"""Computer players for Imperium. GreedyAI reads only the public board, never others' hidden cards."""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from functools import lru_cache
from typing import Any

from rules.ai import LevelSettings, Player, SearchAI, level_players
from rules.base import Game, Seat, owned_apply
from rules.imperium.actions import ALL_PLAYS, picks
from rules.imperium.data import ROWS
from rules.imperium.determinise import determinise
from rules.imperium.scoring import last_round, regions_in_round, resolve_region
from rules.imperium.state import ImperiumState
from rules.search import Budget, Knobs, margin_prospect, win_share

HORIZON_WEIGHTS = (1.0, 0.45, 0.2)
"""How much a region resolved this round, next round, the round after counts (later ones: 0)."""
LOCK_PENALTY = 0.25
"""Cost per marker sent to a region that will not be resolved soon (it stays locked there)."""
JITTER = 0.6
"""Random noise (in points) on each play's value. Identical greedy AIs would otherwise mirror each
other, and a region where everyone is equal scores nobody: a table of greedy AIs would end 0-0."""
OPPONENT_TEMPERATURE = 0.5
"""Normal's model of an opponent: plays a point better in its own eyes are e^2 times likelier."""
RANDOM_SHARE = 0.3
"""Normal's model of an opponent: the share of its play taken as random before any evidence."""
RANDOM_PER_FAR_MARKER = 0.15
"""... and the share added per marker it has left far from resolution (up to MAX_RANDOM_SHARE)."""
MAX_RANDOM_SHARE = 0.9
FINAL_SPAN = 2
FINAL_WEIGHT = 0.9
"""Normal: from FINAL_SPAN rounds before the last, the last round's regions count this much."""
RARE = 1e-4

_PICKS = tuple(picks(p) for p in ALL_PLAYS)
_PLACED_BY_SUPPLY = tuple(tuple(tuple(sorted(pk, reverse=True)[:n]) for pk in _PICKS) for n in range(4))
"""What each of the 165 plays places from a supply of 0, 1, 2 or 3+ markers (highest picks first, as the
engine places them when a seat runs short)."""
_INDEX = {p: i for i, p in enumerate(ALL_PLAYS)}


@lru_cache(maxsize=1 << 16)
def _points(counts: tuple[int, ...], region: int) -> tuple[int, ...]:
    """resolve_region memoised: the AIs ask for the same few count patterns thousands of times."""
    return tuple(resolve_region(counts, ROWS[region]))


class GreedyAI:
    """Picks the three regions with the best expected gain in the regions resolved soonest.

    Opponents are modelled as each adding 0 or 1 marker (equally likely) to every region, using
    only the public board; markers far from resolution carry a small penalty.
    """

    name = "greedy"

    jitter = JITTER
    horizon = HORIZON_WEIGHTS
    lock_penalty = LOCK_PENALTY

    def choose(self, game: Game[Any, Any], state: ImperiumState, seat: Seat, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        best: list[Any] = []
        best_value = float("-inf")
        for play, value in zip(legal, self.values(state, seat, legal), strict=True):
            value += rng.uniform(0.0, self.jitter)
            if value > best_value + 1e-9:
                best, best_value = [play], value
            elif abs(value - best_value) <= 1e-9:
                best.append(play)
        return rng.choice(best)

    def values(self, state: ImperiumState, seat: Seat, legal: list[Any]) -> list[float]:
        """Each play's expected gain, before the jitter."""
        weights = self._weights(state)
        gain = self._gains(state, seat, weights)
        supply = state.supply[seat]
        placed_all = _PLACED_BY_SUPPLY[min(3, supply)]
        out = []
        for play in legal:
            i = _INDEX.get(play)
            placed = placed_all[i] if i is not None else tuple(sorted(picks(play), reverse=True)[:supply])
            value = 0.0
            for r in set(placed):
                k = placed.count(r)
                if r in weights:
                    value += weights[r] * (gain[r][k] - gain[r][0])
                else:
                    value -= self.lock_penalty * k
            out.append(value)
        return out

    def _weights(self, state: ImperiumState) -> dict[int, float]:
        """How much each region counts this round (regions left out cost a lock penalty per marker)."""
        return self._region_weights(state, self.horizon)

    def _gains(self, state: ImperiumState, seat: Seat, weights: dict[int, float]) -> dict[int, list[float]]:
        """For each region in ``weights``: the seat's expected points there if it adds 0, 1, 2 or 3."""
        return {r: self._expected_by_added(state, seat, r) for r in weights}

    @staticmethod
    def _region_weights(state: ImperiumState, horizon: tuple[float, ...] = HORIZON_WEIGHTS) -> dict[int, float]:
        weights: dict[int, float] = {}
        final = last_round(state.variant)
        for d, w in enumerate(horizon):
            rnd = state.round + d
            if rnd > final:
                break
            for r in regions_in_round(state.variant, rnd):
                weights.setdefault(r, w)
        return weights

    def _scenarios(self, state: ImperiumState, others: list[Seat]) -> list[tuple[int, ...]]:
        """How many markers each other seat might add to a region (all equally likely)."""
        return list(itertools.product((0, 1), repeat=len(others)))

    def _expected_by_added(self, state: ImperiumState, seat: Seat, region: int) -> list[float]:
        """Expected points in ``region`` if this seat adds 0, 1, 2 or 3 markers there."""
        base = [state.board[s][region - 1] for s in range(state.players)]
        others = [s for s in range(state.players) if s != seat]
        scenarios = self._scenarios(state, others)
        out: list[float] = []
        for k in range(4):
            total = 0
            for adds in scenarios:
                counts = base[:]
                counts[seat] += k
                for s, a in zip(others, adds, strict=True):
                    counts[s] += a
                total += _points(tuple(counts), region)[seat]
            out.append(total / len(scenarios))
        return out


class QuickAI(GreedyAI):
    """Greedy with a sharper model of the opponents (a seat with an empty supply adds nothing to any
    region), a shorter horizon and more noise: the former Normal (52% of 300 games against three
    greedy seats), kept as Hard's rollout policy because it is several times cheaper than Normal."""

    name = "quick"
    jitter = 1.0
    horizon = (1.0, 0.3, 0.1)

    def _scenarios(self, state: ImperiumState, others: list[Seat]) -> list[tuple[int, ...]]:
        # What each opponent can still send: nothing from an empty supply.
        options = [(0, 1) if state.supply[s] > 0 else (0,) for s in others]
        return list(itertools.product(*options))


class NormalAI(GreedyAI):
    """Greedy's valuation against a model of what each opponent will send this round instead of
    "0 or 1 marker anywhere": every opponent is assumed to play as greedy would from its own seat
    (its supply, the regions it can win), softened by a share of random play that grows with the
    markers it has already sent to regions far from resolution (a careless or random player leaves
    them there; greedy never does). The points of each region come from the joint spread of the
    opponents' markers there. Regions two rounds off count more than greedy counts them: the markers
    stay, and the big regions at the end are won early."""

    name = "normal"
    jitter = 0.3
    horizon = (1.0, 0.7, 0.4)
    temperature = OPPONENT_TEMPERATURE
    random_share = RANDOM_SHARE
    random_per_far_marker = RANDOM_PER_FAR_MARKER

    def _weights(self, state: ImperiumState) -> dict[int, float]:
        weights = self._region_weights(state, self.horizon)
        final = last_round(state.variant)
        if state.round >= final - FINAL_SPAN:
            # The last round's regions are where the game is decided, and markers sent there now
            # stay until they count: value them nearly as if resolved this round.
            for r in regions_in_round(state.variant, final):
                weights[r] = max(weights.get(r, 0.0), FINAL_WEIGHT)
        return weights

    def _gains(self, state: ImperiumState, seat: Seat, weights: dict[int, float]) -> dict[int, list[float]]:
        others = [s for s in range(state.players) if s != seat]
        spreads = [self._spread(state, o, weights) for o in others]
        return {r: self._expected_vs_spread(state, seat, r, others, [sp[r] for sp in spreads]) for r in weights}

    def _random_share(self, state: ImperiumState, seat: Seat) -> float:
        """How much of ``seat``'s play to take as random: more for each marker it has left in a region
        resolved two or more rounds after this one."""
        return min(MAX_RANDOM_SHARE, self.random_share + self.random_per_far_marker * _far_markers(state, seat))

    def _spread(self, state: ImperiumState, seat: Seat, weights: dict[int, float]) -> dict[int, list[float]]:
        """For each region in ``weights``: the chance that ``seat`` sends 0, 1, 2 or 3 markers there."""
        if state.supply[seat] <= 0:
            return {r: [1.0, 0.0, 0.0, 0.0] for r in weights}
        values = _GREEDY.values(state, seat, ALL_PLAYS)
        top = max(values)
        likes = [math.exp((v - top) / self.temperature) for v in values]
        share = self._random_share(state, seat)
        scale = (1.0 - share) / sum(likes)
        even = share / len(likes)
        placed_all = _PLACED_BY_SUPPLY[min(3, state.supply[seat])]
        out = {r: [0.0] * 4 for r in weights}
        for like, placed in zip(likes, placed_all, strict=True):
            p = like * scale + even
            for r, row in out.items():
                row[placed.count(r)] += p
        return out

    @staticmethod
    def _expected_vs_spread(state: ImperiumState, seat: Seat, region: int, others: list[Seat],
                            spreads: list[list[float]]) -> list[float]:
        """Expected points in ``region`` if ``seat`` adds 0-3 markers, the others adding by ``spreads``
        (combinations rarer than 1 in 10,000 are left out: they cannot move a choice)."""
        base = [state.board[s][region - 1] for s in range(state.players)]
        cases: list[tuple[float, list[int]]] = []
        for adds in itertools.product(range(4), repeat=len(others)):
            p = 1.0
            for spread, a in zip(spreads, adds, strict=True):
                p *= spread[a]
            if p >= RARE:
                counts = base[:]
                for s, a in zip(others, adds, strict=True):
                    counts[s] += a
                cases.append((p, counts))
        total_p = sum(p for p, _ in cases)
        out = []
        for k in range(4):
            total = 0.0
            for p, counts in cases:
                counts[seat] = base[seat] + k
                total += p * _points(tuple(counts), region)[seat]
            out.append(total / total_p)
        return out


def _far_markers(state: ImperiumState, seat: Seat) -> int:
    """Markers ``seat`` has in regions resolved two or more rounds after this one."""
    row = state.board[seat]
    return sum(row[r - 1] for r in _far_regions(state.variant, state.round))


@lru_cache(maxsize=256)
def _far_regions(variant: str, rnd: int) -> tuple[int, ...]:
    """The regions first resolved two or more rounds after round ``rnd``."""
    soon = {r for d in range(2) for r in regions_in_round(variant, rnd + d)}
    later = {r for x in range(rnd + 2, last_round(variant) + 1) for r in regions_in_round(variant, x)}
    return tuple(sorted(later - soon))


def _resolved_in(state: ImperiumState) -> list[tuple[int, int]]:
    """(region, round it is resolved in) for every region still to be resolved."""
    out = []
    for rnd in range(state.round, last_round(state.variant) + 1):
        for r in regions_in_round(state.variant, rnd):
            if all(r != seen for seen, _ in out):
                out.append((r, rnd))
    return out


def prospects(state: ImperiumState, seat: Seat) -> float:
    """The search's evaluation: scores plus what the board would score in the regions still to be
    resolved soon (weighted as the greedy player weighs them), as a win chance."""
    scores = [float(x) for x in state.scores]
    for r, w in GreedyAI._region_weights(state).items():
        counts = [state.board[s][r - 1] for s in range(state.players)]
        for s, pts in enumerate(resolve_region(counts, ROWS[r])):
            scores[s] += w * pts
    return margin_prospect(scores, seat, scale=4.0)


class _NormalsBest:
    """Hard's candidate filter: Normal's best few plays, best first (by its values, without the jitter), only those
    within ``gap`` points of its best. Normal's valuation is exact over its model of the opponents;
    a few dozen noisy playouts should overrule it only between plays it rates nearly alike (in the
    lost games against random seats, Hard swapped Normal's clear best for a play two points worse).
    The search asks again at every playout for the same few positions (the root above all), so each
    answer is kept for the rest of the decision (the cache is small and cleared when full)."""

    def __init__(self, keep: int, gap: float) -> None:
        self.keep = keep
        self.gap = gap
        self.seen: dict[tuple[Any, ...], list[Any]] = {}

    def __call__(self, state: ImperiumState, seat: Seat, legal: list[Any]) -> list[Any]:
        key = (seat, state.variant, state.round, tuple(state.supply), tuple(map(tuple, state.board)), len(legal))
        best = self.seen.get(key)
        if best is None:
            if len(self.seen) >= CACHE_SIZE:
                self.seen.clear()
            values = _NORMAL.values(state, seat, legal)
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            floor = values[order[0]] - self.gap
            best = self.seen[key] = [legal[i] for i in order[: self.keep] if values[i] >= floor]
        return best


class EvidenceRollout:
    """Hard's model of every seat in its tree and playouts: QuickAI, except that a seat plays at random
    with a chance that grows with the markers it has left in regions far from resolution (greedy and
    Normal never leave any; a random player leaves a few every round). Against random seats the
    search then plans against random play instead of against three greedy players."""

    name = "evidence"

    def __init__(self, policy: GreedyAI, per_far_marker: float, cap: float) -> None:
        self.policy = policy
        self.per_far_marker = per_far_marker
        self.cap = cap

    def choose(self, game: Game[Any, Any], state: ImperiumState, seat: Seat, rng: random.Random) -> Any:
        far = _far_markers(state, seat)
        if far and rng.random() < min(self.cap, self.per_far_marker * far):
            return rng.choice(game.legal_actions(state, seat))
        return self.policy.choose(game, state, seat, rng)


class HardAI(SearchAI):
    """Normal's best play unless playouts show another of its candidates clearly better.

    Every candidate is played on from the same samples with the same random stream (common random
    numbers: the opponents answer each candidate alike, so the difference between two candidates
    is far less noisy than two independent sets of playouts), and a candidate replaces Normal's
    favourite only when its mean lead over it exceeds ``EDGE_Z`` standard errors. Imperium's own
    moves are one per round and the others' answers are simultaneous, so a tree deeper than the root
    gained nothing from 30 playouts; what the lost games against random seats showed was noise
    overruling Normal's clear best. The others' picks of this round come from Normal (softened by
    the evidence of random play, as in the playouts): the field Hard meets is Normal or weaker."""

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        view = game.view(state, seat)
        sample = self.knobs.determinise(view, seat, rng)
        legal = game.legal_actions(sample, seat)
        ranked = self.knobs.candidates(sample, seat, legal) if self.knobs.candidates and len(legal) > 1 else legal
        if len(ranked) == 1:
            return ranked[0]
        rewards: list[list[float]] = [[] for _ in ranked]
        start = time.process_time()
        for i in range(max(MIN_SAMPLES, self.budget.iterations // len(ranked))):
            if i >= MIN_SAMPLES and time.process_time() - start > self.budget.deadline_s:
                break
            stream = rng.getrandbits(64)
            sample = self.knobs.determinise(view, seat, rng)
            # The others choose without seeing this seat's pick: one answer per sample serves every candidate.
            answers = [(o, _RESPONDER.choose(game, sample, o, rng)) for o in sorted(game.to_act(sample)) if o != seat]
            for play, out in zip(ranked, rewards, strict=True):
                out.append(self._playout(game, sample, seat, [(seat, play), *answers], random.Random(stream)))
        return ranked[_clearly_best(rewards)]

    def _playout(self, game: Game[Any, Any], sample: Any, seat: Seat, picks: list[tuple[Seat, Any]],
                 rng: random.Random) -> float:
        """The round's ``picks`` on ``sample``, ``rollout_plies`` more moves played by the model, then the
        result or the evaluation."""
        step = owned_apply(game)
        st = sample
        for i, (who, play) in enumerate(picks):
            st = step(st, who, play) if i else game.apply(st, who, play)[0]  # the sample serves every candidate
        for _ in range(self.knobs.rollout_plies):
            if game.result(st) is not None:
                break
            actor = min(game.to_act(st))
            st = step(st, actor, self.knobs.rollout.choose(game, st, actor, rng))
        result = game.result(st)
        return win_share(result, seat) if result is not None else self.knobs.evaluate(st, seat)


def _clearly_best(rewards: list[list[float]]) -> int:
    """The candidate to play: 0 (Normal's favourite) unless another's mean lead over it, sample by
    sample, exceeds ``EDGE_Z`` standard errors; of those, the largest lead."""
    best, best_lead = 0, 0.0
    for k in range(1, len(rewards)):
        diffs = [x - y for x, y in zip(rewards[k], rewards[0], strict=True)]
        lead = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if lead > EDGE_Z * spread and lead > best_lead:
            best, best_lead = k, lead
    return best


CANDIDATES = 6
CANDIDATE_GAP = 1.0
"""Hard weighs only Normal's plays within this many points (Normal's valuation) of its best."""
EDGE_Z = 1.5
"""How many standard errors a candidate's lead over Normal's favourite must exceed to be played."""
MIN_SAMPLES = 4
"""Samples per candidate however many candidates there are (the spread needs a few)."""
CACHE_SIZE = 4096
SETTINGS = LevelSettings(easy_mistakes=0.15, hard=Budget(iterations=30, deadline_s=1.0), rollout_plies=8)
"""Imperium's levels. The issue asks Hard for at most 250 ms median, 1 s max of CPU per decision: 30
playouts shared among Normal's candidates (at least 4 samples each), each sample's picks of the round
by Normal, then two rounds by the cheap QuickAI, with region points memoised (``_points``), take about
half that. The CPU deadline is the issue's maximum, well above what the budget takes."""

_GREEDY = GreedyAI()
_QUICK = QuickAI()
_NORMAL = NormalAI()
KNOBS = Knobs(determinise, rollout=EvidenceRollout(_QUICK, RANDOM_PER_FAR_MARKER, MAX_RANDOM_SHARE),
              evaluate=prospects, rollout_plies=SETTINGS.rollout_plies,
              candidates=_NormalsBest(CANDIDATES, CANDIDATE_GAP))
_RESPONDER = EvidenceRollout(_NORMAL, RANDOM_PER_FAR_MARKER, MAX_RANDOM_SHARE)
"""Hard's model of the other seats' picks in the round it chooses."""
AIS: dict[str, Player] = level_players(_GREEDY, _NORMAL, determinise, SETTINGS, KNOBS)
"""Imperium's computer players by name; ``greedy`` is the heuristic stored games name (= easy's base)."""
AIS["hard"] = HardAI("hard", KNOBS, SETTINGS.hard)
