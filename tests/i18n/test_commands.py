"""Slash commands in Japanese: every command, group, parameter and choice has its Japanese name and
description in i18n/locales/ja/commands.toml, the names are ones Discord accepts, and none is stale."""

from __future__ import annotations

import re

import pytest
from discord import app_commands

from bot import create_bot
from i18n import catalogue
from i18n.translator import CatalogTranslator

NAME = re.compile(r"^[-_\w]{1,32}$")


def _expected(tree: app_commands.CommandTree) -> set[str]:
    keys: set[str] = set()
    for command in tree.walk_commands():
        path = "commands." + command.qualified_name.replace(" ", ".")
        keys |= {f"{path}.name", f"{path}.description"}
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                keys |= {f"{path}.params.{param.name}.name", f"{path}.params.{param.name}.description"}
                keys |= {f"commands.choices.{choice.value}" for choice in param.choices}
    return keys


@pytest.fixture
async def tree(tmp_path):
    bot = create_bot(tmp_path / "bot.db")
    await bot.setup_hook()
    try:
        yield bot.tree
    finally:
        await bot.host.store.close()


async def test_every_command_has_japanese_words_and_none_is_stale(tree):
    expected = _expected(tree)
    have = {k for k in catalogue("ja") if k.startswith("commands.")}
    assert not expected - have, f"missing in ja/commands.toml: {sorted(expected - have)}"
    assert not have - expected, f"stale in ja/commands.toml: {sorted(have - expected)}"


async def test_the_payload_discord_receives_is_localised(tree):
    translator = CatalogTranslator()
    for command in tree.get_commands():
        payload = await command.get_translated_payload(tree, translator)
        stack = [payload]
        while stack:
            item = stack.pop()
            ja_name = item["name_localizations"]["ja"]
            assert NAME.match(ja_name) and ja_name == ja_name.lower(), ja_name
            if "description" in item:
                ja_text = item["description_localizations"]["ja"]
                assert 1 <= len(ja_text) <= 100, ja_text
            for choice in item.get("choices", ()):
                assert 1 <= len(choice["name_localizations"]["ja"]) <= 100
            stack.extend(item.get("options", ()))
        assert "en-US" not in payload["name_localizations"]  # English comes from the code, not translated
