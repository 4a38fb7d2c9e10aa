"""Small helpers to read what the bot sent, as a Discord user would see it."""

from __future__ import annotations

from typing import Any

import discord


def buttons(message: discord.Message) -> list[dict[str, Any]]:
    """Every button on a message (label, custom_id, disabled)."""
    out = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if isinstance(child, discord.Button):
                out.append({"label": child.label, "custom_id": child.custom_id, "disabled": child.disabled})
    return out


def button_id(message: discord.Message, label: str) -> str:
    for b in buttons(message):
        if b["label"] == label and not b["disabled"]:
            return b["custom_id"]
    raise AssertionError(f"no enabled button {label!r} on message: {[b['label'] for b in buttons(message)]}")


def text_of(message: discord.Message) -> str:
    """Everything readable in a message: content and embed text."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)
