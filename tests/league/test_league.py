"""The league over real finished games: rank order, ties, resignations, AI games, voiding, seasons,
CSV export, idempotent recording. Each game is a real 4-player Imperium session played to the end
through the Host, whose finish listener records it (tests/league/helpers.py)."""

from __future__ import annotations

import csv
import io
import time

import pytest

from host import ratings
from host.league import ALL_TIME, League, LeagueError, Scope
from host.ratings import Rating, Seat
from host.sessions import Host
from host.store import SqliteStore
from tests.league.helpers import Ticks, finish_game

ALL = Scope(None)

# Seeds whose random games end with these ranks for users 1-4 (seats 1-4), checked in each test.
IN_ORDER = 12  # ranks (1, 2, 3, 4)
REVERSED = 7  # ranks (4, 3, 2, 1)
TIED_THIRD = 14  # ranks (1, 3, 3, 2)
TIED_FIRST = 8  # ranks (1, 1, 4, 3)


async def standings(league: League, scope: Scope = ALL, game: str = "imperium", guild: int = 1) -> dict:
    return {e.user_id: (e.rating, e.games, e.wins) for e in await league.leaderboard(guild, game, scope)}


def replayed(results, games) -> dict:
    """The table that replaying ``games`` (in this order) from scratch gives, from their stored rows."""
    ladder = ratings.replay(
        [[Seat(r.user_id, r.league_rank, r.won) for r in results if r.session_id == g.id] for g in games]
    )
    return {u: (st.rating, st.games, st.wins) for u, st in ladder.standings.items()}


async def rows_of(league: League, sid: str, guild: int = 1):
    return {r.user_id: r for r in await league.results(guild, ALL) if r.session_id == sid}


async def test_a_four_player_game_moves_ratings_in_rank_order(host, league):
    s = await finish_game(host, seed=IN_ORDER)
    assert s.result().ranks == (1, 2, 3, 4)
    rows = await rows_of(league, s.id)
    assert [(rows[u].seat, rows[u].rank, rows[u].score, rows[u].name) for u in (1, 2, 3, 4)] == [
        (seat, seat + 1, s.result().scores[seat], f"U{seat + 1}") for seat in range(4)
    ]
    assert all(r.rated and not r.voided and not r.game_has_ai and r.before == ratings.DEFAULT for r in rows.values())
    mu_moves = [rows[u].after.mu - rows[u].before.mu for u in (1, 2, 3, 4)]
    shown = [rows[u].change for u in (1, 2, 3, 4)]
    assert mu_moves == sorted(mu_moves, reverse=True) and len(set(mu_moves)) == 4
    assert shown == sorted(shown, reverse=True) and len(set(shown)) == 4
    assert shown[0] > 0 and shown[3] < 0  # the winner goes up most, the last goes down
    board = await league.leaderboard(1, "imperium", ALL)
    assert [e.user_id for e in board] == [1, 2, 3, 4]
    assert [(e.games, e.wins) for e in board] == [(1, 1), (1, 0), (1, 0), (1, 0)]
    assert board[0].rating == rows[1].after  # the stored row carries the rating after the game


async def test_ties_share_rank_and_change(host, league):
    s = await finish_game(host, seed=TIED_THIRD)
    assert s.result().ranks == (1, 3, 3, 2)
    rows = await rows_of(league, s.id)
    assert rows[2].league_rank == rows[3].league_rank == 3
    assert rows[2].after == rows[3].after and rows[2].change == rows[3].change
    assert rows[1].change > rows[4].change > rows[2].change  # first, second, then the tied pair

    s = await finish_game(host, (5, 6, 7, 8), seed=TIED_FIRST)
    assert s.result().ranks == (1, 1, 4, 3)
    rows = await rows_of(league, s.id)
    assert rows[5].after == rows[6].after and rows[5].change > 0
    table = await standings(league)
    assert table[5][2] == table[6][2] == 1  # both winners are credited a win


async def test_resigned_players_are_ranked_last(host, league):
    # user 1 resigns at once: the greedy AI plays the seat and wins the game, but the league puts
    # user 1 last, below every player who stayed.
    s = await finish_game(host, seed=IN_ORDER, resign=(1,))
    assert s.seats[0].resigned and s.seats[0].user_id == 1 and s.result().ranks[0] == 1
    rows = await rows_of(league, s.id)
    assert rows[1].resigned and rows[1].name == "U1" and rows[1].league_rank == 4
    assert not rows[1].won and not rows[1].game_has_ai and rows[1].rated
    others = sorted(rows[u].league_rank for u in (2, 3, 4))
    assert others == sorted(ratings.league_ranks([ratings.Placing(u, rows[u].rank, False) for u in (2, 3, 4)]))
    assert rows[1].change < min(rows[u].change for u in (2, 3, 4))
    assert (await standings(league))[1][2] == 0  # the AI's win on the seat is not the player's

    # two players resign: they share the last place and lose the same
    s = await finish_game(host, (11, 12, 13, 14), seed=REVERSED, resign=(12, 13))
    rows = await rows_of(league, s.id)
    assert rows[12].league_rank == rows[13].league_rank == 3
    assert rows[12].after == rows[13].after


