"""Barrage in words: the engine's events, actions, labels and names, in every language.

The engine (rules/barrage) writes English only. Its events carry ``data["msg"]`` (which message) and
the ids and numbers of the message (``seat`` 0-based, ``company``, ``tile``, ...); this module phrases
them from the catalogue. English reproduces the engine's text exactly: tests check
``event_text("en", ev) == ev.text`` and ``action_text("en", a) == GAME.describe_action(a)``.

Where the English text shows a raw id (``L2_BASE``, ``bank-b``, ``IRR_HILL_CREDITS``) the catalogue has
a family keyed by that id whose English value is the id itself and whose Japanese value is a name, so
both languages read the same keys with the same fields.

The boards picture shows the last events as the view gives them (``log_events``: kind, text and data)
and words them with ``event_text``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import i18n
from i18n import catalogue, t
from i18n.seats import seat_name
from rules.barrage import actions as A
from rules.barrage import data, names
from rules.base import Event

COMPANY = i18n.dynamic("barrage.company.", "company ids (rules/barrage/data/companies.json)")
OFFICER = i18n.dynamic("barrage.officer.", "executive officer ids (companies.json), as the data names them")
OFFICER_TITLE = i18n.dynamic("barrage.officer_title.", "executive officer ids, as an action label names them")
BUILDING = i18n.dynamic("barrage.building.", "private building ids (private_buildings.json), their names")
BUILDING_REF = i18n.dynamic("barrage.building_ref.", "private building ids, as a sentence names them")
STRUCTURE = i18n.dynamic("barrage.structure.", "structure types (rules.barrage.data.STRUCTURES)")
TILE = i18n.dynamic("barrage.tile.", "technology tile ids (technology_tiles.json) in a sentence")
TILE_NAME = i18n.dynamic("barrage.tile_name.", "technology tile ids in an action label")
STRUCTURE_A = i18n.dynamic("barrage.structure_a.", "structure types with their article ('an elevation')")
SITE = i18n.dynamic("barrage.site.", "kinds of map site (rules.barrage.names.SITE): dam, conduit, powerhouse, ...")
CONTRACT_KIND = i18n.dynamic("barrage.contract_kind.", "contract types (contracts.json): starting, national, colours")
AREA = i18n.dynamic("barrage.area.", "map areas (mountain, hill, plain)")
BONUS = i18n.dynamic("barrage.bonus.", "round bonus tile ids (bonus_tiles.json)")
OBJECTIVE = i18n.dynamic("barrage.objective.", "objective tile ids (objective_tiles.json)")
BOARD = i18n.dynamic("barrage.board.", "action-space boards (action_spaces.json)")
SPACE_REF = i18n.dynamic("barrage.space_ref.", "action space ids, private-building spaces included")
REWARD = i18n.dynamic("barrage.reward.", "reward keys of incomes, contracts, external works and irrigation tiles")
REWARD_ANY = i18n.dynamic("barrage.reward_any.", "limited reward keys without a limit (null: any contract)")
i18n.dynamic("barrage.option.", "lobby options of rules.barrage.INFO: descriptions and choices")


# --------------------------------------------------------------------------- names


def title(lang: str) -> str:
    """The game's name (the lobby reads the same key)."""
    return t(lang, "barrage.title")


def company(lang: str, cid: str) -> str:
    return t(lang, COMPANY + cid) if cid in data.COMPANIES else cid


def officer(lang: str, oid: str) -> str:
    return t(lang, OFFICER + oid) if oid in data.OFFICERS else oid


def building(lang: str, bid: str) -> str:
    return t(lang, BUILDING + bid) if bid in data.BUILDINGS else bid


def structure(lang: str, sid: str) -> str:
    return t(lang, STRUCTURE + sid) if sid in data.STRUCTURES else sid


def area(lang: str, aid: str) -> str:
    return t(lang, AREA + aid) if aid in ("mountain", "hill", "plain") else aid


def tile(lang: str, tid: str) -> str:
    """A technology tile in running text (English: its id)."""
    return t(lang, TILE + tid) if tid in data.TECH else tid


def tile_name(lang: str, tid: str) -> str:
    """A technology tile in an action label (English: "L2 Base")."""
    return t(lang, TILE_NAME + tid) if tid in data.TECH else tid


def irrigation_ref(lang: str, tid: str) -> str:
    """An irrigation tile in running text, by its area and effect."""
    return t(lang, "barrage.irrigation.ref", label=irrigation_label(lang, tid)) if tid in data.IRRIGATION_TILES else tid


