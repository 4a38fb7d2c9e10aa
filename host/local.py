"""Games without Discord: AI-only demos and hot-seat play in a terminal (``python bot.py demo|play``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from host import compute, tasks
from host.compute import ComputeFailed
from host.undo import UndoneMove, UndoRefused, last_human_move, take_back, undo_refused
from i18n import DEFAULT_LANG, t
from i18n import alhambra_dice as alhambra_words
from i18n.seats import seat_name, seat_names
from i18n.text import action_text, error_text, event_text, game_title
from rules import get_game
from rules.ai import ais_for, default_ai
from rules.base import Game, RulesError, resolve_options
from rules.rng import RNG_CURRENT
from rules.summary import SummaryCollector

DRAW_DEADLINE = 60.0
"""Seconds one picture may take in a worker (a long demo queues hundreds of frames at once)."""
AI_DEADLINE = 60.0
"""Seconds one AI decision may take in a worker before the simple AI answers (no one waits at a demo)."""

_ROUND_PROGRESS = {"barrage": "round"}
"""Games whose demo prints a line at each new round, and the state field holding the round."""


def by_suffix(pictures: list[tasks.Picture]) -> dict[str, bytes]:
    """Pictures by file-name suffix: "" for the board (Barrage: the map), "_<name>" for the game's other
    pictures (Barrage: "_boards", the company boards a hot-seat player needs too)."""
    return {("" if i == 0 else "_" + name.lstrip("-")): png for i, (name, png) in enumerate(pictures)}


@dataclass
class LocalGame:
    """One game played in-process: the engine, its state and the log of applied actions."""

    game_name: str
    players: int
    seed: int
    options: dict[str, str]
    lang: str = "en"
    """The language of the pictures and of what the terminal prints (log.jsonl stays English)."""
    rng: int = RNG_CURRENT
    """The random generator version (rules/rng.py); result.json names it so the game can be replayed."""
    game: Game[Any, Any] = field(init=False)
    state: Any = field(init=False)
    log: list[dict[str, Any]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    """Each seat's name, as pictures, events and prompts show it (default: "Player 1", ...)."""

    def __post_init__(self) -> None:
        if not self.names:
            self.names = [seat_name(self.lang, s) for s in range(self.players)]
        self.game = get_game(self.game_name)
        self.options = resolve_options(self.game.info, self.options)
        self.state = self.game.setup(self.players, self.options, self.seed, self.rng)

    def apply(self, seat: int, action: Any) -> list[Any]:
        self.state, events = self.game.apply(self.state, seat, action)
        self.log.append(
            {
                "n": len(self.standing()) + 1,
                "seat": seat,
                "code": self.game.encode_action(action),
                "action": json.loads(msgspec.json.encode(action)),
                "text": self.game.describe_action(action),
                "events": [e.text for e in events if e.to is None],
            }
        )
        return events

    def standing(self) -> list[dict[str, Any]]:
        """The log entries of the moves that stand (an undone one stays in ``log``, marked ``undone``)."""
        return [e for e in self.log if not e.get("undone")]

    def undo(self, ai_seats: frozenset[int]) -> list[UndoneMove]:
        """Take back the last move a human made and the AI moves after it, if none of them revealed
        anything (UndoRefused, keyed, otherwise): the hot-seat players share one keyboard, so whoever is at
        it may take back the table's last human move. The state is rebuilt from the seed."""
        standing = self.standing()
        last = last_human_move([e["seat"] for e in standing], ai_seats.__contains__)
        if last is None:
            raise undo_refused("undo.error.nothing")
        moves = [(e["seat"], self.game.decode_action(e["code"])) for e in standing]
        start = self.game.setup(self.players, self.options, self.seed, self.rng)
        self.state, taken = take_back(self.game, start, moves, last, ai_seats.__contains__, own=True)
        for entry in standing[last:]:
            entry["undone"] = True
        return taken

    def render(self, viewer: int | None = None) -> bytes:
        return self.pictures(viewer)[""]

    def pictures_later(self, viewer: int | None = None) -> Future[list[tasks.Picture]]:
        """Every picture of the position as ``viewer`` sees it, drawn in the compute pool as the bot
        draws them (Barrage: the map, then the boards); the caller collects them when it needs the
        bytes, so moves go on meanwhile."""
        view = {**self.game.view(self.state, viewer), "names": self.names}
        return compute.pool().submit(tasks.board_pictures, self.game_name, view, viewer, self.lang,
                                     deadline=DRAW_DEADLINE)

    def choose(self, ai: str, seat: int) -> Any:
        """AI ``ai``'s move for ``seat``, decided in the compute pool as the bot decides it (same seed
        string); the simple AI's move if the worker is lost or late."""
        state = msgspec.json.encode(self.state)
        try:
            code = compute.pool().submit(tasks.choose_action, self.game_name, state, seat, ai, self.seed,
                                         len(self.log), deadline=AI_DEADLINE).result()
        except ComputeFailed:
            return tasks.simple_action(self.game_name, self.state, seat, self.seed, len(self.log))
        return msgspec.json.decode(code, type=self.game.action_type)

    def pictures(self, viewer: int | None = None) -> dict[str, bytes]:
        """Every picture of the position by file-name suffix (``by_suffix``)."""
        return by_suffix(self.pictures_later(viewer).result())

    def write_pictures(self, folder: Path, stem: str, viewer: int | None = None,
                       pictures: dict[str, bytes] | None = None) -> list[Path]:
        """Write ``<stem>.png`` and ``<stem>_<name>.png`` for the game's other pictures (``pictures`` if
        already drawn); their paths."""
        paths = []
        for suffix, png in (self.pictures(viewer) if pictures is None else pictures).items():
            path = folder / f"{stem}{suffix}.png"
            path.write_bytes(png)
            paths.append(path)
        return paths

    def title(self) -> str:
        return game_title(self.lang, self.game_name)

    def action_label(self, action: Any) -> str:
        return action_text(self.lang, self.game_name, action, fallback=self.game.describe_action(action),
                           names=self.names)

    def move_labels(self, actions: Sequence[Any], seat: int) -> list[str]:
        """``seat``'s moves as the terminal lists them: Alhambra names its cells as the picture labels
        them (B3) and says which dice a re-roll keeps; other games use their button labels."""
        if self.game_name != "alhambra_dice":
            return [self.action_label(a) for a in actions]
        view = self.game.view(self.state, seat)
        with seat_names(self.names):
            return [alhambra_words.choice_text(self.lang, view, {"code": self.game.encode_action(a),
                                                                 "text": self.game.describe_action(a)})
                    for a in actions]

    def result_json(self) -> dict[str, Any]:
        result = self.game.result(self.state)
        return {
            "game": self.game_name,
            "players": self.players,
            "seed": self.seed,
            "rng": self.rng,
            "options": self.options,
            "actions": len(self.standing()),
            "finished": result is not None,
            "scores": list(result.scores) if result else None,
            "ranks": list(result.ranks) if result else None,
            "winners": list(result.winners) if result else None,
            "tiebreak": list(result.tiebreak) if result and result.tiebreak is not None else None,
            "note": result.note if result else "",
        }


