"""The engine held against the rules' sources, read afresh: every test asserts what a seed
says, quotes it (000 = Wikipedia 2007, 001 = Wikipedia later, 002 = pagat.com, 003 = rules
sheet, 004 = Wikipedia latest) and names the variation ID it proves. Only the public API is
used: ``Rules.preset``, ``rules.replace``, ``classify``, ``beats``, ``Game.deal(hands=...)``,
``legal_moves``, ``play``, ``scores``, ``record``, ``view`` and ``Session``.
"""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from bigtwo import Game, Rules, beats, classify
from bigtwo.cards import cards_of
from bigtwo.session import Session

RANKS = "3456789TJQKA2"
SUITS = "DCHS"
DECK = [r + s for r in RANKS for s in SUITS]


def R(preset: str = "classic", **options: object) -> Rules:
    rules = Rules.preset(preset)
    return rules.replace(**options) if options else rules


def counts(game: Game) -> list[int]:
    return [len(cards_of(h)) for h in game.hands]


def play(rules: Rules, hands: list[str], moves: list[str]) -> Game:
    game = Game.deal(rules, hands=hands)
    for move in moves:
        assert not game.is_over, f"deal over before {move!r}"
        game = game.play(move)
    return game


def fill(seat0: str, players: int = 4) -> list[str]:
    """Seat 0 holds ``seat0``; the rest of the pack goes in rank-sorted blocks to the others
    (so no other seat holds a dragon)."""
    mine = seat0.split()
    rest = [c for c in DECK if c not in mine]
    per = len(rest) // (players - 1)
    return [" ".join(mine)] + [" ".join(rest[per * i : per * (i + 1)]) for i in range(players - 1)]


# A scripted deal in which seat 0 goes out and the others keep 3, 11 and 8 cards, the
# Wikipedia example (001/004: "East, West, and South respectively still had 3, 11, and 8").
WIKI_HANDS = [
    "3D 7C 2S 4D 5S 6C 7D 8H 9C TC JC QC KC",
    "3H 4H 6H TH JH AS AH AD AC 3S 4S 4C 5C",
    "5H 9H 3C 5D 7H 7S 8D 8C 8S 9D 9S TD TS",
    "KS KH KD 6S 6D JD JS QD QH QS 2D 2C 2H",
]
WIKI_MOVES = [
    "3D", "pass", "5H", "pass", "7C", "pass", "9H", "pass", "2S", "pass", "pass", "pass",
    "4D 5S 6C 7D 8H", "3H 4H 6H TH JH", "pass", "KS KH KD 6S 6D", "pass",
    "AS AH AD AC 3S", "pass", "pass", "9C TC JC QC KC",
]  # fmt: skip
# Left at the end: seat 1 "4S 4C 5C"; seat 2 "3C 5D 7H 7S 8D 8C 8S 9D 9S TD TS";
# seat 3 "JD JS QD QH QS 2D 2C 2H" (three 2s). Seat 0 ends with a straight flush.


def wiki_deal(rules: Rules) -> Game:
    game = play(rules, WIKI_HANDS, WIKI_MOVES)
    assert game.is_over and game.winner == 0 and counts(game) == [0, 3, 11, 8]
    return game


# ---------------------------------------------------------------- core ranking
def test_core_single_core_deck_order() -> None:
    """core.deck / core.single."""
    # 000: "(For instance, spade ace beats diamond ace, which beats spade king.)"
    # 002: "cards ranking from high to low: 2-A-K-Q-J-10-9-8-7-6-5-4-3 ... spades, hearts,
    # clubs, diamonds"
    c = R()
    assert beats("AS", "AD", c) and beats("AD", "KS", c)
    assert beats("2D", "AS", c) and beats("4D", "3S", c)
    assert beats("3S", "3H", c) and beats("3H", "3C", c) and beats("3C", "3D", c)


def test_core_pair_by_higher_suit() -> None:
    """core.pair."""
    # 000: "A pair consisting of the king of spades and clubs beats a pair consisting of heart
    # king and diamond king." 004: "(A pair consisting of the K♠ and K♦ beats a pair
    # consisting of K♥ and K♣.)" 002: "Q-Q beats J-J because queens beat jacks."
    c = R()
    assert beats("KS KC", "KH KD", c)
    assert beats("KS KD", "KH KC", c) and not beats("KH KC", "KS KD", c)
    assert beats("QD QC", "JS JH", c)
    assert not beats("QS QH", "QS QH QD", c)  # same number of cards only


def test_core_triple_by_rank() -> None:
    """core.triple."""
    # 002: "three twos are highest, then aces, kings, etc. down to three threes"
    c = R()
    assert beats("2D 2C 2H", "AS AH AC", c) and beats("4D 4C 4H", "3S 3H 3C", c)


def test_core_five_quads_need_a_kicker_and_no_extras() -> None:
    """core.five."""
    # 002: "The fifth card must be included - four equal cards by themselves are not a playable
    # combination." ... "there is no "two pair" combination, and ... a triple cannot be
    # accompanied by extra cards"
    c = R()
    assert classify("3S 3H 3D 3C", c) is None
    assert classify("3S 3H 3D 3C 5D", c).kind == "four_of_a_kind"
    assert classify("9S 9H JD JC", c) is None
    assert classify("9S 9H JD JC 3D", c) is None
    assert classify("9S 9H 9D 3C 5D", c) is None


def test_core_five_higher_type_beats_lower() -> None:
    """core.five."""
    # 000: "A higher type of 5-card combination can beat any lower type, so 3-3-3-3-5 ranks
    # higher than 2-2-2-A-A." 002: "any flush beats any straight, any full house beats any
    # straight or flush, ... any straight flush beats all of the other type"
    c = R()
    assert beats("3S 3H 3D 3C 5D", "2S 2H 2D AS AH", c)
    assert beats("3D 4D 5D 6D 8D", "TS JH QH KH AS", c)
    assert beats("3S 3H 3D 4C 4D", "2S 5S 7S 9S JS", c)
    assert beats("AD 2D 3D 4D 5D", "2S 2H 2D 2C 3S", c)


def test_core_straight_pagat_order() -> None:
    """core.straight / straight.pagat."""
    # 002: "the highest straight is A-K-Q-J-10 ... Aces can be counted as low to make the
    # lowest type of straight 5-4-3-2-A, which is beaten by 6-5-4-3-2 and 7-6-5-4-3."
    c = R()
    chain = [
        "AD 2C 3H 4S 5D",
        "2D 3C 4H 5S 6D",
        "3S 4C 5H 6S 7D",
        "9D TC JH QS KD",
        "TD JC QH KS AD",
    ]
    for low, high in pairwise(chain):
        assert beats(high, low, c) and not beats(low, high, c)


def test_core_straight_no_wrap() -> None:
    """core.straight."""
    # 002: "collections like 3-2-A-K-Q or 2-A-K-Q-J are not valid straights"
    # 000: "The ace can only be used to start or end a straight. A combination of K-A-2 would
    # be illegal."
    c = R()
    assert classify("3D 2C AH KS QD", c) is None
    assert classify("2D AC KH QS JD", c) is None


