"""`play` trusts a move `legal_moves()` listed for this very state (no second check): the
state it reaches is the one the checked path reaches, in random games of every preset; a
move listed for another state, another seat or copied is checked as before."""

from __future__ import annotations

import random

import pytest

from bigtwo import Game, IllegalMoveError, Rules
from bigtwo.combos import Combination


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_listed_move_reaches_the_state_the_checked_path_reaches(preset: str) -> None:
    rng = random.Random(preset)
    for seed in range(3):
        game = Game.deal(Rules.preset(preset), seed=seed)
        while not game.is_over:
            move = rng.choice(game.legal_moves())
            trusted = game.play(move)
            checked = Game.from_deal(game.rules, game.origin)
            for seat, done in game.history:
                checked = checked.play(str(done), seat=seat)
            assert trusted == checked.play(str(move))
            game = trusted


def test_a_move_from_another_state_or_seat_is_checked() -> None:
    game = Game.deal(seed=4)
    first = [m for m in game.legal_moves() if isinstance(m, Combination)]
    after = game.play(first[0])
    stale = next(m for m in first[1:] if m.mask & first[0].mask)  # shares the card just played
    with pytest.raises(IllegalMoveError):
        after.play(stale)
    other = (after.to_move + 1) % 4
    listed = [m for m in after.legal_moves() if isinstance(m, Combination)]
    with pytest.raises(IllegalMoveError):
        after.play(listed[0], seat=other)  # listed for the player to move, not for `other`
