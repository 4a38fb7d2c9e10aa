"""Crash test, CI size: SIGKILL the host mid-play a few times (bench/crash_test.py does 50+).

Every acknowledged move must be in the action log exactly once, no interaction may be stored twice
(the worker also retries, after each restart, every interaction the kill left unanswered), and every
game must replay from its log to its stored snapshot.
"""

from __future__ import annotations

import sys

import pytest

from bench.crash_test import campaign

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

KILLS = 5


def test_sigkill_loses_nothing_acknowledged_and_applies_nothing_twice(tmp_path) -> None:
    # Delays from each worker's "ready": a slow or busy CI machine still gets its kills mid-play.
    f = campaign(kills=KILLS, workdir=tmp_path, games=8, min_delay=0.05, max_delay=0.8, seed=8, after_ready=True)
    problems = f["check_before_recovery"]["problems"] + f["check_after_recovery"]["problems"]
    assert not f["worker_failures"], f["worker_failures"]
    assert f["acknowledged_moves"] > 20, "the worker must have played between the kills"
    assert f["lost"] == 0 and f["duplicated"] == 0 and f["version_gaps"] == 0, problems
    assert f["replays_bad"] == 0 and f["results_bad"] == 0 and f["replays_ok"] == f["games"] - f["lobbies"], problems
    assert f["check_before_recovery"]["ok"] and f["ok"], problems
    assert f["retried_interactions"] > 0, "kills should leave some interactions unanswered"
