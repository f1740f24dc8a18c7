"""Combinations (``combo.*``): which card sets are plays under each rule, and what beats what."""

from __future__ import annotations

import pytest

import bigtwo
from bigtwo import Game, IllegalMoveError, Rules
from conftest import moves, play_all

CLASSIC = Rules.preset("classic")
STRAIGHT = "3D 4C 5H 6S 7D"


def kind(cards: str, rules: Rules) -> str | None:
    combo = bigtwo.classify(cards, rules)
    return None if combo is None else combo.kind


# -- fewer combinations ---------------------------------------------------------------------
def test_combo_no_triples() -> None:
    """combo.no_triples: a triple is only playable inside a five-card hand."""
    rules = CLASSIC.replace(triples=False)
    assert kind("5D 5C 5H", rules) is None
    assert kind("5D 5C 5H 9S 9D", rules) == "full_house"
    game = Game.deal(rules, hands=["3D 5D 5C 5H", "4D", "7D", "9C"], leader=0)
    assert "5D 5C" in moves(game) and "5D 5C 5H" not in moves(game)
    with pytest.raises(IllegalMoveError, match="triples may only be played inside five-card"):
        Game.deal(rules, hands=["3D 3C 3H 5D", "4D", "7D", "9C"]).play("3D 3C 3H")


def test_combo_no_flushes() -> None:
    """combo.no_flushes: five cards of one suit are no play, but a straight flush still is."""
    rules = CLASSIC.replace(flushes=False)
    assert kind("3C 5C 9C JC KC", rules) is None
    assert kind("3C 4C 5C 6C 7C", rules) == "straight_flush"
    game = Game.deal(rules, hands=["3D 5D 9D JD KD 4C", "6C 7C", "8C 9C", "TC JC"])
    assert "3D 5D 9D JD KD" not in moves(game)
    with pytest.raises(IllegalMoveError, match="not a combination"):
        game.play("3D 5D 9D JD KD")


def test_combo_no_triples_no_flushes() -> None:
    """combo.no_triples_no_flushes (002, Singapore/Taiwan reports): "only single cards, pairs and
    5-card combinations ... straight, full house, four of a kind, and straight flush"."""
    rules = Rules.preset("singapore")
    assert not rules.triples and not rules.flushes
    assert kind("5D 5C 5H", rules) is None and kind("3C 5C 9C JC KC", rules) is None
    for cards, name in [
        ("9S", "single"),
        ("9S 9H", "pair"),
        ("4D 5C 6H 7S 8D", "straight"),
        ("5D 5C 5H 9S 9D", "full_house"),
        ("5D 5C 5H 5S 9D", "four_of_a_kind"),
        ("3C 4C 5C 6C 7C", "straight_flush"),
    ]:
        assert kind(cards, rules) == name
    game = Game.deal(rules, hands=["3D 3C 3H 9D", "4D 4C", "6D 6C", "7D 7C"])
    assert moves(game) == {"3D", "3D 3C", "3D 3H"}


def test_combo_quads_alone() -> None:
    """combo.quads_alone (002): four of a kind "by itself ... form[s] a separate type of
    combination, which can only beat lower fours and be beaten by higher fours"."""
    rules = CLASSIC.replace(quads_alone=True)
    assert kind("9D 9C 9H 9S", rules) == "quads"
    assert kind("9D 9C 9H 9S 3D", rules) == "four_of_a_kind"  # the five-card hand stays
    assert bigtwo.beats("TD TC TH TS", "9D 9C 9H 9S", rules)
    assert not bigtwo.beats("9D 9C 9H 9S", "TD TC TH TS", rules)
    assert not bigtwo.beats("9D 9C 9H 9S", "2S", rules)
    assert not bigtwo.beats("9D 9C 9H 9S", "3D 3C", rules)
    assert not bigtwo.beats("9D 9C 9H 9S", STRAIGHT, rules)
    assert not bigtwo.beats("2D 2C 2H 2S 3D", "3D 3C 3H 3S", rules)
    assert kind("9D 9C 3H 3S", rules) is None  # no two pairs here
    game = Game.deal(rules, hands=["3D 3C 3H 3S 8D", "4D 4C 4H 4S", "2S 2H 2C 2D", "5D"])
    game = game.play("3D 3C 3H 3S")
    assert moves(game) == {"4D 4C 4H 4S", "pass"}
    game = game.play("4D 4C 4H 4S")
    assert game.is_over and game.winner == 1


