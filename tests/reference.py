"""Slow, obviously-correct references for the engine's move generation, shared by the tests.

Every legal play is found by trying every subset of a hand: each subset is read with the
reference classifier and checked with ``beats``, ``can_lead`` and the first-play rule. Nothing
here uses the fast generator.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

import bigtwo
from bigtwo.cards import RANKS, deck
from bigtwo.combos import Combination, can_lead, classify_mask
from bigtwo.combos.beats import beats
from bigtwo.combos.tables import Tables
from bigtwo.rules.options import (
    FirstPlay,
    FiveBeating,
    FlushOrder,
    Jokers,
    StraightOrder,
    SuitOrder,
)

# suit letters from lowest to highest under each suit order (variations.md, "Cards and suits")
SUITS_LOW_TO_HIGH = {
    SuitOrder.STANDARD: "DCHS",
    SuitOrder.BRIDGE: "CDHS",
    SuitOrder.PUSOY: "CSHD",
    SuitOrder.HEARTS_HIGH: "CDSH",
    SuitOrder.NONE: "DCHS",  # no suit ranks plays; 3♦ still finds the leader
}

PASS_MASK = -1  # how a pass appears in a set of move masks


# -- rules ---------------------------------------------------------------------------------
def _options() -> dict[str, st.SearchStrategy[Any]]:
    """Every card, combination, order and bomb option of `Rules`, with its possible values."""
    flag = st.booleans()
    rare = st.sampled_from([False, False, True])  # options that often clash with others
    return {
        "decks": st.sampled_from([1, 1, 2]),
        "jokers": st.sampled_from(list(Jokers)),
        "suit_order": st.sampled_from(list(SuitOrder)),
        "twos_low_on_quads": flag,
        "identical_beats": rare,
        "triples": st.sampled_from([True, True, False]),
        "flushes": st.sampled_from([True, True, False]),
        "quads_alone": flag,
        "two_pairs": flag,
        "quads_kicker": st.sampled_from([True, True, False]),
        "butterfly": flag,
        "trips_junk": flag,
        "sisters": flag,
        "straight_lengths": st.lists(st.integers(3, 13), min_size=1, max_size=3, unique=True).map(
            tuple
        ),
        "dragon_play": rare,
        "sf_plus_two": rare,
        "five_of_a_kind": rare,
        "five_kind_over_straight_flush": flag,
        "straight_order": st.sampled_from(list(StraightOrder)),
        "flush_order": st.sampled_from(list(FlushOrder)),
        "five_beating": st.sampled_from([FiveBeating.BY_TYPE, *FiveBeating]),
        "straight_over_flush": rare,
        "royal_only_beats_quads": rare,
        "poker_exact": rare,
        "honours_beat_all": rare,
        "override_two": rare,
        "quads_beat_all": rare,
        "smackdown": rare,
        "out_of_turn_bombs": rare,
        "first_play": st.sampled_from(list(FirstPlay)),
        "no_full_house_on_straight": rare,
    }


@st.composite
def rules_strategy(draw: st.DrawFn, max_players: int = 4) -> bigtwo.Rules:
    """Random valid `Rules` over every card/combination/order/bomb option; combinations that
    `Rules` refuses are mended by switching the clashing options off (so none are lost)."""
    values = {name: draw(s) for name, s in _options().items()}
    top = min(max_players, 8 if values["decks"] == 2 else 4)
    values["players"] = draw(st.integers(2, top))
    try:
        return bigtwo.Rules(**values)
    except bigtwo.RulesError:
        pass
    if values["decks"] == 1:
        values["identical_beats"] = False
        values["five_of_a_kind"] = values["five_of_a_kind"] and values["jokers"] is Jokers.WILD
    values["quads_kicker"] = values["quads_kicker"] or not values["quads_alone"]
    values["royal_only_beats_quads"] &= not values["sf_plus_two"]
    values["poker_exact"] &= values["flush_order"] is FlushOrder.POKER
    if values["five_beating"] is not FiveBeating.BY_TYPE:
        values["straight_over_flush"] = values["royal_only_beats_quads"] = False
    try:
        return bigtwo.Rules(**values)
    except bigtwo.RulesError:
        reject()  # a clash not mended above: skip it
        raise


def full_deck(rules: bigtwo.Rules) -> tuple[int, ...]:
    return tuple(deck(rules.decks, 0 if rules.jokers is Jokers.NONE else 2))


# -- the reference enumeration -------------------------------------------------------------
def subsets(hand: int) -> Iterator[int]:
    """Every non-empty subset of a bitmask."""
    bits = [1 << i for i in range(hand.bit_length()) if hand >> i & 1]
    for pick in range(1, 1 << len(bits)):
        yield sum(b for i, b in enumerate(bits) if pick >> i & 1)


def twos_low(rules: bigtwo.Rules, hands: list[int]) -> bool:
    """``cards.bomb_flips_twos``: does any hand hold four cards of one rank?"""
    if not rules.twos_low_on_quads:
        return False
    return any(
        sum(1 for c in range(128) if h >> c & 1 and (c & 63) < 52 and (c & 63) >> 2 == rank) >= 4
        for h in hands
        for rank in range(13)
    )


def lowest_card(rules: bigtwo.Rules, cards: int, flipped: bool) -> int:
    """The lowest card dealt: rank, then suit order; jokers last; the first deck's copy first."""
    ranks = "2" + RANKS[:-1] if flipped else RANKS
    suits = SUITS_LOW_TO_HIGH[rules.suit_order]

    def strength(card: int) -> tuple[int, int, int]:
        face = card & 63
        if face >= 52:
            return (99, face, card >> 6)
        return (ranks.index(RANKS[face >> 2]), suits.index("DCHS"[face & 3]), card >> 6)

    return min((c for c in range(128) if cards >> c & 1), key=strength)


