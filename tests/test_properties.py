"""Property tests: `Game.legal_moves()` yields every legal play and pass and nothing else, under
every card, combination, order and bomb option; cards are conserved; records replay; `play`
accepts exactly the legal moves.

The reference is the slow enumeration in ``reference.py``: every subset of a small hand, read
with the reference classifier and checked with ``beats``, ``can_lead`` and the first-play rule.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import (
    PASS_MASK,
    first_copies,
    full_deck,
    lowest_card,
    move_masks,
    reference_following,
    reference_leads,
    reference_opening,
    rules_strategy,
    same_reading,
    subsets,
    tables_of,
    twos_low,
)

import bigtwo
from bigtwo.cards import mask_of
from bigtwo.combos import classify_mask, hand_combos
from bigtwo.combos.generate import forget_hands
from bigtwo.combos.tables import Tables
from bigtwo.engine.deal import canonical_copies
from bigtwo.rules.options import Jokers

EXAMPLES = 150 if os.environ.get("CI") else 200
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


@st.composite
def deals(draw: st.DrawFn, max_hand: int = 9) -> tuple[bigtwo.Rules, list[int]]:
    """Random rules and a small fixed deal: seat 0 gets up to ``max_hand`` cards (fewer with
    wild jokers, whose readings are slow to enumerate), every other seat one to four."""
    rules = draw(rules_strategy())
    cards = draw(st.permutations(full_deck(rules)))
    if rules.jokers is Jokers.WILD:
        max_hand = min(max_hand, 7)
    sizes = [draw(st.integers(1, max_hand))]
    sizes += [draw(st.integers(1, 4)) for _ in range(rules.players - 1)]
    hands, at = [], 0
    for size in sizes:
        hands.append(mask_of(cards[at : at + size]))
        at += size
    return rules, list(canonical_copies(hands))  # as the engine labels two decks' twins


def fixed_game(rules: bigtwo.Rules, hands: list[int], leader: int | None = 0) -> bigtwo.Game:
    return bigtwo.Game.deal(rules, hands=[bigtwo.cards.cards_of(h) for h in hands], leader=leader)


def assert_same_moves(game: bigtwo.Game, expected: set[int]) -> None:
    """legal_moves() is ``expected`` (masks; a pass as PASS_MASK), each play read as the
    reference reads it."""
    moves = game.legal_moves()
    t = tables_of(game.rules, list(game.origin.hands))
    odd = [str(m) for m in moves if isinstance(m, bigtwo.Combination) and not same_reading(m, t)]
    assert not odd, f"read differently from the reference: {odd}"
    got = move_masks(moves)
    assert len(got) == len(moves), "a move is listed twice"
    missing = [bigtwo.format_cards(bigtwo.cards.cards_of(m)) for m in expected - got if m > 0]
    extra = [str(m) for m in moves if (PASS_MASK if m.is_pass else m.mask) not in expected]
    assert got == expected, f"missing {missing}, not legal {extra} under {game.rules.to_dict()}"


# -- legal moves against the reference -----------------------------------------------------
@SETTINGS
@given(deals())
def test_leads_match_reference(deal: tuple[bigtwo.Rules, list[int]]) -> None:
    """On an empty table (core.trick): every combination that may lead, and no pass."""
    rules, hands = deal
    game = fixed_game(rules, hands)
    assert_same_moves(game, reference_leads(hands[0], tables_of(rules, hands)))


@SETTINGS
@given(deals())
def test_opening_matches_first_play_rule(deal: tuple[bigtwo.Rules, list[int]]) -> None:
    """core.lead, suits.lead_lowest, start.lead_card_alone, start.lowest_optional."""
    rules, hands = deal
    game = fixed_game(rules, hands, leader=None)
    card = lowest_card(rules, sum(hands), twos_low(rules, hands))
    holder = next(s for s, h in enumerate(hands) if h >> card & 1)
    assert game.to_move == holder
    assert game.lead_card == card
    expected = reference_opening(hands[holder], tables_of(rules, hands), card)
    assert_same_moves(game, expected)


@SETTINGS
@given(deals(max_hand=8), st.randoms(use_true_random=False))
def test_following_matches_reference(
    deal: tuple[bigtwo.Rules, list[int]], rng: random.Random
) -> None:
    """core.climb and every bomb rule: seat 0 leads a random combination, seat 1 answers with
    any legal move and the next seat answers that (so answers-only plays reach the table)."""
    rules, hands = deal
    t = tables_of(rules, hands)
    hands = list(hands)
    # seat 0 leads from its hand and keeps a card, so the deal goes on
    leads = sorted(m for m in reference_leads(hands[0], t) if m != hands[0])
    if not leads:
        return
    game = fixed_game(rules, hands)
    game = game.play(combo(rng.choice(leads), t))
    for _ in range(2):
        if game.is_over:
            return
        seat, last = game.to_move, game.table
        assert last is not None
        expected = reference_following(game.hands[seat], last, t)
        assert_same_moves(game, expected)
        plays = sorted(m for m in expected if m != PASS_MASK)
        if not plays:
            return
        game = game.play(combo(rng.choice(plays), t))


@SETTINGS
@given(rules_strategy(), st.randoms(use_true_random=False))
def test_smackdown_answers_reach_the_table(rules: bigtwo.Rules, rng: random.Random) -> None:
    """bomb.smackdown: a lone four or a run of pairs answers the top single, and the answer
    itself is followed as the reference says."""
    try:
        rules = rules.replace(  # one deck: the hand-built answer's card ids stay as built
            smackdown=True,
            jokers=Jokers.NONE,
            players=3,
            twos_low_on_quads=False,
            decks=1,
            identical_beats=False,
            five_of_a_kind=False,
        )
    except bigtwo.RulesError:
        return
    t = tables_of(rules, [])
    top = t.top_face
    answer = _smack_answer(rng)
    pack = [c for c in full_deck(rules) if c != top and not answer >> c & 1]
    rng.shuffle(pack)
    hands = [1 << top | 1 << pack[0], answer | 1 << pack[1], mask_of(pack[2:9])]
    game = fixed_game(rules, hands).play(combo(1 << top, t))
    assert_same_moves(game, reference_following(hands[1], combo(1 << top, t), t))
    assert combo(answer, t) in game.legal_moves()
    game = game.play(combo(answer, t))
    assert_same_moves(game, reference_following(hands[2], combo(answer, t), t))


def _smack_answer(rng: random.Random) -> int:
    """A four of a kind or a run of three pairs, below the 2s."""
    start = rng.randrange(0, 9)
    if rng.random() < 0.5:
        return mask_of(start * 4 + s for s in range(4))
    return mask_of(r * 4 + s for r in range(start, start + 3) for s in rng.sample(range(4), 2))


def combo(mask: int, t: Tables) -> bigtwo.Combination:
    found = classify_mask(mask, t)
    assert found is not None, f"{bigtwo.format_cards(bigtwo.cards.cards_of(mask))} is no play"
    return found


# -- whole games: conservation, replays, play() accepts exactly the legal moves --------------
@st.composite
def small_games(draw: st.DrawFn) -> tuple[bigtwo.Rules, list[int], random.Random]:
    rules, hands = draw(deals(max_hand=6))
    return rules, hands, draw(st.randoms(use_true_random=False))


def _random_outsiders(game: bigtwo.Game, rng: random.Random, legal: set[int]) -> list[int]:
    """Card sets the player to move may not play: random subsets of the hand that are not
    legal, plus sets holding a card the player does not have (by face: with two decks, a
    card whose twin the player holds is played as that twin)."""
    hand = game.hands[game.to_move]
    out = []
    for _ in range(8):
        pick = hand & rng.getrandbits(128)
        if pick and pick not in legal and first_copies(pick, hand):
            out.append(pick)
    twins = hand | hand << 64 | hand >> 64
    others = sum(game.hands) & ~twins
    if others:
        out.append((others & -others) | (hand & -hand))
    return out


@SETTINGS
@given(small_games())
def test_conservation_replay_and_play_accepts_exactly_legal(
    case: tuple[bigtwo.Rules, list[int], random.Random],
) -> None:
    """Every card stays in exactly one hand or on the played pile; every legal move is accepted
    by play(); random other card sets are refused; the record replays to the same state."""
    rules, hands, rng = case
    game = fixed_game(rules, hands, leader=None)
    dealt = sum(hands)
    while not game.is_over:
        _assert_conserved(game, dealt)
        moves = game.legal_moves()
        assert moves, "a player to move always has a move"
        for move in moves:
            game.play(move)  # accepted (raises otherwise)
        legal = move_masks(moves)
        for mask in _random_outsiders(game, rng, legal):
            _assert_refused(game, mask, moves)
        if PASS_MASK not in legal:
            with pytest.raises(bigtwo.IllegalMoveError):
                game.play(bigtwo.PASS)
        game = game.play(moves[rng.randrange(len(moves))])
    _assert_conserved(game, dealt)
    _assert_replays(game)


def _assert_refused(game: bigtwo.Game, mask: int, moves: list[bigtwo.Move]) -> None:
    try:
        game.play(bigtwo.combos.Combination(mask, "single", 1, 1 << 40))
    except bigtwo.IllegalMoveError:
        return
    cards = bigtwo.format_cards(bigtwo.cards.cards_of(mask))
    raise AssertionError(f"{cards} was accepted; legal: {[str(m) for m in moves]} in {game}")


def _assert_conserved(game: bigtwo.Game, dealt: int) -> None:
    played = 0
    for _, move in game.history:
        assert not played & move.mask, "a card was played twice"
        played |= move.mask
    held = 0
    for hand in game.hands:
        assert not held & hand, "a card is in two hands"
        held |= hand
    assert not held & played
    assert held | played == dealt


def _assert_replays(game: bigtwo.Game) -> None:
    again = bigtwo.load_record(game.record().dumps()).replay()
    assert again.hands == game.hands
    assert again.winner == game.winner and again.to_move == game.to_move
    assert [(s, str(m)) for s, m in again.history] == [(s, str(m)) for s, m in game.history]
    assert again.scores == game.scores
    assert again.record().dumps() == game.record().dumps()


def test_two_deck_record_keeps_each_seats_copy() -> None:
    """cards.two_decks: a record replays to the identical state when seat 0 holds the second
    deck's 3♥ and seat 1 the first deck's."""
    rules = bigtwo.Rules(decks=2, players=2)
    second_3h = bigtwo.parse_cards("3H 3H")[1]
    game = bigtwo.Game.deal(rules, hands=[[second_3h, *bigtwo.parse_cards("4D")], "3H 5D"])
    game = game.play(game.legal_moves()[0])
    again = bigtwo.load_record(game.record().dumps()).replay()
    assert again.hands == game.hands


@SETTINGS
@given(rules_strategy(), st.randoms(use_true_random=False))
def test_generation_order_does_not_depend_on_caches(
    rules: bigtwo.Rules, rng: random.Random
) -> None:
    """A hand's combinations come in the same order whether built afresh, from the cache of
    read card sets, or cut down from a larger hand held before (seeded bots pick by index)."""
    pack = list(full_deck(rules))
    rng.shuffle(pack)
    big = mask_of(pack[:13])
    small = big & ~mask_of(rng.sample(pack[:13], rng.randrange(1, 6)))
    fresh = [c.mask for c in hand_combos(small, Tables(rules, False)).combos]
    t = Tables(rules, False)
    hand_combos(big, t)
    assert [c.mask for c in hand_combos(small, t).combos] == fresh
    forget_hands(t)
    assert [c.mask for c in hand_combos(small, t).combos] == fresh
    # cut down from a held hand named as such (a seat's dealt hand)
    t = Tables(rules, False)
    hand_combos(big, t)
    assert [c.mask for c in hand_combos(small, t, big).combos] == fresh


def test_record_keeps_a_lone_second_deck_card() -> None:
    """cards.two_decks: a fixed deal whose only 3♥ is the second deck's replays identically."""
    rules = bigtwo.Rules(decks=2, players=2)
    second_3h = bigtwo.parse_cards("3H 3H")[1]
    game = bigtwo.Game.deal(rules, hands=[[second_3h, *bigtwo.parse_cards("4D")], "3D 5D"])
    game = game.play(game.legal_moves()[0])
    again = bigtwo.load_record(game.record().dumps()).replay()
    assert again.hands == game.hands


def test_subsets_enumerates_every_subset_once() -> None:
    """The reference enumerator itself: 2^n - 1 distinct subsets, each inside the hand."""
    hand = 0b1011_0110
    found = list(subsets(hand))
    assert len(found) == len(set(found)) == 2**5 - 1
    assert all(m & ~hand == 0 and m for m in found)
