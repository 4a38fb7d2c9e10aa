"""Replay frames (public views, evenly sampled, first and last kept) and the animated GIF."""

from __future__ import annotations

import io
import itertools

import msgspec
import pytest
from PIL import Image, ImageChops, ImageDraw, ImageSequence, ImageStat

from host.history import export_frames, export_game, frames, sample_indices
from render.replay import FIRST_MS, LAST_MS, MAX_BYTES, ReplayTooLarge, animated_gif, replay_gif
from rules import GAMES
from tests.history.helpers import play_finished_game


def test_sample_indices_are_even_and_keep_both_ends():
    assert sample_indices(0, 10) == []
    assert sample_indices(5, 10) == [0, 1, 2, 3, 4]
    for count, most in ((300, 60), (101, 11), (1000, 2), (61, 60), (7, 3)):
        picked = sample_indices(count, most)
        assert len(picked) == most and picked[0] == 0 and picked[-1] == count - 1
        assert picked == sorted(set(picked))
        gaps = [b - a for a, b in itertools.pairwise(picked)]
        assert max(gaps) - min(gaps) <= 1  # evenly spread
    with pytest.raises(ValueError):
        sample_indices(10, 1)


async def test_frames_are_public_views_sampled_from_a_long_game(host):
    """A long game (hundreds of moves) gives at most ``max_frames`` pictures: the start, the final
    position and evenly spread moves between, each the public view (no hidden data) of that moment."""
    sid = await play_finished_game(host, "alhambra_dice", 3, players=6, options={})
    data = await export_game(host, sid)
    total = len(data["actions"])
    assert total > 200
    shown = await frames(host, sid, max_frames=10)
    assert len(shown) == 10
    assert shown[0].index == 0 and shown[-1].index == total
    assert all(a.index < b.index for a, b in itertools.pairwise(shown))
    assert shown[0].caption.startswith("Alhambra")
    names = [p["name"] for p in data["players"]]
    assert shown[5].caption.startswith(f"Move {shown[5].index}/{total} · {names[shown[5].seat]}: ")  # by name
    assert "Game over · won by" in shown[-1].caption

    game = GAMES["alhambra_dice"]
    state = game.setup(len(data["players"]), data["options"], data["seed"])
    wanted = {f.index: f.view for f in shown}
    for n, entry in enumerate(data["actions"], 1):
        state, _ = game.apply(state, entry["seat"], game.decode_action(entry["code"]))
        if n in wanted:
            assert wanted[n] == game.view(state, None)
    session = await host.get(sid)
    assert msgspec.json.encode(state) == msgspec.json.encode(session.state)


async def test_frames_keep_secret_choices_secret(host):
    """Imperium: a frame taken while players have chosen in secret shows the public board (what the
    table saw), not any player's own view with the chosen cards."""
    sid = await play_finished_game(host, "imperium", 4, players=3, options={"variant": "standard"})
    data = await export_game(host, sid)
    shown = export_frames(data, max_frames=500)
    assert [f.index for f in shown] == list(range(len(data["actions"]) + 1))
    game = GAMES["imperium"]
    state = game.setup(3, data["options"], data["seed"])
    secret_moments = 0
    for frame, entry in zip(shown[1:], data["actions"], strict=True):
        state, _ = game.apply(state, entry["seat"], game.decode_action(entry["code"]))
        assert frame.view == game.view(state, None)
        secret_moments += frame.view != game.view(state, entry["seat"])
    assert secret_moments > 0  # there were moments when a player saw more than the replay shows
    first = shown[1]  # the first secret choice: the caption says a choice was made, not which
    assert "has chosen (1 of 3)" in first.caption
    assert GAMES["imperium"].describe_action(GAMES["imperium"].decode_action(data["actions"][0]["code"])) \
        not in first.caption


