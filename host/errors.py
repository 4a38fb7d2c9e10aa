"""Errors the host raises on purpose. Each carries a sentence for the person who clicked."""

from __future__ import annotations

from typing import Any


class HostError(Exception):
    """Base class: ``str(err)`` is shown to the user as an ephemeral reply."""

    def __init__(self, reason: str, **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fields = fields


class SessionNotFound(HostError):
    """No game with that id (or it belongs to another server)."""


class StaleVersion(HostError):
    """The board changed between the moment the button was drawn and the click."""


class NotSeated(HostError):
    """The user has no seat in this game."""


class LobbyError(HostError):
    """A lobby operation that cannot be done (full table, already joined, not enough players, ...)."""


class PermissionDenied(HostError):
    """Only the creator or a server manager may do that."""


class SessionClosed(HostError):
    """The game is finished or aborted; nothing more can be played in it."""


class DamagedSession(HostError):
    """A game's stored row cannot be read (damaged JSON, an unknown shape): that game is refused with
    this error, every other game goes on (lists and the clock tick skip it, with a log line)."""
