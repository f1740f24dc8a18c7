"""The rules as a player who knows the seeds would check them, through the public library
alone (``bigtwo.Game``, ``bigtwo.beats``, ``bigtwo.classify``, ``bigtwo.Rules``,
``bigtwo.session.Session``): fixed deals, each test naming the checklist rows it proves.

Every expectation here is read from the seeds (``/work/shared/seeds``) and the checklist,
not from the engine; where a seed is vague the docstring says which reading a table uses.
"""

from __future__ import annotations

import itertools

import pytest

from bigtwo import Game, IllegalMoveError, Rules, beats, classify
from bigtwo.session import Session

CLASSIC = Rules.preset("classic")


def offered(game: Game, seat: int | None = None) -> set[str]:
    return {str(move) for move in game.legal_moves(seat)}


def passes(game: Game, count: int) -> Game:
    for _ in range(count):
        game = game.play("pass")
    return game


def cards_left(game: Game) -> list[int]:
    return [hand.bit_count() for hand in game.hands]


# --- trick control ---------------------------------------------------------------------------


def test_pagat_jump_back_example_then_the_last_player_leads_anything() -> None:
    """core.climb, core.trick: pagat's example — South leads, East beats, North passes, West
    beats, South and East pass, and North, who passed, still plays its 2 on that trick; when
    the others pass in succession North leads afresh with any number of cards."""
    # seats in the order of play: 0 South, 1 East, 2 North, 3 West
    hands = ["3D 8C 8H", "JD 5C 5H", "2S 6C 6H", "AD 7C 7H"]
    game = Game.deal(CLASSIC, hands=hands).play("3D").play("JD").play("pass").play("AD")
    game = game.play("pass").play("pass")
    assert game.to_move == 2 and "2S" in offered(game), "a pass doesn't bar a later play"
    game = passes(game.play("2S"), 3)
    assert game.table is None and game.to_move == 2
    assert "6C 6H" in offered(game), "the new leader may lead a pair"
    # two passes leave the trick open: the third player may still beat it
    game = Game.deal(CLASSIC, hands=["3D 4C", "5D 6C", "7D 8C", "9D TC"]).play("3D")
    game = passes(game, 2)
    assert game.table is not None and game.to_move == 3 and "9D" in offered(game)


def test_one_pass_ends_the_trick_and_the_last_player_leads() -> None:
    """trick.one_pass_ends: the first pass ends the trick; the player who made the last play
    leads, and the players after the pass never see that trick again."""
    rules = CLASSIC.replace(one_pass_ends=True)
    hands = ["3D 4C 4H", "5D 6C", "7D 8C", "9D TC"]
    game = Game.deal(rules, hands=hands).play("3D").play("5D").play("pass")
    assert game.table is None and game.to_move == 1
    assert "6C" in offered(game)


def test_no_play_after_pass_the_leader_may_beat_its_own_play() -> None:
    """trick.no_play_after_pass: a player who passed can't come back into the trick; when all
    pass the last player may beat its own play, which nobody may then answer."""
    rules = Rules.preset("indonesia")  # clockwise: seat 0, 3, 2, 1
    hands = ["3D 3C 8D 8C 9S", "2D 2S 4C 6H", "5D 7C JH QS", "4H 6S 9C JD"]
    game = Game.deal(rules, hands=hands).play("3D 3C")
    assert game.to_move == 3
    game = passes(game, 3)
    assert game.to_move == 0 and game.table is not None and "8D 8C" in offered(game)
    game = game.play("8D 8C")
    assert game.to_move == 0, "every other player passed in this trick"
    with pytest.raises(IllegalMoveError):
        game.play("2D 2S", seat=1)


def test_unbeatable_play_under_pusoy_suits_is_the_two_of_diamonds() -> None:
    """trick.unbeatable_ends, suits.pusoy: with ♦ the highest suit the 2♦ is the card nothing
    beats, so it ends the trick at once; a 2♠ does not while the 2♦ is still out."""
    rules = Rules.preset("philippines").replace(unbeatable_ends=True)
    hands = ["3C 2D 5S 9H", "2S 4C 6C", "5C 7C 8C", "9C TC JC"]
    game = Game.deal(rules, hands=hands).play("3C")
    game = game.play("2S")
    assert game.table is not None and game.to_move == 2, "2♦ is out: the trick goes on"
    game = game.play("pass").play("pass").play("2D")
    assert game.table is None and game.to_move == 0, "2♦ can't be beaten: 0 leads again"


