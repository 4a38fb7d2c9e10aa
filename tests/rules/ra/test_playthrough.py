"""A golden playthrough: one whole game transcribed move by move (state summary, legal codes, the
move, the events). A rules change shows up as a readable diff of the transcript.

Regenerate after an intended change with: ``python -m tests.rules.ra.test_playthrough``
"""

from __future__ import annotations

import random
from pathlib import Path

from rules.ra import AIS, GAME
from rules.rng import RNG_MT

GOLDEN = Path(__file__).parent / "playthroughs"
GAMES = [(3, 7), (5, 11)]


def _suns(p: dict) -> str:
    """Face-up disks, then face-down ones in brackets: ``12/9(1/5)``."""
    down = "/".join(map(str, p["suns_down"]))
    return "/".join(map(str, p["suns_up"])) + (f"({down})" if down else "")


def transcript(players: int, seed: int) -> str:
    rng = random.Random(seed)
    s = GAME.setup(players, {}, seed, rng=RNG_MT)  # goldens pinned on generator 1 (Mersenne Twister)
    lines = [f"Ra {players} players, seed {seed}"]
    step = 0
    while GAME.result(s) is None:
        (seat,) = GAME.to_act(s)
        v = GAME.view(s, None)
        legal = GAME.legal_actions(s, seat)
        ai = AIS["evaluator"] if seat % 2 == 0 else AIS["random"]
        action = ai.choose(GAME, s, seat, rng)
        suns = " ".join(_suns(p) for p in v["seats"])
        lines.append(
            f"#{step} E{v['epoch']} P{seat + 1} {v['phase']} | ra {v['ra_track']['count']} | "
            f"track {' '.join(v['auction_track']) or '-'} | centre {v['center_disk']} | suns {suns}"
        )
        lines.append(f"    legal {' '.join(GAME.encode_action(a) for a in legal)} -> {GAME.encode_action(action)}")
        s, events = GAME.apply(s, seat, action)
        lines.extend(f"    : {e.text}" for e in events)
        step += 1
    r = GAME.result(s)
    assert r is not None
    lines.append(f"result scores {list(r.scores)} ranks {list(r.ranks)} tiebreak {list(r.tiebreak or ())}")
    return "\n".join(lines) + "\n"


def _path(players: int, seed: int) -> Path:
    return GOLDEN / f"ra-{players}p-seed{seed}.txt"


def test_golden_playthroughs_are_unchanged() -> None:
    for players, seed in GAMES:
        expected = _path(players, seed).read_text(encoding="utf-8")
        assert transcript(players, seed) == expected, f"rerun python -m tests.rules.ra.test_playthrough ({players}p)"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for players, seed in GAMES:
        _path(players, seed).write_text(transcript(players, seed), encoding="utf-8")
        print("wrote", _path(players, seed))


if __name__ == "__main__":
    main()
