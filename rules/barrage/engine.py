"""The Barrage engine: the round machine and the decision steps of a turn.

Everything that still has to happen sits in ``state.tasks`` (front first). A task either runs by
itself (``rotate``, ``endcopy``) or waits for one decision of its seat; ``choices.options`` lists
that decision's legal actions and ``_decide`` resolves it. When no task is left the round machine moves on: next turn,
end of the action phase (water flow, scoring, turn order, clean-up), next round, end of game.

Task kinds (fields of ``Task``):
  draft      pick a matchup and a starting contract
  turn       choose a main action: ``Place`` / ``FreeBuild`` / ``Skip``
  construct  s=space ("" = engineer-free), t/c=tile (+Anton copy), x=site, a=allowed areas,
             f: 1 free, 2 architect, 4 a bonus action's (no Back)
  produce    s=space, n=bonus, x=powerhouse excluded, f: 1 second (Germany), 2 optional, 4 architect
  fulfil     n=energy budget (France's +3 included), f: contracts.F_NATIONAL / F_FRANCE / F_MULTI
  machine    n machinery of your choice
  rotate     rotate the wheel n times (automatic)
  drop       n drops onto headstreams, f: 1 they flow at once, 2 "up to n" (may stop)
  fbuild     free placement of structure s (n=max conduit value, a=areas)
  take       take n contracts from the office
  discard    discard down to the hand limit
Expansions add their own kinds (leeghwater.py, nile.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.barrage import (
    choices,
    construct,
    contracts,
    data,
    expansion,
    journal,
    names,
    placement,
    produce,
    scoring,
    start,
    supply,
    undo,
    water,
)
from rules.barrage import leeghwater as _leeghwater  # noqa: F401  (registers the expansion)
from rules.barrage import nile as _nile  # noqa: F401  (registers the expansion, after Leeghwater)
from rules.barrage.actions import (
    ACTION_TYPES,
    Back,
    BarrageAction,
    Decline,
    Discard,
    FreeBuild,
    Fulfil,
    Headstream,
    Machine,
    Pay,
    Pick,
    Place,
    Produce,
    Site,
    Skip,
    Take,
    Tile,
    decode,
    describe,
    encode,
    space_label,
)
from rules.barrage.state import BankUse, State, Task, copy_state, copy_task
from rules.barrage.view import view
from rules.base import (
    Event,
    GameInfo,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    OptionSpec,
    Result,
    Seat,
    check_players,
    rank_by,
    resolve_options,
)
from rules.rng import RNG_CURRENT

TOMMASO = "tommaso_battista"

_say = journal.say
_name = journal.name
_who = journal.who
_options = choices.options
_active = choices.company_active
spaces_for = choices.spaces_for
space_row = choices.space_row
can_act = choices.can_act

INFO = GameInfo(
    name="barrage",
    title="Barrage",
    min_players=2,
    max_players=4,
    simultaneous=False,
    hidden_information=True,
    max_actions=6000,
    options=(
        OptionSpec("expansion", ("nile", "none"), "nile",
                   "The Nile Affair: Nile map, irrigation, new contracts, tiles and works."),
        OptionSpec("map", ("auto", "nile", "base"), "auto",
                   "The map: auto follows the expansion; base plays the base game without the Nile Affair."),
        OptionSpec("intro", ("no", "yes"), "no", "Introductory set-up: fixed matchups, no patent office."),
        OptionSpec("new_officers", ("yes", "no"), "yes", "Add Tommaso and Simone to the officer pool."),
        OptionSpec("leeghwater", ("no", "yes"), "no",
                   "Leeghwater Project parts: private buildings, external works, Netherlands, 3 officers."),
    ),
)


# --------------------------------------------------------------------------- resolving decisions


def _push(st: State, tasks: list[Task]) -> None:
    st.tasks[0:0] = tasks


def _after_build(st: State, seat: int, structure: str, site: str, income: dict[str, Any] | None,
                 eff: str, events: list[Event]) -> None:
    """Revealed income, then the tile's special effect (RULES.md §5.1 order)."""
    c = st.companies[seat]
    tasks: list[Task] = []
    if income:
        _say(st, events, "income", f"{_name(st, seat)} reveals an income: {names.reward(income)}.", "income",
             **_who(st, seat), income=dict(income))
        tasks += contracts.grant(st, seat, income)
    m = data.map_data(st.map)
    if eff == "L1_BASE":
        for d, o in st.dam_owner.items():
            if o == seat and not st.water.get(d):
                st.water[d] = 1
                st.ledger["drops_in"] = st.ledger.get("drops_in", 0) + 1
    elif eff == "L1_ELEVATION":
        supply.rotate(c, supply.built(c, "elevation"))
    elif eff == "L1_CONDUIT":
        supply.gain(st, seat, "credit", 2 * m.conduits[site]["production"])
    elif eff == "L2_BASE":
        tasks += contracts.grant(st, seat, {"energy_produced": supply.built(c, "base")})
    elif eff == "L2_ELEVATION":
        add = water.room(st, site)
        if add > 0:
            st.water[site] = st.water.get(site, 0) + add
            st.ledger["drops_in"] = st.ledger.get("drops_in", 0) + add
    elif eff == "L2_POWERHOUSE":
        tasks.append(Task("produce", seat, n=2, f=2))
    elif eff == "L3_ELEVATION":
        supply.gain(st, seat, "vp", 3 * sum(1 for d, o in st.dam_owner.items() if o == seat and st.dam_level[d] > 1))
    elif eff == "L3_CONDUIT":
        tasks += contracts.grant(st, seat, {"energy_produced": 2 * m.conduits[site]["production"]})
    elif eff == "L3_POWERHOUSE":
        supply.gain(st, seat, "vp", 3 * supply.built(c, "powerhouse"))
    elif eff == "L3_JOKER":
        supply.gain(st, seat, "vp", 3 * supply.advanced_tiles(c))
    elif eff == "L1_BUILDING" and structure == "building":
        tasks.append(Task("bact", seat, s=construct.split_building_site(site)[0]))
    elif eff == "L3_BUILDING" and structure == "building":
        supply.gain(st, seat, "vp", data.BUILDINGS[construct.split_building_site(site)[0]]["vp_end_of_game"])
    _push(st, tasks)


