"""Export → JSON text → replay gives the identical final state and result, for every game; bad logs are
refused with an ExportError saying what is wrong; unfinished games are never exported."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import re
from typing import Any

import msgspec
import pytest

from host.errors import SessionNotFound
from host.history import (
    FORMAT,
    FORMAT_VERSION,
    ExportError,
    ExportFormatError,
    ExportReplayError,
    GameNotFinished,
    export_game,
    export_text,
    frames,
    parse_export,
    replay_export,
)
from host.sessions import Host
from host.store import SqliteStore
from rules import GAMES
from tests.history.helpers import HUMANS, play_finished_game, start_game

SEEDS = {"imperium": 11, "ra": 12, "alhambra_dice": 13, "barrage": 14}


def encoded(state) -> bytes:
    return msgspec.json.encode(state)


@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_export_replays_to_the_identical_final_state_and_result(host, game_name):
    """A random game (random player count and options, two humans and random AIs) of each game."""
    assert set(SEEDS) == set(GAMES), "give every registered game a seed here"
    sid = await play_finished_game(host, game_name, SEEDS[game_name])
    session = await host.get(sid)
    data = await export_game(host, sid)

    text = export_text(data)
    assert json.loads(text) == data  # the readable text is the same document
    state, result = replay_export(text)
    assert encoded(state) == encoded(session.state)
    assert encoded(state) == encoded(await host.replay(sid))
    assert result == session.result()
    state2, result2 = replay_export(json.loads(text))  # a dict works as well as the text
    assert encoded(state2) == encoded(session.state) and result2 == result

    # the document: versioned, complete, in the engine's compact codes, no Discord ids
    assert data["format"] == FORMAT and data["format_version"] == FORMAT_VERSION
    assert data["game"] == game_name and data["seed"] == session.record.seed
    assert data["options"] == session.record.options
    records = await host.store.actions(sid)
    assert [a["version"] for a in data["actions"]] == [r.version for r in records] == list(range(1, len(records) + 1))
    game = GAMES[game_name]
    for entry, rec in zip(data["actions"], records, strict=True):
        assert entry["seat"] == rec.seat
        assert game.decode_action(entry["code"]) == msgspec.json.decode(rec.action, type=game.action_type)
    assert [p["name"] for p in data["players"]] == [s.name for s in session.seats]
    assert [p["ai"] for p in data["players"]] == [s.ai for s in session.seats]
    for user_id in HUMANS:
        assert str(user_id) not in json.dumps(data["players"])
    assert not {"guild_id", "channel_id", "thread_id", "user_id", "creator_id"} & set(text.replace('"', " ").split())
    assert data["result"]["scores"] == list(result.scores) and data["result"]["winners"] == list(result.winners)


@pytest.mark.parametrize(
    ("game_name", "players", "options"),
    [
        ("imperium", 3, {"variant": "standard"}),
        ("ra", 5, {"hidden_fame": "on"}),
        ("alhambra_dice", 2, {"version": "basic"}),  # with the dummy
        ("barrage", 4, {"map": "base"}),
    ],
    ids=["imperium-standard", "ra-hidden-fame", "alhambra-two-players", "barrage-base-4p"],
)
async def test_export_replays_with_hidden_information_and_other_tables(host, game_name, players, options):
    sid = await play_finished_game(host, game_name, 31, players=players, options=options)
    session = await host.get(sid)
    state, result = replay_export(export_text(await export_game(host, sid)))
    assert encoded(state) == encoded(session.state) and result == session.result()


async def test_a_game_in_progress_is_not_exported(host):
    """A game in its lobby, in progress or aborted keeps its secrets (seed, secret moves): refused."""
    lobby = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann")
    with pytest.raises(GameNotFinished, match="lobby"):
        await export_game(host, lobby.id)
    sid = await start_game(host, "imperium", 3, players=3)
    for call in (export_game(host, sid), frames(host, sid)):
        with pytest.raises(GameNotFinished, match="still being played"):
            await call
    await host.abort(sid, HUMANS[0])
    with pytest.raises(GameNotFinished, match="aborted"):
        await export_game(host, sid)
    with pytest.raises(SessionNotFound):
        await export_game(host, "ffffffff")


# --------------------------------------------------------------------------- malformed logs


@pytest.fixture(scope="module")
def ra_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A finished 3-player Ra game's export (sequential moves: one seat acts at a time), played once for
    the module: the tests below only read it (each through a copy of its own)."""

    async def play() -> dict[str, Any]:
        store = SqliteStore(tmp_path_factory.mktemp("ra_log") / "games.db")
        await store.open()
        try:
            host = Host(store)
            return await export_game(host, await play_finished_game(host, "ra", 5, players=3, options={}))
        finally:
            await store.close()

    return asyncio.run(play())


