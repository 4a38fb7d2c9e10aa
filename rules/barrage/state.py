"""The Barrage game state: plain msgspec structs that round-trip through JSON.

Hidden information lives under names starting with ``pile``/``deck`` (draw-pile order); views never
show them. Every unit of water, machinery, credits and every engineer sits in exactly one counter;
``ledger`` records what came from and went back to the general supply so tests can check it.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Task(msgspec.Struct, array_like=True, omit_defaults=True):
    """One pending step: a decision a seat must take, or automatic work still queued.

    ``kind`` names the step; the other fields are its parameters (see engine.py, ``_KINDS``):
    ``s`` a space or structure type, ``t`` a chosen tile, ``c`` what the tile copies (Anton),
    ``x`` a chosen site, ``n`` an amount, ``f`` flags, ``a`` a list of allowed areas / used sites.
    """

    kind: str
    seat: int
    s: str = ""
    t: str = ""
    c: str = ""
    x: str = ""
    n: int = 0
    f: int = 0
    a: list[str] = []


class BankUse(msgspec.Struct, array_like=True):
    """One visit to the bank this round: which bank space, the engineers put there (the architect
    counts as 1) and the credits they gave."""

    space: str
    engineers: int
    credits: int


class Company(msgspec.Struct, omit_defaults=True):
    """One player's company board, supply and wheel."""

    company: str = ""
    officer: str = ""
    eng: int = 0
    """Engineers in supply (not counting Tommaso's architect)."""
    arch: int = 0
    """1 while Tommaso's architect is in supply."""
    placed: int = 0
    """Engineers (architect included) on action spaces this round."""
    credits: int = 0
    exc: int = 0
    mix: int = 0
    vp: int = 0
    energy: int = 0
    tiles: list[str] = []
    """Technology tiles in supply (usable)."""
    wheel: list[list[str]] = []
    wexc: list[int] = []
    wmix: list[int] = []
    slot: int = 0
    left: list[int] = []
    """Pieces still on the company board: base, elevation, conduit, powerhouse."""
    hand: list[str] = []
    done: list[str] = []
    used: list[str] = []
    """Private (company-board) spaces used this round."""
    bank: list[BankUse] = []
    """Visits to the bank this round (public: the engineers stand on the board)."""
    out: bool = False
    last_energy: int = 0
    works: list[str] = []
    """External works fulfilled (face down)."""
    irr_up: list[str] = []
    """Nile: irrigation tiles face up (not yet activated)."""
    irr_down: list[str] = []
    """Nile: irrigation tiles activated (face down; they still count for irrigation points)."""


