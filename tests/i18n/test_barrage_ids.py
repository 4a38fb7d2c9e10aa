"""No internal id reaches a Barrage player: 200 random games (base and Nile, 2-4 players, with and without
the Leeghwater parts), read in English and in Japanese. Every event, every legal move's label at every
step, the log.jsonl lines local play writes, the step prompts and ``/barrage status``, and every string the
two pictures draw (sampled positions) are scanned for id-shaped tokens: ``BASIC_CONDUIT``, ``OBJ_…``,
``START3``, ``bank-b``, ``C1R``, ``P10_0``, ``wilhelm_adler`` and every other id of the data files."""

from __future__ import annotations

import random
import re
from functools import cache
from types import SimpleNamespace
from typing import Any

import pytest

import i18n.barrage as words
from cogs.barrage import status_note, step_line
from host.local import LocalGame
from render.barrage import render, render_boards
from rules.barrage import data
from rules.barrage.actions import Back, Decline, Skip
from tests.i18n.tofu import recording_text

GAMES = 200
PICTURE_EVERY = 10
"""Every 10th game has its pictures drawn at three positions (the pictures cost ~0.1 s each)."""
LANGS = ("en", "ja")


def _data_ids() -> set[str]:
    ids: set[str] = set()
    ids |= set(data.SPACES) | set(words.space_ids()) | set(data.CONTRACTS) | set(data.TECH)
    ids |= set(data.BONUS_TILES) | set(data.OBJECTIVES) | set(data.IRRIGATION_TILES) | set(data.STACK_VP)
    ids |= set(data.EXTERNAL_WORKS) | set(data.BUILDINGS) | set(data.OFFICERS) | set(data.COMPANIES)
    for name in ("base", "nile"):
        m = data.map_data(name)
        ids |= set(m.dams) | set(m.conduits) | set(m.powerhouses) | set(m.headstreams) | set(m.exits)
        ids |= set(m.irrigation)
    return ids


ID_SHAPED = re.compile(
    r"(?<![\w-])(?:"
    r"[A-Z][A-Z0-9]*_[A-Z0-9_]+"  # BASIC_CONDUIT, OBJ_BASINS_THREE, L2_BASE, EXIT_L
    r"|[a-z]+(?:_[a-z]+)+"  # wilhelm_adler, loan_agency
    r"|[a-z_]+-[a-z]*\d+[a-z]*|[a-z_]+-[a-z]"  # bank-b, turbine-b2, company-1, cofferdam-s0
    r"|[BCP]\d+[A-Z_]\d*|[BC]\d+"  # B1U, C1R, P10_0, C200
    r"|START\d|NILE_[GYR]|EW_\w+|H[A-E]"
    r")(?![\w-])"
)
IDS = frozenset(_data_ids() - {"cofferdam"})
"""("cofferdam" is also the building's English name.)"""


def id_tokens(text: str) -> list[str]:
    """The id-shaped tokens of a text: the pattern's, and any data id standing as a word."""
    found = ID_SHAPED.findall(text)
    found += [w for w in re.findall(r"[\w-]+", text) if w in IDS]
    return found


def test_the_scanner_finds_the_ids_of_the_issue() -> None:
    for bad in ("uses bank-b", "builds a conduit on C1R with BASIC_CONDUIT", "objective OBJ_BASINS_THREE (0)",
                "contract START3", "on P10_0 with BASIC_POWERHOUSE", "L2_BASE", "IRR_HILL_CREDITS", "EW_A1",
                "Your company: **usa** (wilhelm_adler)", "headstream HA", "turbine-b2", "C200"):
        assert id_tokens(bad), bad
    for good in ("Seat 1 (USA) builds a conduit on basin 1 conduit to zone 5 (value 4) with the basic Conduit tile.",
                 "Take the green contract for 3 energy (2 credits)", "Produce +2 (3 eng, +3 cr)", "L2 Base",
                 "the irrigation tile “hill: 4 credits”", "red-bordered", "face-up"):
        assert not id_tokens(good), good


def _choose(rng: random.Random, legal: list[Any]) -> Any:
    """A random move that rarely gives up, so the games run long and reach the later steps."""
    keep = [a for a in legal if not isinstance(a, (Skip, Back, Decline))]
    return rng.choice(keep if keep and rng.random() < 0.9 else legal)


def _options(i: int) -> dict[str, str]:
    """Odd games: the Nile Affair on the Nile map; even: the base game, every fourth with the Leeghwater
    parts; some of the base games without them use the introductory set-up."""
    nile = i % 2 == 1
    leeghwater = i % 4 in (1, 2)
    return {"expansion": "nile" if nile else "none", "map": "nile" if nile else "base",
            "leeghwater": "yes" if leeghwater else "no", "intro": "yes" if i % 8 == 4 else "no"}


def _texts_of_game(i: int) -> dict[str, set[str]]:
    """Every player-facing string of game ``i``, by where it was seen (labels memoised by action code)."""
    rng = random.Random(i)
    players = 2 + i % 3
    out: dict[str, set[str]] = {}

    def add(where: str, text: str) -> None:
        out.setdefault(where, set()).add(text)

    local = LocalGame("barrage", players, i, _options(i))
    game = local.game
    labelled: set[str] = set()
    steps: set[tuple[Any, ...]] = set()
    draw = i % PICTURE_EVERY == 0
    for n in range(game.info.max_actions):
        if game.result(local.state) is not None:
            break
        seat = min(game.to_act(local.state))
        legal = game.legal_actions(local.state, seat)
        for a in legal:
            code = game.encode_action(a)
            if code not in labelled:
                labelled.add(code)
                for lang in LANGS:
                    add("label", words.action_text(lang, a))
        task = local.state.tasks[0]
        if (task.kind, seat) not in steps:
            steps.add((task.kind, seat))
            view = game.view(local.state, None)
            for lang in LANGS:
                add("step", step_line(view, lang) or "")
        if draw and n in (40, 120):
            _pictures(local, add)
        for e in local.apply(seat, _choose(rng, legal)):
            for lang in LANGS:
                add("event", words.event_text(lang, e))
    for line in local.log:
        add("log.jsonl", line["text"])
        for text in line["events"]:
            add("log.jsonl", text)
    session = SimpleNamespace(id="abc123", view=lambda viewer: game.view(local.state, viewer))
    for lang in LANGS:
        for seat in (None, *range(players)):
            add("status", status_note(session, seat, lang))  # type: ignore[arg-type]
    if draw:
        _pictures(local, add)
    return out


def _pictures(local: LocalGame, add: Any) -> None:
    view = local.game.view(local.state, None)
    for lang in LANGS:
        with recording_text() as drawn:
            render(view, lang=lang)
            render_boards(view, lang=lang)
        for text, _font in drawn:
            add("picture", text)


@cache
def _hits() -> tuple[dict[str, dict[str, str]], dict[str, int]]:
    """(where → token → a text showing it, where → how many strings were read)."""
    hits: dict[str, dict[str, str]] = {}
    read: dict[str, int] = {}
    for i in range(GAMES):
        for where, texts in _texts_of_game(i).items():
            read[where] = read.get(where, 0) + len(texts)
            for text in texts:
                for token in id_tokens(text):
                    hits.setdefault(where, {}).setdefault(token, text)
    return hits, read


@pytest.mark.parametrize("where", ["event", "label", "log.jsonl", "step", "status", "picture"])
def test_no_internal_id_reaches_a_player(where: str) -> None:
    hits, read = _hits()
    assert read.get(where, 0) > 0, f"nothing read from {where}"
    assert not hits.get(where), hits.get(where)
