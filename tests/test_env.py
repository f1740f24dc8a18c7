"""The RL environments (``bigtwo.env``): PettingZoo's and Gymnasium's own checks, the table's
conformance harness driven through action indices, reproducible seeding, masks that agree
with the shared action encoding, and observations that never hold a hidden card."""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np
import pytest
from conformance import play_through
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from bigtwo import Game, Move, Rules, View
from bigtwo.encoding import action_mask, is_fixed
from bigtwo.env import BigTwoAEC, BigTwoEnv, TableRunner, VectorBigTwo
from bigtwo.errors import BigTwoError

RULE_SETS = {
    "classic": Rules.preset("classic"),
    "tournament": Rules.preset("tournament"),
    "president": Rules.preset("president"),
    "teams": Rules.preset("teams"),
    "president-choose": Rules.preset("president").replace(president_free_choice=True),
    "two-decks-six": Rules.preset("classic").replace(players=6, decks=2),
    "bombs-out-of-turn": Rules.preset("classic").replace(out_of_turn_bombs=True, smackdown=True),
    "race": Rules.preset("classic").replace(direction="race"),
    "three-exchange": Rules.preset("classic").replace(leftover="trade-shown", players=3),
    "claims": Rules.preset("classic").replace(weak_hand_redeal=True, golden_whoopin=True),
}


def random_session(env: BigTwoAEC, seed: int) -> list[tuple[int, dict[str, np.ndarray]]]:
    """Play ``env`` at random to the end of its session; every acting observation seen."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    seen = []
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seen.append((env.possible_agents.index(env.agent_selection), obs))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return seen


@pytest.mark.parametrize("name", ["classic", "president", "two-decks-six", "bombs-out-of-turn"])
def test_pettingzoo_api_test(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(BigTwoAEC(RULE_SETS[name], deals=2), num_cycles=300)


@pytest.mark.parametrize("name", ["classic", "teams", "two-decks-six"])
def test_gymnasium_check_env(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(BigTwoEnv(RULE_SETS[name], opponents="greedy"), skip_render_check=True)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_no_observation_holds_a_hidden_card(name: str) -> None:
    """Every observation of every seat, decoded over whole sessions: the hand field is the
    seat's own hand, and no other card field holds a card another seat still hides."""
    env = BigTwoAEC(RULE_SETS[name], deals=2)
    layout = env.runner.layout
    rng = np.random.default_rng(1)
    env.reset(seed=4)
    checked = 0
    while env.agents:
        game = env.runner.table.game
        if game is not None:
            for seat, agent in enumerate(env.possible_agents):
                fields = layout.decode(env.observe(agent)["observation"])
                assert fields["hand"] == game.hands[seat]
                hidden = 0
                for other, hand in enumerate(game.hands):
                    hidden |= hand if other != seat else 0
                hidden &= ~(0 if game.lead_card is None else 1 << game.lead_card)
                for field, value in fields.items():
                    if isinstance(value, int) and field != "hand":
                        assert not value & hidden, (field, seat)
                checked += 1
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 20


