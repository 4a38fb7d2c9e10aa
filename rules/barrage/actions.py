"""Barrage decisions: one frozen struct per kind, each with a compact code for Discord custom_ids.

A Barrage turn is a short sequence of these decisions (see engine.py): e.g. ``Place`` a construction
space, then ``Tile``, then ``Site``, then ``Pay``. Codes (fields separated by ``.``):

====================  ==========================================  =========================
code                  action                                      example
====================  ==========================================  =========================
``K.<m>.<contract>``  draft: take matchup m and a starting        ``K.2.START3``
                      contract
``P.<space>[.<n>][.a]`` place engineers on a space (n for the     ``P.bank-b.3``, ``P.water-d1.a``
                      bank; ``a`` = Tommaso's architect among
                      them)
``F.<tile>[.<copy>]`` engineer-free construction with a tile      ``F.L1_POWERHOUSE``
``X``                 go out for the round (only when no
                      engineers are left)
``T.<tile>[.<copy>]`` choose the technology tile to build with    ``T.ANTON_SPECIAL.L2_BASE``
``S.<site>``          choose a map site                           ``S.B5U``
``Y.<e>.<m>.<c>``     pay excavators / mixers / credits           ``Y.0.2.3``
``R.<dam>.<conduit>.<powerhouse>.<drops>``  produce              ``R.B1L.C1R.P5_0.1``
``U.<contract>``      fulfil a contract                           ``U.C203``
``G.<contract>``      take a contract from the office             ``G.C301``
``D.<contract>``      discard a contract (hand limit)             ``D.C200``
``M.<e>``             machinery of your choice: e excavators,     ``M.1``
                      the rest mixers
``H.<headstream>``    put a drop on that headstream               ``H.HB``
``L.<building>``      choose one of your private buildings        ``L.cofferdam``
``E.<work>``          choose an external work (Loan Agency)       ``E.EW_A2``
``O.<officer>``       Mahiri: copy that officer                   ``O.viktor_fiesler``
``W.<seg>.<e>.<m>``   Research Lab: take machinery back           ``W.3.1.0``
``I.<tile>``          Nile: take that visible irrigation tile     ``I.IRR_HILL_WATER``
``A.<tile>``          Nile: activate one of your face-up          ``A.IRR_PLAIN_CREDITS``
                      irrigation tiles (bonus action)
``Z.<tile>``          Nile: turn a used irrigation tile face up   ``Z.IRR_PLAIN_WHEEL``
``V``                 Nile contract: take its VP instead of an
                      irrigation tile
``N``                 decline an optional step
``B``                 back: cancel the action before paying
====================  ==========================================  =========================
"""

from __future__ import annotations

import functools
import re

import msgspec

from rules.barrage import data, names
from rules.base import CUSTOM_ID_BUDGET, InvalidAction

_F = {"frozen": True, "tag_field": "kind"}


class Pick(msgspec.Struct, tag="pick", **_F):  # type: ignore[call-arg]
    """Draft: take matchup ``m`` (company + officer) and starting contract ``contract``."""

    m: int
    contract: str


class Place(msgspec.Struct, tag="place", **_F):  # type: ignore[call-arg]
    """Place engineers on an action space (``n``: how many, only for the bank)."""

    space: str
    n: int = 0
    arch: bool = False


class FreeBuild(msgspec.Struct, tag="free", **_F):  # type: ignore[call-arg]
    """An engineer-free construction with a tile that allows it (L1 powerhouse, L3 base, Anton)."""

    tile: str
    copy: str = ""


class Skip(msgspec.Struct, tag="skip", **_F):  # type: ignore[call-arg]
    """Go out for the round (allowed only without engineers)."""


class Tile(msgspec.Struct, tag="tile", **_F):  # type: ignore[call-arg]
    tile: str
    copy: str = ""


class Site(msgspec.Struct, tag="site", **_F):  # type: ignore[call-arg]
    site: str


class Pay(msgspec.Struct, tag="pay", **_F):  # type: ignore[call-arg]
    exc: int
    mix: int
    credits: int = 0


class Produce(msgspec.Struct, tag="produce", **_F):  # type: ignore[call-arg]
    dam: str
    conduit: str
    powerhouse: str
    drops: int


class Fulfil(msgspec.Struct, tag="fulfil", **_F):  # type: ignore[call-arg]
    contract: str


class Take(msgspec.Struct, tag="take", **_F):  # type: ignore[call-arg]
    contract: str


