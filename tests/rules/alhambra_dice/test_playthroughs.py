"""Golden playthroughs: one transcript per version, so a rules change shows up as a readable diff.

Regenerate after an intended change with:
    python -m tests.rules.alhambra_dice.test_playthroughs
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.alhambra_dice import AIS, GAME
from rules.alhambra_dice.data import BUILDING_NAMES
from rules.alhambra_dice.state import OVER
from rules.rng import RNG_MT

HERE = Path(__file__).parent / "playthroughs"
CASES = [("basic", 3, 1), ("alcazaba", 2, 2)]


def transcript(version: str, players: int, seed: int) -> str:
    """Every step: round, phase, the acting seat, its dice, the number of legal moves, the move."""
    rng = random.Random(seed)
    st = GAME.setup(players, {"version": version}, seed, rng=RNG_MT)  # goldens pinned on generator 1
    out = [f"# alhambra_dice {version}, {players} players, seed {seed}, greedy AI"]
    while st.phase != OVER:
        seat = st.seat
        legal = GAME.legal_actions(st, seat)
        action = AIS["greedy"].choose(GAME, st, seat, rng)
        dice = "".join(BUILDING_NAMES[f][0] for f in st.dice) if st.phase == "roll" else "-"
        out.append(
            f"r{st.round} {st.phase:5} seat {seat} dice {dice:8} legal {len(legal):3} "
            f"{GAME.encode_action(action):12} {GAME.describe_action(action)}"
        )
        st, _ = GAME.apply(st, seat, action)
    res = GAME.result(st)
    assert res is not None
    out.append(f"final scores {list(res.scores)} ranks {list(res.ranks)} {res.note}".rstrip())
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(("version", "players", "seed"), CASES)
def test_playthrough_matches_golden(version: str, players: int, seed: int) -> None:
    path = HERE / f"alhambra_dice-{version}-{seed}.txt"
    assert transcript(version, players, seed) == path.read_text(encoding="utf-8")


if __name__ == "__main__":
    for v, p, s in CASES:
        (HERE / f"alhambra_dice-{v}-{s}.txt").write_text(transcript(v, p, s), encoding="utf-8")
