"""The expert's search: rollouts that follow the rule set (turns, the end of the deal, its
scoring), a hard time cap at the default setting, and advice that depends on the position
alone, so that hints and reviews agree."""

from __future__ import annotations

import time

import pytest

import bigtwo
from bigtwo.bots import ExpertBot, make_bot
from bigtwo.bots.expert import DEFAULT_SAMPLES, DEFAULT_TIME_CAP, rollout_policy
from bigtwo.bots.explain import hint, review
from bigtwo.bots.knowledge import deal_tables
from bigtwo.bots.simulate import Sim
from bigtwo.combos import PASS
from conftest import bots_play

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


def test_expert_default_stops_at_its_time_cap_on_a_two_deck_deal() -> None:
    # 26-card hands: 40 samples took seconds a move before the cap
    game = bigtwo.Game.deal(TWO_DECKS, seed=0)
    view, legal = game.view(game.to_move), game.legal_moves()
    bot = ExpertBot(1)
    began = time.thread_time()
    bot.choose(view, legal)
    assert time.thread_time() - began < DEFAULT_TIME_CAP + 1.0
    assert bot.last_stats["samples"] < DEFAULT_SAMPLES


def test_expert_budget_is_checked_inside_the_search() -> None:
    game = bigtwo.Game.deal(TWO_DECKS, seed=0)
    view, legal = game.view(game.to_move), game.legal_moves()
    bot = ExpertBot(1, budget=0.02)
    began = time.perf_counter()
    move = bot.choose(view, legal)
    assert time.perf_counter() - began < 0.15  # one whole sample here takes longer
    assert move in legal


def test_expert_advice_depends_on_the_position_not_on_history() -> None:
    rules = bigtwo.Rules.preset("classic")
    game = bigtwo.Game.deal(rules, seed=5)
    for _ in range(2):
        game = game.play(game.legal_moves()[0])
    view, legal = game.view(game.to_move), game.legal_moves()
    fresh = ExpertBot(9, samples=6).analyse(view, legal)
    used = ExpertBot(9, samples=6)
    bots_play(rules, [used, make_bot("heuristic")], seed=3)  # decisions elsewhere first
    again = used.analyse(view, legal)
    assert again.choice == fresh.choice
    assert again.results == fresh.results


def test_review_flags_only_moves_that_differ_from_the_hint() -> None:
    rules = bigtwo.Rules.preset("classic")
    game = bots_play(rules, [make_bot("random", 1), make_bot("heuristic", 2)], seed=8)
    notes = {note.action: note for note in review(game, seat=0)}
    assert notes, "a random player's deal should leave something to review"
    states = game.record().states()
    for index, state in enumerate(states[:-1]):
        after = states[index + 1].history
        if len(after) <= len(state.history) or state.to_move != 0 or after[-1][0] != 0:
            continue
        legal = state.legal_moves(0)
        if len(legal) < 2:
            continue
        played = after[-1][1]
        advice = hint(state.view(0), legal, "expert")
        if played == advice.move:
            assert index not in notes
        if index in notes:
            assert notes[index].played != advice.move
            assert notes[index].expert == advice.move
            assert "sampled deals" in notes[index].reason
