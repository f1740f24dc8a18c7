"""Bombs and beat-alls (``bomb.*``): plays that cross the usual same-size rule, in real deals."""

from __future__ import annotations

import pytest

import bigtwo
from bigtwo import Game, IllegalMoveError, Rules, RulesError
from conftest import moves, play_all

CLASSIC = Rules.preset("classic")
QUADS, SF = "9D 9C 9H 9S 4D", "3S 4S 5S 6S 7S"


def test_bomb_honours_beat_all() -> None:
    """bomb.honours_beat_all (002, Lukang): four of a kind + 1 and straight flushes may beat
    singles, pairs and triples; between five-card hands the usual order holds."""
    rules = CLASSIC.replace(honours_beat_all=True)
    for low in ("2S", "2S 2H", "2S 2H 2D"):
        assert bigtwo.beats(QUADS, low, rules) and bigtwo.beats(SF, low, rules), low
        assert not bigtwo.beats(QUADS, low), low
    assert not bigtwo.beats("2D 2C 2H 2S 3D", SF, rules)
    assert not bigtwo.beats("TD JC QH KS AD", "2S", rules)  # a straight is no honour hand
    hands = ["3D 2S 5C", "9D 9C 9H 9S 4D 8D", "3S 4S 5S 6S 7S 8H", "TD JD"]
    game = play_all(Game.deal(rules, hands=hands), "3D")
    game = game.play(QUADS)  # four 9s on the 3♦
    game = game.play(SF)  # a straight flush beats the four, as usual
    game = play_all(game, "pass | pass | pass | 8H")
    assert game.is_over and game.winner == 2


def test_bomb_override_two() -> None:
    """bomb.override_two (003): "a 5-card hand that is 4-of-a-kind plus 1 extra card, straight
    flush, or royal flush can override the Big Two" — on a single 2 only."""
    rules = CLASSIC.replace(override_two=True)
    assert bigtwo.beats(QUADS, "2S", rules) and bigtwo.beats(SF, "2D", rules)
    assert not bigtwo.beats(QUADS, "AS", rules)
    assert not bigtwo.beats(QUADS, "2S 2H", rules)
    hands = ["2S 5C", "9D 9C 9H 9S 4D AD", "3S 3H", "3D 3C"]
    game = Game.deal(rules, hands=hands, leader=0).play("2S")
    assert moves(game) == {"4D 9D 9C 9H 9S", "9D 9C 9H 9S AD", "pass"}
    game = game.play(QUADS)
    assert game.table is not None and game.table.kind == "four_of_a_kind"
    other = Game.deal(rules, hands=["AS 5C", "9D 9C 9H 9S 4D AD", "3S 3H", "3D 3C"], leader=0)
    with pytest.raises(IllegalMoveError):
        other.play("AS").play(QUADS)


def test_bomb_quads_beat_all() -> None:
    """bomb.quads_beat_all (001): "A four-of-a-kind can be used to beat all card combinations
    that lack a four-of-a-kind" — straight flushes included; a higher four beats a lower one."""
    rules = CLASSIC.replace(quads_beat_all=True)
    for low in ("2S", "2S 2H", "2S 2H 2D", "TD JC QH KS AD", "TS JS QS KS AS"):
        assert bigtwo.beats(QUADS, low, rules), low
    assert not bigtwo.beats("TS JS QS KS AS", QUADS, rules)
    assert bigtwo.beats("TD TC TH TS 3C", QUADS, rules)
    assert not bigtwo.beats(QUADS, "TD TC TH TS 3C", rules)
    alone = rules.replace(quads_alone=True)
    assert bigtwo.beats("9D 9C 9H 9S", "2S", alone)  # a lone four is a play with a four too
    assert bigtwo.beats("TD TC TH TS", QUADS, alone) and not bigtwo.beats(
        "8D 8C 8H 8S", QUADS, alone
    )
    hands = ["3D 4D 5D 6D 7D 8C", "9D 9C 9H 9S 4S KC", "TS JS QS KS AS", "2S 2H"]
    game = play_all(Game.deal(rules, hands=hands), "3D 4D 5D 6D 7D")  # a straight flush
    assert "4S 9D 9C 9H 9S" in moves(game)
    game = game.play("9D 9C 9H 9S 4S")
    assert moves(game) == {"pass"}  # the royal flush has no four: it can't answer


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"royal_only_beats_quads": True}, id="bomb.quads_beat_all-royal"),
        pytest.param({"sf_plus_two": True}, id="bomb.quads_beat_all-sf_plus_two"),
    ],
)
def test_bomb_quads_beat_all_refuses_contradictions(changes: dict[str, bool]) -> None:
    """bomb.quads_beat_all can't stand with rules that let a straight flush beat any four."""
    with pytest.raises(RulesError, match="every four of a kind beats every straight flush"):
        CLASSIC.replace(quads_beat_all=True, **changes)


