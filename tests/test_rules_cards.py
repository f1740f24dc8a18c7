"""Cards and suits: suit orders (``suits.*``), jokers, two decks and flipped 2s (``cards.*``).

Jokers and two decks are played as real deals: fixed hands, moves in turn, the winner at the end.
"""

from __future__ import annotations

import itertools

import pytest

import bigtwo
from bigtwo import Game, IllegalMoveError, Jokers, Rules, RulesError, SuitOrder
from conftest import play_all

CLASSIC = Rules.preset("classic")


def suit_rules(order: SuitOrder) -> Rules:
    return CLASSIC.replace(suit_order=order)


# -- suit orders ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("order", "low_to_high"),
    [
        pytest.param(SuitOrder.STANDARD, "DCHS", id="core.deck"),
        pytest.param(SuitOrder.BRIDGE, "CDHS", id="suits.bridge"),
        pytest.param(SuitOrder.PUSOY, "CSHD", id="suits.pusoy"),
        pytest.param(SuitOrder.HEARTS_HIGH, "CDSH", id="suits.hearts_high"),
    ],
)
def test_suit_order_singles_pairs_and_lead(order: SuitOrder, low_to_high: str) -> None:
    """Each suit order ranks equal singles and pairs by suit, and the 3 of its lowest suit
    leads (3♣ under the bridge, pusoy and hearts-high orders)."""
    rules = suit_rules(order)
    for lo, hi in itertools.pairwise(low_to_high):
        assert bigtwo.beats(f"7{hi}", f"7{lo}", rules) and not bigtwo.beats(
            f"7{lo}", f"7{hi}", rules
        )
    top, bottom = low_to_high[-1], low_to_high[0]
    others = [s for s in "DCHS" if s not in (top, bottom)]
    assert bigtwo.beats(f"K{top} K{bottom}", f"K{others[0]} K{others[1]}", rules)
    assert bigtwo.beats("3S", "2" + top, rules) is False  # rank still comes first
    hands = [f"3{s} 9{s}" for s in "DCHS"]
    game = Game.deal(rules, hands=hands)
    leader = "DCHS".index(bottom)
    assert game.to_move == leader and str(game.lead_card) == f"3{bottom}"
    with pytest.raises(IllegalMoveError, match="must include 3"):
        game.play(f"9{bottom}")
    game = game.play(f"3{bottom}")
    assert game.table is not None


def test_suits_pusoy_two_of_diamonds_is_the_top_card() -> None:
    """suits.pusoy (002): "the order of suits from high to low is diamonds, hearts, spades,
    clubs ... the player who holds the 3♣ ... starts"; 2♦ beats 2♥ beats 2♠ beats 2♣."""
    rules = Rules.preset("philippines")
    assert bigtwo.beats("2D", "2H", rules) and bigtwo.beats("2H", "2S", rules)
    assert bigtwo.beats("2S", "2C", rules) and not bigtwo.beats("2S", "2D", rules)
    game = Game.deal(rules, hands=["3D 2S", "3C 4D", "2D 5D", "6D 7D"])
    game = play_all(game, "3C | 5D | 6D | 2S | pass")
    assert game.legal_moves() == [bigtwo.classify("2D", rules), bigtwo.PASS]


def test_suits_penning_plays_on_for_second_and_third() -> None:
    """suits.penning (001/004, the ``hawaii`` preset): ♦ > ♥ > ♠ > ♣, and after the first
    player goes out the others play on for 2nd and 3rd place."""
    rules = Rules.preset("hawaii")
    assert bigtwo.beats("5D", "5H", rules) and bigtwo.beats("5H", "5S", rules)
    game = Game.deal(rules, hands=["3C 2D", "4C 9C", "6C 8C", "5C 7C"])
    game = play_all(game, "3C | 4C | 6C | 7C | 2D")
    assert not game.is_over and game.out == (0,)
    game = play_all(game, "pass | pass | pass")  # nobody beats the 2♦; play goes on
    assert game.to_move == 3, "the lowest card left (5♣) leads the play for places"
    game = game.play("5C")  # seat 3 leads its last card: second place
    assert game.out == (0, 3) and not game.is_over
    game = game.play("9C")  # seat 1 beats it with its last card: third place
    assert game.is_over and game.out == (0, 3, 1, 2)


