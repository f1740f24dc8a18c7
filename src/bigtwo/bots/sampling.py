"""Hidden hands consistent with a view: every other seat gets exactly its count of cards,
drawn from the cards this seat has not seen (never its own, never a played one), so search
bots can play the deal out as if the cards were face up.

Passes are weak evidence: a seat that passed on a single or a pair probably held no cheap
card that beat it. Samples that contradict a pass are kept with a lower probability (the
seat may have passed on purpose), by rejection.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import RED_JOKER, iter_bits
from ..combos import Combination, Tables
from ..combos.tables import PAIR, SINGLE
from ..engine.view import View
from .knowledge import deal_tables, deck_mask, pass_events, unseen_mask

CHEAP_RANK = 9  # rank position of K: a beater at or below this would usually have been played
PASS_DOUBT = 0.35  # how likely a seat that passed still held a cheap beater
MAX_TRIES = 12


@dataclass(frozen=True)
class Evidence:
    """What shapes the sampling: the pool of unseen cards, the counts, the passes."""

    seat: int
    pool: tuple[int, ...]  # card ids the other seats may hold
    counts: tuple[int, ...]
    hints: tuple[tuple[int, int, tuple[int, ...]], ...]  # (seat, single beaters, pair ranks)


def gather(view: View, t: Tables | None = None) -> Evidence:
    """Read the evidence once per decision; `sample` then draws many deals from it."""
    t = t or deal_tables(view)
    hand = view.hand_mask
    pool_mask = unseen_mask(view)
    need = sum(c for s, c in enumerate(view.counts) if s != view.seat)
    if pool_mask.bit_count() < need:
        # deal.draw_on_pass with a reshuffled stock: played cards may be back in hands
        table = view.table.mask if view.table is not None else 0
        pool_mask = deck_mask(view) & ~hand & ~table
    hints = []
    for seat, combo in pass_events(view):
        if seat != view.seat and view.counts[seat]:
            hints.append((seat, *_cheap_beaters(combo, t)))
    return Evidence(view.seat, tuple(iter_bits(pool_mask)), view.counts, tuple(hints))


def _cheap_beaters(combo: Combination, t: Tables) -> tuple[int, tuple[int, ...]]:
    """Cards that beat a single cheaply, and rank masks whose pairs beat a pair cheaply."""
    singles = 0
    pair_ranks: list[int] = []
    if combo.family == SINGLE and combo.key >= 0:
        for f in range(RED_JOKER):
            if t.single_key[f] > combo.key and t.rank_pos[f >> 2] <= CHEAP_RANK:
                singles |= (1 << f) | (1 << (f + 64))
    elif combo.family == PAIR:
        for rank in range(13):
            if t.rank_pos[rank] <= CHEAP_RANK and t.rank_pos[rank] * 4 + 3 > combo.key:
                rank_mask = 0
                for suit in range(4):
                    rank_mask |= (1 << (rank * 4 + suit)) | (1 << (rank * 4 + suit + 64))
                pair_ranks.append(rank_mask)
    return singles, tuple(pair_ranks)


def sample(ev: Evidence, rng: random.Random) -> tuple[int, ...]:
    """One deal of the hidden cards: a hand (bitmask) per seat, 0 for this seat's own."""
    best: tuple[int, ...] = ()
    best_weight = -1.0
    for _ in range(MAX_TRIES):
        hands = _draw(ev, rng)
        weight = _weight(ev, hands)
        if weight >= 1.0 or rng.random() < weight:
            return hands
        if weight > best_weight:
            best, best_weight = hands, weight
    return best


def _draw(ev: Evidence, rng: random.Random) -> tuple[int, ...]:
    cards = list(ev.pool)
    rng.shuffle(cards)
    hands = []
    pos = 0
    for s, n in enumerate(ev.counts):
        if s == ev.seat:
            hands.append(0)
            continue
        m = 0
        for c in cards[pos : pos + n]:
            m |= 1 << c
        pos += n
        hands.append(m)
    return tuple(hands)


def _weight(ev: Evidence, hands: tuple[int, ...]) -> float:
    w = 1.0
    for seat, singles, pair_ranks in ev.hints:
        h = hands[seat]
        if h & singles or any((h & r).bit_count() >= 2 for r in pair_ranks):
            w *= PASS_DOUBT
    return w
