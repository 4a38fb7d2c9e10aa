"""The protocol every game engine implements, and the vocabulary shared by all of them.

An engine is pure and deterministic: ``setup(players, options, seed)`` builds the first state from
the seed alone, ``apply`` returns a new state (never touching its input) plus the events a player
would see, and replaying ``(seed, options, actions)`` reproduces the state exactly. Nothing here
knows about Discord, storage, asyncio or pictures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

Seat = int
"""A player's position at the table, 0-based, in seating (clockwise) order."""

CUSTOM_ID_BUDGET = 60
"""Longest ``encode()`` an action may have: Discord's custom_id holds 100 characters and the
session id, version and game prefix take the rest."""


# --------------------------------------------------------------------------- errors


class RulesError(ValueError):
    """Base of every error an engine raises on purpose. ``str(err)`` is a sentence for a player."""

    def __init__(self, reason: str, **fields: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.fields = fields


class InvalidAction(RulesError):
    """The action cannot even be read: a malformed code, an unknown kind, wrong types."""


class IllegalAction(RulesError):
    """The action is well formed but the rules forbid it now (wrong turn, too low a bid, ...)."""


class InvalidOption(RulesError):
    """A game option has an unknown name or a value outside its choices."""


class GameOver(IllegalAction):
    """The game has ended; no action is legal any more."""


class NotYourTurn(IllegalAction):
    """The seat is not among those who must act now."""


# --------------------------------------------------------------------------- data


class OptionSpec(msgspec.Struct, frozen=True):
    """One lobby option: a name, the allowed values and the default."""

    name: str
    choices: tuple[str, ...]
    default: str
    description: str = ""


class GameInfo(msgspec.Struct, frozen=True):
    """What the host needs to know about a game before it starts one."""

    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    """Several seats may have to act at once (Imperium's card choice)."""
    hidden_information: bool
    max_actions: int
    """No complete game needs more actions than this; a bound the tests enforce."""
    options: tuple[OptionSpec, ...] = ()


class Event(msgspec.Struct, frozen=True):
    """Something that happened, for the game log and the thread.

    ``to`` names the seats that may see it; ``None`` means everyone. ``kind`` and ``data`` let a
    front end format or translate the line; ``text`` is the English sentence.
    """

    kind: str
    text: str
    to: tuple[Seat, ...] | None = None
    data: dict[str, Any] = {}


class Result(msgspec.Struct, frozen=True):
    """Final standing. ``ranks[s]`` is 1 for the winner(s); tied seats share a rank."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    tiebreak: tuple[int, ...] | None = None
    """The secondary key per seat where the game's own tie-breaker was used to rank."""
    note: str = ""

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)


def rank_by(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3, ...) of seats by descending key tuples."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


# --------------------------------------------------------------------------- protocol

S = TypeVar("S")
A = TypeVar("A")