# --- suits and the lead card -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "leader_card"),
    [("classic", "3D"), ("taiwan", "3C"), ("philippines", "3C"), ("hawaii", "3C")],
)
def test_the_lowest_card_of_the_suit_order_leads_and_must_be_played(
    preset: str, leader_card: str
) -> None:
    """core.lead, suits.bridge, suits.pusoy, suits.penning, suits.lead_lowest: 3♦ leads under
    ♠>♥>♣>♦; 3♣ leads under the bridge (Taiwan) and Pusoy Dos / penning orders; the first play
    must include it."""
    hands = ["3S 4D 9H", "3H 4C TH", "3D 4H JH", "3C 4S QH"]
    game = Game.deal(Rules.preset(preset), hands=hands)
    holder = next(i for i, h in enumerate(hands) if leader_card in h.split())
    assert game.to_move == holder
    assert all(leader_card in text.split() for text in offered(game) if text != "pass")
    assert leader_card in offered(game)


def test_pair_order_follows_the_chosen_suits() -> None:
    """core.pair, suits.pusoy, suits.bridge, suits.hearts_high: an equal-ranked pair is won by
    its higher card under each order (000: K♠K♣ beats K♥K♦ in the standard order)."""
    assert beats("KS KC", "KH KD", CLASSIC)
    pusoy = Rules.preset("philippines")
    assert beats("9D 9C", "9S 9H", pusoy) and not beats("9S 9H", "9D 9C", pusoy)
    bridge = Rules.preset("taiwan")
    assert not beats("KD KC", "KH KS", bridge)
    assert beats("KS KC", "KH KD", bridge) and beats("3D", "3C", bridge)
    assert not beats("3C", "3D", bridge), "bridge order: ♦ above ♣"
    hearts = CLASSIC.replace(suit_order="hearts-high")
    assert beats("2H", "2S", hearts) and beats("3D", "3C", hearts)
    assert beats("KH KC", "KS KD", hearts), "hearts high: K♥ tops K♠"


def test_without_suits_equal_plays_never_beat_each_other() -> None:
    """suits.none: a 3 can't beat another 3, an 8-high straight can't beat another; ranks
    still count."""
    rules = CLASSIC.replace(suit_order="none")
    assert not beats("3S", "3D", rules) and not beats("3D", "3S", rules)
    assert not beats("4S 5S 6H 7S 8S", "4D 5D 6D 7C 8D", rules)
    assert beats("4D", "3S", rules) and beats("5D 5C", "4S 4H", rules)


# --- five-card hands -------------------------------------------------------------------------


def test_classic_five_card_order_and_the_quads_kicker() -> None:
    """core.five, core.fullhouse, core.quads: straight < flush < full house < four of a kind
    + one < straight flush, any higher type beating any lower; 3-3-3-3-5 beats 2-2-2-A-A;
    a full house by its triple (9-9-9-4-4 beats 8-8-8-K-K); four alone is no play."""
    ladder = [
        "TD JC QH KS AS",
        "3H 5H 8H 9H JH",
        "4C 4D 4H 3S 3C",
        "5S 5H 5C 5D 3D",
        "3S 4S 5S 6S 7S",
    ]
    for low, high in itertools.pairwise(ladder):
        assert beats(high, low, CLASSIC) and not beats(low, high, CLASSIC)
    assert beats("3S 3H 3D 3C 5D", "2S 2H 2D AS AH", CLASSIC)
    assert beats("9S 9H 9D 4S 4H", "8S 8H 8D KS KH", CLASSIC)
    assert classify("7S 7H 7D 7C", CLASSIC) is None


def test_classic_straights_aces_at_either_end_no_wrap() -> None:
    """core.straight, straight.pagat: A-2-3-4-5 is the lowest straight, beaten by 2-3-4-5-6
    and 3-4-5-6-7; 10-J-Q-K-A the highest; K-A-2 and 2-A-K-Q-J are no straights; equal
    straights by the suit of the top card."""
    a2345, s23456, s34567 = "AS 2S 3H 4S 5S", "2D 3C 4D 5C 6D", "3D 4C 5D 6C 7D"
    assert beats(s23456, a2345, CLASSIC) and beats(s34567, s23456, CLASSIC)
    assert not beats(a2345, s23456, CLASSIC)
    assert beats("TD JC QD KC AD", "9S TS JS QS KH", CLASSIC)
    for run in ("JD QC KD AC 2D", "QD KC AD 2C 3D", "KD AC 2D 3C 4D"):
        assert classify(run, CLASSIC) is None, run
    assert beats("3D 4C 5D 6C 7S", "3S 4S 5H 6S 7H", CLASSIC), "7♠ beats 7♥"