class Discard(msgspec.Struct, tag="discard", **_F):  # type: ignore[call-arg]
    contract: str


class Machine(msgspec.Struct, tag="machine", **_F):  # type: ignore[call-arg]
    """Choose machinery: ``exc`` excavators, the rest of the amount as mixers."""

    exc: int


class Headstream(msgspec.Struct, tag="headstream", **_F):  # type: ignore[call-arg]
    headstream: str


class Building(msgspec.Struct, tag="building", **_F):  # type: ignore[call-arg]
    """Choose one of your private buildings (Margot's space, L1 building tile)."""

    building: str


class Work(msgspec.Struct, tag="work", **_F):  # type: ignore[call-arg]
    """Choose an external work (Loan Agency)."""

    work: str


class Officer(msgspec.Struct, tag="officer", **_F):  # type: ignore[call-arg]
    """Mahiri: the officer whose ability you copy for your extra action."""

    officer: str


class Retrieve(msgspec.Struct, tag="retrieve", **_F):  # type: ignore[call-arg]
    """Research Lab: take back ``exc`` excavators and ``mix`` mixers from wheel segment ``segment``."""

    segment: int
    exc: int
    mix: int


class Irrigate(msgspec.Struct, tag="irrigate", **_F):  # type: ignore[call-arg]
    """Nile: take this visible irrigation tile (top of a stack)."""

    tile: str


class Activate(msgspec.Struct, tag="activate", **_F):  # type: ignore[call-arg]
    """Nile: flip one of your face-up irrigation tiles and resolve its effect."""

    tile: str


class Restore(msgspec.Struct, tag="restore", **_F):  # type: ignore[call-arg]
    """Nile external work B: turn one of your used irrigation tiles face up again."""

    tile: str


class Points(msgspec.Struct, tag="points", **_F):  # type: ignore[call-arg]
    """Nile contract: take its VP instead of an irrigation tile."""


class Decline(msgspec.Struct, tag="decline", **_F):  # type: ignore[call-arg]
    """Decline an optional step (no contract, no second production, no free structure)."""


class Back(msgspec.Struct, tag="back", **_F):  # type: ignore[call-arg]
    """Cancel the action being prepared; nothing has been paid yet."""


BarrageAction = (
    Pick | Place | FreeBuild | Skip | Tile | Site | Pay | Produce | Fulfil | Take | Discard | Machine
    | Headstream | Building | Work | Officer | Retrieve | Irrigate | Activate | Restore | Points | Decline | Back
)
ACTION_TYPES = (Pick, Place, FreeBuild, Skip, Tile, Site, Pay, Produce, Fulfil, Take, Discard, Machine,
                Headstream, Building, Work, Officer, Retrieve, Irrigate, Activate, Restore, Points, Decline, Back)

_ID = r"[A-Za-z0-9_-]{1,32}"
_INT = r"(0|[1-9][0-9]?)"
_PATTERNS: list[tuple[re.Pattern[str], type]] = [
    (re.compile(rf"K\.{_INT}\.({_ID})"), Pick),
    (re.compile(rf"P\.({_ID})(?:\.{_INT})?(\.a)?"), Place),
    (re.compile(rf"F\.({_ID})(?:\.({_ID}))?"), FreeBuild),
    (re.compile(r"X"), Skip),
    (re.compile(rf"T\.({_ID})(?:\.({_ID}))?"), Tile),
    (re.compile(rf"S\.({_ID})"), Site),
    (re.compile(rf"Y\.{_INT}\.{_INT}\.{_INT}"), Pay),
    (re.compile(rf"R\.({_ID})\.({_ID})\.({_ID})\.{_INT}"), Produce),
    (re.compile(rf"U\.({_ID})"), Fulfil),
    (re.compile(rf"G\.({_ID})"), Take),
    (re.compile(rf"D\.({_ID})"), Discard),
    (re.compile(rf"M\.{_INT}"), Machine),
    (re.compile(rf"H\.({_ID})"), Headstream),
    (re.compile(rf"L\.({_ID})"), Building),
    (re.compile(rf"E\.({_ID})"), Work),
    (re.compile(rf"O\.({_ID})"), Officer),
    (re.compile(rf"W\.{_INT}\.{_INT}\.{_INT}"), Retrieve),
    (re.compile(rf"I\.({_ID})"), Irrigate),
    (re.compile(rf"A\.({_ID})"), Activate),
    (re.compile(rf"Z\.({_ID})"), Restore),
    (re.compile(r"V"), Points),
    (re.compile(r"N"), Decline),
    (re.compile(r"B"), Back),
]


