"""Moving resources between a company and the general supply, and the construction wheel.

Every change goes through these functions so the ``ledger`` keeps the conservation books:
``<res>_in`` counts units taken from the general supply, ``<res>_out`` units returned to it.
"""

from __future__ import annotations

from rules.barrage import data
from rules.barrage.state import Company, State

_KEYS = {"credit": "credits", "excavator": "exc", "mixer": "mix"}


def _book(st: State, key: str, amount: int) -> None:
    st.ledger[key] = st.ledger.get(key, 0) + amount


def gain(st: State, seat: int, res: str, amount: int) -> None:
    """Give ``amount`` of credit/excavator/mixer/vp/energy to a company (negative vp allowed)."""
    if amount == 0:
        return
    c = st.companies[seat]
    if res == "vp":
        c.vp += amount
    elif res == "energy":
        c.energy += amount
    else:
        attr = _KEYS[res]
        setattr(c, attr, getattr(c, attr) + amount)
        _book(st, f"{attr}_in", amount)


def pay(st: State, seat: int, res: str, amount: int) -> None:
    """Return resources to the general supply (the caller checked they are there)."""
    if amount == 0:
        return
    attr = _KEYS[res]
    c = st.companies[seat]
    setattr(c, attr, getattr(c, attr) - amount)
    assert getattr(c, attr) >= 0, (res, amount)
    _book(st, f"{attr}_out", amount)


def rotate(c: Company, steps: int) -> None:
    """Rotate the wheel ``steps`` times, returning the new open segment's contents each time."""
    for _ in range(steps):
        c.slot = (c.slot + 1) % 6
        s = c.slot
        if c.wheel[s]:
            c.tiles.extend(c.wheel[s])
            c.wheel[s] = []
        c.exc += c.wexc[s]
        c.mix += c.wmix[s]
        c.wexc[s] = 0
        c.wmix[s] = 0


def load_wheel(c: Company, tile: str, exc: int, mix: int) -> None:
    """Put a tile and the machinery paid for a construction in the open segment."""
    c.tiles.remove(tile)
    c.wheel[c.slot].append(tile)
    c.exc -= exc
    c.mix -= mix
    c.wexc[c.slot] += exc
    c.wmix[c.slot] += mix


def built(c: Company, structure: str) -> int:
    i = data.STRUCTURES.index(structure)
    if i >= len(c.left):
        return 0
    return data.pieces(structure) - c.left[i]


def officer_is(st: State, seat: int, officer: str) -> bool:
    """Whether ``seat`` has this officer's ability now (its own, or copied by Mahiri for one action)."""
    return st.companies[seat].officer == officer or (st.copy == officer and st.copy_seat == seat)


def advanced_tiles(c: Company) -> int:
    """Advanced technology tiles the company owns (supply and wheel)."""
    owned = c.tiles + [t for seg in c.wheel for t in seg]
    return sum(1 for t in owned if data.TECH[t]["level"] > 0)


def engineers_free(c: Company) -> int:
    return c.eng + c.arch
