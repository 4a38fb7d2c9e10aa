"""Alhambra's computer players: greedy (chase the most common face, aim for first place in a column),
Normal (the dice odds, a column worth what it adds to the seat's own scorings) and Hard (Normal's dice
odds with every position judged by an outlook of all seats' scores to come)."""

from __future__ import annotations

import random
import time
from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import Any

from rules.ai import LevelSettings, SearchAI, level_players
from rules.base import Game
from rules.search import Budget, Knobs, margin_prospect

from . import alhambra as alh
from .actions import Build, Claim, NameStart, Place, Push, Remove, Reroll, SetBlack, Swap, Take, TakeStart
from .data import (
    CELLS,
    CHIPS,
    DICE,
    MAX_POINTS,
    NB,
    NCELLS,
    POINTS,
    ROUNDS,
    SCORE_ROUNDS,
    START_CHIP,
    TABLES,
    TILE_TYPES,
)
from .determinise import determinise
from .dice import landing, target
from .engine import AlhambraDiceGame
from .scoring import chip_points, split_places, type_counts
from .state import CLAIM, OVER, ROLL, START, TAKE, State, seats

# A column's worth grows to the right (Pavilion 1 ... Tower 6 in every scoring table).
_WORTH = tuple(TABLES["C"][b][0] for b in range(NB))


def _above(state: State, building: int, cell: int) -> int:
    """Markers already better than ``cell`` in the column."""
    base = building * NCELLS
    return sum(1 for i in range(min(cell, NCELLS)) if state.grid[base + i] >= 0)


@lru_cache(maxsize=8192)
def _place_points(counts: tuple[float, ...], letter: str, building: int) -> tuple[int, ...]:
    """Alcazaba: each seat's points for ``building`` at scoring ``letter`` with these tile counts (kept:
    a search asks for the same few counts thousands of times)."""
    return tuple(split_places(list(counts), TABLES[letter][building]))


def _taken(state: State) -> list[list[int]]:
    """The occupied cells of each column, best first (a marker's rank is how many lie above it)."""
    grid = state.grid
    return [[i for i in range(NCELLS) if grid[b * NCELLS + i] >= 0] for b in range(NB)]


def _place_value(state: State, a: Place) -> float:
    if a.cell >= NCELLS:
        return -1.0
    rank = _above(state, a.building, a.cell)
    share = (1.0, 0.45)[rank] if rank < 2 else 0.02
    if state.version == "alcazaba":
        share = 1.0 if rank < len(state.tiles[a.building]) else 0.02
    return share * _WORTH[a.building] + a.count * 0.1


