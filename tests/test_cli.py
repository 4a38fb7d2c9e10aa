"""The command-line contract outside checks rely on: `bot.py demo`, and a clear message without a token."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules import GAMES

ROOT = Path(__file__).resolve().parent.parent


def run_bot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def test_no_token_exits_non_zero_naming_the_setting(tmp_path: Path) -> None:
    """Starting the bot without a token says which setting to fill and where its template is."""
    proc = run_bot(cwd=tmp_path)
    assert proc.returncode != 0
    assert "DISCORD_TOKEN" in proc.stderr and ".env.example" in proc.stderr


def test_demo_imperium_writes_picture_log_and_result(tmp_path: Path) -> None:
    """The README's demo: a whole 5-player game with AI seats, reproducible from its seed."""
    out = tmp_path / "demo"
    proc = run_bot("demo", "imperium", "--players", "5", "--seed", "7", "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (out / "final.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = json.loads((out / "result.json").read_text())
    assert result["finished"] and len(result["scores"]) == 5 and len(result["ranks"]) == 5
    assert sorted(result["ranks"])[0] == 1
    lines = (out / "log.jsonl").read_text().splitlines()
    assert len(lines) == result["actions"] == 40  # 8 rounds x 5 secret choices
    assert all("code" in json.loads(line) for line in lines)

    again = tmp_path / "again"
    run_bot("demo", "imperium", "--players", "5", "--seed", "7", "--out", str(again), cwd=tmp_path)
    assert (again / "log.jsonl").read_text() == (out / "log.jsonl").read_text()


def test_demo_refuses_a_bad_player_count_with_a_message(tmp_path: Path) -> None:
    proc = run_bot("demo", "imperium", "--players", "9", "--seed", "1", "--out", str(tmp_path / "x"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "2-5 players" in proc.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_a_demo(game: str, tmp_path: Path) -> None:
    """Each game the bot offers plays to the end in local mode with its smallest table."""
    players = str(GAMES[game].info.min_players)
    proc = run_bot("demo", game, "--players", players, "--seed", "3", "--out", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "result.json").read_text())["finished"]


def test_demo_barrage_plays_the_nile_affair_by_default(tmp_path: Path) -> None:
    """`demo barrage --players 4 --seed 2` is a Nile Affair game: replaying its log gives a game on the
    Nile map with irrigation, and final.png is that game's map picture."""
    from render import named
    from render.barrage import render
    from rules.barrage import GAME

    out = tmp_path / "nile"
    proc = run_bot("demo", "barrage", "--players", "4", "--seed", "2", "--out", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    result = json.loads((out / "result.json").read_text())
    assert result["finished"] and result["options"]["expansion"] == "nile"
    state = GAME.setup(4, result["options"], 2)
    for line in (out / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        state, _ = GAME.apply(state, entry["seat"], GAME.decode_action(entry["code"]))
    assert state.map == "nile" and all(w != -1 for w in state.irr_scoring)
    assert list(GAME.result(state).scores) == result["scores"]
    view = {**GAME.view(state, None), "names": [f"AI {n}" for n in range(1, 5)]}  # the demo's seats, as shown
    assert view["irrigation"]["areas"] and (out / "final.png").read_bytes() == named(render)(view)


def test_demo_in_japanese_draws_a_japanese_picture_and_keeps_the_log_english(tmp_path: Path) -> None:
    """`--lang ja` changes the picture only: the same log and result as in English."""
    from render import get_renderer
    from rules.ra import GAME

    render = get_renderer("ra")  # draws the seats by the names the view carries
    en, ja = tmp_path / "en", tmp_path / "ja"
    assert run_bot("demo", "ra", "--players", "3", "--seed", "4", "--out", str(en), cwd=tmp_path).returncode == 0
    proc = run_bot("demo", "ra", "--players", "3", "--seed", "4", "--out", str(ja), "--lang", "ja", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "ラー" in proc.stdout  # the progress line
    assert (ja / "log.jsonl").read_text() == (en / "log.jsonl").read_text()
    assert (ja / "result.json").read_text() == (en / "result.json").read_text()
    state = GAME.setup(3, json.loads((ja / "result.json").read_text())["options"], 4)
    for line in (ja / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        state, _ = GAME.apply(state, entry["seat"], GAME.decode_action(entry["code"]))
    view = {**GAME.view(state, None), "names": ["AI 1", "AI 2", "AI 3"]}  # the demo's seats, named as shown
    assert (ja / "final.png").read_bytes() == render(view, lang="ja") != (en / "final.png").read_bytes()


def test_hot_seat_play_in_japanese(tmp_path: Path) -> None:
    """The terminal speaks Japanese with --lang ja: prompts, moves, events and refusals."""
    from host.local import run_hotseat

    said: list[str] = []
    answers = iter(["", "nonsense", "1", "quit"])  # Enter when the keyboard is passed, a bad code, a move
    run_hotseat("ra", players=3, seed=1, ai_seats=frozenset({1, 2}), out=tmp_path, read=lambda _: next(answers),
                write=said.append, lang="ja")
    text = "\n".join(said)
    assert "ラー、3人、シード1" in text and "プレイヤー1の手番です" in text and "✗ " in text
    assert "Player 1, your move" not in text


# --------------------------------------------------------------------------- bad input: one line each (issue 16)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["demo", "ra", "--players", "3", "--out", "afile"], "error: --out afile is a file"),
        (["demo", "ra", "--players", "3", "--out", "afile/sub"], "error: --out afile/sub: cannot write there"),
        (["play", "ra", "--players", "3", "--out", "afile"], "error: --out afile is a file"),
        (["play", "ra", "--players", "3", "--ai", "x", "--out", "o"], "error: --ai takes seat numbers from 1 to 3"),
        (["play", "ra", "--players", "3", "--ai", "2,7", "--out", "o"], "not '7'"),
        (["demo", "ra", "--players", "3", "--ai", "x", "--out", "o"], "error: Unknown AI 'x' for ra"),
    ],
)
def test_bad_command_line_arguments_get_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    (tmp_path / "afile").write_text("not a folder")
    proc = run_bot(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert says in proc.stderr and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr


def _play(tmp_path: Path, stdin: str, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(ROOT / "bot.py"), "play", "imperium", "--players", "3", "--out",
                           str(tmp_path / "o"), *extra], cwd=tmp_path, env=env, input=stdin, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("stdin", ["quit\n", ""], ids=["quit", "ctrl-d"])
def test_leaving_play_says_the_game_is_unfinished(tmp_path: Path, stdin: str) -> None:
    proc = _play(tmp_path, stdin)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.rstrip().endswith("Stopped after 0 moves; the game was not finished, so it has no result.")
    assert "scores None" not in proc.stdout and "Traceback" not in proc.stdout


def test_ctrl_c_in_play_stops_cleanly(tmp_path: Path, monkeypatch, capsys) -> None:
    import builtins

    import bot as bot_module

    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(builtins, "input", interrupted)
    assert bot_module.main(["play", "ra", "--players", "3", "--out", str(tmp_path / "o")]) == 130
    out = capsys.readouterr()
    assert out.out.rstrip().endswith("Stopped after 0 moves; the game was not finished, so it has no result.")
    assert out.err == ""


@pytest.mark.parametrize(("ai", "seats", "level"), [("hard", {1, 2}, "hard"), ("2:easy", {1}, "easy"),
                                                     ("2,3", {1, 2}, "normal")])
def test_play_takes_the_computer_players_level_as_demo_does(tmp_path: Path, monkeypatch, ai, seats, level) -> None:
    """`play --ai hard` puts that level in every seat but the first; `--ai 2:easy` names the seats too."""
    import builtins

    import bot as bot_module
    from host.local import LocalGame

    chosen: list[tuple[str, int]] = []

    def choose(self: LocalGame, name: str, seat: int):
        chosen.append((name, seat))
        return self.game.legal_actions(self.state, seat)[0]

    answers = iter(["1", "quit"])
    monkeypatch.setattr(LocalGame, "choose", choose)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers) if prompt == "> " else "")
    assert bot_module.main(["play", "ra", "--players", "3", "--seed", "1", "--ai", ai, "--out",
                            str(tmp_path / "o")]) == 0
    assert chosen and {name for name, _ in chosen} == {level} and {seat for _, seat in chosen} == seats


def test_play_refuses_an_unknown_level_in_one_line(tmp_path: Path) -> None:
    proc = run_bot("play", "ra", "--players", "3", "--ai", "2,3:godlike", "--out", "o", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "error: Unknown AI 'godlike' for ra. Available: " in proc.stderr and "hard" in proc.stderr


def test_without_a_seed_a_demo_draws_a_fresh_128_bit_one(tmp_path: Path) -> None:
    proc = run_bot("demo", "imperium", "--players", "3", "--out", str(tmp_path / "d"), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    result = json.loads((tmp_path / "d" / "result.json").read_text())
    assert result["seed"].bit_length() > 64 and result["rng"] == 3  # generator version 3 (rules/rng.py)


def test_invite_prints_the_link_with_the_bots_permissions(tmp_path: Path) -> None:
    """`invite --app-id` prints the link that adds the bot with exactly the permissions README names."""
    proc = run_bot("invite", "--app-id", "123456789012345678", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    url = proc.stdout.strip()
    assert url.startswith("https://discord.com/oauth2/authorize?client_id=123456789012345678")
    assert "permissions=311385246720" in url and "scope=bot+applications.commands" in url
    assert "**311385246720**" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_invite_without_an_application_id_says_where_to_put_it(tmp_path: Path) -> None:
    env = {"DISCORD_APPLICATION_ID": ""}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py"), "invite"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={**os.environ, **env, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2 and not proc.stdout
    assert "--app-id" in proc.stderr and "DISCORD_APPLICATION_ID" in proc.stderr
    bad = run_bot("invite", "--app-id", "my-bot", cwd=tmp_path)
    assert bad.returncode == 2 and "number" in bad.stderr


def test_the_invite_permissions_are_the_ones_the_bot_uses() -> None:
    from bot import BOT_PERMISSIONS

    wanted = {"read_messages", "send_messages", "send_messages_in_threads", "create_public_threads", "embed_links",
              "attach_files", "read_message_history", "use_application_commands"}
    assert {name for name, on in BOT_PERMISSIONS if on} == wanted  # read_messages is View Channel
    assert BOT_PERMISSIONS.value == 311385246720
