"""The Gymnasium environment: one seat learns, the others are the project's bots (by name, as
`Bot` objects, or as callables ``(view, legal_moves) -> Move``). The observation and the mask
are the AEC environment's; an action the mask doesn't offer is replaced by the rules'
default (what `Table.timeout` does) and reported as ``info["illegal_action"]``. The reward
is the learner's reward (`rewards`) for each deal that ends.

`action_masks` gives the mask as sb3-contrib's maskable algorithms ask for it. Once the
episode is over no action is offered: the last observation's mask is all zeros and
`action_masks` all False, never a position to act in (the next call is `reset`). ``info``
reads the learner's position in words (`readable.seat_info`).

>>> env = BigTwoEnv("classic", opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> done = False
>>> while not done:
...     action = int(env.action_masks().nonzero()[0][0])
...     obs, reward, done, truncated, info = env.step(action)
>>> bool(env.action_masks().any()), info["moves"]
(False, {})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..bots.outside import CallableBot, Policy
from ..errors import BigTwoError
from ..rules.config import Rules
from .aec import observation_space, rules_of
from .moves import OFFERED_ACTIONS, action_number, check_actions, move_info
from .readable import RENDER_MODES, check_render_mode, check_render_view, seat_info, show
from .runner import TableRunner

Opponent = Bot | str | Policy


def seat_bots(
    opponents: Opponent | Sequence[Opponent], players: int, seat: int, seed: int
) -> list[Bot | None]:
    """The table's seats: None for the learner, a bot for everyone else."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise BigTwoError(f"seat must be a whole number from 0 to {players - 1}, not {seat!r}")
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
    other seat, or one name or callable for all). ``reward`` is ``"points"``,
    ``"normalised"`` or ``"win"`` (`rewards`); ``render_view`` ``"table"`` (every hand face
    up) or ``"seat"`` (what the learner sees); ``readable_infos=False`` leaves out all of
    ``info`` but ``illegal_action`` (and the move features). ``move_features=True`` adds
    ``info["move_features"]`` and ``info["move_actions"]`` (`moves.move_info`);
    ``actions="offered"`` reads an action as the place of a move among those rows, none
    dropped, and implies them."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (as Gymnasium declares it)

    def __init__(
        self,
        rules: Rules | str = "classic",
        *,
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int = 0,
        deals: int = 1,
        side_actions: str = "agents",
        reward: str = "points",
        render_mode: str | None = None,
        render_view: str = "table",
        readable_infos: bool = True,
        move_features: bool = False,
        actions: str = "index",
    ) -> None:
        self.rules = rules_of(rules)
        self.actions = check_actions(actions)
        self.move_features = move_features or actions == "offered"
        self.render_view = check_render_view(render_view)
        self.readable_infos = readable_infos
        self.opponents, self.learner = opponents, seat
        self.render_mode = check_render_mode(render_mode)
        self.runner = TableRunner(
            self.rules,
            seat_bots(opponents, self.rules.players, seat, 0),
            deals=deals,
            side_actions=side_actions,
            reward=reward,
        )
        self.observation_space = observation_space(self.runner)
        size = OFFERED_ACTIONS if self.actions == "offered" else self.runner.codec.size
        self.action_space = spaces.Discrete(size)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self._deal_in()
        return self._observe(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        reward, done, illegal = self._advance(action)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, done, False, self._info(illegal=illegal)

    def _deal_in(self) -> None:
        """A new session from the environment's random numbers, on to the learner's first
        decision."""
        self.runner.seat = None
        while self.runner.seat is None:  # a deal may end before the learner acts (four 2s)
            table_seed = int(self.np_random.integers(2**31))
            bots = seat_bots(self.opponents, self.rules.players, self.learner, table_seed)
            self.runner.bots = bots
            self.runner.reset(table_seed)

    def _advance(self, action: Any) -> tuple[float, bool, bool]:
        """The learner takes ``action`` (the default where it isn't offered): its reward,
        whether the episode is over, whether the action was illegal."""
        runner, k = self.runner, action_number(action, self.actions)
        if self.actions == "offered":
            legal = 0 <= k < len(runner.offered_moves()[0])
            if legal:
                runner.act_offered(k)
        else:
            legal = runner.offered(k)
            if legal:
                runner.act(k)
        if not legal:
            self.runner.act_default()
        return float(self.runner.rewards[self.learner]), self.runner.seat is None, not legal

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The actions offered to the learner now, True at each: all False once the episode
        is over (the action space's indices: with ``actions="offered"`` every one of the
        offered moves is legal instead)."""
        if self.actions == "offered":
            raise BigTwoError(
                "action_masks is for actions='index': with actions='offered' the legal actions"
                " are 0 to len(info['move_features']) - 1"
            )
        mask: npt.NDArray[np.bool_] = self.runner.observe(self.learner)[1].view(np.bool_)
        return mask

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"illegal_action": illegal}
        if self.readable_infos:
            info.update(seat_info(self.runner, self.learner))
        if self.move_features:
            info.update(move_info(self.runner, self.learner))
        return info

    def _observe(self) -> dict[str, Any]:
        obs, mask = self.runner.observe(self.learner)
        return {"observation": obs, "action_mask": mask}

    # gymnasium 1.2 types render's frame as a type variable, 1.3 on as any frame
    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        return show(
            self.runner, self.render_mode, self.learner if self.render_view == "seat" else None
        )