def test_flushes_by_suit_first_then_top_card_with_twos_high() -> None:
    """core.flush: a flush in a higher suit beats any flush in a lower suit (000: ♠3-4-5-6-8
    beats ♥A-K-Q-10-8); in one suit the higher top card wins, a 2 being the highest (pagat:
    2-J-9-6-4 beats A-K-Q-10-7), then the next cards."""
    assert beats("3S 4S 5S 6S 8S", "AH KH QH TH 8H", CLASSIC)
    assert beats("2H JH 9H 6H 4H", "AH KH QH TH 7H", CLASSIC)
    assert not beats("AH KH QH TH 7H", "2H JH 9H 6H 4H", CLASSIC)
    assert beats("KC QC 9C 6C 4C", "KD JD 9D 6D 4D", CLASSIC)
    assert beats("AH KH QH TH 3H", "AH KH QH 9H 8H", CLASSIC), "same top: the next cards"


def test_flushes_by_high_card_suit_only_when_the_top_cards_tie() -> None:
    """flush.by_high_card (Hong Kong): the top card decides, the suit only when the top cards
    are of one rank — pagat's example 2-J-7-5-3 beats A-J-10-7-6, which beats A-K-J-9-8 (the
    last two differ in suit, so the higher suit wins although K beats J); 000: A-6-5-4-3 of
    diamonds beats K-Q-J-10-8 of spades."""
    rules = Rules.preset("hong-kong")
    assert beats("2D JD 7D 5D 3D", "AS JS TS 7S 6S", rules)
    assert beats("AS JS TS 7S 6S", "AH KH JH 9H 8H", rules)
    assert not beats("AH KH JH 9H 8H", "AS JS TS 7S 6S", rules)
    assert beats("AD 6D 5D 4D 3D", "KS QS JS TS 8S", rules)


def test_flushes_like_poker_suit_as_the_last_resort() -> None:
    """flush.poker: ranks top down like poker (000: A-Q-J-10-9 of clubs beats A-Q-J-10-8 of
    spades); only five equal ranks fall to the suit of the top card."""
    rules = CLASSIC.replace(flush_order="poker")
    assert beats("AC QC JC TC 9C", "AS QS JS TS 8S", rules)
    assert not beats("AS QS JS TS 8S", "AC QC JC TC 9C", rules)
    assert beats("AS QS JS TS 8S", "AH QH JH TH 8H", rules)


def test_a_straight_over_a_flush_and_only_a_royal_over_a_four() -> None:
    """five.straight_over_flush: the straight beats the flush, not the other way round; a
    full house still beats both. five.royal_only_beats_quads: pagat — A-K-Q-J-10 beats
    2-2-2-2-6, which beats 3-3-3-3-8, which beats K-Q-J-10-9 (suited)."""
    rules = CLASSIC.replace(straight_over_flush=True)
    straight, flush = "3D 4C 5D 6C 7D", "2S KS 9S 6S 4S"
    assert beats(straight, flush, rules) and not beats(flush, straight, rules)
    assert beats("4C 4D 4H 3S 3C", straight, rules)
    rules = CLASSIC.replace(royal_only_beats_quads=True)
    chain = ["KH QH JH TH 9H", "3S 3H 3C 3D 8D", "2S 2H 2C 2D 6D", "AD KD QD JD TD"]
    for low, high in itertools.pairwise(chain):
        assert beats(high, low, rules) and not beats(low, high, rules), (high, low)


def test_five_card_hands_of_the_same_type_only_or_by_card_value() -> None:
    """five.same_type_only: a full house can't be played over a straight. five.by_card_value:
    001 — 4-5-6-7-8 can be played on 7-7-7-6-6 though a full house is the higher type; the
    full house of 7s can't go on the 8-high straight."""
    rules = CLASSIC.replace(five_beating="same-type-only")
    assert not beats("4C 4D 4H 3S 3C", "3D 4S 5D 6C 7D", rules)
    assert beats("5C 5D 5H 3S 3C", "4C 4D 4S 3H 3D", rules)
    rules = CLASSIC.replace(five_beating="by-card-value")
    assert beats("4D 5C 6D 7C 8D", "7S 7H 7D 6S 6H", rules)
    assert not beats("7S 7H 7D 6S 6H", "4D 5C 6D 7C 8D", rules)


def test_poker_exact_full_house_of_twos_tops_aces_and_no_win_on_suit() -> None:
    """five.poker_exact: full house of 2s above full house of aces; an equal straight can't
    win on the suit of its top card."""
    rules = CLASSIC.replace(poker_exact=True, flush_order="poker")
    assert beats("2S 2H 2D 3S 3H", "AS AH AD KS KH", rules)
    assert not beats("3D 4C 5D 6C 7S", "3S 4S 5H 6S 7H", rules)


