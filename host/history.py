"""History and replays: a finished game's log as portable JSON, replaying it, and replay frames.

Every action of every game is already stored (the ``actions`` table). This module turns that log
into a documented, versioned JSON document, replays such a document to the exact final state, and
picks the states a replay animation shows, and words and draws that animation (``build_replay_gif``,
with render/replay.py; the bot runs it in a compute worker). No Discord.

The export format (``format`` ``"boardgame-bot/game-log"``, ``format_version`` 1)::

    {
      "format": "boardgame-bot/game-log",
      "format_version": 1,
      "id": "1a2b3c4d",                      # the game id in the bot (information only)
      "game": "ra",                          # rules.GAMES key
      "title": "Ra",                         # information only
      "options": {"hidden_fame": "off"},     # every option, defaults filled in
      "seed": 123456,                        # all of the game's randomness comes from it
      "rng": 2,                              # the generator version (rules/rng.py); absent: 1
      "created_at": "2025-01-31T20:15:00Z",  # information only (UTC, or null)
      "finished_at": "2025-02-03T08:01:12Z", # information only (UTC, or null)
      "players": [                           # in seat order
        {"seat": 0, "name": "Ann", "ai": null, "resigned": false},
        {"seat": 1, "name": "AI 1 (random)", "ai": "random", "resigned": false}
      ],
      "result": {"scores": [31, 24], "ranks": [1, 2], "winners": [0], "tiebreak": null, "note": ""},
      "actions": [                           # the moves that stand, in order
        {"version": 1, "seat": 0, "code": "d", "text": "Draw a tile"}
      ],
      "undone": [                            # moves taken back (host/undo.py); absent: none
        {"after": 1, "seat": 1, "code": "p", "text": "Pass"}
      ]
    }

- ``code`` is the engine's compact action code (the one the move buttons carry); ``version`` numbers
  the actions 1, 2, 3, ... without gaps (it is also the game version the action produced, as stored);
  ``text`` is the English description, for people reading the file: it is not checked when replaying.
- ``undone`` lists the moves that were played and then taken back, each after ``after`` standing moves (in
  the order they were played). They are kept for the record only: replays, frames and results read
  ``actions``, the game that stands.
- Privacy: players appear by the name they had in the game, their seat and whether an AI played
  them; no Discord ids (users, server, channel) are written: replaying needs none of them.
- Hidden information: only **finished** games are exported (or replayed). The seed fixes every
  hidden thing (the bag order, the dealt tiles) and the log holds the secret moves (Imperium's card
  choices), so an unfinished game's export would give its secrets away; once a game is over there
  is nothing left to hide. ``export_game`` raises ``GameNotFinished`` for any other game.

``replay_export`` reads such a document (a dict, or its JSON text) strictly: any mistake raises an
``ExportError`` saying where (``ExportFormatError`` when the document is not a valid log,
``ExportReplayError`` when a valid-looking log does not replay: an unreadable code, a move the rules
refuse, a log that stops before the game ends or goes on after it, a result that does not match).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from host.errors import HostError
from i18n import t
from i18n.text import action_text, event_text, game_title
from render import get_renderer
from render.replay import animated_gif
from render.summary import render_summary
from rules import GAMES
from rules.base import Event, Game, Result, RulesError, check_players, resolve_options
from rules.rng import RNG_MT, RNG_VERSIONS
from rules.summary import SummaryCollector

if TYPE_CHECKING:
    from host.sessions import Host

log = logging.getLogger(__name__)

FORMAT = "boardgame-bot/game-log"
FORMAT_VERSION = 1
MAX_EXPORT_BYTES = 5 * 1024 * 1024
"""A log bigger than this is refused before it is parsed (the longest real games are ~100 KB)."""
MAX_FRAMES = 60
"""How many pictures a replay shows at most by default (first and last always among them)."""


# --------------------------------------------------------------------------- errors


class GameNotFinished(HostError):
    """Only finished games can be exported or replayed (an unfinished game still has secrets)."""


class ExportError(HostError):
    """A game log could not be read or replayed. ``where`` points into the document (``actions[12]``)."""

    kind_key = "history.error.bad_log"

    def __init__(self, reason: str, /, key: str | None = None, *, where: str = "", **fields: Any) -> None:
        super().__init__(reason, key, where=where, **fields)
        self.where = where


class ExportFormatError(ExportError):
    """The document is not a game log this bot reads: bad JSON, wrong shape or types, an unknown
    format, version or game, bad options, a wrong number of players, unnumbered actions."""


class DamagedLog(ExportError):
    """A finished game's stored log cannot be read back (an action code this bot does not know): the
    game is named, and ``move`` is the 1-based action at fault (key ``history.error.damaged_log``)."""


class ExportReplayError(ExportError):
    """The log is well formed but does not replay: ``index`` is the 0-based action that failed
    (None when the whole log is at fault, e.g. it ends before the game does)."""

    def __init__(self, reason: str, /, key: str | None = None, *, index: int | None = None, where: str = "",
                 **fields: Any) -> None:
        super().__init__(reason, key, where=where, index=index, **fields)
        self.index = index


# --------------------------------------------------------------------------- the document

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=100)]
Code = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
NonNegative = Annotated[int, msgspec.Meta(ge=0)]


class ExportPlayer(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=False):
    seat: NonNegative
    name: Name
    ai: Name | None = None
    """The computer player's name ("random", "greedy", ...); null for a human."""
    resigned: bool = False
    """A human who resigned or whose seat an AI took after a timeout (the AI then played it)."""


