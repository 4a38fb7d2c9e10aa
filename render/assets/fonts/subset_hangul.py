"""Rebuilds HangulFallback.ttf: NanumGothic (OFL-1.1, Debian's fonts-nanum) cut to the 2,350 Hangul
syllables of KS X 1001 (every syllable in everyday names) and the compatibility jamo, about a fifth
of the full font. The OFL reserves the name "Nanum" for the original, so the subset is renamed.

    python render/assets/fonts/subset_hangul.py /usr/share/fonts/truetype/nanum/NanumGothic.ttf
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

NAME = "HangulFallback"
_FAMILY_IDS = (1, 3, 4, 6, 16, 17)
"""name-table entries that carry the family name (family, unique id, full name, PostScript name, ...)."""


def ks_x_1001_syllables() -> list[int]:
    """The Hangul syllables of the Korean national character set (EUC-KR rows 0xB0-0xC8)."""
    found = []
    for lead in range(0xB0, 0xC9):
        for trail in range(0xA1, 0xFF):
            try:
                found.append(ord(bytes((lead, trail)).decode("euc-kr")))
            except UnicodeDecodeError:
                continue
    return [code for code in found if 0xAC00 <= code <= 0xD7A3]


def cut(source: str, unicodes: list[int], name: str) -> Path:
    """``source`` cut to ``unicodes``, renamed ``name`` and saved beside this script as ``<name>.ttf``."""
    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]
    face = TTFont(source)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=unicodes)
    cutter.subset(face)
    for record in face["name"].names:
        if record.nameID in _FAMILY_IDS:
            record.string = name if record.nameID != 4 else f"{name} Regular"
    target = Path(__file__).parent / f"{name}.ttf"
    face.save(target)
    return target


if __name__ == "__main__":
    cut(sys.argv[1], [0x20, *range(0x3131, 0x318F), *ks_x_1001_syllables()], NAME)
