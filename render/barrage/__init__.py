"""The Barrage pictures, pure functions of a view from ``rules.barrage`` (``GAME.view(state, viewer)``).

``render(view)`` is the map: headstreams with their tiles and drops, the three areas, every basin with its
two dam sites (owner colour, height, water held), conduits (production value, destination zone, owner,
pipe to the powerhouse zone when built), powerhouse zones, the river with its flow arrows and exits, on
the Nile map the irrigation areas (each stack's top tile and size or the VP under it, the area's visible
VP, the two irrigation spaces), and under the map a compact summary line per company.
``render_boards(view)`` is the second picture: the energy track, round bonus tiles and objective, in Nile
games the irrigation panel (scoring tiles, V, each company's irrigation points and tiles), each company's
board (resources, pieces left, technology tiles, construction wheel, contracts), the contract office,
patent office, external works, private buildings, the action spaces in use, the draft and the latest log
lines.

The map geometry is the engine's map data (``rules/barrage/data/map_<name>.json``: BGA slot positions);
only the slot sizes are chosen here, and the Nile irrigation areas are drawn larger than the data's boxes.
Both pictures are portrait (phones show them whole) and drawn from shapes and the shipped font only.

The package is split by what each part draws: ``layout`` (sizes, colours, word keys, text helpers both
pictures share), ``map`` (the map and its pieces), ``legend`` (header, info line, legend and summary lines
around the map), ``pieces`` (sections, chips and the energy, round and irrigation panels of the boards
picture), ``boards`` (company boards, offices, buildings, spaces, draft, log) and ``pictures`` (the two
entry points, assembled from those parts).
"""

from render.barrage.layout import WIDTH
from render.barrage.pictures import render, render_boards

__all__ = ["WIDTH", "render", "render_boards"]
