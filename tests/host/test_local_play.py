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


def alhambra_listing(lang: str) -> list[str]:
    said: list[str] = []
    feed = iter(["list", "quit"])
    run_hotseat("alhambra_dice", players=2, seed=3, out=None, read=lambda prompt: next(feed) if prompt == "> " else "",
                write=said.append, lang=lang)
    return said


@pytest.mark.parametrize(("lang", "keep"), [("en", "Re-roll, keep 7 dice: "), ("ja", "振りなおし、7個を残す：")])
def test_an_alhambra_reroll_lists_the_dice_it_keeps(lang, keep):
    """Seed 3 rolls ⚀⚅⚅⚁⚃⚅⚄⚄: re-roll code r1 rolls die 1 again and keeps the other seven, named by face
    and building; the prompt names the player."""
    said = alhambra_listing(lang)
    first = next(line for line in said if line.strip().startswith("1. "))
    assert keep in first and first.endswith("[r1]"), first
    kept = first.split(keep, 1)[1].split("  [")[0].split("、" if lang == "ja" else ", ")
    assert len(kept) == 7 and all(k[0] in "⚀⚁⚂⚃⚄⚅" for k in kept), kept
    assert kept == sorted(kept), "kept dice are listed by face"
    everything = next(line for line in said if line.strip().startswith("255. "))
    assert "[r255]" in everything and ("Re-roll all 8 dice" if lang == "en" else "8個すべてを振りなおす") in everything
    assert any(("Player 1, your move" if lang == "en" else "プレイヤー1の手番です") in line for line in said)
