"""Fixtures of the operations tests: the end-to-end bot of tests/discord_harness, and Discord sends
whose retries never wait (the delays they would have slept are recorded instead)."""

from __future__ import annotations

import pytest

import cogs._common as common
from tests.discord_harness.conftest import bots, db_path, new_bot, simcord_bot  # noqa: F401  (fixtures)


@pytest.fixture
def slept(monkeypatch) -> list[float]:
    """Retry delays asked for by the bot, in order (no test sleeps for real)."""
    delays: list[float] = []

    async def sleep(seconds: float) -> None:
        delays.append(seconds)

    monkeypatch.setattr(common, "SEND_RETRY", common.RetryPolicy(delays=(0.5, 2.0), sleep=sleep))
    return delays