def _finish_construct(st: State, t: Task, pay: tuple[int, int, int], events: list[Event]) -> None:
    st.tasks.pop(0)
    seat = t.seat
    if t.s:
        placement.occupy(st, seat, t.s, 0, bool(t.f & 2))
    structure = construct.structure_of(st, t.x)
    income = construct.build_with_tile(st, seat, t.t, t.c, t.x, pay)
    eff = construct.effective(t.t, t.c)
    as_copy = f" (as {names.tile(t.c)})" if t.c else ""
    _say(st, events, "construct", f"{_name(st, seat)} builds {names.a_structure(structure)} on "
         f"{names.site(t.x, st.map)} with {names.tile(t.t)}{as_copy}.", "build", **_who(st, seat),
         structure=structure, site=t.x, tile=t.t, copy=t.c)
    _after_build(st, seat, structure, t.x, income, eff, events)


def _production(st: State, t: Task, p: Produce, events: list[Event]) -> None:
    st.tasks.pop(0)
    seat = t.seat
    second = bool(t.f & 1)
    if t.s:
        placement.occupy(st, seat, t.s, 0, bool(t.f & 4))
    owner = st.conduit_owner[p.conduit]
    e, text = produce.execute(st, seat, p, t.n, second)
    _say(st, events, "produce", f"{_name(st, seat)} {text}.", "produce", **_who(st, seat), energy=e,
         drops=p.drops, dam=p.dam, conduit=p.conduit, powerhouse=p.powerhouse, owner=owner if owner != seat else None)
    flags = contracts.F_NATIONAL
    budget = e
    if _active(st, seat, "france"):
        # France may fulfil contracts needing up to 3 more than produced: once per production, so with
        # Simone the +3 is added to the total, not to every contract (as the online edition does)
        flags |= contracts.F_FRANCE
        budget += contracts.FRANCE_DISCOUNT
    if supply.officer_is(st, seat, contracts.SIMONE):
        flags |= contracts.F_MULTI
    tasks = [Task("fulfil", seat, n=budget, f=flags)]
    if _active(st, seat, "italy"):
        # Italy: +3 on the track after each production (not for the contract)
        st.companies[seat].energy += 3
    if not second and _active(st, seat, "germany"):
        tasks.append(Task("produce", seat, f=1 | 2, x=p.powerhouse))
    for x in expansion.active(st):
        tasks += x.after_production(st, seat, p.dam)
    _push(st, tasks)