class ExportAction(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=False):
    version: Annotated[int, msgspec.Meta(ge=1)]
    seat: NonNegative
    code: Code
    text: Annotated[str, msgspec.Meta(max_length=500)] | None = None


class ExportUndone(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=False):
    """A move that was taken back: played after ``after`` of the standing moves."""

    after: NonNegative
    seat: NonNegative
    code: Code
    text: Annotated[str, msgspec.Meta(max_length=500)] | None = None


class ExportResult(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=False):
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[int] | None = None
    note: str = ""


class GameExport(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=False, kw_only=True):
    """The whole document (see the module docstring)."""

    format: str
    format_version: int
    id: str | None = None
    game: str
    title: str | None = None
    options: dict[str, str]
    seed: int
    rng: int = RNG_MT
    """The random generator version (rules/rng.py); logs written before it was recorded used 1."""
    created_at: str | None = None
    finished_at: str | None = None
    players: list[ExportPlayer]
    result: ExportResult
    actions: list[ExportAction]
    undone: list[ExportUndone] = []
    """Moves taken back (kept for the record; a replay skips them)."""


def result_of(result: Result) -> ExportResult:
    return ExportResult(
        scores=list(result.scores),
        ranks=list(result.ranks),
        winners=list(result.winners),
        tiebreak=list(result.tiebreak) if result.tiebreak is not None else None,
        note=result.note,
    )


def _iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------- export


async def export_game(host: Host, sid: str) -> dict[str, Any]:
    """The finished game ``sid`` as an export document (a JSON-ready dict).

    Raises SessionNotFound for an unknown id and GameNotFinished for a lobby, a game in progress,
    an aborted or an archived game."""
    session = await host.get(sid)
    if session.status != "finished" or session.state is None:
        raise _not_finished(session.id, session.status)
    game = session.game
    result = game.result(session.state)
    if result is None:  # a finished row whose state is not over: refuse rather than export nonsense
        raise GameNotFinished(f"Game `{session.id}` has no final result to export.", key="history.error.no_result",
                              game_id=session.id)
    records = await host.store.actions(sid)
    actions: list[ExportAction] = []
    undone: list[ExportUndone] = []
    for n, rec in enumerate(records, 1):
        try:
            action = msgspec.json.decode(rec.action, type=game.action_type)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("game %s: stored move %d cannot be read: %s", session.id, n, exc)
            raise DamagedLog(
                f"Game `{session.id}` cannot be replayed or exported: move {n} of its stored log is not an action "
                "this bot knows (the log is damaged).", key="history.error.damaged_log", game_id=session.id, move=n,
            ) from exc
        code = game.encode_action(action)
        if game.decode_action(code) != action:  # an engine bug: refuse to write a log that would not replay
            raise ExportError(f"Game `{session.id}` cannot be exported: move {n} has no exact code.",
                              key="history.error.no_code", game_id=session.id, move=n)
        if rec.undone:
            undone.append(ExportUndone(after=len(actions), seat=rec.seat, code=code, text=game.describe_action(action)))
        else:
            actions.append(ExportAction(version=len(actions) + 1, seat=rec.seat, code=code,
                                        text=game.describe_action(action)))
    doc = GameExport(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        id=session.id,
        game=session.record.game,
        title=game.info.title,
        options=dict(session.record.options),
        seed=session.record.seed,
        rng=session.record.rng,
        created_at=_iso(session.record.created_at),
        finished_at=_iso(records[-1].created_at if records else session.record.updated_at),
        players=[
            ExportPlayer(seat=i, name=s.name, ai=s.ai, resigned=s.resigned) for i, s in enumerate(session.seats)
        ],
        result=result_of(result),
        actions=actions,
        undone=undone,
    )
    data: dict[str, Any] = msgspec.to_builtins(doc)
    if not undone:  # a game nobody took a move back in reads as before undo existed
        del data["undone"]
    return data