def test_core_straight_tie_by_top_card_suit() -> None:
    """core.straight."""
    # 002: "A straight with higher ranks beats a lower one, irrespective of the suits of the
    # cards. When the ranks are the same, the suit of the top card determines which is higher."
    c = R()
    assert beats("9D TD JD QD KC", "8S 9S TS JS QH", c)
    assert beats("8D 9D TD JD QS", "8S 9S TS JS QH", c)
    assert not beats("8S 9S TS JS QH", "8D 9D TD JD QS", c)


def test_core_flush_by_suit_then_top_card() -> None:
    """core.flush."""
    # 000: "Ranked by suits, with rank of the high card a tie-breaker. ♠3-4-5-6-8 flush can
    # beat a ♥A-K-Q-10-8 flush (var. 4)."
    # 002: "Between two flushes in the same suit, the one with the higher top card is better.
    # So for example 9-7-6-5-3 beats 2-J-9-6-4, which beats A-K-Q-10-7."
    c = R()
    assert beats("3S 4S 5S 6S 8S", "AH KH QH TH 8H", c)
    assert beats("9S 7S 6S 5S 3S", "2H JH 9H 6H 4H", c)
    assert beats("2H JH 9H 6H 4H", "AH KH QH TH 7H", c)


def test_core_fullhouse_by_triple() -> None:
    """core.fullhouse."""
    # 002: "9-9-9-4-4 beats 8-8-8-K-K". 000: "Rank is determined by the value the triple,
    # regardless of the value of the pair."
    c = R()
    assert beats("9S 9H 9D 4C 4D", "8S 8H 8D KC KD", c)
    assert beats("2S 2H 2D 3S 3H", "AS AH AD KS KH", c)


def test_core_quads_by_four() -> None:
    """core.quads."""
    # 002: "Between two fours of a kind, the rank of the four cards determines which is higher."
    c = R()
    assert beats("4S 4H 4D 4C 3D", "3S 3H 3D 3C 2S", c)


def test_core_straightflush_royal_spades_highest() -> None:
    """core.straightflush."""
    # 002: "the Royal Flush in spades A-K-Q-J-10 is the highest straight flush and the best
    # five-card combination"
    c = R()
    assert beats("TS JS QS KS AS", "TH JH QH KH AH", c)
    assert beats("TS JS QS KS AS", "9S TS JS QS KS", c)
    assert beats("TH JH QH KH AH", "2S 2H 2D 2C AS", c)


# ---------------------------------------------------------------- core play
def test_core_lead_3d_must_be_included() -> None:
    """core.lead."""
    # 003: "The person with the 3 of diamonds♦ goes first ... The 3 of diamonds♦ must be put
    # down." 002: "The player who holds the three of diamonds begins and must play this card"
    game = Game.deal(R(), hands=WIKI_HANDS)
    assert game.to_move == 0
    assert not game.is_legal("4D") and not game.is_legal("pass")
    assert all("3D" in str(m) for m in game.legal_moves())


def test_core_climb_jump_back_and_same_size() -> None:
    """core.climb."""
    # 002: "Passing does not prevent you from playing when your turn comes round again."
    # "A combination can only be beaten by a better combination with the same number of cards"
    game = play(R(), WIKI_HANDS, ["3D", "pass", "5H", "pass", "7C"])
    assert game.to_move == 1 and game.is_legal("AS")  # seat 1 passed before
    assert not game.is_legal("AS AH")


def test_core_trick_last_player_leads_anything() -> None:
    """core.trick."""
    # 002: "The person who played highest (all the others having passed) begins again by
    # playing any card or legal combination of cards."
    game = play(R(), WIKI_HANDS, ["3D", "pass", "pass", "pass"])
    assert game.to_move == 0 and game.table is None
    assert game.is_legal("7C 7D") and game.is_legal("4D 5S 6C 7D 8H")


def test_core_end_and_core_score_wikipedia_example() -> None:
    """core.end, core.score, score.wikipedia."""
    # 002: "As soon as this happens, the play ends and the hand is scored."
    # 001: "if North won, and East, West, and South respectively still had 3, 11, and 8 cards
    # left, East would score -3, West would score -22, South would score -8, and North would
    # score +33."
    game = wiki_deal(R())
    assert not game.legal_moves()  # nobody plays on
    assert game.scores == (33, -3, -22, -8)


def test_core_score_all_thirteen_left() -> None:
    """core.score."""
    # 002: "three points per card (i.e. 39 points) if you have all 13 of your cards left"
    hands = fill("3D 4C 5H 6S 7D 8D 9C TH JS QD KD KS KH")
    game = play(R(), hands, ["3D 4C 5H 6S 7D", "pass", "pass", "pass",
                             "8D 9C TH JS QD", "pass", "pass", "pass", "KD KS KH"])  # fmt: skip
    assert game.scores == (117, -39, -39, -39)


def test_core_deal_all_cards_thirteen_each() -> None:
    """core.deal."""
    # 002: "everyone will have a hand of 13 cards"
    assert counts(Game.deal(R(), seed=11)) == [13, 13, 13, 13]


def test_core_cut_exposed_card_picks_first_receiver() -> None:
    """core.cut."""
    # 002: "if it was an ace, 5, 9 or king the dealer will get the first card, if it was a 2,
    # 6 or 10 the player to dealer's right, if it was a 3, 7 or jack the player opposite the
    # dealer and is it was a 4, 8 or queen, the player to dealer's left."
    number = {r: i for i, r in enumerate("A23456789TJQK", start=1)}
    for seed in range(40):
        game = Game.deal(R(), seed=seed, dealer=1)
        deal = json.loads(game.record().dumps())["deal"]
        deck, hands = deal["deck"].split(), [h.split() for h in deal["hands"]]
        first = next(i for i, h in enumerate(hands) if deck[0] in h)
        expected = (1 + (number[deal["exposed"][0]] - 1) * deal["direction"]) % 4
        assert first == expected


def test_core_counts_visible() -> None:
    """core.counts."""
    # 002: "Everyone is allowed to know how many cards the other players have in their hands
    # at any time"
    game = play(R(), WIKI_HANDS, ["3D", "pass", "5H"])
    assert game.view(1).counts == (12, 13, 12, 13)


def test_core_session_winner_deals_next_and_pairwise_settlement() -> None:
    """core.session."""
    # 002: "thereafter the winner of each hand deals the next" ... "each pair of players
    # settles up according to the difference between their scores"
    session = Session.start(R(), seed=3)
    game = session.next_deal()
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    after = session.finish(game)
    assert after.dealer == game.winner
    penalty = [-s if s < 0 else 0 for s in game.scores]
    owed = {(p.payer, p.payee): p.amount for p in after.settlement()}
    for a in range(4):
        for b in range(4):
            if penalty[a] > penalty[b]:
                assert owed[(a, b)] == penalty[a] - penalty[b]


# ---------------------------------------------------------------- suits
def test_suits_pusoy_three_clubs_leads() -> None:
    """suits.pusoy (preset philippines / pusoy-dos)."""
    # 002: "In the game Pusoy Dos, played in the Philippines, the order of suits from high to
    # low is diamonds, hearts, spades, clubs. In this case it is the player who holds the 3
    # [of clubs] rather than the 3 [of diamonds] who starts."
    p = R("pusoy-dos")
    assert beats("3D", "3H", p) and beats("3H", "3S", p) and beats("3S", "3C", p)
    game = Game.deal(p, hands=WIKI_HANDS)
    assert game.to_move == 2 and str(game.lead_card) == "3C"
    assert all("3C" in str(m) for m in game.legal_moves())