def a_structure(lang: str, sid: str) -> str:
    return t(lang, STRUCTURE_A + sid) if sid in data.STRUCTURES else sid


def site(lang: str, sid: str, map_id: str = "") -> str:
    """A site where the map shows it: "basin 1 lower dam", "basin 1 conduit to zone 5 (value 4)"."""
    kind, fields = names.site_parts(sid, map_id if map_id in _MAPS else "")
    if not kind:
        return sid
    if kind == "building":
        fields = {**fields, "building": t(lang, BUILDING_REF + sid.rpartition("-")[0])}
    return t(lang, SITE + kind, **fields)


def contract(lang: str, cid: str) -> str:
    """A contract by what it asks and gives: "the green contract for 5 energy (4 VP, 2 excavators)"."""
    rec = data.CONTRACTS.get(cid)
    if rec is None:
        return cid
    rewards = rec.get("reward_options") or [rec.get("reward", {})]
    reward = t(lang, "barrage.word.or").join(reward_text(lang, r) for r in rewards)
    return t(lang, "barrage.contract.name", kind=t(lang, CONTRACT_KIND + rec["type"]),
             energy=rec["energy_required"], reward=reward)


def work(lang: str, wid: str) -> str:
    """An external work by its deck letter, its cost and its reward."""
    rec = data.EXTERNAL_WORKS.get(wid)
    if rec is None:
        return wid
    cost = t(lang, "barrage.word.list_sep").join(
        t(lang, "barrage.unit.pay_excavator" if k == "excavator" else "barrage.unit.pay_mixer", count=n)
        for k, n in rec["machinery_cost"].items())
    return t(lang, "barrage.work.name", deck=rec["deck"], cost=cost, reward=reward_text(lang, rec["reward"]))


def bonus(lang: str, tid: str) -> str:
    return t(lang, BONUS + tid) if tid in data.BONUS_TILES else tid


def objective(lang: str, tid: str) -> str:
    return t(lang, OBJECTIVE + tid) if tid in data.OBJECTIVES else tid


def space_ids() -> list[str]:
    """Every action space id: the boards' and each private building's engineer spaces."""
    out = list(data.SPACES)
    for bid, rec in data.BUILDINGS.items():
        out += [f"{bid}-s{i}" for i in range(len(rec["engineer_spaces"]))]
    return out


_SPACE_IDS = frozenset(space_ids())
_MAPS = frozenset({"base", "nile"})


def space_ref(lang: str, space: str) -> str:
    """An action space in running text (English: its id)."""
    return t(lang, SPACE_REF + space) if space in _SPACE_IDS else space


