"""Every word a player sees, in English and Japanese: one message catalogue per language.

The catalogues are TOML files, one per namespace, under ``i18n/locales/<lang>/<namespace>.toml``;
a key is ``<namespace>.<table>.<name>`` (``ra.event.draw``). Values are ``str.format`` templates
with named fields; a value may be a table ``{one = "...", other = "..."}`` chosen by ``count``
(Japanese has no plural, so its catalogues give only ``other``).

Layering: this package is beside render/ and cogs/ (both use it); it imports neither, nor Discord
(the app-command translator is in ``i18n.translator``), nor host/. rules/ never imports it: engines
give English text plus ``kind``/``data`` (events) and ``fields`` (errors), and the presentation
layer turns those into words here.

Keys built at run time (a tile's name from its id) must have their prefix in ``DYNAMIC``; a test
checks that every other key appears literally in the code, and that both languages have the same
keys with the same fields.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGS: tuple[str, ...] = ("en", "ja")
DEFAULT_LANG = "en"
LOCALES = Path(__file__).parent / "locales"

DYNAMIC: dict[str, str] = {}
"""Key prefixes completed at run time (``prefix`` → what completes it); see ``dynamic``."""


class MissingKey(KeyError):
    """A catalogue key that does not exist in English either: a programming error, caught by tests."""


def dynamic(prefix: str, what: str) -> str:
    """Declare a family of keys completed at run time (call at import time); returns the prefix."""
    DYNAMIC[prefix] = what
    return prefix


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, str | dict[str, str]]) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}"
        if isinstance(value, dict) and not (set(value) <= {"one", "other"} and "other" in value):
            _flatten(key, value, out)
        else:
            out[key] = value


@cache
def catalogue(lang: str) -> dict[str, str | dict[str, str]]:
    """Every key of one language (loaded once)."""
    out: dict[str, str | dict[str, str]] = {}
    for path in sorted((LOCALES / lang).glob("*.toml")):
        with path.open("rb") as fh:
            _flatten(path.stem, tomllib.load(fh), out)
    return out


def normalise(lang: str | None) -> str:
    """A supported language code from a Discord locale or a stored preference (``ja``, ``en-US``)."""
    if not lang:
        return DEFAULT_LANG
    base = str(lang).split("-")[0].split("_")[0].lower()
    return base if base in LANGS else DEFAULT_LANG


def has(lang: str, key: str) -> bool:
    return key in catalogue(normalise(lang))


def t(lang: str | None, key: str, /, count: int | None = None, **fields: Any) -> str:
    """The text of ``key`` in ``lang`` (falling back to English), with ``fields`` filled in."""
    lang = normalise(lang)
    value = catalogue(lang).get(key)
    if value is None:
        value = catalogue(DEFAULT_LANG).get(key)
        if value is None:
            raise MissingKey(key)
    if isinstance(value, dict):
        form = "one" if count == 1 and "one" in value else "other"
        value = value[form]
    if count is not None:
        fields["count"] = count
    return value.format(**fields) if fields or "{" in value else value


def fields_of(template: str | Mapping[str, str]) -> set[str]:
    """The named fields a template (or each of its plural forms) uses."""
    forms: Iterable[str] = template.values() if isinstance(template, Mapping) else (template,)
    return {name.split(".")[0].split("[")[0] for form in forms
            for _, name, _, _ in string.Formatter().parse(form) if name}

