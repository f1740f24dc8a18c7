"""The RL environments as docs/rl.md describes them: Gymnasium's and PettingZoo's own API
checks, the observation's layout and the end of an episode, refusals, rewards, infos, renders
that show a seat nothing of the others' hands, and the snippets of the page run as written."""

from __future__ import annotations

import re
import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from bigtwo import BigTwoError, Rules  # noqa: E402
from bigtwo.cards import parse_cards  # noqa: E402
from bigtwo.env import BigTwoAEC, BigTwoEnv, Layout, StateLayout, VectorBigTwo  # noqa: E402
from bigtwo.env.registration import env_ids  # noqa: E402

SUIT = re.compile("[♦♣♥♠]")


def _first_offered(obs: dict[str, object]) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])  # type: ignore[arg-type]


def test_the_documented_ids_are_registered_and_made_by_name() -> None:
    ids = env_ids()
    for name in ("bigtwo/BigTwo-v0", "bigtwo/BigTwoClassic-v0", "bigtwo/BigTwoHongKong-v0",
                 "bigtwo/BigTwoPresident-v0", "bigtwo/BigTwoTeams-v0"):  # fmt: skip
        assert name in ids
    env = gymnasium.make("bigtwo.env:bigtwo/BigTwo-v0", rules="tournament", opponents="greedy")
    obs, _ = env.reset(seed=3)
    assert obs["action_mask"].shape == (44_559,)  # the tournament rules' space
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and masks.any()


def test_gymnasiums_check_env_passes_with_nothing_skipped() -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in ("bigtwo/BigTwoClassic-v0", "bigtwo/BigTwoPresident-v0"):
            env = gymnasium.make(name, render_mode="ansi").unwrapped
            check_env(env, skip_render_check=False)


def test_pettingzoos_api_test_passes() -> None:
    from pettingzoo.test import api_test

    env = BigTwoAEC("classic")
    api_test(env, num_cycles=100)
    assert env.possible_agents == ["player_0", "player_1", "player_2", "player_3"]


def test_the_classic_observation_has_the_documented_layout() -> None:
    layout = Layout(Rules.preset("classic"))
    fields = dict(layout.fields)
    assert fields["hand"] == (0, 52)
    assert fields["played"] == (52, 104)
    assert fields["counts"] == (468, 472)
    assert fields["decision"] == (498, 503)
    assert fields["deals_played"] == (523, 524)
    state = dict(StateLayout(Rules.preset("classic")).fields)
    assert state == {"hands": (0, 208), "undealt": (208, 260), "acting": (260, 265),
                     "table": (265, 789)}  # fmt: skip


def test_an_observation_holds_the_seats_own_hand_and_no_other() -> None:
    env = BigTwoEnv("classic", opponents="random")
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == (524,) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (43_382,) and obs["action_mask"].dtype == np.int8
    hand = {int(c) for c in parse_cards(info["hand"])}
    assert set(np.flatnonzero(obs["observation"][0:52]).tolist()) == hand
    assert sorted(info["moves"]) == np.flatnonzero(obs["action_mask"]).tolist()


def test_the_end_of_an_episode_offers_nothing_and_a_further_step_says_reset() -> None:
    env = BigTwoEnv("classic", opponents="random")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        assert obs["action_mask"].any()  # every observation before the end offers an action
        obs, _, terminated, truncated, info = env.step(_first_offered(obs))
        done = terminated or truncated
    assert not obs["action_mask"].any() and not env.action_masks().any()
    assert info["moves"] == {} and info["decision"] is None
    with pytest.raises(BigTwoError, match="reset"):
        env.step(0)


def test_an_action_not_offered_plays_the_default_and_says_so() -> None:
    env = BigTwoEnv("classic", readable_infos=False)
    _, info = env.reset(seed=1)
    assert info == {"illegal_action": False}  # readable infos left out, illegal_action kept
    _, _, _, _, info = env.step(43_381)  # a gift: never offered on a turn
    assert info["illegal_action"] is True


def test_the_aec_environment_refuses_an_index_its_mask_does_not_offer() -> None:
    env = BigTwoAEC("classic")
    env.reset(seed=1)
    acting = env.agent_selection
    assert all(env.infos[a] == {} for a in env.agents if a != acting)
    with pytest.raises(BigTwoError):
        env.step(43_381)


