"""Games without Discord: AI-only demos and hot-seat play in a terminal (``python bot.py demo|play``)."""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from i18n import t
from i18n.text import action_text, error_text, event_text, game_title
from render import Renderer, get_renderer
from rules import get_game
from rules.ai import ais_for, default_ai
from rules.base import Game, RulesError, resolve_options

_ROUND_PROGRESS = {"barrage": "round"}
"""Games whose demo prints a line at each new round, and the state field holding the round."""


def extra_pictures(game_name: str) -> dict[str, Renderer]:
    """A game's pictures besides the board (``PICTURES`` of ``render/<game>.py``: Barrage's boards)."""
    return dict(getattr(importlib.import_module(f"render.{game_name}"), "PICTURES", {}))


@dataclass
class LocalGame:
    """One game played in-process: the engine, its state and the log of applied actions."""

    game_name: str
    players: int
    seed: int
    options: dict[str, str]
    lang: str = "en"
    """The language of the pictures and of what the terminal prints (log.jsonl stays English)."""
    game: Game[Any, Any] = field(init=False)
    state: Any = field(init=False)
    log: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = get_game(self.game_name)
        self.options = resolve_options(self.game.info, self.options)
        self.state = self.game.setup(self.players, self.options, self.seed)

    def apply(self, seat: int, action: Any) -> list[Any]:
        self.state, events = self.game.apply(self.state, seat, action)
        self.log.append(
            {
                "n": len(self.log) + 1,
                "seat": seat,
                "code": self.game.encode_action(action),
                "action": json.loads(msgspec.json.encode(action)),
                "text": self.game.describe_action(action),
                "events": [e.text for e in events if e.to is None],
            }
        )
        return events

    def render(self, viewer: int | None = None) -> bytes:
        return get_renderer(self.game_name)(self.game.view(self.state, viewer), viewer_seat=viewer, lang=self.lang)

    def pictures(self, viewer: int | None = None) -> dict[str, bytes]:
        """Every picture of the position, by file-name suffix: "" the board (Barrage: the map), then the
        game's other pictures (Barrage: "_boards", the company boards a hot-seat player needs too)."""
        view = self.game.view(self.state, viewer)
        out = {"": get_renderer(self.game_name)(view, viewer_seat=viewer, lang=self.lang)}
        for name, draw in extra_pictures(self.game_name).items():
            out[f"_{name}"] = draw(view, viewer_seat=viewer, lang=self.lang)
        return out

    def write_pictures(self, folder: Path, stem: str, viewer: int | None = None) -> list[Path]:
        """Write ``<stem>.png`` and ``<stem>_<name>.png`` for the game's other pictures; their paths."""
        paths = []
        for suffix, png in self.pictures(viewer).items():
            path = folder / f"{stem}{suffix}.png"
            path.write_bytes(png)
            paths.append(path)
        return paths

    def title(self) -> str:
        return game_title(self.lang, self.game_name)

    def action_label(self, action: Any) -> str:
        return action_text(self.lang, self.game_name, action, fallback=self.game.describe_action(action))

    def result_json(self) -> dict[str, Any]:
        result = self.game.result(self.state)
        return {
            "game": self.game_name,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": len(self.log),
            "finished": result is not None,
            "scores": list(result.scores) if result else None,
            "ranks": list(result.ranks) if result else None,
            "winners": list(result.winners) if result else None,
            "tiebreak": list(result.tiebreak) if result and result.tiebreak is not None else None,
            "note": result.note if result else "",
        }


