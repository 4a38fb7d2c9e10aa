"""Undo through the host: own last move, agreed undo, what is final, the log that stands."""

from __future__ import annotations

import random

import msgspec
import pytest

from host.errors import StaleVersion
from host.history import export_game, replay_export
from host.local import LocalGame, run_hotseat
from host.sessions import Host
from host.store import SqliteStore
from host.undo import UndoRefused
from i18n import t
from rules.ra.actions import Draw, Pass


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def timed(tmp_path):
    store = SqliteStore(tmp_path / "games.db")
    await store.open()
    clock = Clock()
    yield Host(store, clock=clock), clock
    await store.close()


async def _ra(host: Host, humans: int = 3, ai: int = 0, seed: int = 11) -> str:
    s = await host.create_lobby("ra", guild_id=1, channel_id=10, creator_id=100, creator_name="Ann", seed=seed)
    for i in range(1, humans):
        await host.join(s.id, 100 + i, f"P{i}")
    for _ in range(ai):
        await host.add_ai(s.id, 100)
    await host.start(s.id, 100)
    return s.id


def _enc(state: object) -> bytes:
    return msgspec.json.encode(state)


async def _to_auction(host: Host, sid: str) -> None:
    """Draw tiles until the first auction opens (Ra's seat 0 draws; a Ra tile opens an auction)."""
    for _ in range(40):
        s = await host.get(sid)
        if s.state.phase == "auction":
            return
        seat = min(s.to_act())
        await host.submit(sid, 100 + seat, Draw() if Draw() in s.game.legal_actions(s.state, seat) else
                          s.game.legal_actions(s.state, seat)[0])
    raise AssertionError("no auction")


async def _draw_then_undoable_move(host: Host, sid: str):
    """Seat 0 draws; the next player makes a move that reveals nothing (their last legal one, a pass or
    a bid). Returns the session before that move, its seat, the move and its outcome."""
    await host.submit(sid, 100, Draw())
    before = await host.get(sid)
    seat = min(before.to_act())
    move = before.game.legal_actions(before.state, seat)[-1]
    return before, seat, move, await host.submit(sid, 100 + seat, move)


async def test_own_pass_undone_and_redone_gives_the_same_state(host):
    sid = await _ra(host)
    before, seat, move, after = await _draw_then_undoable_move(host, sid)
    undone = await host.undo(sid, 100 + seat)
    assert _enc(undone.session.state) == _enc(before.state)
    assert undone.session.version == after.session.version + 1  # every earlier button is stale
    assert [m.number for m in undone.moves] == [2]
    log = await host.store.actions(sid)
    assert [a.undone for a in log] == [False, True]
    redone = await host.submit(sid, 100 + seat, move)
    assert _enc(redone.session.state) == _enc(after.session.state)
    assert _enc(await host.replay(sid)) == _enc(redone.session.state)


async def test_a_draw_is_final_and_nothing_changes(host):
    sid = await _ra(host)
    out = await host.submit(sid, 100, Draw())
    with pytest.raises(UndoRefused) as err:
        await host.undo(sid, 100)
    assert err.value.fields["key"] == "undo.error.final"
    assert (await host.get(sid)).version == out.session.version
    assert not any(a.undone for a in await host.store.actions(sid))


async def test_only_your_own_last_move(host):
    sid = await _ra(host)
    await host.submit(sid, 100, Draw())
    with pytest.raises(UndoRefused) as err:
        await host.undo(sid, 101)
    assert err.value.fields["key"] == "undo.error.nothing"
    s = await host.get(sid)
    seat = min(s.to_act())
    await host.submit(sid, 100 + seat, Pass() if Pass() in s.game.legal_actions(s.state, seat) else Draw())
    with pytest.raises(UndoRefused) as err:
        await host.undo(sid, 100)
    assert err.value.fields["key"] == "undo.error.not_yours"


async def test_stale_undo_button_changes_nothing(host):
    sid = await _ra(host)
    _, seat, _, out = await _draw_then_undoable_move(host, sid)
    await host.undo(sid, 100 + seat, expected_version=out.session.version)
    with pytest.raises(StaleVersion):  # the same click delivered twice
        await host.undo(sid, 100 + seat, expected_version=out.session.version)


async def test_an_undo_interaction_delivered_again_takes_back_nothing_more(host):
    sid = await _ra(host)
    _, seat, move, _ = await _draw_then_undoable_move(host, sid)
    done = await host.undo(sid, 100 + seat, interaction_id=77)
    await host.submit(sid, 100 + seat, move)  # played again: undoable again, but not by that interaction
    with pytest.raises(UndoRefused) as err:
        await host.undo(sid, 100 + seat, interaction_id=77)
    assert err.value.fields["key"] == "undo.error.gone"
    assert (await host.get(sid)).version == done.session.version + 1
    assert [a.undone for a in await host.store.actions(sid)] == [False, True, False]


async def test_agreed_undo_applies_after_every_confirmation_and_redraws_the_same_tile(timed):
    host, _ = timed
    sid = await _ra(host)
    first = await host.submit(sid, 100, Draw())
    s = await host.get(sid)
    seat = min(s.to_act())
    await host.submit(sid, 100 + seat, Draw() if Draw() in s.game.legal_actions(s.state, seat) else
                      s.game.legal_actions(s.state, seat)[0])
    asked = await host.request_undo(sid, 100, 1)
    assert asked.kind == "asked" and set(asked.request.waiting) == {101, 102}
    with pytest.raises(UndoRefused) as err:
        await host.answer_undo(sid, 100, True)
    assert err.value.fields["key"] == "undo.error.own_request"
    assert (await host.answer_undo(sid, 101, True)).kind == "confirmed"
    done = await host.answer_undo(sid, 102, True)
    assert done.kind == "applied" and [m.number for m in done.undone.moves] == [1, 2]
    assert done.undone.session.state.drawn == 0
    again = await host.submit(sid, 100, Draw())
    assert _enc(again.session.state) == _enc(first.session.state)  # the same tile: no undo until lucky
    assert [a.undone for a in await host.store.actions(sid)] == [True, True, False]


