"""The PettingZoo AEC environment: every seat an agent (``player_0`` …), the agent to act
the seat the table awaits (side decisions included, see `runner`). Each agent observes
``{"observation": float32 vector, "action_mask": int8 vector}`` (`observation.Layout`,
`actions.ActionCodec`); its reward is its points in each deal that ends.

>>> env = BigTwoAEC("classic")
>>> env.reset(seed=3)
>>> while env.agents:
...     _, _, term, trunc, _ = env.last()
...     mask = env.observe(env.agent_selection)["action_mask"]
...     env.step(None if term or trunc else int(mask.nonzero()[0][0]))
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..rules.config import Rules
from .runner import TableRunner


def rules_of(rules: Rules | str) -> Rules:
    return Rules.preset(rules) if isinstance(rules, str) else rules


def observation_space(runner: TableRunner) -> spaces.Dict:
    low, high = runner.layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (runner.codec.size,), dtype=np.int8),
        }
    )


class BigTwoAEC(AECEnv):  # type: ignore[misc]
    """Big Two for PettingZoo: ``rules`` a `Rules` or a preset's name, ``deals`` deals to an
    episode, ``side_actions`` ``"agents"`` or ``"default"`` (`runner`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "bigtwo_v1",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = "classic",
        *,
        deals: int = 1,
        side_actions: str = "agents",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules_of(rules)
        n = self.rules.players
        self.runner = TableRunner(self.rules, [None] * n, deals=deals, side_actions=side_actions)
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.render_mode = render_mode
        space = observation_space(self.runner)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            a: spaces.Discrete(self.runner.codec.size) for a in self.possible_agents
        }
        self._seed: int | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.runner.reset(int(self._rng.integers(2**31)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_action()

    def observe(self, agent: str) -> dict[str, Any]:
        obs, mask = self.runner.observe(self.possible_agents.index(agent))
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise ValueError("an agent still in the game must act")
        self.runner.act(int(action))
        self._after_action()
        if self.render_mode == "human":
            self.render()

    def _after_action(self) -> None:
        runner = self.runner
        rewards = runner.rewards.tolist()
        for s, agent in enumerate(self.possible_agents):
            if agent in self.rewards:
                self.rewards[agent] = rewards[s]
        self._accumulate_rewards()
        if runner.seat is None:
            for agent in self.agents:
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[runner.seat]
            for agent in self.agents:
                self.infos[agent] = {}

    def render(self) -> str | None:
        return self.runner.show(self.render_mode)

    def close(self) -> None:
        pass
