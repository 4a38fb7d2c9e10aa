"""The one kind of move: play three cards (region cards, possibly with banners) face down."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

import msgspec

from rules.base import IllegalAction, InvalidAction
from rules.imperium.data import HAND_BANNERS, REGIONS

CARDS_PER_PLAY = 3


class Play(msgspec.Struct, frozen=True, tag="play", tag_field="kind"):
    """Three cards played face down.

    ``regions`` are the region cards (distinct, each 1..9); ``banners`` has one entry per banner
    card, naming the region card it is attached to. Region a twice + b once is
    ``Play(regions=(a, b), banners=(a,))``; region a three times is ``Play((a,), (a, a))``.
    """

    regions: tuple[int, ...]
    banners: tuple[int, ...] = ()

    @property
    def picks(self) -> tuple[int, ...]:
        """The sorted multiset of regions this play chooses (raises IllegalAction if malformed)."""
        return picks(self)


ImperiumAction = Play
"""Union of every action kind (only one so far; the tag lets it grow)."""


def play_from_picks(choice: Sequence[int]) -> Play:
    """The canonical Play for a multiset of three region picks, e.g. (5, 5, 7) -> p57b5."""
    try:
        values = [int(v) for v in choice]
        if any(isinstance(v, bool) for v in choice):
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidAction("Region picks must be whole numbers.", key="imperium.error.picks_not_numbers") from None
    if len(values) != CARDS_PER_PLAY:
        raise IllegalAction(
            f"You must choose exactly {CARDS_PER_PLAY} regions; you chose {len(values)}.",
            key="imperium.error.choose_three",
            need=CARDS_PER_PLAY,
            count=len(values),
        )
    for v in values:
        if v not in REGIONS:
            raise IllegalAction(
                f"There is no region {v}; regions are numbered 1 to 9.", key="imperium.error.no_region", region=v
            )
    values.sort()
    regions = tuple(sorted(set(values)))
    banners: list[int] = []
    for r in regions:
        banners += [r] * (values.count(r) - 1)
    return Play(regions=regions, banners=tuple(banners))


def _build_canonical() -> dict[Play, tuple[int, ...]]:
    """Every legal play in every card order, mapped to its sorted picks (fast validation)."""
    table: dict[Play, tuple[int, ...]] = {}
    for combo in itertools.combinations_with_replacement(REGIONS, CARDS_PER_PLAY):
        canon = play_from_picks(combo)
        for regs in set(itertools.permutations(canon.regions)):
            for bans in set(itertools.permutations(canon.banners)):
                table[Play(regions=regs, banners=bans)] = combo
    return table


_PICKS_OF: dict[Play, tuple[int, ...]] = _build_canonical()
ALL_PLAYS: tuple[Play, ...] = tuple(
    play_from_picks(c) for c in itertools.combinations_with_replacement(REGIONS, CARDS_PER_PLAY)
)
"""The 165 canonical plays, in order of their sorted picks."""

_PICKS_BY_ID: dict[int, tuple[int, ...]] = {id(p): _PICKS_OF[p] for p in ALL_PLAYS}
"""Identity fast path: ALL_PLAYS live as long as the module, so their ids are never reused."""


def _int_tuple(value: Any, what: str, key: str) -> tuple[int, ...]:
    if not isinstance(value, tuple | list) or not all(
        type(v) is int for v in value  # bool is an int subclass; a region is never True
    ):
        raise InvalidAction(f"The {what} of a play must be a list of region numbers.", key=key)
    return tuple(value)


_INT_ONLY = frozenset({int})


def _exact_ints(values: tuple[int, ...]) -> bool:
    return set(map(type, values)) <= _INT_ONLY


def picks(action: Any) -> tuple[int, ...]:
    """Validate a play and return its sorted picks; raise the error a player should read."""
    if type(action) is Play:
        known = _PICKS_BY_ID.get(id(action))  # the very objects legal_actions hands out
        if known is not None:
            return known
        try:
            found = _PICKS_OF.get(action)
        except TypeError:  # unhashable contents (lists): fall through to the full check
            found = None
        # Equal hashes also match True for 1 or 1.0 for 1: only exact ints may take the fast path.
        if found is not None and _exact_ints(action.regions) and _exact_ints(action.banners):
            return found
    else:
        raise InvalidAction("That is not an Imperium move; play three cards.", key="imperium.error.not_a_move")
    regions = _int_tuple(action.regions, "region cards", "imperium.error.cards_not_numbers")
    banners = _int_tuple(action.banners, "banners", "imperium.error.banners_not_numbers")
    total = len(regions) + len(banners)
    if total != CARDS_PER_PLAY:
        raise IllegalAction(
            f"You must play exactly {CARDS_PER_PLAY} cards; you played {total}.",
            key="imperium.error.play_three",
            need=CARDS_PER_PLAY,
            count=total,
        )
    for r in (*regions, *banners):
        if r not in REGIONS:
            raise IllegalAction(
                f"There is no region {r}; regions are numbered 1 to 9.", key="imperium.error.no_region", region=r
            )
    for r in regions:
        n = regions.count(r)
        if n == 3:
            raise IllegalAction(
                f"You hold only one card for region {r}; to choose it three times play it with both "
                "banners.",
                key="imperium.error.one_card_triple",
                region=r,
            )
        if n == 2:
            raise IllegalAction(
                f"You hold only one card for region {r}; to choose it again attach a banner.",
                key="imperium.error.one_card_double",
                region=r,
            )
    if len(banners) > HAND_BANNERS:
        raise IllegalAction(
            f"You hold only {HAND_BANNERS} banners; you played {len(banners)}.",
            key="imperium.error.too_many_banners",
            banners=HAND_BANNERS,
            count=len(banners),
        )
    for b in banners:
        if b not in regions:
            raise IllegalAction(
                f"Your banner is attached to region {b}, but you did not play the region {b} card.",
                key="imperium.error.banner_without_card",
                region=b,
            )
    # Every remaining combination is legal and already in the table; this line is a safety net.
    return tuple(sorted((*regions, *banners)))


_CODE = re.compile(r"p([1-9]{1,3})(?:b([1-9]{1,3}))?")


def encode_action(action: Play) -> str:
    """Compact custom_id form: 'p' + region cards + optional 'b' + banner attachments ('p57b5')."""
    code = "p" + "".join(str(r) for r in action.regions)
    if action.banners:
        code += "b" + "".join(str(b) for b in action.banners)
    return code


def decode_action(code: str) -> Play:
    """Inverse of encode_action; anything malformed raises InvalidAction."""
    if not isinstance(code, str):
        raise InvalidAction("An Imperium move code must be text.", key="imperium.error.code_not_text")
    m = _CODE.fullmatch(code)
    if m is None:
        raise InvalidAction(
            f"'{code[:40]}' is not an Imperium move code.", key="imperium.error.bad_code", code=code[:40]
        )
    regions = tuple(int(c) for c in m.group(1))
    banners = tuple(int(c) for c in m.group(2) or "")
    play = Play(regions=regions, banners=banners)
    try:
        picks(play)  # a code for a play no hand can make (two 5 cards, ...) is not a move at all
    except IllegalAction as exc:
        raise InvalidAction(
            f"'{code}' is not a playable set of cards: {exc.reason}",
            key="imperium.error.unplayable_code",
            code=code,
            cause=exc.reason,
        ) from None
    return play


def describe_action(action: Play) -> str:
    """A short phrase for buttons and the log, e.g. 'Regions 5, 5, 7 (banner on 5)'."""
    try:
        chosen = picks(action)
    except (InvalidAction, IllegalAction):
        return "An unreadable play"
    text = "Regions " + ", ".join(str(p) for p in chosen)
    if action.banners:
        word = "banner" if len(action.banners) == 1 else "banners"
        text += f" ({word} on {action.banners[0]})"
    return text