def test_suits_bridge_taiwan() -> None:
    """suits.bridge (preset taiwan)."""
    # 004: "Taiwan rule of suit ranks is (lowest to highest) ♣, ♦, ♥, ♠."
    # 002: "the order is spades (high), hearts, diamonds, clubs (low) - as in Bridge. In this
    # case the 3 [of clubs] starts."
    t = R("taiwan")
    assert beats("3S", "3H", t) and beats("3H", "3D", t) and beats("3D", "3C", t)
    assert Game.deal(t, hands=WIKI_HANDS).to_move == 2


def test_suits_hearts_high_and_penning() -> None:
    """suits.hearts_high, suits.penning (preset hawaii)."""
    # 000: "Another variation rearranges the suit ranks from (lowest to highest) clubs,
    # diamonds, spades, hearts." 004: "In Hawaii ... the ranking of cards is diamonds high,
    # followed by hearts, then spades, and clubs as lowest."
    h = R(suit_order="hearts-high")
    assert beats("3H", "3S", h) and beats("3S", "3D", h) and beats("3D", "3C", h)
    w = R("hawaii")
    assert beats("3D", "3H", w) and beats("3H", "3S", w) and beats("3S", "3C", w)


def test_suits_penning_lowest_card_leads_play_on() -> None:
    """suits.penning."""
    # 004: "When playing with three or four people, the 2nd and 3rd place titles are done by
    # person with the lowest card going first."
    game = play(R("hawaii", suit_order="standard"), WIKI_HANDS, WIKI_MOVES)
    assert not game.is_over and game.out == (0,)
    for _ in range(3):
        game = game.play("pass")
    assert game.table is None and game.to_move == 2  # seat 2 holds 3C, the lowest left


def test_suits_none_equal_plays_cannot_beat() -> None:
    """suits.none."""
    # 004: "In some variations, suit rankings are not used, for example, a 3-single cannot be
    # used to beat any other 3-single, and an 8-high straight cannot be used to beat any other
    # 8-high straight."
    n = R(suit_order="none")
    assert not beats("3S", "3D", n) and not beats("3D", "3S", n)
    assert not beats("4S 5S 6S 7S 8D", "4D 5D 6D 7D 8C", n)
    assert beats("4D", "3S", n)


def test_suits_lead_lowest_two_players() -> None:
    """suits.lead_lowest / deal.thirteen_each."""
    # 002: "Two Player Game ... the holder of the lowest dealt card starts."
    hands = ["4C 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3S", "4D 5C 6C 7C 8C 9C TC JC QC KC AC 2C 2S"]
    game = Game.deal(R(players=2, cards_each=13), hands=hands)
    assert game.to_move == 0 and str(game.lead_card) == "3S"


# ---------------------------------------------------------------- cards
def test_cards_jokers_wild_above_two_of_spades() -> None:
    """cards.jokers_wild."""
    # 004: "Jokers are added to the deck, and they can be played as any card with any suit.
    # Also, the jokers are deemed higher than the Two of Spades, but the black joker is
    # considered higher than the red joker."
    w = R(jokers="wild")
    assert beats("RJ", "2S", w) and beats("BJ", "RJ", w) and not beats("RJ", "BJ", w)
    assert classify("RJ 5D", w).kind == "pair"


def test_cards_jokers_valueless() -> None:
    """cards.jokers_valueless."""
    # 004: "it can be played to beat any card, but any card can be played to beat the joker(s)."
    v = R(jokers="valueless")
    assert beats("RJ", "2S", v) and beats("3D", "RJ", v)


def test_cards_two_decks_five_of_a_kind_and_identical() -> None:
    """cards.two_decks / combo.five_kind."""
    # 004: "five-of-a-kind defeats four-of-a-kind, but may or may not defeat a straight flush.
    # Players may or may not be allowed to play a hand equivalent to the previous hand, such as
    # 3♦ followed by the other 3♦."
    from bigtwo.cards import Card, parse_cards

    d = R(decks=2, five_of_a_kind=True)
    five = parse_cards("9S 9H 9D 9C 9S")
    assert classify(five, d).kind == "five_of_a_kind"
    assert beats(five, parse_cards("2S 2H 2D 2C 3D"), d)
    assert beats(five, parse_cards("TS JS QS KS AS"), d)
    no_sf = d.replace(five_kind_over_straight_flush=False)
    assert not beats(five, parse_cards("TS JS QS KS AS"), no_sf)
    other_3d = [Card.of(0, 0, copy=1)]
    assert not beats(other_3d, parse_cards("3D"), d)
    assert beats(other_3d, parse_cards("3D"), d.replace(identical_beats=True))


def test_cards_bomb_flips_twos() -> None:
    """cards.bomb_flips_twos."""
    # 004: "In some variations, when a bomb was dealt, it immediately makes the 2s to be the
    # lowest cards in the game (with 2 of diamonds becoming the lowest)"
    hands = [
        "3D 3C 3H 3S 6D 7C 8D 9D TD JD QC KD AH",
        "2S 2H 2D 4C 5C 6C 7D 8C 9C TC JC QD KC",
        "4H 5H 6H 7H 8H 9H TH JH QH KH AS AD 4D",
        "5D 4S 5S 6S 7S 8S 9S TS JS QS KS AC 2C",
    ]
    game = Game.deal(R(twos_low_on_quads=True), hands=hands)
    assert game.to_move == 1 and str(game.lead_card) == "2D"


# ---------------------------------------------------------------- combinations
def test_combo_no_triples_no_flushes() -> None:
    """combo.no_triples, combo.no_flushes, combo.no_triples_no_flushes (preset singapore)."""
    # 002: "Some play without triples and flushes - I have one report of this from Singapore"
    s = R("singapore")
    assert classify("3S 3H 3D", s) is None and classify("3H 5H 7H 9H JH", s) is None
    assert classify("3S 3H 3D 4C 4D", s).kind == "full_house"


def test_combo_quads_alone_and_four_card() -> None:
    """combo.quads_alone, combo.four_card."""
    # 002: "fours form a separate type of combination, which can only beat lower fours"
    # 000: "Some allow four-card combinations (two pairs or four cards alone, without an odd
    # card). Four of a kind beats two pairs"
    q = R(quads_alone=True)
    assert classify("3S 3H 3D 3C", q) is not None and beats("4S 4H 4D 4C", "3S 3H 3D 3C", q)
    f = R(quads_alone=True, two_pairs=True)
    assert beats("3S 3H 3D 3C", "AS AH 2S 2H", f)


def test_combo_butterfly_and_sisters() -> None:
    """combo.butterfly, combo.sisters."""
    # 000: '"Butterfly", consisting of two pairs (of different ranks) and one odd card ...
    # Rank is determined by the highest pair. This combination ranks below the straight.'
    # 000: "An example of sisters is double Jack, double Queen and a single Nine. ...
    # 3-K-K-A-A > 9-J-J-Q-Q"
    b = R(butterfly=True)
    assert beats("3C 4H 5D 6C 7D", "AS AH 2S 2H 3D", b)
    assert beats("3S 3H KD KC 4D", "QS QH JD JC 4C", b)
    s = R(sisters=True)
    assert classify("JS JH QD QC 9D", s).kind == "sisters"
    assert beats("3D KS KH AD AC", "9S JH JD QS QC", s)
    assert classify("9S 9H JD JC 3D", s) is None