def known_ai(game_name: str, ai: str | None) -> str:
    """``ai`` (a level such as ``hard``, or another of the game's computer players), or the default one
    when None; a keyed RulesError (``local.error.unknown_ai``) for a name the game does not have."""
    name = ai or default_ai(game_name)
    ais = ais_for(game_name)
    if name not in ais:
        fields = {"ai": name, "game": game_name, "available": ", ".join(sorted(ais))}
        raise RulesError(t(DEFAULT_LANG, "local.error.unknown_ai", **fields), key="local.error.unknown_ai", **fields)
    return name


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
    """Play a whole game with AI seats; write final.png, summary.png, log.jsonl and result.json into ``out``
    (pictures in ``lang``; the log and the result stay English: outside checks read them)."""
    local = LocalGame(game_name, players, seed, dict(options or {}), lang,
                      names=[t(lang, "summary.ai_seat", seat=s + 1) for s in range(players)])
    name = known_ai(game_name, ai)
    out.mkdir(parents=True, exist_ok=True)
    drawing: dict[str, Future[list[tasks.Picture]]] = {}
    if frames:
        (out / "frames").mkdir(exist_ok=True)
        drawing["0000"] = local.pictures_later()
    game = local.game
    shown_round = None
    collect = SummaryCollector(game_name)  # the score after each move, for summary.png
    collect(0, None, None, [], local.state)
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
        action = local.choose(name, seat)
        collect(len(local.log) + 1, seat, action, local.apply(seat, action), local.state)
        if frames:
            drawing[f"{len(local.log):04d}"] = local.pictures_later()
    for stem, later in drawing.items():  # drawn in the workers while the game went on
        local.write_pictures(out / "frames", stem, pictures=by_suffix(later.result()))
    with (out / "log.jsonl").open("w", encoding="utf-8") as fh:
        for line in local.log:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
    local.write_pictures(out, "final")
    if game.result(local.state) is not None:
        summary = compute.pool().submit(tasks.summary_of, msgspec.to_builtins(collect.summary), local.names, lang)
        (out / "summary.png").write_bytes(summary.result())
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
    ai: str | None = None,
    out: Path | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    lang: str = "en",
) -> dict[str, Any]:
    """Hot-seat play in a terminal: each human seat types its move when the screen is theirs (``read``:
    ``input`` unless given). Ctrl-D or Ctrl-C at a prompt stops the game with one line, as 'quit' does;
    the result then says ``interrupted`` for Ctrl-C. ``ai``: the computer player of ``ai_seats`` (a level,
    default ``normal``; a keyed RulesError for one the game lacks, before anything is printed)."""
    read = read or input
    ai = known_ai(game_name, ai)
    names = [t(lang, "summary.ai_seat", seat=s + 1) if s in ai_seats else seat_name(lang, s)
             for s in range(players)]
    local = LocalGame(game_name, players, seed, dict(options or {}), lang, names=names)
    write(t(lang, "local.welcome", title=local.title(), players=players, seed=seed))
    try:
        _hotseat_loop(local, ai_seats, ai, out, read, write)
        interrupted = False
    except (EOFError, KeyboardInterrupt) as exc:  # Ctrl-D / Ctrl-C at a prompt: stop, say so, no traceback
        interrupted = isinstance(exc, KeyboardInterrupt)
    result = local.result_json()
    result["interrupted"] = interrupted
    if result["finished"]:
        write("\n" + t(lang, "local.result", scores=result["scores"], ranks=result["ranks"]))
    else:
        write("\n" + t(lang, "local.stopped", moves=len(local.standing())))
    return result


