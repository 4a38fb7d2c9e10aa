"""The message catalogues: both languages have the same keys and fields, and every key is used."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import i18n
from i18n import LANGS, catalogue, fields_of

ROOT = Path(__file__).resolve().parents[2]
CODE_DIRS = ("cogs", "render", "i18n", "host", "rules")  # rules name the keys of their errors


def _load_code() -> str:
    parts = [(ROOT / "bot.py").read_text(encoding="utf-8")]
    for folder in CODE_DIRS:
        parts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / folder).rglob("*.py"))]
    return "\n".join(parts)


def _import_all() -> None:
    """Import every presentation module, so each declares its dynamic key families."""
    for folder in ("cogs", "render", "i18n"):
        for info in pkgutil.walk_packages([str(ROOT / folder)], prefix=f"{folder}."):
            importlib.import_module(info.name)


def test_both_languages_have_the_same_keys():
    en, ja = set(catalogue("en")), set(catalogue("ja"))
    assert not en - ja, f"missing in Japanese: {sorted(en - ja)}"
    # commands.* are English in the code's decorators; Japanese names them in the catalogue
    extra = {k for k in ja - en if not k.startswith("commands.")}
    assert not extra, f"missing in English: {sorted(extra)}"


@pytest.mark.parametrize("lang", LANGS)
def test_values_are_text_or_plural_tables(lang):
    for key, value in catalogue(lang).items():
        if isinstance(value, dict):
            assert set(value) <= {"one", "other"} and "other" in value, key
            assert all(isinstance(v, str) and v for v in value.values()), key
        else:
            assert isinstance(value, str) and value, key


def test_both_languages_use_the_same_fields():
    en, ja = catalogue("en"), catalogue("ja")
    wrong = [f"{k}: en {sorted(fields_of(en[k]))} ja {sorted(fields_of(ja[k]))}"
             for k in en if k in ja and fields_of(en[k]) - {"count"} != fields_of(ja[k]) - {"count"}]
    assert not wrong, "\n".join(wrong)


def test_every_key_is_used():
    _import_all()
    code = _load_code()
    literal = set(re.findall(r"""["']([a-z_][a-z0-9_]*(?:\.[A-Za-z0-9_\-]+)+)["']""", code))
    unused = [k for k in catalogue("en")
              if k not in literal and not any(k.startswith(p) for p in i18n.DYNAMIC)]
    assert not unused, f"unused catalogue keys: {sorted(unused)}"


def test_text_in_both_languages():
    assert i18n.t("en", "common.word.none") == "none"
    assert i18n.t("ja", "common.word.none") == "なし"
    assert i18n.t("ja-JP", "common.word.none") == "なし"
    assert i18n.t("fr", "common.word.none") == "none"  # unsupported locales read English
    with pytest.raises(i18n.MissingKey):
        i18n.t("en", "common.word.nothing")
