"""Entry point: run the Discord bot, or play without Discord.

python bot.py                      run the bot (needs DISCORD_TOKEN; see .env.example)
python bot.py demo GAME --players N --seed S --out DIR [--options k=v ...] [--frames] [--lang ja]
python bot.py play GAME --players N [--seed S] [--ai 2,3|hard|2,3:hard] [--out DIR] [--lang ja]
python bot.py rules GAME [--lang ja] [--out DIR]   how a game goes and how to move, with a sample board
python bot.py replay FILE.json --out DIR [--lang ja]   every frame of a /game export log, captions.txt, summary.png
python bot.py sync [--guild ID]    push slash commands to Discord (on deploy, not every start)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dotenv import load_dotenv

from host import compute
from host.logs import setup_logging
from host.settings import Settings, SettingsError
from i18n import LANGS
from rules import GAMES
from rules.ai import ais_for
from rules.base import RulesError
from rules.rng import new_seed

if TYPE_CHECKING:
    from cogs._bot import EXTENSIONS, BoardGameBot, ShardedBoardGameBot
    from cogs.launch import BOT_PERMISSIONS, create_bot, invite_url

# Re-exported: tests and tools import these from the entry point. They are imported on first use
# (cogs/launch.py), so the commands that need no Discord start without discord.py and the cogs.
__all__ = ["BOT_PERMISSIONS", "EXTENSIONS", "BoardGameBot", "ShardedBoardGameBot", "create_bot", "invite_url",
           "main"]
_FROM_COGS = {"EXTENSIONS": "cogs._bot", "BoardGameBot": "cogs._bot", "ShardedBoardGameBot": "cogs._bot",
              "create_bot": "cogs.launch", "BOT_PERMISSIONS": "cogs.launch", "invite_url": "cogs.launch"}


def __getattr__(name: str) -> Any:
    if name in _FROM_COGS:
        import importlib

        return getattr(importlib.import_module(_FROM_COGS[name]), name)
    raise AttributeError(f"module 'bot' has no attribute {name!r}")


def _parse_kv(pairs: list[str] | None) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"--options takes name=value pairs, not '{pair}'.")
        out[key] = value
    return out


class CliError(ValueError):
    """A command-line argument that cannot be used; ``str()`` is the one line to print."""


def _seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0 or more, not '{text}'") from None
    if seed < 0:
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0 or more, not {seed}")
    return seed


def _out_folder(out: Path) -> Path:
    """``--out``, created if missing; CliError if it is a file or cannot be written."""
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file; give a folder (it is created if missing).")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        why = exc.strerror or exc
        raise CliError(f"--out {out}: cannot write there ({why}); give a folder you may write.") from None
    return out


def _ai_seats(text: str, players: int) -> frozenset[int]:
    """``--ai 2,3`` (1-based seats) as 0-based seats; CliError for anything else."""
    seats = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise CliError(f"--ai takes seat numbers from 1 to {players} separated by commas (e.g. 2,3), a level "
                           f"(easy, normal, hard) or both (2,3:hard), not '{part}'.")
        seats.add(int(part) - 1)
    return frozenset(seats)


def _play_ai(text: str, game: str, players: int) -> tuple[frozenset[int], str | None]:
    """``play --ai``: seats (``2,3``: the default level), a level as ``demo`` takes it (``hard``: every seat
    but the first) or both (``2,3:hard``). The level is checked by run_hotseat (the keyed Unknown AI)."""
    seats, sep, level = text.partition(":")
    if not sep and seats.strip() in ais_for(game):
        return frozenset(range(1, players)), seats.strip()
    return _ai_seats(seats, players), level.strip() or None


def _local(args: argparse.Namespace) -> int:
    """``demo`` and ``play``: arguments checked first, each refusal one line."""
    from host.local import run_demo, run_hotseat

    seed = new_seed() if args.seed is None else args.seed
    if args.command == "demo":
        run_demo(args.game, players=args.players, seed=seed, out=_out_folder(args.out),
                 options=_parse_kv(args.options), ai=args.ai, frames=args.frames, progress=print, lang=args.lang)
        return 0
    ai_seats, level = _play_ai(args.ai, args.game, args.players)
    result = run_hotseat(args.game, players=args.players, seed=seed, options=_parse_kv(args.options),
                         ai_seats=ai_seats, ai=level, out=_out_folder(args.out), lang=args.lang)
    return 130 if result["interrupted"] else 0


def _invite(app_id: str | None) -> int:
    if not app_id:
        print("error: no application id. Give it as `python bot.py invite --app-id ID` or set "
              "DISCORD_APPLICATION_ID in .env (developer portal → General Information → Application ID).",
              file=sys.stderr)
        return 2
    if not app_id.strip().isdigit():
        print(f"error: an application id is a number (its digits only), not '{app_id}'.", file=sys.stderr)
        return 2
    from cogs.launch import invite_url

    print(invite_url(app_id.strip()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py", description="Board games for Discord.")
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="play a whole game with AI seats and write pictures, log and result")
    demo.add_argument("game", choices=sorted(GAMES))
    demo.add_argument("--players", type=int, required=True)
    demo.add_argument("--seed", type=_seed, default=None, help="a whole number 0 or more (default: a fresh random one)")
    demo.add_argument("--out", type=Path, required=True)
    demo.add_argument("--options", nargs="*", metavar="NAME=VALUE")
    demo.add_argument("--ai", help="which AI plays every seat (default: the game's best)")
    demo.add_argument("--frames", action="store_true", help="also write one PNG per move into DIR/frames")
    demo.add_argument("--lang", choices=LANGS, default="en", help="language of the pictures (en, ja)")
    play = sub.add_parser("play", help="hot-seat play in this terminal")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, required=True)
    play.add_argument("--seed", type=_seed, default=None, help="a whole number 0 or more (default: a fresh random one)")
    play.add_argument("--options", nargs="*", metavar="NAME=VALUE")
    play.add_argument("--ai", default="", help="seats (1-based, e.g. 2,3) played by the computer, a level "
                      "(easy, normal, hard: every seat but the first) or both (2,3:hard)")
    play.add_argument("--out", type=Path, default=Path("out/play"), help="where the board picture is written")
    play.add_argument("--lang", choices=LANGS, default="en", help="language of the terminal and pictures (en, ja)")
    rules = sub.add_parser("rules", help="how a game goes and how to make its moves, with a sample board")
    rules.add_argument("game", choices=sorted(GAMES))
    rules.add_argument("--lang", choices=LANGS, default="en", help="language of the summary and picture (en, ja)")
    rules.add_argument("--out", type=Path, default=Path("out/rules"), help="where the sample board is written")
    replay = sub.add_parser("replay", help="write every frame of a /game export log, with captions.txt")
    replay.add_argument("export", type=Path, help="the JSON file /game export sent")
    replay.add_argument("--out", type=Path, required=True)
    replay.add_argument("--lang", choices=LANGS, default="en", help="language of the pictures and captions (en, ja)")
    sync = sub.add_parser("sync", help="register the slash commands with Discord, then exit")
    sync.add_argument("--guild", help="a guild id for instant, guild-only registration")
    invite = sub.add_parser("invite", help="print the link that adds the bot to a server, with its permissions")
    invite.add_argument("--app-id", help="the application id (default: DISCORD_APPLICATION_ID)")
    args = parser.parse_args(argv)
    load_dotenv()  # for anything that reads os.environ directly; Settings reads .env itself
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.command == "invite":
        return _invite(args.app_id or settings.application_id)
    ops = settings.ops()
    setup_logging(settings.log_level, ops.log_format)
    compute.configure(settings.compute_workers)

    if args.command == "rules":
        from host import rules_help

        return rules_help.main(args.game, args.lang, args.out)
    if args.command == "replay":
        from host import replay_files

        return replay_files.main(args.export, args.out, args.lang)
    if args.command in ("demo", "play"):
        try:
            return _local(args)
        except (RulesError, CliError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:  # the disk filled, --out vanished, the terminal closed: one line, not a traceback
            where = f" ({exc.filename})" if exc.filename else ""
            print(f"error: {args.command} stopped: {exc.strerror or exc}{where}", file=sys.stderr)
            return 1

    if not settings.discord_token:
        print(
            "error: DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token in it,\n"
            "or try the games without Discord: python bot.py demo imperium --players 4 --seed 7 --out out/demo",
            file=sys.stderr,
        )
        return 2
    from cogs.launch import connect, create_bot
    from host.storage import UnsupportedDatabase

    mode = settings.sync_commands
    if args.command == "sync":
        mode = args.guild or "global"
    try:
        bot = create_bot(
            settings.database, sync_commands=mode, clock_tick_seconds=settings.clock_tick_seconds,
            archive_after_days=settings.archive_after_days, vacation_days=settings.vacation_days, ops=ops,
            settings=settings,
        )
    except UnsupportedDatabase as exc:
        print(f"error: {exc} (settings DATABASE_URL, DATABASE_PATH)", file=sys.stderr)
        return 2
    return connect(bot, settings.discord_token, sync_only=args.command == "sync")


if __name__ == "__main__":
    sys.exit(main())