@pytest.fixture
def ra_log(ra_export: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(ra_export)


def _mutated(data, change):
    bad = copy.deepcopy(data)
    change(bad)
    return bad


def _illegal_code_at(data, index):
    """A well-formed code the rules refuse at action ``index`` (one that was legal elsewhere in the game)."""
    game = GAMES[data["game"]]
    state = game.setup(len(data["players"]), data["options"], data["seed"])
    for entry in data["actions"][:index]:
        state, _ = game.apply(state, entry["seat"], game.decode_action(entry["code"]))
    seat = data["actions"][index]["seat"]
    legal = {game.encode_action(a) for a in game.legal_actions(state, seat)}
    return next(a["code"] for a in data["actions"] if a["code"] not in legal)


def _set_seed(d):
    d["seed"] = "12"


def _drop_last_action(d):
    d["actions"].pop()


def _repeat_last_action(d):
    d["actions"].append({**d["actions"][-1], "version": len(d["actions"]) + 1})


@pytest.mark.parametrize(
    ("change", "error", "where", "message"),
    [
        (lambda d: d.update(game="chess"), ExportFormatError, "game", "Unknown game 'chess'"),
        (lambda d: d.update(game="imperium"), ExportError, "", ""),  # a Ra log read as Imperium
        (lambda d: d.update(format="something-else"), ExportFormatError, "format", "Not a game log"),
        (lambda d: d.update(format_version=2), ExportFormatError, "format_version", "newer version"),
        (lambda d: d.update(options={"hidden_fame": "maybe"}), ExportFormatError, "options", "must be one of"),
        (lambda d: d.update(options={"colour": "red"}), ExportFormatError, "options", "no option 'colour'"),
        (lambda d: d["players"].pop(), ExportFormatError, "players", "3-5 players, not 2"),
        (lambda d: d["players"].__setitem__(1, {**d["players"][1], "seat": 5}), ExportFormatError,
         "players[1].seat", "seat 5"),
        (_set_seed, ExportFormatError, "$.seed", "Expected `int`, got `str`"),
        (lambda d: d.update(extra=1), ExportFormatError, "", "unknown field `extra`"),
        (lambda d: d.pop("actions"), ExportFormatError, "", "missing required field `actions`"),
        (lambda d: d["actions"][4].update(code="??"), ExportReplayError, "actions[4].code", "Action 5 ('??')"),
        (lambda d: d["actions"][4].update(code=""), ExportFormatError, "$.actions[4].code", "length >= 1"),
        (lambda d: d["actions"][4].update(version=9), ExportFormatError, "actions[4].version", "expected 5"),
        (lambda d: d["actions"][4].update(seat=3), ExportFormatError, "actions[4].seat", "has 3 players"),
        (lambda d: d["actions"][6].update(seat=(d["actions"][6]["seat"] + 1) % 3), ExportReplayError,
         "actions[6]", "Action 7 (seat"),
        (lambda d: d["actions"][10].update(code=_illegal_code_at(d, 10)), ExportReplayError, "actions[10]",
         "is not legal"),
        (_drop_last_action, ExportReplayError, "actions", "not over: it is incomplete"),
        (_repeat_last_action, ExportReplayError, "actions[", "already over"),
        (lambda d: d["result"]["scores"].__setitem__(0, 99), ExportReplayError, "result", "does not match"),
        (lambda d: d["result"].update(scores=[1]), ExportFormatError, "result.scores", "one entry per player"),
    ],
    ids=[
        "unknown-game", "other-game", "format", "format-version", "option-value", "option-name", "seat-count",
        "seat-numbers", "seed-type", "unknown-field", "missing-actions", "bad-code", "empty-code", "version-gap",
        "no-such-seat", "wrong-seat", "illegal-action", "truncated-log", "after-the-end", "result-tampered",
        "result-shape",
    ],
)
def test_malformed_logs_are_refused_with_a_typed_error(ra_log, change, error, where, message):
    bad = _mutated(ra_log, change)
    for form in (bad, json.dumps(bad)):
        with pytest.raises(error) as caught:
            replay_export(form)
        assert message in str(caught.value)
        assert caught.value.where.startswith(where)
    if error is ExportReplayError and where.startswith("actions["):
        index = caught.value.index
        assert caught.value.where.startswith(f"actions[{index}]")
        given = re.match(r"actions\[(\d+)\]", where)
        assert index == (int(given[1]) if given else len(bad["actions"]) - 1)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("", "not valid JSON"),
        ('{"format": "boardgame-bot/game-log", "actions": [', "not valid JSON"),
        ("[1, 2, 3]", "Expected `object`, got `array`"),
        ("null", "Expected `object`, got `null`"),
        (42, "not int"),
        (["format"], "not list"),
        ("x" * (5 * 1024 * 1024 + 1), "too big"),
    ],
    ids=["empty", "cut-short", "array", "null", "number", "list", "huge"],
)
def test_what_is_not_a_log_at_all(data, message):
    with pytest.raises(ExportFormatError, match=message):
        replay_export(data)


