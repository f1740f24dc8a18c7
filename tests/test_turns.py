"""Trick and turn rules: ``trick.*`` and ``last.*``, each played from a fixed deal."""

from __future__ import annotations

import pytest

from bigtwo import PASS, Game, IllegalMoveError, Rules
from bigtwo.rules.options import Announce, Direction, LastPlayBan
from conftest import covers, m, moves

# --- trick.no_play_after_pass ------------------------------------------------------------

# pagat's example: you hold 3-3-8-8-10-10; the second player holds 2-2 and no other pair
PAGAT = ["3D 3C 8D 8C TD TC", "2D 2S 4C 6H 9S KH", "5D 7C JH QS AD", "4H 6S 9C JD QC"]


@covers("trick.no_play_after_pass")
def test_trick_no_play_after_pass_pagat_example() -> None:
    rules = Rules(no_play_after_pass=True)
    game = Game.deal(rules, hands=PAGAT)
    game = game.play("3D 3C")
    assert "2D 2S" in moves(game)  # seat 1 could beat it, but keeps the 2s back
    game = game.play("pass").play("pass").play("pass")
    # nobody beat 3-3: the leader may beat their own play (or pass to lead afresh)
    assert game.to_move == 0 and game.table is not None and str(game.table) == "3D 3C"
    assert {"8D 8C", "TD TC", "pass"} <= moves(game)
    game = game.play("8D 8C")
    # the player with 2-2 passed in this trick: not allowed to play, so it's seat 0 again
    assert game.to_move == 0
    assert game.legal_moves(1) == []
    with pytest.raises(IllegalMoveError):
        game.play("2D 2S", seat=1)
    game = game.play("TD TC")
    assert game.is_over and game.end == "out" and game.winner == 0
    assert [h.bit_count() for h in game.hands] == [0, 6, 5, 5]


@covers("trick.no_play_after_pass")
def test_trick_no_play_after_pass_is_off_by_default() -> None:
    game = Game.deal(Rules(), hands=PAGAT)
    game = game.play("3D 3C").play("pass").play("pass").play("pass")
    assert game.table is None and game.to_move == 0, "classic: the trick is over"
    game = game.play("8D 8C")
    assert game.to_move == 1 and "2D 2S" in moves(game)
    game = game.play("2D 2S")
    assert game.table is not None and str(game.table) == "2D 2S"


@covers("trick.no_play_after_pass")
def test_trick_no_play_after_pass_skips_passed_players() -> None:
    rules = Rules(no_play_after_pass=True)
    hands = ["3D 9D JD", "4D 5C", "5D TD", "6D QD"]
    game = Game.deal(rules, hands=hands).play("3D").play("pass")
    game = game.play("5D").play("6D").play("9D")
    assert game.to_move == 2, "seat 1 passed in this trick and is skipped"
    classic = Game.deal(Rules(), hands=hands).play("3D").play("pass")
    classic = classic.play("5D").play("6D").play("9D")
    assert classic.to_move == 1


@covers("trick.no_play_after_pass")
def test_trick_no_play_after_pass_leader_passes_to_lead_afresh() -> None:
    rules = Rules(no_play_after_pass=True)
    game = Game.deal(rules, hands=PAGAT).play("3D 3C").play("pass").play("pass").play("pass")
    game = game.play("pass")
    assert game.table is None and game.to_move == 0
    game = game.play("8D")  # a fresh lead: a single is fine now
    assert game.to_move == 1 and "2S" in moves(game), "a new trick: everyone may play again"


@covers("trick.no_play_after_pass")
def test_trick_no_play_after_pass_indonesia_preset() -> None:
    rules = Rules.preset("indonesia")
    assert rules.no_play_after_pass
    # clockwise: seat 3 answers seat 0
    hands = ["3D 5D 6C", "4D 9D", "7D 8D", "4S 2S"]
    game = Game.deal(rules, hands=hands)
    game = game.play("3D")
    assert game.to_move == 3
    game = game.play("pass")
    game = game.play("7D")  # seat 2
    game = game.play("9D")  # seat 1
    assert game.to_move == 0, "seat 3 passed, so play skips it"
    game = game.play("pass")
    assert game.to_move == 2
    game = game.play("pass")
    assert game.to_move == 1 and game.table is not None, "seat 1 may beat its own 9D"
    game = game.play("pass")
    assert game.table is None and game.to_move == 1


# --- trick.one_pass_ends -------------------------------------------------------------------

HANDS = ["3D 5D 2S 2H 7C", "4D 6D 8C", "9D TD JC", "QD KD AC"]


