"""Many tables stepped together, as a `gymnasium.vector.VectorEnv`: ``num_envs`` copies of
`BigTwoEnv` (one learner seat against bots at each, the same keywords), their observations
and masks in batched numpy arrays. ``workers=0`` steps every table in this process;
``workers=k`` splits them among ``k`` subprocesses, each stepping its share of the tables and
writing its rows of the shared arrays, so a step is one message a worker, not one a table.

The autoreset mode is Gymnasium's: ``AutoresetMode.NEXT_STEP`` (the default) returns an
ended episode's terminal observation, its mask all zeros, and the next `step` starts that
table's next episode, ignoring its action; ``AutoresetMode.SAME_STEP`` returns the next
episode's first observation at once (it always offers an action) and the terminal one in
``infos["final_obs"]``. ``reset(seed=s)`` seeds table ``i`` with ``s + i``: the same seed
gives the same episodes with or without workers.

With ``move_features=True`` or ``actions="offered"``, ``infos["move_features"]`` and
``infos["move_actions"]`` hold one array a table (object arrays: each table offers its own
number of moves), and an action is a place among that table's rows.

>>> vec = VectorBigTwo(4, "classic", opponents="greedy", readable_infos=False)
>>> obs, infos = vec.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 524), (4, 43382))
>>> actions = vec.action_masks().argmax(axis=1)
>>> obs, rewards, terminated, truncated, infos = vec.step(actions)
>>> rewards.shape, terminated.dtype, infos["illegal_action"].any()
((4,), dtype('bool'), np.False_)
>>> vec.close()
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..errors import BigTwoError
from ..features.observation import Vector
from ..rules.config import Rules
from .actions import Mask
from .aec import rules_of
from .single import BigTwoEnv

AUTORESET_MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)
RAGGED_INFOS = ("move_features", "move_actions")  # a row a move offered: no common shape
Info = dict[str, Any]
Step = tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_], list[tuple[Info, Info | None]]]


class _Tables:
    """Tables stepped one after another, each writing its row of ``obs`` and ``masks``: the
    whole vector in one process, or one worker's share."""

    def __init__(self, envs: list[BigTwoEnv], obs: Vector, masks: Mask, mode: AutoresetMode):
        self.envs, self.obs, self.masks, self.mode = envs, obs, masks, mode
        self.ended = [False] * len(envs)  # NEXT_STEP: starts again at the next step

    def reset(self, seeds: Sequence[int | None]) -> list[tuple[Info, Info | None]]:
        out: list[tuple[Info, Info | None]] = []
        for i, env in enumerate(self.envs):
            out.append((env.reset(seed=seeds[i])[1], None))
            self.ended[i] = False
            self._write(i)
        return out

    def step(self, actions: Sequence[int]) -> Step:
        n = len(self.envs)
        rewards, terminated = np.zeros(n), np.zeros(n, np.bool_)
        out: list[tuple[Info, Info | None]] = []
        for i, env in enumerate(self.envs):
            final = None
            if self.ended[i]:  # the action is ignored: the table starts its next episode
                env._deal_in()
                info = env._info(illegal=False)
                self.ended[i] = False
            else:
                rewards[i], terminated[i], illegal = env._advance(actions[i])
                info = env._info(illegal=illegal)
                if terminated[i] and self.mode is AutoresetMode.SAME_STEP:
                    final = {"final_obs": env._observe(), "final_info": info}
                    env._deal_in()
                    info = env._info(illegal=False)
                elif terminated[i]:
                    self.ended[i] = True
            out.append((info, final))
            self._write(i)
        return rewards, terminated, out

    def _write(self, i: int) -> None:
        env = self.envs[i]
        env.runner.observe(env.learner, self.obs[i], self.masks[i])


def _shared(ctx: Any, typecode: str, dtype: type, shape: tuple[int, int]) -> tuple[Any, Any]:
    """A block of memory the workers write into, and a numpy array over it."""
    raw = ctx.RawArray(typecode, shape[0] * shape[1])
    return raw, np.frombuffer(raw, dtype).reshape(shape)