# --- straights of the regional presets -------------------------------------------------------


def test_hong_kong_a2345_tops_then_23456_and_jqka2_is_no_straight() -> None:
    """straight.hong_kong (hong-kong preset): 34567 < ... < 10JQKA < 23456 < A2345; J-Q-K-A-2
    invalid; between two A-2-3-4-5 the suit of the 2 decides (001)."""
    rules = Rules.preset("hong-kong")
    top, second, royal = "AD 2C 3D 4C 5D", "2D 3C 4D 5C 6D", "TS JS QS KS AH"
    assert beats(top, second, rules) and beats(second, royal, rules)
    assert not beats(royal, second, rules)
    assert classify("JD QC KD AC 2D", rules) is None
    assert beats("AD 2S 3D 4C 5C", "AS 2H 3S 4S 5S", rules), "2♠ beats 2♥ although 5♠ > 5♣"


def test_malaysia_taiwan_and_singapore_put_23456_on_top() -> None:
    """straight.malaysia: 10JQKA < A2345 < 23456, suit of the 2 breaking ties.
    straight.singapore (taiwan and singapore presets): A2345 < 34567 < ... < 10JQKA <
    23456."""
    rules = Rules.preset("malaysia")
    assert beats("2D 3C 4D 5C 6D", "AS 2S 3H 4S 5S", rules)
    assert beats("AD 2C 3D 4C 5D", "TS JS QS KS AH", rules)
    assert beats("2S 3C 4D 5C 6D", "2H 3S 4S 5S 6S", rules)
    for preset in ("taiwan", "singapore"):
        rules = Rules.preset(preset)
        assert beats("3D 4C 5D 6C 7D", "AS 2S 3H 4S 5S", rules), preset
        assert beats("2D 3C 4D 5C 6D", "TS JS QS KS AH", rules), preset
        assert not beats("AS 2S 3H 4S 5S", "3D 4C 5D 6C 7D", rules), preset


def test_indonesia_straights_with_a_two_beat_all_others_by_the_suit_of_the_two() -> None:
    """straight.indonesia_twos (indonesia preset): A-2-3-4-5 and 2-3-4-5-6 beat every other
    straight and between them the suit of the 2 decides (pagat: A-2-3-4-5 beats 2-3-4-5-6,
    which beats A-2-3-4-5)."""
    rules = Rules.preset("indonesia")
    assert beats("AD 2S 3D 4C 5C", "2H 3S 4S 5S 6D", rules)
    assert beats("2H 3S 4S 5S 6D", "AC 2D 3H 4H 5H", rules)
    assert beats("AC 2D 3H 4H 5H", "TS JS QS KS AH", rules)


def test_vietnam_and_tournament_straights() -> None:
    """straight.no_twos (vietnam), straight.indonesia (tournament): Vietnam has no straight
    with a 2; the J-Q-K-A-2 order puts J-Q-K-A-2 on top and has no A-2-3-4-5."""
    vietnam = Rules.preset("vietnam")
    for run in ("AD 2C 3D 4C 5D", "2D 3C 4D 5C 6D", "JD QC KD AC 2D"):
        assert classify(run, vietnam) is None, run
    tournament = Rules.preset("tournament")
    assert beats("JD QC KD AC 2D", "TS JS QS KS AH", tournament)
    assert classify("AD 2C 3D 4C 5D", tournament) is None


def test_wrap_around_and_boehnker_straights() -> None:
    """straight.wrap: Q-K-A-2-3 is the lowest straight, then K-A-2-3-4, and J-Q-K-A-2 the
    highest. straight.hk_boehnker: ranks 2 (high) to 3, 2 and 3 not consecutive — 7-6-5-4-3
    lowest, 2-A-K-Q-J highest, A-2-3-4-5 and 2-3-4-5-6 no straights."""
    rules = CLASSIC.replace(straight_order="wrap")
    qka23, ka234, jqka2 = "QD KC AD 2C 3D", "KD AC 2D 3C 4D", "JD QC KD AC 2D"
    assert beats(ka234, qka23, rules) and not beats(qka23, ka234, rules)
    assert beats("AD 2C 3D 4C 5D", ka234, rules)
    assert beats(jqka2, "TS JS QS KS AH", rules)
    rules = CLASSIC.replace(straight_order="hk-boehnker")
    assert beats("4D 5C 6D 7C 8D", "3S 4S 5H 6S 7S", rules)
    assert beats("JD QC KD AC 2D", "TS JS QS KS AH", rules)
    assert classify("AD 2C 3D 4C 5D", rules) is None
    assert classify("2D 3C 4D 5C 6D", rules) is None