async def test_ai_games_are_stored_but_rated_only_when_the_server_opts_in(host, league):
    s = await finish_game(host, (1, 2, 3), seed=3, ais=1)
    assert s.seats[3].is_ai and s.seats[3].user_id is None
    rows = await rows_of(league, s.id)
    assert set(rows) == {1, 2, 3}  # no row for the AI seat
    assert all(r.game_has_ai and not r.rated and r.after is None for r in rows.values())
    assert await league.leaderboard(1, "imperium", ALL) == []
    profile = await league.profile(1, 1, ALL)
    assert [(p.game, p.games, p.rated, p.rating) for p in profile] == [("imperium", 1, 0, None)]

    assert (await league.set_option(1, "include_ai", "on")).include_ai
    rows = await rows_of(league, s.id)
    assert all(r.rated and r.after is not None for r in rows.values())
    assert set(await standings(league)) == {1, 2, 3}  # the AI is never rated
    # a new AI game now counts as it finishes
    s2 = await finish_game(host, (1, 2), seed=4, ais=2)
    assert all(r.rated for r in (await rows_of(league, s2.id)).values())
    assert (await standings(league))[1][1] == 2

    await league.set_option(1, "include_ai", "off")
    assert await league.leaderboard(1, "imperium", ALL) == []
    assert not any(r.rated for r in await league.results(1, ALL))


async def test_voiding_a_game_gives_the_ratings_of_never_having_played_it(host, league, tmp_path):
    games = [
        await finish_game(host, (1, 2, 3, 4), seed=IN_ORDER),
        await finish_game(host, (1, 2, 3, 4), seed=REVERSED),
        await finish_game(host, (2, 3, 4, 5), seed=TIED_THIRD),
        await finish_game(host, (1, 3, 5, 6), seed=TIED_FIRST),
    ]
    played = await standings(league)

    # a second league where the voided game was never played: the others recorded in the same order
    other_store = SqliteStore(tmp_path / "other.db")
    await other_store.open()
    try:
        fresh = League(other_store, clock=Ticks())
        for g in (games[0], games[2], games[3]):
            assert await fresh.record(g)
        never = await standings(fresh)
        never_rows = {(r.session_id, r.user_id): (r.before, r.after) for r in await fresh.results(1, ALL)}
    finally:
        await other_store.close()
    assert never != played

    row = await league.void(1, games[1].id)
    assert row.voided and row.game == "imperium"
    assert await standings(league) == never  # exactly: same floats, games and wins
    kept = {(r.session_id, r.user_id): (r.before, r.after) for r in await league.results(1, ALL) if r.rated}
    assert kept == never_rows
    assert all(not r.rated and r.after is None for r in (await rows_of(league, games[1].id)).values())
    assert len(await league.history(1, 1)) == 3  # the voided game stays in the history

    # recomputing again changes nothing; restoring the game gives the ratings it gave at first
    done = await league.recompute(1)
    assert done.games == ("imperium",) and done.rated == 3 and done.added == 0
    assert await standings(league) == never
    await league.void(1, games[1].id, voided=False)
    assert await standings(league) == played


async def test_void_refuses_bad_games_and_changes_nothing(host, league):
    done = await finish_game(host, seed=IN_ORDER)
    before = await standings(league)
    lobby = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=1, creator_name="U1")
    elsewhere = await finish_game(host, seed=REVERSED, guild=2)
    with pytest.raises(LeagueError, match="no game with id `nope42`"):
        await league.void(1, "nope42")
    with pytest.raises(LeagueError, match="no game with id"):
        await league.void(1, "../x")
    with pytest.raises(LeagueError, match="no game with id"):
        await league.void(1, elsewhere.id)  # another server's game
    with pytest.raises(LeagueError, match="not finished"):
        await league.void(1, lobby.id)
    with pytest.raises(LeagueError, match="not voided"):
        await league.void(1, done.id, voided=False)
    await league.void(1, done.id)
    with pytest.raises(LeagueError, match="already voided"):
        await league.void(1, done.id)
    await league.void(1, done.id, voided=False)
    assert await standings(league) == before


