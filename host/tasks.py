"""What the compute workers run (host/compute.py): plain data in, bytes or plain data out.

Every function here is module-level (a worker imports it by name), takes views, JSON bytes, names
and seeds, and returns bytes, a list of (name, bytes) or a small plain structure. None of them sees
Discord or the database; the event-loop side wraps the result (discord.File, a stored move).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from host import ratings
from host.ratings import Ladder, Seat
from render import get_renderer, named
from rules import GAMES
from rules.ai import RandomAI, ais_for

if TYPE_CHECKING:
    from host.history import ReplayDrawing

Picture = tuple[str, bytes]
"""A picture's name suffix ("" for a game's only picture, "-map", "-boards" for Barrage's) and its PNG."""


def board_pictures(game: str, view: dict[str, Any], viewer: int | None, lang: str) -> list[Picture]:
    """A game's board as ``viewer`` sees it, in ``lang``: one picture, or Barrage's map and boards
    (one would be unreadable on a phone)."""
    if game == "barrage":
        from render.barrage import render, render_boards

        return [("-map", named(render)(view, viewer_seat=viewer, lang=lang)),
                ("-boards", named(render_boards)(view, viewer_seat=viewer, lang=lang))]
    return [("", get_renderer(game)(view, viewer_seat=viewer, lang=lang))]


def leaderboard_picture(board: dict[str, Any], lang: str) -> bytes:
    """The league leaderboard picture (render/leaderboard.py) of an already worded table."""
    from render.leaderboard import render

    return render(board, lang=lang)


def replay(data: dict[str, Any], max_frames: int, lang: str, viewer_lang: str | None = None) -> ReplayDrawing:
    """A finished game's replay GIF, final picture and summary picture from its export document, from
    one replay of the game (host/history.py build_replay)."""
    from host.history import build_replay

    return build_replay(data, max_frames, lang, viewer_lang)


def replay_frame(data: dict[str, Any], index: int, lang: str) -> tuple[bytes, str]:
    """The step-through viewer's picture of the position after ``index`` moves, and its caption."""
    from host.history import replay_frame as frame

    return frame(data, index, lang)


def summary_picture(data: dict[str, Any], lang: str) -> bytes:
    """A finished game's end-of-game summary picture (score over the game, points by source)."""
    from host.history import summary_picture as picture

    return picture(data, lang)


def replay_picture(game: str, view: dict[str, Any], lang: str) -> bytes:
    """One replay frame: the public view with the picture a replay shows (Barrage: the map)."""
    return get_renderer(game)(view, viewer_seat=None, lang=lang)


def summary_of(summary: dict[str, Any], names: list[str], lang: str) -> bytes:
    """The summary picture of already gathered numbers (``rules.summary.ScoreSummary`` as plain data)."""
    from render.summary import render_summary

    return render_summary(summary, names, lang)


def rules_picture(game: str, lang: str) -> bytes:
    """``/rules``' sample board: a seeded demo position's public picture (Barrage: the map)."""
    from host.rules_help import sample_view

    return get_renderer(game)(sample_view(game), viewer_seat=None, lang=lang)


def ai_rng(seed: int, version: int, seat: int) -> random.Random:
    """The AI's random source for one decision: fixed by the game's seed, version and seat, so a
    replay (and a demo) chooses the same moves wherever the decision is computed."""
    return random.Random(f"{seed}:{version}:{seat}")


def choose_action(game: str, state: bytes, seat: int, ai: str, seed: int, version: int) -> bytes:
    """The move AI ``ai`` makes for ``seat`` in the stored ``state`` (JSON), as action JSON."""
    engine = GAMES[game]
    decoded = msgspec.json.decode(state, type=engine.state_type)
    ais = ais_for(game)
    player = ais.get(ai) or ais.get("random") or RandomAI()
    return msgspec.json.encode(player.choose(engine, decoded, seat, ai_rng(seed, version, seat)))


def simple_action(game: str, state: Any, seat: int, seed: int, version: int) -> Any:
    """The fallback when an AI's worker is late or gone: a random legal move, reproducible from the seed."""
    return RandomAI().choose(GAMES[game], state, seat, ai_rng(seed, version, seat))


# ---------------------------------------------------------------- league


RATED_COLUMNS = "session_id, user_id, name, rank, league_rank, resigned, game_has_ai, voided, season_id"
"""The league_results columns a rebuild reads, in the order ``rebuild_ratings`` takes them."""


@dataclass(frozen=True)
class Rebuilt:
    """What replaying a server's games gives: rated-game count, every scope's standings (season 0 is
    all time) as (scope, user, name, mu, sigma, games, wins), and each result row's new columns."""

    counted: int
    standings: list[tuple[int, int, str, float, float, int, int]]
    updates: list[tuple[object, ...]]


def rebuild_ratings(rows: Sequence[Sequence[Any]], include_ai: bool, all_time: int = 0) -> Rebuilt:
    """Replay ``rows`` (``RATED_COLUMNS``, ordered by finish time, then game, then seat) through
    openskill: the same arithmetic as recording the games one by one, so a voided game is as if never
    played. Raw database rows in, so the event loop does not even build objects for them."""
    ladders: dict[int, Ladder] = {all_time: Ladder()}
    names: dict[int, str] = {}
    updates: list[tuple[object, ...]] = []
    counted = 0
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and rows[end][0] == rows[start][0]:
            end += 1
        played, start = rows[start:end], end
        sid, season = str(played[0][0]), played[0][8]
        users = [int(r[1]) for r in played]
        names.update((u, str(r[2])) for u, r in zip(users, played, strict=True))
        if not ratings.counts(humans=len(played), has_ai=bool(played[0][6]), include_ai=include_ai,
                              voided=any(r[7] for r in played)):
            updates += [(0, *[None] * 8, sid, u) for u in users]
            continue
        counted += 1
        seats = [Seat(u, int(r[4]), ratings.won(int(r[3]), bool(r[5]))) for u, r in zip(users, played, strict=True)]
        changes = ladders[all_time].play(seats)
        in_season: list[tuple[object, ...]] = [(None,) * 4] * len(seats)
        if season is not None:
            in_season = [(*b, *a) for b, a in ladders.setdefault(int(season), Ladder()).play(seats)]
        updates += [(1, *b, *a, *s, sid, u) for u, (b, a), s in zip(users, changes, in_season, strict=True)]
    standings = [
        (scope, user, names.get(user, "?"), st.rating.mu, st.rating.sigma, st.games, st.wins)
        for scope, ladder in ladders.items()
        for user, st in ladder.standings.items()
    ]
    return Rebuilt(counted, standings, updates)