def test_combo_four_card() -> None:
    """combo.four_card (001): "four-card combinations (two pairs or four cards alone ...).
    Four-of-a-kind beats two pairs"; two pairs rank by the higher pair."""
    rules = CLASSIC.replace(quads_alone=True, two_pairs=True)
    assert kind("9D 9C 3H 3S", rules) == "two_pair"
    assert bigtwo.beats("TD TC 3H 3S", "9S 9H 8H 8S", rules)
    assert bigtwo.beats("TS TC 3H 3S", "TD TH 8H 8S", rules)  # suit of the higher pair
    assert bigtwo.beats("3D 3C 3H 3S", "AD AC 2H 2S", rules)
    assert not bigtwo.beats("AD AC 2H 2S", "3D 3C 3H 3S", rules)
    assert not bigtwo.beats("TD TC 3H 3S", "4D 4C", rules)
    game = Game.deal(rules, hands=["3D 3C 4D 4C 9S", "KD KC AH AS 7C", "5D 5C 5H 5S 8C", "6D"])
    game = game.play("3D 3C 4D 4C")
    assert moves(game) == {"KD KC AH AS", "pass"}
    game = game.play("KD KC AH AS")
    assert moves(game) == {"5D 5C 5H 5S", "pass"}
    assert game.play("5D 5C 5H 5S").table_seat == 2


def test_combo_no_quads_kicker() -> None:
    """combo.no_quads_kicker: where fours may be played alone, four of a kind + 1 is no hand."""
    rules = CLASSIC.replace(quads_alone=True, quads_kicker=False)
    assert kind("9D 9C 9H 9S 3D", rules) is None
    assert kind("9D 9C 9H 9S", rules) == "quads"
    game = Game.deal(rules, hands=["3D 9D 9C 9H 9S", "4D", "5D", "6D"])
    assert "3D 9D 9C 9H 9S" not in moves(game)
    with pytest.raises(IllegalMoveError):
        game.play("3D 9D 9C 9H 9S")


def test_combo_quads_no_two_pairs() -> None:
    """combo.quads_no_two_pairs (001): "Some variations allowing four-of-a-kind without extra
    card do not allow for two pairs"."""
    rules = CLASSIC.replace(quads_alone=True, two_pairs=False)
    assert kind("9D 9C 9H 9S", rules) == "quads" and kind("9D 9C 3H 3S", rules) is None
    game = Game.deal(rules, hands=["3D 3C 4D 4C 8S", "9D 9C 9H 9S", "5D", "6D"])
    assert "3D 3C 4D 4C" not in moves(game)
    with pytest.raises(IllegalMoveError, match="not a combination"):
        game.play("3D 3C 4D 4C")


# -- more five-card hands ---------------------------------------------------------------------
def test_combo_butterfly() -> None:
    """combo.butterfly (000/001): two pairs + one odd card, "rank is determined by the highest
    pair", below the straight."""
    rules = CLASSIC.replace(butterfly=True)
    assert kind("9D 9C 3H 3S 5D", rules) == "butterfly"
    assert bigtwo.beats("TD TC 3H 3S 5D", "9D 9C 8H 8S AD", rules)
    assert not bigtwo.beats("9D 9C 8H 8S 2S", "TD TC 3H 3S 5D", rules)  # the odd card doesn't count
    assert bigtwo.beats(STRAIGHT, "AD AC KH KS 2D", rules)
    assert not bigtwo.beats("2D 2C AH AS KD", STRAIGHT, rules)
    assert kind("9D 9C 3H 3S 5D", CLASSIC) is None
    game = Game.deal(rules, hands=["3D 3C 4D 4C 9S TS", "5D 6C 7H 8S 9D 9H", "6D", "8D"])
    game = game.play("3D 3C 4D 4C 9S")
    assert "5D 6C 7H 8S 9D" in moves(game)


