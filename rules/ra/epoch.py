"""The end of an epoch (seed: 時代) and of the game: scoring, clearing, flipping the disks."""

from __future__ import annotations

from rules.base import Event, Result, rank_by
from rules.ra.data import CIVS, EPOCHS, FLOOD, GOD, GOLD, RA
from rules.ra.scoring import apply_change, epoch_breakdown
from rules.ra.state import OVER, PLAY, RaState, own_tables
from rules.ra.turns import NAMES, first_player, log, name

SCORED_AWAY = (GOD, GOLD, FLOOD, *CIVS)
"""Tiles that leave the displays after every epoch's scoring (seed: 得点計算後、ゲームから除外)."""
_LABELS = {k: k.replace("_", " ") for k in ("gods", "gold", "pharaohs", "nile", "civilisations", "monuments",
                                            "sun_disks")}
"""Each scoring item's name in the English score line."""


def end_epoch(s: RaState, events: list[Event] | None) -> None:
    """Clear both tracks, score, discard scored tiles, flip disks; after the third, end the game.
    ``events`` None (apply_owned): the state's own lists are changed and nothing is logged."""
    if events is not None:
        own_tables(s)
    discarded, held, fame, up, down = s.discarded, s.held, s.fame, s.up, s.down
    for t in s.track:
        discarded[t] += 1
    s.track = []
    discarded[RA] += s.ra_count
    s.ra_count = 0
    epoch = s.epoch
    final = epoch == EPOCHS
    disks = [sum(u) + sum(d) for u, d in zip(up, down, strict=True)] if final else None
    s.breakdown = breakdown = epoch_breakdown(held, disks)
    for seat, b in enumerate(breakdown):
        fame[seat] = apply_change(fame[seat], b["total"])
    if events is not None:
        _score_events(s, events)
    # Scored tiles leave the displays (the rows are this state's own: own_tables above, or
    # apply_owned's), counted onto the discard pile; most entries are 0 and skip both steps.
    for h in held:
        for t in SCORED_AWAY:
            if h[t]:
                discarded[t] += h[t]
                h[t] = 0
    s.history = [*s.history, fame[:]]
    for seat in range(s.players):
        up[seat] = sorted(up[seat] + down[seat], reverse=True)
        down[seat] = []
    s.ra_holder = -1
    s.reason = ""
    s.bids = [-1] * s.players
    if final:
        s.phase = OVER
        s.turn = -1
        if events is not None:
            r = result(s)
            assert r is not None
            winners = " and ".join(name(w) for w in r.winners)
            verb = "wins" if len(r.winners) == 1 else "share the win"
            log(events, "end", f"Game over: {winners} {verb} with {max(fame)} fame.", winners=list(r.winners),
                fame=max(fame))
        return
    s.epoch += 1
    s.phase = PLAY
    s.turn = first_player(s)
    if events is not None:
        log(events, "epoch", f"Epoch {s.epoch} begins; {name(s.turn)} has the highest sun.", seat=s.turn,
            epoch=s.epoch)


def _score_events(s: RaState, events: list[Event]) -> None:
    """One score line per seat for the epoch just scored (``s.breakdown``, ``s.fame`` updated)."""
    epoch = s.epoch
    private = s.hidden_fame and epoch != EPOCHS
    for seat, b in enumerate(s.breakdown):
        total = s.fame[seat]
        scored = []
        words = []
        for k, v in b.items():  # one loop for both lists (a comprehension costs a call each)
            if v and k != "total":
                scored.append([k, v])
                words.append(f"{_LABELS[k]} {v:+d}")
        events.append(Event("score", f"Epoch {epoch}: {NAMES[seat]} {', '.join(words) or 'nothing'}; fame {total}.",
                            (seat,) if private else None,
                            {"seat": seat, "epoch": epoch, "fame": total, "parts": scored}))


def result(s: RaState) -> Result | None:
    """Most fame wins; ties go to the highest single sun disk (seed: ゲームの終了)."""
    if s.phase != OVER:
        return None
    best = tuple([max(u + d) if u or d else 0 for u, d in zip(s.up, s.down, strict=True)])
    scores = tuple(s.fame)
    return Result(scores=scores, ranks=rank_by(list(zip(scores, best, strict=True))), tiebreak=best,
                  note="Ties are broken by the highest single sun disk.")