def error_fields(lang: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """A rule error's fields for i18n.text.error_text: an action space named in the reader's language."""
    out = dict(fields)
    if isinstance(out.get("space"), str):
        out["space"] = space_ref(lang, out["space"])
    return out


def who(lang: str, info: Mapping[str, Any]) -> str:
    """A company in a sentence: "Ann (USA)", or "Ann" before the draft ("Player 2" with no names)."""
    name = seat_name(lang, int(info["seat"]))
    if info.get("company"):
        return t(lang, "barrage.word.seat_company", name=name, company=company(lang, info["company"]))
    return name


def areas(lang: str, ids: list[str]) -> str:
    return t(lang, "barrage.word.area_sep").join(area(lang, a) for a in ids)


def reward_text(lang: str, reward: Mapping[str, Any]) -> str:
    """A reward in words ("6 credits, 2 VP"), for an income revealed."""
    parts = []
    for key, value in reward.items():
        if value is None and key in names.REWARD_ANY:
            parts.append(t(lang, REWARD_ANY + key))
            continue
        if not i18n.has(lang, REWARD + key):
            parts.append(key)
            continue
        fields: dict[str, Any] = {}
        if isinstance(value, dict):
            fields["areas"] = areas(lang, list(value.get("areas", [])))
            fields["bonus"] = f"{value.get('bonus', 0):+d}"
        elif value is not None and value is not True:
            fields["n"] = value
        parts.append(t(lang, REWARD + key, **_used(REWARD + key, fields)))
    return t(lang, "barrage.word.list_sep").join(parts)


def _used(key: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Only the fields the template names (``None`` values, "any contract", have none)."""
    names = i18n.fields_of(catalogue("en")[key])
    return {k: v for k, v in fields.items() if k in names}


# --------------------------------------------------------------------------- labels


def irrigation_label(lang: str, tid: str) -> str:
    """A short name for an irrigation tile, e.g. 'hill: 4 credits' (English as rules.barrage.actions)."""
    info = data.IRRIGATION_TILES.get(tid)
    if info is None:
        return tid
    e = info["effect"]
    kind = info["effect_type"]
    if kind == "machinery":
        effect = t(lang, "barrage.irrigation.plus").join(
            t(lang, "barrage.unit.excavator" if k == "excavator" else "barrage.unit.mixer", count=n)
            for k, n in e.items())
    elif kind == "credits":
        effect = t(lang, "barrage.irrigation.credits", n=e["credit"])
    elif kind == "water":
        effect = t(lang, "barrage.irrigation.water", n=e["flow_drop"])
    elif kind == "wheel":
        effect = t(lang, "barrage.irrigation.wheel", n=e["rotate_wheel"])
    elif kind == "contract":
        effect = t(lang, "barrage.irrigation.contract", n=e["fulfill_contract_max"])
    elif kind == "production":
        effect = t(lang, "barrage.irrigation.production", bonus=f"{e['produce']['bonus']:+d}")
    elif kind == "construction":
        built = e["construct_without_engineers"]["areas"]
        effect = t(lang, "barrage.irrigation.construction", areas=areas(lang, built))
    else:
        effect = t(lang, "barrage.irrigation.energy", n=e["energy"])
    return t(lang, "barrage.irrigation.label", area=area(lang, info["area"]), effect=effect)


_MACHINE_KEYS = {"excavator": "barrage.machine.excavator", "mixer": "barrage.machine.mixer",
                 "any_machine": "barrage.machine.any_machine"}


def space_label(lang: str, space: str) -> str:
    """A short name for an action space, e.g. 'Produce +2 (3 eng, +3 cr)' (English as rules.barrage.actions)."""
    sp = data.SPACES.get(space)
    if sp is None:
        bid, _, i = space.rpartition("-s")
        b = data.BUILDINGS.get(bid)
        if b is None or not i.isdigit() or int(i) >= len(b["engineer_spaces"]):
            return space
        es = b["engineer_spaces"][int(i)]
        return _with_engineers(lang, building(lang, bid), es["engineers"], es["extra_credits"])
    act = sp["action"]
    board = t(lang, BOARD + sp["board"]) if i18n.has(lang, BOARD + sp["board"]) else sp["board"]
    if "produce" in act:
        name = t(lang, "barrage.space.produce", board=board, bonus=f"{act['produce']['bonus']:+d}")
    elif "place_drop" in act:
        name = t(lang, "barrage.space.place_drop", board=board, n=act["place_drop"])
    elif "flow_drop" in act:
        name = t(lang, "barrage.space.flow_drop", board=board, n=act["flow_drop"])
    elif "rotate_wheel" in act:
        name = t(lang, "barrage.space.rotate", board=board, n=act["rotate_wheel"])
    elif "take_contracts" in act:
        name = t(lang, "barrage.space.take", board=board, n=act["take_contracts"])
    elif "take_patent_tile" in act:
        name = t(lang, "barrage.space.patent", board=board, n=act["take_patent_tile"])
    elif "irrigate" in act:
        where = area(lang, act["irrigate"].removeprefix("IRR_").lower())
        name = t(lang, "barrage.space.irrigate", board=board, area=where)
    elif "fulfill_external_work" in act:
        name = t(lang, "barrage.space.work", board=board, n=act["fulfill_external_work"])
    elif "copy_officer_ability" in act:
        name = t(lang, "barrage.space.mahiri")
    elif "use_own_private_building" in act:
        name = t(lang, "barrage.space.margot")
    elif "excavator" in act or "any_machine" in act:
        machines = t(lang, "barrage.irrigation.plus").join(t(lang, _MACHINE_KEYS[k]) for k in act if k != "pay_credits")
        name = t(lang, "barrage.space.machinery", board=board, machines=machines)
    else:
        name = board
    if act.get("pay_credits"):
        name = t(lang, "barrage.space.pay", name=name, n=act["pay_credits"])
    eng = sp["engineers"]
    return _with_engineers(lang, name, eng, sp["extra_credits"]) if isinstance(eng, int) else name


def _with_engineers(lang: str, name: str, eng: int, extra: int) -> str:
    if extra:
        return t(lang, "barrage.space.engineers_extra", name=name, eng=eng, extra=extra)
    return t(lang, "barrage.space.engineers", name=name, eng=eng)


# --------------------------------------------------------------------------- actions


def action_text(lang: str, a: Any) -> str:
    """A button or select label for a Barrage action (English: ``GAME.describe_action``)."""
    if isinstance(a, A.Pick):
        return t(lang, "barrage.action.pick", m=a.m + 1, contract=contract(lang, a.contract))
    if isinstance(a, A.Place):
        if a.n:
            key = "barrage.action.bank_architect" if a.arch else "barrage.action.bank"
            return t(lang, key, count=a.n)
        label = space_label(lang, a.space)
        return t(lang, "barrage.action.space_architect", space=label) if a.arch else label
    if isinstance(a, A.FreeBuild):
        if a.copy:
            return t(lang, "barrage.action.free_build_copy", tile=tile_name(lang, a.tile), copy=tile_name(lang, a.copy))
        return t(lang, "barrage.action.free_build", tile=tile_name(lang, a.tile))
    if isinstance(a, A.Skip):
        return t(lang, "barrage.action.skip")
    if isinstance(a, A.Tile):
        if a.copy:
            return t(lang, "barrage.action.tile_copy", tile=tile_name(lang, a.tile), copy=tile_name(lang, a.copy))
        return t(lang, "barrage.action.tile", tile=tile_name(lang, a.tile))
    if isinstance(a, A.Site):
        return t(lang, "barrage.action.site", site=site(lang, a.site))
    if isinstance(a, A.Pay):
        parts = [t(lang, "barrage.unit.pay_excavator", count=a.exc), t(lang, "barrage.unit.pay_mixer", count=a.mix)]
        if a.credits:
            parts.append(t(lang, "barrage.unit.pay_credits", n=a.credits))
        return t(lang, "barrage.action.pay", parts=t(lang, "barrage.word.list_sep").join(parts))
    if isinstance(a, A.Produce):
        return t(lang, "barrage.action.produce", count=a.drops, dam=site(lang, a.dam), conduit=site(lang, a.conduit),
                 powerhouse=site(lang, a.powerhouse))
    if isinstance(a, A.Fulfil):
        return t(lang, "barrage.action.fulfil", contract=contract(lang, a.contract))
    if isinstance(a, A.Take):
        return t(lang, "barrage.action.take", contract=contract(lang, a.contract))
    if isinstance(a, A.Discard):
        return t(lang, "barrage.action.discard", contract=contract(lang, a.contract))
    if isinstance(a, A.Machine):
        return t(lang, "barrage.action.machine", n=a.exc)
    if isinstance(a, A.Headstream):
        return t(lang, "barrage.action.headstream", headstream=site(lang, a.headstream))
    if isinstance(a, A.Building):
        name = t(lang, BUILDING_REF + a.building) if a.building in data.BUILDINGS else a.building.replace("_", " ")
        return t(lang, "barrage.action.building", building=name)
    if isinstance(a, A.Work):
        return t(lang, "barrage.action.work", work=work(lang, a.work))
    if isinstance(a, A.Officer):
        name = (t(lang, OFFICER_TITLE + a.officer) if a.officer in data.OFFICERS
                else a.officer.replace("_", " ").title())
        return t(lang, "barrage.action.officer", officer=name)
    if isinstance(a, A.Retrieve):
        return t(lang, "barrage.action.retrieve", exc=a.exc, mix=a.mix, segment=a.segment + 1)
    if isinstance(a, A.Irrigate):
        return t(lang, "barrage.action.irrigate", tile=irrigation_label(lang, a.tile))
    if isinstance(a, A.Activate):
        return t(lang, "barrage.action.activate", tile=irrigation_label(lang, a.tile))
    if isinstance(a, A.Restore):
        return t(lang, "barrage.action.restore", tile=irrigation_label(lang, a.tile))
    if isinstance(a, A.Points):
        return t(lang, "barrage.action.points")
    if isinstance(a, A.Decline):
        return t(lang, "barrage.action.decline")
    if isinstance(a, A.Back):
        return t(lang, "barrage.action.back")
    return t(lang, "barrage.action.unknown")


# --------------------------------------------------------------------------- events

# message (``data["msg"]``) -> its catalogue key; the key's fields are filled by ``_FIELDS``.
MESSAGES: dict[str, str] = {
    "income": "barrage.event.income",
    "build": "barrage.event.build",
    "build_copy": "barrage.event.build_copy",
    "produce": "barrage.event.produce",
    "produce_fee": "barrage.event.produce_fee",
    "draft": "barrage.event.draft",
    "out": "barrage.event.out",
    "no_engineers": "barrage.event.no_engineers",
    "fulfil": "barrage.event.fulfil",
    "place_piece": "barrage.event.place_piece",
    "take_contract": "barrage.event.take_contract",
    "discard_contract": "barrage.event.discard_contract",
    "use_space": "barrage.event.use_space",
    "buy_tile": "barrage.event.buy_tile",
    "round": "barrage.event.round",
    "over": "barrage.event.over",
    "energy_vp": "barrage.event.energy_vp",
    "no_energy": "barrage.event.no_energy",
    "bonus_vp": "barrage.event.bonus_vp",
    "objective_vp": "barrage.event.objective_vp",
    "leftover_vp": "barrage.event.leftover_vp",
    "buildings_vp": "barrage.event.buildings_vp",
    "fulfil_work": "barrage.event.fulfil_work",
    "add_drop": "barrage.event.add_drop",
    "tile_back": "barrage.event.tile_back",
    "buy_work": "barrage.event.buy_work",
    "use_building": "barrage.event.use_building",
    "copy_officer": "barrage.event.copy_officer",
    "take_tile": "barrage.event.take_tile",
    "activate": "barrage.event.activate",
    "contract_vp": "barrage.event.contract_vp",
    "irrigate": "barrage.event.irrigate",
    "irrigate_from": "barrage.event.irrigate_from",
    "restore": "barrage.event.restore",
    "irrigation_scoring": "barrage.event.irrigation_scoring",
    "irrigation_all_equal": "barrage.event.irrigation_all_equal",
    "irrigation_leader": "barrage.event.irrigation_leader",
    "irrigation_tied": "barrage.event.irrigation_tied",
    "irrigation_vp": "barrage.event.irrigation_vp",
    "irrigation_loss": "barrage.event.irrigation_loss",
}

_IRRIGATION_MESSAGES = frozenset({"activate", "irrigate", "irrigate_from", "restore"})
_BONUS_MESSAGES = frozenset({"bonus_vp"})
_OBJECTIVE_MESSAGES = frozenset({"objective_vp"})


def _message_of(info: Mapping[str, Any]) -> str:
    msg = str(info.get("msg", ""))
    if msg == "build" and info.get("copy"):
        return "build_copy"
    if msg == "produce" and info.get("owner") is not None:
        return "produce_fee"
    return msg


def _tile_field(lang: str, msg: str, tid: str) -> str:
    if msg in _IRRIGATION_MESSAGES:
        return irrigation_ref(lang, tid)
    if msg in _BONUS_MESSAGES:
        return bonus(lang, tid)
    if msg in _OBJECTIVE_MESSAGES:
        return objective(lang, tid)
    return tile(lang, tid)


def _field(lang: str, msg: str, name: str, info: Mapping[str, Any]) -> Any:
    """The value of template field ``name`` from the event data."""
    if name == "who":
        return who(lang, info)
    if name in ("seat", "owner"):
        return seat_name(lang, int(info[name]))
    if name == "income":
        return reward_text(lang, info["income"])
    if name == "points":
        return t(lang, "barrage.word.list_sep").join(str(p) for p in info["points"])
    if name == "structure":
        return structure(lang, str(info["structure"]))
    if name == "a_structure":
        return a_structure(lang, str(info["structure"]))
    if name in ("site", "dam", "conduit", "powerhouse"):
        return site(lang, str(info[name]), str(info.get("map", "")))
    if name == "contract":
        return contract(lang, str(info["contract"]))
    if name == "work":
        return work(lang, str(info["work"]))
    if name == "tile":
        return _tile_field(lang, msg, str(info["tile"]))
    if name == "copy":
        return tile(lang, str(info["copy"]))
    if name == "company":
        return company(lang, str(info["company"]))
    if name == "officer":
        return officer(lang, str(info["officer"]))
    if name == "building":
        bid = str(info["building"])
        return t(lang, BUILDING_REF + bid) if bid in data.BUILDINGS else bid.replace("_", " ")
    if name == "space":
        return space_ref(lang, str(info["space"]))
    return info[name]


def message(lang: str, info: Mapping[str, Any]) -> str | None:
    """The text of a message from its data (None when the data names no known message)."""
    msg = _message_of(info)
    key = MESSAGES.get(msg)
    if key is None:
        return None
    try:
        fields = {name: _field(lang, msg, name, info) for name in i18n.fields_of(catalogue("en")[key])}
        return t(lang, key, **fields)
    except (KeyError, IndexError, TypeError, ValueError):  # data from an older engine: its English text
        return None


def event_text(lang: str, event: Event) -> str:
    """An event of the game log in ``lang`` (English: the engine's own sentence)."""
    text = message(lang, event.data) if event.data else None
    return event.text if text is None else text
