"""The RL environments' standard interfaces: Gymnasium ids, sb3-contrib's `action_masks`,
the terminal mask under Gymnasium's autoreset modes, readable infos, the privileged state,
rendering and the reward options."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from bigtwo import Jokers, Rules, parse_cards
from bigtwo.cards import cards_of
from bigtwo.env import BigTwoAEC, BigTwoEnv
from bigtwo.env.registration import env_ids
from bigtwo.errors import BigTwoError


@pytest.mark.parametrize(
    ("env_id", "rules"),
    [
        ("bigtwo/BigTwo-v0", "classic"),
        ("bigtwo/BigTwoTeams-v0", "teams"),
        ("bigtwo/BigTwoHongKong-v0", "hong-kong"),
    ],
)
def test_gymnasium_ids_make_envs_that_pass_check_env_with_nothing_skipped(
    env_id: str, rules: str
) -> None:
    env = gymnasium.make(env_id, opponents="greedy", render_mode="ansi")
    assert env.unwrapped.rules == Rules.preset(rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a skipped check warns: here it fails
        check_env(env.unwrapped)


def test_every_preset_has_an_id_and_rules_may_be_given_to_the_generic_one() -> None:
    assert {kw.get("rules") for kw in env_ids().values()} == {None, *Rules.presets()}
    assert all(env_id in gymnasium.registry for env_id in env_ids())
    env = gymnasium.make("bigtwo/BigTwo-v0", rules="president")
    assert env.unwrapped.rules.name == "president"


def test_a_preset_s_id_refuses_rules_naming_other_rules() -> None:
    """Else ``BigTwoPresident-v0`` would play classic while its spec says President."""
    with pytest.raises(BigTwoError, match="BigTwoPresident-v0 plays the president rules, not"):
        gymnasium.make("bigtwo/BigTwoPresident-v0", rules="classic")
    with pytest.raises(BigTwoError, match=r"make bigtwo/BigTwo-v0 with rules="):
        gymnasium.make_vec("bigtwo/BigTwoHongKong-v0", num_envs=2, rules=Rules.preset("teams"))
    same = gymnasium.make("bigtwo/BigTwoPresident-v0", rules=Rules.preset("president"))
    assert same.unwrapped.rules == Rules.preset("president")
    assert gymnasium.make(same.spec).unwrapped.rules.name == "president"  # remade from its spec
    for rules in ("classic", "president"):  # no preset= but the id's own
        with pytest.raises(BigTwoError, match="plays the president rules"):
            gymnasium.make("bigtwo/BigTwoPresident-v0", preset="classic", rules=rules)
    saved = gymnasium.spec("bigtwo/BigTwoHongKong-v0").to_json()  # a spec saves, and loads
    again = gymnasium.make(gymnasium.envs.registration.EnvSpec.from_json(saved))
    assert again.unwrapped.rules.name == "hong-kong"
    vec = gymnasium.make_vec("bigtwo/BigTwoTeams-v0", num_envs=2, vectorization_mode="sync")
    assert vec.unwrapped.envs[0].unwrapped.rules.name == "teams"  # type: ignore[attr-defined]


def play_out(env: gymnasium.Env, seed: int) -> tuple[dict, dict, list[np.ndarray]]:
    """A whole episode, every action the first `action_masks` offers; the last observation,
    the last info and every mask seen before acting."""
    obs, info = env.reset(seed=seed)
    masks, done = [], False
    while not done:
        mask = env.get_wrapper_attr("action_masks")()
        masks.append(mask)
        obs, _, done, _, info = env.step(int(np.flatnonzero(mask)[0]))
    return obs, info, masks


def test_action_masks_are_bool_arrays_over_the_action_space_and_all_false_at_the_end() -> None:
    env = gymnasium.make("bigtwo/BigTwo-v0", opponents="greedy", deals=2)
    obs, info, masks = play_out(env, 3)
    n = env.action_space.n
    assert all(m.dtype == np.bool_ and m.shape == (n,) and m.any() for m in masks)
    # the terminal observation offers nothing: never a position to act in
    assert not obs["action_mask"].any()
    assert not env.get_wrapper_attr("action_masks")().any()
    assert info["moves"] == {} and info["decision"] is None
    with pytest.raises(BigTwoError, match="reset"):
        env.step(0)


def test_action_masks_agree_with_the_observation_mask() -> None:
    env = BigTwoEnv("president", opponents="random")
    obs, _ = env.reset(seed=2)
    for _ in range(30):
        mask = env.action_masks()
        assert np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, _, done, _, _ = env.step(int(np.flatnonzero(mask)[-1]))
        if done:
            obs, _ = env.reset()


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_autoreset_modes_never_ask_for_an_action_on_the_terminal_mask(mode: AutoresetMode) -> None:
    """NEXT_STEP: the terminal observation (mask all zeros) comes back with ``terminated``, and
    the next step's action is ignored while the env resets. SAME_STEP: the observation is the
    new episode's first, the terminal one sits in ``infos["final_obs"]``."""
    vec = SyncVectorEnv(
        [lambda: BigTwoEnv("classic", opponents="greedy") for _ in range(2)], autoreset_mode=mode
    )
    obs, _ = vec.reset(seed=1)
    ended = 0
    previous = np.zeros(2, bool)
    for _ in range(120):
        masks = obs["action_mask"].astype(bool)
        empty = ~masks.any(axis=1)
        if mode is AutoresetMode.NEXT_STEP:
            assert np.array_equal(empty, previous)  # empty exactly after a termination
        else:
            assert not empty.any()
        actions = np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])
        obs, _, terminated, _, infos = vec.step(actions)
        if mode is AutoresetMode.SAME_STEP and terminated.any():
            for i in np.flatnonzero(terminated):
                assert not infos["final_obs"][i]["action_mask"].any()
        previous = terminated
        ended += int(terminated.sum())
    assert ended >= 2
    vec.close()


