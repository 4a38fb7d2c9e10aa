"""/game replay's step-through viewer and the end-of-game summary picture, end to end (issue 19).

The real bot against simcord: a finished Imperium game (secret card choices), replayed. The asker gets
an ephemeral viewer opened on the final position; ⏮ −10 ◀ ▶ +10 ⏭ step through it, the buttons stop
at both ends, captions never give a secret choice away, and a viewer from before a restart says it
expired.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import cogs.history
from bot import create_bot
from host.history import export_game
from i18n import t
from rules import GAMES
from tests.discord_harness.conftest import bots, db_path  # noqa: F401  (fixtures shared with the harness)
from tests.discord_harness.helpers import buttons, deliver, last_interaction, open_table
from tests.history.helpers import finish_game


@pytest.fixture
def simcord_bot(db_path, bots, monkeypatch):  # noqa: F811
    monkeypatch.setattr(cogs.history, "REPLAY_FRAMES", 4)  # a short GIF keeps the test quick
    bot = create_bot(db_path, sync_commands="global", clock_tick_seconds=0)
    bots.append(bot)
    return bot


def enabled(message) -> dict[str, bool]:
    """Each button's label and whether it can be clicked (an ephemeral answer holds raw components)."""
    rows = message.components
    if rows and isinstance(rows[0], dict):
        return {b["label"]: not b.get("disabled", False) for row in rows for b in row["components"]}
    return {b["label"]: not b["disabled"] for b in buttons(message)}


async def png_of(message) -> Image.Image:
    (attachment,) = message.attachments
    assert attachment.filename.endswith(".png")
    return Image.open(io.BytesIO(await attachment.read()))


@pytest.mark.simcord(settle_timeout=180)  # replays and pictures are drawn by workers: slow on a loaded machine
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_replay_viewer_steps_through_public_positions(simcord_env, simcord_bot, lang):
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "imperium", ["alice", "bob", "carol"], seed=5)
    alice = players[0]
    await alice.slash(thread, "prefs language", language=lang)
    await finish_game(bot.host, sid, seed=5)
    data = await export_game(bot.host, sid)
    moves = len(data["actions"])

    shown = await alice.slash(thread, "game replay")
    assert not shown.ephemeral and shown.response.attachments  # the GIF and summary, for everyone
    viewer = shown.followups[-1]
    assert viewer.ephemeral
    assert t(lang, "history.viewer.text", index=moves, moves=moves, caption="").strip() in viewer.content
    assert (await png_of(viewer)).width > 300
    assert enabled(viewer) == {"⏮": True, "−10": True, "◀": True, "▶": False, "+10": False, "⏭": False}

    # each click shows the position it names; the buttons stop at both ends
    for label, index in (("◀", moves - 1), ("−10", moves - 11), ("⏮", 0), ("▶", 1), ("+10", 11), ("⏭", moves)):
        clicked = await alice.click(viewer, label=label)
        assert clicked.acknowledged
        viewer = clicked.response.message if clicked.response and clicked.response.message else viewer
        head = t(lang, "history.viewer.text", index=index, moves=moves, caption="").strip()
        assert head in viewer.content, (label, viewer.content[:120])
        assert (await png_of(viewer)).width > 300
        if index == 0:
            assert enabled(viewer)["◀"] is False and enabled(viewer)["⏮"] is False and enabled(viewer)["▶"]

    # only public information: the first secret choice is "has chosen", never which cards
    clicked = await alice.click(viewer, label="⏮")
    viewer = clicked.response.message if clicked.response and clicked.response.message else viewer
    clicked = await alice.click(viewer, label="▶")
    viewer = clicked.response.message if clicked.response and clicked.response.message else viewer
    game = GAMES["imperium"]
    secret = game.describe_action(game.decode_action(data["actions"][0]["code"]))
    assert secret not in viewer.content
    assert data["actions"][0]["code"] not in viewer.content

    # a restarted bot no longer knows the viewer: the click is answered, clearly
    bot.replay_viewers.clear()  # a restarted bot object starts with none (they live on the bot)
    expired = await alice.click(viewer, label="◀")
    assert expired.acknowledged
    note = expired.followups[-1] if expired.followups else expired.response
    assert t(lang, "history.viewer.expired") in note.content


@pytest.mark.simcord(settle_timeout=180)
async def test_a_forged_click_on_someone_elses_viewer_is_refused(simcord_env, simcord_bot):
    """An ephemeral viewer shows only to its opener, but a crafted interaction can carry its custom_id:
    anyone else gets a refusal, and nothing is drawn for them or changed in the opener's viewer."""
    env, bot = simcord_env, simcord_bot
    players, thread, sid = await open_table(env, bot, "imperium", ["alice", "bob", "carol"], seed=5)
    alice, bob = players[0], players[1]
    await finish_game(bot.host, sid, seed=5)
    moves = len((await export_game(bot.host, sid))["actions"])
    viewer = (await alice.slash(thread, "game replay")).followups[-1]
    await alice.click(viewer, label="◀")
    shown = t("en", "history.viewer.text", index=moves - 1, moves=moves, caption="").strip()
    forged = await deliver(env, last_interaction(env), user_id=bob.id)  # alice's ◀, sent as bob
    assert forged.acknowledged
    assert [m.content for m in forged.followups] == [t("en", "history.viewer.not_yours")]
    assert not any(m.attachments for m in forged.followups), "no picture of the game drawn for the forger"
    assert forged.response.message.content.startswith(shown), "alice's viewer still shows her position"
