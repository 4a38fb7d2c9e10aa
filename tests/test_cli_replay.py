"""`bot.py replay export.json --out DIR` (every frame, captions.txt, summary.png) and `demo`'s summary.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from host.history import FORMAT, FORMAT_VERSION
from tests.test_cli import run_bot


def export_of_demo(out: Path) -> dict:
    """The /game export document of a demo game (its log.jsonl and result.json say everything)."""
    result = json.loads((out / "result.json").read_text())
    moves = [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "game": result["game"], "options": result["options"],
        "seed": result["seed"], "rng": result["rng"],
        "players": [{"seat": s, "name": f"Player {s + 1}", "ai": "random"} for s in range(result["players"])],
        "result": {k: result[k] for k in ("scores", "ranks", "winners", "tiebreak", "note")},
        "actions": [{"version": m["n"], "seat": m["seat"], "code": m["code"]} for m in moves],
    }


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo game both languages replay, played once (the same seed plays the same game)."""
    where = tmp_path_factory.mktemp("replayed")
    made = run_bot("demo", "imperium", "--players", "3", "--seed", "7", "--out", str(where / "demo"), cwd=where)
    assert made.returncode == 0, made.stderr
    return where / "demo"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_replay_writes_every_frame_with_captions(tmp_path: Path, demo: Path, lang: str) -> None:
    assert Image.open(demo / "summary.png").width == 800  # demo also writes the summary picture
    log = tmp_path / "game.json"
    log.write_text(json.dumps(export_of_demo(demo)))
    out = tmp_path / "frames"
    proc = run_bot("replay", str(log), "--out", str(out), "--lang", lang, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    moves = len((demo / "log.jsonl").read_text().splitlines())
    frames = sorted(out.glob("frame_*.png"))
    assert [f.name for f in frames] == [f"frame_{i:03d}.png" for i in range(moves + 1)]
    captions = (out / "captions.txt").read_text(encoding="utf-8").splitlines()
    assert len(captions) == moves + 1 and captions[1].startswith("frame_001.png\t")
    assert ("手目" if lang == "ja" else "Move 1/") in captions[1]
    assert Image.open(out / "summary.png").height > 800


@pytest.mark.parametrize(("content", "says"), [
    (None, "There is no file"),
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "not a game log"),
])
def test_replay_of_a_bad_file_says_one_line(tmp_path: Path, content: str | None, says: str) -> None:
    log = tmp_path / "game.json"
    if content is not None:
        log.write_text(content)
    proc = run_bot("replay", str(log), "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and says in proc.stderr, proc.stderr