def run_demo(
    game_name: str,
    *,
    players: int,
    seed: int,
    out: Path,
    options: Mapping[str, str] | None = None,
    ai: str | None = None,
    frames: bool = False,
    progress: Callable[[str], None] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Play a whole game with AI seats; write final.png, log.jsonl and result.json into ``out``
    (pictures in ``lang``; the log and the result stay English: outside checks read them)."""
    local = LocalGame(game_name, players, seed, dict(options or {}), lang)
    ais = ais_for(game_name)
    name = ai or default_ai(game_name)
    if name not in ais:
        raise RulesError(f"Unknown AI '{name}' for {game_name}. Available: {', '.join(sorted(ais))}.")
    player = ais[name]
    out.mkdir(parents=True, exist_ok=True)
    if frames:
        (out / "frames").mkdir(exist_ok=True)
        local.write_pictures(out / "frames", "0000")
    game = local.game
    shown_round = None
    for _ in range(game.info.max_actions):
        if game.result(local.state) is not None:
            break
        if progress and game_name in _ROUND_PROGRESS:
            # a long AI game (Barrage: half a minute) says where it is at each new round
            now = getattr(local.state, _ROUND_PROGRESS[game_name])
            if now != shown_round:
                shown_round = now
                progress(t(lang, "local.demo_round", title=local.title(), round=now, move=len(local.log) + 1))
        seat = min(game.to_act(local.state))
        rng = random.Random(f"{seed}:{len(local.log)}:{seat}")
        local.apply(seat, player.choose(game, local.state, seat, rng))
        if frames:
            local.write_pictures(out / "frames", f"{len(local.log):04d}")
    with (out / "log.jsonl").open("w", encoding="utf-8") as fh:
        for line in local.log:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    local.write_pictures(out, "final")
    result = local.result_json()
    result["ai"] = name
    (out / "result.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    if progress:
        progress(t(lang, "local.demo_done", title=local.title(), actions=len(local.log), scores=result["scores"],
                   out=out))
    return result


def run_hotseat(
    game_name: str,
    *,
    players: int,
    seed: int,
    options: Mapping[str, str] | None = None,
    ai_seats: frozenset[int] = frozenset(),
    out: Path | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    lang: str = "en",
) -> dict[str, Any]:
    """Hot-seat play in a terminal: each human seat types its move when the screen is theirs."""
    local = LocalGame(game_name, players, seed, dict(options or {}), lang)
    game = local.game
    ai = ais_for(game_name)[default_ai(game_name)]
    last_owner: int | None = None
    write(t(lang, "local.welcome", title=local.title(), players=players, seed=seed))
    while game.result(local.state) is None:
        seat = min(game.to_act(local.state))
        if seat in ai_seats:
            rng = random.Random(f"{seed}:{len(local.log)}:{seat}")
            events = local.apply(seat, ai.choose(game, local.state, seat, rng))
            _print_events(write, local, events, None)
            continue
        if game.info.hidden_information and last_owner != seat:
            write("\n" * 40)
            read(t(lang, "local.pass_keyboard", player=seat + 1))
        last_owner = seat
        pictures = "-"
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            pictures = ", ".join(str(p) for p in local.write_pictures(out, "board", seat))
        legal = game.legal_actions(local.state, seat)
        write("\n" + t(lang, "local.your_move", player=seat + 1, count=len(legal), picture=pictures))
        if len(legal) <= 40:
            for i, action in enumerate(legal, 1):
                write(f"  {i:2d}. {local.action_label(action)}  [{game.encode_action(action)}]")
        else:
            samples = ", ".join(game.encode_action(a) for a in legal[:5])
            write("  " + t(lang, "local.type_code", samples=samples))
        answer = read("> ").strip()
        if answer == "quit":
            break
        if answer in {"help", "list"}:
            for i, action in enumerate(legal, 1):
                write(f"  {i:3d}. {local.action_label(action)}  [{game.encode_action(action)}]")
            continue
        try:
            action = (
                legal[int(answer) - 1]
                if answer.isdigit() and 0 < int(answer) <= len(legal)
                else (game.decode_action(answer))
            )
            events = local.apply(seat, action)
        except RulesError as exc:
            write(f"  ✗ {error_text(lang, exc)}")
            continue
        _print_events(write, local, events, seat)
    result = local.result_json()
    write("\n" + t(lang, "local.result", scores=result["scores"], ranks=result["ranks"]))
    return result


def _print_events(write: Callable[[str], None], local: LocalGame, events: list[Any], seat: int | None) -> None:
    for e in events:
        if e.to is None or (seat is not None and seat in e.to):
            write(f"  · {event_text(local.lang, local.game_name, e)}")
