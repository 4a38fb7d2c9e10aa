"""Rebuilds EmojiFallback.ttf: Noto Color Emoji (OFL-1.1, Debian's fonts-noto-color-emoji) cut to the
emoji people put in their display names (faces, hands, hearts, animals, plants, food, party and game
symbols; no flags, no skin-tone or ZWJ sequences), about a seventh of the full font. A colour bitmap
font (CBDT): FreeType loads it only at its one strike, 109 pixels (render/_draw.py scales the glyphs).

    python render/assets/fonts/subset_emoji.py /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
"""

from __future__ import annotations

import sys

from subset_hangul import cut

NAME = "EmojiFallback"
RANGES: tuple[tuple[int, int], ...] = (
    (0x1F300, 0x1F30F), (0x1F319, 0x1F320),  # weather, globes, moon and stars
    (0x1F330, 0x1F344),  # plants
    (0x1F345, 0x1F37F),  # food and drink
    (0x1F380, 0x1F393),  # celebration
    (0x1F3A0, 0x1F3CA),  # entertainment, games (🎲 1F3B2), sports, trophy
    (0x1F400, 0x1F43F),  # animals
    (0x1F440, 0x1F450),  # eyes, hands
    (0x1F451, 0x1F451), (0x1F47B, 0x1F480),  # crown; ghost, alien, skull
    (0x1F48E, 0x1F48E), (0x1F493, 0x1F4AF),  # gem; hearts, bulb, anger, 100
    (0x1F525, 0x1F525), (0x1F52E, 0x1F52E),  # fire, crystal ball
    (0x1F590, 0x1F590), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4),  # hands, black heart
    (0x1F600, 0x1F64F),  # faces
    (0x1F680, 0x1F680), (0x1F6F8, 0x1F6F8),  # rocket, flying saucer
    (0x1F90D, 0x1F90E), (0x1F910, 0x1F92F),  # hearts, faces
    (0x1F947, 0x1F949), (0x1F950, 0x1F96F),  # medals, food
    (0x1F970, 0x1F97A), (0x1F980, 0x1F9AE),  # faces, animals
    (0x1F9C0, 0x1F9CB), (0x1F9D0, 0x1F9D0), (0x1F9E1, 0x1F9E1), (0x1F9E9, 0x1F9E9),  # food, face, heart, puzzle
    (0x1FAE0, 0x1FAE8),  # newer faces
)


def code_points() -> list[int]:
    return [code for low, high in RANGES for code in range(low, high + 1)]


if __name__ == "__main__":
    cut(sys.argv[1], code_points(), NAME)