# --- bombs and four-card plays ---------------------------------------------------------------


def test_taiwan_honour_hands_beat_a_single_two_in_play() -> None:
    """bomb.honours_beat_all (taiwan preset, Lukang): a straight flush answers a single 2♠
    and a pair; a plain straight can't."""
    rules = Rules.preset("taiwan")
    assert beats("3H 4H 5H 6H 7H", "AS AH", rules)
    assert not beats("TD JC QH KS AD", "2S", rules)
    hands = ["3C 2S 9D", "4D 4C 4H 4S 8H KD", "TD JC QH KS AD", "3H 5H 6H 7H 8S"]
    game = Game.deal(rules, hands=hands).play("3C").play("4D")
    game = game.play("pass").play("pass").play("2S")
    assert "4C 4H 4S 8H KD" not in offered(game), "three 4s left: no four"
    game = Game.deal(rules, hands=hands).play("3C").play("pass").play("pass").play("pass")
    game = game.play("2S")
    assert any(len(text.split()) == 5 for text in offered(game)), "four 4s + 1 on the 2♠"


def test_four_card_plays_quads_beat_two_pairs_and_need_no_kicker() -> None:
    """combo.four_card, combo.quads_alone, combo.no_quads_kicker (tournament preset): two
    pairs and four of a kind are four-card plays, any four beats any two pairs, fours beat
    lower fours, and four of a kind + one is no five-card hand."""
    rules = Rules.preset("tournament")
    assert beats("3S 3H 3D 3C", "2S 2H AS AH", rules)
    assert not beats("2S 2H AS AH", "3S 3H 3D 3C", rules)
    assert beats("5S 5H 5D 5C", "4S 4H 4D 4C", rules)
    assert classify("5S 5H 5D 5C 3D", rules) is None


def test_singapore_has_no_triples_nor_flushes() -> None:
    """combo.no_triples_no_flushes (singapore preset): only singles, pairs and five-card
    straights, full houses, fours and straight flushes."""
    rules = Rules.preset("singapore")
    assert classify("7S 7H 7D", rules) is None
    assert classify("2S KS 9S 6S 4S", rules) is None
    assert classify("7S 7H 7D 3S 3H", rules) is not None
    game = Game.deal(rules, hands=["3D 3C 3H 9S", "4D 5C", "6D 7C", "8D 9C"])
    assert "3D 3C 3H" not in offered(game) and "3D 3C" in offered(game)


def test_da_lao_er_full_house_cannot_beat_a_straight_but_a_four_can() -> None:
    """mode.da_lao_er: no flushes, a full house can't beat a straight (four of a kind + one
    still can)."""
    rules = Rules.preset("da-lao-er")
    straight = "3D 4C 5D 6C 7D"
    assert not beats("4S 4H 4D 3S 3H", straight, rules)
    assert beats("9S 9H 9D 9C 3H", straight, rules)
    assert classify("2S KS 9S 6S 4S", rules) is None


def test_a_dealt_four_of_a_kind_makes_twos_lowest() -> None:
    """cards.bomb_flips_twos: with a four of a kind dealt, 2s are the lowest cards — the 2♦
    is the lowest card, so its holder leads, and a 3 beats a 2♠."""
    rules = CLASSIC.replace(twos_low_on_quads=True)
    hands = ["3D 9S", "2D 5C", "8D 8C 8H 8S", "2S 6C"]
    game = Game.deal(rules, hands=hands)
    assert game.to_move == 1 and offered(game) <= {"2D", "2D 5C"} and "2D" in offered(game)
    game = game.play("2D").play("8D").play("pass").play("pass").play("pass")
    assert game.to_move == 2
    flipped = Game.deal(rules, hands=["3D 9S 4C", "2D 5C", "8D 8C 8H 8S", "2S 6C"], leader=3)
    flipped = flipped.play("2S")
    assert flipped.to_move == 0 and "3D" in offered(flipped), "a 3 beats the 2♠"


# --- first leads -----------------------------------------------------------------------------


def test_the_lead_card_alone_and_the_lowest_card_optional() -> None:
    """start.lead_card_alone (tournament preset), start.lowest_optional: the 3♦ must be led
    as a single under one; under the other its holder leads and need not play it."""
    hands = ["3D 3S 9H", "4D 4C", "5D 5C", "6D 6C"]
    alone = Game.deal(Rules.preset("tournament"), hands=hands)
    assert offered(alone) == {"3D"}
    with pytest.raises(IllegalMoveError):
        alone.play("3D 3S")
    optional = Game.deal(CLASSIC.replace(first_play="optional"), hands=hands)
    assert optional.to_move == 0 and {"9H", "3D 3S", "3D"} <= offered(optional)
    assert optional.play("9H").to_move == 1