def test_suits_penning_lowest_card_leads_the_play_on() -> None:
    """suits.penning: once the winner is out and the trick is over, the player holding the
    lowest card starts the play for 2nd and 3rd place."""
    rules = Rules.preset("hawaii")
    game = Game.deal(rules, hands=["3C 2D", "4C 9C", "6C 5S", "7C 8C"])
    game = play_all(game, "3C | 4C | 6C | 7C | 2D | pass | pass | pass")
    assert game.to_move == 2  # 5♠ is the lowest card left (♣ < ♠ < ♥ < ♦)


def test_suits_none_equal_plays_cannot_beat_each_other() -> None:
    """suits.none (001): "a 3-single cannot be used to beat any other 3-single, and an 8-high
    straight cannot be used to beat any other 8-high straight"."""
    rules = suit_rules(SuitOrder.NONE)
    assert not bigtwo.beats("3S", "3D", rules) and not bigtwo.beats("3D", "3S", rules)
    assert bigtwo.beats("4D", "3S", rules)
    assert not bigtwo.beats("KS KC", "KH KD", rules)
    assert not bigtwo.beats("4S 5S 6S 7S 8H", "4D 5C 6D 7C 8D", rules)
    assert bigtwo.beats("5D 6C 7D 8C 9D", "4S 5S 6S 7S 8H", rules)
    assert not bigtwo.beats("3S 5S 7S 9S JS", "3D 5D 7D 9D JD", rules)  # equal flushes
    game = Game.deal(rules, hands=["3D 5D", "3S 6D", "3H 7D", "4C 8D"])
    game = game.play("3D")
    assert [str(m) for m in game.legal_moves()] == ["6D", "pass"]
    with pytest.raises(IllegalMoveError, match="only ties"):
        game.play("3S")


@pytest.mark.parametrize(
    ("order", "hands", "leader", "card"),
    [
        pytest.param(
            SuitOrder.STANDARD, ["4D 5D", "3C 6D", "3H 7D"], 1, "3C", id="suits.lead_lowest"
        ),
        pytest.param(
            SuitOrder.BRIDGE, ["3D 5D", "4C 6D", "3H 7D"], 0, "3D", id="suits.lead_lowest-bridge"
        ),
        pytest.param(
            SuitOrder.PUSOY, ["4C 5D", "3S 6D", "3H 7D"], 1, "3S", id="suits.lead_lowest-pusoy"
        ),
    ],
)
def test_suits_lead_lowest_card_dealt(
    order: SuitOrder, hands: list[str], leader: int, card: str
) -> None:
    """suits.lead_lowest: with the usual lead card not dealt (three players, 13 each), the
    holder of the lowest card under the suit order leads and must include it."""
    rules = suit_rules(order).replace(players=3, cards_each=13)
    game = Game.deal(rules, hands=hands)
    assert game.to_move == leader and str(game.lead_card) == card
    assert all(card in str(m) for m in game.legal_moves())


# -- jokers -----------------------------------------------------------------------------------
def test_cards_jokers_wild_as_singles_in_a_deal() -> None:
    """cards.jokers_wild: as singles the jokers rank above 2♠, the black joker above the red."""
    rules = CLASSIC.replace(jokers=Jokers.WILD)
    assert rules.deck_size == 54
    assert bigtwo.beats("RJ", "2S", rules) and bigtwo.beats("BJ", "RJ", rules)
    assert not bigtwo.beats("2S", "RJ", rules) and not bigtwo.beats("RJ", "BJ", rules)
    game = Game.deal(rules, hands=["3D 9D RJ", "2S 7D", "BJ 8D", "TD JD"])
    game = play_all(game, "3D | 7D | 8D | TD | RJ")
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # the 2♠ can't beat the red joker
    game = play_all(game, "pass | BJ")
    assert game.is_over and game.winner == 2