@covers("trick.one_pass_ends")
def test_trick_one_pass_ends() -> None:
    rules = Rules(one_pass_ends=True)
    game = Game.deal(rules, hands=HANDS)
    game = game.play("3D").play("4D").play("pass")
    assert game.table is None and game.to_move == 1, "one pass: the last player leads"
    classic = Game.deal(Rules(), hands=HANDS).play("3D").play("4D").play("pass")
    assert classic.table is not None and classic.to_move == 3


# --- trick.unbeatable_ends -----------------------------------------------------------------


@covers("trick.unbeatable_ends")
def test_trick_unbeatable_ends_two_of_spades() -> None:
    rules = Rules(unbeatable_ends=True)
    game = Game.deal(rules, hands=HANDS).play("3D").play("4D").play("9D").play("QD")
    game = game.play("2S")
    assert game.table is None and game.to_move == 0, "2S can't be beaten: seat 0 leads again"
    assert game.hands[0] == m("5D 2H 7C")
    classic = Game.deal(Rules(), hands=HANDS).play("3D").play("4D").play("9D").play("QD")
    classic = classic.play("2S")
    assert classic.table is not None and classic.to_move == 1
    assert moves(classic) == {"pass"}


@covers("trick.unbeatable_ends")
def test_trick_unbeatable_ends_pair_with_two_of_spades() -> None:
    rules = Rules(unbeatable_ends=True)
    others = ["6D 8H", "7D 9H"]
    game = Game.deal(rules, hands=["3D 2S 2H 5C", "4D 2D 2C", *others]).play("3D")
    game = game.play("pass").play("pass").play("pass").play("2H 2S")
    assert game.table is None and game.to_move == 0
    # a pair of 2s without the spade can still be beaten
    game = Game.deal(rules, hands=["3D 2D 2C 5C", "4D 2S 2H", *others]).play("3D")
    game = game.play("pass").play("pass").play("pass").play("2D 2C")
    assert game.table is not None and game.to_move == 1 and "2H 2S" in moves(game)


@covers("trick.unbeatable_ends")
def test_trick_unbeatable_ends_decided_by_cards_still_out() -> None:
    rules = Rules(unbeatable_ends=True)
    # no 2 is dealt: the ace of spades is the top single left
    game = Game.deal(rules, hands=["3D AS KC 5C", "4D AH", "5D KH", "6D QH"]).play("3D")
    game = game.play("4D").play("5D").play("6D").play("AS")
    assert game.table is None and game.to_move == 0
    game = game.play("KC")
    assert game.table is not None and game.to_move == 1  # AH can beat it


@covers("trick.unbeatable_ends", "suits.penning")
def test_an_unbeatable_last_play_under_penning_hands_the_lead_to_the_lowest_card() -> None:
    """Going out on the 2♦ (the top card under ♦ > ♥ > ♠ > ♣) ends the trick at once, and the
    holder of the lowest card left leads the play for second place, not the next seat."""
    rules = Rules.preset("hawaii").replace(unbeatable_ends=True)
    game = Game.deal(rules, hands=["3C 2D", "4C 5C 6C", "7C 8C 9C", "TC JC 3D"])
    game = game.play("3C").play("4C").play("7C").play("TC").play("2D")
    assert game.out == (0,) and game.table is None
    assert game.to_move == 3  # 3♦, the lowest card still held; seat 1 is next in turn


# --- trick.three_threes --------------------------------------------------------------------

THREES = ["3D 3C 3H 9C", "2D 2C 2H 4D", "5D 5C 5H 6D", "7D 8D 9D TD"]


@covers("trick.three_threes")
def test_trick_three_threes_next_player_must_play_three_twos() -> None:
    rules = Rules(three_threes=True)
    game = Game.deal(rules, hands=THREES).play("3D 3C 3H")
    assert game.to_move == 1
    assert moves(game) == {"2D 2C 2H"}
    with pytest.raises(IllegalMoveError, match="three 2s") as refused:
        game.play("pass")
    assert (refused.value.code, refused.value.params) == ("must_play", {"rule": "three_threes"})
    game = game.play("2D 2C 2H")
    assert game.to_move == 2 and "pass" in moves(game)


