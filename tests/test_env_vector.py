"""The vector environment (`bigtwo.env.VectorBigTwo`, a `gymnasium.vector.VectorEnv`): tables
stepped and restarted in both autoreset modes, masks that agree with what each table offers at
every acting step, subprocess workers that give exactly what one process gives under the same
seeds, `gymnasium.make_vec`, and bad arguments refused in words."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from bigtwo.env import VectorBigTwo
from bigtwo.errors import BigTwoError


def drive(vec: VectorBigTwo, steps: int, seed: int = 1) -> list[tuple[np.ndarray, ...]]:
    """Random offered actions (0 on an empty mask); every step's arrays."""
    obs, _ = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(steps):
        offered = [np.flatnonzero(m) for m in obs["action_mask"].view(bool)]
        actions = [int(rng.choice(o)) if len(o) else 0 for o in offered]
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        assert not infos["illegal_action"].any()
        seen.append((obs["observation"], obs["action_mask"], rewards, terminated, truncated))
    return seen


def test_tables_step_end_and_restart_with_the_terminal_mask_empty_only_after_an_end() -> None:
    vec = VectorBigTwo(3, "classic", opponents="greedy", readable_infos=False)
    obs, _ = vec.reset(seed=2)
    assert vec.observation_space.contains(obs)
    assert obs["observation"].shape == (3, 524) and obs["action_mask"].shape == (3, 43382)
    rng = np.random.default_rng(0)
    ended, total = np.zeros(3, bool), np.zeros(3)
    episodes = 0
    for _ in range(300):
        masks = obs["action_mask"].view(bool)
        assert np.array_equal(~masks.any(axis=1), ended)  # empty exactly after an end
        assert np.array_equal(vec.action_masks(), masks)
        for i in np.flatnonzero(~ended):  # the mask is what the table offers
            runner = vec._tables.envs[i].runner  # type: ignore[union-attr]
            assert sorted(runner.offers()) == np.flatnonzero(masks[i]).tolist()
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        obs, rewards, terminated, truncated, _ = vec.step(actions)
        assert not truncated.any() and not rewards[ended].any()  # a restart pays nothing
        total += rewards
        episodes += int(terminated.sum())
        ended = terminated
    assert episodes > 5 and total.any()


def test_same_step_autoreset_never_returns_an_empty_mask_and_keeps_the_final_one() -> None:
    vec = VectorBigTwo(2, "president", autoreset_mode="SameStep")
    obs, _ = vec.reset(seed=3)
    rng = np.random.default_rng(3)
    finals = 0
    for _ in range(200):
        masks = obs["action_mask"].view(bool)
        assert masks.any(axis=1).all()
        obs, _, terminated, _, infos = vec.step([int(rng.choice(np.flatnonzero(m))) for m in masks])
        for i in np.flatnonzero(terminated):
            assert not infos["final_obs"][i]["action_mask"].any()
            assert infos["final_info"]["decision"][i] is None
            finals += 1
    assert finals >= 3


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_workers_give_what_one_process_gives_under_the_same_seeds(mode: str) -> None:
    one = VectorBigTwo(5, "classic", opponents="random", autoreset_mode=mode)
    two = VectorBigTwo(5, "classic", opponents="random", autoreset_mode=mode, workers=2)
    try:
        a, b = drive(one, 120, seed=4), drive(two, 120, seed=4)
    finally:
        two.close()
    assert sum(int(step[3].sum()) for step in a) > 5  # episodes ended and restarted
    for x, y in zip(a, b, strict=True):
        for u, v in zip(x, y, strict=True):
            assert np.array_equal(u, v)
    assert drive(VectorBigTwo(5, "classic", autoreset_mode=mode), 5, seed=5)[-1][0].tolist() != (
        a[4][0].tolist()
    )


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_offered_moves_come_one_array_a_table_and_act_by_place_with_or_without_workers(
    mode: str,
) -> None:
    kwargs = {"opponents": "greedy", "readable_infos": False, "actions": "offered"}
    one = VectorBigTwo(3, "classic", autoreset_mode=mode, **kwargs)
    two = VectorBigTwo(3, "classic", autoreset_mode=mode, workers=2, **kwargs)
    with pytest.raises(BigTwoError, match="action_masks is for actions='index'"):
        one.action_masks()
    rng = np.random.default_rng(6)
    try:
        (_, a), (_, b) = one.reset(seed=6), two.reset(seed=6)
        ended = finals = 0
        for _ in range(150):
            for i in range(3):  # each table's own rows, as its environment offers them
                assert np.array_equal(a["move_features"][i], b["move_features"][i])
                env = one._tables.envs[i]  # type: ignore[union-attr]
                moves, indices = env.runner.offered_moves()
                assert len(a["move_features"][i]) == len(moves)
                assert a["move_actions"][i].tolist() == indices
            actions = [int(rng.integers(len(f))) if len(f) else 0 for f in a["move_features"]]
            _, _, done, _, a = one.step(actions)
            _, _, _, _, b = two.step(actions)
            assert not a["illegal_action"].any() and not b["illegal_action"].any()
            ended += int(done.sum())
            if "final_info" in a:
                finals += 1
                assert all(len(f) == 0 for f in a["final_info"]["move_features"][done])
    finally:
        two.close()
    assert ended > 5 and (finals > 0) == (mode == "SameStep")


def test_make_vec_builds_the_vector_environment_for_every_id() -> None:
    vec = gymnasium.make_vec("bigtwo/BigTwoPresident-v0", num_envs=2, opponents="greedy")
    assert isinstance(vec, VectorBigTwo) and vec.rules.name == "president"
    assert vec.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, _ = vec.reset(seed=1)
    assert obs["action_mask"].shape == (2, vec.single_action_space.n)
    vec.close()
    workers = gymnasium.make_vec("bigtwo/BigTwo-v0", num_envs=2, workers=2, rules="teams")
    assert isinstance(workers, VectorBigTwo) and workers.rules.name == "teams"
    assert workers.reset(seed=1)[0]["observation"].shape == (2, 524)
    workers.close()
    sync = gymnasium.make_vec("bigtwo/BigTwo-v0", num_envs=2, vectorization_mode="sync")
    assert sync.reset(seed=1)[0]["action_mask"].shape == (2, 43382)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs is a number of tables"),
        ({"num_envs": 2, "workers": 3}, "workers is a number from 0 to num_envs"),
        ({"num_envs": 2, "autoreset_mode": "sometimes"}, "autoreset_mode is one of NextStep"),
        ({"num_envs": 2, "autoreset_mode": "Disabled"}, "autoreset_mode is one of NextStep"),
    ],
)
# the half-made environment is closed by gymnasium's __del__: that must not fail either
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_bad_arguments_are_refused_in_words(kwargs: dict, message: str) -> None:
    with pytest.raises(BigTwoError, match=message):
        VectorBigTwo(**kwargs)
    vec = VectorBigTwo(2)
    with pytest.raises(BigTwoError, match="2 seeds are needed, not 3"):
        vec.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("workers", [0, 2])
def test_a_closed_vector_env_says_it_is_closed(workers: int) -> None:
    vec = VectorBigTwo(2, "classic", workers=workers)
    vec.reset(seed=1)
    vec.close()
    for call in (lambda: vec.step(np.zeros(2, int)), lambda: vec.reset(seed=1)):
        with pytest.raises(BigTwoError, match="closed"):
            call()
    vec.close()  # a second close does nothing
