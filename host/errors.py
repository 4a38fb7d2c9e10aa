"""Errors the host raises on purpose, each with a catalogue key and the fields its message needs.

As with rules errors (rules/base.py ``RulesError``), ``str(err)`` is the English sentence and the
front end says it in any language by ``err.key`` and ``err.fields`` alone, never by reading the
English. A raise site names its key (``LobbyError("...", key="common.host.table_full", game=...)``);
one that names none carries its class's key, which says what kind of refusal it is.

Adding a refusal: raise it with ``key=`` and its fields, put the key in ``KEYS`` below with the names
of those fields, and write its message in i18n/locales/en and ja (English says exactly the sentence
raised). tests/host/test_error_keys.py raises every key in ``KEYS`` and checks both languages.
"""

from __future__ import annotations

from typing import Any, ClassVar


class HostError(Exception):
    """Base class: ``str(err)`` is the English sentence; ``key`` and ``fields`` say it in any language
    (``fields["key"]`` is ``key``)."""

    key: str
    """The message's catalogue key (an instance's own, else its class's)."""
    kind_key: ClassVar[str] = "common.class.host"
    """What a refusal of this class says when its raise site named no key of its own."""

    def __init__(self, reason: str, /, key: str | None = None, **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.key = key if key is not None else self.kind_key
        # The key is among the fields too, as a rules error's is (front ends and tests read either).
        self.fields = {"key": self.key, **fields}


class SessionNotFound(HostError):
    """No game with that id (or it belongs to another server)."""

    kind_key = "common.class.not_found"


class StaleVersion(HostError):
    """The board changed between the moment the button was drawn and the click."""

    kind_key = "common.class.stale"


class NotSeated(HostError):
    """The user has no seat in this game."""

    kind_key = "common.class.not_seated"


class LobbyError(HostError):
    """A lobby operation that cannot be done (full table, already joined, not enough players, ...)."""

    kind_key = "common.class.lobby"


class PermissionDenied(HostError):
    """Only the creator or a server manager may do that."""

    kind_key = "common.class.denied"


class SessionClosed(HostError):
    """The game is finished or aborted; nothing more can be played in it."""

    kind_key = "common.class.closed"


class DamagedSession(HostError):
    """A game's stored row cannot be read (damaged JSON, an unknown shape): that game is refused with
    this error, every other game goes on (lists and the clock tick skip it, with a log line)."""


KEYS: dict[str, tuple[str, ...]] = {
    # what a refusal whose raise site named no key says: its class (above)
    "common.class.host": (),
    "common.class.not_found": (),
    "common.class.stale": (),
    "common.class.not_seated": (),
    "common.class.lobby": (),
    "common.class.denied": (),
    "common.class.closed": (),
    # host/sessions.py and host/store.py
    "common.host.not_a_game_id": (),
    "common.host.no_game": ("game_id",),
    "common.host.already_started": (),
    "common.host.lobby_closed": (),
    "common.host.already_joined": (),
    "common.host.table_full": ("game", "most"),
    "common.host.not_in_lobby": (),
    "common.host.creator_stays": (),
    "common.host.join_before_ai": (),
    "common.host.unknown_ai": ("ai", "available"),
    "common.host.unknown_level": ("level", "available"),
    "common.host.not_an_ai_seat": (),
    "common.host.ai_level_managers": (),
    "common.host.only_creator_starts": (),
    "common.host.already_closed": (),
    "common.host.only_creator_aborts": (),
    "common.host.not_started": (),
    "common.host.game_over": (),
    "common.host.aborted": (),
    "common.host.not_playing": (),
    "common.host.resigned": (),
    "common.host.board_changed": (),
    "common.host.not_being_played": (),
    "common.host.timeout_over": (),
    "common.host.others_decide": (),
    "common.host.archive_active_only": (),
    "common.host.unreadable_move": (),
    "common.host.not_a_timeout_choice": (),
    "common.error.damaged": ("game_id", "detail"),
    # rules/base.py's checks of a lobby (host.start passes them on as a LobbyError)
    "common.rules.player_count": ("game", "least", "most", "players"),
    # host/undo.py (UndoRefused)
    "undo.error.nothing": (),
    "undo.error.not_yours": (),
    "undo.error.final": ("move",),
    "undo.error.ai_final": ("move",),
    "undo.error.no_moves": (),
    "undo.error.no_such_move": ("move", "moves"),
    "undo.error.pending": (),
    "undo.error.no_request": (),
    "undo.error.lapsed": (),
    "undo.error.moved_on": (),
    "undo.error.own_request": (),
    "undo.error.already_confirmed": (),
    "undo.error.gone": (),
    "undo.error.old_request": (),
    # host/local.py (a RulesError: python bot.py demo/play)
    "local.error.unknown_ai": ("ai", "game", "available"),
    # host/limits.py
    "common.limit.lobbies_mine": ("open", "most"),
    "common.limit.lobbies_server": ("open", "most"),
    "common.limit.pictures": ("seconds", "wait"),
    "common.limit.replays": ("wait",),
    # host/clock.py
    "lobby.clock.unreadable": ("text",),
    "lobby.clock.points": (),
    "lobby.clock.allowance": (),
    "lobby.clock.reserve": (),
    # host/reminders.py
    "prefs.error.quiet_format": (),
    "prefs.error.quiet_hours": (),
    "prefs.error.vacation_short": (),
    "prefs.error.vacation_already": (),
    "prefs.error.vacation_too_long": ("left", "allowed"),
    # host/history.py
    "history.error.lobby": ("game_id",),
    "history.error.active": ("game_id",),
    "history.error.aborted": ("game_id",),
    "history.error.archived": ("game_id",),
    "history.error.unfinished": ("game_id",),
    "history.error.no_result": ("game_id",),
    "history.error.no_code": ("game_id", "move"),
    "history.error.damaged_log": ("game_id", "move"),
    "history.error.bad_log": (),
    # host/league.py
    "league.error.no_game": ("game_id",),
    "league.error.not_finished": ("game_id", "status"),
    "league.error.no_humans": ("game_id",),
    "league.error.already_voided": ("game_id",),
    "league.error.not_voided": ("game_id",),
    "league.error.include_ai": (),
    "league.error.min_games": (),
    "league.error.unknown_option": ("option", "options"),
    "league.error.season_name_length": ("most",),
    "league.error.season_name_reserved": (),
    "league.error.season_running": ("season",),
    "league.error.season_name_taken": ("season",),
    "league.error.no_running_season": (),
    "league.error.no_season": ("season", "seasons"),
}
"""Every key a host refusal carries, and the names of the fields it is raised with. A message may
use fewer fields, or ``title`` (the game's name in the reader's language, from ``game``)."""
