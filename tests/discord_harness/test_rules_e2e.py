"""/rules game:<name> end to end (issue 19): a one-screen summary in the reader's language with a sample
board, only to the asker; the lobby says "New to <game>? /rules"."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from host.rules_help import notes_path
from i18n import choice, t
from i18n.text import game_title
from rules import GAMES


@pytest.mark.simcord(settle_timeout=120)  # the sample board is drawn by a worker
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_rules_explains_each_game_in_the_readers_language(simcord_env, simcord_bot, lang):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    await ann.slash(channel, "prefs language", language=lang)
    for game in sorted(GAMES):
        shown = await ann.slash(channel, "rules", game=game)
        answer = shown.followups[-1] if shown.followups else shown.response
        assert shown.ephemeral and answer.ephemeral
        text = answer.content
        assert game_title(lang, game) in text
        assert t(lang, f"rules_help.how.{game}") in text and t(lang, f"rules_help.moves.{game}") in text
        assert notes_path(game) in text and "http" not in text  # the notes live in this repository
        (picture,) = answer.attachments
        image = Image.open(io.BytesIO(await picture.read()))
        assert image.format == "PNG" and image.width >= 400

    await simcord_bot.host.store.set_user_flag(guild.id, choice.FLAG, lang)  # the lobby is in the server's language
    await ann.slash(channel, "game new", game="ra")
    lobby = channel.threads[0].last_message
    hint = t(lang, "rules_help.lobby_hint", title=game_title(lang, "ra"))
    assert any(hint in (e.description or "") for e in lobby.embeds)