@covers("trick.three_threes")
def test_trick_three_threes_only_the_next_player_and_only_with_three_twos() -> None:
    rules = Rules(three_threes=True)
    hands = ["3D 3C 3H 9C", "4D 6C 2H", "2D 2C 2S 4H", "7D 8D 9D TD"]
    game = Game.deal(rules, hands=hands).play("3D 3C 3H")
    assert moves(game) == {"pass"}, "seat 1 holds no three 2s"
    game = game.play("pass")
    assert "pass" in moves(game), "seat 2 isn't the next player after the lead"
    classic = Game.deal(Rules(), hands=THREES).play("3D 3C 3H")
    assert moves(classic) == {"2D 2C 2H", "pass"}


@covers("trick.three_threes")
def test_trick_three_threes_any_higher_triple_satisfies() -> None:
    rules = Rules(three_threes=True)
    hands = ["3D 3C 3H 9C", "2D 2C 2H 5D 5C 5H", "4D", "7D"]
    game = Game.deal(rules, hands=hands).play("3D 3C 3H")
    assert moves(game) == {"2D 2C 2H", "5D 5C 5H"}


# --- last.announce -------------------------------------------------------------------------

ANN = ["3D 4D 2S", "5D 6D 7D 8D", "9D TD JD QD", "KD AD 3C 4C"]


def _down_to_one(rules: Rules) -> Game:
    game = Game.deal(rules, hands=ANN)
    game = game.play("3D").play("5D").play("9D").play("KD")
    game = game.play("2S")  # seat 0 keeps 4D
    game = game.play("pass").play("pass").play("pass")
    assert game.to_move == 0 and game.hands[0] == m("4D")
    return game


@covers("last.announce")
def test_last_announce_then_win() -> None:
    rules = Rules(announce=Announce.ONE_CARD)
    game = Game.deal(rules, hands=ANN)
    game = game.play("3D").play("5D").play("9D").play("KD").play("2S")  # seat 0 keeps 4D
    assert game.to_move == 1 and 0 in game.awaiting
    assert "announce" in moves(game, 0), "due right after the play that leaves one card"
    game = game.play("announce", seat=0)
    assert game.to_move == 1, "announcing is not a turn"
    assert "announce" not in moves(game, 0), "once is enough"
    game = game.play("pass").play("pass").play("pass").play("4D")
    assert game.is_over and game.winner == 0
    outcome = game.outcome()
    assert outcome is not None and not outcome.forgot_announce


@covers("last.announce")
def test_last_announce_forgotten() -> None:
    rules = Rules(announce=Announce.ONE_CARD)
    game = _down_to_one(rules)
    assert "announce" not in moves(game), "too late: the others have acted since"
    game = game.play("4D")
    assert game.is_over and game.winner == 0
    outcome = game.outcome()
    assert outcome is not None and outcome.forgot_announce


@covers("last.announce")
def test_last_announce_not_before_last_card_nor_after_others_act() -> None:
    rules = Rules(announce=Announce.ONE_CARD)
    game = Game.deal(rules, hands=ANN).play("3D")
    assert "announce" not in moves(game, 0), "two cards left: nothing to announce"
    with pytest.raises(IllegalMoveError, match="announce"):
        game.play("announce", seat=0)
    game = game.play("5D").play("9D").play("KD").play("2S")
    game = game.play("pass")
    assert 0 not in game.awaiting
    with pytest.raises(IllegalMoveError, match="announce"):
        game.play("announce", seat=0)


@covers("last.announce")
def test_last_announce_off_by_default() -> None:
    game = _down_to_one(Rules())
    assert "announce" not in moves(game)
    game = game.play("4D")
    outcome = game.outcome()
    assert outcome is not None and not outcome.forgot_announce


@covers("last.announce")
def test_last_announce_indonesia_one_or_two() -> None:
    rules = Rules(announce=Announce.ONE_OR_TWO)
    game = Game.deal(rules, hands=ANN).play("3D")
    assert "announce" in moves(game, 0), "two cards left must be announced in Indonesia"
    game = game.play("announce", seat=0)
    game = game.play("5D").play("9D").play("KD").play("2S")
    assert "announce" in moves(game, 0), "and one card left again"
    game = game.play("announce", seat=0)
    game = game.play("pass").play("pass").play("pass").play("4D")
    outcome = game.outcome()
    assert outcome is not None and not outcome.forgot_announce
    # announcing at two cards but not at one is forgetting
    game = Game.deal(rules, hands=ANN).play("3D").play("announce", seat=0)
    game = game.play("5D").play("9D").play("KD").play("2S").play("pass").play("pass")
    game = game.play("pass").play("4D")
    outcome = game.outcome()
    assert outcome is not None and outcome.forgot_announce


# --- last.precaution -----------------------------------------------------------------------

PRE = ["3D 5D 9C KH 2D 6S 6H", "4D 8S", "7D 7C JD", "TD QC QH"]