@pytest.mark.parametrize(("reward", "allowed"), [("normalised", None), ("win", {-1.0, 0.0, 1.0})])
def test_rewards_stay_in_their_documented_range(reward: str, allowed: set[float] | None) -> None:
    env = BigTwoEnv("classic", opponents="random", reward=reward, deals=3)
    obs, _ = env.reset(seed=2)
    paid, done = [], False
    while not done:
        obs, r, terminated, truncated, _ = env.step(_first_offered(obs))
        paid.append(float(r))
        done = terminated or truncated
    assert any(paid)
    for r in paid:
        assert -1.0 <= r <= 1.0
        assert allowed is None or r in allowed


def test_the_seat_render_shows_its_own_hand_alone() -> None:
    env = BigTwoEnv("classic", opponents="greedy", render_mode="ansi", render_view="seat")
    env.reset(seed=5)
    table = BigTwoEnv("classic", opponents="greedy", render_mode="ansi")
    table.reset(seed=5)
    for text, others_shown in ((env.render(), False), (table.render(), True)):
        rows = [line for line in text.splitlines() if line.strip().startswith("seat ")]
        assert len(rows) == 4
        assert SUIT.search(rows[0])  # seat 0, the learner: its hand
        assert all(bool(SUIT.search(row)) is others_shown for row in rows[1:]), text


@pytest.mark.parametrize(
    "keywords",
    [
        {"reward": "nosuch"},
        {"opponents": "nosuch"},
        {"deals": 0},
        {"render_view": "x"},
        {"render_mode": "rgb"},
        {"side_actions": "x"},
        {"actions": "x"},
    ],
)
def test_a_bad_keyword_is_refused_in_words(keywords: dict[str, object]) -> None:
    with pytest.raises(BigTwoError):
        BigTwoEnv("classic", **keywords)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [4, -1, True])
def test_a_seat_the_rules_dont_have_is_refused_in_words(seat: object) -> None:
    with pytest.raises(BigTwoError):
        BigTwoEnv("classic", seat=seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [BigTwoEnv, BigTwoAEC])
@pytest.mark.parametrize("rules", [3, None])
def test_rules_of_the_wrong_type_are_refused_in_words(make: type, rules: object) -> None:
    with pytest.raises(BigTwoError):
        make(rules)


def test_the_random_agent_of_the_page_runs_as_written() -> None:
    env = BigTwoAEC("classic")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    while env.agents:
        obs, _reward, terminated, truncated, _info = env.last()
        legal = np.flatnonzero(obs["action_mask"].view(bool))
        env.step(None if terminated or truncated else int(rng.choice(legal)))
    assert sum(env.runner.table.session.totals) == 0


def test_acting_by_offered_move_reaches_every_move_on_two_decks() -> None:
    env = BigTwoEnv(Rules(decks=2, players=6), opponents="greedy", actions="offered")
    _, info = env.reset(seed=1)
    done, steps = False, 0
    while not done:
        assert info["move_features"].shape[0] == len(info["move_actions"])
        scores = info["move_features"] @ np.ones(info["move_features"].shape[1])
        _obs, _reward, done, _truncated, info = env.step(int(np.argmax(scores)))
        assert not info["illegal_action"]
        steps += 1
    assert steps > 0


def test_the_vector_environment_batches_and_seeds_each_table() -> None:
    vec = VectorBigTwo(3, "classic", opponents="random", readable_infos=False)
    try:
        obs, _ = vec.reset(seed=10)
        assert obs["observation"].shape == (3, 524) and obs["action_mask"].shape == (3, 43_382)
        assert vec.action_masks().dtype == bool
        one = BigTwoEnv("classic", opponents="random", readable_infos=False)
        alone, _ = one.reset(seed=11)  # table 1 is seeded with seed + 1
        assert np.array_equal(alone["observation"], obs["observation"][1])
    finally:
        vec.close()


@pytest.mark.parametrize("num_envs", [0, -1, "3", True])
def test_a_vector_of_no_tables_is_refused_in_words(num_envs: object) -> None:
    with pytest.raises(BigTwoError):
        VectorBigTwo(num_envs, "classic")  # type: ignore[arg-type]