def test_without_the_three_of_diamonds_the_lowest_dealt_card_leads() -> None:
    """deal.thirteen_each, suits.lead_lowest: with part of the pack dealt the holder of the
    lowest dealt card leads, and must play it."""
    rules = CLASSIC.replace(players=2, cards_each=3)
    game = Game.deal(rules, hands=["4D 9S KH", "3C 5H 7D"])
    assert game.to_move == 1 and all("3C" in text.split() for text in offered(game))


def test_later_deals_are_led_by_the_previous_winner_with_any_play() -> None:
    """start.winner_leads (hong-kong preset): only a session's first deal starts with the
    3♦; the next deal is led by the previous winner, free to lead any play."""
    rules = Rules.preset("hong-kong")
    session = Session.start(rules, seed=5)
    first = session.next_deal()
    while not first.is_over:
        first = first.play(first.legal_moves()[0])
    session = session.finish(first)
    second = session.next_deal()
    assert first.winner is not None and second.to_move == first.winner
    hand = second.hands[first.winner]
    assert len(offered(second)) > 1
    singles = {text for text in offered(second) if len(text.split()) == 1}
    assert len(singles) == hand.bit_count(), "every card may be led alone"


# --- end of the deal and scoring -------------------------------------------------------------


def test_the_deal_ends_at_the_first_player_out_and_scores_wikipedias_example() -> None:
    """core.end, core.score, score.wikipedia, core.counts: every seat sees every count; the
    deal stops when a player is out (nobody
    plays on it); losers with 3, 11 and 8 cards (all having played) score -3, -22, -8 and
    the winner +33."""
    spare = "5C 5H 5S 7C 7H 7S 9C 9H 9S JC JH JS KC"
    hands = [
        "3D 2S",
        "4D KH KS AD",
        "6D " + " ".join(spare.split()[:11]),
        "8D QC QH QS AC AH AS TC TH",
    ]
    game = Game.deal(CLASSIC, hands=hands).play("3D").play("4D").play("6D").play("8D")
    for seat in range(4):
        assert game.view(seat).counts == (1, 3, 11, 8)
        assert game.view(seat).hand_mask == game.hands[seat]
    game = game.play("2S")
    assert game.is_over and game.winner == 0 and cards_left(game) == [0, 3, 11, 8]
    assert game.scores == (33, -3, -22, -8)
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.play("pass")


def test_a_player_who_never_played_pays_three_a_card() -> None:
    """core.score: all 13 cards left (never played) pay 3 each, 39; 10 cards pay 20; 9 pay
    9."""
    hand13 = "4C 4H 4S 6C 6H 6S 8C 8H 8S TC TH TS QC"
    hands = [
        "3D 2S",
        "5D " + "KH KS AD AH AS 7C 7H 7S 9C 9H",
        hand13,
        "QH QS JC JH JS 5C 5H 5S 9S 3C 6D",
    ]
    game = Game.deal(CLASSIC, hands=hands).play("3D").play("5D").play("pass").play("6D")
    game = game.play("2S")
    assert game.is_over and cards_left(game) == [0, 10, 13, 10]
    assert game.scores == (20 + 39 + 20, -20, -39, -20)


def test_three_players_17_cards_triple_12_to_16_double() -> None:
    """score.three_player: with three players 17 cards left pay 3 a card, 12 to 16 pay 2."""
    rules = CLASSIC.replace(players=3)
    deck = [f"{r}{s}" for r in "3456789TJQKA2" for s in "DCHS"]
    seat0 = ["3D", "4D", "2S"]
    rest = [c for c in deck if c not in seat0]
    seat1, seat2 = rest[:17], rest[17:30]
    hands = [" ".join(seat0), " ".join(seat1), " ".join(seat2)]
    answer = next(c for c in seat2 if c.endswith("D") and c > "4")
    game = Game.deal(rules, hands=hands).play("3D").play("pass").play(answer)
    game = game.play("2S").play("pass").play("pass").play("4D")
    assert game.is_over and cards_left(game) == [0, 17, 12]
    assert game.scores == (51 + 24, -51, -24)