@covers("last.precaution")
def test_last_precaution_following() -> None:
    rules = Rules(precaution=True)
    hands = ["3D 5D 9C KH 2D 6S 6H", "4D 8S", "7C JD", "TD QC QH"]
    game = Game.deal(rules, hands=hands).play("3D").play("4D")
    assert game.hands[1] == m("8S")
    game = game.play("7C").play("TD")
    # seat 0 plays just before seat 1, who holds one card: only the highest single may follow
    assert game.to_move == 0
    assert moves(game) == {"2D", "pass"}
    with pytest.raises(IllegalMoveError, match="highest single") as refused:
        game.play("KH")
    assert refused.value.code == "turn_rule"
    assert refused.value.params == {"rule": "precaution", "card": "2D"}  # for a front end
    classic = Game.deal(Rules(), hands=hands).play("3D").play("4D").play("7C").play("TD")
    assert {"KH", "2D", "pass"} <= moves(classic)


@covers("last.precaution")
def test_last_precaution_leading() -> None:
    rules = Rules(precaution=True)
    hands = ["3D 5D 9C KH 2D 6S 6H", "4D 8S", "7C JD", "TD QC QH"]
    game = Game.deal(rules, hands=hands).play("3D").play("4D")
    game = game.play("pass").play("pass").play("2D")
    game = game.play("pass").play("pass").play("pass")
    assert game.table is None and game.to_move == 0 and game.hands[1] == m("8S")
    legal = moves(game)
    singles = {mv for mv in legal if " " not in mv}
    assert singles == {"KH"}, "the highest single, or a combination"
    assert "6H 6S" in legal
    game = game.play("6H 6S")
    assert game.to_move == 1 and moves(game) == {"pass"}


@covers("last.precaution")
def test_last_precaution_follows_the_direction_of_play() -> None:
    rules = Rules(precaution=True, direction=Direction.CLOCKWISE)
    hands = ["3D 5D 9C KH 2D 6S 6H", "4D 8S", "7C JD", "TD QC QH"]
    # clockwise, seat 0 plays before seat 3: seat 1's single card doesn't matter to it
    game = Game.deal(rules, hands=hands).play("3D")
    game = game.play("pass").play("pass").play("4D")
    assert game.to_move == 0 and {"5D", "9C", "KH", "2D"} <= moves(game)


# --- last.no_single_two --------------------------------------------------------------------


@covers("last.no_single_two")
def test_last_no_single_two_must_not_win_with_a_single_two() -> None:
    rules = Rules(last_play_ban=LastPlayBan.SINGLE_TWO)
    hands = ["3D 2H", "4D 5D 6D", "7D 8D 9D", "TD JD QD"]
    game = Game.deal(rules, hands=hands).play("3D").play("4D").play("7D").play("TD")
    assert game.to_move == 0
    assert moves(game) == {"pass"}, "2H is the last card: it can't end the deal"
    with pytest.raises(IllegalMoveError, match="last play") as refused:
        game.play("2H")
    assert refused.value.params == {"rule": "last_play", "play": "2H"}
    # a single 2 that isn't the last card is fine
    game = Game.deal(rules, hands=["3D 2H 5C", *hands[1:]]).play("3D").play("4D")
    game = game.play("7D").play("TD")
    assert "2H" in moves(game)


@covers("last.no_single_two")
def test_last_no_single_two_stuck_leader_passes_the_lead() -> None:
    rules = Rules(last_play_ban=LastPlayBan.SINGLE_TWO)
    hands = ["3D 2H", "4D 5D", "6D 7D", "8D 9D"]
    game = Game.deal(rules, hands=hands).play("3D").play("pass").play("pass").play("pass")
    assert game.table is None and game.to_move == 0
    assert game.legal_moves() == [PASS]
    game = game.play("pass")
    assert game.to_move == 1 and game.table is None
    game = game.play("4D")
    assert game.to_move == 2


@covers("last.no_single_two")
def test_last_no_single_two_everyone_stuck_is_a_draw() -> None:
    rules = Rules(players=2, last_play_ban=LastPlayBan.SINGLE_TWO)
    game = Game.deal(rules, hands=["3D 2S", "4D 2H"]).play("3D").play("4D")
    assert game.to_move == 0 and moves(game) == {"pass"}
    game = game.play("pass")
    assert game.table is None and game.to_move == 1 and moves(game) == {"pass"}
    game = game.play("pass")
    assert game.to_move == 0 and moves(game) == {"pass"}
    game = game.play("pass")
    assert game.is_over and game.end == "draw" and game.winner is None
    assert game.scores == (0, 0)