def test_bomb_smackdown_and_smackback() -> None:
    """bomb.smackdown (001): on a single 2♠ a four of a kind or a run of at least three pairs
    may be played, by any player; then a higher four or a higher run of the same length."""
    rules = CLASSIC.replace(smackdown=True)
    run3, run3_high, run4 = "4D 4C 5D 5C 6D 6C", "7D 7C 8D 8C 9D 9C", "4H 4S 5H 5S 6H 6S 7H 7S"
    assert bigtwo.beats("9D 9C 9H 9S", "2S", rules) and bigtwo.beats(run3, "2S", rules)
    assert not bigtwo.beats("9D 9C 9H 9S", "2H", rules) and not bigtwo.beats(run3, "2H", rules)
    assert bigtwo.beats(run3_high, run3, rules) and not bigtwo.beats(run4, run3, rules)
    assert bigtwo.beats("TD TC TH TS", "9D 9C 9H 9S", rules)
    assert not bigtwo.beats("4D 4C 5D 5C", "2S", rules)  # two pairs are no run
    hands = ["2S 3D", "AS KS", run3 + " QD", run3_high + " TD TC TH TS"]
    game = Game.deal(rules, hands=hands, leader=0).play("2S")
    assert moves(game) == {"pass"}
    assert "4D 4C 5D 5C 6D 6C" in moves(game, 2)  # seat 2 smacks down out of turn
    game = game.play(run3, seat=2)
    assert game.table_seat == 2 and game.table is not None and game.table.kind == "pair_run"
    assert "TD TC TH TS" not in moves(game, 3)  # a four can't smack back a run of pairs
    game = game.play(run3_high, seat=3)  # the smack-back
    assert game.table_seat == 3
    with pytest.raises(IllegalMoveError, match="can't be led"):
        Game.deal(rules, hands=hands, leader=3).play("TD TC TH TS")


def test_bomb_out_of_turn() -> None:
    """bomb.out_of_turn (002, Da Lao Er): "Four of a kind or a straight flush can be played out
    of turn to beat any combination"."""
    rules = Rules.preset("da-lao-er")
    assert rules.out_of_turn_bombs
    hands = ["3D 3C 8C", "4D 4C 2S", "9D 9C 9H 9S 5D KD", "3S 4S 5S 6S 7S 6D"]
    game = Game.deal(rules, hands=hands).play("3D 3C")
    assert game.to_move == 1
    assert "5D 9D 9C 9H 9S" in moves(game, 2)  # seat 2, not to move, may bomb now
    assert moves(game, 0) == set()  # seat 0 has no bomb
    game = game.play(QUADS.replace("4D", "5D"), seat=2)
    assert game.table_seat == 2 and game.to_move == 3
    game = game.play(SF, seat=3)  # a straight flush beats the four, here in turn
    assert game.table_seat == 3
    without = Game.deal(CLASSIC, hands=hands).play("3D 3C")
    with pytest.raises(IllegalMoveError):
        without.play(QUADS.replace("4D", "5D"), seat=2)