def encode(a: BarrageAction) -> str:
    if isinstance(a, Pick):
        code = f"K.{a.m}.{a.contract}"
    elif isinstance(a, Place):
        code = f"P.{a.space}" + (f".{a.n}" if a.n else "") + (".a" if a.arch else "")
    elif isinstance(a, FreeBuild):
        code = f"F.{a.tile}" + (f".{a.copy}" if a.copy else "")
    elif isinstance(a, Skip):
        code = "X"
    elif isinstance(a, Tile):
        code = f"T.{a.tile}" + (f".{a.copy}" if a.copy else "")
    elif isinstance(a, Site):
        code = f"S.{a.site}"
    elif isinstance(a, Pay):
        code = f"Y.{a.exc}.{a.mix}.{a.credits}"
    elif isinstance(a, Produce):
        code = f"R.{a.dam}.{a.conduit}.{a.powerhouse}.{a.drops}"
    elif isinstance(a, Fulfil):
        code = f"U.{a.contract}"
    elif isinstance(a, Take):
        code = f"G.{a.contract}"
    elif isinstance(a, Discard):
        code = f"D.{a.contract}"
    elif isinstance(a, Machine):
        code = f"M.{a.exc}"
    elif isinstance(a, Headstream):
        code = f"H.{a.headstream}"
    elif isinstance(a, Building):
        code = f"L.{a.building}"
    elif isinstance(a, Work):
        code = f"E.{a.work}"
    elif isinstance(a, Officer):
        code = f"O.{a.officer}"
    elif isinstance(a, Retrieve):
        code = f"W.{a.segment}.{a.exc}.{a.mix}"
    elif isinstance(a, Irrigate):
        code = f"I.{a.tile}"
    elif isinstance(a, Activate):
        code = f"A.{a.tile}"
    elif isinstance(a, Restore):
        code = f"Z.{a.tile}"
    elif isinstance(a, Points):
        code = "V"
    elif isinstance(a, Decline):
        code = "N"
    elif isinstance(a, Back):
        code = "B"
    else:
        raise InvalidAction(f"{a!r} is not a Barrage action.", key="barrage.error.not_an_action", action=repr(a))
    if len(code) > CUSTOM_ID_BUDGET:
        raise InvalidAction("That action is too long to encode.", key="barrage.error.too_long")
    return code


def decode(code: str) -> BarrageAction:
    if not isinstance(code, str) or len(code) > CUSTOM_ID_BUDGET:
        raise InvalidAction("That is not a Barrage action code.", key="barrage.error.not_a_code")
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(code)
        if m is None:
            continue
        g = m.groups()
        if kind is Pick:
            return Pick(int(g[0]), g[1])
        if kind is Place:
            return Place(g[0], int(g[1]) if g[1] else 0, bool(g[2]))
        if kind in (FreeBuild, Tile):
            return kind(g[0], g[1] or "")
        if kind is Pay:
            return Pay(int(g[0]), int(g[1]), int(g[2]))
        if kind is Produce:
            return Produce(g[0], g[1], g[2], int(g[3]))
        if kind is Machine:
            return Machine(int(g[0]))
        if kind is Retrieve:
            return Retrieve(int(g[0]), int(g[1]), int(g[2]))
        if kind in (Skip, Decline, Back, Points):
            return kind()
        return kind(g[0])
    raise InvalidAction(f"'{code}' is not a Barrage action code.", key="barrage.error.unknown_code", code=code)


_tile_name = names.tile_name


_BOARD_NAMES = {"company": "Construct", "turbine": "Produce", "water": "Water", "bank": "Bank",
                "workshop": "Workshop", "machinery": "Machinery shop", "contract": "Contract office",
                "patent": "Patent office", "external_work": "External work", "officer": "Officer",
                "map_irrigation": "Irrigate"}


