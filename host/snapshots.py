"""The stored state of a game (its snapshot): a checksum and a schema version beside it.

A snapshot is the engine state as JSON. The store keeps two things with it:

- ``state_sum``: SHA-256 of the stored bytes. A row whose bytes no longer match (a torn write, a
  hand edit, a field lost) is damaged, whatever the decoder would make of it.
- ``state_schema``: a fingerprint of every game's state types (field names and types, nested). A
  snapshot written under another schema (or before snapshots were stamped) may decode with
  defaults for fields it never had; on first use it is checked against a replay of its log, then
  stamped with the current schema, or marked damaged.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from rules import GAMES


def checksum(state: bytes) -> str:
    return hashlib.sha256(state).hexdigest()


def _shape(t: Any, seen: set[type]) -> Any:
    """A type's structure as plain data: struct fields by name and type, containers by item type."""
    if isinstance(t, msgspec.inspect.StructType | msgspec.inspect.DataclassType):
        if t.cls in seen:
            return t.cls.__qualname__
        seen.add(t.cls)
        return [t.cls.__qualname__, [[f.name, _shape(f.type, seen)] for f in t.fields]]
    parts: list[Any] = [type(t).__name__]
    for attr in ("item_type", "key_type", "value_type"):
        if hasattr(t, attr):
            parts.append(_shape(getattr(t, attr), seen))
    for attr in ("item_types", "types"):
        if hasattr(t, attr):
            parts.append([_shape(x, seen) for x in getattr(t, attr)])
    return parts


def schema_of(state_types: dict[str, type]) -> str:
    """The fingerprint of these state types (changes whenever a field is added, removed or retyped)."""
    shape = {name: _shape(msgspec.inspect.type_info(t), set()) for name, t in sorted(state_types.items())}
    return hashlib.sha256(msgspec.json.encode(shape)).hexdigest()[:16]


SCHEMA = schema_of({name: game.state_type for name, game in GAMES.items()})
"""The snapshot schema of this code: every game's state types."""


CHECKSUM_MISMATCH = "its stored state does not match its checksum"


def problem(state: bytes, stored_sum: str | None, stored_schema: str | None) -> str | None:
    """Why a snapshot cannot be trusted as it is: "checksum" (damaged), "schema" (check it against its
    log), or None (sound)."""
    if stored_sum is not None and checksum(state) != stored_sum:
        return "checksum"
    if stored_sum is None or stored_schema != SCHEMA:
        return "schema"
    return None
