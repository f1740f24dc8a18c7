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


def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The moves `Game.play` sends through the refusal checks from now on, in order."""
    from bigtwo.engine import game as game_module
    from bigtwo.engine import refusals

    checked: list[object] = []
    original = refusals.checked

    def counting(state: Game, move: object, seat: int | None) -> object:
        checked.append(move)
        return original(state, move, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(game_module.refusals, "checked", counting)
    return checked


def test_a_listed_pass_is_trusted_and_any_other_pass_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pass `legal_moves()` listed for this state is made without the refusal checks; a pass
    on a state whose moves were not listed (or on the lead, where passing is refused) goes
    through them."""
    from bigtwo import PASS

    checked = counted_checks(monkeypatch)
    game = Game.deal(seed=4)
    game = game.play(game.legal_moves()[0])  # a lead: the table has a play to answer
    assert PASS in game.legal_moves()
    after = game.play(PASS)
    assert checked == []
    unlisted = game.record().replay()  # the same state, its moves never listed
    assert unlisted.play(PASS) == after
    assert checked[-1] is PASS
    with pytest.raises(IllegalMoveError, match="lead"):
        Game.deal(seed=4).play(PASS)


@pytest.mark.parametrize("preset", ["classic", "tournament", "president"])
def test_a_move_picked_from_the_lazy_moves_is_trusted_and_reaches_the_checked_state(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The moves `Game.moves()` lists (what a table offers, what bots are handed) are trusted
    as `legal_moves()`'s are: no second check, the same state as the checked path."""
    checked = counted_checks(monkeypatch)
    rng = random.Random(preset)
    game = Game.deal(Rules.preset(preset), seed=1)
    plays = 0
    while not game.is_over:
        offered = game.moves()
        move = rng.choice(offered.candidates())
        before = len(checked)
        trusted = game.play(move)
        if move.is_pass or isinstance(move, Combination):
            assert len(checked) == before, move  # trusted: not checked again
            assert trusted == game.record().replay().play(str(move))
            plays += 1
        game = trusted
    assert plays > 20