async def test_agreed_undo_refused_or_lapsed_changes_nothing(timed):
    host, clock = timed
    sid = await _ra(host)
    await host.submit(sid, 100, Draw())
    version = (await host.get(sid)).version
    await host.request_undo(sid, 101, 1)
    assert (await host.answer_undo(sid, 100, False)).kind == "refused"
    assert await host.undo_request(sid) is None
    await host.request_undo(sid, 101, 1)
    clock.now += host.limits.undo_request_seconds + 1
    lapsed = await host.lapse_undo_requests()
    assert [r.session_id for r in lapsed] == [sid]
    with pytest.raises(UndoRefused) as err:
        await host.answer_undo(sid, 100, True)
    assert err.value.fields["key"] == "undo.error.no_request"
    assert (await host.get(sid)).version == version
    assert not any(a.undone for a in await host.store.actions(sid))


async def test_a_move_voids_a_pending_request(timed):
    host, _ = timed
    sid = await _ra(host)
    await host.submit(sid, 100, Draw())
    await host.request_undo(sid, 100, 1)
    s = await host.get(sid)
    seat = min(s.to_act())
    await host.submit(sid, 100 + seat, s.game.legal_actions(s.state, seat)[-1])
    with pytest.raises(UndoRefused) as err:
        await host.answer_undo(sid, 101, True)
    assert err.value.fields["key"] == "undo.error.moved_on"


async def test_undo_takes_back_undoable_ai_replies_and_refuses_final_ones(host):
    sid = await _ra(host, humans=1, ai=2)
    await _to_auction(host, sid)
    s = await host.get(sid)
    seat = min(s.to_act())
    assert not s.seats[seat].is_ai
    before = _enc(s.state)
    out = await host.submit(sid, 100, s.game.legal_actions(s.state, seat)[-1])
    finals = [step for step in out.steps[1:] if isinstance(step.action, Draw)]
    try:
        undone = await host.undo(sid, 100)
    except UndoRefused as err:  # an AI drew after the auction: final, refused, nothing changed
        assert finals and err.fields["key"] == "undo.error.ai_final"
        assert (await host.get(sid)).version == out.session.version
        return
    assert not finals
    assert _enc(undone.session.state) == before
    assert [m.by_ai for m in undone.moves] == [False] + [True] * (len(out.steps) - 1)


async def test_agreed_undo_alone_with_computer_players_applies_at_once(host):
    sid = await _ra(host, humans=1, ai=2)
    await host.submit(sid, 100, Draw())
    done = await host.request_undo(sid, 100, 1)
    assert done.kind == "applied"
    assert done.undone.session.state.drawn == 0 or done.undone.session.to_act() == {0}


async def test_bad_move_number_is_refused(host):
    sid = await _ra(host)
    await host.submit(sid, 100, Draw())
    with pytest.raises(UndoRefused) as err:
        await host.request_undo(sid, 100, 5)
    assert err.value.fields["key"] == "undo.error.no_such_move" and err.value.fields["moves"] == 1


async def test_export_lists_undone_moves_apart_and_its_replay_skips_them(host):
    sid = await _ra(host)
    s, seat, taken, _ = await _draw_then_undoable_move(host, sid)
    await host.undo(sid, 100 + seat)
    rng = random.Random(5)
    while (s := await host.get(sid)).status == "active":
        seat = min(s.to_act())
        await host.submit(sid, s.seats[seat].user_id, rng.choice(s.game.legal_actions(s.state, seat)))
    doc = await export_game(host, sid)
    code = s.game.encode_action(taken)
    assert [(u["after"], u["code"]) for u in doc["undone"]] == [(1, code)]
    assert len(doc["actions"]) == len(await host.standing_moves(sid)) == len(await host.store.actions(sid)) - 1
    assert [a["version"] for a in doc["actions"]] == list(range(1, len(doc["actions"]) + 1))
    state, result = replay_export(doc)
    assert _enc(state) == _enc(s.state) and result == s.result()


def test_play_undo_takes_back_the_last_human_move_unless_final():
    local = LocalGame("ra", 3, 11, {})
    with pytest.raises(UndoRefused) as err:
        local.undo(frozenset())
    assert err.value.fields["key"] == "undo.error.nothing"
    local.apply(0, Draw())
    with pytest.raises(UndoRefused) as err:
        local.undo(frozenset())
    assert err.value.fields["key"] == "undo.error.final"
    before = _enc(local.state)
    seat = min(local.game.to_act(local.state))
    local.apply(seat, local.game.legal_actions(local.state, seat)[-1])
    taken = local.undo(frozenset())
    assert [m.seat for m in taken] == [seat] and _enc(local.state) == before
    assert [e.get("undone", False) for e in local.log] == [False, True]
    assert local.result_json()["actions"] == 1


def test_play_prompt_understands_undo():
    lines: list[str] = []
    answers = iter(["undo", "quit"])
    run_hotseat("imperium", players=2, seed=3, read=lambda prompt: next(answers) if prompt == "> " else "",
                write=lines.append)
    assert any(t("en", "undo.error.nothing") in line for line in lines)
