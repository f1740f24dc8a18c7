"""sb3-contrib's MaskablePPO on Big Two as Gymnasium makes it, with no wrapper: the env gives
``action_masks()`` (sb3-contrib's convention) and a Dict observation MultiInputPolicy reads,
so the learner plays seat 0 against three bots and is then measured with `evaluate` (duplicate
deals, a 95% interval).

    python examples/maskable_ppo.py [--steps 20000] [--opponents random] [--eval-deals 100]

It needs the ``train`` extra (``pip install 'bigtwo[train]'``: torch and sb3-contrib). The
policy owns one output per index of the classic rules' 43,382 actions, so most of a step's
time goes to the masked softmax over them: `examples/ppo_moves.py` scores the offered moves
by their cards instead.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

import bigtwo
import bigtwo.env  # registers the Gymnasium ids
from bigtwo.combos import Move
from bigtwo.env import ActionCodec, Layout
from bigtwo.env.dataset import decision_of
from bigtwo.evaluation import evaluate
from bigtwo.extras import require

try:
    import torch
    from sb3_contrib import MaskablePPO
except ImportError:
    require("train", "examples/maskable_ppo.py")  # names the extra that brings them
    raise

RULES = "classic"


def train(steps: int, opponents: str, seed: int) -> tuple[MaskablePPO, list[float]]:
    """A MaskablePPO trained for ``steps`` of the learner's decisions; each episode's return."""
    env = gymnasium.make(
        "bigtwo/BigTwo-v0", rules=RULES, opponents=opponents, reward="normalised",
        readable_infos=False,
    )  # fmt: skip
    model = MaskablePPO(
        "MultiInputPolicy", env, n_steps=min(steps, 512), batch_size=64, n_epochs=4,
        policy_kwargs={"net_arch": [64]}, seed=seed, verbose=0,
    )  # fmt: skip
    model.learn(steps)
    returns = [float(episode["r"]) for episode in model.ep_info_buffer]
    return model, returns


class Player:
    """The trained policy as a player for `evaluate`: each view encoded as the env encodes
    it, the legal moves as its mask, the most likely index played."""

    def __init__(self, model: MaskablePPO, rules: bigtwo.Rules) -> None:
        self.model, self.layout, self.codec = model, Layout(rules), ActionCodec(rules)

    def __call__(self, view: bigtwo.View, legal_moves: Sequence[Move]) -> Move:
        mask, moves = self.codec.mask(legal_moves)
        obs = {"observation": self.layout.encode(view, decision_of(view)), "action_mask": mask}
        action, _ = self.model.predict(obs, action_masks=mask.view(np.bool_), deterministic=True)
        return moves[int(action)]


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20000, help="the learner's decisions")
    parser.add_argument("--opponents", default="random", help="a bot's name, for every seat")
    parser.add_argument("--eval-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # small layers: more threads only wait on each other
    model, returns = train(args.steps, args.opponents, args.seed)
    player = Player(model, bigtwo.Rules.preset(RULES))
    result = evaluate(player, args.opponents, args.eval_deals, RULES, seed=args.seed, name="ppo")
    mean = float(np.mean(returns)) if returns else float("nan")
    print(f"{model.num_timesteps} decisions; the last {len(returns)} deals returned {mean:+.3f}")
    print(result)
    return {"steps": model.num_timesteps, "returns": returns, "evaluation": result.to_dict()}


if __name__ == "__main__":
    main()
