"""Many tables stepped together, numpy in and out: one learner seat at each table against
bots, as `BigTwoEnv`, with a finished session reset by itself (its next observation is the
new session's first).

>>> vec = VectorBigTwo(4, "classic", opponents="greedy", seed=1)
>>> obs, masks = vec.reset()
>>> obs.shape[0], masks.shape
(4, (4, 43382))
>>> actions = masks.view(bool).argmax(axis=1)
>>> obs, masks, rewards, done = vec.step(actions)
>>> rewards.shape, done.dtype
((4,), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..rules.config import Rules
from .actions import Mask
from .aec import rules_of
from .observation import Vector
from .runner import TableRunner
from .single import Opponent, seat_bots


class VectorBigTwo:
    """``count`` tables under ``rules``, the learner at ``seat`` of each."""

    def __init__(
        self,
        count: int,
        rules: Rules | str = "classic",
        *,
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int = 0,
        deals: int = 1,
        side_actions: str = "agents",
        seed: int = 0,
    ) -> None:
        self.rules = rules_of(rules)
        self.opponents, self.seat, self.count = opponents, seat, count
        self._seeds = np.random.default_rng(seed)
        self.runners = [
            TableRunner(
                self.rules,
                seat_bots(opponents, self.rules.players, seat, 0),
                deals=deals,
                side_actions=side_actions,
            )
            for _ in range(count)
        ]
        first = self.runners[0]
        self.obs: Vector = np.zeros((count, first.layout.size), np.float32)
        self.masks: Mask = np.zeros((count, first.codec.size), np.int8)

    def reset(self) -> tuple[Vector, Mask]:
        """Every table's first observation and mask (arrays of ``count`` rows)."""
        for i in range(self.count):
            self._restart(i)
        return self.obs, self.masks

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Vector, Mask, npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Each table takes its action: observations, masks, the learner's rewards and which
        sessions ended (those tables have started a new one)."""
        chosen = np.asarray(actions).reshape(self.count)
        rewards = np.zeros(self.count, np.float32)
        done = np.zeros(self.count, np.bool_)
        for i, runner in enumerate(self.runners):
            if runner.offered(int(chosen[i])):
                runner.act(int(chosen[i]))
            else:
                runner.act_default()
            rewards[i] = runner.rewards[self.seat]
            if runner.seat is None:
                done[i] = True
                self._restart(i)
            else:
                runner.observe(self.seat, self.obs[i], self.masks[i])
        return self.obs, self.masks, rewards, done

    def _restart(self, i: int) -> None:
        runner = self.runners[i]
        runner.seat = None
        while runner.seat is None:  # a deal may end before the learner acts (four 2s)
            table_seed = int(self._seeds.integers(2**31))
            runner.bots = seat_bots(self.opponents, self.rules.players, self.seat, table_seed)
            runner.reset(table_seed)
        runner.observe(self.seat, self.obs[i], self.masks[i])