@covers("last.no_single_two")
def test_last_no_single_two_option_pair_of_twos() -> None:
    hands = ["3D 2H 2C", "4D 5D 6D", "7D 8D 9D", "TD JD QD"]
    game = Game.deal(Rules(last_play_ban=LastPlayBan.TWOS), hands=hands).play("3D")
    game = game.play("pass").play("pass").play("pass")
    assert "2C 2H" not in moves(game) and {"2C", "2H"} <= moves(game)
    single_only = Game.deal(Rules(last_play_ban=LastPlayBan.SINGLE_TWO), hands=hands)
    single_only = single_only.play("3D").play("pass").play("pass").play("pass")
    assert "2C 2H" in moves(single_only)
    won = single_only.play("2C 2H")
    assert won.is_over and won.winner == 0


@covers("last.no_single_two")
def test_last_no_single_two_hong_kong_preset() -> None:
    rules = Rules.preset("hong-kong")
    assert rules.last_play_ban is LastPlayBan.SINGLE_TWO
    hands = ["3D 2D", "4D 5D", "6D 7D", "8D 9D"]
    game = Game.deal(rules, hands=hands).play("3D").play("pass").play("pass").play("pass")
    assert moves(game) == {"pass"}


# --- last.no_two_spades ---------------------------------------------------------------------


@covers("last.no_two_spades")
def test_last_no_two_spades_single() -> None:
    rules = Rules(last_play_ban=LastPlayBan.TWO_SPADES)
    hands = ["3D 2S", "4D 5D", "6D 7D", "8D 9D"]
    game = Game.deal(rules, hands=hands).play("3D").play("pass").play("pass").play("pass")
    assert moves(game) == {"pass"}
    # another 2 may end the deal under this rule
    game = Game.deal(rules, hands=["3D 2H", *hands[1:]]).play("3D")
    game = game.play("pass").play("pass").play("pass")
    won = game.play("2H")
    assert won.is_over and won.winner == 0
    # and a pair holding 2S may end it too
    game = Game.deal(rules, hands=["3D 2S 2H", *hands[1:]]).play("3D")
    game = game.play("pass").play("pass").play("pass")
    assert "2H 2S" in moves(game) and "2S" in moves(game)


@covers("last.no_two_spades")
def test_last_no_two_spades_option_any_play() -> None:
    rules = Rules(last_play_ban=LastPlayBan.ANY_TWO_SPADES)
    hands = ["3D 2S 2H", "4D 5D", "6D 7D", "8D 9D"]
    game = Game.deal(rules, hands=hands).play("3D").play("pass").play("pass").play("pass")
    assert "2H 2S" not in moves(game), "no play holding 2S may end the deal"
    assert {"2H", "2S"} <= moves(game)
    five = ["3D 3C 3H 3S 2S", "4D 5D", "6D 7D", "8D 9D"]
    game = Game.deal(rules, hands=five)
    assert "3D 3C 3H 3S 2S" not in moves(game) and "3D 3C 3H 3S" not in moves(game)
    single = Game.deal(rules.replace(last_play_ban=LastPlayBan.TWO_SPADES), hands=five)
    won = single.play("3D 3C 3H 3S 2S")
    assert won.is_over and won.winner == 0


@covers("last.announce")
def test_last_announce_is_missed_by_a_player_who_keeps_the_lead_and_plays_on() -> None:
    # pagat's Indonesian example: nobody may answer 8-8 (all passed the 3-3), so its player
    # goes straight on; going out with 10-10 without announcing the two cards costs the deal
    rules = Rules.preset("indonesia").replace(cards_each=6)
    hands = ["3D 3C 8D 8C TD TC", "2D 2C 4S 5H 6S 7H", "4D 4C 5S 6H 7S 9H", "5D 5C 6D 7C 9D JH"]
    start = Game.deal(rules, hands=hands)
    game = start
    for move in ("3D 3C", "pass", "pass", "pass", "8D 8C"):
        game = game.play(move, seat=game.to_move)
    assert game.to_move == 0 and "announce" in {str(m) for m in game.legal_moves()}
    silent = game.play("TD TC")
    outcome = silent.outcome()
    assert outcome is not None and outcome.forgot_announce
    assert silent.scores is not None and silent.scores[0] < 0
    assert all(x == 0 for x in silent.scores[1:])
    told = game.play("announce").play("TD TC")
    assert told.scores is not None and told.scores[0] > 0
