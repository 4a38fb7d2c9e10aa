"""The layering is a rule, so it is a test: rules/ is pure, render/ and host/ know nothing of Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "rules": {"discord", "asyncio", "aiosqlite", "PIL", "host", "render", "cogs", "asyncpg", "i18n"},
    "render": {"discord", "host", "cogs", "aiosqlite", "asyncpg"},
    "host": {"discord", "cogs"},
    "i18n": {"host", "cogs", "render", "aiosqlite", "asyncpg", "PIL"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_respect_layers(package):
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        hits = _imports(path) & FORBIDDEN[package]
        if hits:
            bad.append(f"{path.relative_to(ROOT)} imports {sorted(hits)}")
    assert not bad, "\n".join(bad)


def test_rules_never_use_global_random():
    """All randomness comes from the session seed: no module-level random.* calls in rules/."""
    bad = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "random"
                and node.func.attr not in {"Random"}
            ):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.func.attr}")
    assert not bad, "\n".join(bad)