_WHY = {
    "lobby": "is still in its lobby",
    "active": "is still being played",
    "aborted": "was aborted before it ended",
    "archived": "was archived before it ended",
}
"""Why a game of each status cannot be exported (keys ``history.error.<status>``; other statuses: unfinished)."""


def _not_finished(sid: str, status: str) -> GameNotFinished:
    why, key = (_WHY[status], status) if status in _WHY else ("is not finished", "unfinished")
    return GameNotFinished(f"Game `{sid}` {why}: only finished games can be replayed or exported (a game in progress "
                           "keeps secrets).", key=f"history.error.{key}", game_id=sid)


def export_text(data: Mapping[str, Any]) -> str:
    """The document as readable JSON text: a key a line, one player or action a line."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"    {dump(item)}" for item in value)
            lines.append(f"  {dump(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# --------------------------------------------------------------------------- reading


def parse_export(data: Mapping[str, Any] | str | bytes) -> GameExport:
    """Check a document's shape (not yet the moves): ExportFormatError says what is wrong and where."""
    try:
        if isinstance(data, str | bytes | bytearray):
            if len(data) > MAX_EXPORT_BYTES:
                raise ExportFormatError(f"That file is too big for a game log (over {MAX_EXPORT_BYTES // 2**20} MB).")
            doc = msgspec.json.decode(data, type=GameExport)
        elif isinstance(data, Mapping):
            doc = msgspec.convert(dict(data), type=GameExport)
        else:
            raise ExportFormatError(f"A game log is a JSON object, not {type(data).__name__}.")
    except msgspec.ValidationError as exc:  # (a subclass of DecodeError: first)
        where = str(exc).rpartition(" - at `")[2].rstrip("`") if " - at `" in str(exc) else ""
        raise ExportFormatError(f"That is not a game log of this bot: {exc}.", where=where) from exc
    except msgspec.DecodeError as exc:
        raise ExportFormatError(f"That is not valid JSON ({exc}); is the file complete?") from exc
    if doc.format != FORMAT:
        raise ExportFormatError(f"Not a game log: format is '{doc.format[:60]}', expected '{FORMAT}'.", where="format")
    if doc.format_version != FORMAT_VERSION:
        newer = " (written by a newer version of the bot)" if doc.format_version > FORMAT_VERSION else ""
        raise ExportFormatError(
            f"Game log version {doc.format_version}{newer} cannot be read; this bot reads version {FORMAT_VERSION}.",
            where="format_version",
        )
    if doc.rng not in RNG_VERSIONS:
        raise ExportFormatError(f"Unknown random generator version {doc.rng}; this bot knows {list(RNG_VERSIONS)}.",
                                where="rng")
    if doc.game not in GAMES:
        raise ExportFormatError(
            f"Unknown game '{doc.game[:40]}'. Known games: {', '.join(sorted(GAMES))}.", where="game"
        )
    game = GAMES[doc.game]
    try:
        resolved = resolve_options(game.info, doc.options)
        check_players(game.info, len(doc.players))
    except RulesError as exc:
        where = "options" if "option" in type(exc).__name__.lower() else "players"
        raise ExportFormatError(str(exc), where=where) from exc
    doc.options = resolved
    for i, player in enumerate(doc.players):
        if player.seat != i:
            raise ExportFormatError(f"players[{i}] has seat {player.seat}; seats are 0, 1, 2 ... in order.",
                                    where=f"players[{i}].seat")
    if len(doc.actions) > game.info.max_actions:
        raise ExportFormatError(
            f"{len(doc.actions)} actions is more than any {game.info.title} game takes ({game.info.max_actions}).",
            where="actions",
        )
    for i, action in enumerate(doc.actions):
        if action.version != i + 1:
            raise ExportFormatError(
                f"actions[{i}] has version {action.version}, expected {i + 1}: the log has a gap or is out of order.",
                where=f"actions[{i}].version",
            )
        if action.seat >= len(doc.players):
            raise ExportFormatError(
                f"actions[{i}] is played by seat {action.seat}, but the game has {len(doc.players)} players.",
                where=f"actions[{i}].seat",
            )
    n = len(doc.players)
    for key in ("scores", "ranks"):
        if len(getattr(doc.result, key)) != n:
            raise ExportFormatError(f"result.{key} must have one entry per player ({n}).", where=f"result.{key}")
    return doc