async def test_seasons_keep_their_own_ratings(host, league):
    with pytest.raises(LeagueError, match="No season is running"):
        await league.end_season(1)
    before = await finish_game(host, seed=IN_ORDER)
    spring = await league.start_season(1, "  Spring   2027 ")
    assert spring.name == "Spring 2027" and spring.running
    with pytest.raises(LeagueError, match="still running"):
        await league.start_season(1, "Summer")
    assert (await league.scope(1)).season == spring  # the default while it runs
    assert await league.season_start(1) == spring.started_at  # /prefs counts vacation days from here
    in_season = [await finish_game(host, seed=REVERSED), await finish_game(host, (1, 2, 5, 6), seed=TIED_THIRD)]
    other_guild = await league.start_season(2, "Spring 2027")  # seasons are per server
    assert other_guild.id != spring.id
    ended = await league.end_season(1)
    assert not ended.running
    after = await finish_game(host, seed=TIED_FIRST)
    with pytest.raises(LeagueError, match="already a season named"):
        await league.start_season(1, "spring 2027")

    assert (await league.scope(1)).season is None  # none running: all time
    assert await league.season_start(1) is None
    scope = await league.scope(1, "spring 2027")
    assert scope.season is not None and scope.season.id == spring.id and scope == await league.scope(1, str(spring.id))
    with pytest.raises(LeagueError, match="no season 'winter'"):
        await league.scope(1, "winter")
    assert await league.scope(1, "all") == ALL

    results = await league.results(1, scope)
    assert {r.session_id for r in results} == {g.id for g in in_season}
    assert {r.season_id for r in await league.results(1, ALL) if r.session_id in (before.id, after.id)} == {None}
    # the season's ratings come from its own games only, starting from scratch
    season_table = await standings(league, scope)
    assert season_table == replayed(results, in_season)
    all_time = await standings(league)
    assert all_time[1][1] == 4 and season_table[1][1] == 2 and all_time[1][0] != season_table[1][0]
    assert await league.rated_games(1, scope) == {"imperium": 2}
    assert await league.rated_games(1, ALL) == {"imperium": 4}
    assert [s.name for s in await league.seasons(1)] == ["Spring 2027"]

    # voiding a season game recomputes the season too
    await league.void(1, in_season[0].id)
    assert await standings(league, scope) == replayed(results, in_season[1:])


async def test_csv_export_of_a_season(host, league):
    await finish_game(host, seed=IN_ORDER)
    season = await league.start_season(1, "Autumn")
    games = [
        await finish_game(host, seed=REVERSED, names={3: "=HYPERLINK(1)"}),
        await finish_game(host, (1, 2, 3), seed=5, ais=1),
    ]
    text = await league.export_csv(1, Scope(season))
    lines = list(csv.DictReader(io.StringIO(text)))
    assert len(lines) == 4 + 3  # one line per human player per game of the season only
    assert [(row["game_id"], int(row["seat"])) for row in lines] == [(games[0].id, s) for s in (1, 2, 3, 4)] + [
        (games[1].id, s) for s in (1, 2, 3)
    ]
    first = lines[0]
    result = games[0].result()
    assert first["season"] == "Autumn" and first["game"] == "imperium" and first["user_id"] == "1"
    assert (first["rank"], first["score"], first["players"]) == (str(result.ranks[0]), str(result.scores[0]), "4")
    assert first["finished_at"].endswith("+00:00") and first["rated"] == "1" and first["voided"] == "0"
    # a season's export carries the season's ratings (user 1 starts the season at 0 after a won game)
    rows = await rows_of(league, games[0].id)
    assert float(first["rating_before"]) == pytest.approx(0.0, abs=1e-6) and rows[1].before.ordinal > 1
    assert float(first["rating_after"]) == pytest.approx(rows[1].season_after.ordinal, abs=1e-6)
    assert float(first["mu_after"]) == pytest.approx(rows[1].season_after.mu, abs=1e-6)
    everything = list(csv.DictReader(io.StringIO(await league.export_csv(1, ALL))))
    assert len(everything) == 4 + 7  # all time: the game before the season too
    results_only = [key for key in first if not key.startswith(("rating", "mu", "sigma"))]
    assert {k: everything[4][k] for k in results_only} == {k: first[k] for k in results_only}
    assert float(everything[4]["rating_before"]) == pytest.approx(rows[1].before.ordinal, abs=1e-6)
    assert everything[4]["season"] == "Autumn" and everything[0]["season"] == ""
    assert lines[2]["name"] == "'=HYPERLINK(1)"  # never a formula in a spreadsheet
    ai_game = lines[4:]
    assert all(row["game_has_ai"] == "1" and row["rated"] == "0" and row["rating_after"] == "" for row in ai_game)
    assert text.splitlines()[0].startswith("season,game,game_id,finished_at,user_id,name,seat")