def test_combo_trips_junk_below_straight() -> None:
    """combo.trips_junk."""
    # 004: "Some allow the three-of-a-kind poker hand, consisting of a triple and two junk
    # cards. This combination ranks below the straight."
    t = R(trips_junk=True)
    assert classify("9S 9H 9D 3C 5D", t) is not None
    assert beats("3C 4H 5D 6C 7D", "2S 2H 2D 3D 5C", t)


# ---------------------------------------------------------------- straight orders
STRAIGHTS = {
    "A2345": "AD 2C 3H 4S 5D", "23456": "2D 3C 4H 5S 6D", "34567": "3S 4C 5H 6S 7D",
    "9TJQK": "9D TC JH QS KD", "TJQKA": "TD JC QH KS AD", "JQKA2": "JD QC KH AS 2D",
    "QKA23": "QD KC AH 2S 3D", "KA234": "KD AC 2H 3S 4D",
}  # fmt: skip


@pytest.mark.parametrize(
    ("order", "chain", "invalid"),
    [
        # 002 (pagat): "5-4-3-2-A, which is beaten by 6-5-4-3-2 and 7-6-5-4-3"
        ("pagat", "A2345 23456 34567 9TJQK TJQKA", "JQKA2"),
        # 001/004: "3-4-5-6-7 < ... < 10-J-Q-K-A < 2-3-4-5-6 (Suit of 2 is tiebreaker) <
        # A-2-3-4-5"; 002 HK: "J Q K A 2 is not a valid straight"
        ("hong-kong", "34567 9TJQK TJQKA 23456 A2345", "JQKA2"),
        # 001/004: "3-4-5-6-7 < ... < 10-J-Q-K-A < A-2-3-4-5 < 2-3-4-5-6 (... Malaysian variant)"
        ("malaysia", "34567 9TJQK TJQKA A2345 23456", "JQKA2"),
        # 001: "A-2-3-4-5 < 3-4-5-6-7 < ... < 10-J-Q-K-A < 2-3-4-5-6 (Singaporean variant)"
        ("singapore", "A2345 34567 9TJQK TJQKA 23456", "JQKA2"),
        # 001: "3-4-5-6-7 < ... < 10-J-Q-K-A < J-Q-K-A-2 (Vietnamese & Indonesian variant)"
        ("indonesia", "34567 9TJQK TJQKA JQKA2", "A2345"),
        # 004: "3-4-5-6-7 < ... < 10-J-Q-K-A (Vietnamese variant)"
        ("no-twos", "34567 9TJQK TJQKA", "23456"),
        # 000: "2-3-4-5-6 < 3-4-5-6-7 < ... < 9-10-J-Q-K < 10-J-Q-K-A < A-2-3-4-5"
        ("twos-low-ace-high-end", "23456 34567 9TJQK TJQKA A2345", "JQKA2"),
        # 000: "2-3-4-5-6 < 3-4-5-6-7 < ... < 9-10-J-Q-K < A-2-3-4-5 ... < 10-J-Q-K-A"
        ("ace-low-between", "23456 34567 9TJQK A2345 TJQKA", "JQKA2"),
        # 000: "3-4-5-6-7 < ... < 10-J-Q-K-A < 2-3-4-5-6 (Suit of 2 is tie-breaker) < J-Q-K-A-2"
        ("jqka2-top", "34567 9TJQK TJQKA 23456 JQKA2", "A2345"),
        # 001: "Q-K-A-2-3 < K-A-2-3-4 < … < 10-J-Q-K-A < J-Q-K-A-2"
        ("wrap", "QKA23 KA234 A2345 23456 34567 9TJQK TJQKA JQKA2", ""),
        # 002: "Some play that A-2-3-4-5 is the highest, rather than the lowest type"
        ("a2345-highest", "23456 34567 TJQKA A2345", "JQKA2"),
        # 002: "Some play that 2-3-4-5-6 is highest, beating A-2-3-4-5, which in turn beats
        # A-K-Q-J-10."
        ("23456-top-a2345-second", "34567 TJQKA A2345 23456", "JQKA2"),
        # 002: "Some play that 2-3-4-5-6 is highest, but A-2-3-4-5 is lowest."
        ("23456-top-a2345-lowest", "A2345 34567 TJQKA 23456", "JQKA2"),
        # 002: "Some do not allow A-2-3-4-5 as a valid straight or straight flush at all."
        ("no-a2345", "23456 34567 TJQKA", "A2345"),
        # 002: "2-A-K-Q-J is valid and is the highest type ... and 6-5-4-3-2 is lowest."
        ("twos-high", "23456 34567 TJQKA JQKA2", "A2345"),
        # 002: "2AKQJ beats 26543 because ace beats 6, and 26543 beats AKQJT because 2 beats ace"
        ("twos-high-65432-second", "34567 TJQKA 23456 JQKA2", "A2345"),
        # 002: "the highest type of straight is 2-A-K-Q-J and the lowest is 7-6-5-4-3"
        ("hk-boehnker", "34567 TJQKA JQKA2", "23456"),
        # 002 Indonesia: "straights containing a two (A-2-3-4-5 and 2-3-4-5-6) beat all other"
        ("indonesia-twos", "34567 TJQKA 23456", "JQKA2"),
    ],
)
def test_straight_orders(order: str, chain: str, invalid: str) -> None:
    """straight.* (one row per order in variations.md)."""
    rules = R(straight_order=order)
    names = chain.split()
    for name in names:
        assert classify(STRAIGHTS[name], rules).kind == "straight", name
    for low, high in pairwise(names):
        assert beats(STRAIGHTS[high], STRAIGHTS[low], rules), (high, low)
        assert not beats(STRAIGHTS[low], STRAIGHTS[high], rules), (low, high)
    if invalid:
        assert classify(STRAIGHTS[invalid], rules) is None


def test_straight_malaysia_2007_equal_suit_of_two_decides() -> None:
    """straight.malaysia_2007."""
    # 000: "10-J-Q-K-A < A-2-3-4-5 = 2-3-4-5-6 (Suit of 2 is tie-breaker)"
    m = R(straight_order="malaysia-2007")
    assert beats("AD 2S 3D 4C 5D", "2H 3S 4D 5S 6S", m)
    assert beats("2S 3D 4C 5D 6D", "AS 2H 3S 4D 5S", m)
    assert beats("AD 2D 3D 4C 5S", "TS JS QS KS AH", m)


def test_straight_indonesia_twos_suit_of_two() -> None:
    """straight.indonesia_twos (preset indonesia)."""
    # 002: "between each other they are ranked according to the suit of the two (A-2-3-4-5
    # beats 2-3-4-5-6, which beats A-2-3-4-5)."
    i = R("indonesia")
    assert beats("AD 2S 3D 4C 5D", "2H 3S 4D 5S 6S", i)
    assert beats("2S 3D 4C 5D 6D", "AS 2H 3S 4D 5S", i)