def _hotseat_loop(
    local: LocalGame, ai_seats: frozenset[int], ai: Any, out: Path | None, read: Callable[[str], str],
    write: Callable[[str], None],
) -> None:
    """Moves until the game ends or a player types 'quit' (EOFError/KeyboardInterrupt pass through)."""
    game, lang = local.game, local.lang
    last_owner: int | None = None
    while game.result(local.state) is None:
        seat = min(game.to_act(local.state))
        if seat in ai_seats:
            events = local.apply(seat, local.choose(ai, seat))
            _print_events(write, local, events, None)
            continue
        if game.info.hidden_information and last_owner != seat:
            write("\n" * 40)
            read(t(lang, "local.pass_keyboard", name=local.names[seat]))
        last_owner = seat
        pictures = "-"
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            pictures = ", ".join(str(p) for p in local.write_pictures(out, "board", seat))
        legal = game.legal_actions(local.state, seat)
        write("\n" + t(lang, "local.your_move", name=local.names[seat], count=len(legal), picture=pictures))
        if len(legal) <= 40:
            for i, (action, label) in enumerate(zip(legal, local.move_labels(legal, seat), strict=True), 1):
                write(f"  {i:2d}. {label}  [{game.encode_action(action)}]")
        else:
            samples = ", ".join(game.encode_action(a) for a in legal[:5])
            write("  " + t(lang, "local.type_code", samples=samples))
        answer = read("> ").strip()
        if answer == "quit":
            break
        if answer == "undo":
            try:
                taken = local.undo(ai_seats)
            except UndoRefused as exc:
                write(f"  ✗ {t(lang, exc.fields['key'], **{k: v for k, v in exc.fields.items() if k != 'key'})}")
                continue
            for move in taken:
                label = local.action_label(move.action)
                write("  ↶ " + t(lang, "local.undone", name=local.names[move.seat], move=label))
            continue
        if answer in {"help", "list"}:
            if answer == "help":
                write(t(lang, "local.help", count=len(legal)))
            for i, (action, label) in enumerate(zip(legal, local.move_labels(legal, seat), strict=True), 1):
                write(f"  {i:3d}. {label}  [{game.encode_action(action)}]")
            continue
        if answer.isdigit() and not 0 < int(answer) <= len(legal):
            # A bare number is always a place in the list, never a code: "3" must not bid a 3 (or a 6).
            write(f"  ✗ {t(lang, 'local.bad_number', number=answer, count=len(legal))}")
            continue
        try:
            action = legal[int(answer) - 1] if answer.isdigit() else game.decode_action(answer)
            events = local.apply(seat, action)
        except RulesError as exc:
            write(f"  ✗ {error_text(lang, exc)}")
            continue
        _print_events(write, local, events, seat)


def _print_events(write: Callable[[str], None], local: LocalGame, events: list[Any], seat: int | None) -> None:
    for e in events:
        if e.to is None or (seat is not None and seat in e.to):
            write(f"  · {event_text(local.lang, local.game_name, e, local.names)}")
