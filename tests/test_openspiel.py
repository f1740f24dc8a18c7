"""Big Two as an OpenSpiel game (`bigtwo.env.openspiel`): OpenSpiel's own consistency checks,
the deal dealt card by card by chance nodes, each seat's view, the returns, refusals, and
OpenSpiel's algorithms playing it. Skipped where open_spiel isn't installed (the `openspiel`
extra), but for the test that the import then names the extra."""

from __future__ import annotations

import copy
import importlib.util
import pickle
import random

import numpy as np
import pytest

from bigtwo import Rules
from bigtwo.cards import format_cards
from bigtwo.combos.tables import tables_for
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
    from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

    from bigtwo.env.observation import Layout
    from bigtwo.env.openspiel import ACTION_KINDS, BigTwoGame, RecallLayout


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
def test_a_clone_shares_the_rules_tables_and_their_caches() -> None:
    """A clone (a deep copy) shares the tables its rules imply rather than copying every play
    they have cached: with warm caches a clone took 0.2 s, and OpenSpiel's random-simulation
    check 190 s; a pickled deal reads back with this process's own tables."""
    state = dealt(pyspiel.load_game("python_bigtwo"), 7)
    game = state.table.game
    assert game.legal_moves() and game.tables.combo_cache  # the caches are warm
    clone = state.clone()
    assert clone.table.game.tables is game.tables
    assert copy.deepcopy(game).tables is game.tables and copy.copy(game.tables) is game.tables
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.tables is tables_for(game.rules)
    assert len(pickle.dumps(game)) < 20_000  # the deal, not the caches


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


@needs_openspiel
def test_the_information_state_tensor_holds_the_view_the_dealt_hand_and_every_action_seen() -> None:
    game = pyspiel.load_game("python_bigtwo")
    recall = RecallLayout(Rules())
    rows, width = recall.rows, recall.width
    assert game.information_state_tensor_shape() == [524 + 52 + rows * width]
    assert rows == 484 and width == 4 + len(ACTION_KINDS) + 52 + 1
    state = dealt(game, 9)
    rng = random.Random(9)
    for _ in range(11):
        state.apply_action(rng.choice(state.legal_actions()))
    observation = make_observation(game, INFO_STATE_OBS_TYPE)
    table, layout = state.table, Layout(Rules())
    for seat in range(4):
        observation.set_from(state, seat)
        pieces = observation.dict
        tensor = np.array(state.information_state_tensor(seat), np.float32)
        np.testing.assert_array_equal(tensor, observation.tensor)
        view = table.view(seat)
        np.testing.assert_array_equal(pieces["observation"], layout.encode(view, "turn"))
        assert layout.card_mask(pieces["dealt"]) == sum(1 << c for c in view.dealt)
        actions = pieces["actions"]
        assert len(view.history) == 11 and not actions[11:].any()
        for row, (actor, move) in zip(actions[:11], view.history, strict=True):
            assert list(np.flatnonzero(row[:4])) == [(actor - seat) % 4]
            kinds = row[4 : 4 + len(ACTION_KINDS)]
            kind = ACTION_KINDS[int(np.flatnonzero(kinds)[0])]
            assert kind == ("pass" if move.is_pass else "play")
            assert layout.card_mask(row[-53:-1]) == move.mask
            assert row[-1] == np.float32(move.mask.bit_count() / 13)


@needs_openspiel
def test_a_gift_the_seat_had_no_part_in_shows_its_size_alone() -> None:
    from bigtwo.engine.actions import ANNOUNCE, hidden_give
    from bigtwo.env.openspiel import _kind

    assert _kind(hidden_give(2)) == (ACTION_KINDS.index("hidden_give"), 0, 2)
    assert _kind(ANNOUNCE) == (ACTION_KINDS.index("announce"), 0, 0)


def drawn_state(game: object, order: list[int]) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for card in order:
        state.apply_action(card)
    return state


@needs_openspiel
def test_the_tensors_hide_the_other_seats_cards() -> None:
    """Two deals alike but for two cards swapped between seats 1 and 2: seats 0 and 3 get the
    same tensors all through the same actions, seats 1 and 2 different ones."""
    game = pyspiel.load_game("python_bigtwo")
    order = list(range(52))
    random.Random(10).shuffle(order)
    first = drawn_state(game, order)
    hands = first.table.game.hands
    seat_of = {c: s for s in range(4) for c in range(52) if hands[s] >> c & 1}
    one = next(i for i, c in enumerate(order) if seat_of[c] == 1 and c != 0)
    two = next(i for i, c in enumerate(order) if seat_of[c] == 2 and c != 0)
    swapped = list(order)
    swapped[one], swapped[two] = swapped[two], swapped[one]
    second = drawn_state(game, swapped)
    other = second.table.game.hands
    assert [hands[0], hands[3]] == [other[0], other[3]] and hands[1] != other[1]
    leader = first.current_player()
    assert second.current_player() == leader
    three = next(a for a in first.legal_actions() if first.action_to_string(leader, a) == "3D")
    for action in (three, 0, 0, 0):  # the 3 of diamonds led, then three passes
        for state in (first, second):
            state.apply_action(action)
        for seat in range(4):
            same = seat in (0, 3)
            for tensor in ("observation_tensor", "information_state_tensor"):
                a = getattr(first, tensor)(seat)
                b = getattr(second, tensor)(seat)
                assert (a == b) == same, (tensor, seat)


@needs_openspiel
def test_openspiels_policy_gradient_learns_from_the_information_state_tensor() -> None:
    pytest.importorskip("torch")
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent
    from open_spiel.python.pytorch import policy_gradient

    env = rl_environment.Environment("python_bigtwo")
    env.seed(1)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    assert (size, actions) == (524 + 52 + 484 * 67, 43382)
    # one learner (OpenSpiel's policy gradient sums its 43,382 probabilities in Python at every
    # move: a learner a seat would cost four times as much), random players beside it
    learner = policy_gradient.PolicyGradient(
        player_id=0,
        info_state_size=size,
        num_actions=actions,
        loss_str="a2c",
        hidden_layers_sizes=[16],
        batch_size=1,
        num_critic_before_pi=1,
    )
    agents = [learner, *(random_agent.RandomAgent(p, actions) for p in range(1, 4))]
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        action = agents[player].step(step).action
        assert action in step.observations["legal_actions"][player]
        step = env.step([action])
    for agent in agents:
        agent.step(step)  # the learner learns from the deal's return
    assert any(step.rewards)
    critic, pi = learner.loss
    assert critic is not None and pi is not None  # it took a critic and a policy step
