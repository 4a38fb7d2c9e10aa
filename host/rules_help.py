"""What ``/rules`` and ``python bot.py rules GAME`` show: one screen of how a game goes and how its moves
are made in Discord, in the reader's language (the ``rules_help`` catalogue), a sample board and the
path of the full notes inside this repository. No Discord: cogs/rules.py and bot.py word it the same.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from i18n import dynamic, t
from i18n.text import game_title
from rules import GAMES
from rules.ai import RandomAI
from rules.base import resolve_options

HOW = dynamic("rules_help.how.", "the game's name: how the game goes")
MOVES = dynamic("rules_help.moves.", "the game's name: how its moves are made in Discord")
SAMPLE_SEED = 19
"""The seed of the sample position (a fixed demo game: the picture is the same every time)."""
SAMPLE_MOVES = 12
"""Moves played from the start so the sample board shows a game under way."""


def notes_path(game: str) -> str:
    """The full rules notes, as a path inside the repository."""
    return f"rules/{game}/RULES_NOTES.md"


def rules_text(game: str, lang: str) -> str:
    """The one-screen summary of ``game`` in ``lang``."""
    info = GAMES[game].info
    return "\n".join([
        t(lang, "rules_help.heading", title=game_title(lang, game), least=info.min_players, most=info.max_players),
        "",
        t(lang, "rules_help.how_label"),
        t(lang, f"{HOW}{game}"),
        "",
        t(lang, "rules_help.moves_label"),
        t(lang, f"{MOVES}{game}"),
        "",
        t(lang, "rules_help.notes", path=notes_path(game)),
    ])


def sample_view(game: str) -> dict[str, Any]:
    """The public view of a seeded demo position: the fewest players, default options, a few random moves."""
    engine = GAMES[game]
    state = engine.setup(engine.info.min_players, resolve_options(engine.info, {}), SAMPLE_SEED)
    rng = random.Random(SAMPLE_SEED)
    for _ in range(SAMPLE_MOVES):
        if engine.result(state) is not None:
            break
        seat = min(engine.to_act(state))
        state, _ = engine.apply(state, seat, RandomAI().choose(engine, state, seat, rng))
    return engine.view(state, None)  # type: ignore[no-any-return]


def main(game: str, lang: str, out: Path) -> int:
    """``python bot.py rules GAME``: print the summary, write the sample board to ``out``."""
    from host import compute, tasks

    print(rules_text(game, lang))
    try:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"rules_{game}.png"
        path.write_bytes(compute.pool().submit(tasks.rules_picture, game, lang).result())
    except OSError as exc:
        print(f"error: rules stopped: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{t(lang, 'rules_help.picture')} {path}")
    return 0