class GreedyAI:
    """Keeps the dice of its best building, places when it would lead a column, takes points."""

    name = "greedy"

    def choose(self, game: Game[Any, Any], state: State, seat: int, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        if state.phase == ROLL:
            return self._turn(state, legal, rng)
        if state.phase == CLAIM:
            chip = state.fields[state.col]
            want_chip = chip == START_CHIP or (chip >= 0 and chip != START_CHIP and CHIPS[chip].effect == POINTS)
            for a in legal:
                if isinstance(a, Claim) and a.chip == want_chip and a.to == state.col:
                    return a
            return legal[0]
        if state.phase == START:
            return NameStart(seat) if NameStart(seat) in legal else legal[0]
        if state.phase == TAKE:
            grid = alh.from_flat(state.alhambra[seat])
            takes = [a for a in legal if isinstance(a, Take)]
            if takes:
                return max(takes, key=lambda a: (_wall_after(grid, a), -abs(a.x) - abs(a.y)))
            return next((a for a in legal if not isinstance(a, TakeStart)), legal[0])
        return rng.choice(legal)

    def _turn(self, state: State, legal: list[Any], rng: random.Random) -> Any:
        places = [a for a in legal if isinstance(a, Place)]
        best = max(places, key=lambda a: _place_value(state, a))
        rolls_left = 3 - len(state.history)
        good = _place_value(state, best) >= _WORTH[best.building] * 0.9 and best.count >= 4
        if rolls_left and not good:
            counts = [0] * NB
            for f in state.dice:
                counts[f] += 1
            target = max(range(NB), key=lambda b: (counts[b], b))
            mask = sum(1 << i for i, f in enumerate(state.dice) if f != target)
            if mask and Reroll(mask) in legal:
                return Reroll(mask)
        builds = [a for a in legal if isinstance(a, Build)]
        if builds and _place_value(state, best) < 1.0:
            return builds[0]
        return best


class NormalAI(GreedyAI):
    """Greedy's claims and tiles, but its turn weighs the dice odds: for each building it compares
    placing now with the expected worth of setting those dice aside and re-rolling the rest (each
    re-rolled die shows that building with chance 1/6), looking ahead through every re-roll left. A
    column is worth what winning it adds to the seat's own scorings still to come (``_valuer``), not
    a fixed worth per building: a lead that needs no more points, or a race it cannot change, is
    worth little."""

    name = "normal"

    def _turn(self, state: State, legal: list[Any], rng: random.Random) -> Any:
        ranked = self.ranked_turn(state, legal)
        return ranked[0] if ranked else super()._turn(state, legal, rng)

    def ranked_turn(self, state: State, legal: list[Any]) -> list[Any]:
        """The turn's moves Normal weighs, best first: for each building, placing now or keeping its
        dice and re-rolling the rest (empty when there is nothing to place)."""
        moves = _TurnMoves(legal)
        if not moves.places:
            return []
        scored = _dice_moves(state, moves, _Odds(state, self._valuer(state)))
        builds = moves.builds
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        if builds and scored[0][0] < 1.0:
            return [builds[0], *(a for _, _, a in scored)]
        return [a for _, _, a in scored]

    def _valuer(self, state: State) -> Callable[[Place], float]:
        """How much a placement is worth to the seat on turn: for each column, what its reward
        packages would add to the seat's scorings still to come, as the building tracks stand (a
        column where 2 points change no rank is worth little), its chip (a points chip pays at every
        scoring left), and for the second marker the package the first leaves."""
        seat = state.seat
        coming = _coming(state)
        if state.version == "alcazaba":
            return self._tile_valuer(state, seat, coming)
        firsts: list[float] = []
        seconds: list[float] = []
        for b in range(NB):
            now = _standing(state, seat, b, 0, coming)
            two = _standing(state, seat, b, 2, coming) - now + 2 * POINT_VALUE
            one = _standing(state, seat, b, 1, coming) - now + POINT_VALUE
            with_chip = one + _chip_value(state.fields[b], len(coming))
            firsts.append(max(two, with_chip))
            seconds.append(min(two, with_chip))

        turns = sum(h for s, h in enumerate(state.hand) if s != seat)
        taken = _taken(state)

        def value(a: Place) -> float:
            if a.cell >= NCELLS:
                return -1.0
            b = a.building
            rank = bisect_left(taken[b], a.cell)
            lost = 0.02 * firsts[b]
            if rank >= 2:
                return lost + a.count * 0.1
            # The opponents' turns left this round may land above the marker, each with the chance
            # that a seat going for this column beats its cell.
            p = OVERTAKE_ATTENTION * _BEAT[a.cell]
            hold = (1 - p) ** turns
            if rank == 1:
                return hold * seconds[b] + (1 - hold) * lost + a.count * 0.1
            once = turns * p * (1 - p) ** (turns - 1) if turns else 0.0
            return hold * firsts[b] + once * seconds[b] + (1 - hold - once) * lost + a.count * 0.1

        return value

    @staticmethod
    def _tile_valuer(state: State, seat: int, coming: list[tuple[str, float]]) -> Callable[[Place], float]:
        """Alcazaba: a column is worth what one more tile of its type adds to the seat's majorities at
        the scorings to come, with the tiles this round's markers already expect counted in."""
        rows = _projected_types(state)
        taken = _taken(state)
        gains = []
        for b in range(NB):
            counts = [row[b] for row in rows]
            before = sum(w * _place_points(tuple(counts), letter, b)[seat] for letter, w in coming)
            counts[seat] += 1
            after = sum(w * _place_points(tuple(counts), letter, b)[seat] for letter, w in coming)
            gains.append(after - before + POINT_VALUE)

        def value(a: Place) -> float:
            if a.cell >= NCELLS:
                return -1.0
            wins = bisect_left(taken[a.building], a.cell) < len(state.tiles[a.building])
            return (1.0 if wins else 0.02) * gains[a.building] + a.count * 0.1

        return value


class _TurnMoves:
    """The moves of a roll by kind, sorted in one pass (the legal list holds the 255 re-rolls)."""

    __slots__ = ("blacks", "builds", "may_reroll", "places", "pushes", "redesigns")

    def __init__(self, legal: list[Any]) -> None:
        self.places: dict[int, Place] = {}
        self.may_reroll = False
        self.builds: list[Build] = []
        self.redesigns: list[Remove | Swap] = []
        self.pushes: list[Push] = []
        self.blacks: list[SetBlack] = []
        for a in legal:
            kind = type(a)
            if kind is Place:
                self.places[a.building] = a
            elif kind is Reroll:
                self.may_reroll = True
            elif kind is Build:
                self.builds.append(a)
            elif kind is Remove or kind is Swap:
                self.redesigns.append(a)
            elif kind is Push:
                self.pushes.append(a)
            elif kind is SetBlack:
                self.blacks.append(a)


def _face_counts(state: State) -> list[int]:
    counts = [0] * NB
    for f in state.dice:
        counts[f] += 1
    return counts


def _dice_moves(state: State, moves: _TurnMoves, odds: _Odds) -> list[tuple[float, int, Any]]:
    """(worth, tie-break, move) for each building: placing now, and keeping its dice and re-rolling
    the rest (worth by the dice odds through every re-roll left); lower buildings first on a tie."""
    rolls = len(state.history)
    counts = _face_counts(state)
    scored: list[tuple[float, int, Any]] = []
    for b, place in moves.places.items():
        scored.append((odds.value(place), -3 * b, place))
        mask = sum(1 << i for i, f in enumerate(state.dice) if f != b)
        if moves.may_reroll and mask:  # any mask is a legal re-roll while one is
            wait = odds.expected(b, counts[b] + (state.black == b), len(state.dice) - counts[b], rolls)
            scored.append((wait, -3 * b - 1, Reroll(mask)))
    return scored


def _beat_table() -> tuple[float, ...]:
    """_BEAT[cell]: the chance that a seat going for one column (keeping its dice, re-rolling the
    rest) reaches a better cell than ``cell`` within its three rolls."""
    out = []
    for n, col in CELLS:
        rolls = "LMR".index(col) + 1
        left, beat = {0: 1.0}, 0.0  # dice kept -> chance, among the tries not yet better
        for k in (1, 2, 3):
            nxt: dict[int, float] = {}
            for have, p in left.items():
                for j in range(DICE - have + 1):
                    q = p * _BINOMIAL[DICE - have][j]
                    if have + j > n or (have + j == n and k < rolls):
                        beat += q
                    else:
                        nxt[have + j] = nxt.get(have + j, 0.0) + q
            left = nxt
        out.append(beat)
    return tuple(out)


OVERTAKE_ATTENTION = 0.5
"""Normal: the share of an opponent's turns spent going for a given column (times _BEAT, the
chance that one such turn lands above a marker)."""
POINT_VALUE = 0.5
"""Normal: a building point's worth beyond the ranks it changes today (it counts at later scorings)."""
CHIP_VALUE = {START_CHIP: 0.5}
ONE_SHOT_CHIP = 1.5
"""Normal: the start-player chip and a one-shot chip (swap, push, cancel, black die), in points."""


def _standing(state: State, seat: int, building: int, extra: int, coming: list[tuple[str, float]]) -> float:
    """What ``seat`` scores for ``building`` at the scorings to come with ``extra`` points more (the
    newest arrival on a shared space of the track ranks below those there before it)."""
    mine = min(MAX_POINTS, state.points[seat][building] + extra)
    if mine <= 0:
        return 0.0
    late = extra > 0
    rank = 0
    for s, row in enumerate(state.points):
        theirs = row[building]
        if s != seat and theirs > 0 and (theirs > mine or (theirs == mine and (
                late or state.arrival[s][building] < state.arrival[seat][building]))):
            rank += 1
    return sum(w * TABLES[letter][building][rank] for letter, w in coming if rank < len(TABLES[letter][building]))


def _chip_value(chip: int, scorings: int) -> float:
    if chip < 0:
        return 0.0
    if chip in CHIP_VALUE:
        return CHIP_VALUE[chip]
    return CHIPS[chip].value * scorings if CHIPS[chip].effect == POINTS else ONE_SHOT_CHIP


class _Odds:
    """The dice odds of one decision, each value worked out once (the look-ahead revisits them)."""

    def __init__(self, state: State, value: Callable[[Place], float]) -> None:
        self.state = state
        self.value = value
        self.cells: dict[tuple[int, int, int], float] = {}
        self.waits: dict[tuple[int, int, int, int], float] = {}

    def cell_value(self, building: int, count: int, rolls: int) -> float:
        key = (building, count, rolls)
        v = self.cells.get(key)
        if v is None:
            st = self.state
            cell = landing(st.grid, building, target(count, rolls)) if count else NCELLS
            v = self.cells[key] = self.value(Place(building, count, cell))
        return v

    def expected(self, building: int, have: int, rerolled: int, rolls: int) -> float:
        """Expected worth of re-rolling ``rerolled`` dice for ``building`` (``have`` already
        showing) after ``rolls`` rolls, then placing or re-rolling again, whichever is better."""
        key = (building, have, rerolled, rolls)
        v = self.waits.get(key)
        if v is not None:
            return v
        total = 0.0
        for k in range(rerolled + 1):
            p = _BINOMIAL[rerolled][k]
            value = self.cell_value(building, have + k, rolls + 1)
            if rolls + 1 < 3 and rerolled - k:
                value = max(value, self.expected(building, have + k, rerolled - k, rolls + 1))
            total += p * value
        self.waits[key] = total
        return total


_BINOMIAL = tuple(tuple(comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for k in range(n + 1)) for n in range(DICE + 1))
"""_BINOMIAL[n][k]: the chance that k of n re-rolled dice show a given face."""
_BEAT = _beat_table()


def _wall_after(grid: alh.Grid, a: Take) -> int:
    grid[(a.x, a.y)] = a.tile
    try:
        return alh.longest_wall(grid)
    finally:
        del grid[(a.x, a.y)]


ROUND_WEIGHT = 0.8
"""How surely a dice-area position this round turns into its reward: a marker keeps its cell,
but a later one can still land above it."""
LATER_WEIGHT = 0.6
"""How much a scoring after this round counts today's standings for: they move before it."""
RESERVE_WEIGHT = 0.5
"""Alcazaba: a tile on the reserve board counts this much of one in the Alhambra (it can still
be built, at the cost of a marker)."""
PROSPECT_SCALE = 6.0
"""Points of lead over the best other seat that make a solid win chance (margin_prospect)."""


def _coming(state: State) -> list[tuple[str, float]]:
    """The scorings still to come (this round's included) with how much each counts."""
    return [(SCORE_ROUNDS[r], 1.0 if r == state.round else LATER_WEIGHT)
            for r in range(state.round, ROUNDS + 1) if r in SCORE_ROUNDS]


def _column_owners(state: State, building: int) -> list[int]:
    base = building * NCELLS
    return [o for o in state.grid[base : base + NCELLS] if o >= 0]


def _projected_types(state: State) -> list[list[float]]:
    """Alcazaba: tiles per type once this round's columns are taken (the first ``k`` of a column
    with ``k`` tiles each take one), reserve tiles counted in part."""
    rows = [[float(c) for c in row] for row in type_counts(state)]
    for s in range(state.players):
        for t in state.reserve[s]:
            rows[s][TILE_TYPES[t]] += RESERVE_WEIGHT
    sure = 1.0 if state.phase != ROLL else ROUND_WEIGHT
    for b in range(state.col if state.phase != ROLL else 0, NB):
        for seat in _column_owners(state, b)[: len(state.tiles[b])]:
            rows[seat][b] += sure
    return rows


# ----------------------------------------------------------------------------- Hard


def _hold(cell: int, turns: int) -> tuple[float, float]:
    """A marker on ``cell`` facing ``turns`` opponent turns: the chance nobody lands above it, and the
    chance exactly one does (Normal's overtake model: _BEAT times OVERTAKE_ATTENTION per turn)."""
    if turns <= 0 or cell >= NCELLS:
        return (1.0, 0.0) if cell < NCELLS else (0.0, 0.0)
    p = OVERTAKE_ATTENTION * _BEAT[cell]
    return (1 - p) ** turns, turns * p * (1 - p) ** (turns - 1)


def _packages(state: State, b: int, scorings: int) -> tuple[tuple[int, float], tuple[int, float]]:
    """Basic: (points, chip worth) the first and the second of column ``b`` get, the first choosing as
    every level does (a points chip or the start-player chip with 1 point, else 2 points)."""
    chip = state.fields[b]
    worth = _chip_value(chip, scorings)
    if chip >= 0 and (chip == START_CHIP or CHIPS[chip].effect == POINTS):
        return (1, worth), (2, 0.0)
    return (2, 0.0), (1, worth)


class _Outlook:
    """Hard's judgement of a position for one seat: every seat's score at the end, estimated from the
    score so far and what the scorings to come pay on today's standings, with this round's dice area
    paid out at the chance each marker keeps its place against the opponents' turns left (Normal's
    overtake model, for every marker on the board, in both versions), turned into a win chance by
    the seat's lead over the best other (``margin_prospect``) plus a little of the lead itself, so
    that a decided game still prefers the larger margin. Normal values one column for its own seat;
    the outlook weighs what a move takes from the others too.

    Columns are kept apart so that a hypothetical marker changes one column's share only."""

    def __init__(self, state: State, seat: int, hand: list[int]) -> None:
        self.state = state
        self.seat = seat
        self.hand = hand
        self.coming = _coming(state) if state.phase != OVER else []
        n = seats(state)
        self.n = n
        self.turns = [sum(h for o, h in enumerate(hand) if o != s) for s in range(n)]
        scorings = len(self.coming)
        self.scorings = scorings
        grid = state.grid
        self.owners = [[(grid[b * NCELLS + c], c) for c in cells] for b, cells in enumerate(_taken(state))]
        base = [float(x) for x in state.score[:n]]
        if state.version == "basic":
            for s in range(n):
                base[s] += scorings * chip_points(state, s)
            self.column = self._basic_column
        else:
            rows = [[float(c) for c in row] for row in type_counts(state)]
            for s in range(state.players):
                for t in state.reserve[s]:
                    rows[s][TILE_TYPES[t]] += RESERVE_WEIGHT
                wall, doors = _wall_and_doors(tuple(state.alhambra[s]))
                base[s] += sum(w for _, w in self.coming) * wall + _room_worth(state, doors)
            self.rows = rows
            self.column = self._tile_column
        self.base = base
        self.columns = [self.column(b, self.owners[b]) for b in range(NB)]

    def _basic_column(self, b: int, markers: list[tuple[int, int]]) -> list[float]:
        """What building ``b`` pays each seat at the scorings to come, this column's awards mixed by
        the chance each of its first two markers keeps its place."""
        st = self.state
        first_pkg, second_pkg = _packages(st, b, self.scorings)
        owners = markers[:2]
        done = 0
        if st.phase in (CLAIM, START) and b == st.col:
            done = st.step  # the first's package is already on the track
            if done:
                second_pkg = (2, 0.0) if st.first_chip else (1, _chip_value(st.fields[b], self.scorings))
        elif st.phase != ROLL and b < st.col:
            owners = []
        outcomes: list[tuple[float, list[tuple[int, tuple[int, float]]]]] = []
        if not owners or done >= len(owners):
            outcomes.append((1.0, []))
        elif done == 1:
            outcomes.append((1.0, [(owners[1][0], second_pkg)]))
        else:
            a, cell_a = owners[0]
            h0, once0 = _hold(cell_a, self.turns[a])
            if len(owners) > 1:
                s2, cell_2 = owners[1]
                h1, _ = _hold(cell_2, self.turns[s2])
                outcomes.append((h0 * h1, [(a, first_pkg), (s2, second_pkg)]))
                outcomes.append((h0 * (1 - h1), [(a, first_pkg)]))
            else:
                outcomes.append((h0, [(a, first_pkg)]))
            outcomes.append((once0, [(a, second_pkg)]))
            outcomes.append((max(0.0, 1 - h0 - once0), []))
        out = [0.0] * self.n
        points, arrival = st.points, st.arrival
        for prob, gains in outcomes:
            if prob <= 0:
                continue
            pts = [float(points[s][b]) for s in range(self.n)]
            late = [False] * self.n
            for s, (gain, worth) in gains:
                pts[s] = min(float(MAX_POINTS), pts[s] + gain)
                late[s] = True
                out[s] += prob * worth
            ranked = sorted((s for s in range(self.n) if pts[s] > 0),
                            key=lambda s: (-pts[s], late[s], arrival[s][b]))
            for letter, weight in self.coming:
                table = TABLES[letter][b]
                for place, s in enumerate(ranked[: len(table)]):
                    out[s] += prob * weight * table[place]
        return out

    def _tile_column(self, b: int, markers: list[tuple[int, int]]) -> list[float]:
        """Alcazaba: what tiles of type ``b`` pay each seat at the scorings to come, each marker that
        would take one of the column's tiles counted at the chance that too few markers land above
        it to push it past the last tile (every outcome of the column's markers weighed)."""
        st = self.state
        k = len(st.tiles[b]) if st.phase == ROLL or b >= st.col else 0
        owners = markers[:k]
        chances = []
        for rank, (s, cell) in enumerate(owners):
            turns = self.turns[s]
            p = OVERTAKE_ATTENTION * _BEAT[cell] if cell < NCELLS else 1.0
            room = k - rank  # overtakes it survives: fewer than this
            keep = sum(comb(turns, j) * p**j * (1 - p) ** (turns - j) for j in range(min(room, turns + 1)))
            chances.append((s, keep))
        out = [0.0] * self.n
        rows = self.rows
        for mask in range(1 << len(chances)):
            prob = 1.0
            counts = [rows[s][b] for s in range(self.n)]
            for i, (s, q) in enumerate(chances):
                if mask >> i & 1:
                    prob *= q
                    counts[s] += 1
                else:
                    prob *= 1 - q
            if prob <= 0:
                continue
            key = tuple(counts)
            for letter, weight in self.coming:
                for s, g in enumerate(_place_points(key, letter, b)):
                    out[s] += prob * weight * g
        return out

    def worth(self, columns: list[list[float]] | None = None) -> float:
        cols = self.columns if columns is None else columns
        players = self.state.players
        totals = [self.base[s] + sum(col[s] for col in cols) for s in range(players)]
        lead = totals[self.seat] - max(t for s, t in enumerate(totals) if s != self.seat)
        return margin_prospect(totals, self.seat, scale=PROSPECT_SCALE) + LEAD_WEIGHT * lead / PROSPECT_SCALE

    def with_marker(self, building: int, cell: int, push: bool = False) -> float:
        """The worth with one more marker of the seat on ``cell`` of ``building`` (off the board: none);
        ``push``: the markers from that cell down move one cell worse (the push chip)."""
        if cell >= NCELLS:
            return self.worth()
        markers = []
        gap = cell if push else -1  # the cell the cascade moves a marker out of
        for owner, c in self.owners[building]:
            if c == gap:
                gap = c + 1
                c += 1
            markers.append((owner, c))
        markers = sorted([*(m for m in markers if m[1] < NCELLS), (self.seat, cell)], key=lambda m: m[1])
        cols = list(self.columns)
        cols[building] = self.column(building, markers)
        return self.worth(cols)


@lru_cache(maxsize=4096)
def _wall_and_doors(flat: tuple[int, ...]) -> tuple[int, int]:
    """An Alhambra's longest outer wall, and its doors: the cells a new tile can still reach (next to
    a tile open towards them, closing no hole). Kept: a decision asks about the same few Alhambras."""
    grid = alh.from_flat(list(flat))
    doors = sum(1 for _, near, need in alh.open_cells(grid) if near & ~need)
    return alh.longest_wall(grid), doors


def _room_worth(state: State, doors: int) -> float:
    """Alcazaba: points for an Alhambra that can still grow, for each round whose tiles are to come.
    The wall-greedy take of the other levels closes its walls all round: every later tile then
    waits on the reserve, where it scores nothing."""
    rounds = ROUNDS - state.round + (1 if state.phase == ROLL else 0)
    return DOOR_POINTS * min(doors, DOORS_ENOUGH) * rounds


def _outlook_after_turn(state: State, seat: int) -> _Outlook:
    """The outlook once the seat on turn has spent this turn's marker (its hand one less)."""
    hand = list(state.hand)
    hand[seat] = max(0, hand[seat] - 1)
    return _Outlook(state, seat, hand)


def hard_turn(state: State, legal: list[Any], judge: _Judge) -> list[Any]:
    """Hard's turn moves, best first: Normal's choices (each building placed now, or its dice kept and
    the rest re-rolled, looked ahead through every re-roll left by the exact dice odds) plus the
    chips Normal leaves unused (the black die, the push), every end position judged by the outlook.
    A chip spent is worth ONE_SHOT_CHIP points less while the seat has turns left to use it on."""
    moves = _TurnMoves(legal)
    if not moves.places:
        return []
    seat = state.seat
    outlook = _outlook_after_turn(state, seat)
    odds = _Odds(state, lambda a: outlook.with_marker(a.building, a.cell))
    scored = _dice_moves(state, moves, odds)
    if moves.pushes or moves.blacks:
        spent = _spent_chip(state, seat)
        rolls = len(state.history)
        counts = _face_counts(state)
        for a in moves.pushes:
            scored.append((outlook.with_marker(a.building, a.cell, push=True) - spent, -3 * a.building - 2, a))
        for a in moves.blacks:
            have = counts[a.face] + 1
            best = odds.cell_value(a.face, have, rolls)
            if moves.may_reroll and len(state.dice) > counts[a.face]:
                best = max(best, odds.expected(a.face, have, len(state.dice) - counts[a.face], rolls))
            scored.append((best - spent, -3 * a.face - 2, a))
    # Alcazaba's redesigns change the Alhambra itself: each is played on a copy.
    scored += [(worth, -100, a) for worth, a in judge.each([*moves.builds, *moves.redesigns])]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [a for _, _, a in scored]


def _spent_chip(state: State, seat: int) -> float:
    """What spending a one-shot chip costs in the outlook's units (a small share of a win chance):
    nothing on the seat's last turn of the game, when the chip would go unused."""
    if state.round == ROUNDS and state.hand[seat] <= 1:
        return 0.0
    return ONE_SHOT_CHIP * LEAD_WEIGHT / PROSPECT_SCALE + ONE_SHOT_CHIP / (4 * PROSPECT_SCALE)


class HardAI(SearchAI):
    """Alhambra's Hard: Normal's moves and dice odds, with every position judged by the outlook (all
    seats' scores to come, each marker at its chance of holding) instead of one column's worth to
    its own seat; it also uses the one-shot chips Normal leaves idle, and claims, takes tiles and
    redesigns by the outlook of the position each choice leads to (played on a copy). Honest like
    every level: it plays on a state sampled from its seat's view, and nothing it reads there is
    hidden (the dice odds are computed, not sampled)."""

    def choose(self, game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
        view = game.view(state, seat)
        st = self.knobs.determinise(view, seat, rng)
        legal = game.legal_actions(st, seat)
        if len(legal) == 1:
            return legal[0]
        judge = _Judge(st, seat, self.budget)
        if st.phase == ROLL:
            ranked = hard_turn(st, legal, judge)
            if ranked:
                return ranked[0]
        normal = _NORMAL.choose(game, st, seat, rng)
        if st.phase in (CLAIM, TAKE):
            # Normal's move first: an equal outlook, or a budget spent, keeps it.
            judged = judge.each([normal, *(a for a in legal if a != normal)])
            return max(judged, key=lambda t: t[0])[1]
        return normal


class _Judge:
    """Plays moves on copies of a state and judges where each leads by the outlook, within Hard's
    budget: at most ``iterations`` moves a decision, none begun past the CPU deadline (the first
    always is)."""

    def __init__(self, state: State, seat: int, budget: Budget) -> None:
        self.state = state
        self.seat = seat
        self.budget = budget
        self.used = 0
        self.start = time.process_time()

    def each(self, moves: list[Any]) -> list[tuple[float, Any]]:
        out: list[tuple[float, Any]] = []
        for a in moves:
            if out and (self.used >= self.budget.iterations
                        or time.process_time() - self.start > self.budget.deadline_s):
                break
            self.used += 1
            out.append((outlook(_GAME.apply(self.state, self.seat, a)[0], self.seat), a))
        return out


def outlook(state: State, seat: int) -> float:
    """Hard's evaluation of a position for ``seat`` (``_Outlook``): about its chance of winning."""
    return _Outlook(state, seat, state.hand).worth()


LEAD_WEIGHT = 0.05
"""Hard: how much of the lead itself (per PROSPECT_SCALE points) the outlook adds to the win chance."""
DOOR_POINTS = 2.0
DOORS_ENOUGH = 2
"""Hard, Alcazaba: an open cell of the Alhambra is worth DOOR_POINTS per round of tiles to come, up to
DOORS_ENOUGH of them."""
SETTINGS = LevelSettings(easy_mistakes=0.08, hard=Budget(iterations=120, deadline_s=0.9), rollout_plies=0)
"""Alhambra's levels. Hard plays no playouts (``rollout_plies`` 0): its iterations are the moves it
plays on a copy to judge where they lead (claims, Alcazaba's tile takes and redesigns), and the CPU
deadline is a safety net far above what it takes (the issue asks at most 100 ms median, 1 s max)."""

_NORMAL = NormalAI()
_GAME = AlhambraDiceGame()
KNOBS = Knobs(determinise, rollout=_NORMAL, evaluate=outlook, rollout_plies=SETTINGS.rollout_plies)
"""What Hard uses of the search's knobs: the sampling from a view (and the rest, for the generic search)."""
AIS = {**level_players(GreedyAI(), _NORMAL, determinise, SETTINGS, KNOBS),
       "hard": HardAI("hard", KNOBS, SETTINGS.hard)}
"""Alhambra's computer players by name; ``greedy`` is the heuristic stored games name (= easy's base)."""
