"""cards.jokers_wild: the combinations that hold wild jokers are built from the shapes of the
natural cards (`bigtwo.combos.wild`), not by reading every subset. Compared here with the slow
reference of ``reference.py`` (every subset read by `classify_mask`, whose jokers try every card
they might stand for) on small hands under random rules, and frozen for one large hand.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, example, given, reject, settings
from hypothesis import strategies as st
from reference import (
    full_deck,
    move_masks,
    reference_following,
    reference_leads,
    rules_strategy,
    same_reading,
    subsets,
    tables_of,
)

import bigtwo
from bigtwo.cards import cards_of, format_cards, mask_of
from bigtwo.combos import classify_mask, hand_combos
from bigtwo.combos.tables import Tables
from bigtwo.engine.deal import canonical_copies
from bigtwo.rules.options import Jokers

SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
# the reference tries every card for every joker, so with more jokers it gets few naturals
NATURALS = {1: 7, 2: 6, 3: 3, 4: 1}
# one shape rule switched on in most examples, so that each is often the strongest reading
FOCUS: list[dict[str, object]] = [
    {},
    {"smackdown": True, "straight_lengths": (5, 6)},
    {"sisters": True, "butterfly": False, "trips_junk": False},
    {"butterfly": True},
    {"trips_junk": True},
    {"sf_plus_two": True},
    {"five_of_a_kind": True},
    {"two_pairs": True, "quads_alone": True},
    {"straight_lengths": (3, 4, 5, 6, 7)},
    {"royal_only_beats_quads": True},
    {"quads_alone": True, "quads_kicker": False},
]


@st.composite
def wild_hands(draw: st.DrawFn) -> tuple[bigtwo.Rules, int]:
    """Random rules with wild jokers and a small hand holding one or more jokers; the natural
    cards often come from a few neighbouring ranks or one suit, so that shapes form."""
    try:
        rules = draw(rules_strategy()).replace(jokers=Jokers.WILD, **draw(st.sampled_from(FOCUS)))
    except bigtwo.RulesError:
        reject()
    pack = full_deck(rules)
    jokers = [c for c in pack if c & 63 >= 52]
    naturals = [c for c in pack if c & 63 < 52]
    held = draw(st.lists(st.sampled_from(jokers), min_size=1, max_size=len(jokers), unique=True))
    low, span = draw(st.integers(0, 12)), draw(st.sampled_from([2, 3, 3, 4, 5, 6, 13]))
    pool = [c for c in naturals if ((c & 63) // 4 - low) % 13 < span]
    suit = draw(st.sampled_from([None, None, 0, 1, 2, 3]))
    if suit is not None and span >= 5:
        pool = [c for c in pool if c & 3 == suit]
    count = min(draw(st.integers(NATURALS[len(held)] // 2, NATURALS[len(held)])), len(pool))
    held += draw(st.lists(st.sampled_from(pool), min_size=count, max_size=count, unique=True))
    return rules, mask_of(held)


def _text(mask: int) -> str:
    return format_cards(cards_of(mask))


def _case(text: str, **options: Any) -> tuple[bigtwo.Rules, int]:
    return bigtwo.Rules(jokers=Jokers.WILD, **options), mask_of(bigtwo.parse_cards(text))


@SETTINGS
@given(wild_hands(), st.booleans())
# a run of pairs whose top pair is natural takes that pair's suit (bomb.smackdown)
@example(_case("5D 6D 6C 7D 7C RJ", smackdown=True), False)
# four natural cards without the top suit and a joker: the four keeps their suits
@example(_case("3D 3D 3C 3C RJ", decks=2), False)
def test_wild_combinations_match_every_subset(case: tuple[bigtwo.Rules, int], flip: bool) -> None:
    """Every subset of the hand that is a combination (both decks' copies counted apart, 2s
    flipped low or not), and nothing else, each read exactly as the reference reads it."""
    rules, hand = case
    t, ref = Tables(rules, flip), Tables(rules, flip)  # the reference's tables stay its own
    combos = hand_combos(hand, t).combos
    got = {c.mask for c in combos}
    assert len(got) == len(combos), "a combination is listed twice"
    expected = {m for m in subsets(hand) if classify_mask(m, ref) is not None}
    missing, extra = expected - got, got - expected
    assert not missing and not extra, (
        f"missing {[_text(m) for m in missing]}, not combinations {[_text(m) for m in extra]}"
        f" in {_text(hand)} under {rules.to_dict()}"
    )
    odd = [str(c) for c in combos if not same_reading(c, ref)]
    assert not odd, f"read differently from the reference: {odd} under {rules.to_dict()}"


@SETTINGS
@given(wild_hands(), st.randoms(use_true_random=False))
def test_wild_legal_moves_match_reference(
    case: tuple[bigtwo.Rules, int], rng: random.Random
) -> None:
    """Through `Game.legal_moves()` of two players: the leads of the hand, then the answers to
    a random combination of the other hand, as the subset enumeration finds them."""
    rules, hand = case
    try:
        rules = rules.replace(players=2)
    except bigtwo.RulesError:
        reject()
    pack = [c for c in full_deck(rules) if not hand >> c & 1 and c & 63 < 52]
    rng.shuffle(pack)
    hands = list(canonical_copies([hand, mask_of(pack[:6])]))
    t = tables_of(rules, hands)
    game = bigtwo.Game.deal(rules, hands=[cards_of(h) for h in hands], leader=0)
    assert move_masks(game.legal_moves()) == reference_leads(hands[0], t)
    assert all(same_reading(m, t) for m in game.legal_moves() if isinstance(m, bigtwo.Combination))
    leads = sorted(reference_leads(hands[1], t))
    if not leads:
        return
    table = classify_mask(rng.choice(leads), t)
    assert table is not None
    game = bigtwo.Game.deal(rules, hands=[cards_of(h) for h in hands], leader=1)
    game = game.play(table)
    assert game.to_move == 0
    assert move_masks(game.legal_moves()) == reference_following(game.hands[0], table, t)


# A 26-card two-deck hand with both jokers; the counts were frozen from the generator that
# read every candidate subset with the reference reading (before `combos.wild`).
BIG = "3D 3C 4H 5S 5S 6D 7C 7H 8D 8S 9C TD TH JC JS QD QH KC KS AD AH 2C 2S 2S RJ BJ"


def test_wild_large_hand_frozen_counts() -> None:
    """Classic rules, two decks: every combination of the hand by kind, and its leads."""
    rules = bigtwo.Rules.preset("classic").replace(decks=2, jokers=Jokers.WILD)
    hand = mask_of(bigtwo.parse_cards(BIG))
    combos = hand_combos(hand, Tables(rules, False)).combos
    kinds: dict[str, int] = {}
    for c in combos:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    assert kinds == FROZEN_KINDS
    rest = [c for c in bigtwo.cards.deck(2, 2) if not hand >> c & 1][:3]
    game = bigtwo.Game.deal(rules, hands=[BIG, *([c] for c in rest)], leader=0)
    assert len(game.legal_moves()) == FROZEN_LEADS


FROZEN_KINDS = {
    "single": 26,
    "pair": 61,
    "triple": 49,
    "straight": 1235,
    "flush": 241,
    "full_house": 135,
    "four_of_a_kind": 304,
    "straight_flush": 6,
}
FROZEN_LEADS = 1657  # one of each choice between the two decks' identical cards
