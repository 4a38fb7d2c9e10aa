"""Hot-seat play in the terminal: a number always picks the move listed under that number (a bid shows its
value, and "3" never bids anything but what is listed as 3), a number outside the list is refused with a
clear line, and 'help' explains the screen, in English and Japanese."""

from __future__ import annotations

import re

import pytest

from host.local import run_hotseat

BID = re.compile(r"^\s+(\d+)\. (.*?)\s+\[(b\d+|pass)\]$")


def play(answers: list[str], lang: str = "en") -> list[str]:
    said: list[str] = []
    feed = iter(answers)
    run_hotseat("ra", players=3, seed=1, out=None, read=lambda prompt: next(feed) if prompt == "> " else "",
                write=said.append, lang=lang)
    return said


def to_auction() -> list[str]:
    """Seat 1 draws until an auction opens (the same seed draws the same tiles every time)."""
    said: list[str] = []
    answers: list[str] = []
    for _ in range(30):
        said = play([*answers, "quit"])
        listed = [line for line in said if re.match(r"^\s+\d+\. ", line)]
        if any("[b" in line for line in listed[-6:]):
            return answers
        answers.append("1")  # the first move listed: draw a tile (or Ra, which opens the auction)
    raise AssertionError("no auction within 30 moves")


def test_a_number_bids_what_is_listed_under_it():
    answers = to_auction()
    said = play([*answers, "quit"])
    offers = [BID.match(line) for line in said[-8:]]
    bids = {m.group(1): (m.group(2), m.group(3)) for m in offers if m and m.group(3).startswith("b")}
    assert bids, said[-8:]
    number, (label, code) = max(bids.items())
    assert code[1:] in label, "a bid shows its value"
    after = play([*answers, number, "quit"])
    events = after[len(said) - 1 :]
    assert any(f"bid {code[1:]}." in line for line in events), events


@pytest.mark.parametrize(("lang", "help_word", "refusal"), [("en", "How to play here", "There is no move 99"),
                                                             ("ja", "遊び方", "99番の手はありません")])
def test_help_explains_the_screen_and_a_number_outside_the_list_is_refused(lang, help_word, refusal):
    said = play(["help", "99", "quit"], lang=lang)
    assert any(help_word in line for line in said)
    assert any(refusal in line for line in said)
    assert not any("✗" in line and refusal not in line for line in said), "nothing else was refused"
