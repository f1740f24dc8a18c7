"""The expert's search: rollouts that follow the rule set (turns, the end of the deal, its
scoring)."""

from __future__ import annotations

import pytest

import bigtwo
from bigtwo.bots.expert import rollout_policy
from bigtwo.bots.knowledge import deal_tables
from bigtwo.bots.simulate import Sim
from bigtwo.combos import PASS

TWO_DECKS = bigtwo.Rules.preset("classic").replace(decks=2)


def _sim_alongside(game: bigtwo.Game) -> tuple[bigtwo.Game, Sim]:
    """Play the deal out in the engine and in a `Sim` given every hand, the heuristic
    choosing in the Sim; the Sim must offer exactly the engine's plays all the way."""
    legal = game.legal_moves()
    view = game.view(game.to_move)
    sim = Sim.from_view(view, deal_tables(view, legal))
    sim.hands = [game.view(s).hand_mask for s in range(game.rules.players)]
    while not game.is_over:
        legal = game.legal_moves()
        side = [m for m in legal if not (m.is_play or m.is_pass)]
        if side:  # announcing a last card: the Sim doesn't model it
            game = game.play(side[0])
            continue
        assert sim.to_move == game.to_move
        plays, can_pass = sim.moves()
        assert sorted(m.mask for m in plays) == sorted(m.mask for m in legal if m.is_play)
        assert can_pass == (PASS in legal)
        move = rollout_policy(sim, sim.to_move, plays, can_pass) if plays else None
        sim.apply(move)
        game = game.play(PASS if move is None else next(m for m in legal if m == move))
    return game, sim


@pytest.mark.parametrize(
    "preset",
    ["classic", "taiwan", "philippines", "hawaii", "president", "teams", "tournament", "malta"],
)
def test_rollouts_play_and_score_the_deal_as_the_engine_does(preset: str) -> None:
    # winner-only points (philippines), a single loser (taiwan), places after playing on to
    # the last (hawaii, president), two against two (teams): the rule set's own scores
    rules = bigtwo.Rules.preset(preset)
    checked = 0
    for seed in range(6):
        game = bigtwo.Game.deal(rules, seed=seed)
        if game.is_over or any(not m.is_play for m in game.legal_moves()):
            continue
        game = game.play(game.legal_moves()[0])  # the opening play (it must hold the 3♦)
        if game.is_over:
            continue
        game, sim = _sim_alongside(game)
        assert sim.winner == game.winner
        assert tuple(sim.scores()) == game.scores
        checked += 1
    assert checked >= 3


def test_rollouts_play_on_to_the_last_player_in_until_last_modes() -> None:
    rules = bigtwo.Rules.preset("hawaii")
    game = bigtwo.Game.deal(rules, seed=2)
    game = game.play(game.legal_moves()[0])
    _, sim = _sim_alongside(game)
    assert sorted(sim.out) == list(range(rules.players))  # every place decided by play
    assert sum(1 for h in sim.hands if h) == 1
    assert sorted(sim.scores()) == [0, 1, 3, 5]
