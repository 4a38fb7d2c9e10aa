"""The leaderboard picture: a valid portrait PNG, small, deterministic, for empty and full tables."""

from __future__ import annotations

import io

from PIL import Image

from render.leaderboard import MAX_ROWS, render


def _board(n: int, name: str = "player") -> dict:
    return {
        "title": "Imperium leaderboard",
        "subtitle": "Season “Spring” · 12 rated games",
        "note": "Rating = μ − 3σ",
        "rows": [
            {"position": i + 1, "name": f"{name}{i}", "rating": 10 - 1.5 * i, "games": 20 - i, "wins": i % 3}
            for i in range(n)
        ],
    }


def test_pictures_are_portrait_pngs_for_any_table():
    for n in (0, 1, 4, 20, MAX_ROWS + 5):
        data = render(_board(n, name="A very long display name that never seems to end " * (n % 2)))
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG"
        assert image.height >= image.width * 4 / 3, "phones crop square or wide previews"
        assert len(data) < 300_000


def test_same_table_same_bytes_and_missing_keys_are_drawn_empty():
    assert render(_board(6)) == render(_board(6))
    assert render({"rows": [{"name": "x"}]}).startswith(b"\x89PNG")