def test_truncated_text_of_a_real_log(ra_log):
    text = export_text(ra_log)
    for cut in (10, len(text) // 2, len(text) - 3):
        with pytest.raises(ExportFormatError, match="not valid JSON"):
            replay_export(text[:cut])
    assert replay_export(text)[1].scores == tuple(ra_log["result"]["scores"])


def test_optional_fields_may_be_left_out(ra_log):
    """``id``, ``title``, the times, an action's ``text`` and a player's ``ai``/``resigned`` are optional."""
    slim = _mutated(ra_log, lambda d: [d.pop(k) for k in ("id", "title", "created_at", "finished_at")])
    for entry in slim["actions"]:
        entry.pop("text")
    for player in slim["players"]:
        player.pop("ai"), player.pop("resigned")
    assert replay_export(slim)[1].scores == tuple(ra_log["result"]["scores"])
    assert parse_export(slim).options == ra_log["options"]


@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_random_damage_raises_export_errors_only(host, game_name):
    """Garbage codes, seats, versions, types and deleted keys: always an ExportError (or, when the damage
    happens not to matter, the same result), never another exception."""
    sid = await play_finished_game(host, game_name, 21, players=GAMES[game_name].info.min_players)
    data = await export_game(host, sid)
    rng = random.Random(game_name)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-:~ é"
    junk = [None, True, -1, 0, 2**70, 1.5, "", "x", [], {}, [1, "a"], {"a": 1}]
    for _ in range(40):
        bad = copy.deepcopy(data)
        i = rng.randrange(len(bad["actions"]))
        kind = rng.randrange(5)
        if kind == 0:
            bad["actions"][i]["code"] = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        elif kind == 1:
            bad["actions"][i]["seat"] = rng.randrange(len(bad["players"]))
        elif kind == 2:
            bad["actions"][i][rng.choice(["code", "seat", "version", "text"])] = rng.choice(junk)
        elif kind == 3:
            target = rng.choice([bad, bad["players"][0], bad["result"], bad["actions"][i]])
            target.pop(rng.choice(sorted(target)))
        else:
            bad[rng.choice(sorted(bad))] = rng.choice(junk)
        try:
            _, result = replay_export(bad)
        except ExportError:
            continue
        assert list(result.scores) == data["result"]["scores"]
