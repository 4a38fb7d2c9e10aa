"""``python bot.py replay export.json --out DIR``: every frame of a game log as pictures, with captions.

Reads a ``/game export`` document (host/history.py checks it strictly: ``ExportError`` says what is
wrong, and the command prints that one line), replays it once and writes ``frame_000.png`` ... (the
public view after each move, drawn in the compute pool as the bot draws them), ``captions.txt`` (one
line a frame, in the reader's language) and ``summary.png``. No Discord, no database.
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from host import compute, tasks
from host.history import (
    MAX_EXPORT_BYTES,
    ExportError,
    ExportFormatError,
    export_frames,
    frame_caption,
    named_view,
    parse_export,
)
from i18n import t
from rules.summary import SummaryCollector


def read_export(path: Path) -> bytes:
    """The file's bytes; ExportFormatError (one line) when it is missing, a folder or too big."""
    try:
        if path.stat().st_size > MAX_EXPORT_BYTES:
            raise ExportFormatError(f"{path} is too big for a game log (over {MAX_EXPORT_BYTES // 2**20} MB).")
        return path.read_bytes()
    except FileNotFoundError:
        raise ExportFormatError(f"There is no file {path}.") from None
    except IsADirectoryError:
        raise ExportFormatError(f"{path} is a folder, not a game log.") from None


def write_replay(source: Path, out: Path, lang: str = "en") -> int:
    """Write every frame, captions.txt and summary.png of the log in ``source`` into ``out``; the number
    of frames. Raises ExportError (bad log) or OSError (the disk)."""
    document = msgspec.to_builtins(parse_export(read_export(source)))  # ExportFormatError names the fault
    collect = SummaryCollector(str(document["game"]))
    frames = export_frames(document, max_frames=len(document["actions"]) + 1, observe=collect)  # all, one pass
    out.mkdir(parents=True, exist_ok=True)
    pool = compute.pool()
    names = [str(p["name"]) for p in document["players"]]
    drawing = [pool.submit(tasks.replay_picture, str(document["game"]), named_view(f.view, names), lang)
               for f in frames]
    digits = max(3, len(str(len(frames) - 1)))
    lines = []
    for frame, later in zip(frames, drawing, strict=True):
        name = f"frame_{frame.index:0{digits}d}.png"
        (out / name).write_bytes(later.result())
        lines.append(f"{name}\t{frame_caption(document, frame, lang).replace(chr(10), ' · ')}")
    (out / "captions.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out / "summary.png").write_bytes(tasks.summary_of(msgspec.to_builtins(collect.summary), names, lang))
    return len(frames)


def main(source: Path, out: Path, lang: str) -> int:
    """The command: 0 and where the frames went, or one line on stderr and 2 (a bad log) or 1 (the disk)."""
    try:
        count = write_replay(source, out, lang)
    except ExportError as exc:
        print(f"error: {source}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"error: replay stopped: {exc.strerror or exc}{where}", file=sys.stderr)
        return 1
    print(t(lang, "summary.replay_written", frames=count, out=str(out)))
    return 0