def test_straight_hong_kong_and_malaysia_suit_of_two() -> None:
    """straight.hong_kong, straight.malaysia."""
    # 004: "2-3-4-5-6 (Suit of 2 is tiebreaker) < A-2-3-4-5 (suit of 2 is tiebreaker" and
    # 001: "A-2-3-4-5 < 2-3-4-5-6 (suit of 2 is tiebreaker; Malaysian variant)"
    for order in ("hong-kong", "malaysia"):
        r = R(straight_order=order)
        assert beats("AD 2S 3D 4C 5D", "AS 2H 3S 4D 5S", r)
        assert beats("2S 3D 4C 5D 6D", "2H 3S 4D 5S 6S", r)


def test_straight_ace_orders_suit_of_ace() -> None:
    """straight.twos_low_ace_high_end, straight.ace_low_between."""
    # 000: "... < A-2-3-4-5 (Suit of A is tie-breaker)"
    for order in ("twos-low-ace-high-end", "ace-low-between"):
        r = R(straight_order=order)
        assert beats("AS 2D 3D 4C 5D", "AH 2S 3S 4D 5S", r)


def test_straight_flush_follows_hong_kong_order() -> None:
    """straight.hong_kong (straight flushes)."""
    # 002: "The highest straight or straight flush is A2345, then 23456, TJQKA"
    h = R("hong-kong")
    assert beats("AD 2D 3D 4D 5D", "2S 3S 4S 5S 6S", h)
    assert beats("2D 3D 4D 5D 6D", "TS JS QS KS AS", h)


# ---------------------------------------------------------------- flush / five-card order
def test_flush_by_high_card_hong_kong() -> None:
    """flush.by_high_card (preset hong-kong)."""
    # 002: "the suit only becomes relevant if the highest cards are equal. So for example
    # 2-J-7-5-3 beats A-J-10-7-6, which beats A-K-J-9-8. This is the usual version played in
    # Hong Kong."  000: "A-6-5-4-3 of diamonds defeating K-Q-J-10-8 in spades."
    h = R("hong-kong")
    assert beats("2D JD 7D 5D 3D", "AS JS TS 7S 6S", h)
    assert beats("AS JS TS 7S 6S", "AH KH JH 9H 8H", h)
    assert beats("AD 6D 5D 4D 3D", "KS QS JS TS 8S", h)


def test_flush_poker() -> None:
    """flush.poker."""
    # 000: "The highest cards are compared, then second-highest, and so on. A-Q-J-10-9 in clubs
    # beats A-Q-J-10-8 in spades."
    p = R(flush_order="poker")
    assert beats("AC QC JC TC 9C", "AS QS JS TS 8S", p)
    assert beats("AH KH JH 9H 8H", "AS JS TS 7S 6S", p)


def test_five_straight_over_flush() -> None:
    """five.straight_over_flush."""
    # 004: "In some variations, a straight is considered higher than a flush."
    s = R(straight_over_flush=True)
    assert beats("3S 4H 5D 6C 7D", "3H 5H 7H 9H JH", s)
    assert not beats("3H 5H 7H 9H JH", "3S 4H 5D 6C 7D", s)


def test_five_royal_only_beats_quads() -> None:
    """five.royal_only_beats_quads."""
    # 002: "So A-K-Q-J-10 beats 2-2-2-2-6, which beats 3-3-3-3-8, which beats K-Q-J-10-9."
    r = R(royal_only_beats_quads=True)
    assert beats("TS JS QS KS AS", "2S 2H 2D 2C 6D", r)
    assert beats("2S 2H 2D 2C 6D", "3S 3H 3D 3C 8D", r)
    assert beats("3S 3H 3D 3C 8D", "9H TH JH QH KH", r)


def test_five_same_type_only_and_by_card_value() -> None:
    """five.same_type_only, five.by_card_value."""
    # 004: "a full house can not be played over a straight." and "4-5-6-7-8 can be played on
    # top of 7-7-7-6-6 even though full house is higher than straight"
    s = R(five_beating="same-type-only")
    assert not beats("3S 3H 3D 4C 4D", "3C 4H 5D 6C 7D", s)
    assert beats("4S 5H 6D 7C 8D", "3C 4H 5D 6C 7D", s)
    v = R(five_beating="by-card-value")
    assert beats("4S 5H 6D 7C 8D", "7S 7H 7D 6C 6D", v)


def test_five_poker_exact() -> None:
    """five.poker_exact."""
    # 004: "except for the full house 2, which is higher than full house ace, and a hand must
    # be won exactly, not just by a tiebreaker of suit."
    p = R(poker_exact=True, flush_order="poker")
    assert beats("2S 2H 2D 3S 3H", "AS AH AD KS KH", p)
    assert not beats("AS", "AH", p) and not beats("9S 9C", "9H 9D", p)


# ---------------------------------------------------------------- bombs
def test_bomb_honours_beat_all_taiwan() -> None:
    """bomb.honours_beat_all (preset taiwan)."""
    # 002: "Some allow an honour hand to be played not only to beat a lower 5-card hand, but
    # also to beat singles pairs or triples ... this variation is common in Lukang (central
    # Taiwan)."
    t = R("taiwan")
    assert beats("3S 3H 3D 3C 4D", "2S", t)
    assert beats("3D 4D 5D 6D 7D", "2S 2H", t)
    assert beats("3D 4D 5D 6D 7D", "2S 2H 2D", t)
    assert not beats("2S", "3S 3H 3D 3C 4D", t)


def test_bomb_override_two() -> None:
    """bomb.override_two."""
    # 003: "a 5-card hand that is 4-of-a-kind plus 1 extra card, straight flush, or royal flush
    # can override the Big Two."
    o = R(override_two=True)
    assert beats("3S 3H 3D 3C 4D", "2S", o) and beats("3D 4D 5D 6D 7D", "2S", o)


def test_bomb_quads_beat_all() -> None:
    """bomb.quads_beat_all."""
    # 004: "A four-of-a-kind can be used to beat all card combinations that lack a
    # four-of-a-kind."
    q = R(quads_beat_all=True)
    assert beats("3S 3H 3D 3C 4D", "2S", q) and beats("3S 3H 3D 3C 4D", "TS JS QS KS AS", q)


def test_bomb_smackdown() -> None:
    """bomb.smackdown."""
    # 001: "can be played to defeat the "big 2" only when the 2♠ is played as a single. A
    # smack-down is either four-of-a-kind or a run of pairs (Example: 4-4-5-5-6-6) ... any
    # player is allowed to "smack-back" ... with a higher four-of-a-kind or run of pairs of
    # equal length"
    s = R(smackdown=True)
    assert beats("3S 3H 3D 3C", "2S", s) and beats("4S 4H 5D 5C 6D 6H", "2S", s)
    assert not beats("4S 4H 5D 5C 6D 6H", "2H", s)
    assert beats("4S 4H 4D 4C", "3S 3H 3D 3C", s)
    assert beats("5S 5H 6D 6C 7D 7H", "4S 4H 5D 5C 6D 6H", s)


def test_mode_da_lao_er_full_house_not_on_straight() -> None:
    """mode.da_lao_er."""
    # 002: "there are no flushes, and a full house cannot be used to beat a straight."
    d = R("da-lao-er")
    assert classify("3H 5H 7H 9H JH", d) is None
    assert not beats("9S 9H 9D 4C 4D", "3S 4H 5D 6C 7D", d)