@runtime_checkable
class Game(Protocol[S, A]):
    """The interface of one game's rules. See ARCHITECTURE.md, "The rules protocol"."""

    info: GameInfo
    state_type: type[S]
    action_type: Any
    """The action type (a tagged msgspec union) used to decode JSON."""

    def setup(self, players: int, options: Mapping[str, str], seed: int, rng: int = ...) -> S:
        """The first state. ``rng`` is the generator version the game draws with
        (rules.rng: 1 for games stored before the keyed stream, the current one by default)."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]: ...

    def legal_actions(self, state: S, seat: Seat) -> list[A]: ...

    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, list[Event]]: ...

    def view(self, state: S, viewer: Seat | None) -> dict[str, Any]: ...

    def result(self, state: S) -> Result | None: ...

    def encode_action(self, action: A) -> str: ...

    def decode_action(self, code: str) -> A: ...

    def describe_action(self, action: A) -> str: ...



OwnedApply = Callable[[Any, Seat, Any], Any]
"""``step(state, seat, action) -> next state``, for a caller that owns ``state`` (see ``owned_apply``)."""


def owned_apply(game: Game[Any, Any]) -> OwnedApply:
    """The fast path for callers that own the state they pass and never read it again (the search's
    playouts, engine benchmarks): the game's ``apply_owned`` where it has one, which may change that
    state in place and skips building events, else ``apply`` without its events. Same rules, same
    checks, same next state as ``apply``; the host never uses it (its states are stored and shown)."""
    fast = getattr(game, "apply_owned", None)
    if fast is not None:
        return fast  # type: ignore[no-any-return]

    def step(state: Any, seat: Seat, action: Any) -> Any:
        return game.apply(state, seat, action)[0]

    return step

# --------------------------------------------------------------------------- undo

Reveals = Callable[[Any, Any, Seat, Any], bool]
"""``reveals(before, after, seat, action)``: whether applying ``action`` for ``seat`` to ``before`` (giving
``after``) made something new known: a tile drawn, dice rolled, secret choices revealed, a face-down card
turned. Such a move is final: its player cannot take it back alone (host/sessions.py ``Host.undo``).
A game declares it as a ``reveals`` attribute (each game's ``rules/<game>/undo.py``), as boardgame.io
marks moves ``undoable: false``."""


def always_final(before: Any, after: Any, seat: Seat, action: Any) -> bool:
    """The default for a game that declares nothing: every move is final (nothing hidden can leak)."""
    return True


def reveals_of(game: Game[Any, Any]) -> Reveals:
    """The game's ``reveals`` declaration, or ``always_final``."""
    found: Reveals | None = getattr(game, "reveals", None)
    return found if found is not None else always_final


def fields_differ(before: Any, after: Any, names: Sequence[str]) -> bool:
    """Whether any of the named state fields differs (the hidden ones a draw or a roll changes)."""
    return any(getattr(before, name) != getattr(after, name) for name in names)


# --------------------------------------------------------------------------- helpers

_T = TypeVar("_T")


def recent_events(lines: Sequence[str], data: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A state's last public lines with the kind and data they were said with (``data[i]`` is
    ``{"kind": ..., "data": ...}``), for a view, so a picture can word them in any language. A snapshot
    stored before the data was kept has fewer entries: its older lines come with no kind (English)."""
    recent = list(data)[-len(lines):] if lines else []
    pad = [{"kind": "", "data": {}}] * (len(lines) - len(recent))
    return [{"kind": d["kind"], "text": text, "data": dict(d["data"])}
            for text, d in zip(lines, pad + recent, strict=True)]


def resolve_options(info: GameInfo, raw: Mapping[str, str] | None) -> dict[str, str]:
    """Fill defaults and validate a lobby's options; raise InvalidOption naming what is allowed."""
    raw = dict(raw or {})
    known = {o.name: o for o in info.options}
    out: dict[str, str] = {}
    for key, value in raw.items():
        spec = known.get(key)
        if spec is None:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(f"{info.title} has no option '{key}' (options: {names}).", key="common.rules.no_option",
                                game=info.name, option=key, options=names)
        if value not in spec.choices:
            raise InvalidOption(
                f"Option '{key}' must be one of {', '.join(spec.choices)}, not '{value}'.",
                key="common.rules.bad_choice",
                option=key,
                choices=", ".join(spec.choices),
                value=value,
            )
        out[key] = value
    for spec in info.options:
        out.setdefault(spec.name, spec.default)
    return out


def check_players(info: GameInfo, players: int) -> None:
    if not info.min_players <= players <= info.max_players:
        raise IllegalAction(
            f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}.",
            key="common.rules.player_count",
            game=info.name,
            least=info.min_players,
            most=info.max_players,
            players=players,
        )


def to_json(obj: Any) -> bytes:
    return msgspec.json.encode(obj)


def from_json(data: bytes | str, type_: type[_T]) -> _T:
    """Decode JSON into ``type_``; malformed data raises InvalidAction, never a bare error."""
    try:
        return msgspec.json.decode(data, type=type_)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise InvalidAction(f"That data could not be read: {exc}.", key="common.rules.unreadable_data",
                            detail=str(exc)) from exc


def clone(obj: _T) -> _T:
    """A deep copy of a msgspec state (much faster than copy.deepcopy)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(obj), type=type(obj))


def play_random_game(
    game: Game[Any, Any], players: int, seed: int, options: Mapping[str, str] | None = None
) -> tuple[Any, list[tuple[Seat, Any]]]:
    """Play one complete game with uniformly random legal moves; return (final state, log)."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(players, resolve_options(game.info, options), seed)
    log: list[tuple[Seat, Any]] = []
    for _ in range(game.info.max_actions):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
    return state, log
