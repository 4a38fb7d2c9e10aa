"""League rating maths: openskill's Plackett-Luce model over stored results. Pure: no I/O, no clock.

A rating is (mu, sigma); it is shown as the openskill *ordinal* mu - 3*sigma (a newcomer starts at
0 and climbs as the system grows sure of them). One ``Ladder`` holds the ratings of one scope (a
server's game, all time or one season); ``Ladder.play`` applies one finished game. Recording a game
as it finishes and replaying every stored game in order run the same code on the same floats, so a
recomputation gives exactly the ratings the games gave one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (sigma grows a little before every game)."""


class Rating(NamedTuple):
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What the league shows: mu - 3*sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(MODEL.mu, MODEL.sigma)


class Placing(NamedTuple):
    """One human seat's outcome in a finished game, as the game ranked it (1 = best, ties share)."""

    user_id: int
    rank: int
    resigned: bool


class Seat(NamedTuple):
    """One rated seat of one game: who, where the league ranks them, and whether that is a win."""

    user_id: int
    league_rank: int
    won: bool


def league_ranks(placings: Sequence[Placing]) -> tuple[int, ...]:
    """The ranks the rating uses, among the humans only: those who played to the end keep the order
    (and ties) the game gave them; those who resigned (or whose seat an AI took) are last, tied."""
    finishers = [p.rank for p in placings if not p.resigned]
    last = 1 + len(finishers)
    return tuple(last if p.resigned else 1 + sum(1 for r in finishers if r < p.rank) for p in placings)


def won(rank: int, resigned: bool) -> bool:
    """A win: first place in the game itself (AI seats included), played to the end."""
    return rank == 1 and not resigned


def seats_of(placings: Sequence[Placing]) -> list[Seat]:
    """``placings`` with their league ranks and wins."""
    return [
        Seat(p.user_id, rank, won(p.rank, p.resigned))
        for p, rank in zip(placings, league_ranks(placings), strict=True)
    ]


def counts(*, humans: int, has_ai: bool, include_ai: bool, voided: bool) -> bool:
    """Whether a finished game moves ratings: at least two humans, not voided, and no AI seat
    unless the server opted in (AI seats themselves are never rated)."""
    return humans >= 2 and not voided and (include_ai or not has_ai)


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """One Plackett-Luce update of free-for-all players with ``ranks`` (1 = best, ties honoured)."""
    if len(before) < 2:
        return list(before)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in after]


@dataclass
class Standing:
    """A player's place in one scope: rating, rated games, wins."""

    rating: Rating = DEFAULT
    games: int = 0
    wins: int = 0


@dataclass
class Ladder:
    """The ratings of one scope, by user id; players not in it have the default rating."""

    standings: dict[int, Standing] = field(default_factory=dict)

    def get(self, user_id: int) -> Standing:
        return self.standings.get(user_id) or Standing()

    def play(self, seats: Sequence[Seat]) -> list[tuple[Rating, Rating]]:
        """Apply one game; returns (before, after) per seat, in the order given."""
        before = [self.get(s.user_id).rating for s in seats]
        after = rate(before, [s.league_rank for s in seats])
        for seat, new in zip(seats, after, strict=True):
            old = self.get(seat.user_id)
            self.standings[seat.user_id] = Standing(new, old.games + 1, old.wins + int(seat.won))
        return list(zip(before, after, strict=True))


def replay(games: Iterable[Sequence[Seat]], start: Mapping[int, Standing] | None = None) -> Ladder:
    """The ladder after ``games`` in order (oldest first)."""
    ladder = Ladder(dict(start or {}))
    for seats in games:
        ladder.play(seats)
    return ladder