def test_cards_jokers_wild_stand_for_any_card() -> None:
    """cards.jokers_wild: a joker completes pairs, straights and fours, taking the reading that
    makes the play strongest."""
    rules = CLASSIC.replace(jokers=Jokers.WILD)
    pair = bigtwo.classify("RJ 5D", rules)
    assert pair is not None and pair.kind == "pair"
    assert bigtwo.beats("RJ 5D", "5H 5C", rules)  # the joker is the 5♠
    straight = bigtwo.classify("3D 4C 5H 6S BJ", rules)
    assert straight is not None and straight.kind == "straight"
    assert bigtwo.beats("3D 4C 5H 6S BJ", "3C 4D 5D 6C 7H", rules)  # 3-4-5-6-7♠, not 2-3-4-5-6
    four = bigtwo.classify("9D 9C 9H RJ 4S", rules)
    assert four is not None and four.kind == "four_of_a_kind"  # not a full house of 9s
    flush = bigtwo.classify("3S 4S 5S 6S BJ", rules)
    assert flush is not None and flush.kind == "straight_flush"
    game = Game.deal(rules, hands=["3D 4C 5H 6S RJ 8D", "3C 4D 5D 6C 7H 9D", "TD JD", "QD KD"])
    game = game.play("3D 4C 5H 6S RJ")
    assert [str(m) for m in game.legal_moves()] == ["pass"]
    game = play_all(game, "pass | pass | pass | 8D")
    assert game.is_over and game.winner == 0


def test_cards_jokers_valueless_beat_and_beaten_by_any_card() -> None:
    """cards.jokers_valueless (001): "it can be played to beat any card, but any card can be
    played to beat the joker(s)"; singles only."""
    rules = CLASSIC.replace(jokers=Jokers.VALUELESS)
    assert bigtwo.beats("RJ", "2S", rules) and bigtwo.beats("3D", "RJ", rules)
    assert bigtwo.beats("BJ", "RJ", rules) and bigtwo.beats("RJ", "BJ", rules)
    assert bigtwo.classify("RJ 5D", rules) is None and bigtwo.classify("RJ BJ", rules) is None
    game = Game.deal(rules, hands=["3D RJ 5D", "2S 6D", "4D 7D", "BJ 8D"])
    game = play_all(game, "3D | 2S | pass")
    assert "BJ" in [str(m) for m in game.legal_moves()]  # a joker on the 2♠
    game = game.play("BJ")
    assert {str(m) for m in game.legal_moves()} == {"RJ", "5D", "pass"}  # even a 5 beats it
    with pytest.raises(IllegalMoveError):
        game.play("RJ 5D")
    game = play_all(game, "5D | 6D")
    assert game.is_over and game.winner == 1


# -- two decks ------------------------------------------------------------------------------
TWO_DECKS = CLASSIC.replace(decks=2, players=8, five_of_a_kind=True)


def test_cards_two_decks_eight_players_deal() -> None:
    """cards.two_decks: two decks deal 13 cards to each of 8 players; the first deck's 3♦
    leads."""
    game = Game.deal(TWO_DECKS, seed=4)
    assert [h.bit_count() for h in game.hands] == [13] * 8
    assert sum(game.hands).bit_count() == 104
    assert str(game.lead_card) == "3D" and game.lead_card is not None
    assert game.lead_card.copy == 0


def test_cards_two_decks_five_of_a_kind_in_play() -> None:
    """cards.two_decks + combo.five_kind: five of a kind beats four of a kind and (by default)
    a straight flush; eight players take turns."""
    hands = [
        "3D 4C 5H 6S 7D 9D",
        "7D 7C 7H 7S 3C TD",
        "8D 8D 8C 8H 8S JD",
        "2D 2C 2H 2S 4D QD",
        "9C TC JC QC KC KD",
        "3H 4H",
        "5C 6C",
        "AS AH",
    ]
    game = Game.deal(TWO_DECKS, hands=hands)
    game = play_all(game, "3D 4C 5H 6S 7D | 7D 7C 7H 7S 3C | 8D 8D 8C 8H 8S")
    assert game.table is not None and game.table.kind == "five_of_a_kind"
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # four 2s can't answer
    game = game.play("pass")
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # nor a straight flush
    game = play_all(game, "pass | pass | pass | pass | pass | pass")
    assert game.table is None and game.to_move == 2


def test_cards_two_decks_straight_flush_over_five_of_a_kind_option() -> None:
    """cards.two_decks option: five of a kind may rank below the straight flush."""
    rules = TWO_DECKS.replace(five_kind_over_straight_flush=False)
    five = "7D 7D 7C 7H 7S"
    assert bigtwo.beats("3S 4S 5S 6S 7S", five, rules)
    assert not bigtwo.beats(five, "3S 4S 5S 6S 7S", rules)
    assert bigtwo.beats(five, "2D 2C 2H 2S 3D", rules)
    assert bigtwo.beats(five, "3S 4S 5S 6S 7S".replace("S", "H"), TWO_DECKS)


