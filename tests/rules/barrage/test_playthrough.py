"""Golden playthroughs: a seeded game transcribed move by move, so a rules change shows as a diff.

The test only compares: a missing golden file is a failure. After a deliberate rules change, regenerate
them with ``python -m tests.rules.barrage.test_playthrough``, review the diff and commit the files.
"""

from __future__ import annotations

import random
import sys
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
    assert path.exists(), (f"{path.name} is missing: run python -m tests.rules.barrage.test_playthrough, "
                           "review the transcript and commit it")
    assert path.read_text(encoding="utf-8") == transcript(players, seed, options)


def regenerate() -> None:
    """Write every golden file from the engine as it is now (the explicit way to change them)."""
    for name, players, seed, options in CASES:
        path = HERE / f"{name}.txt"
        path.write_text(transcript(players, seed, options), encoding="utf-8")
        print(f"wrote {path}")


def test_a_missing_golden_file_fails_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a fresh checkout without the golden files the comparison must fail, never pass by writing one."""
    monkeypatch.setattr(sys.modules[__name__], "HERE", tmp_path)
    with pytest.raises(AssertionError, match="is missing"):
        test_playthrough_matches_the_golden_file(*CASES[0])
    assert list(tmp_path.iterdir()) == []


if __name__ == "__main__":
    regenerate()
