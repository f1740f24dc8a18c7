"""The heuristic's judgement in fixed positions: stopping an opponent who is about to go out,
and playing with (not against) a partner in team play."""

from __future__ import annotations

import bigtwo
from bigtwo.bots import make_bot
from bigtwo.bots.situation import situation
from bigtwo.combos import PASS


def _position(preset: str, hands: list[str], moves: str) -> bigtwo.Game:
    game = bigtwo.Game.deal(bigtwo.Rules.preset(preset), hands=hands)
    for move in moves.split(","):
        game = game.play(move.strip())
    return game


# tournament rules, heuristic self-play: seat 3 played 8♥ leaving one card (7♠), seats 0 and 1
# passed; seat 2 holds 5♠ 6♠ 7♣ 8♠ 9♥ and used to pass to keep its straight, so seat 3 led its
# last card and won
STOP_HANDS = [
    "3H 4H 5D 6C 8D 8C JS QD KD KC KS AC AS",
    "3D 4D 6D 6H 7D 7H 9S TH JH QS KH AH 2S",
    "3C 4C 4S 5S 6S 7C 8S 9D 9C 9H TD AD 2H",
    "3S 5C 5H 7S 8H TC TS JD JC QC QH 2D 2C",
]
STOP_MOVES = (
    "3D, 3C, 3S, 4H, 9S, TD, QC, KD, 2S, pass, pass, pass, TH JH QS KH AH, pass, pass, pass,"
    " 6D 6H 7D 7H, 4C 4S 9D 9C, 5C 5H TC TS, 8D 8C KC KS, pass, pass, JD JC 2D 2C, pass, pass,"
    " pass, QH, AC, pass, 2H, pass, pass, pass, AD, pass, AS, pass, pass, pass, QD, pass, pass,"
    " pass, JS, pass, pass, pass, 6C, pass, pass, 8H, pass, pass"
)


def test_heuristic_beats_the_play_of_an_opponent_about_to_lead_their_last_card() -> None:
    game = _position("tournament", STOP_HANDS, STOP_MOVES)
    view, legal = game.view(2), game.legal_moves()
    assert game.to_move == 2 and view.counts[3] == 1 and view.table_seat == 3
    sit = situation(view, legal)
    assert (sit.owner_count, sit.owner_next) == (1, True)
    move = make_bot("heuristic").choose(view, legal)
    assert move != PASS
    assert str(move) == "9H"  # as high as it can: the last card can't beat it


# team play (seats 0 and 2 against 1 and 3), heuristic self-play: seat 0, down to one card,
# played K♣; seat 2 used to beat its own partner with K♠
TEAM_HANDS = [
    "4H 5C 5S 6H 7D 7S 8D KC KH AC AH 2D 2S",
    "3D 3S 4C 5H 6S 9D 9C JC JS QD QC QS AD",
    "3H 4D 6D 8C 8S 9H 9S TD TC TS QH KD KS",
    "3C 4S 5D 6C 7C 7H 8H TH JD JH AS 2C 2H",
]
TEAM_MOVES = (
    "3D 3S QD QC QS, pass, pass, pass, 4C, 6D, JD, AC, pass, pass, AS, 2D, pass, pass, 2C, 2S,"
    " pass, pass, pass, 4H 5C 6H 7D 8D, pass, 8C 8S TD TC TS, pass, pass, pass, 3H, pass, 5S,"
    " 6S, QH, pass, AH, pass, pass, pass, 7S, AD, pass, pass, pass, 5H, 9H, pass, KC, pass"
)


def test_heuristic_lets_its_partner_lead_their_last_card_in_team_play() -> None:
    game = _position("teams", TEAM_HANDS, TEAM_MOVES)
    view, legal = game.view(2), game.legal_moves()
    assert game.to_move == 2 and view.table_seat == 0 and view.counts[0] == 1
    sit = situation(view, legal)
    assert sit.partner_owns and sit.partner_count == 1
    assert sit.owner_count == 0  # a partner's play is nothing to defend against
    assert sorted(sit.opponents) == sorted([view.counts[1], view.counts[3]])
    assert make_bot("heuristic").choose(view, legal) == PASS


def test_outside_team_play_every_other_seat_is_an_opponent() -> None:
    game = _position("tournament", STOP_HANDS, STOP_MOVES)
    view = game.view(2)
    sit = situation(view, game.legal_moves())
    assert sit.partner_count == 0 and not sit.partner_owns
    assert sorted(sit.opponents) == sorted(c for s, c in enumerate(view.counts) if s != 2)