def _decode(game: Game[Any, Any], code: str, i: int) -> Any:
    try:
        return game.decode_action(code)
    except RulesError as exc:
        raise ExportReplayError(f"Action {i + 1} ('{code[:40]}') cannot be read: {exc}", index=i,
                                where=f"actions[{i}].code") from exc
    except Exception as exc:  # an engine's parser must not crash on a hostile code
        raise ExportReplayError(f"Action {i + 1} ('{code[:40]}') cannot be read.", index=i,
                                where=f"actions[{i}].code") from exc


def _apply(game: Game[Any, Any], state: Any, seat: int, action: Any, i: int) -> tuple[Any, list[Event]]:
    if game.result(state) is not None:
        raise ExportReplayError(f"The game is already over before action {i + 1}: the log goes on after the end.",
                                index=i, where=f"actions[{i}]")
    try:
        state, events = game.apply(state, seat, action)
    except RulesError as exc:
        raise ExportReplayError(f"Action {i + 1} (seat {seat}, '{game.encode_action(action)}') is not legal: {exc}",
                                index=i, where=f"actions[{i}]") from exc
    except Exception as exc:
        raise ExportReplayError(f"Action {i + 1} (seat {seat}) could not be applied.", index=i,
                                where=f"actions[{i}]") from exc
    return state, events


def _states(doc: GameExport) -> Any:
    """Yield (index, seat, action, events, state) for the start (index 0, no action) and after each action."""
    game = GAMES[doc.game]
    try:
        state = game.setup(len(doc.players), doc.options, doc.seed, doc.rng)
    except RulesError as exc:  # options each valid but not together (Barrage's Nile map without the Nile)
        raise ExportFormatError(str(exc), where="options") from exc
    except Exception as exc:
        raise ExportReplayError(f"The game cannot be set up from this log: {exc}", where="seed") from exc
    yield 0, None, None, [], state
    for i, entry in enumerate(doc.actions):
        action = _decode(game, entry.code, i)
        state, events = _apply(game, state, entry.seat, action, i)
        yield i + 1, entry.seat, action, events, state


def _check_end(doc: GameExport, state: Any) -> Result:
    game = GAMES[doc.game]
    result = game.result(state)
    if result is None:
        raise ExportReplayError(
            f"The log ends after {len(doc.actions)} actions but the game is not over: it is incomplete.",
            where="actions",
        )
    if result_of(result) != doc.result:
        raise ExportReplayError(
            f"The replayed result (scores {list(result.scores)}, ranks {list(result.ranks)}) does not match the "
            f"one in the log (scores {doc.result.scores}, ranks {doc.result.ranks}).",
            where="result",
        )
    return result


def replay_export(data: Mapping[str, Any] | str | bytes) -> tuple[Any, Result]:
    """Replay an export document (dict or JSON text) from its seed: (final state, result).

    Raises ExportFormatError or ExportReplayError (both ExportError) for anything wrong; nothing else."""
    doc = parse_export(data)
    final = None
    for *_, state in _states(doc):
        final = state
    return final, _check_end(doc, final)


# --------------------------------------------------------------------------- frames