def test_combo_trips_junk() -> None:
    """combo.trips_junk (001): "the three-of-a-kind poker hand, consisting of a triple and two
    junk cards. This combination ranks below the straight."""
    rules = CLASSIC.replace(trips_junk=True)
    assert kind("9D 9C 9H 3S 5D", rules) == "triple_junk"
    assert bigtwo.beats("TD TC TH 3S 5D", "9D 9C 9H AS 2D", rules)
    assert bigtwo.beats(STRAIGHT, "2D 2C 2H AS KD", rules)
    assert not bigtwo.beats("2D 2C 2H AS KD", STRAIGHT, rules)
    assert kind("9D 9C 9H 3S 5D", CLASSIC) is None
    game = Game.deal(rules, hands=["3D 3C 3H 9S KD TS", "4D 4C 4H 8S 2D", "5D", "6D"])
    game = game.play("3D 3C 3H 9S KD")
    assert moves(game) == {"4D 4C 4H 8S 2D", "pass"}


def test_combo_sisters() -> None:
    """combo.sisters (000/001): two consecutive pairs + any card, the weakest five-card hand:
    "double jack, double queen and a single nine ... would be beaten by a double king, double
    ace and a three"; "3-K-K-A-A > 9-J-J-Q-Q"."""
    rules = CLASSIC.replace(sisters=True)
    assert kind("JD JC QH QS 9D", rules) == "sisters"
    assert bigtwo.beats("KD KC AH AS 3D", "JD JC QH QS 9D", rules)
    assert bigtwo.beats("3S KD KC AH AS", "9D JD JC QH QS", rules)
    assert not bigtwo.beats("JD JC QH QS 2S", "KD KC AH AS 3D", rules)
    assert kind("JD JC KH KS 9D", rules) is None  # the pairs must be consecutive
    assert bigtwo.beats(STRAIGHT, "KD KC AH AS 3H", rules)
    assert not bigtwo.beats("KD KC AH AS 3H", STRAIGHT, rules)
    game = Game.deal(rules, hands=["3D JD JC QH QS TS", "KD KC AH AS 4C", "5D", "6D"], leader=0)
    game = game.play("3D JD JC QH QS")
    assert moves(game) == {"4C KD KC AH AS", "pass"}


def test_combo_long_straights() -> None:
    """combo.long_straights (001): straights of other lengths, "or even as short as three
    cards"; a straight only beats one of the same length."""
    rules = CLASSIC.replace(straight_lengths=(3, 5, 6))
    assert kind("3D 4C 5H", rules) == "straight" and kind("3D 4C 5H", CLASSIC) is None
    assert kind("3D 4C 5H 6S 7D 8D", rules) == "straight"
    assert kind("3D 4C 5H 6S", rules) is None  # 4 is not an allowed length here
    assert bigtwo.beats("4D 5C 6H", "3D 4C 5H", rules)
    assert not bigtwo.beats("4D 5C 6H 7S 8D 9D", "3D 4C 5H", rules)
    assert not bigtwo.beats("4D 5C 6H 7S 8D 9D", STRAIGHT, rules)
    assert bigtwo.beats("4D 5C 6H 7S 8D 9D", "3S 4S 5S 6S 7S 8H", rules)
    hands = ["3D 4C 5H 9S", "4D 5C 6H 7S 8D 9D", "5D 6C 7H", "TD"]
    game = Game.deal(rules, hands=hands).play("3D 4C 5H")
    assert "4D 5C 6H" in moves(game) and "4D 5C 6H 7S 8D 9D" not in moves(game)
    game = play_all(game, "4D 5C 6H | 5D 6C 7H")
    assert game.is_over and game.winner == 2


