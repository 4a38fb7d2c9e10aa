"""The fit behind Hard's measured tables (bench/barrage_draft_table.py) finds what a choice or tile is worth,
and the shipped tables have the shape Hard reads."""

from bench.barrage_draft_table import TABLES, Seat, document, fit
from rules.barrage import data


def test_the_tile_fit_credits_the_tile_not_the_company_that_tends_to_hold_it() -> None:
    # usa wins by 6 on its own; the L1 base tile is worth 12 more to whoever holds it, and usa holds it
    # more often than france does: a plain average per tile would credit the tile with part of usa's edge
    seats = []
    for i in range(200):
        usa_tile, france_tile = i % 4 != 0, i % 4 == 0
        seats.append(Seat("usa", "a", "S", ("L1_BASE",) if usa_tile else (), 6 + 12 * usa_tile))
        seats.append(Seat("france", "a", "S", ("L1_BASE",) if france_tile else (), 12 * france_tile))
    figures = fit(seats, TABLES["tiles"])
    # shrinkage pulls each figure a little towards 0 (10 pseudo-games against 50-200 seen)
    assert 10 < figures["tiles"]["L1_BASE"] <= 12
    assert figures["company"]["usa"] - figures["company"]["france"] > 5


def test_the_draft_fit_separates_company_officer_and_contract() -> None:
    seats = [Seat(c, o, k, (), 4 * (c == "usa") + 2 * (o == "wilhelm") - 3 * (k == "START3"))
             for c in ("usa", "italy") for o in ("wilhelm", "solomon") for k in ("START3", "START4")
             for _ in range(100)]
    figures = fit(seats, TABLES["draft"])
    assert 3.5 < figures["company"]["usa"] - figures["company"]["italy"] <= 4
    assert 1.5 < figures["officer"]["wilhelm"] - figures["officer"]["solomon"] <= 2
    assert -3 <= figures["contract"]["START3"] - figures["contract"]["START4"] < -2.5


def test_the_shipped_tables_are_what_the_script_writes() -> None:
    for name, shipped in (("draft", data.AI_DRAFT), ("tiles", data.AI_TILES)):
        table = TABLES[name]
        figures = {f: shipped[f] for f in (("tiles",) if table.tiles else table.factors)}
        written = document(table, figures, shipped["seeds"][0], shipped["games"], shipped.get("weight"))
        assert written == shipped
    assert set(data.AI_TILES["tiles"]) <= {t for t, tile in data.TECH.items() if tile["level"] > 0}