@functools.cache  # a label depends only on the space id and the game data: worded once
def space_label(space: str) -> str:
    """A short English name for an action space, e.g. 'Produce +2 (3 eng, +3 cr)'."""
    sp = data.SPACES.get(space)
    if sp is None:
        bid, _, i = space.rpartition("-s")
        b = data.BUILDINGS.get(bid)
        if b is None or not i.isdigit() or int(i) >= len(b["engineer_spaces"]):
            return space
        es = b["engineer_spaces"][int(i)]
        return f"{b['name']} ({es['engineers']} eng" + (f", +{es['extra_credits']} cr)" if es["extra_credits"] else ")")
    act = sp["action"]
    name = _BOARD_NAMES.get(sp["board"], sp["board"])
    if "produce" in act:
        name += f" {act['produce']['bonus']:+d}"
    elif "place_drop" in act:
        name += f": {act['place_drop']} drops"
    elif "flow_drop" in act:
        name += f": {act['flow_drop']} flowing drop"
    elif "rotate_wheel" in act:
        name += f": rotate {act['rotate_wheel']}"
    elif "take_contracts" in act:
        name += f": take {act['take_contracts']}"
    elif "take_patent_tile" in act:
        name += f" tile {act['take_patent_tile']}"
    elif "irrigate" in act:
        name += " " + act["irrigate"].removeprefix("IRR_").lower()
    elif "fulfill_external_work" in act:
        name += f" {act['fulfill_external_work']}"
    elif "copy_officer_ability" in act:
        name = "Mahiri: copy an officer"
    elif "use_own_private_building" in act:
        name = "Margot: use a building again"
    elif "excavator" in act or "any_machine" in act:
        name += ": " + " + ".join(k.replace("any_machine", "any") for k in act if k != "pay_credits")
    if act.get("pay_credits"):
        name += f" for {act['pay_credits']} cr"
    eng = sp["engineers"]
    extra = f", +{sp['extra_credits']} cr" if sp["extra_credits"] else ""
    return f"{name} ({eng} eng{extra})" if isinstance(eng, int) else name


irrigation_label = names.irrigation_label
"""A short English name for an irrigation tile, e.g. 'hill: 4 credits'."""


def describe(a: BarrageAction) -> str:
    if isinstance(a, Pick):
        return f"Take matchup {a.m + 1} with {names.contract(a.contract)}"
    if isinstance(a, Place):
        if a.n:
            return f"Place {a.n} engineer{'s' if a.n > 1 else ''} at the bank" + (
                " (with the architect)" if a.arch else "")
        return space_label(a.space) + (" with the architect" if a.arch else "")
    if isinstance(a, FreeBuild):
        return f"Build without engineers using {_tile_name(a.tile)}" + (
            f" (copying {_tile_name(a.copy)})" if a.copy else "")
    if isinstance(a, Skip):
        return "Go out for this round"
    if isinstance(a, Tile):
        return f"Build with {_tile_name(a.tile)}" + (f" copying {_tile_name(a.copy)}" if a.copy else "")
    if isinstance(a, Site):
        return f"Choose {names.site(a.site)}"
    if isinstance(a, Pay):
        parts = [f"{a.exc} excavator{'s' if a.exc != 1 else ''}", f"{a.mix} mixer{'s' if a.mix != 1 else ''}"]
        if a.credits:
            parts.append(f"{a.credits} credits")
        return "Pay " + ", ".join(parts)
    if isinstance(a, Produce):
        return (f"Produce with {a.drops} drop{'s' if a.drops > 1 else ''}: {names.site(a.dam)} → "
                f"{names.site(a.conduit)} → {names.site(a.powerhouse)}")
    if isinstance(a, Fulfil):
        return f"Fulfil {names.contract(a.contract)}"
    if isinstance(a, Take):
        return f"Take {names.contract(a.contract)}"
    if isinstance(a, Discard):
        return f"Discard {names.contract(a.contract)}"
    if isinstance(a, Machine):
        return f"Take {a.exc} excavator(s) and the rest as mixers"
    if isinstance(a, Headstream):
        return f"Put a drop on {names.site(a.headstream)}"
    if isinstance(a, Building):
        return f"Use your {a.building.replace('_', ' ')}"
    if isinstance(a, Work):
        return f"Take {names.work(a.work)}"
    if isinstance(a, Officer):
        return f"Copy {a.officer.replace('_', ' ').title()}"
    if isinstance(a, Retrieve):
        return f"Take back {a.exc} excavator(s) and {a.mix} mixer(s) from wheel segment {a.segment + 1}"
    if isinstance(a, Irrigate):
        return f"Take irrigation tile {irrigation_label(a.tile)}"
    if isinstance(a, Activate):
        return f"Activate irrigation tile {irrigation_label(a.tile)}"
    if isinstance(a, Restore):
        return f"Turn {irrigation_label(a.tile)} face up again"
    if isinstance(a, Points):
        return "Take the victory points instead of an irrigation tile"
    if isinstance(a, Decline):
        return "Decline"
    if isinstance(a, Back):
        return "Back"
    return "Unknown action"