class State(msgspec.Struct, omit_defaults=True, dict=True):
    # dict=True: room for attributes that are not part of the game (never encoded, compared or copied):
    # the engine's last listing of legal moves for this very object (engine.LISTED)

    players: int
    options: dict[str, str]
    map: str = "base"
    round: int = 1
    phase: str = "draft"
    """draft | actions | over"""
    order: list[int] = []
    """Seats in turn order."""
    turn: int = 0
    """Index into ``order`` of the company whose turn it is."""
    extra: bool = False
    """The current company's architect earned an extra placement, taken when its action is over."""
    extra_placing: bool = False
    """The current company is choosing the architect's extra placement (optional; Back keeps it so)."""
    backs: int = 0
    closing: bool = False
    """The current turn's main action is over (expansions' end-of-turn steps were queued)."""
    bonus_action: bool = False
    """The current company already took its once-per-turn bonus action (Nile: an irrigation tile)."""
    companies: list[Company] = []
    tasks: list[Task] = []
    # --- map
    water: dict[str, int] = {}
    """Drops on headstreams and in dams, by node id."""
    dam_owner: dict[str, int] = {}
    """Dam site -> owning seat, -1 for neutral dams."""
    dam_level: dict[str, int] = {}
    conduit_owner: dict[str, int] = {}
    ph_owner: dict[str, int] = {}
    headstream_tiles: dict[str, int | str] = {}
    """Headstream -> its tile id (numbers on the base map, N1-N8 on the Nile map)."""
    # --- boards
    used: dict[str, int] = {}
    """Exclusive shared action spaces occupied this round -> the seat on them."""
    national: list[str] = []
    display: list[list[str]] = []
    """Face-up private contracts per colour (green, yellow, red)."""
    piles: list[list[str]] = []
    """Face-down private contract piles (hidden order)."""
    patent: list[str] = []
    """The 3 patent-office spaces ("" = empty)."""
    deck_patent: list[str] = []
    """Advanced tiles still to come, in draw order (hidden)."""
    bonus: list[str] = []
    objective: str = ""
    # --- draft
    matchups: list[list[str]] = []
    """[company, officer] pairs on offer during the draft ("" once taken)."""
    starting: list[str] = []
    draft_order: list[int] = []
    # --- bookkeeping
    # --- Leeghwater Project
    buildings: list[str] = []
    """Private buildings on the expansion board."""
    bslots: dict[str, list[int]] = {}
    """Building -> owner per construction slot (-1 = free)."""
    works: list[str] = []
    """The 3 external-work spaces ("" = taken this round)."""
    deck_works: list[str] = []
    """External works still to come, in draw order (hidden)."""
    copy: str = ""
    copy_seat: int = -1
    """Mahiri's copied officer, for the one extra action it lasts."""
    # --- The Nile Affair
    pile_irrigation: dict[str, list[list[str]]] = {}
    """Irrigation area -> its 4 stacks, bottom first. Only the top tile of a stack is visible, so the
    views show the top and the count (the covered tile is hidden information)."""
    irr_scoring: list[int] = []
    """Irrigation scoring tile of each round: -1 still to score, -2 discarded, else the seat that won it."""
    ledger: dict[str, int] = {}
    log: list[str] = []
    """The last few public event lines, for the view."""
    log_data: list[dict[str, Any]] = []
    """What each of those lines was said with (``{"kind", "data"}``): the picture words them in its
    language from these (rules.base.recent_events)."""
    final: list[int] = []
    """Final scores once the game is over."""



_replace = msgspec.structs.replace
_copy_list = list.copy


def copy_task(t: Task) -> Task:
    return _replace(t, a=t.a[:])


def _copy_company(c: Company) -> Company:
    # every list the engine changes in place gets its own copy; the strings and BankUse records in
    # them are never changed, so they are shared
    return _replace(c, tiles=c.tiles[:], wheel=list(map(_copy_list, c.wheel)), wexc=c.wexc[:], wmix=c.wmix[:],
                    left=c.left[:], hand=c.hand[:], done=c.done[:], used=c.used[:], bank=c.bank[:],
                    works=c.works[:], irr_up=c.irr_up[:], irr_down=c.irr_down[:])


SHARED = ("options", "headstream_tiles", "dam_owner", "dam_level", "conduit_owner", "ph_owner", "national",
          "display", "piles", "patent", "deck_patent", "bonus", "matchups", "starting", "draft_order", "buildings",
          "bslots", "works", "deck_works", "pile_irrigation", "irr_scoring", "final")
"""State containers a move seldom changes: ``copy_state`` shares them with the state it copies, and the
code that changes one builds a new container instead of changing it in place (copy on write). The
pieces on the map (dams, their levels, conduits, powerhouses) are among them: only a construction
changes them, and a container kept from state to state lets the computer players' judgement
(rules/barrage/plan.py) reuse what it worked out for the same pieces."""


def copy_state(st: State) -> State:
    """A copy that ``apply`` may change without touching ``st``: the containers of each move are new
    (companies, the task list and its front task, water, bookkeeping, log), those in ``SHARED`` are shared
    and copied on write; the strings, numbers and finished log records in them are never changed in
    place. Equal to a deep copy (``rules.base.clone``) field for field, at a fraction of its cost."""
    # only the front step is ever changed in place (the engine and the expansions' ``decide`` change
    # the step being decided); the others are shared until they come to the front of a later copy
    tasks = st.tasks[:]
    if tasks:
        tasks[0] = copy_task(tasks[0])
    return _replace(
        st, order=st.order[:], companies=[_copy_company(c) for c in st.companies],
        tasks=tasks, water=dict(st.water), used=dict(st.used), ledger=dict(st.ledger), log=st.log[:],
        log_data=st.log_data[:],
    )
