"""Game setup (RULES.md §3): the map, tiles, contracts, neutral dams, patent office and the draft."""

from __future__ import annotations

from collections.abc import Mapping

from rules.barrage import data, expansion, supply
from rules.barrage.state import Company, State, Task
from rules.rng import RNG_CURRENT, make_random

TOMMASO = "tommaso_battista"
ANTON = "anton_krylov"


def officer_pool(options: Mapping[str, str]) -> list[str]:
    pool = list(data.OFFICERS_BASE)
    lwp = options.get("leeghwater") == "yes"
    if options.get("new_officers", "yes") == "yes" or lwp:
        pool += data.OFFICERS_NEW
    if lwp:
        pool += data.OFFICERS_LWP
    return [o for o in pool if data.OFFICERS[o]["implemented_in_bga"]]


def new_state(players: int, options: Mapping[str, str], seed: int, rng_version: int = RNG_CURRENT) -> State:
    rng = make_random(seed, rng_version)
    intro = options.get("intro", "no") == "yes"
    st = State(players=players, options=dict(options), map=options.get("map", "base"))
    m = data.map_data(st.map)
    # headstream tiles: one random tile per headstream
    tiles = [t["id"] for t in m.headstream_tiles]
    rng.shuffle(tiles)
    st.headstream_tiles = dict(zip(m.headstreams, tiles, strict=False))
    # bonus tiles for rounds 1-5, objective tile
    lwp = options.get("leeghwater") == "yes"
    nile = options.get("expansion") == "nile"
    sets = ("base",) + (("leeghwater",) if lwp else ()) + (("nile_affair",) if nile else ())
    pool = [t for t, d in data.BONUS_TILES.items() if d["expansion"] in sets and not (intro and d.get("advanced_only"))]
    st.bonus = rng.sample(pool, data.ROUNDS)
    st.objective = rng.choice([t for t, d in data.OBJECTIVES.items() if d["expansion"] in sets])
    # contracts
    national = [c for c, d in data.CONTRACTS.items() if d["type"] == "national"]
    rng.shuffle(national)
    st.national = national[: players - 1]
    for colour in data.PRIVATE_COLOURS:
        # the Nile Affair shuffles its contract of each colour into that pile
        pile = [c for c, d in data.CONTRACTS.items() if d["type"] == colour and d.get("expansion", "base") in sets]
        rng.shuffle(pile)
        st.piles.append(pile)
        st.display.append([pile.pop(), pile.pop()])
    # neutral dams: one per area on a random free (L) site, with one drop (Q-B4)
    for area in m.areas:
        site = rng.choice(m.neutral_sites[area])
        st.dam_owner[site] = -1
        st.dam_level[site] = 1 + m.neutral[area]["elevations"]
        st.water[site] = 1
        st.ledger["drops_in"] = st.ledger.get("drops_in", 0) + 1
    # patent office: L1, L2, L3 decks in draw order; reveal 3
    if not intro:
        for lvl in (1, 2, 3):
            deck = list(data.ADVANCED_TILES[lvl])
            if lwp:
                # Leeghwater: add the building tile of each level, then remove one tile at random
                deck += data.ADVANCED_LWP[lvl]
                rng.shuffle(deck)
                deck.pop()
            rng.shuffle(deck)
            st.deck_patent += deck
        st.patent = [st.deck_patent.pop(0) for _ in range(3)]
    for x in expansion.active(st):
        x.setup(st, rng)
    # companies and officers
    st.companies = [Company() for _ in range(players)]
    seats = list(range(players))
    rng.shuffle(seats)
    if intro:
        matchups = data.INTRO_MATCHUPS[:players]
        st.order = seats
        for seat, mu in zip(seats, rng.sample(matchups, players), strict=True):
            init_company(st, seat, mu["company"], mu["officer"], mu["starting_contract"], joker=True)
        return st
    companies = rng.sample(list(data.BASE_COMPANIES) + (list(data.LWP_COMPANIES) if lwp else []), players)
    officers = rng.sample(officer_pool(options), players)
    st.matchups = [[c, o] for c, o in zip(companies, officers, strict=True)]
    starts = [c for c, d in data.CONTRACTS.items() if d["type"] == "starting"]
    st.starting = sorted(rng.sample(starts, players))
    # each pick takes the last free turn-order position: first picker plays last in round 1
    st.draft_order = seats
    st.order = list(reversed(seats))
    st.tasks = [Task("draft", seat) for seat in seats]
    return st


def init_company(st: State, seat: int, company: str, officer: str, contract: str, joker: bool = False) -> None:
    """Give a company its starting resources, tiles, pieces and starting contract (§3.2)."""
    s = data.START
    over = data.OFFICERS[officer].get("starting_resources_override") or {}
    c = st.companies[seat]
    c.company, c.officer = company, officer
    c.eng = over.get("engineer", s["engineers"])
    c.arch = over.get("architect", 0)
    c.vp = s["vp"]
    c.tiles = list(data.BASIC_TILES) + (["BASIC_JOKER"] if joker else [])
    if officer == ANTON:
        c.tiles.append("ANTON_SPECIAL")
    c.wheel = [[] for _ in range(6)]
    c.wexc = [0] * 6
    c.wmix = [0] * 6
    lwp = st.options.get("leeghwater") == "yes"
    c.left = [data.pieces(k) for k in (data.STRUCTURES if lwp else data.MAP_STRUCTURES)]
    if lwp:
        c.tiles.append("BASIC_BUILDING")
    if officer == "leslie_spencer":
        c.tiles.append("LESLIE_SPECIAL")
    c.hand = [contract]
    supply.gain(st, seat, "credit", over.get("credit", s["credits"]))
    supply.gain(st, seat, "excavator", s["excavators"])
    supply.gain(st, seat, "mixer", s["mixers"])
