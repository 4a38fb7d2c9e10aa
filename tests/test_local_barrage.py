"""Barrage without Discord is whole: demo and hot-seat play draw the boards picture beside the map (a
hot-seat player must see their wheel, contracts and tiles), frames keep both, and a demo says how far it is."""

from __future__ import annotations

import json
from concurrent.futures import Future
from pathlib import Path

import pytest

from host.local import LocalGame, run_demo, run_hotseat
from render import named
from render.barrage import render, render_boards
from rules.barrage import GAME

PNG = b"\x89PNG\r\n\x1a\n"


def _replayed_view(out: Path) -> dict[str, object]:
    state = GAME.setup(2, json.loads((out / "result.json").read_text())["options"], 5)
    for line in (out / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        state, _ = GAME.apply(state, entry["seat"], GAME.decode_action(entry["code"]))
    return GAME.view(state, None)


def test_demo_writes_the_map_and_the_boards_and_prints_the_rounds(tmp_path: Path) -> None:
    said: list[str] = []
    run_demo("barrage", players=2, seed=5, out=tmp_path, ai="random", progress=said.append)
    view = {**_replayed_view(tmp_path), "names": ["AI 1", "AI 2"]}  # the demo's seats, named as shown
    assert (tmp_path / "final.png").read_bytes() == named(render)(view)
    assert (tmp_path / "final_boards.png").read_bytes() == named(render_boards)(view)
    rounds = [line for line in said if "round" in line]
    assert [line.split(", from")[0] for line in rounds] == [f"Barrage: round {r}" for r in range(1, 6)]
    assert rounds[0] == "Barrage: round 1, from move 1…"
    assert said[-1].startswith("Barrage: ")  # the summary comes last


def test_frames_keep_both_pictures_of_every_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the drawing itself is checked above: here each frame is a stand-in, so 200 frames cost nothing
    def stand_in(local: LocalGame, viewer: int | None = None) -> Future[list[tuple[str, bytes]]]:
        drawn: Future[list[tuple[str, bytes]]] = Future()
        drawn.set_result([("-map", b"map %d" % len(local.log)), ("-boards", b"boards %d" % len(local.log))])
        return drawn

    monkeypatch.setattr(LocalGame, "pictures_later", stand_in)
    result = run_demo("barrage", players=2, seed=5, out=tmp_path, ai="random", frames=True)
    frames = tmp_path / "frames"
    assert len(list(frames.iterdir())) == 2 * (result["actions"] + 1)
    last = f"{result['actions']:04d}"
    assert (frames / "0000_boards.png").read_bytes() == b"boards 0"
    assert (frames / f"{last}.png").read_bytes() == (tmp_path / "final.png").read_bytes()
    assert (frames / f"{last}_boards.png").read_bytes() == (tmp_path / "final_boards.png").read_bytes()


def test_hot_seat_shows_both_pictures(tmp_path: Path) -> None:
    said: list[str] = []
    answers = iter(["1", "quit"])
    run_hotseat("barrage", players=2, seed=1, out=tmp_path, read=lambda _: next(answers), write=said.append)
    prompt = next(line for line in said if "your move" in line)
    assert str(tmp_path / "board.png") in prompt and str(tmp_path / "board_boards.png") in prompt
    assert (tmp_path / "board_boards.png").read_bytes()[:8] == PNG