def test_combo_dragon_play() -> None:
    """combo.dragon_play (000/001): three players with 17 cards; a 13-card straight "is
    considered a valid combination and may be played once the player has gained control of the
    game. Suit of 2 is tie-breaker"."""
    rules = CLASSIC.replace(players=3, dragon_play=True)
    low = "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D"
    high = "3C 4D 5D 6D 7C 8D 9D TD JC QD KD AD 2S"
    assert kind(low, rules) == "dragon" and kind(low, CLASSIC) is None
    assert bigtwo.beats(high, low, rules) and not bigtwo.beats(low, high, rules)
    game = Game.deal(rules, hands=[low + " 4H 5S", high + " 6C", "7H 8H"])
    game = game.play(low)  # the lead (with the 3♦)
    assert high in moves(game)
    game = play_all(game, f"{high} | pass | pass | 6C")
    assert game.is_over and game.winner == 1


def test_combo_sf_plus_two() -> None:
    """combo.sf_plus_two (002, Todd Latta): a straight flush is played with two extra cards;
    four of a kind + 1 and straight flush + 2 beat any single or combination; a four + 1 is
    beaten only by a higher four + 1 or a straight flush + 2, which only a higher one beats."""
    rules = CLASSIC.replace(sf_plus_two=True)
    sf2, quads = "3S 4S 5S 6S 7S 9D 2H", "TD TC TH TS 3D"
    assert kind(sf2, rules) == "straight_flush_plus_two"
    assert kind("3S 4S 5S 6S 7S", rules) != "straight_flush"
    for low in ("2S", "2S 2C", "2S 2C 2D", STRAIGHT, "3C 5C 9C JC KC", "AD AC AS KD KC"):
        assert bigtwo.beats(quads, low, rules) and bigtwo.beats(sf2, low, rules), low
    assert bigtwo.beats("JD JC JH JS 3C", quads, rules)
    assert not bigtwo.beats(quads, "JD JC JH JS 3C", rules)
    assert bigtwo.beats(sf2, quads, rules) and not bigtwo.beats(quads, sf2, rules)
    assert bigtwo.beats("4H 5H 6H 7H 8H 9C 2C", sf2, rules)
    assert not bigtwo.beats(sf2, "4H 5H 6H 7H 8H 9C 2C", rules)
    hands = ["3D 2S 8D", "TD TC TH TS 4D 5C", "3S 4S 5S 6S 7S 9H 2H", "KD"]
    game = play_all(Game.deal(rules, hands=hands, leader=0), "2S")
    game = game.play("TD TC TH TS 4D")  # a four + 1 on a single 2
    game = game.play("3S 4S 5S 6S 7S 9H 2H")  # and a straight flush + 2 on the four
    assert game.is_over and game.winner == 2


def test_combo_five_kind() -> None:
    """combo.five_kind (001): five of a kind with two decks, above four of a kind."""
    rules = CLASSIC.replace(decks=2, players=5, five_of_a_kind=True)
    five = "8D 8D 8C 8H 8S"
    assert kind(five, rules) == "five_of_a_kind"
    assert kind(five, rules.replace(five_of_a_kind=False)) is None
    assert bigtwo.beats(five, "2D 2C 2H 2S 3D", rules)
    assert bigtwo.beats("9D 9C 9C 9H 9S", five, rules)
    hands = ["3D 4C 5H 6S 7D 2D", five + " 3C", "9D 9C 9H 9S 4D", "KD", "KC"]
    game = play_all(Game.deal(rules, hands=hands), f"3D 4C 5H 6S 7D | {five}")
    assert moves(game) == {"pass"}  # four 9s + 1 can't beat five 8s
