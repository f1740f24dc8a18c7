"""Immediate wins and redeals: ``instant.*`` and ``redeal.*``, from fixed deals."""

from __future__ import annotations

import random

import pytest

from bigtwo import Game, IllegalMoveError, Rules
from bigtwo.cards import deck, format_cards, mask_of, parse_cards
from bigtwo.engine import opening
from bigtwo.rules.options import FourTwos
from bigtwo.session import Session
from conftest import covers, moves


def plain(hand: int) -> bool:
    """Does a filler hand claim nothing: no dragon, dragun, four 2s, weak or face-less hand?"""
    loose = Rules(weak_hand_redeal=True, no_faces_redeal=True)
    return not (
        opening.dragon(hand)
        or opening.malta_dragun(hand)
        or opening.holds_four_twos(hand)
        or opening.may_redeal(hand, loose)
    )


def full_deal(players: int = 4, size: int = 13, **fixed: str) -> list[str]:
    """Hands for every seat: the seats named ``s0``, ``s1``… get the given cards, the others
    the rest of the pack, shuffled until no other hand claims anything."""
    given = {int(k[1:]): v for k, v in fixed.items()}
    taken = mask_of(c for h in given.values() for c in parse_cards(h))
    for attempt in range(100):
        rest = [c for c in deck() if not taken >> c & 1]
        random.Random(attempt).shuffle(rest)
        hands = []
        for seat in range(players):
            if seat in given:
                hands.append(given[seat])
            else:
                hands.append(format_cards(sorted(rest[:size])))
                rest = rest[size:]
        if all(plain(mask_of(parse_cards(h))) for s, h in enumerate(hands) if s not in given):
            return hands
    raise AssertionError("no plain filler found")


DRAGON = "3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D"
GRAND = "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H"


# --- instant.dragon ------------------------------------------------------------------------


@covers("instant.dragon")
def test_instant_dragon_wins_at_once() -> None:
    hands = full_deal(s2=DRAGON)
    game = Game.deal(Rules(dragon_wins=True), hands=hands)
    assert game.is_over and game.end == "dragon" and game.winner == 2
    assert game.legal_moves() == [] and game.awaiting == ()
    assert game.hands == game.origin.hands, "nobody played a card"
    outcome = game.outcome()
    assert outcome is not None and outcome.instant == "dragon"
    # the others score as if they lost holding all 13 cards: 39 each, 3 x 3 x 13 = 117
    assert game.scores == (-39, -39, 117, -39)
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("pass")


@covers("instant.dragon")
def test_instant_dragon_off_plays_on() -> None:
    game = Game.deal(Rules(), hands=full_deal(s2=DRAGON))
    assert not game.is_over and game.to_move == 2  # the dragon holds 3D and leads


@covers("instant.dragon")
def test_instant_dragon_hong_kong_preset() -> None:
    rules = Rules.preset("hong-kong")
    game = Game.deal(rules, hands=full_deal(s1=DRAGON))
    assert game.end == "dragon" and game.winner == 1


@covers("instant.dragon")
def test_instant_dragon_needs_every_rank() -> None:
    almost = DRAGON.replace("2D", "2C").replace("KH", "QH")  # two queens, no king
    game = Game.deal(Rules(dragon_wins=True), hands=full_deal(s0=almost))
    assert not game.is_over


# --- instant.grand_dragon -------------------------------------------------------------------


@covers("instant.grand_dragon")
def test_instant_grand_dragon() -> None:
    game = Game.deal(Rules(dragon_wins=True), hands=full_deal(s3=GRAND))
    assert game.end == "grand_dragon" and game.winner == 3
    outcome = game.outcome()
    assert outcome is not None and outcome.instant == "grand_dragon"
    assert game.scores is not None and game.scores[3] > 0
    assert all(game.scores[s] < 0 for s in range(3))


# --- instant.four_twos ----------------------------------------------------------------------

TWOS = "2D 2C 2H 2S 4D 5D 6D 7D 8D 9D TD JD QD"


@covers("instant.four_twos")
def test_instant_four_twos_win() -> None:
    game = Game.deal(Rules(four_twos=FourTwos.WIN), hands=full_deal(s1=TWOS))
    assert game.end == "four_twos" and game.winner == 1
    outcome = game.outcome()
    assert outcome is not None and outcome.instant == "four_twos"
    assert game.scores is not None and game.scores[1] > 0


@covers("instant.four_twos")
def test_instant_four_twos_draw() -> None:
    game = Game.deal(Rules(four_twos=FourTwos.DRAW), hands=full_deal(s1=TWOS))
    assert game.is_over and game.end == "draw" and game.winner is None
    assert game.scores == (0, 0, 0, 0) and game.outcome() is None


@covers("instant.four_twos")
def test_instant_four_twos_redeal() -> None:
    game = Game.deal(Rules(four_twos=FourTwos.REDEAL), hands=full_deal(s1=TWOS))
    assert game.is_over and game.end == "redeal" and game.winner is None
    assert game.scores == (0, 0, 0, 0)


