"""Small helpers to read what the bot sent, as a Discord user would see it."""

from __future__ import annotations

from typing import Any

import discord

from rules.rng import RNG_MT


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


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    """Every select menu on a message."""
    items = [c for row in message.components for c in getattr(row, "children", [row])]
    return [c for c in items if isinstance(c, discord.SelectMenu)]


def control_codes(message: discord.Message) -> set[str]:
    """Every move code offered on a board message (move buttons and select options)."""
    codes = {b["custom_id"].rsplit(":", 1)[1] for b in buttons(message) if b["custom_id"].startswith("act:")}
    codes |= {o.value for menu in selects(message) for o in menu.options}
    return codes


async def play_code(user: Any, message: discord.Message, code: str) -> None:
    """Press the move button whose custom_id ends in ``code``, or pick ``code`` from a select."""
    for b in buttons(message):
        if b["custom_id"].startswith("act:") and b["custom_id"].endswith(f":{code}") and not b["disabled"]:
            await user.click(message, custom_id=b["custom_id"])
            return
    for menu in selects(message):
        if any(o.value == code for o in menu.options):
            await user.select(message, [code], custom_id=menu.custom_id)
            return
    raise AssertionError(f"no control for {code!r} on: {message.content[:200]}")


async def open_table(env: Any, bot: Any, game: str, names: list[str], *, seed: int, options: str | None = None,
                     clock: str | None = None):
    """Lobby in a new thread, everyone joins, the creator starts; returns (players, thread, game id)."""
    bot.host.seed_source = lambda: seed
    bot.host.rng_version = RNG_MT  # the seeds these tests pick were chosen for generator 1's games
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(n)) for n in names]
    kwargs = {"game": game} | ({"options": options} if options else {}) | ({"clock": clock} if clock else {})
    await players[0].slash(channel, "game new", **kwargs)
    thread = channel.threads[0]
    for p in players[1:]:
        await p.click(thread.last_message, label="Join")
    await players[0].click(thread.last_message, label="Start")
    sessions = await bot.host.open_sessions()
    assert len(sessions) == 1 and sessions[0].status == "active"
    return players, thread, sessions[0].id


async def play_to_the_end(env: Any, bot: Any, new_bot: Any, sid: str, *, restart_at: int, move: Any) -> tuple[Any, int]:
    """Let ``await move(bot, session, n)`` make move n until the game is over, replacing the bot by a
    fresh one on the same database before move ``restart_at``. Each move must be stored (version up).
    Returns the last bot and the number of moves."""
    moves = 0
    while True:
        session = await bot.host.get(sid)
        if session.status != "active":
            return bot, moves
        if moves == restart_at:
            bot = new_bot()
            await env.restart_bot(bot)
            session = await bot.host.get(sid)
        await move(bot, session, moves)
        assert (await bot.host.get(sid)).version > session.version, f"move {moves} was not applied"
        moves += 1
        assert moves < session.game.info.max_actions


def last_interaction(env: Any) -> dict[str, Any]:
    """The INTERACTION_CREATE payload the harness sent last (what Discord delivered to the bot)."""
    return next(p for kind, event, p in reversed(env.backend.transcript)
                if kind == "GATEWAY" and event == "INTERACTION_CREATE")


async def deliver(env: Any, payload: dict[str, Any], *, user_id: int | None = None, same: bool = False) -> Any:
    """Deliver an interaction the harness sent (``last_interaction``) once more: ``same``, the very same
    interaction again (Discord's retried delivery); else a new interaction with the same data (a double
    click), from ``user_id`` if given (a crafted interaction carrying another user's custom_id).
    Returns simcord's InteractionResult."""
    from simcord import interactions
    from simcord.results import InteractionResult

    first = env.backend.interactions[int(payload["id"])]
    if same:
        record, sent = first, payload
    else:
        record, sent = interactions.base_payload(
            env.backend, type=payload["type"], channel_id=int(payload["channel_id"]),
            guild_id=int(payload["guild_id"]) if "guild_id" in payload else None,
            user_id=user_id if user_id is not None else first.user_id, data=payload["data"])
        if "message" in payload:
            sent["message"] = payload["message"]
        record.source_message_id = first.source_message_id
    env.backend.emit("INTERACTION_CREATE", sent)
    await env._settle_internal(dispatch="INTERACTION_CREATE")
    return InteractionResult(env, record)