# ---------------------------------------------------------------- deal, start, direction
def test_deal_leftover_to_lead_three_players() -> None:
    """deal.leftover_to_lead."""
    # 000: "Leftover cards ... are then given to the player holding the 3♦. If this card is in
    # the kitty, then the holder of the next lowest card adds them to his pile"
    seen_kitty_3d = False
    for seed in range(400):
        game = Game.deal(R(players=3), seed=seed)
        deal = json.loads(game.record().dumps())["deal"]
        hands = [h.split() for h in deal["hands"]]
        big = [len(h) for h in hands].index(18)
        assert "3D" in hands[big] and game.to_move == big
        if deal["deck"].split()[-1] == "3D":  # the undealt 52nd card was the 3D
            assert "3C" in hands[big]
            seen_kitty_3d = True
    assert seen_kitty_3d


def test_deal_clockwise_indonesia() -> None:
    """deal.clockwise (preset indonesia)."""
    # 002: "Harold Hutabarat tells me that clockwise play is usual in Indonesia."
    ccw = Game.deal(R(), hands=WIKI_HANDS).play("3D")
    cw = Game.deal(R("indonesia"), hands=WIKI_HANDS).play("3D")
    assert ccw.to_move == 1 and cw.to_move == 3


def test_start_lead_card_alone_and_lowest_optional() -> None:
    """start.lead_card_alone (preset tournament), start.lowest_optional."""
    # 002: "Some play that when the holder of the lowest card starts, this lowest card does not
    # have to be included in the first play."
    t = Game.deal(R("tournament"), hands=WIKI_HANDS)
    assert [str(m) for m in t.legal_moves()] == ["3D"]
    o = Game.deal(R(first_play="optional"), hands=WIKI_HANDS)
    assert o.to_move == 0 and o.is_legal("4D")


def test_start_winner_leads_hong_kong() -> None:
    """start.winner_leads (preset hong-kong)."""
    # 002 Hong Kong: "The second and subsequent deals are begun by the winner of the previous
    # deal."
    session = Session.start(R("hong-kong"), seed=3)
    game = session.next_deal()
    assert str(game.lead_card) == "3D"
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    second = session.finish(game).next_deal()
    assert second.to_move == game.winner and second.lead_card is None


# ---------------------------------------------------------------- tricks
def test_trick_no_play_after_pass_indonesia_example() -> None:
    """trick.no_play_after_pass (preset indonesia)."""
    # 002: "you hold 3-3-8-8-10-10. You lead your 3-3 and the second player, holding 2-2 and no
    # other pairs, decides not to waste these high cards. The other two players also pass. Now
    # you can play your 8-8, the player with 2-2 is not allowed to play, having passed, and so
    # you win with your 10-10."
    hands = [
        "3D 3C 8D 8C TD TC 4S 5H 6D 7C 9S JD QH",
        "2S 2H 3H 4D 5D 6C 7D 9C JC KD AC QS KH",
        "3S 4C 5C 6H 7H 8H 9H TH JH QC KC AH 2D",
        "4H 5S 6S 7S 8S 9D TS JS QD KS AD AS 2C",
    ]
    game = play(R("indonesia"), hands, ["3D 3C", "pass", "pass", "pass"])
    assert game.to_move == 0 and game.is_legal("8D 8C")
    game = game.play("8D 8C")
    assert game.to_move == 0 and game.is_legal("TD TC")


def test_trick_one_pass_ends() -> None:
    """trick.one_pass_ends."""
    # 001: "(some variations have when 1 player has passed the trick is over)"
    game = play(R(one_pass_ends=True), WIKI_HANDS, ["3D", "pass"])
    assert game.table is None and game.to_move == 0


def test_trick_unbeatable_ends() -> None:
    """trick.unbeatable_ends."""
    # 000: "it is often customary for that player to re-start play immediately ... since the 2
    # of spades cannot be beaten"
    game = play(R(unbeatable_ends=True), WIKI_HANDS, WIKI_MOVES[:9])
    assert game.table is None and game.to_move == 0


def test_trick_three_threes() -> None:
    """trick.three_threes."""
    # 001: "If a player leads off with three 3s, the following player is required to play three
    # 2's if no other play is possible"
    hands = [
        "3D 3C 3H 5D 6D 7C 8D 9D TD JD QC KD AH",
        "2S 2H 2D 4C 5C 6C 7D 8C 9C TC JC QD KC",
        "4H 5H 6H 7H 8H 9H TH JH QH KH AS AD 4D",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AC 2C",
    ]
    game = play(R(three_threes=True), hands, ["3D 3C 3H"])
    assert [str(m) for m in game.legal_moves()] == ["2D 2H 2S"]


def test_last_no_single_two_hong_kong() -> None:
    """last.no_single_two (preset hong-kong)."""
    # 002 Hong Kong: "The deal cannot be won by playing a single 2 as your last card."
    hands = fill("3D 4D 5D 6D 7C 8D 9D TD JD QC KD KC 2H")
    moves = ["3D 4D 5D 6D 7C", "pass", "pass", "pass", "8D 9D TD JD QC", "pass", "pass", "pass",
             "KD KC", "pass", "pass", "pass"]  # fmt: skip
    assert not play(R("hong-kong"), hands, moves).is_legal("2H")
    assert play(R(), hands, moves).is_legal("2H")


def test_mode_until_last_lead_passes_on() -> None:
    """mode.until_last."""
    # 002: "If a player's last card (or combination) is not beaten by any other player, the
    # turn to start again with any legal play passes to the next player in turn after the one
    # who has just finished."
    game = play(R(mode="until-last"), WIKI_HANDS, WIKI_MOVES)
    assert not game.is_over
    for _ in range(3):
        game = game.play("pass")
    assert game.table is None and game.to_move == 1


# ---------------------------------------------------------------- instant wins, redeals
DRAGON_HANDS = [
    "3D 4C 5H 6S 7D 8D 9C TH JS QD KD KS KH", "3C 4D 5D 6D 7C 8C 9D TD JD QC AD AC 2D",
    "3H 4H 5C 6H 7H 8H 9H TC JH QH AH 2H 2C", "3S 4S 5S 6C 7S 8S 9S TS JC QS KC AS 2S",
]  # fmt: skip


def test_instant_dragon_hong_kong() -> None:
    """instant.dragon (preset hong-kong)."""
    # 002: "a player who is dealt a dragon ... immediately wins the game. Each of the other
    # players scores as though they lost without playing any cards (39 penalty points)."
    game = Game.deal(R("hong-kong"), hands=DRAGON_HANDS)
    assert game.is_over and game.winner == 3 and game.scores == (-39, -39, -39, 117)
    assert not Game.deal(R(), hands=DRAGON_HANDS).is_over


FOUR_TWOS = [
    "3D 4D 5D 6D 7C 8D 9D TD JD QC KD KC AH", "2S 2H 2D 2C 3C 4C 5C 6C 7D 8C 9C TC JC",
    "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS AD", "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AC QD",
]  # fmt: skip


