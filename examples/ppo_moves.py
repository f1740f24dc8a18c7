"""PPO that scores the offered moves by their cards, in one file as CleanRL writes its
algorithms: the network embeds the observation and every offered move's features
(`bigtwo.env.move_features`: the move's cards, kind, ranks, strength, what it leaves), and a
move's logit is the dot product of the two embeddings, so one network plays every rule set,
two decks and wild jokers included, with no output per action index.

    python examples/ppo_moves.py [--total-timesteps 50000] [--num-envs 8] [--eval-deals 100]

It needs the ``train`` extra (``pip install 'bigtwo[train]'``: torch). The tables are one
`VectorBigTwo` from ``gymnasium.make_vec`` with ``actions="offered"`` (an action is the place
of a row of ``infos["move_features"]``) and Gymnasium's same-step autoreset, so every
observation offers a move; after training the policy plays `evaluate`'s duplicate deals.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np

import bigtwo
import bigtwo.env  # registers the Gymnasium ids
from bigtwo.combos import Move
from bigtwo.env import Layout, move_features
from bigtwo.env.dataset import decision_of
from bigtwo.evaluation import evaluate
from bigtwo.extras import require

try:
    import torch
    from torch import nn
    from torch.distributions.categorical import Categorical
except ImportError:
    require("train", "examples/ppo_moves.py", ["torch"])  # names the extra that brings it
    raise


@dataclass
class Args:
    rules: str = "classic"  # a preset's name
    opponents: str = "random"  # a bot's name, for every other seat
    seed: int = 1
    total_timesteps: int = 50000  # the learner's decisions, over all tables
    num_envs: int = 8
    num_steps: int = 64  # decisions of each table a rollout
    learning_rate: float = 2.5e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128
    eval_deals: int = 100


def layer(inputs: int, outputs: int, std: float = np.sqrt(2)) -> nn.Linear:
    out = nn.Linear(inputs, outputs)
    nn.init.orthogonal_(out.weight, std)
    nn.init.constant_(out.bias, 0.0)
    return out


class Agent(nn.Module):
    """A move's logit is ⟨state(obs), move(features)⟩; the critic reads the observation."""

    def __init__(self, obs_size: int, move_size: int, hidden: int) -> None:
        super().__init__()
        self.state = nn.Sequential(layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden))
        self.move = nn.Sequential(layer(move_size, hidden), nn.Tanh(), layer(hidden, hidden))
        self.critic = nn.Sequential(
            layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(),
            layer(hidden, 1, std=1.0),
        )  # fmt: skip

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        return self.critic(obs).squeeze(-1)

    def logits(self, obs: torch.Tensor, moves: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
        """``obs`` [B, n], ``moves`` [B, M, F] padded, ``valid`` [B, M]: the logits [B, M],
        the padding's far below any move's."""
        scores = torch.einsum("bh,bmh->bm", self.state(obs), self.move(moves))
        return scores.masked_fill(~valid, -1e8)

    def act(
        self,
        obs: torch.Tensor,
        moves: torch.Tensor,
        valid: torch.Tensor,
        action: torch.Tensor | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        dist = Categorical(logits=self.logits(obs, moves, valid))
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.value(obs)


def padded(rows: Sequence[np.ndarray]) -> tuple[torch.Tensor, torch.Tensor]:
    """Tables' move features (each its own number of rows) as one zero-padded tensor
    [B, M, F] and which entries are moves [B, M]."""
    most = max(len(r) for r in rows)
    out = np.zeros((len(rows), most, rows[0].shape[1]), np.float32)
    valid = np.zeros((len(rows), most), np.bool_)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
        valid[i, : len(r)] = True
    return torch.from_numpy(out), torch.from_numpy(valid)


def train(args: Args) -> tuple[Agent, dict[str, Any]]:
    """PPO for ``args.total_timesteps`` decisions; the agent and what happened."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # small matrices: more threads only wait on each other
    envs = gymnasium.make_vec(
        "bigtwo/BigTwo-v0", num_envs=args.num_envs, rules=args.rules, opponents=args.opponents,
        actions="offered", autoreset_mode="SameStep", reward="normalised", readable_infos=False,
    )  # fmt: skip
    layout = bigtwo.env.MoveLayout(bigtwo.Rules.preset(args.rules))
    agent = Agent(envs.single_observation_space["observation"].shape[0], layout.size, args.hidden)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.learning_rate, eps=1e-5)
    n, steps = args.num_envs, args.num_steps
    batch_size = n * steps
    minibatch_size = max(1, batch_size // args.num_minibatches)
    iterations = max(1, args.total_timesteps // batch_size)

    obs_buf = torch.zeros((steps, n, envs.single_observation_space["observation"].shape[0]))
    move_buf: list[list[np.ndarray]] = [[] for _ in range(steps)]
    actions, logprobs = torch.zeros((steps, n), dtype=torch.long), torch.zeros((steps, n))
    rewards, dones, values = (
        torch.zeros((steps, n)),
        torch.zeros((steps, n)),
        torch.zeros((steps, n)),
    )
    report: dict[str, Any] = {"returns": [], "losses": [], "illegal": 0, "steps": 0}

    obs, infos = envs.reset(seed=args.seed)
    next_obs, next_moves = torch.from_numpy(obs["observation"].copy()), list(infos["move_features"])
    next_done = torch.zeros(n)
    running = np.zeros(n)
    start = time.perf_counter()
    for _ in range(iterations):
        for step in range(steps):
            obs_buf[step], move_buf[step], dones[step] = next_obs, next_moves, next_done
            with torch.no_grad():
                action, logprob, _, value = agent.act(next_obs, *padded(next_moves))
            actions[step], logprobs[step], values[step] = action, logprob, value
            obs, reward, terminated, truncated, infos = envs.step(action.numpy())
            report["illegal"] += int(infos["illegal_action"].sum())
            rewards[step] = torch.from_numpy(reward.astype(np.float32))
            next_done = torch.from_numpy((terminated | truncated).astype(np.float32))
            next_obs = torch.from_numpy(obs["observation"].copy())
            next_moves = list(infos["move_features"])
            running += reward
            for i in np.flatnonzero(terminated | truncated):
                report["returns"].append(float(running[i]))
                running[i] = 0.0
        report["steps"] += batch_size

        with torch.no_grad():  # generalised advantage estimation
            next_value = agent.value(next_obs)
            advantages = torch.zeros_like(rewards)
            last = torch.zeros(n)
            for t in reversed(range(steps)):
                later = next_value if t == steps - 1 else values[t + 1]
                alive = 1.0 - (next_done if t == steps - 1 else dones[t + 1])
                delta = rewards[t] + args.gamma * later * alive - values[t]
                last = delta + args.gamma * args.gae_lambda * alive * last
                advantages[t] = last
            returns = advantages + values

        b_obs = obs_buf.reshape(batch_size, -1)
        b_moves = [rows for step_rows in move_buf for rows in step_rows]
        b_actions, b_logprobs = actions.reshape(-1), logprobs.reshape(-1)
        b_advantages, b_returns = advantages.reshape(-1), returns.reshape(-1)
        order = np.arange(batch_size)
        for _ in range(args.update_epochs):
            np.random.default_rng(args.seed + report["steps"]).shuffle(order)
            for lo in range(0, batch_size, minibatch_size):
                mb = order[lo : lo + minibatch_size]
                moves, valid = padded([b_moves[i] for i in mb])
                _, newlogprob, entropy, newvalue = agent.act(b_obs[mb], moves, valid, b_actions[mb])
                ratio = (newlogprob - b_logprobs[mb]).exp()
                adv = b_advantages[mb]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8) if len(mb) > 1 else adv
                pg_loss = torch.max(
                    -adv * ratio, -adv * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)
                ).mean()
                v_loss = 0.5 * ((newvalue - b_returns[mb]) ** 2).mean()
                loss = pg_loss - args.ent_coef * entropy.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        report["losses"].append(float(loss.detach()))
        recent = report["returns"][-100:]
        print(
            f"{report['steps']} decisions, {time.perf_counter() - start:.0f} s: loss"
            f" {float(loss.detach()):.3f}, the last {len(recent)} deals returned"
            f" {np.mean(recent) if recent else float('nan'):+.3f}"
        )
    envs.close()
    return agent, report


class Player:
    """The trained agent as a player for `evaluate`: the legal move with the highest logit."""

    def __init__(self, agent: Agent, rules: bigtwo.Rules) -> None:
        self.agent, self.layout = agent, Layout(rules)

    def __call__(self, view: bigtwo.View, legal_moves: Sequence[Move]) -> Move:
        obs = torch.from_numpy(self.layout.encode(view, decision_of(view)))[None]
        moves, valid = padded([move_features(view, legal_moves)])
        with torch.no_grad():
            logits = self.agent.logits(obs, moves, valid)[0]
        return legal_moves[int(logits.argmax())]


def parse(argv: Sequence[str] | None) -> Args:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for field in dataclasses.fields(Args):
        flag = "--" + field.name.replace("_", "-")
        parser.add_argument(flag, type=type(field.default), default=field.default)
    return Args(**vars(parser.parse_args(argv)))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    agent, report = train(args)
    player = Player(agent, bigtwo.Rules.preset(args.rules))
    result = evaluate(player, args.opponents, args.eval_deals, args.rules, seed=args.seed)
    print(result)
    return {**report, "evaluation": result.to_dict()}


if __name__ == "__main__":
    main()