@covers("instant.four_twos")
def test_instant_four_twos_none_plays_on() -> None:
    game = Game.deal(Rules(), hands=full_deal(s1=TWOS))
    assert not game.is_over


@covers("instant.four_twos")
def test_instant_four_twos_three_players_option() -> None:
    hands = full_deal(players=3, size=17, s0=TWOS + " 3C 4C 5C 6C")
    game = Game.deal(Rules(players=3, four_twos=FourTwos.WIN), hands=hands)
    assert not game.is_over, "the four-2s win is a four-player rule unless extended"
    rules = Rules(players=3, four_twos=FourTwos.WIN, four_twos_three_players=True)
    game = Game.deal(rules, hands=hands)
    assert game.end == "four_twos" and game.winner == 0


@covers("instant.four_twos", "core.session")
def test_instant_four_twos_redeal_in_a_session() -> None:
    rules = Rules(four_twos=FourTwos.REDEAL)
    session = Session.start(rules, seed=1)
    game = Game.deal(rules, hands=full_deal(s1=TWOS))
    after = session.finish(game)
    assert after.deals_played == 0 and after.totals == (0, 0, 0, 0)
    assert after.shuffles == 1 and after.dealer == session.dealer
    assert after.deal_seed() != session.deal_seed(), "the cards are shuffled again"


# --- instant.golden_whoopin -----------------------------------------------------------------


@covers("instant.golden_whoopin")
def test_instant_golden_whoopin_before_any_play() -> None:
    rules = Rules(golden_whoopin=True)
    game = Game.deal(rules, hands=full_deal(s2=TWOS))
    assert not game.is_over, "four 2s alone don't end the deal: they must be laid down"
    assert game.to_move == 0  # the 3D holder
    assert 2 in game.awaiting and "whoopin" in moves(game, 2)
    assert "whoopin" not in moves(game, 1) and "whoopin" not in moves(game)
    won = game.play("whoopin", seat=2)
    assert won.end == "golden_whoopin" and won.winner == 2
    outcome = won.outcome()
    assert outcome is not None and outcome.instant == "golden_whoopin"
    assert won.hands == game.hands
    assert won.scores is not None and won.scores[2] > 0
    assert won.history == [(2, won.history[0][1])] and str(won.history[0][1]) == "whoopin"


@covers("instant.golden_whoopin")
def test_instant_golden_whoopin_on_own_turn() -> None:
    rules = Rules(golden_whoopin=True)
    hands = full_deal(s0="3D " + TWOS.replace(" QD", ""))
    game = Game.deal(rules, hands=hands)
    assert game.to_move == 0 and "whoopin" in moves(game)
    assert game.play("golden whoopin").end == "golden_whoopin"


@covers("instant.golden_whoopin")
def test_instant_golden_whoopin_after_the_first_play_is_too_late() -> None:
    rules = Rules(golden_whoopin=True)
    game = Game.deal(rules, hands=full_deal(s2=TWOS)).play("3D")
    assert "whoopin" not in moves(game, 2)
    assert 2 not in game.awaiting[1:]
    with pytest.raises(IllegalMoveError, match="before the first play"):
        game.play("whoopin", seat=2)


@covers("instant.golden_whoopin")
def test_instant_golden_whoopin_off() -> None:
    game = Game.deal(Rules(), hands=full_deal(s2=TWOS))
    with pytest.raises(IllegalMoveError):
        game.play("whoopin", seat=2)


# --- instant.malta_dragun -------------------------------------------------------------------

DRAGUN = "4D 4C 5D 5C 6D 6C 7D 7C 8D 8C 9D 9C KS"
BLA_BAJD = "3C 3H 5D 5C 6D 6C 7D 7C 8D 8C 9D 9C KS"


@covers("instant.malta_dragun")
def test_instant_malta_dragun_wins() -> None:
    game = Game.deal(Rules(malta_dragun=True), hands=full_deal(s1=DRAGUN))
    assert game.end == "malta_dragun" and game.winner == 1
    outcome = game.outcome()
    assert outcome is not None and outcome.instant == "malta_dragun"
    assert game.scores is not None and game.scores[1] > 0


@covers("instant.malta_dragun")
def test_instant_malta_dragun_preset_and_off() -> None:
    game = Game.deal(Rules.preset("malta"), hands=full_deal(s3=DRAGUN))
    assert game.end == "malta_dragun" and game.winner == 3
    assert not Game.deal(Rules(), hands=full_deal(s3=DRAGUN)).is_over


@covers("instant.malta_dragun")
def test_instant_malta_dragun_not_without_six_pairs() -> None:
    five_pairs = "4D 4C 5D 5C 6D 6C 7D 7C 8D 8C 9D TC KS"
    assert not Game.deal(Rules(malta_dragun=True), hands=full_deal(s1=five_pairs)).is_over


@covers("instant.malta_dragun")
def test_instant_malta_dragun_bla_bajd_loses() -> None:
    game = Game.deal(Rules(malta_dragun=True), hands=full_deal(s1=BLA_BAJD))
    assert game.is_over and game.end == "malta_dragun_lost"