def _decide(st: State, seat: int, a: BarrageAction, events: list[Event]) -> None:
    t = st.tasks[0]
    c = st.companies[seat]
    if isinstance(a, Back):
        # back to choosing the action; inside Mahiri's or the architect's extra action it stays one
        extra = st.extra_placing or (len(st.tasks) > 1 and st.tasks[1].kind == "endcopy")
        st.tasks[0] = Task("turn", seat, f=1 if extra else 0)
        st.backs += 1
        return
    if isinstance(a, Decline) and t.kind != "leslie":
        st.tasks.pop(0)
        return
    k = t.kind
    if k == "draft":
        assert isinstance(a, Pick)
        company, officer = st.matchups[a.m]
        # copy on write: these lists are shared with the state before the move (state.copy_state)
        st.matchups = [*st.matchups[:a.m], ["", ""], *st.matchups[a.m + 1:]]
        i = st.starting.index(a.contract)
        st.starting = [*st.starting[:i], *st.starting[i + 1:]]
        start.init_company(st, seat, company, officer, a.contract)
        st.tasks.pop(0)
        _say(st, events, "draft", f"Player {seat + 1} takes {data.COMPANIES[company]['name']} with "
             f"{data.OFFICERS[officer]['name']} and {names.contract(a.contract)}.", "draft", seat=seat, company=company,
             officer=officer, contract=a.contract)
    elif k == "turn":
        st.tasks.pop(0)
        if isinstance(a, Skip):
            c.out = True
            _say(st, events, "out", f"{_name(st, seat)} goes out for the round.", "out", **_who(st, seat))
        elif isinstance(a, FreeBuild):
            st.tasks.insert(0, Task("construct", seat, t=a.tile, c=a.copy, f=1))
        elif isinstance(a, Place):
            _place(st, seat, a, events)
        else:
            # an expansion's bonus action before the main action: the turn task comes back after it
            st.tasks.insert(0, t)
            for x in expansion.active(st):
                if x.decide(st, t, a, events):
                    return
            raise AssertionError(a)
    elif k == "construct":
        if isinstance(a, Tile):
            t.t, t.c = a.tile, a.copy
        elif isinstance(a, Site):
            t.x = a.site
        else:
            assert isinstance(a, Pay)
            _finish_construct(st, t, (a.exc, a.mix, a.credits), events)
            return
        # a single way to pay needs no decision
        if t.x:
            pays = [o for o in _options(st, t) if isinstance(o, Pay)]
            if len(pays) == 1:
                _finish_construct(st, t, (pays[0].exc, pays[0].mix, pays[0].credits), events)
    elif k == "produce":
        assert isinstance(a, Produce)
        _production(st, t, a, events)
    elif k == "fulfil":
        assert isinstance(a, Fulfil)
        st.tasks.pop(0)
        tasks = contracts.fulfil(st, seat, a.contract)
        _say(st, events, "contract", f"{_name(st, seat)} fulfils {names.contract(a.contract)}.", "fulfil",
             **_who(st, seat), contract=a.contract)
        if t.f & contracts.F_MULTI:
            tasks.append(Task("fulfil", seat, n=t.n - contracts.requirement(a.contract), f=t.f))
        _push(st, tasks)
    elif k == "machine":
        assert isinstance(a, Machine)
        st.tasks.pop(0)
        supply.gain(st, seat, "excavator", a.exc)
        supply.gain(st, seat, "mixer", t.n - a.exc)
    elif k == "drop":
        assert isinstance(a, Headstream)
        water.add_to_headstream(st, a.headstream, 1)
        if t.f:
            water.release_headstream(st, a.headstream, 1)
        t.n -= 1
        if t.n <= 0:
            st.tasks.pop(0)
    elif k == "fbuild":
        assert isinstance(a, Site)
        st.tasks.pop(0)
        income = construct.place_piece(st, seat, t.s, a.site)
        _say(st, events, "construct", f"{_name(st, seat)} places {names.a_structure(t.s)} on "
             f"{names.site(a.site, st.map)}.", "place_piece",
             **_who(st, seat), structure=t.s, site=a.site)
        _after_build(st, seat, t.s, a.site, income, "", events)
    elif k == "take":
        assert isinstance(a, Take)
        contracts.take(st, seat, a.contract)
        _say(st, events, "contract", f"{_name(st, seat)} takes {names.contract(a.contract)}.", "take_contract",
             **_who(st, seat), contract=a.contract)
        t.n -= 1
        if t.n <= 0 or not contracts.visible_private(st):
            st.tasks.pop(0)
    elif k == "discard":
        assert isinstance(a, Discard)
        c.hand.remove(a.contract)
        _say(st, events, "contract", f"{_name(st, seat)} discards {names.contract(a.contract)}.", "discard_contract",
             **_who(st, seat), contract=a.contract)
    else:
        for x in expansion.active(st):
            if x.decide(st, t, a, events):
                return
        raise AssertionError(f"no expansion handles task {k}")