def test_a_forgotten_last_card_announcement_makes_the_winner_pay() -> None:
    """last.announce: a player left with one card must announce it before anyone else acts;
    one who forgets and then wins takes the penalty of every other player, who score 0."""
    rules = CLASSIC.replace(announce="one-card")
    hands = ["3D 4D 2S", "5D 6C 7C", "6D 8C 9C", "7D TC JC"]
    start = Game.deal(rules, hands=hands).play("3D").play("5D").play("6D").play("7D")
    start = start.play("2S")
    assert "announce" in offered(start, 0)
    told = passes(start.play("announce", seat=0), 3).play("4D")
    assert told.is_over and told.scores == (6, -2, -2, -2)
    forgot = passes(start, 3)
    assert "announce" not in offered(forgot, 0)
    forgot = forgot.play("4D")
    assert forgot.is_over and forgot.winner == 0 and forgot.scores == (-6, 0, 0, 0)


def test_the_player_who_let_a_single_win_pays_for_everyone() -> None:
    """score.assistance: A leads a low single while holding one that would have stopped B,
    next in turn with one card; B goes out with it, so A pays every loser's penalty and the
    other losers pay nothing."""
    rules = CLASSIC.replace(assistance=True)
    hands = ["3D 4D AS 2S", "5D KH", "6D 7C 8C", "9D TC JC"]
    game = Game.deal(rules, hands=hands).play("3D").play("5D").play("6D").play("9D")
    game = passes(game.play("AS"), 3)
    assert game.to_move == 0 and game.table is None
    game = game.play("4D").play("KH")
    assert game.is_over and game.winner == 1 and cards_left(game) == [1, 0, 2, 2]
    assert game.scores == (-5, 5, 0, 0)
    plain = Game.deal(CLASSIC, hands=hands).play("3D").play("5D").play("6D").play("9D")
    plain = passes(plain.play("AS"), 3).play("4D").play("KH")
    assert plain.scores == (-1, 5, -2, -2)
    # holding nothing above the last card, A pays only its own
    rules = CLASSIC.replace(assistance=True)
    hands = ["3D 4D AS 5C", "5D 2S", "6D 7C 8C", "9D TC JC"]
    game = Game.deal(rules, hands=hands).play("3D").play("5D").play("6D").play("9D")
    game = passes(game.play("AS"), 3).play("4D").play("2S")
    assert game.is_over and game.winner == 1 and game.scores == (-1, 5, -2, -2)


def test_pusoy_dos_points_double_for_each_two_in_the_last_play() -> None:
    """score.pusoy_dos (philippines preset): the winner scores 1, 2, 4, 8 or 16 as the last
    play holds 0 to 4 twos; the others score nothing. 3♣ leads."""
    rules = Rules.preset("philippines")
    hands = ["3C 2D 2H", "4C 5C 6C", "7C 8C 9C", "TC JC QC"]
    game = passes(Game.deal(rules, hands=hands).play("3C"), 3).play("2D 2H")
    assert game.is_over and game.winner == 0 and game.scores == (4, 0, 0, 0)
    single = passes(Game.deal(rules, hands=["3C 9D", *hands[1:]]).play("3C"), 3).play("9D")
    assert single.scores == (1, 0, 0, 0)


def test_indonesian_scoring() -> None:
    """score.indonesia: an unbeaten four of a kind scores 20 for its player (pagat's -20,
    negated so that higher is better), finishing with a single 2 scores 10, with a pair of 2s
    20; losers pay 1 a card and 5 a 2, doubled with 11 or 12 cards, tripled with 13."""
    rules = CLASSIC.replace(scoring="indonesia")
    hands = ["3D AS 3C 4H 5C 6H 7C 8C", "4D 9S 9H 9D 9C 8D 2S", "5D TD TC", "6D 2D JC QC"]
    game = Game.deal(rules, hands=hands).play("3D").play("4D").play("5D").play("6D")
    game = passes(game.play("AS"), 3).play("3C 4H 5C 6H 7C").play("8D 9S 9H 9D 9C")
    game = passes(game, 3).play("2S")
    assert game.is_over and game.winner == 1 and cards_left(game) == [1, 0, 2, 3]
    assert game.scores == (-1, 30, -2, -7)
    rules = CLASSIC.replace(scoring="indonesia")
    eleven = "4H 4S 5H 5S 6H 6S 7H 7S 8H 8S 2C"
    thirteen = "9D 9C TD TC TH JD JH JS QD QH QS KD KH"
    hands = ["3D AD 2S 2H", "4D 5C 6D 7D", "5D " + eleven, thirteen]
    game = Game.deal(rules, hands=hands).play("3D").play("4D").play("5D").play("pass")
    game = passes(game.play("AD"), 3).play("2S 2H")
    assert game.is_over and cards_left(game) == [0, 3, 11, 13]
    assert game.scores == (20, -3, -30, -39)


