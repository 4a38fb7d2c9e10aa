"""Rule errors without repeats, for the tests that read every error a scan of games raises in each language.

A scan tries a pool of moves at thousands of positions and meets the same refusal again and again (Ra: 48,000
errors, 123 different); an error's text in any language depends on its type, sentence and fields alone, so
each different one is read once."""

from __future__ import annotations

from collections.abc import Iterable

from rules.base import RulesError


def distinct(errors: Iterable[RulesError]) -> list[RulesError]:
    """The first error of each (type, sentence, fields), in the order met."""
    seen: set[tuple[type, str, str]] = set()
    out: list[RulesError] = []
    for exc in errors:
        ident = (type(exc), exc.reason, repr(sorted(exc.fields.items(), key=repr)))
        if ident not in seen:
            seen.add(ident)
            out.append(exc)
    return out