def _place(st: State, seat: int, a: Place, events: list[Event]) -> None:
    row = space_row(a.space)
    assert row is not None
    act = row[5]
    arch = a.arch
    for x in expansion.active(st):
        # actions prepared before the engineers go down, so Back can still cancel them
        steps = x.prepare(st, seat, a.space, act, arch)
        if steps is not None:
            _push(st, steps)
            return
    if "construct" in act:
        st.tasks.insert(0, Task("construct", seat, s=a.space, f=2 if arch else 0))
        return
    if "produce" in act:
        st.tasks.insert(0, Task("produce", seat, s=a.space, n=act["produce"]["bonus"], f=4 if arch else 0))
        return
    placement.occupy(st, seat, a.space, a.n, arch)
    bank: dict[str, int] = {}
    if "credit_per_engineer" in act:
        # the bank: which space, how many engineers (the architect counts as 1) and the credits they gave
        bank = {"engineers": a.n, "credits": a.n * act["credit_per_engineer"]}
        st.companies[seat].bank.append(BankUse(a.space, a.n, bank["credits"]))
    _say(st, events, "place", f"{_name(st, seat)} uses {space_label(a.space)}.", "use_space", **_who(st, seat),
         space=a.space, **bank)
    supply.pay(st, seat, "credit", act.get("pay_credits", 0))
    tasks: list[Task] = []
    if bank:
        supply.gain(st, seat, "credit", bank["credits"])
    elif "place_drop" in act:
        tasks.append(Task("drop", seat, n=act["place_drop"]))
    elif "flow_drop" in act:
        tasks.append(Task("drop", seat, n=act["flow_drop"], f=1))
    elif "rotate_wheel" in act:
        supply.rotate(st.companies[seat], act["rotate_wheel"])
    elif "take_contracts" in act:
        tasks += [Task("take", seat, n=act["take_contracts"]), Task("discard", seat)]
    elif "take_patent_tile" in act:
        i = act["take_patent_tile"] - 1
        tile = st.patent[i]
        st.patent = [*st.patent[:i], "", *st.patent[i + 1:]]
        st.companies[seat].tiles.append(tile)
        _say(st, events, "patent", f"{_name(st, seat)} buys {names.tile(tile)}.", "buy_tile", **_who(st, seat),
             tile=tile)
    else:
        for x in expansion.active(st):
            more = x.resolve(st, seat, act, events)
            if more is not None:
                tasks += more
                break
        else:
            tasks += contracts.grant(st, seat, {k: v for k, v in act.items() if k != "pay_credits"})
    _push(st, tasks)


# --------------------------------------------------------------------------- the round machine


def _start_round(st: State, events: list[Event]) -> None:
    _say(st, events, "round", f"Round {st.round} begins.", "round", round=st.round)
    tasks: list[Task] = []
    for seat in reversed(st.order):
        c = st.companies[seat]
        for structure in ("base", "elevation", "conduit"):
            for k in range(1, supply.built(c, structure) + 1):
                inc = data.income(c.company, structure, k)
                if inc:
                    tasks += contracts.grant(st, seat, inc)
    st.tasks = tasks
    m = data.map_data(st.map)
    if st.round <= len(m.headstream_tiles[0]["drops_by_round"]):
        tiles = {t["id"]: t for t in m.headstream_tiles}
        for h in m.headstreams:
            n = tiles[st.headstream_tiles[h]]["drops_by_round"][st.round - 1]
            if n:
                water.add_to_headstream(st, h, n)
        for x in expansion.active(st):
            x.headstreams(st)
    st.phase = "actions"
    st.turn = -1
    st.extra = False


