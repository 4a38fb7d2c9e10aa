"""Alhambra: The Dice Game (Dirk Henn): the basic dice game and the Alcazaba version.

Option ``version``: "basic" (default) or "alcazaba". 2-6 players; with 2 a dummy sits at seat 2.

Moves (``actions.py``; code = custom_id form, numbers joined by '.'):
  Reroll(mask)            r<mask>        re-roll the white dice whose bits are set (1..255)
  Place(building, count, cell)  p<b>.<n>.<cell>  place on a building; ``cell`` = where it lands
  Push(building, count, cell)   u<b>.<n>.<cell>  push-down chip onto the occupied cell
  CancelRoll()            x              cancel-roll chip
  SetBlack(face)          k<face>        black-die chip
  Claim(chip, to)         c<0|1>.<to>    round end: 2 points / 1 point + chip; points on ``to``
  NameStart(seat)         s<seat>        after taking the start-player chip
  Build(tile, x, y)       b<t>.<x>.<y>   Alcazaba redesign: reserve -> Alhambra
  Remove(x, y)            m<x>.<y>       Alcazaba redesign: Alhambra -> reserve
  Swap(tile, x, y)        w<t>.<x>.<y>   Alcazaba redesign: exchange
  Take(tile, x, y)        t<t>.<x>.<y>   Alcazaba round end: take and build
  TakeToReserve(tile)     v<t>           Alcazaba round end: take to the reserve
  TakeStart()             q              Alcazaba round end: take the start-player chip
Buildings are 0..5 = Pavilion, Seraglio, Arcades, Chambers, Garden, Tower; cells 0..23 run
8L, 8M, 8R, 7L ... 1R (24 = fell off). ``view()["choices"]`` lists every legal move except the
re-rolls as {"code", "text", "kind"} (Alhambra cells named like "B3"); ``view()["targets"]``
holds the labelled legal cells the picture marks.
"""

from __future__ import annotations

from .ai import AIS
from .engine import AlhambraDiceGame

GAME = AlhambraDiceGame()

__all__ = ["AIS", "GAME"]
