"""Contracts and rewards (RULES.md §7): granting a reward, fulfilling, taking and refilling.

A reward's plain resources (credits, VP, machinery, track energy) are gained at once; its other
parts become queued tasks in printed order (Q-B13), resolved by the engine one decision at a time.
"""

from __future__ import annotations

from typing import Any

from rules.barrage import data, expansion, supply
from rules.barrage.state import State, Task

SIMONE = "simone_luciani"
HAND_LIMIT = 3
SIMONE_HAND_LIMIT = 4
"""Hand limits (RULES.md §5.6 and Simone's ability text in companies.json)."""
FRANCE_DISCOUNT = 3
"""France's ability: contracts need 3 less energy (companies.json ability text); the engine adds the 3
once to a production's contract budget."""
F_NATIONAL, F_FRANCE, F_MULTI = 1, 2, 4
"""Flags of a ``fulfil`` task: national contracts allowed, France's +3 is in the budget, Simone's several."""


def grant(st: State, seat: int, reward: dict[str, Any]) -> list[Task]:
    """Gain a reward: plain parts now, the rest returned as tasks in printed order."""
    tasks: list[Task] = []
    for key in data.PLAIN_REWARDS:
        if key in reward:
            supply.gain(st, seat, key, reward[key])
    for key, val in reward.items():
        if key in data.PLAIN_REWARDS:
            continue
        if key == "any_machine":
            tasks.append(Task("machine", seat, n=val))
        elif key == "rotate_wheel":
            tasks.append(Task("rotate", seat, n=val))
        elif key == "place_drop":
            tasks.append(Task("drop", seat, n=val))
        elif key == "flow_drop":
            tasks.append(Task("drop", seat, n=val, f=1))
        elif key == "energy_produced":
            st.companies[seat].energy += val
            tasks.append(Task("fulfil", seat, n=val))
        elif key == "fulfill_contract_max":
            tasks.append(Task("fulfil", seat, n=999 if val is None else val))
        elif key == "build_conduit_max":
            tasks.append(Task("fbuild", seat, s="conduit", n=val))
        elif key == "build_base":
            tasks.append(Task("fbuild", seat, s="base", n=99, a=list(val.get("areas", []))))
        elif key == "build_powerhouse":
            tasks.extend(Task("fbuild", seat, s="powerhouse", n=99) for _ in range(val))
        elif key == "build_elevation":
            tasks.extend(Task("fbuild", seat, s="elevation", n=99) for _ in range(val))
        else:
            for x in expansion.active(st):
                more = x.reward(st, seat, key, val)
                if more is not None:
                    tasks += more
                    break
            else:
                raise ValueError(f"Unknown reward {key!r} in the contract data: no rule handles it.")
    return tasks


def requirement(cid: str) -> int:
    return data.CONTRACTS[cid]["energy_required"]


def hand_limit(st: State, seat: int) -> int:
    return SIMONE_HAND_LIMIT if supply.officer_is(st, seat, SIMONE) else HAND_LIMIT


def fulfil_options(st: State, seat: int, budget: int, flags: int) -> list[str]:
    """Contracts ``seat`` may fulfil with ``budget`` energy (hand; national if allowed)."""
    pool = list(st.companies[seat].hand)
    if flags & F_NATIONAL:
        pool += st.national
    return [cid for cid in pool if requirement(cid) <= budget]


def fulfil(st: State, seat: int, cid: str) -> list[Task]:
    """Fulfil a contract: it is kept face down; its reward is gained."""
    c = st.companies[seat]
    if cid in c.hand:
        c.hand.remove(cid)
    else:
        i = st.national.index(cid)
        st.national = [*st.national[:i], *st.national[i + 1:]]  # a new list: the old one is shared (copy_state)
    c.done.append(cid)
    info = data.CONTRACTS[cid]
    # a "choose one" reward (Nile contracts) is a decision, left to the expansion that owns it
    return grant(st, seat, info.get("reward", {"choose_one": cid}))


def visible_private(st: State) -> list[str]:
    return [cid for colour in st.display for cid in colour]


def take(st: State, seat: int, cid: str) -> None:
    st.display = [colour[:] for colour in st.display]  # copy on write (state.copy_state)
    for colour in st.display:
        if cid in colour:
            colour.remove(cid)
    st.companies[seat].hand.append(cid)


def refill(st: State) -> None:
    """Top up the private display: each colour showing fewer than 2 gets 2 again (§7.3)."""
    d = st.display
    if len(d) == 3 and len(d[0]) >= 2 and len(d[1]) >= 2 and len(d[2]) >= 2:
        return  # every colour shows 2 (asked before every turn: the common case, answered quickly)
    if sum(len(c) for c in d) >= 6:
        return
    st.display = [colour[:] for colour in st.display]  # copy on write (state.copy_state)
    st.piles = [pile[:] for pile in st.piles]
    for colour, pile in zip(st.display, st.piles, strict=True):
        while len(colour) < 2 and pile:
            colour.append(pile.pop())