@dataclass(frozen=True)
class Frame:
    """One picture of a replay: the public view after ``index`` of ``total`` actions, with the move
    that led there (``seat``, its ``code``, the events everyone saw) so that captions in any language
    are worded from the frame itself, without replaying the game again."""

    index: int
    total: int
    view: dict[str, Any]
    caption: str
    seat: int | None = None
    code: str | None = None
    events: tuple[Event, ...] = ()
    """Only the public events (``to is None``): a frame carries nothing a player kept secret."""


Observer = Callable[[int, int | None, Any, Sequence[Event], Any], None]
"""Called with (index, seat, action, events, state) for the start and after every action of a replay
pass: what else a caller needs from the one replay (the summary's score track) it collects here."""


def sample_indices(count: int, max_frames: int) -> list[int]:
    """``max_frames`` indices spread evenly over ``range(count)``, always with the first and last."""
    if count <= 0:
        return []
    if max_frames < 2:
        raise ValueError("a replay needs at least two frames (the first and the last)")
    if count <= max_frames:
        return list(range(count))
    step = (count - 1) / (max_frames - 1)
    return sorted({round(k * step) for k in range(max_frames)})


def export_frames(
    data: Mapping[str, Any] | str | bytes, max_frames: int = MAX_FRAMES, *, observe: Observer | None = None,
    wanted: Iterable[int] | None = None,
) -> list[Frame]:
    """The frames of a replay of an export document: public views only (``view(state, None)``), so a
    replay shows each moment as the table saw it (Imperium's choices stay face down until revealed).

    States are sampled evenly down to ``max_frames``, always keeping the start and the final
    position (or exactly the indices in ``wanted``); only the sampled states are viewed. The game is
    replayed once; ``observe`` sees every state of that pass. The document is checked exactly as by
    ``replay_export`` (ExportError for anything wrong)."""
    doc = parse_export(data)
    game = GAMES[doc.game]
    names = [p.name for p in doc.players]
    total = len(doc.actions)
    picked = set(sample_indices(total + 1, max_frames)) if wanted is None else set(wanted)
    picked = {i for i in picked if 0 <= i <= total}
    kept: list[Frame] = []
    final = None
    for index, seat, action, events, state in _states(doc):
        final = state
        if observe is not None:
            observe(index, seat, action, events, state)
        if index not in picked:
            continue
        public = tuple(e for e in events if e.to is None)
        view = game.view(state, None)
        if index == 0:
            kept.append(Frame(0, total, view, f"{game.info.title}: the start ({len(names)} players)"))
            continue
        if game.info.simultaneous:  # a secret choice: say what the table was told, not the choice
            what = " ".join(event_text("en", doc.game, e, names) for e in public) or "makes a choice."
        else:
            what = action_text("en", doc.game, action, fallback=game.describe_action(action), names=names)
        caption = f"Move {index}/{total} · {names[seat or 0]}: {what}"
        kept.append(Frame(index, total, view, caption, seat, doc.actions[index - 1].code, public))
    result = _check_end(doc, final)
    if kept and kept[-1].index == total:
        winners = ", ".join(f"{names[s]} ({result.scores[s]})" for s in result.winners) or "nobody"
        last = kept[-1]
        kept[-1] = replace(last, caption=f"{last.caption}\nGame over · won by {winners}")
    return kept


async def frames(host: Host, sid: str, max_frames: int = MAX_FRAMES) -> list[Frame]:
    """The frames of a finished game's replay, rebuilt from its export (in a worker thread)."""
    data = await export_game(host, sid)
    return await asyncio.to_thread(export_frames, data, max_frames)