def test_an_observation_holds_the_hand_played_cards_and_table_it_should() -> None:
    """The decoder reads back what the view says (a test that the fields are filled)."""
    env = BigTwoAEC("classic")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(12):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    seat = env.runner.seat
    assert seat is not None
    view = env.runner.view(seat)
    fields = env.runner.layout.decode(env.observe(env.agent_selection)["observation"])
    assert fields["hand"] == view.hand_mask
    assert fields["played"] == view.played_mask
    assert fields["table"] == (0 if view.table is None else view.table.mask)
    counts = [view.counts[(seat + k) % 4] / 13 for k in range(4)]
    assert fields["counts"] == pytest.approx(counts)
    assert fields["decision"] == [1.0, 0.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("name", ["classic", "tournament", "president", "teams"])
def test_masks_agree_with_the_shared_encoding(name: str) -> None:
    env = BigTwoAEC(RULE_SETS[name])
    assert is_fixed(env.rules)
    rng = np.random.default_rng(3)
    env.reset(seed=5)
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = env.runner.seat
        assert seat is not None
        moves = list(env.runner.moves(seat))
        if env.runner.decision(seat) == "turn":
            expected = np.frombuffer(action_mask(env.runner.view(seat), moves), np.int8)
            assert np.array_equal(obs["action_mask"], expected)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_the_same_seed_plays_the_same_session_and_another_seed_another() -> None:
    def trace(seed: int) -> list[bytes]:
        return [o["observation"].tobytes() for _, o in random_session(BigTwoAEC("classic"), seed)]

    assert trace(7) == trace(7)
    assert trace(7) != trace(8)
    env = BigTwoEnv("classic", opponents="greedy")
    first = env.reset(seed=3)[0]["observation"]
    env.reset(seed=4)
    assert np.array_equal(env.reset(seed=3)[0]["observation"], first)


def test_side_decisions_are_actions_or_handed_to_the_default() -> None:
    rules = RULE_SETS["president-choose"]
    kinds = set()
    env = BigTwoAEC(rules, deals=3)
    decisions = env.runner.layout.slice("decision")
    for _, obs in random_session(env, 1):
        kinds.add(int(np.argmax(obs["observation"][decisions])))
    assert 4 in kinds  # exchanges were agents' actions
    env = BigTwoAEC(rules, deals=3, side_actions="default")
    assert all(obs["observation"][decisions][0] == 1 for _, obs in random_session(env, 1))


def test_out_of_turn_plays_make_their_seat_the_agent_to_act() -> None:
    env = BigTwoAEC(RULE_SETS["bombs-out-of-turn"], deals=10)
    decisions = env.runner.layout.slice("decision")
    seen = [obs["observation"][decisions] for _, obs in random_session(env, 2)]
    assert any(d[3] == 1 for d in seen)


def test_callables_and_bots_sit_as_opponents_and_illegal_actions_are_defaulted() -> None:
    calls = []

    def first(view: View, legal: Sequence[Move]) -> Move:
        calls.append(view.seat)
        return legal[0]

    env = BigTwoEnv("classic", opponents=[first, "greedy", "random"], seat=1)
    obs, _ = env.reset(seed=1)
    done, total = False, 0.0
    while not done:
        illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
        obs, reward, done, _, info = env.step(illegal)
        assert info["illegal_action"]
        total += reward
    assert calls and set(calls) == {0}
    assert total == env.runner.table.session.totals[1]
    assert "totals" in str(env.render())


def test_the_aec_env_refuses_an_action_the_mask_does_not_offer() -> None:
    env = BigTwoAEC("classic")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(BigTwoError, match="isn't offered"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


BAD_ACTIONS = [  # each with how the refusal shows it
    ("3D", "'3D'"),
    (1.5, "1.5"),
    (1.0, "1.0"),
    (True, "True"),
    (np.True_, "True"),
    (None, "None"),
    (np.array([6]), "an array of shape (1,)"),
    (np.float64(6), "6.0"),
]


@pytest.mark.parametrize("actions", ["index", "offered"])
@pytest.mark.parametrize(("action", "shown"), BAD_ACTIONS, ids=repr)
def test_an_action_that_is_not_a_whole_number_is_refused_saying_what_it_was(
    action: object, shown: str, actions: str
) -> None:
    """Never read as another action (1.5 or True as 1) nor met with a raw error of int()."""
    for env in (BigTwoAEC("classic", actions=actions), BigTwoEnv("classic", actions=actions)):
        env.reset(seed=1)
        with pytest.raises(BigTwoError, match=r"whole number|None is no action") as refused:
            env.step(action)
        assert shown in str(refused.value)


def test_a_bad_seed_or_agent_is_refused_in_words() -> None:
    aec = BigTwoAEC("classic")
    for seed in (-1, 1.5, True, "x"):
        with pytest.raises(BigTwoError, match="a seed is a whole number, 0 or more"):
            aec.reset(seed=seed)  # type: ignore[arg-type]
    aec.reset(seed=np.int64(3))  # numpy's integers are whole numbers
    for ask in (aec.observe, aec.observation_space, aec.action_space):
        with pytest.raises(BigTwoError, match="no agent 'player_9': the agents are player_0"):
            ask("player_9")
    assert aec.action_space("player_1") is aec.action_spaces["player_1"]


@pytest.mark.parametrize("action", [np.int64(0), np.int32(0), np.uint8(0), np.array(0)], ids=repr)
def test_numpy_integers_are_actions(action: object) -> None:
    aec, single = BigTwoAEC("classic"), BigTwoEnv("classic")
    aec.reset(seed=1)
    single.reset(seed=1)
    acting = aec.agent_selection
    index = int(np.flatnonzero(aec.observe(acting)["action_mask"])[0])
    aec.step(_as(action, index))
    assert aec.agent_selection != acting  # played: the next seat is to act
    index = int(np.flatnonzero(single.action_masks())[0])
    assert not single.step(_as(action, index))[4]["illegal_action"]


def _as(kind: object, index: int) -> object:
    """``index`` as an action of ``kind``'s type: a 0-d array stays an array (adding to one
    gives a numpy scalar)."""
    if isinstance(kind, np.ndarray):
        return np.array(index, dtype=kind.dtype)
    return type(kind)(index)  # type: ignore[call-arg]


def test_the_vector_env_refuses_actions_that_are_not_one_whole_number_a_table() -> None:
    vec = VectorBigTwo(2, "classic")
    vec.reset(seed=1)
    for actions, message in [
        (np.array([0.0, 1.5]), "whole numbers .* not of dtype float64"),
        (["a", "b"], "whole numbers"),
        ([0, None], "whole numbers"),
        ([0], r"one action a table: 2, not shape \(1,\)"),
    ]:
        with pytest.raises(BigTwoError, match=message):
            vec.step(actions)
    vec.step(np.zeros(2, np.int32))


def test_render_as_text() -> None:
    env = BigTwoAEC("classic", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "seat 0: 13 cards" in text


class EnvDriver:
    """The conformance driver over the environment's runner: actions go in as indices."""

    def __init__(self, side_actions: str = "agents") -> None:
        self.side_actions = side_actions
        self.runner: TableRunner

    def reset(self, rules: Rules, seed: int) -> None:
        self.runner = TableRunner(
            rules, [None] * rules.players, deals=2, side_actions=self.side_actions
        )
        self.runner.reset(seed)

    def awaiting(self) -> tuple[int, ...]:
        return () if self.runner.seat is None else (self.runner.seat,)

    def offered(self, seat: int) -> Sequence[Move]:
        _, mask = self.runner.observe(seat)
        return [self.runner._moves[int(i)] for i in np.flatnonzero(mask)]

    def submit(self, seat: int, action: Move | str) -> None:
        if seat == self.runner.seat and isinstance(action, Move):
            self.runner.observe(seat)
            index = {m: i for i, m in self.runner._moves.items()}.get(action)
            if index is not None:
                self.runner.act(index)
                return
        self.runner.table.submit(seat, action)  # refused (the harness submits only refusals)

    def why_not(self, seat: int, action: Move | str) -> str | None:
        if seat == self.runner.seat and isinstance(action, Move) and action in self.offered(seat):
            return None  # a declined out-of-turn offer is the environment's, not the table's
        return self.runner.table.why_not(seat, action)

    def view(self, seat: int) -> View:
        return self.runner.view(seat)

    def game(self) -> Game | None:
        return self.runner.table.game

    def finished(self) -> Sequence[Game]:
        return self.runner.table.games

    def done(self) -> bool:
        return self.runner.seat is None


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_conformance_through_action_indices(name: str) -> None:
    assert play_through(EnvDriver(), RULE_SETS[name], seed=3) > 0


def test_an_observation_asked_again_in_a_step_is_the_same_and_not_shared() -> None:
    """The runner builds each seat's observation once a step: asking again gives equal arrays
    (other seats too), and writing into an answer changes no later one."""
    env = BigTwoAEC(RULE_SETS["president"], deals=2)
    rng = np.random.default_rng(2)
    env.reset(seed=2)
    steps = 0
    while env.agents:
        first = {a: env.observe(a) for a in env.possible_agents}
        for answer in first.values():
            answer["observation"][:] = -1.0
            answer["action_mask"][:] = 1
        again = {a: env.observe(a) for a in env.possible_agents}
        for s, agent in enumerate(env.possible_agents):
            env.runner._seen, env.runner._moves = {}, {}  # what a new build gives
            obs, mask = env.runner.observe(s)
            assert (again[agent]["observation"] == obs).all()
            assert (again[agent]["action_mask"] == mask).all()
        _, _, term, trunc, _ = env.last()
        mask = again[env.agent_selection]["action_mask"]
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 50


@pytest.mark.parametrize("name", ["classic", "president", "two-decks-six"])
def test_observations_read_only_the_new_history_yet_equal_a_fresh_encoding(name: str) -> None:
    """The layout reads only what a step added to a deal's history, and a state carries its
    history on to the next: every observation of whole sessions (every seat's, exchanges
    included) equals the one a fresh layout makes from the seat's view, and the history the
    view holds is the state's log read whole."""
    from bigtwo.engine.state import unroll
    from bigtwo.env import Layout

    env = BigTwoAEC(RULE_SETS[name], deals=2)
    rng = np.random.default_rng(3)
    env.reset(seed=3)
    checked = 0
    while env.agents:
        runner = env.runner
        game = runner.table.game
        for seat, agent in enumerate(env.possible_agents):
            view = runner.view(seat)
            decision = runner.decision(seat) if seat == runner.seat else "turn"
            fresh = Layout(env.rules).encode(view, decision)
            assert np.array_equal(env.observe(agent)["observation"], fresh)
            checked += 1
        if game is not None:
            assert game.history == unroll(game._log)
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 100