def _next_turn(st: State, events: list[Event]) -> bool:
    """Start the next company's turn; False when everyone is out of the round."""
    n = st.players
    st.extra = False
    for step in range(1, n + 1):
        idx = (st.turn + step) % n
        seat = st.order[idx]
        c = st.companies[seat]
        if c.out:
            continue
        contracts.refill(st)
        if can_act(st, seat):
            st.turn = idx
            _begin_turn(st, seat)
            return True
        c.out = True
        _say(st, events, "out", f"{_name(st, seat)} is out of engineers for this round.", "no_engineers",
             **_who(st, seat))
    return False


def _begin_turn(st: State, seat: int) -> None:
    st.backs = 0
    st.closing = False
    st.extra_placing = False
    st.bonus_action = False
    st.tasks = [Task("turn", seat)]


def _end_round(st: State, events: list[Event]) -> None:
    water.flow_phase(st)
    for line in scoring.round_scoring(st) + [ln for x in expansion.active(st) for ln in x.round_scoring(st)]:
        journal.say_line(st, events, "score", line)
    for c in st.companies:
        c.last_energy = c.energy
    if st.round >= data.ROUNDS:
        for line in scoring.final_scoring(st):
            journal.say_line(st, events, "score", line)
        for line in [ln for x in expansion.active(st) for ln in x.final_scoring(st)]:
            journal.say_line(st, events, "score", line)
        st.phase = "over"
        st.tasks = []
        st.final = [c.vp for c in st.companies]
        _say(st, events, "over", "The game is over.", "over")
        return
    # turn order: least energy first; ties: the later company in the old order goes first (Q-B2)
    pos = {seat: i for i, seat in enumerate(st.order)}
    st.order = sorted(st.order, key=lambda s: (st.companies[s].energy, -pos[s]))
    for c in st.companies:
        c.eng += c.placed
        if c.officer == TOMMASO and c.arch == 0:
            c.eng -= 1
            c.arch = 1
        c.placed = 0
        c.energy = 0
        c.used = []
        c.bank = []
        c.out = False
    st.used = {}
    if st.patent:
        st.deck_patent = st.deck_patent[:]  # copy on write (state.copy_state)
        st.patent = [st.deck_patent.pop(0) if st.deck_patent else "" for _ in range(3)]
    for x in expansion.active(st):
        x.end_round(st)
    st.round += 1
    _start_round(st, events)


def advance(st: State, events: list[Event]) -> None:
    """Run automatic steps until a seat must decide or the game ends."""
    while st.phase != "over":
        while st.tasks:
            t = st.tasks[0]
            if t.kind == "rotate":
                supply.rotate(st.companies[t.seat], t.n)
                st.tasks.pop(0)
                continue
            if t.kind == "endcopy":
                st.copy, st.copy_seat = "", -1
                st.tasks.pop(0)
                continue
            if (t.kind == "turn" and not t.f) or choices.has_options(st, t):
                return  # a turn always has a move: _next_turn checked can_act
            st.tasks.pop(0)  # nothing to choose: an optional or impossible step lapses
        if st.phase == "draft":
            _start_round(st, events)
            continue
        if st.turn >= 0 and not st.closing and st.extra:
            # Tommaso's architect: an optional extra placement, after the contracts are refilled as
            # after any turn; it is part of the same main action, so no bonus step comes between
            st.extra = False
            st.extra_placing = True
            contracts.refill(st)
            st.tasks = [Task("turn", st.order[st.turn], f=1)]
            continue
        if st.turn >= 0 and not st.closing:
            # the main action is over: expansions may offer a bonus step (Nile: irrigation tiles)
            st.closing = True
            st.extra_placing = False
            seat = st.order[st.turn]
            st.tasks = [tk for x in expansion.active(st) for tk in x.end_of_turn(st, seat)]
            continue
        if not _next_turn(st, events):
            _end_round(st, events)


