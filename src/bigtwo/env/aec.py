"""The PettingZoo AEC environment: every seat an agent (``player_0`` …), the agent to act
the seat the table awaits (side decisions included, see `runner`). Each agent observes
``{"observation": float32 vector, "action_mask": int8 vector}`` (`observation.Layout`,
`actions.ActionCodec`); its reward is its reward (`rewards`) for each deal that ends. The
acting agent's ``infos`` entry reads its position in words (`readable.seat_info`; the
others' are empty; once the session is over, each agent stepping out reads no decision);
`state` is the whole table for centralised critics (`state.StateLayout`: privileged, every
hand in it).

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
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..checks import as_whole, describe
from ..errors import BigTwoError
from ..rules.config import Rules
from .moves import OFFERED_ACTIONS, action_number, check_actions, move_info
from .readable import RENDER_MODES, check_render_mode, check_render_view, seat_info, show
from .runner import TableRunner
from .state import StateLayout


def rules_of(rules: Rules | str) -> Rules:
    """``rules`` as `Rules`: a preset's name is looked up; anything else is refused in words."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise BigTwoError(f"rules must be a Rules or a preset's name, not {type(rules).__name__}")


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
    episode, ``side_actions`` ``"agents"`` or ``"default"`` (`runner`), ``reward``
    ``"points"``, ``"normalised"`` or ``"win"`` (`rewards`), ``render_view`` ``"table"``
    (every hand face up) or ``"seat"`` (what the agent to act sees); ``readable_infos=False``
    leaves ``infos`` empty (they cost about a sixteenth of a step). ``move_features=True`` adds
    the acting agent's ``"move_features"`` and ``"move_actions"`` (`moves.move_info`);
    ``actions="offered"`` reads an action as the place of a move among those rows, none
    dropped, and implies them."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "bigtwo_v1",
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = "classic",
        *,
        deals: int = 1,
        side_actions: str = "agents",
        reward: str = "points",
        render_mode: str | None = None,
        render_view: str = "table",
        readable_infos: bool = True,
        move_features: bool = False,
        actions: str = "index",
    ) -> None:
        super().__init__()
        self.rules = rules_of(rules)
        self.actions = check_actions(actions)
        self.move_features = move_features or actions == "offered"
        self.render_view = check_render_view(render_view)
        self.readable_infos = readable_infos
        n = self.rules.players
        self.runner = TableRunner(
            self.rules, [None] * n, deals=deals, side_actions=side_actions, reward=reward
        )
        self.state_layout = StateLayout(self.rules)
        self.state_space = spaces.Box(*self.state_layout.bounds(), dtype=np.float32)
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        self.render_mode = check_render_mode(render_mode)
        space = observation_space(self.runner)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        size = OFFERED_ACTIONS if self.actions == "offered" else self.runner.codec.size
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(size) for a in self.possible_agents
        }
        self._seed: int | None = None
        self._paid = False  # did the rewards of the last step hold a deal's pay?
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)  # an unknown agent refused in words
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)
        return self.action_spaces[agent]

    def _seat(self, agent: object) -> int:
        """``agent``'s seat, or a refusal that names the agents there are."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise BigTwoError(
                f"no agent {describe(agent)}: the agents are {', '.join(self._seats)}"
            )
        return seat

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(_reset_seed(seed))
        self.runner.reset(int(self._rng.integers(2**31)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._paid = True  # rewards to set: zeros after a reset
        self._after_action()

    def observe(self, agent: str) -> dict[str, Any]:
        obs, mask = self.runner.observe(self._seat(agent))
        return {"observation": obs, "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table, every hand included (`state.StateLayout`): privileged, for a
        centralised critic in training, never an agent's input at play."""
        return self.state_layout.encode(self.runner)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            if self.agents:  # the next ended agent to step out reads the end in its infos
                self._inform(self.agent_selection)
            return
        self._cumulative_rewards[agent] = 0.0
        if action is None:
            raise BigTwoError(f"{agent} is still in the game and must act: None is no action")
        if self.actions == "offered":
            self.runner.act_offered(action_number(action, "offered"))
        else:
            self.runner.act(action_number(action, "index"))
        self._after_action()
        if self.render_mode == "human":
            self.render()

    def _after_action(self) -> None:
        runner = self.runner
        if runner.paid or self._paid:  # a deal ended, or ended a step ago: rewards change
            rewards = runner.rewards.tolist()
            for s, agent in enumerate(self.possible_agents):
                if agent in self.rewards:
                    self.rewards[agent] = rewards[s]
            self._accumulate_rewards()
            self._paid = runner.paid
        if runner.seat is None:
            for agent in self.agents:
                self.terminations[agent] = True
            self._inform(self.agents[0])
        else:
            self._inform(self.possible_agents[runner.seat])

    def _inform(self, agent: str) -> None:
        """Select ``agent``: only the selected agent has infos, so the last one's are emptied
        and ``agent``'s filled (once the session is over: no decision and no moves)."""
        self.infos[self.agent_selection] = {}
        self.agent_selection = agent
        info = self.infos[agent] = {}
        seat = self._seats[agent]
        if self.readable_infos:
            info.update(seat_info(self.runner, seat))
        if self.move_features:
            info.update(move_info(self.runner, seat))

    def render(self) -> str | None:
        seat = self.runner.seat if self.render_view == "seat" else None
        return show(self.runner, self.render_mode, seat)

    def close(self) -> None:
        pass


def _reset_seed(seed: object) -> int:
    """A reset's seed as numpy's generator takes it: a whole number, 0 or more."""
    number = as_whole(seed)
    if number is None or number < 0:
        raise BigTwoError(f"a seed is a whole number, 0 or more, not {describe(seed)}")
    return number