def test_instant_four_twos() -> None:
    """instant.four_twos."""
    # 000: "In some places, owning 4 Twos is also a condition for Immediate Win. ... some
    # variations said that it's an automatic draw when 1 player has all 4 twos"
    win = Game.deal(R(four_twos="win"), hands=FOUR_TWOS)
    assert win.is_over and win.winner == 1
    draw = Game.deal(R(four_twos="draw"), hands=FOUR_TWOS)
    assert draw.is_over and draw.winner is None and draw.scores == (0, 0, 0, 0)


def test_instant_golden_whoopin() -> None:
    """instant.golden_whoopin."""
    # 001: "The player may lay them down together ... before anyone plays anything ... The
    # player then wins the hand automatically. The score (card count) of the losing players is
    # tripled."
    game = Game.deal(R(golden_whoopin=True), hands=FOUR_TWOS)
    moves = game.legal_moves(1)
    assert len(moves) == 1
    done = game.play(moves[0], 1)
    assert done.is_over and done.winner == 1 and done.scores == (-39, 117, -39, -39)
    # once anything has been played the lay-down is no longer offered
    assert str(moves[0]) not in [str(m) for m in game.play("3D").legal_moves(1)]


def test_instant_malta_dragun() -> None:
    """instant.malta_dragun (preset malta)."""
    # 004: "consisting of six pairs and any other single card. A player who is dealt a dragon
    # immediately wins the game. However, if the dragon contains a pair of 3s it is called a
    # dragun bla-bajd and the player immediately loses."
    wins = [
        "3D 4D 5D 6D 7C 8D 9D TD JD QC KD KC AH",
        "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 2C",
        "3H 3C 5C 6C 7D 8C 9C TH JH QH KH AS AD",
        "3S 4C 2S 2H 2D TC JC TS JS QS KS AC QD",
    ]
    game = Game.deal(R("malta"), hands=wins)
    assert game.is_over and game.winner == 1
    loses = [
        "3D 4D 5D 6D 7C 8D 9D TD JD QC KD KC AH",
        "3S 3H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H 2C",
        "4S 4H 5C 6C 7D 8C 9C TH JH QH KH AS AD",
        "3C 4C 2S 2H 2D TC JC TS JS QS KS AC QD",
    ]
    game = Game.deal(R("malta"), hands=loses)
    assert game.is_over and game.winner != 1 and game.scores[1] < 0


@pytest.mark.parametrize(
    ("hand", "weak", "no_faces"),
    [
        ("4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S JH QH", True, False),  # J+Q = 3 points
        ("4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H KH", True, False),  # K = 3 points
        ("4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H AH", False, True),  # A = 4 points, no face
        ("4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S AH 2H", False, True),  # 9 points, no face
    ],
)
def test_redeal_weak_hand_and_no_faces(hand: str, weak: bool, no_faces: bool) -> None:
    """redeal.weak_hand, redeal.no_faces."""
    # 000: "If a player receives a hand with only 3 points or less, he may declare his cards ...
    # J=1, Q=2, K=3, A=4, 2=5, others=0. ... A variation states that a player holding a hand
    # with no cards with faces on them (namely Jacks, Queens, and Kings) may request a
    # reshuffle."
    mine = hand.split()
    rest = [c for c in DECK if c not in mine]
    hands = [" ".join(rest[:13]), hand, " ".join(rest[13:26]), " ".join(rest[26:39])]
    for option, expected in (("weak_hand_redeal", weak), ("no_faces_redeal", no_faces)):
        game = Game.deal(R(**{option: True}), hands=hands)
        assert bool(game.legal_moves(1)) is expected, option


# ---------------------------------------------------------------- scoring systems
@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        # 002: "Some simplify the scoring by simply paying one point per card, without doubling."
        ("flat", (22, -3, -11, -8)),
        # 000: "deduct one point per remaining card, then double the count for each unused #2"
        # (seat 3 keeps three 2s: 8 x 2 x 2 x 2)
        ("twos-double", (78, -3, -11, -64)),
        # 002: "double score if you are left with 8 or 9 cards, triple with 10-12 and quadruple
        # with 13 cards."
        ("heavy", (52, -3, -33, -16)),
        # 002: "double penalty points for any hand with 8 or more cards ... a further double for
        # 10 or more cards (i.e. 40 points for 10 cards, 44 for 11 and so on) ... double the
        # penalty yet again for each two remaining"
        ("compound", (175, -3, -44, -128)),
        # 002: "numeral cards 2-10 score 1 point each; jacks, queens and kings 2 points; aces 3
        # points; and twos 4 points each ... doubled for a player who has 10 or more cards."
        ("card-values-a", (47, -3, -22, -22)),
        # 002: "1 point for a three, 2 for a four, 3 for a five, and so on up to 11 points for a
        # king, 12 for an ace and 13 for a two."
        ("card-values-b", (218, -7, -124, -87)),
        # 002 (GameSky Da Lao Er): "the others score 1 per card if they have 10 or fewer cards,
        # or 2 per card if they have 11 or more."
        ("da-lao-er", (33, -3, -22, -8)),
        # 002 (Taiwan, Dushoff): "the winner is paid a fixed amount by the loser only"
        ("taiwan-loser", (1, 0, -1, 0)),
        # 002 (Pusoy Dos): "The winner ... normally scores 1 point and the others score nothing."
        ("pusoy-dos", (1, 0, 0, 0)),
        # 002 (Indonesia): straight flush unbeaten -40, "doubled" when it ends the play; winner
        # -5 for normal cards; losers 1 a card, 5 a two, "11 or 12 cards ... double" (negated)
        ("indonesia", (85, -3, -22, -20)),
    ],
)
def test_score_systems_on_the_wikipedia_deal(scoring: str, expected: tuple[int, ...]) -> None:
    """score.flat, score.twos_double, score.heavy, score.compound, score.card_values,
    score.taiwan_loser, score.pusoy_dos, score.indonesia, mode.da_lao_er."""
    assert wiki_deal(R(scoring=scoring)).scores == expected


def test_score_doubling_004_worked_example() -> None:
    """score.doubling_004."""
    # 004: "North players wins with a 2 as last discard, and East, West, and South respectively
    # still had 3, 9, and 8 cards left with the West had an unused Straight Flush and South
    # left with an unused 2, then East would score -6, West would score -36, South would score
    # -32, and North would score +74."
    hands = [
        "3D 6C TC QC 2D 4S 4H 7D 7C 7H 7S 2C 2S",
        "9S 9C 6S 6H 6D 3C 5C 8C JC KC 4D 4C 5S",
        "5H 8H JH KH 9D TD JD QD KD 3H 9H TS AS",
        "AH AD AC QS QH 3S 8D 8S TH KS 2H JS 5D",
    ]
    moves = ["3D", "pass", "5H", "pass", "6C", "pass", "8H", "pass", "TC", "pass", "JH", "pass",
             "QC", "pass", "KH", "pass", "2D", "pass", "pass", "pass",
             "4S 4H", "9S 9C", "pass", "pass", "pass", "6S 6H 6D", "pass", "pass", "pass",
             "3C 5C 8C JC KC", "pass", "AH AD AC QS QH", "7D 7C 7H 7S 2C", "pass", "pass", "pass",
             "2S"]  # fmt: skip
    game = play(R(scoring="doubling-004"), hands, moves)
    assert game.is_over and counts(game) == [0, 3, 9, 8]
    assert game.scores == (74, -6, -36, -32)


