"""The examples run, in small size, and say what they should."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from bigtwo.bots import REGISTRY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # where dataclasses look a module's annotations up
    spec.loader.exec_module(module)
    return module


def test_the_linear_baseline_learns_the_hard_bot_and_plays_in_the_arena(tmp_path: Path) -> None:
    baseline = example("linear_baseline")
    dataset = tmp_path / "hard.parquet"
    args = ["--deals", "30", "--epochs", "80", "--arena-deals", "3", "--dataset", str(dataset)]
    report = baseline.main(args)
    assert dataset.exists() and report["rows"] > 500
    first, last = report["loss"]
    assert last < first
    assert report["accuracy"]["held_out"] > report["uniform_accuracy"] + 0.05
    for opponent in ("random", "easy"):
        margin = report[opponent]["margin"]
        assert (margin["bot"], margin["versus"]) == ("linear", opponent)
    assert "linear" not in REGISTRY  # the policy joined the arena without registering


def test_maskable_ppo_learns_on_the_registered_id_with_no_wrapper() -> None:
    ppo = example("maskable_ppo")
    report = ppo.main(["--steps", "200", "--eval-deals", "1"])
    assert report["steps"] >= 200 and report["returns"]  # episodes ended, masks were read
    # every return is a normalised deal's: within [-1, 1]
    assert all(-1.0 <= r <= 1.0 for r in report["returns"])
    evaluation = report["evaluation"]
    assert evaluation["policy"] == "ppo" and evaluation["deals"] == 1
    assert evaluation["games"] == 4  # the policy held every hand of the deal


def test_the_ppo_that_scores_offered_moves_trains_and_is_evaluated() -> None:
    ppo = example("ppo_moves")
    args = ["--total-timesteps", "256", "--num-envs", "4", "--num-steps", "32"]
    report = ppo.main([*args, "--eval-deals", "2"])
    assert report["steps"] == 256 and len(report["losses"]) == 2
    assert report["illegal"] == 0  # every sampled place was a row of an offered move
    assert report["returns"] and all(np.isfinite(report["losses"]))
    assert report["evaluation"]["games"] == 8


def test_the_move_scoring_agent_scores_each_move_alone() -> None:
    """A move's logit depends on its own row and the observation, not on the other rows or
    their order, so the agent plays the same move however the moves are listed."""
    ppo = example("ppo_moves")
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    agent = ppo.Agent(obs_size=6, move_size=5, hidden=8)
    obs = torch.randn(1, 6)
    rows = np.random.default_rng(0).normal(size=(7, 5)).astype(np.float32)
    logits = agent.logits(obs, *ppo.padded([rows]))[0]
    flipped = agent.logits(obs, *ppo.padded([rows[::-1].copy()]))[0]
    assert torch.allclose(logits, flipped.flip(0), atol=1e-6)
    both = agent.logits(obs.repeat(2, 1), *ppo.padded([rows, rows[:3]]))
    assert torch.allclose(both[0], logits, atol=1e-6) and (both[1, 3:] < -1e7).all()


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="ray is not installed (the 'rllib' extra)"
)
def test_rllib_ppo_trains_on_the_gymnasium_id() -> None:
    import ray

    rllib = example("rllib_ppo")
    try:
        report = rllib.main(["--iterations", "2", "--batch", "128"])
    finally:  # RLlib started a local Ray in this process: not left for the next test's
        ray.shutdown()
    steps = [r["steps"] for r in report["results"]]
    assert steps == sorted(steps) and steps[-1] >= 256
    assert all(-1.0 <= r["return"] <= 1.0 for r in report["results"])