@covers("instant.malta_dragun")
def test_instant_malta_dragun_bla_bajd_holder_is_not_the_winner() -> None:
    game = Game.deal(Rules(malta_dragun=True), hands=full_deal(s1=BLA_BAJD))
    assert game.winner != 1
    assert game.scores is not None and game.scores[1] < 0


# --- redeal.weak_hand and redeal.no_faces -----------------------------------------------------

WEAK = "3C 4C 5C 6C 7C 8C 9C TC 3H 4H 5H 6H KC"  # K = 3 points
NOT_WEAK = "3C 4C 5C 6C 7C 8C 9C TC 3H 4H 5H 6H AC"  # A = 4 points
NO_FACES = "3C 4C 5C 6C 7C 8C 9C TC AC 2C 2H 3H 4H"  # A and 2s, but no J, Q or K


@covers("redeal.weak_hand", "core.session")
def test_redeal_weak_hand_declared() -> None:
    rules = Rules(weak_hand_redeal=True)
    game = Game.deal(rules, hands=full_deal(s1=WEAK))
    assert game.to_move != 1
    assert "redeal" in moves(game, 1) and 1 in game.awaiting
    assert "redeal" not in moves(game), "the leader's hand isn't weak"
    over = game.play("redeal", seat=1)
    assert over.is_over and over.end == "redeal" and over.winner is None
    assert over.scores == (0, 0, 0, 0) and over.outcome() is None
    session = Session.start(rules, seed=3).finish(over)
    assert session.deals_played == 0 and session.shuffles == 1


@covers("redeal.weak_hand")
def test_redeal_weak_hand_four_points_is_not_weak() -> None:
    game = Game.deal(Rules(weak_hand_redeal=True), hands=full_deal(s1=NOT_WEAK))
    assert "redeal" not in moves(game, 1)
    with pytest.raises(IllegalMoveError, match="redeal"):
        game.play("redeal", seat=1)


@covers("redeal.weak_hand")
def test_redeal_weak_hand_only_before_the_first_play() -> None:
    game = Game.deal(Rules(weak_hand_redeal=True), hands=full_deal(s1=WEAK))
    game = game.play("3D")
    assert "redeal" not in moves(game, 1)
    with pytest.raises(IllegalMoveError):
        game.play("redeal")


@covers("redeal.weak_hand")
def test_redeal_weak_hand_off() -> None:
    game = Game.deal(Rules(), hands=full_deal(s1=WEAK))
    assert "redeal" not in moves(game, 1)


@covers("redeal.no_faces")
def test_redeal_no_faces_declared() -> None:
    rules = Rules(no_faces_redeal=True)
    game = Game.deal(rules, hands=full_deal(s2=NO_FACES))
    assert "redeal" in moves(game, 2)
    assert game.play("redeal", seat=2).end == "redeal"
    # the same hand is far from weak: the weak-hand rule alone doesn't allow it
    weak_only = Game.deal(Rules(weak_hand_redeal=True), hands=full_deal(s2=NO_FACES))
    assert "redeal" not in moves(weak_only, 2)
    # and a hand with one face card can't ask under the no-faces rule
    one_face = NO_FACES.replace("4H", "JH")
    assert "redeal" not in moves(Game.deal(rules, hands=full_deal(s2=one_face)), 2)


@covers("redeal.no_faces")
def test_redeal_no_faces_hand_on_move() -> None:
    rules = Rules(no_faces_redeal=True)
    hand = "3D " + NO_FACES.replace(" 4H", "")
    game = Game.deal(rules, hands=full_deal(s0=hand))
    assert game.to_move == 0 and "redeal" in moves(game)
    assert game.play("redeal").end == "redeal"


@covers("instant.four_twos", "mode.president")
def test_president_titles_survive_a_deal_without_a_winner() -> None:
    rules = Rules.preset("president")
    session = Session.start(rules, seed=3)
    first = session.next_deal()
    while not first.is_over:
        first = first.play(first.legal_moves()[0])
    session = session.finish(first)
    titles = session.titles()
    assert sorted(titles.values()) == sorted(["President", "Vice-President", "Vice-Scum", "Scum"])
    # a drawn deal (four 2s under 'draw') ranks nobody: the titles and exchanges stand
    drawn = Game.deal(rules.replace(four_twos=FourTwos.DRAW), hands=full_deal(s1=TWOS))
    assert drawn.is_over and drawn.winner is None
    after = session.finish(drawn)
    assert after.titles() == titles
    assert after.exchanges() == session.exchanges()
    after.next_deal()  # deals without trouble


@covers("instant.four_twos", "mode.president")
def test_president_after_an_instant_win_ranks_everyone() -> None:
    rules = Rules.preset("president").replace(four_twos=FourTwos.WIN)
    won = Game.deal(rules, hands=full_deal(s1=TWOS))
    assert won.winner == 1
    session = Session.start(rules).finish(won)
    titles = session.titles()
    assert titles[1] == "President" and len(titles) == 4
    assert all(giver != receiver for giver, receiver, _, _ in session.exchanges())