@pytest.mark.parametrize(
    ("extra", "last", "points"),
    [("KD KC", "2S", 2), ("KD", "2H 2S", 4), ("", "2C 2H 2S", 8)],
)
def test_score_pusoy_dos_deuces(extra: str, last: str, points: int) -> None:
    """score.pusoy_dos (preset philippines)."""
    # 002: "if you win and your last play includes a deuce (two) you score 2 points; if it
    # contains two deuces you score 4 points, if it includes three deuces you score 8 points"
    hand = f"3C 4D 5D 6D 7C 8D 9D TD JD QC {extra} {last}"
    game = Game.deal(R("philippines"), hands=fill(hand))
    for move in ["3C 4D 5D 6D 7C", "8D 9D TD JD QC", extra, last]:
        if not move:
            continue
        game = game.play(move)
        while not game.is_over and game.to_move != 0:
            game = game.play("pass")
    assert game.is_over and game.winner == 0 and game.scores == (points, 0, 0, 0)


def test_score_three_player_scale() -> None:
    """score.three_player."""
    # 000: "for a 3-player game, a player with 17 cards remaining is deducted triple points. A
    # player with more than 11 cards and less than 17 cards remaining is deducted double
    # points."
    hands = ["3D 2S 4D 5S 6C 7D 8H 9S 9H 9D 9C 3S 4C 5C 6D 7S 8C KD",
             "3C 4H 6H TH JH QH 3H 4S 5D 5H 6S 7C 7H 8D 8S TD TC",
             "KS KH KC JS JC TS JD QD QC QS AD AC AH AS 2D 2C 2H"]  # fmt: skip
    moves = ["3D", "3C", "pass", "2S", "pass", "pass", "4D 5S 6C 7D 8H", "4H 6H TH JH QH",
             "KS KH KC JS JC", "9S 9H 9D 9C 3S", "pass", "pass", "4C 5C 6D 7S 8C", "pass",
             "pass", "KD"]  # fmt: skip
    game = play(R(players=3), hands, moves)
    assert counts(game) == [0, 11, 12] and game.scores == (35, -11, -24)
    moves = ["3D", "3C", "pass", "2S", "pass", "pass", "4D 5S 6C 7D 8H", "pass", "pass",
             "9S 9H 9D 9C 3S", "pass", "pass", "4C 5C 6D 7S 8C", "pass", "pass", "KD"]  # fmt: skip
    game = play(R(players=3), hands, moves)
    assert counts(game) == [0, 16, 17] and game.scores == (83, -32, -51)


ASSIST_HANDS = [
    "3D 4C 5H 6S 7D 4D 2S 3S 4H 4S 5D 6H 7C", "3H 8H TH JH AH KS KC KD 5S 5C 6D 6C 9H",
    "7S 7H 3C 8D 8C 8S 9D 9C 9S TD TC TS JD", "JC JS QD QC QH QS KH AD AC AS 2D 2C 2H",
]  # fmt: skip
ASSIST_MOVES = [
    "3D 4C 5H 6S 7D", "3H 8H TH JH AH", "pass", "pass", "pass", "KS KC KD 5S 5C", "pass", "pass",
    "pass", "6D 6C", "7S 7H", "pass", "pass", "pass", "3C", "pass", "4D", "9H",
]  # fmt: skip


def test_score_assistance() -> None:
    """score.assistance."""
    # 000: "If a Player B won a game by playing one card ... after Player A has played his ...
    # and Player A could have prevented this from happening by playing a higher card ... Player
    # A be deducted the total points that the other 2 losers have lost on top of his own"
    plain = play(R(), ASSIST_HANDS, ASSIST_MOVES)
    assert plain.scores == (-7, 66, -20, -39)
    assisted = play(R(assistance=True), ASSIST_HANDS, ASSIST_MOVES)
    assert assisted.scores == (-66, 66, 0, 0)


def test_score_pairwise_kam() -> None:
    """score.pairwise_kam."""
    # 002: "it is the difference between the number of cards held by each pair of players that
    # determines whether the payment between that pair of players is doubled."
    # Seat 2 (11 cards) pays the winner 22, seat 1 (3 cards) 8, seat 3 (8 cards) 3.
    assert wiki_deal(R(pairwise_kam=True)).scores == (33, 10, -33, -10)


def test_score_starter_double() -> None:
    """score.starter_double."""
    # 002: "Some play that the double score for having 10 or more cards at the end applies only
    # to the starter" (seat 0 started and won, so nobody is doubled)
    assert wiki_deal(R(starter_double=True)).scores == (22, -3, -11, -8)


def test_mode_teams_tie_goes_to_shootout() -> None:
    """mode.teams."""
    # 000: "If the card count is tied at the end of a game the players proceed to a five card
    # shootout. This is where each player receives 5 cards" (teams 0+2: 0+11, 1+3: 3+8)
    game = wiki_deal(R("teams"))
    session = Session.start(R("teams"), seed=1).finish(game)
    assert session.shootout
    assert counts(session.next_deal()) == [5, 5, 5, 5]


# ---------------------------------------------------------------- preset contents
@pytest.mark.parametrize(
    ("name", "options"),
    [
        # 002 Hong Kong: "Flushes are compared according to the rank of the highest card. ...
        # A dragon wins the hand outright. The deal cannot be won by playing a single 2 as your
        # last card. The second and subsequent deals are begun by the winner"
        (
            "hong-kong",
            dict(
                flush_order="high-card",
                straight_order="hong-kong",
                dragon_wins=True,
                last_play_ban="single-two",
                first_lead="winner",
            ),
        ),
        # 002: "In the game Pusoy Dos ... diamonds, hearts, spades, clubs"; scoring in points
        ("pusoy-dos", dict(suit_order="pusoy", scoring="pusoy-dos")),
        # 002: "Some players in Taiwan ... spades (high), hearts, diamonds, clubs (low)"
        ("taiwan", dict(suit_order="bridge")),
        # 002: "Some play without triples and flushes - ... from Singapore (Gary Chan)"
        ("singapore", dict(triples=False, flushes=False)),
        ("malaysia", dict(straight_order="malaysia")),
        # 002 Indonesia: clockwise, "straights containing a two ... beat all other straights",
        # "a player who has passed is not allowed to play cards in subsequent turns"
        (
            "capsa",
            dict(
                direction="clockwise",
                straight_order="indonesia-twos",
                no_play_after_pass=True,
                scoring="indonesia",
            ),
        ),
        # 004: "3-4-5-6-7 < ... < 10-J-Q-K-A (Vietnamese variant)"
        ("vietnam", dict(straight_order="no-twos")),
        # 002 Da Lao Er: "there are no flushes, and a full house cannot be used to beat a
        # straight. Four of a kind or a straight flush can be played out of turn"
        ("da-lao-er", dict(flushes=False, no_full_house_on_straight=True, out_of_turn_bombs=True)),
    ],
)
def test_preset_options_match_the_seed(name: str, options: dict[str, object]) -> None:
    """Presets: hong-kong, philippines, taiwan, singapore, malaysia, indonesia, vietnam,
    da-lao-er."""
    rules = R(name)
    for option, value in options.items():
        actual = getattr(rules, option)
        actual = getattr(actual, "value", actual)
        assert actual == value, (name, option, actual)