# --- instant wins, dealing and sessions ------------------------------------------------------


def test_three_players_the_leftover_card_goes_to_the_three_of_diamonds() -> None:
    """deal.leftover_to_lead: three players get 17 each and the 52nd card goes to the holder
    of 3♦ (to the next lowest holder when it is the 3♦ itself), who then holds 18 and the
    3♦, and leads."""
    rules = CLASSIC.replace(players=3)
    three_d = 0  # the 3♦ is card 0 in the documented order "3D … 2S"
    for seed in range(6):
        game = Game.deal(rules, seed=seed)
        sizes = cards_left(game)
        assert sorted(sizes) == [17, 17, 18], seed
        big = sizes.index(18)
        assert game.hands[big] >> three_d & 1, seed
        assert game.to_move == big, seed


def test_a_dealt_dragon_wins_and_scores_as_if_nobody_played() -> None:
    """instant.dragon (hong-kong preset): a dealt 3-to-2 straight wins at once; the others pay
    as if they held 13 cards unplayed, 39 each, 117 in all."""
    dragon = "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D"
    deck = [f"{r}{s}" for r in "3456789TJQKA2" for s in "DCHS"]
    rest = [c for c in deck if c not in dragon.split()]
    hands = [" ".join(rest[:13]), dragon, " ".join(rest[13:26]), " ".join(rest[26:])]
    game = Game.deal(Rules.preset("hong-kong"), hands=hands)
    assert game.is_over and game.winner == 1
    assert game.scores == (-39, 117, -39, -39)


# --- playing on after the first player is out ------------------------------------------------


@pytest.mark.parametrize("preset", ["classic", "president"])
def test_an_unbeatable_last_play_ends_the_trick_and_the_next_player_leads(preset: str) -> None:
    """trick.unbeatable_ends with mode.until_last and mode.president: a player going out on the
    2♠ ends the trick at once (the passes would be mere formalities), and the lead goes to
    the next player after the one who went out, free to lead anything."""
    rules = Rules.preset(preset).replace(mode="until-last", unbeatable_ends=True)
    if preset == "president":
        rules = Rules.preset(preset).replace(unbeatable_ends=True)
    hands = ["3D 2S", "4D 5D 6D", "7D 8D 9D", "TD JD QD"]
    game = Game.deal(rules, hands=hands).play("3D").play("4D").play("7D").play("TD")
    game = game.play("2S")
    assert not game.is_over and game.out == (0,)
    assert game.table is None and game.to_move == 1
    assert {"5D", "6D"} <= offered(game)


def test_penning_the_lowest_card_leads_the_play_for_second_place() -> None:
    """suits.penning, mode.until_last (hawaii preset): once the winner's last trick is over
    the holder of the lowest card (3♦ is lowest left under ♦>♥>♠>♣ once 3♣ is played) leads."""
    hands = ["3C AS", "4C 5C 6C", "7C 8C 9C", "TC JC 3D"]
    game = Game.deal(Rules.preset("hawaii"), hands=hands)
    game = game.play("3C").play("4C").play("7C").play("TC").play("AS")
    assert game.out == (0,) and not game.is_over
    game = passes(game, 3)
    assert game.table is None and game.to_move == 3


def test_a_pass_draws_from_the_stock_and_big_hands_pay_three_a_card() -> None:
    """deal.draw_on_pass, core.score: two players with 13 cards each; a player who passes on
    a play draws one card (or as many as the play held), and a loser holding more than 13
    cards pays 3 a card like one with 13 (pagat's three-player note)."""
    rules = CLASSIC.replace(players=2, cards_each=13, draw_on_pass="one")
    game = Game.deal(rules, seed=3)
    leader = game.to_move
    single = next(m for m in game.legal_moves() if len(str(m).split()) == 1)
    game = game.play(single).play("pass")
    assert cards_left(game)[1 - leader] == 14 and cards_left(game)[leader] == 12
    sized = Game.deal(rules.replace(draw_on_pass="play-size"), seed=3)
    pair = next(m for m in sized.legal_moves() if len(str(m).split()) == 2)
    sized = sized.play(pair).play("pass")
    assert cards_left(sized)[1 - leader] == 15
    while not game.is_over:  # the leader plays on, the other passes whenever it may
        moves = game.legal_moves()
        plays = [m for m in moves if not m.is_pass]
        may_pass = any(m.is_pass for m in moves)
        game = game.play("pass" if game.to_move != leader and may_pass else plays[0])
    assert game.winner == leader
    loser = 1 - leader
    held = cards_left(game)[loser]
    assert held > 13 and game.scores[loser] == -3 * held
