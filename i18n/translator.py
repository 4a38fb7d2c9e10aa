"""Slash-command names, descriptions and choices in Japanese, through discord.py's translator.

English is what the code's decorators say; other languages come from the ``commands`` namespace:
``commands.<command path>.name`` / ``.description``, ``commands.<command path>.params.<param>.name``
/ ``.description``, and ``commands.choices.<choice value>`` (choice values are unique across the bot).
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from i18n import DEFAULT_LANG, catalogue, normalise


def command_key(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalogue key of what Discord asks to translate (None: not ours to translate)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name, Where.command_description, Where.group_description):
        path = data.qualified_name.replace(" ", ".")
        part = "name" if where in (Where.command_name, Where.group_name) else "description"
        return f"commands.{path}.{part}"
    if where in (Where.parameter_name, Where.parameter_description):
        path = data.command.qualified_name.replace(" ", ".")
        part = "name" if where is Where.parameter_name else "description"
        return f"commands.{path}.params.{data.name}.{part}"
    if where is Where.choice_name:
        return f"commands.choices.{data.value}"
    return None


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = normalise(locale.value)
        if lang == DEFAULT_LANG:
            return None
        key = command_key(context)
        value = catalogue(lang).get(key) if key else None
        return value if isinstance(value, str) else None