def _gif(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return image


@pytest.mark.parametrize("game_name", sorted(GAMES))
async def test_replay_gif_of_every_game(host, game_name):
    """An animated GIF drawn with the game's own renderer (Barrage: the map), captioned, looping, the
    first and last pictures held longer, well under the upload limit."""
    sid = await play_finished_game(host, game_name, 8, players=GAMES[game_name].info.min_players)
    shown = export_frames(await export_game(host, sid), max_frames=5)
    gif = replay_gif(game_name, [f.view for f in shown], captions=[f.caption for f in shown])
    image = _gif(gif)
    assert image.is_animated and image.n_frames == len(shown) == 5
    assert image.info["loop"] == 0
    durations = [frame.info["duration"] for frame in ImageSequence.Iterator(image)]
    assert durations[0] == FIRST_MS and durations[-1] == LAST_MS and max(durations[1:-1]) < LAST_MS
    assert image.width <= 720 and image.height > image.width * 0.75  # portrait-ish, as phones like
    assert len(gif) < MAX_BYTES


def _pictures(count: int, size=(600, 800)) -> list[bytes]:
    out = []
    for k in range(count):
        image = Image.new("RGB", size, (246, 241, 228))
        draw = ImageDraw.Draw(image)
        for j in range(40):  # busy pictures, so that the file is large
            draw.rectangle((j * 15, (k * 37 + j * 53) % 700, j * 15 + 12, (k * 37 + j * 53) % 700 + 90),
                           fill=((k * 40 + j * 7) % 256, (j * 13) % 256, (k * 91) % 256))
        draw.text((10, 10), f"picture {k}", fill=(0, 0, 0))
        buf = io.BytesIO()
        image.save(buf, format="PNG")
        out.append(buf.getvalue())
    return out


def test_gif_frames_show_the_pictures_under_their_captions():
    pictures = _pictures(4)
    gif = animated_gif(pictures, captions=["one", "two\nsecond line", "three", "four"], width=300)
    image = _gif(gif)
    assert image.size[0] == 300 and image.n_frames == 4
    band = image.height - 400  # two caption lines over 600×800 scaled to 300×400
    for k, frame in enumerate(ImageSequence.Iterator(image)):
        rgb = frame.convert("RGB")
        assert rgb.getpixel((150, band // 4)) == rgb.getpixel((299, 0))  # the dark caption band
        expected = Image.open(io.BytesIO(pictures[k])).convert("RGB").resize((300, 400))
        shown = rgb.crop((0, band, 300, band + 400))
        assert max(ImageStat.Stat(ImageChops.difference(shown, expected)).mean) < 12, f"frame {k} is not picture {k}"


def test_a_gif_over_the_limit_drops_frames_then_shrinks():
    pictures = _pictures(24)
    full = animated_gif(pictures)
    limit = len(full) // 5
    small = animated_gif(pictures, max_bytes=limit)
    assert len(small) <= limit
    image = _gif(small)
    assert 2 <= image.n_frames < 24
    durations = [frame.info["duration"] for frame in ImageSequence.Iterator(image)]
    assert durations[0] == FIRST_MS and durations[-1] == LAST_MS  # the start and the end are kept
    with pytest.raises(ReplayTooLarge):
        animated_gif(pictures, max_bytes=100)


def test_bad_arguments():
    with pytest.raises(ValueError):
        animated_gif([])
    with pytest.raises(ValueError):
        animated_gif(_pictures(2), captions=["only one"])


async def test_a_replay_runs_the_game_once(host, monkeypatch):
    """Issue 20: ``/game replay``'s task (the GIF, the viewer's first picture and the summary) replays
    the game once; the captions are worded from the frames, in any language, without a second pass."""
    import host.history as history
    from host import tasks

    sid = await play_finished_game(host, "imperium", 4, players=3, options={"variant": "standard"})
    data = await export_game(host, sid)
    game = GAMES["imperium"]
    applied = []
    real_apply = game.apply
    monkeypatch.setattr(game, "apply", lambda *args: applied.append(1) or real_apply(*args))
    passes = []
    real_states = history._states
    monkeypatch.setattr(history, "_states", lambda doc: passes.append(1) or real_states(doc))
    drawn = tasks.replay(data, 5, "en", "ja")
    assert len(passes) == 1 and len(applied) == len(data["actions"])
    assert drawn.pictures == 5 and drawn.gif.startswith(b"GIF") and drawn.summary.startswith(b"\x89PNG")
    assert "手目" in drawn.caption  # the viewer's caption in the asker's language, from the same pass
