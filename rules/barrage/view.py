"""What a seat may see. Barrage has no hidden hands: everything is public except the order of the
draw piles (private contracts, advanced technology tiles), of which only the sizes are shown."""

from __future__ import annotations

from typing import Any

from rules.barrage import data, irrigation, supply
from rules.barrage.actions import space_label
from rules.barrage.choices import spaces_for
from rules.barrage.determinise import knowledge
from rules.barrage.state import State
from rules.base import rank_by, recent_events


def _company(st: State, seat: int) -> dict[str, Any]:
    c = st.companies[seat]
    return {
        "seat": seat,
        "company": c.company,
        "officer": c.officer,
        "engineers": c.eng,
        "architect": c.arch,
        "engineers_placed": c.placed,
        "credits": c.credits,
        "excavators": c.exc,
        "mixers": c.mix,
        "vp": c.vp,
        "energy": c.energy,
        "tiles": list(c.tiles),
        "wheel": [
            {"tiles": list(c.wheel[i]), "excavators": c.wexc[i], "mixers": c.wmix[i]} for i in range(len(c.wheel))
        ],
        "wheel_slot": c.slot,
        "pieces_left": dict(zip(data.STRUCTURES, c.left, strict=False)),
        "built": {s: supply.built(c, s) for s in data.STRUCTURES[: len(c.left)]},
        "contracts": list(c.hand),
        "fulfilled": list(c.done),
        "out": c.out,
        "used_spaces": list(c.used),
        "last_energy": c.last_energy,
        "external_works": list(c.works),
        "buildings": [b for b in st.buildings if seat in st.bslots[b]],
        "irrigation": {"face_up": list(c.irr_up), "face_down": list(c.irr_down),
                       "points": irrigation.points(st, seat),
                       "scoring_tiles": [r + 1 for r, w in enumerate(st.irr_scoring) if w == seat]}
        if st.pile_irrigation else None,
    }


def _spaces(st: State) -> list[dict[str, Any]]:
    """Every shared action space of this game with its label and occupant (company spaces are per
    company: see ``companies[i].used_spaces``), then the engineer spaces of the private buildings on the
    Leeghwater board (``building``: which one)."""
    out = [
        {"id": sid, "label": space_label(sid), "engineers": need if not anyn else None, "extra_credits": extra,
         "occupied_by": st.used.get(sid)}
        for sid, need, anyn, private, extra, _act, _officer in spaces_for(st) if not private
    ]
    for bid in st.buildings:
        for i, es in enumerate(data.BUILDINGS[bid]["engineer_spaces"]):
            sid = f"{bid}-s{i}"
            out.append({"id": sid, "label": space_label(sid), "engineers": es["engineers"],
                        "extra_credits": es["extra_credits"], "occupied_by": st.used.get(sid), "building": bid})
    return out


def _final_ranks(st: State) -> list[int] | None:
    """Places once the game is over, ties broken by last round's energy (the engine's ``result``)."""
    if st.phase != "over" or not st.final:
        return None
    return list(rank_by([(s, c.last_energy) for s, c in zip(st.final, st.companies, strict=True)]))


def _irrigation(st: State) -> dict[str, Any] | None:
    """The Nile Affair's irrigation areas: only the top tile of each stack is shown (the one under it
    is covered), the VP printed under emptied stacks, the irrigation spaces and scoring tiles."""
    if not st.pile_irrigation:
        return None
    m = data.map_data(st.map)
    areas = []
    for aid, info in m.irrigation.items():
        stacks = [
            {"slot": slot, "top": stack[-1] if stack else None, "count": len(stack), "vp": data.STACK_VP[slot],
             "vp_visible": 0 if stack else data.STACK_VP[slot]}
            for slot, stack in zip(info["stack_slots"], st.pile_irrigation[aid], strict=True)
        ]
        spaces = [{"id": sp["id"], "red": sp["red_framed"], "occupied_by": st.used.get(sp["id"])}
                  for sp in info["layout"]["action_spaces"]]
        areas.append({"id": aid, "area": info["area"], "stacks": stacks,
                      "visible_vp": irrigation.area_vp(st, aid), "spaces": spaces})
    status = {irrigation.OPEN: "open", irrigation.DISCARDED: "discarded"}
    return {
        "areas": areas,
        "visible_vp": irrigation.visible_vp(st),
        "scoring_tiles": [{"round": r + 1, "points": data.IRRIGATION_SCORING[r + 1], "status": status.get(w, "won"),
                           "winner": w if w >= 0 else None} for r, w in enumerate(st.irr_scoring)],
        "points": [irrigation.points(st, s) for s in range(st.players)] if st.companies[0].company else None,
    }


def view(st: State, viewer: int | None) -> dict[str, Any]:
    task = st.tasks[0] if st.tasks else None
    return {
        "game": "barrage",
        "viewer": viewer,
        "players": st.players,
        "map": st.map,
        "options": dict(st.options),
        "round": st.round,
        "phase": st.phase,
        "turn_order": list(st.order),
        "to_act": task.seat if task and st.phase != "over" else None,
        "step": task.kind if task and st.phase != "over" else None,
        "step_detail": {"space": task.s, "tile": task.t, "copy": task.c, "site": task.x, "amount": task.n}
        if task else {},
        "companies": [_company(st, s) for s in range(st.players)],
        "water": dict(st.water),
        "dams": {d: {"owner": o, "level": st.dam_level[d]} for d, o in st.dam_owner.items()},
        "conduits": dict(st.conduit_owner),
        "powerhouses": dict(st.ph_owner),
        "headstream_tiles": dict(st.headstream_tiles),
        "occupied_spaces": dict(st.used),
        "bank": [sum(use.engineers for use in c.bank) for c in st.companies],  # engineers at the bank per seat
        "action_spaces": _spaces(st),
        "national_contracts": list(st.national),
        "private_contracts": [list(c) for c in st.display],
        "private_piles": [len(p) for p in st.piles],
        "patent_office": list(st.patent),
        "patent_deck": len(st.deck_patent),
        "bonus_tiles": list(st.bonus),
        "objective": st.objective,
        "draft": {"matchups": [list(m) for m in st.matchups], "starting_contracts": list(st.starting)}
        if st.phase == "draft" else None,
        "buildings": {b: list(st.bslots[b]) for b in st.buildings},
        "external_works": list(st.works),
        "external_work_deck": len(st.deck_works),
        "copied_officer": {"seat": st.copy_seat, "officer": st.copy} if st.copy else None,
        "irrigation": _irrigation(st),
        "bonus_action_used": st.bonus_action,
        "scores": [c.vp for c in st.companies],
        "final_scores": list(st.final) if st.final else None,
        "final_ranks": _final_ranks(st),
        "log": list(st.log),
        "log_events": recent_events(st.log, st.log_data),
        # what the seat knows, written as a state with the face-down piles as sorted pools (computer players)
        "info_state": knowledge(st, viewer),
    }
