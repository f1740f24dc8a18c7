"""The public API of DESIGN.md end to end, once, in its own words."""

import random

import pytest

import bigtwo


def test_public_api_tour() -> None:
    cards = bigtwo.parse_cards("3d 4D 5♠ 10h TC 2S")
    assert bigtwo.format_cards(cards) == "3D 4D 5S TH TC 2S"
    rules = bigtwo.Rules.preset("classic")
    assert "classic" in bigtwo.Rules.presets()
    assert rules.replace(flushes=False).flushes is False
    combo = bigtwo.classify("3S 3H 3D 3C 5D", rules)
    assert combo is not None and combo.kind == "four_of_a_kind"
    assert bigtwo.beats("3S 3H 3D 3C 5D", "2S 2H 2D AS AH", rules)
    game = bigtwo.Game.deal(rules, seed=7)
    moves = game.legal_moves()
    assert all(m.is_pass is False for m in moves)  # the opening lead can't pass
    game = game.play(moves[0])
    rec = game.record()
    assert bigtwo.load_record(rec.dumps()).replay().hands == game.hands
    bot = bigtwo.make_bot("greedy", seed=1)
    assert bot.choose(game.view(game.to_move), game.legal_moves()) in game.legal_moves()


def test_random_games_finish_and_score_to_zero() -> None:
    rng = random.Random(5)
    for seed in range(30):
        game = bigtwo.Game.deal(seed=seed)
        while not game.is_over:
            moves = game.legal_moves()
            game = game.play(moves[rng.randrange(len(moves))])
        assert game.scores is not None and sum(game.scores) == 0
        assert game.hands[game.winner or 0] == 0


def test_illegal_move_explains() -> None:
    game = bigtwo.Game.deal(hands=["3D 4D", "5D 6D", "7D 8D", "9D TD"])
    with pytest.raises(bigtwo.IllegalMoveError, match="must include 3♦"):
        game.play("4D")
    with pytest.raises(bigtwo.IllegalMoveError, match="don't hold 5♦"):
        game.play("5D")
    with pytest.raises(bigtwo.IllegalMoveError, match="3♦ is named 2 times"):
        game.play("3D 3D")
    with pytest.raises(bigtwo.IllegalMoveError, match="it isn't your turn"):
        game.play("5D", seat=1)
    with pytest.raises(bigtwo.IllegalMoveError, match="can't pass"):
        game.play("pass")
