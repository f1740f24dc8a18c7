"""The Gymnasium environment: one seat learns, the others are the project's bots (by name, as
`Bot` objects, or as callables ``(view, legal_moves) -> Move``). The observation and the mask
are the AEC environment's; an action the mask doesn't offer is replaced by the rules'
default (what `Table.timeout` does) and reported as ``info["illegal_action"]``. The reward
is the learner's points in each deal that ends.

>>> env = BigTwoEnv("classic", opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> done = False
>>> while not done:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, done, truncated, info = env.step(action)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..bots.outside import CallableBot, Policy
from ..rules.config import Rules
from .aec import observation_space, rules_of
from .runner import TableRunner

Opponent = Bot | str | Policy


def seat_bots(
    opponents: Opponent | Sequence[Opponent], players: int, seat: int, seed: int
) -> list[Bot | None]:
    """The table's seats: None for the learner, a bot for everyone else."""
    others = list(opponents) if isinstance(opponents, list | tuple) else [opponents] * (players - 1)
    if len(others) != players - 1:
        raise ValueError(f"{players - 1} opponents are needed, not {len(others)}")
    bots: list[Bot | None] = []
    for s in range(players):
        if s == seat:
            bots.append(None)
            continue
        other = others.pop(0)
        if isinstance(other, str):
            bots.append(make_bot(other, seed + s))
        elif isinstance(other, Bot):
            bots.append(other)
        else:
            bots.append(CallableBot(cast(Policy, other)))
    return bots


class BigTwoEnv(gym.Env[dict[str, Any], Any]):
    """Big Two for Gymnasium: the learner at ``seat`` against ``opponents`` (one for every
    other seat, or one name or callable for all)."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (as Gymnasium declares it)

    def __init__(
        self,
        rules: Rules | str = "classic",
        *,
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int = 0,
        deals: int = 1,
        side_actions: str = "agents",
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules_of(rules)
        self.opponents, self.learner = opponents, seat
        self.render_mode = render_mode
        self.runner = TableRunner(
            self.rules,
            seat_bots(opponents, self.rules.players, seat, 0),
            deals=deals,
            side_actions=side_actions,
        )
        self.observation_space = observation_space(self.runner)
        self.action_space = spaces.Discrete(self.runner.codec.size)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.runner.seat = None
        while self.runner.seat is None:  # a deal may end before the learner acts (four 2s)
            table_seed = int(self.np_random.integers(2**31))
            bots = seat_bots(self.opponents, self.rules.players, self.learner, table_seed)
            self.runner.bots = bots
            self.runner.reset(table_seed)
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        legal = self.runner.offered(int(action))
        if legal:
            self.runner.act(int(action))
        else:
            self.runner.act_default()
        reward = float(self.runner.rewards[self.learner])
        done = self.runner.seat is None
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, done, False, {"illegal_action": not legal}

    def _observe(self) -> dict[str, Any]:
        obs, mask = self.runner.observe(self.learner)
        return {"observation": obs, "action_mask": mask}

    def render(self) -> str | None:
        return self.runner.show(self.render_mode)
