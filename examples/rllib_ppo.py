"""RLlib's PPO on Big Two by its Gymnasium id: RLlib makes the env itself from
``bigtwo.env:bigtwo/BigTwo-v0`` (the module part imports the package, which registers the id,
in every process RLlib starts), and its default PPO networks read the observation vector with
their logits masked by the observation's ``action_mask``, the one piece RLlib needs told.

    python examples/rllib_ppo.py [--iterations 20] [--batch 4000] [--opponents random]

It needs the ``rllib`` extra (``pip install 'bigtwo[rllib]'``: ray[rllib] and torch).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bigtwo.extras import require

try:
    import torch
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import (
        DefaultPPOTorchRLModule,
    )
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.utils.torch_utils import FLOAT_MIN
except ImportError:
    require("rllib", "examples/rllib_ppo.py")  # names the extra that brings them
    raise

ENV = "bigtwo.env:bigtwo/BigTwo-v0"


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """RLlib's default PPO module over ``obs["observation"]``; the logits of the indices
    ``obs["action_mask"]`` doesn't offer are pushed to RLlib's lowest float."""

    def __init__(self, *, observation_space: Any, **kwargs: Any) -> None:
        self.with_mask = observation_space
        super().__init__(observation_space=observation_space["observation"], **kwargs)

    def setup(self) -> None:
        super().setup()
        self.observation_space = self.with_mask  # what the env gives, checked by RLlib

    def _forward_inference(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._unpack(batch)
        return self._masked(super()._forward_inference(batch, **kwargs), mask)

    def _forward_exploration(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._unpack(batch)
        return self._masked(super()._forward_exploration(batch, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask = self._unpack(batch)
        return self._masked(super()._forward_train(batch, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        self._unpack(batch)
        return super().compute_values(batch, embeddings)

    @staticmethod
    def _unpack(batch: dict[str, Any]) -> Any:
        """The batch's observations become the vectors, in place (RLlib hands the same batch
        to the value function and the policy); the mask moves beside them."""
        obs = batch[Columns.OBS]
        if isinstance(obs, dict):
            batch["action_mask"] = obs["action_mask"]
            batch[Columns.OBS] = obs["observation"]
        return batch["action_mask"]

    @staticmethod
    def _masked(outs: dict[str, Any], mask: Any) -> dict[str, Any]:
        outs[Columns.ACTION_DIST_INPUTS] = outs[Columns.ACTION_DIST_INPUTS] + torch.clamp(
            torch.log(mask.float()), min=FLOAT_MIN
        )
        return outs


def config(batch: int, opponents: str, seed: int) -> PPOConfig:
    """PPO on one env runner in this process, ``batch`` of the learner's decisions a round."""
    return (
        PPOConfig()
        .environment(
            ENV,
            env_config={"opponents": opponents, "reward": "normalised", "readable_infos": False},
        )
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=min(batch, 128),
            num_epochs=2,
            lr=3e-4,
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=MaskedPPOModule, model_config={"fcnet_hiddens": [64]}
            )
        )
        .debugging(seed=seed)
    )


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--batch", type=int, default=4000, help="the learner's decisions a round")
    parser.add_argument("--opponents", default="random", help="a bot's name, for every seat")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    algo = config(args.batch, args.opponents, args.seed).build_algo()
    results = []
    for _ in range(args.iterations):
        result = algo.train()
        runners = result["env_runners"]
        steps = result.get("num_env_steps_sampled_lifetime", runners.get("num_env_steps_sampled"))
        ret = runners.get("episode_return_mean", float("nan"))
        print(f"{steps} decisions: the recent deals returned {ret:+.3f}")
        results.append({"steps": steps, "return": ret})
    algo.stop()
    return {"results": results}


if __name__ == "__main__":
    main()