def test_infos_read_the_acting_seat_in_words() -> None:
    env = BigTwoEnv("classic", opponents="greedy", seat=2)
    obs, info = env.reset(seed=5)
    game = env.runner.table.game
    assert game is not None
    assert info["seat"] == 2 and info["decision"] == "turn"
    assert set(parse_cards(info["hand"])) == set(cards_of(game.hands[2]))
    assert sorted(info["moves"]) == np.flatnonzero(obs["action_mask"]).tolist()
    for index, text in info["moves"].items():
        assert game.parse_move(text, 2) == env.runner.offers()[index]
    assert info["illegal_action"] is False
    bare = BigTwoEnv("classic", opponents="greedy", seat=2, readable_infos=False)
    assert bare.reset(seed=5)[1] == {"illegal_action": False}


def test_aec_infos_are_the_acting_agents_and_state_holds_the_whole_table() -> None:
    env = BigTwoAEC("classic", deals=1)
    rng = np.random.default_rng(4)
    env.reset(seed=4)
    layout = env.state_layout
    c, steps = env.runner.layout.cards, 0
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, info = env.last()
        state = env.state()
        assert state.shape == env.state_space.shape and env.state_space.contains(state)
        acting = state[layout.slice("acting")]
        if term or trunc:
            assert acting.tolist() == [0, 0, 0, 0, 1]
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert info["seat"] == seat and info["moves"]
        assert all(env.infos[a] == {} for a in env.agents if a != agent)
        assert int(np.argmax(acting)) == seat
        game = env.runner.table.game
        assert game is not None
        hands = state[layout.slice("hands")]
        for s, hand in enumerate(game.hands):
            assert env.runner.layout.card_mask(hands[s * c : (s + 1) * c]) == hand
        if seat == 0:
            assert np.array_equal(state[layout.slice("table")], obs["observation"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 20


def test_render_shows_every_hand_or_the_seat_s_own() -> None:
    table = BigTwoEnv("classic", opponents="greedy", seat=1, render_mode="ansi")
    seat = BigTwoEnv("classic", opponents="greedy", seat=1, render_mode="ansi", render_view="seat")
    table.reset(seed=2)
    seat.reset(seed=2)
    game = table.runner.table.game
    assert game is not None
    hands = [" ".join(c.symbol() for c in cards_of(h)) for h in game.hands]
    whole, own = str(table.render()), str(seat.render())
    assert all(hand in whole for hand in hands)
    assert hands[1] in own and not any(h in own for i, h in enumerate(hands) if i != 1)
    assert "last actions" in whole and "seat 1 to act" in whole
    with pytest.raises(BigTwoError, match="render_view is one of table, seat"):
        BigTwoEnv("classic", render_view="hand")


def final_rewards(reward: str, rules: str = "classic") -> tuple[list[float], int | None]:
    """Every seat's reward in a one-deal session played at random, and the deal's winner."""
    env = BigTwoAEC(rules, reward=reward)
    rng = np.random.default_rng(6)
    env.reset(seed=6)
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    got = [env.rewards[a] for a in env.possible_agents]
    game = env.runner.table.last
    assert game is not None
    return got, game.winner


def test_reward_options_pay_points_normalised_points_or_a_win() -> None:
    points, winner = final_rewards("points")
    assert any(points) and winner is not None
    normalised, _ = final_rewards("normalised")
    top = max(abs(p) for p in points)
    assert normalised == pytest.approx([p / top for p in points])
    wins, _ = final_rewards("win")
    assert wins == [1.0 if s == winner else -1.0 for s in range(4)]
    teams, winner = final_rewards("win", "teams")
    assert winner is not None
    assert teams == [1.0 if s % 2 == winner % 2 else -1.0 for s in range(4)]
    with pytest.raises(BigTwoError, match="reward is one of points, normalised, win"):
        BigTwoEnv("classic", reward="score")


@pytest.mark.parametrize("rules", ["classic", Rules(decks=2, players=6, jokers=Jokers.WILD)])
def test_every_offered_moves_text_is_the_moves_own(rules: object) -> None:
    """Texts kept by bitmask and written afresh agree, step after step, wild jokers too."""
    env = BigTwoAEC(rules, deals=1)
    rng = np.random.default_rng(6)
    env.reset(seed=6)
    while env.agents:
        _, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        offers = env.runner.offers()
        assert info["moves"] == {i: str(m) for i, m in offers.items()}
        env.step(int(rng.choice(sorted(offers))))


@pytest.mark.parametrize("rules", sorted(Rules.presets()))
def test_aec_infos_at_the_end_offer_nothing_and_only_the_selected_agent_has_any(
    rules: str,
) -> None:
    """Once the session is over each agent stepping out reads the end in its infos (no
    decision, no moves, no move rows), never the position before the last play, and the
    others' infos stay empty."""
    env = BigTwoAEC(rules, move_features=True)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    ended = 0
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, info = env.last()
        assert all(env.infos[a] == {} for a in env.agents if a != agent)
        if term or trunc:
            ended += 1
            assert info["decision"] is None and info["moves"] == {}, info
            assert info["seat"] == env.possible_agents.index(agent)
            assert len(info["move_features"]) == len(info["move_actions"]) == 0
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ended == len(env.possible_agents)