def test_cards_two_decks_identical_play_option() -> None:
    """cards.two_decks option (001): "Players may or may not be allowed to play a hand
    equivalent to the previous hand, such as 3♦ followed by the other 3♦"."""
    hands = ["3D 9D", "3D 4C", "5C 6C", "7C 8C", "9C TC", "JC QC", "KC AC", "2C 2D"]
    assert not bigtwo.beats("3D", "3D", TWO_DECKS)
    game = Game.deal(TWO_DECKS, hands=hands).play("3D")
    assert [str(m) for m in game.legal_moves()] == ["4C", "pass"]
    with pytest.raises(IllegalMoveError, match="only ties"):
        game.play("3D")
    rules = TWO_DECKS.replace(identical_beats=True)
    assert bigtwo.beats("3D", "3D", rules)
    game = Game.deal(rules, hands=hands).play("3D").play("3D")
    assert game.table is not None and game.table.cards[0].copy == 1


# -- refusing nonsense ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "why"),
    [
        pytest.param({"players": 5}, "5 players can't play with one deck", id="cards.two_decks-5p"),
        pytest.param({"decks": 2, "players": 9}, "use 2 to 8", id="cards.two_decks-9p"),
        pytest.param({"decks": 3}, "decks must be 1 or 2", id="cards.two_decks-3"),
        pytest.param(
            {"five_of_a_kind": True}, "five of a kind needs two decks", id="combo.five_kind"
        ),
        pytest.param(
            {"identical_beats": True}, "only with two decks", id="cards.two_decks-identical"
        ),
        pytest.param(
            {"quads_kicker": False}, "only where it may be played alone", id="combo.no_quads_kicker"
        ),
        pytest.param({"poker_exact": True}, "set flush_order=poker", id="five.poker_exact"),
        pytest.param(
            {"five_beating": "same-type-only", "straight_over_flush": True},
            "five_beating=by-type",
            id="five.straight_over_flush",
        ),
        pytest.param(
            {"sf_plus_two": True, "royal_only_beats_quads": True},
            "not a five-card hand",
            id="combo.sf_plus_two",
        ),
        pytest.param({"straight_lengths": (2, 5)}, "from 3 to 13", id="combo.long_straights"),
        pytest.param({"suit_order": "rainbow"}, "choose one of", id="rules-unknown-suit-order"),
    ],
)
def test_rules_refuse_nonsense(changes: dict[str, object], why: str) -> None:
    """`Rules` refuses option combinations that make no sense, saying why."""
    with pytest.raises(RulesError, match=why):
        CLASSIC.replace(**changes)


def test_cards_five_of_a_kind_with_wild_jokers_one_deck() -> None:
    """combo.five_kind: one deck is enough when a wild joker makes the fifth card."""
    rules = CLASSIC.replace(jokers=Jokers.WILD, five_of_a_kind=True)
    five = bigtwo.classify("7D 7C 7H 7S RJ", rules)
    assert five is not None and five.kind == "five_of_a_kind"
    assert bigtwo.beats("7D 7C 7H 7S RJ", "TS JS QS KS AS", rules)


# -- 2s flipped low by a dealt four ---------------------------------------------------------------
def test_cards_bomb_flips_twos_when_a_four_is_dealt() -> None:
    """cards.bomb_flips_twos (001): "when a bomb was dealt, it immediately make the 2s to be the
    lowest cards in the game (with 2 of diamonds becoming the lowest)"; the 2♦ then leads."""
    rules = CLASSIC.replace(twos_low_on_quads=True)
    hands = ["9D 9C 9H 9S 8S 2S", "2D 4D", "5D 6D 3D", "7D 8D"]
    game = Game.deal(rules, hands=hands)
    assert str(game.lead_card) == "2D" and game.to_move == 1
    game = play_all(game, "2D | 5D | 7D")
    with pytest.raises(IllegalMoveError, match="doesn't beat"):
        game.play("2S")  # the 2♠ is now below the 7♦
    game = game.play("8S")
    assert game.to_move == 1
    unflipped = Game.deal(rules, hands=["9D 9C 9H 8S 3D 2S", "2D 4D", "5D 6D", "7D 8D"])
    assert str(unflipped.lead_card) == "3D"
    unflipped = play_all(unflipped, "3D | 4D | 5D | 7D | 2S")  # 2♠ on top again
    assert [str(m) for m in unflipped.legal_moves()] == ["pass"]
