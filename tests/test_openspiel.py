"""Big Two as an OpenSpiel game (`bigtwo.env.openspiel`): OpenSpiel's own consistency checks,
the deal dealt card by card by chance nodes, each seat's view, the returns, refusals, and
OpenSpiel's algorithms playing it. Skipped where open_spiel isn't installed (the `openspiel`
extra), but for the test that the import then names the extra."""

from __future__ import annotations

import importlib.util
import random

import numpy as np
import pytest

from bigtwo import Rules
from bigtwo.cards import format_cards
from bigtwo.errors import BigTwoError

HAS_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None
needs_openspiel = pytest.mark.skipif(
    not HAS_OPENSPIEL, reason="open_spiel is not installed (the 'openspiel' extra)"
)


@pytest.mark.skipif(HAS_OPENSPIEL, reason="open_spiel is installed")
def test_without_open_spiel_the_import_names_the_extra() -> None:
    from bigtwo.extras import MissingExtraError

    with pytest.raises(MissingExtraError, match=r"bigtwo\[openspiel\]"):
        import bigtwo.env.openspiel  # noqa: F401


if HAS_OPENSPIEL:
    import pyspiel

    from bigtwo.env.observation import Layout
    from bigtwo.env.openspiel import BigTwoGame


def dealt(game: object, seed: int) -> object:
    """A state of ``game`` with the deck drawn at random (``seed``): the first decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


@needs_openspiel
@pytest.mark.parametrize("rules", ["classic", "indonesia", "da-lao-er"])
def test_openspiels_random_simulation_checks_pass(rules: str) -> None:
    """pyspiel's own checks over whole deals, serialising and reloading states too: the
    Indonesian rules offer announcements, the da lao er ones out-of-turn plays."""
    game = pyspiel.load_game(f"python_bigtwo(rules={rules})")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@needs_openspiel
def test_three_players_from_python_rules() -> None:
    game = BigTwoGame(rules=Rules(players=3))
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@needs_openspiel
def test_the_deck_is_drawn_card_by_card_and_dealt_in_the_order_drawn() -> None:
    game = pyspiel.load_game("python_bigtwo")
    state = game.new_initial_state()
    drawn = []
    for left in range(52, 0, -1):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == left and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        card = outcomes[(len(drawn) * 7 + 3) % left][0]
        assert card not in drawn
        drawn.append(card)
        state.apply_action(card)
    assert not state.is_chance_node()
    hands = state.table.game.hands
    # one card at a time around the table, from the seat the cut names, in the order drawn
    first = next(s for s in range(4) if hands[s] >> drawn[0] & 1)
    assert all(hands[(first + i) % 4] >> card & 1 for i, card in enumerate(drawn))
    assert state.current_player() == next(s for s, h in enumerate(hands) if h & 1)  # 3♦ leads


@needs_openspiel
def test_legal_actions_are_the_tables_offers_and_others_are_refused() -> None:
    state = dealt(pyspiel.load_game("python_bigtwo"), 3)
    seat = state.current_player()
    game = state.table.game
    assert len(state.legal_actions()) == len(game.legal_moves(seat))
    assert state.legal_actions() == sorted(state.legal_actions())
    mask = np.array(state.legal_actions_mask())
    assert mask.size == 43382 and mask.sum() == len(state.legal_actions())
    assert {state.action_to_string(seat, a) for a in state.legal_actions()} == {
        str(m) for m in game.legal_moves(seat)
    }
    illegal = next(a for a in range(1, 43382) if a not in state.legal_actions())
    with pytest.raises(Exception, match=f"action {illegal} isn't offered"):
        state.apply_action(illegal)


@needs_openspiel
def test_each_seat_sees_its_own_view() -> None:
    state = dealt(pyspiel.load_game("python_bigtwo"), 4)
    rng = random.Random(4)
    for _ in range(9):
        state.apply_action(rng.choice(state.legal_actions()))
    table, layout = state.table, Layout(Rules())
    for seat in range(4):
        tensor = np.array(state.observation_tensor(seat), np.float32)
        np.testing.assert_array_equal(tensor, layout.encode(table.view(seat), "turn"))
        text = state.observation_string(seat)
        view = table.view(seat)
        assert f"hand {format_cards(view.hand)};" in text
        recall = state.information_state_string(seat)
        assert f"dealt {format_cards(view.dealt)};" in recall
        seen = recall.split("; actions ")[1].split()
        said = [f"{s}:{str(m).split()[0]}" for s, m in view.history]
        assert [w for w in seen if ":" in w] == said
    strings = {state.information_state_string(s) for s in range(4)}
    assert len(strings) == 4


@needs_openspiel
def test_a_seat_is_never_shown_another_seats_cards() -> None:
    state = dealt(pyspiel.load_game("python_bigtwo"), 5)
    hands = state.table.game.hands
    assert len(set(hands)) == 4
    layout = Layout(Rules())
    for seat in range(4):
        fields = layout.decode(np.array(state.observation_tensor(seat), np.float32))
        assert fields["hand"] == hands[seat]
        assert fields["played"] == 0


@needs_openspiel
def test_returns_are_the_deals_points() -> None:
    state = dealt(pyspiel.load_game("python_bigtwo"), 6)
    rng = random.Random(6)
    while not state.is_terminal():
        assert state.returns() == [0.0] * 4
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [float(s) for s in state.table.last.scores]
    assert any(state.returns())


@needs_openspiel
def test_a_clone_goes_its_own_way() -> None:
    state = dealt(pyspiel.load_game("python_bigtwo"), 7)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[-1])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.table.game.history == []
    assert clone.table.game.history != []


@needs_openspiel
def test_rules_without_a_fixed_action_space_are_refused() -> None:
    with pytest.raises(BigTwoError, match="needs a fixed action space"):
        BigTwoGame(rules=Rules(decks=2, players=6))
    with pytest.raises(Exception, match="no rule set called 'nonsense'"):
        pyspiel.load_game("python_bigtwo(rules=nonsense)")


@needs_openspiel
def test_openspiel_bots_play_a_deal() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("python_bigtwo")
    bots = [pyspiel.make_uniform_random_bot(s, s) for s in range(4)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert len(returns) == 4 and any(returns)


@needs_openspiel
def test_mcts_chooses_legal_moves() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_bigtwo")
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng)
    state = dealt(game, 8)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