def _work(
    conn: Connection,
    rules: Rules,
    kwargs: dict[str, Any],
    shared: tuple[Any, Any],
    shapes: tuple[tuple[int, int], tuple[int, int]],
    rows: tuple[int, int],
    mode: AutoresetMode,
) -> None:
    """A worker: its share of the tables (rows ``rows`` of the shared arrays), stepped on
    command until told to stop."""
    lo, hi = rows
    obs = np.frombuffer(shared[0], np.float32).reshape(shapes[0])[lo:hi]
    masks = np.frombuffer(shared[1], np.int8).reshape(shapes[1])[lo:hi]
    tables = _Tables([BigTwoEnv(rules, **kwargs) for _ in range(hi - lo)], obs, masks, mode)
    try:
        while True:
            command, data = conn.recv()
            if command == "step":
                conn.send((True, tables.step(data)))
            elif command == "reset":
                conn.send((True, tables.reset(data)))
            else:
                return
    except KeyboardInterrupt:
        return
    except Exception as exc:  # told to the parent, which raises it in words
        conn.send((False, f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


# gymnasium 1.2's VectorEnv takes type arguments, 1.3 on gives them defaults
class VectorBigTwo(VectorEnv):  # type: ignore[type-arg, unused-ignore]
    """``num_envs`` tables under ``rules`` (a `Rules` or a preset's name), stepped in this
    process or by ``workers`` subprocesses; ``autoreset_mode`` ``NEXT_STEP`` or ``SAME_STEP``;
    ``copy=False`` returns the observation arrays themselves (overwritten by the next step)
    rather than copies. Every other keyword is `BigTwoEnv`'s (``opponents``, ``seat``,
    ``deals``, ``reward``, ``readable_infos`` …); with workers, opponents given as objects
    must pickle where processes are spawned rather than forked."""

    def __init__(
        self,
        num_envs: int = 1,
        rules: Rules | str = "classic",
        *,
        workers: int = 0,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        **kwargs: Any,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise BigTwoError(f"num_envs is a number of tables, 1 or more, not {num_envs!r}")
        if type(workers) is not int or not 0 <= workers <= num_envs:
            raise BigTwoError(f"workers is a number from 0 to num_envs, not {workers!r}")
        modes = ", ".join(m.value for m in AUTORESET_MODES)
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            raise BigTwoError(f"autoreset_mode is one of {modes}, not {autoreset_mode!r}") from None
        if mode not in AUTORESET_MODES:
            raise BigTwoError(f"autoreset_mode is one of {modes}, not {mode.value!r}")
        self.rules, self.num_envs, self.workers = rules_of(rules), num_envs, workers
        self.copy = copy
        self.autoreset_mode = mode
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        first = BigTwoEnv(self.rules, **kwargs)  # checks the keywords here, in words
        self.actions = first.actions
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, num_envs)
        self.action_space = batch_space(first.action_space, num_envs)
        shapes = ((num_envs, first.runner.layout.size), (num_envs, first.runner.codec.size))
        self._workers: list[tuple[Any, Connection, tuple[int, int]]] = []
        self.closed = False
        if workers == 0:
            self._obs: Vector = np.zeros(shapes[0], np.float32)
            self._masks: Mask = np.zeros(shapes[1], np.int8)
            envs = [first, *(BigTwoEnv(self.rules, **kwargs) for _ in range(num_envs - 1))]
            self._tables: _Tables | None = _Tables(envs, self._obs, self._masks, mode)
            return
        self._tables = None
        ctx = multiprocessing.get_context()
        raw_obs, self._obs = _shared(ctx, "f", np.float32, shapes[0])
        raw_masks, self._masks = _shared(ctx, "b", np.int8, shapes[1])
        bounds = np.linspace(0, num_envs, workers + 1).astype(int).tolist()
        for lo, hi in itertools.pairwise(bounds):
            parent, child = ctx.Pipe()
            args = (child, self.rules, kwargs, (raw_obs, raw_masks), shapes, (lo, hi), mode)
            process = ctx.Process(target=_work, args=args, daemon=True)
            process.start()
            child.close()
            self._workers.append((process, parent, (lo, hi)))

    # -- the VectorEnv interface ----------------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], Info]:
        """Every table's first observation; ``seed`` an int (table ``i`` gets ``seed + i``) or
        one seed a table."""
        self._check_open()
        super().reset(seed=seed if isinstance(seed, int) else None)
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise BigTwoError(f"{self.num_envs} seeds are needed, not {len(seeds)}")
        if self._tables is not None:
            results = self._tables.reset(seeds)
        else:
            results = []
            for answer in self._ask([("reset", seeds[lo:hi]) for _, _, (lo, hi) in self._workers]):
                results.extend(answer)
        return self._observations(), self._infos(results)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        dict[str, Any],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Info,
    ]:
        """Each table takes its action (the rules' default where it isn't offered, said in
        ``infos["illegal_action"]``)."""
        self._check_open()
        chosen = self._actions(actions)
        if self._tables is not None:
            rewards, terminated, results = self._tables.step(chosen)
        else:
            parts = self._ask([("step", chosen[lo:hi]) for _, _, (lo, hi) in self._workers])
            rewards = np.concatenate([p[0] for p in parts])
            terminated = np.concatenate([p[1] for p in parts])
            results = [r for p in parts for r in p[2]]
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._observations(), rewards, terminated, truncated, self._infos(results)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The actions offered at each table now, True at each (sb3-contrib's convention): a
        row all False is an ended episode under ``NEXT_STEP``, never a position to act in."""
        if self.actions == "offered":
            raise BigTwoError(
                "action_masks is for actions='index': with actions='offered' table i's legal"
                " actions are 0 to len(infos['move_features'][i]) - 1"
            )
        masks: npt.NDArray[np.bool_] = self._masks.view(np.bool_).copy()
        return masks

    def close_extras(self, **kwargs: Any) -> None:
        # none yet where the arguments were refused: gymnasium's __del__ closes it all the same
        for process, conn, _ in getattr(self, "_workers", ()):
            with contextlib.suppress(BrokenPipeError, OSError):  # a worker already gone
                conn.send(("close", None))
            conn.close()
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
        self._workers = []

    # -- inside -----------------------------------------------------------------------------
    def _ask(self, commands: list[tuple[str, Any]]) -> list[Any]:
        """Send each worker its command, then gather the answers (the workers run at once)."""
        for (_, conn, _), command in zip(self._workers, commands, strict=True):
            conn.send(command)
        answers = []
        for k, (_, conn, _) in enumerate(self._workers):
            try:
                ok, answer = conn.recv()
            except EOFError:
                raise BigTwoError(f"worker {k} of the vector environment stopped") from None
            if not ok:
                raise BigTwoError(f"worker {k} of the vector environment failed: {answer}")
            answers.append(answer)
        return answers

    def _check_open(self) -> None:
        if self.closed:  # its workers are gone: say so rather than fail on their answers
            raise BigTwoError("the vector environment is closed: make a new one")

    def _actions(self, actions: npt.ArrayLike) -> list[int]:
        """One whole number a table, or `BigTwoError` in words here (a worker would stop)."""
        given = np.asarray(actions)
        what = "places of offered moves" if self.actions == "offered" else "indices of the actions"
        if given.dtype.kind not in "iu":
            raise BigTwoError(f"actions are whole numbers ({what}), not of dtype {given.dtype}")
        if given.size != self.num_envs:
            raise BigTwoError(f"one action a table: {self.num_envs}, not shape {given.shape}")
        chosen: list[int] = given.reshape(self.num_envs).tolist()
        return chosen

    def _observations(self) -> dict[str, Any]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._obs, "action_mask": self._masks}

    def _infos(self, results: list[tuple[Info, Info | None]]) -> Info:
        infos: Info = {}
        for i, (info, final) in enumerate(results):
            if final is not None:
                self._make_room(infos.setdefault("final_info", {}), final["final_info"])
                infos = self._add_info(infos, final, i)
            self._make_room(infos, info)
            infos = self._add_info(infos, info, i)
        return infos

    def _make_room(self, infos: Info, info: Info) -> None:
        """Object arrays for the move rows in ``info``, which Gymnasium's `_add_info` would
        batch as one shape for every table."""
        for key in RAGGED_INFOS:
            if key in info and key not in infos:
                infos[key] = np.full(self.num_envs, None, dtype=object)