def first_copies(mask: int, hand: int) -> bool:
    """Does ``mask`` use the first deck's card of every face it holds once, where the hand has
    it? With two decks identical cards are one choice, offered once (``cards.two_decks``)."""
    for card in range(64, 128):
        if mask >> card & 1 and not mask >> (card - 64) & 1 and hand >> (card - 64) & 1:
            return False
    return True


def distinct_subsets(hand: int) -> Iterator[int]:
    """Every non-empty subset of a hand, identical choices once."""
    return (m for m in subsets(hand) if first_copies(m, hand))


def reference_leads(hand: int, t: Tables) -> set[int]:
    """Every subset that is a combination that may open a trick."""
    out = set()
    for mask in distinct_subsets(hand):
        combo = classify_mask(mask, t)
        if combo is not None and can_lead(combo, t):
            out.add(mask)
    return out


def reference_opening(hand: int, t: Tables, card: int) -> set[int]:
    """The deal's first play: leads that respect the first-play rule for ``card``."""
    leads = reference_leads(hand, t)
    rule = t.rules.first_play
    if rule is FirstPlay.ALONE:
        return {m for m in leads if m == 1 << card}
    if rule is FirstPlay.INCLUDE:
        return {m for m in leads if m >> card & 1}
    return leads


def reference_following(hand: int, last: Combination, t: Tables) -> set[int]:
    """Every subset that beats ``last``, and a pass."""
    out = {PASS_MASK}
    for mask in distinct_subsets(hand):
        combo = classify_mask(mask, t)
        if combo is not None and beats(combo, last, t):
            out.add(mask)
    return out


def move_masks(moves: list[bigtwo.Move]) -> set[int]:
    return {PASS_MASK if m.is_pass else m.mask for m in moves}


_REFERENCE_TABLES: dict[tuple[bigtwo.Rules, bool], Tables] = {}


def tables_of(rules: bigtwo.Rules, hands: list[int]) -> Tables:
    """Tables of the reference's own: the engine's generator fills the caches of the tables it
    uses with combinations it reads itself, so the reference never shares them."""
    key = (rules, twos_low(rules, hands))
    found = _REFERENCE_TABLES.get(key)
    if found is None:
        if len(_REFERENCE_TABLES) > 64:
            _REFERENCE_TABLES.clear()
        found = _REFERENCE_TABLES[key] = Tables(*key)
    return found


def same_reading(combo: Combination, t: Tables) -> bool:
    """Does the engine's ``combo`` read exactly as the reference reads its cards?"""
    ref = classify_mask(combo.mask, t)
    return ref is not None and (ref.kind, ref.family, ref.key, ref.four_rank, ref.top) == (
        combo.kind,
        combo.family,
        combo.key,
        combo.four_rank,
        combo.top,
    )


def reference_perft(
    rules: bigtwo.Rules, hands: list[int], depth: int, t: Tables | None = None
) -> int:
    """Action sequences of ``depth`` moves from a fresh deal, by the core trick rules alone
    (core.lead, core.climb, core.trick, core.end) and the reference enumeration."""
    t = t or tables_of(rules, hands)
    card = lowest_card(rules, sum(hands), twos_low(rules, hands))
    seat = next(s for s, h in enumerate(hands) if h >> card & 1)
    return _perft(t, tuple(hands), seat, None, -1, 0, card, depth)


def _perft(
    t: Tables,
    hands: tuple[int, ...],
    seat: int,
    table: Combination | None,
    table_seat: int,
    passed: int,
    opening: int,
    depth: int,
) -> int:
    if depth == 0:
        return 1
    n = len(hands)
    if table is None:
        moves = (
            reference_opening(hands[seat], t, opening)
            if opening >= 0
            else reference_leads(hands[seat], t)
        )
    else:
        moves = reference_following(hands[seat], table, t)
    total = 0
    for mask in moves:
        if mask == PASS_MASK:
            now = passed | 1 << seat
            if now | 1 << table_seat == (1 << n) - 1:
                total += _perft(t, hands, table_seat, None, -1, 0, -1, depth - 1)
            else:
                total += _perft(t, hands, (seat + 1) % n, table, table_seat, now, -1, depth - 1)
            continue
        left = list(hands)
        left[seat] &= ~mask
        if not left[seat] or depth == 1:
            total += 1
            continue
        combo = classify_mask(mask, t)
        total += _perft(t, tuple(left), (seat + 1) % n, combo, seat, 0, -1, depth - 1)
    return total
