"""GET /health as JSON for load balancers and monitoring (``HEALTH_PORT``); aiohttp, which discord.py
already depends on. The data comes from a callback (cogs/health.py builds it), so this module
knows nothing of Discord. The answer is 200 when the snapshot's ``status`` is "ok", else 503, so a
plain HTTP check notices a process that lost its database or its gateway connection.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

Snapshot = Callable[[], Awaitable[dict[str, Any]]]


class HealthServer:
    """A tiny HTTP server with one route, started and stopped with the bot."""

    def __init__(self, snapshot: Snapshot, *, host: str = "127.0.0.1", port: int = 0) -> None:
        self._snapshot = snapshot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def _health(self, request: web.Request) -> web.Response:
        try:
            data = await self._snapshot()
        except Exception as exc:  # the endpoint itself must answer, or monitoring sees only a timeout
            log.exception("health snapshot failed")
            data = {"status": "error", "error": str(exc)}
        return web.json_response(data, status=200 if data.get("status") == "ok" else 503)

    async def start(self) -> int:
        """Listen; returns the port (useful with port 0, which picks a free one)."""
        app = web.Application()
        app.router.add_get("/health", self._health)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        bound = runner.addresses[0]
        self.port = int(bound[1])
        log.info("health endpoint on http://%s:%d/health", self.host, self.port)
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