async def test_recording_is_idempotent(host, league):
    s = await finish_game(host, seed=IN_ORDER)
    table = await standings(league)
    rows = await league.results(1, ALL)
    assert not await league.record(s)
    assert not await league.record(await host.get(s.id))
    assert await standings(league) == table and await league.results(1, ALL) == rows
    unfinished = await host.create_lobby("imperium", guild_id=1, channel_id=10, creator_id=1, creator_name="U1")
    assert not await league.record(unfinished)
    only_ais = await finish_game(host, (1,), seed=2, ais=2)  # a single human is never rated
    assert all(not r.rated for r in (await rows_of(league, only_ais.id)).values())


async def test_recompute_adds_games_the_listener_missed(store, league):
    """Games finished while the league was not listening (an older database, a failed listener) are
    recorded by recompute and slot into the ratings in the order they finished."""
    league.clock = Ticks(time.time() + 86_400)  # the missed game finished before the league's "now"
    deaf = Host(store)
    missed = await finish_game(deaf, seed=IN_ORDER)
    listening = Host(store)
    listening.finish_listeners.append(league.record)
    # the league clock runs ahead, so the missed game (finished earlier) is replayed first
    later = await finish_game(listening, seed=REVERSED)
    assert {r.session_id for r in await league.results(1, ALL)} == {later.id}
    done = await league.recompute(1)
    assert done.added == 1 and done.rated == 2
    results = await league.results(1, ALL)
    assert [r.session_id for r in results[::4]] == [missed.id, later.id]
    assert await standings(league) == replayed(results, (missed, later))


async def test_options_are_checked(league):
    assert await league.options(1) == type(await league.options(1))()
    with pytest.raises(LeagueError, match="on or off"):
        await league.set_option(1, "include_ai", "maybe")
    with pytest.raises(LeagueError, match="1 to 1000"):
        await league.set_option(1, "min_games", "0")
    with pytest.raises(LeagueError, match="Unknown league option"):
        await league.set_option(1, "colour", "red")
    assert (await league.set_option(1, "min_games", "3")).min_games == 3
    assert (await league.options(2)).min_games == 1  # per server
    assert ALL.season_id == ALL_TIME


def test_rating_is_shown_as_the_openskill_ordinal():
    assert Rating(25.0, 25 / 3).ordinal == pytest.approx(0.0)
    assert Rating(25.0, 25 / 3) == ratings.DEFAULT


async def test_a_game_finished_just_before_a_crash_is_recorded_at_the_next_start(store):
    """The last move and the league write are two transactions: a crash between them (here: no league
    listening when the game ends) must not keep the game out of the league until /league recompute."""
    crashed = Host(store)  # the league's write never happened
    game = await finish_game(crashed, seed=3)
    assert (await store.load_session(game.id)).status == "finished"

    league = League(store, clock=Ticks())
    await league.open()  # what every start-up does
    rows = await league.game_rows(1, game.id)
    assert sorted(r.user_id for r in rows) == [1, 2, 3, 4]
    assert await league.record_missed() == 0, "recorded once only"


async def test_a_void_rewrites_only_the_all_time_ladder_and_its_own_seasons(host, league):
    """Issue 15: a league recompute touches only the server, game and season affected. Voiding a game of
    the second season leaves the first season's ladder rows as they were (a marker written into them
    survives), while the all-time ladder and the second season's are rebuilt."""
    await league.start_season(1, "Spring")
    await finish_game(host, (1, 2, 3, 4), seed=IN_ORDER)
    await league.end_season(1)
    summer = await league.start_season(1, "Summer")
    later = await finish_game(host, (1, 2, 3, 4), seed=REVERSED)
    async with league.store.connection() as db:
        await db.execute("UPDATE league_ratings SET name = 'untouched' WHERE guild_id = 1 AND season_id NOT IN (0, ?)",
                         summer.id)
    await league.void(1, later.id)
    async with league.store.connection() as db:
        by_scope = {(s, n) for s, n in await db.fetch("SELECT season_id, name FROM league_ratings WHERE guild_id = 1")}
    assert {n for s, n in by_scope if s not in (0, summer.id)} == {"untouched"}, "the first season was not rewritten"
    assert "untouched" not in {n for s, n in by_scope if s in (0, summer.id)}
    assert not {s for s, _ in by_scope if s == summer.id}, "the voided game was the second season's only one"