# --------------------------------------------------------------------------- the Game object


_EXPECTED: dict[str, tuple[str, str]] = {
    "turn": ("choose an action space", "barrage.error.step_turn"),
    "draft": ("pick a matchup", "barrage.error.step_draft"),
    "construct": ("prepare your construction", "barrage.error.step_construct"),
    "produce": ("choose a production", "barrage.error.step_produce"),
    "fulfil": ("choose a contract to fulfil (or decline)", "barrage.error.step_fulfil"),
    "machine": ("choose your machinery", "barrage.error.step_machine"),
    "drop": ("choose a headstream", "barrage.error.step_drop"),
    "fbuild": ("choose a site (or decline)", "barrage.error.step_fbuild"),
    "take": ("take a contract", "barrage.error.step_take"),
    "discard": ("discard a contract", "barrage.error.step_discard"),
    "irrigate": ("finish your irrigation (dam, then tile)", "barrage.error.step_irrigate"),
    "activate": ("activate an irrigation tile (or decline)", "barrage.error.step_activate"),
    "restore": ("choose a used irrigation tile to turn face up (or decline)", "barrage.error.step_restore"),
}
"""What the current step expects, for the error on a move out of place: (English words, message key)."""


def _why(st: State, seat: int, a: Any) -> tuple[str, dict[str, Any]]:
    """A sentence saying why a well-formed action is not legal now, and its error fields (``key``...)."""
    t = st.tasks[0]
    c = st.companies[seat]
    if isinstance(a, Place) and t.kind == "turn":
        row = space_row(a.space) if isinstance(a.space, str) else None
        if row is None:
            return (f"There is no action space '{a.space}' in this game.",
                    {"key": "barrage.error.no_such_space", "space": str(a.space)})
        _, need, anyn, private, extra, act, _officer = row
        fields = {"space": a.space}
        label = space_label(a.space)
        if isinstance(a.n, int) and (a.n if anyn else need) > c.eng + c.arch:
            return f"You don't have enough engineers for {label}.", {"key": "barrage.error.engineers", **fields}
        if a.space in (c.used if private else st.used):
            return f"{label} is already occupied this round.", {"key": "barrage.error.occupied", **fields}
        if c.credits < extra + act.get("pay_credits", 0):
            return f"You can't pay the credits {label} costs.", {"key": "barrage.error.credits", **fields}
        return f"You can't carry out the action of {label} right now.", {"key": "barrage.error.not_doable", **fields}
    expected, key = _EXPECTED.get(t.kind, ("finish the action in progress", "barrage.error.step_other"))
    return f"That move is not possible now: you must {expected}.", {"key": key, "step": t.kind}


def _expansion_and_map(opts: dict[str, str]) -> dict[str, str]:
    """The Nile Affair is played on its own map: ``map=base`` (how base games were always asked for,
    and how they are stored) means the game without it; the Nile map needs the expansion."""
    if opts["map"] == "base":
        opts["expansion"] = "none"
    elif opts["map"] == "nile" and opts["expansion"] != "nile":
        raise IllegalAction("The Nile map is played with the Nile Affair: use expansion=nile.",
                            key="barrage.error.nile_map", option="map", value=opts["map"])
    opts["map"] = "nile" if opts["expansion"] == "nile" else "base"
    return opts


def _listed(state: State) -> tuple[Task, tuple[BarrageAction, ...]] | None:
    """The moves ``legal_actions`` last listed for this very state object, with its front step then:
    kept on the state object itself (an attribute outside its fields: never encoded, compared or
    copied), so a copy, a new state or one loaded or sampled starts without, and ``apply_owned`` drops
    it before changing the state."""
    return state.__dict__.get(LISTED)


LISTED = "listed"
"""The attribute of a state holding its last listing (see ``_listed``)."""