def named_view(view: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """A frame's public view carrying the players' names, so that its picture names them as its caption
    does (``Frame.view`` itself stays exactly the engine's view)."""
    return {**view, "names": list(names)}


def frame_caption(data: Mapping[str, Any], frame: Frame, lang: str = "en") -> str:
    """One frame's caption in ``lang`` ("Move 12/140 · Ann: Draw a tile"; the final position also
    names the winners), worded from the frame's own move: no replay. In English exactly
    ``Frame.caption``. ``data`` must have passed ``export_frames`` (which checks it)."""
    game_name = str(data["game"])
    game = GAMES[game_name]
    names = [str(p["name"]) for p in data["players"]]
    if frame.index == 0 or frame.seat is None:
        caption = t(lang, "history.caption.start", title=game_title(lang, game_name), count=len(names))
    else:
        if game.info.simultaneous:  # a secret choice: say what the table was told, not the choice
            what = " ".join(event_text(lang, game_name, e, names) for e in frame.events)
            what = what or t(lang, "history.caption.chose")
        else:
            action = game.decode_action(frame.code or "")
            what = action_text(lang, game_name, action, fallback=game.describe_action(action), names=names)
        caption = t(lang, "history.caption.move", index=frame.index, total=frame.total, name=names[frame.seat],
                    what=what)
    if frame.index == frame.total:
        result = data["result"]
        winners = t(lang, "common.word.comma").join(
            t(lang, "history.caption.winner", name=names[s], score=result["scores"][s])
            for s in result["winners"]
        ) or t(lang, "history.caption.nobody")
        caption += "\n" + t(lang, "history.caption.over", winners=winners)
    return caption


def replay_captions(data: Mapping[str, Any], frames: Sequence[Frame], lang: str = "en") -> list[str]:
    """One caption per frame in ``lang`` (``frame_caption``): worded from the frames, no second replay."""
    return [frame_caption(data, f, lang) for f in frames]


@dataclass(frozen=True)
class ReplayDrawing:
    """Everything ``/game replay`` posts, from one replay pass: the GIF and its picture count, the final
    position's picture with its caption (the step-through viewer opens on it) and the summary picture."""

    gif: bytes
    pictures: int
    last: bytes
    caption: str
    summary: bytes


def build_replay(
    data: dict[str, Any], max_frames: int = MAX_FRAMES, lang: str = "en", viewer_lang: str | None = None
) -> ReplayDrawing:
    """The replay GIF, the viewer's first picture and the summary picture of an export document in
    ``lang`` (the viewer's picture and caption in ``viewer_lang``, the reader's), replaying the game
    once (slow: the bot runs it in a compute worker, host/tasks.py)."""
    collect = SummaryCollector(str(data["game"]))
    frames = export_frames(data, max_frames, observe=collect)
    renderer = get_renderer(str(data["game"]))
    names = [str(p["name"]) for p in data["players"]]
    pictures = [renderer(named_view(f.view, names), viewer_seat=None, lang=lang) for f in frames]
    captions = replay_captions(data, frames, lang)
    gif = animated_gif(pictures, captions=captions)
    summary = render_summary(msgspec.to_builtins(collect.summary), names, lang)
    if viewer_lang is None or viewer_lang == lang:
        return ReplayDrawing(gif, len(frames), pictures[-1], captions[-1], summary)
    last = renderer(named_view(frames[-1].view, names), viewer_seat=None, lang=viewer_lang)
    return ReplayDrawing(gif, len(frames), last, frame_caption(data, frames[-1], viewer_lang), summary)


def build_replay_gif(data: dict[str, Any], max_frames: int = MAX_FRAMES, lang: str = "en") -> tuple[bytes, int]:
    """The replay GIF of an export document in ``lang`` and how many pictures it has."""
    drawn = build_replay(data, max_frames, lang)
    return drawn.gif, drawn.pictures


def replay_frame(data: dict[str, Any], index: int, lang: str = "en") -> tuple[bytes, str]:
    """The public picture of the position after ``index`` moves and its caption in ``lang`` (the
    step-through viewer; ``index`` is clamped to the game)."""
    index = max(0, min(index, len(data["actions"])))
    (frame,) = export_frames(data, wanted=[index])
    names = [str(p["name"]) for p in data["players"]]
    picture = get_renderer(str(data["game"]))(named_view(frame.view, names), viewer_seat=None, lang=lang)
    return picture, frame_caption(data, frame, lang)


def summary_picture(data: dict[str, Any], lang: str = "en") -> bytes:
    """The end-of-game summary picture (render/summary.py) of an export document in ``lang``."""
    collect = SummaryCollector(str(data["game"]))
    export_frames(data, wanted=(), observe=collect)
    return render_summary(msgspec.to_builtins(collect.summary), [str(p["name"]) for p in data["players"]], lang)
