"""Golden playthroughs: a seeded game transcribed move by move, so a rules change shows as a diff.

Regenerate after a deliberate change with ``BARRAGE_REGEN=1 pytest tests/rules/barrage/test_playthrough.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from rules.barrage import AIS, GAME
from rules.base import resolve_options
from rules.rng import RNG_MT

HERE = Path(__file__).parent / "playthroughs"
CASES = [
    ("barrage-2p-1", 2, 1, {"map": "base"}),
    ("barrage-3p-2-lwp", 3, 2, {"map": "base", "leeghwater": "yes"}),
    ("barrage-nile-2p-3", 2, 3, {"expansion": "nile"}),
    ("barrage-nile-4p-4-lwp", 4, 4, {"expansion": "nile", "leeghwater": "yes"}),
]


def transcript(players: int, seed: int, options: dict[str, str]) -> str:
    rng = random.Random(seed)
    st = GAME.setup(players, resolve_options(GAME.info, options), seed, rng=RNG_MT)  # goldens pinned on generator 1
    lines = [f"barrage players={players} seed={seed} options={sorted(options.items())}"]
    while GAME.result(st) is None:
        seat = min(GAME.to_act(st))
        legal = GAME.legal_actions(st, seat)
        action = AIS["greedy"].choose(GAME, st, seat, rng)
        lines.append(f"r{st.round} s{seat} {st.tasks[0].kind:<9} [{len(legal):>2}] {GAME.encode_action(action):<24}"
                     f" {GAME.describe_action(action)}")
        st, _ = GAME.apply(st, seat, action)
    res = GAME.result(st)
    assert res is not None
    lines.append(f"scores={list(res.scores)} ranks={list(res.ranks)} tiebreak={list(res.tiebreak or ())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players", "seed", "options"), CASES)
def test_playthrough_matches_the_golden_file(name: str, players: int, seed: int, options: dict[str, str]) -> None:
    path = HERE / f"{name}.txt"
    text = transcript(players, seed, options)
    if os.environ.get("BARRAGE_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} is missing: regenerate with BARRAGE_REGEN=1 and review the transcript"
    assert path.read_text(encoding="utf-8") == text