class BarrageGame:
    info = INFO
    state_type = State
    action_type = BarrageAction
    reveals = staticmethod(undo.reveals)  # which moves are final (rules/barrage/undo.py)

    def setup(self, players: int, options: Mapping[str, str], seed: int, rng: int = RNG_CURRENT) -> State:
        check_players(INFO, players)
        opts = _expansion_and_map(resolve_options(INFO, options))
        if opts["intro"] == "yes" and opts["leeghwater"] == "yes":
            raise IllegalAction("The introductory set-up is played without the Leeghwater Project.",
                                key="barrage.error.intro_leeghwater", option="leeghwater")
        st = start.new_state(players, opts, seed, rng)
        events: list[Event] = []
        advance(st, events)
        return st

    def to_act(self, state: State) -> frozenset[Seat]:
        if state.phase == "over" or not state.tasks:
            return frozenset()
        return frozenset((state.tasks[0].seat,))

    def legal_actions(self, state: State, seat: Seat) -> list[BarrageAction]:
        if state.phase == "over" or not state.tasks or state.tasks[0].seat != seat:
            return []
        front = state.tasks[0]
        legal = _options(state, front)
        state.__dict__[LISTED] = (front, tuple(legal))
        return legal

    def _check(self, state: State, seat: Seat, action: BarrageAction) -> None:
        """Refuse a move that is not legal now (the same errors ``apply`` and ``apply_owned`` give)."""
        if state.phase == "over":
            raise GameOver("The game is over.", key="barrage.error.game_over")
        if not isinstance(action, ACTION_TYPES):
            raise InvalidAction(f"{action!r} is not a Barrage action.", key="barrage.error.not_an_action",
                                action=repr(action))
        if type(seat) is not int or not state.tasks or state.tasks[0].seat != seat:  # True == 1: refused
            if isinstance(seat, int) and state.tasks:
                acting = state.tasks[0].seat
                raise NotYourTurn(f"It is not your turn: waiting for Player {acting + 1}.",
                                  key="barrage.error.not_your_turn", seat=seat + 1, turn=acting + 1)
            raise NotYourTurn("Not your turn.", key="barrage.error.not_your_turn_anon")
        listed = _listed(state)
        if listed is not None and listed[0] is state.tasks[0] and action in listed[1]:
            legal = True  # listed for this very state a moment ago (a player choosing from legal_actions)
        else:
            try:
                # one move is checked by the predicates that list the moves, without listing them all
                legal = choices.allows(state, state.tasks[0], action)
            except TypeError:
                legal = False
        if not legal:
            reason, fields = _why(state, seat, action)
            raise IllegalAction(reason, **fields, action=encode(action) if _encodable(action) else "")

    def apply(self, state: State, seat: Seat, action: BarrageAction) -> tuple[State, list[Event]]:
        self._check(state, seat, action)
        st = copy_state(state)
        events: list[Event] = []
        _decide(st, seat, action, events)
        advance(st, events)
        return st, events

    def apply_owned(self, state: State, seat: Seat, action: BarrageAction) -> State:
        """``apply`` for a caller that owns ``state`` and never reads it again (rules.base.owned_apply):
        the move is played on ``state`` itself, and the events are not returned (the state's log lines
        are still written). Same checks, errors and next state as ``apply``."""
        self._check(state, seat, action)
        state.__dict__.pop(LISTED, None)  # changed in place from here on: its listing no longer holds
        # the front step is the one a move changes in place, and it may be shared with the state this
        # one was copied from (state.copy_state shares the steps behind the front)
        state.tasks[0] = copy_task(state.tasks[0])
        unread: list[Event] = []  # built for the state's log lines; nobody reads them
        _decide(state, seat, action, unread)
        advance(state, unread)
        return state

    def view(self, state: State, viewer: Seat | None) -> dict[str, Any]:
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(state.final)
        energy = tuple(c.last_energy for c in state.companies)
        ranks = rank_by([(s, e) for s, e in zip(scores, energy, strict=True)])
        return Result(scores=scores, ranks=ranks, tiebreak=energy,
                      note="Ties are broken by the energy produced in the last round.")

    def encode_action(self, action: BarrageAction) -> str:
        return encode(action)

    def decode_action(self, code: str) -> BarrageAction:
        return decode(code)

    def describe_action(self, action: BarrageAction) -> str:
        return describe(action)


def _encodable(a: Any) -> bool:
    try:
        encode(a)
        return True
    except Exception:
        return False


GAME = BarrageGame()
