"""The training run: rounds of sample collection and learner steps, checkpoints that resume
to the very same state, and evaluation against the bot ladder as it goes.

A *step* is one optimiser update on a minibatch of ``batch`` samples (decisions). A round
collects ``round_deals`` deals in chunks of ``CHUNK`` (each chunk a call of a plain function,
`selfplay.imitate` for the first ``warm_rounds`` rounds, else `selfplay.collect`, seeded by
the run's seed, the round and the chunk, so that the samples do not depend on how many
processes play them), then takes ``epochs`` passes over them in minibatches. Every
``pool_every`` steps the network joins the pool of past selves it meets in self-play.

With ``ahead`` the next round is handed to the workers as a round's learning begins, so
that playing and learning overlap: that round is then played by the networks as they were
before this round's learning (one round behind), kept in the checkpoint so that a resumed
run plays it the same.
"""

from __future__ import annotations

import os
import pickle
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from multiprocessing import get_context
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import torch

from ..bots.learned.network import FORMAT, Network, input_size
from ..errors import BigTwoError
from ..evaluation import Evaluation, evaluate
from ..rules.config import Rules
from ..spread import connect, spread
from .model import ValueNet, from_network, loss, to_layers, to_network
from .report import EvalRow, write_csv, write_plot
from .selfplay import CHUNK, Samples, ValueBot, collect, imitate

T = TypeVar("T")

# runs one function over a list of arguments, giving the results in order (`mapper`)
Mapper = Callable[[Callable[[Any], Any], list[Any]], Iterable[Any]]

CHECKPOINT = "checkpoint.pt"


@dataclass(frozen=True)
class TrainConfig:
    """What a run is; kept in its checkpoint, so a resumed run is the same run."""

    rules: str = "classic"
    seed: int = 0
    hidden: tuple[int, ...] = (128, 64)
    batch: int = 256
    lr: float = 1e-3
    round_deals: int = 32
    epochs: int = 2
    warm_rounds: int = 0  # rounds imitating the bots below before self-play (docs/rl.md)
    warm_bots: tuple[str, ...] = ("heuristic",)
    epsilon: float = 0.05
    opponents: tuple[str, ...] = ("heuristic", "greedy")
    self_share: float = 0.5
    held: tuple[int, ...] = (1, 2)  # seats the network may hold in the other deals
    ahead: bool = False  # play the next round while the learner takes in this one
    pool_every: int = 200
    pool_size: int = 4
    pool_whole: bool = False  # past selves drawn evenly from the whole run, not the newest
    eval_every: int = 500
    eval_deals: int = 24
    ladder: tuple[str, ...] = ("random", "greedy", "heuristic")
    start_from: str = ""  # a network file the run's network starts as (else a random one)
    start_steps: int = 0  # the steps that network had been trained, as its file says
    grow_to: tuple[int, ...] = ()  # the start network's layers grown to these (`Network.grown`)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainConfig:
        plain: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**plain)


@dataclass
class Counters:
    step: int = 0
    samples: int = 0  # samples the learner has taken in (one per step and row of a batch)
    deals: int = 0  # deals collected
    rounds: int = 0  # rounds begun
    seconds: float = 0.0  # wall-clock seconds of training, every sitting together
    loss: float = float("nan")  # the last step's


@dataclass
class Trainer:
    """A run in memory; `open` starts or resumes one in a folder."""

    config: TrainConfig
    out: Path
    model: ValueNet
    optimiser: torch.optim.Optimizer
    rng: np.random.Generator
    counters: Counters = field(default_factory=Counters)
    pool: list[list[tuple[np.ndarray, np.ndarray]]] = field(default_factory=list)
    data: Samples | None = None  # the round's samples
    order: np.ndarray = field(default_factory=lambda: np.zeros(0, np.intp))
    position: int = 0  # into `order`
    evaluations: list[EvalRow] = field(default_factory=list)
    ahead: list[list[tuple[np.ndarray, np.ndarray]]] | None = None  # the next round's players
    upcoming: Iterable[Any] | None = None  # the next round's samples, being played

    # -- starting -------------------------------------------------------------------------------
    @classmethod
    def open(cls, out: Path, config: TrainConfig, resume: bool) -> Trainer:
        """A new run in ``out`` (refused when it holds one, unless ``resume``), or the run
        saved there when ``resume``."""
        path = out / CHECKPOINT
        if resume:
            if not path.exists():
                raise BigTwoError(f"nothing to resume: {path} does not exist")
            return cls.load(out)
        if path.exists():
            raise BigTwoError(f"{out} holds a run already: --resume it or choose another --out")
        rules = Rules.preset(config.rules)
        seed = config.seed % 2**64  # numpy's generators take no negative seed
        torch.manual_seed(seed)
        if config.start_from:
            start = Network.load(config.start_from)
            start.check(rules)
            steps = int(start.meta.get("trained", {}).get("steps", 0))
            if config.grow_to and config.grow_to != start.hidden:
                start = start.grown(config.grow_to, seed)
            config = replace(config, hidden=start.hidden, start_steps=steps)
            model = from_network(start)
        else:
            model = ValueNet(input_size(rules), config.hidden)
        optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
        return cls(config, out, model, optimiser, np.random.default_rng(seed))

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.config.rules)

    # -- checkpoints ----------------------------------------------------------------------------
    def save(self) -> Path:
        """Everything the run is, in ``out/checkpoint.pt`` (written whole, then renamed)."""
        self.out.mkdir(parents=True, exist_ok=True)
        state = {
            "config": asdict(self.config),
            "model": self.model.state_dict(),
            "optimiser": self.optimiser.state_dict(),
            "torch_rng": torch.get_rng_state(),
            "rng": self.rng.bit_generator.state,
            "counters": asdict(self.counters),
            "pool": self.pool,
            "data": None if self.data is None else self.data.arrays(),
            "order": self.order,
            "position": self.position,
            "evaluations": [asdict(e) for e in self.evaluations],
            "ahead": self.ahead,
        }
        path = self.out / CHECKPOINT
        partial = path.with_suffix(".partial")
        torch.save(state, partial)
        os.replace(partial, path)
        return path

    @classmethod
    def load(cls, out: Path) -> Trainer:
        try:
            state = torch.load(out / CHECKPOINT, weights_only=False)
            config = TrainConfig.from_dict(state["config"])
        except (
            OSError,
            RuntimeError,
            KeyError,
            TypeError,
            ValueError,
            EOFError,
            pickle.UnpicklingError,
        ) as exc:
            raise BigTwoError(f"{out / CHECKPOINT} is not a checkpoint of this trainer") from exc
        model = ValueNet(input_size(Rules.preset(config.rules)), config.hidden)
        model.load_state_dict(state["model"])
        optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
        optimiser.load_state_dict(state["optimiser"])
        torch.set_rng_state(state["torch_rng"])
        rng = np.random.default_rng()
        rng.bit_generator.state = state["rng"]
        data = state["data"]
        ahead = state.get("ahead")  # a checkpoint from before `ahead` has none
        # older runs kept every past self when asked for none: here and in the round ahead
        pool = _kept(state["pool"], config.pool_size)
        ahead = None if ahead is None else [ahead[0], *_kept(ahead[1:], config.pool_size)]
        return cls(
            config,
            out,
            model,
            optimiser,
            rng,
            Counters(**state["counters"]),
            pool,
            None if data is None else Samples(**data),
            state["order"],
            state["position"],
            [EvalRow(**e) for e in state["evaluations"]],
            ahead,
        )

    # -- training -------------------------------------------------------------------------------
    def collect_round(self, mapper: Mapper | None) -> None:
        """The next round's samples, played through ``mapper`` when given (`mapper`); with
        ``ahead``, the round after it is handed to ``mapper`` before this returns."""
        c, r = self.config, self.counters.rounds
        run = mapper or _in_turn
        if self.upcoming is not None:
            parts = list(self.upcoming)
        else:
            parts = list(run(_call, self._calls(r, self.ahead or self._players())))
        self.upcoming = None
        self.data = Samples.join([Samples(**p) for p in parts])
        self.counters.rounds += 1
        self.counters.deals += CHUNK * self._chunks()
        n = len(self.data)
        self.order = np.concatenate([self.rng.permutation(n) for _ in range(c.epochs)])
        self.position = 0
        if c.ahead:
            self.ahead = self._players()
            self.upcoming = run(_call, self._calls(r + 1, self.ahead))

    def _players(self) -> list[list[tuple[np.ndarray, np.ndarray]]]:
        """The network as it stands, then its past selves: who plays a round's deals."""
        return [to_layers(self.model), *self.pool]

    def _chunks(self) -> int:
        return max(1, self.config.round_deals // CHUNK)

    def _calls(self, r: int, nets: list[list[tuple[np.ndarray, np.ndarray]]]) -> list[Any]:
        """Round ``r``'s tasks: a call of `imitate` or `collect` for each chunk of deals."""
        c = self.config
        rules = self.rules.to_dict()
        seeds = [
            random.Random(f"bigtwo train {c.seed} {r} {k}").getrandbits(62)
            for k in range(self._chunks())
        ]
        if r < c.warm_rounds:
            return [(imitate, (rules, s, CHUNK), {"bots": c.warm_bots}) for s in seeds]
        options = {
            "epsilon": c.epsilon,
            "opponents": c.opponents,
            "self_share": c.self_share,
            "held": c.held,
        }
        return [(collect, (nets, rules, s, CHUNK), options) for s in seeds]

    def step(self) -> float:
        """One optimiser update on the round's next minibatch."""
        assert self.data is not None
        index = self.order[self.position : self.position + self.config.batch]
        self.position += len(index)
        self.model.train()
        value = loss(self.model, self.data.take(index))
        self.optimiser.zero_grad()
        value.backward()  # type: ignore[no-untyped-call]
        self.optimiser.step()
        self.counters.step += 1
        self.counters.samples += len(index)
        self.counters.loss = float(value.item())
        if self.counters.step % self.config.pool_every == 0:
            self.keep_past_self()
        return self.counters.loss

    def keep_past_self(self) -> None:
        """The network as it stands joins the past selves: the newest ``pool_size`` are kept,
        or with ``pool_whole`` a sample of that many drawn evenly from every snapshot of the
        run so far (reservoir sampling: the n-th replaces one at random with chance
        ``pool_size / n``), so the deals meet the run's whole history in bounded memory."""
        c = self.config
        if c.pool_size == 0:  # (no draw either: the same run as `recent` with none)
            return
        now = to_layers(self.model)
        if not c.pool_whole or len(self.pool) < c.pool_size:
            self.pool = _kept([*self.pool, now], c.pool_size)
            return
        place = int(self.rng.integers(self.counters.step // c.pool_every))
        if place < c.pool_size:
            self.pool = [*self.pool[:place], now, *self.pool[place + 1 :]]

    def round_done(self) -> bool:
        return self.data is None or self.position + self.config.batch > len(self.order)

    def train(
        self,
        steps: int | None,
        seconds: float | None,
        mapper: Mapper | None = None,
        on_step: Callable[[Trainer], None] | None = None,
    ) -> None:
        """Train until step ``steps`` (counted from the run's start) or for ``seconds`` of
        this sitting, whichever comes first; evaluate every ``eval_every`` steps; save."""
        torch.set_num_threads(1)
        start = time.monotonic()
        last = start
        try:
            while steps is None or self.counters.step < steps:
                if seconds is not None and time.monotonic() - start >= seconds:
                    break
                if self.round_done():
                    self.collect_round(mapper)
                    if self.round_done():  # too few samples for a minibatch: play on
                        continue
                self.step()
                now = time.monotonic()
                self.counters.seconds += now - last
                last = now
                if self.counters.step % self.config.eval_every == 0:
                    self.evaluate()
                    self.save()  # a sitting cut short loses no more than this
                if on_step is not None:
                    on_step(self)
        finally:
            self.upcoming = None  # its mapper may end with the sitting: replayed from `ahead`
            self.counters.seconds += time.monotonic() - last
            self.save()

    # -- evaluation and export --------------------------------------------------------------
    def bot(self) -> ValueBot:
        """The network as it stands, playing greedily."""
        return ValueBot(self.rules, to_layers(self.model))

    def evaluate(self) -> list[EvalRow]:
        """The network against each bot of the ladder on ``eval_deals`` duplicate deals (the
        same deals every time), appended to the evaluation CSV and plot."""
        c, n = self.config, self.counters
        rows = []
        for opponent in c.ladder:
            found = versus(self.bot(), opponent, c.eval_deals, c.rules, c.seed + 1)
            rows.append(
                EvalRow(
                    n.step,
                    n.samples,
                    n.deals,
                    round(n.seconds / 60, 3),
                    opponent,
                    found.margin.mean,
                    found.margin.low,
                    found.margin.high,
                    found.score.mean,
                    found.win_rate,
                    found.deals,
                )
            )
        self.evaluations += rows
        write_csv(self.evaluations, self.out / "evaluation.csv")
        write_plot(self.evaluations, self.out / "evaluation.png", c.rules)
        return rows

    def meta(self, command: str = "") -> dict[str, Any]:
        c, n = self.config, self.counters
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "preset": c.rules,
            "hidden": list(c.hidden),
            "trained": {
                "method": "deep Monte Carlo"
                + (
                    f" after {c.warm_rounds} rounds imitating {', '.join(c.warm_bots)}"
                    if c.warm_rounds
                    else ""
                ),
                "steps": n.step,
                "samples": n.samples,
                "deals": n.deals,
                "seed": c.seed,
                "date": datetime.now(UTC).date().isoformat(),
                "command": command,
                "settings": self.settings(),
                **(
                    {
                        "started_from": {"file": Path(c.start_from).name, "steps": c.start_steps}
                        | ({"grown_to": list(c.grow_to)} if c.grow_to else {})
                    }
                    if c.start_from
                    else {}
                ),
            },
        }

    def settings(self) -> dict[str, Any]:
        """How the run learned, as the meta keeps it (the rules, seed, layers and start are
        kept beside it; a start's path is not, only its file's name)."""
        kept = {"rules", "seed", "hidden", "start_from", "start_steps", "grow_to"}
        return {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in asdict(self.config).items()
            if k not in kept
        }

    def export(self, path: Path, command: str = "") -> Path:
        """The network in the play side's format (`bigtwo.bots.learned.network`)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        to_network(self.model, self.meta(command)).save(path)
        return path


def versus(policy: ValueBot, opponent: str, deals: int, rules: str, seed: int) -> Evaluation:
    """``policy`` in one seat against ``opponent`` in the others, on duplicate deals."""
    return evaluate(policy, opponent, deals, rules, seed=seed, name="learned", workers=1)


def _kept(pool: list[T], size: int) -> list[T]:
    """The newest ``size`` past selves of ``pool`` (none for 0: ``pool[-0:]`` is all of it)."""
    return pool[-size:] if size else []


def _in_turn(fn: Callable[[Any], Any], calls: list[Any]) -> Iterable[Any]:
    """The mapper of one worker: each call in this process, in turn."""
    return map(fn, calls)


def _call(call: tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]) -> Any:
    f, args, kwargs = call
    return f(*args, **kwargs)


def mapper(workers: int, ray: str | None = None) -> tuple[Mapper | None, Callable[[], None]]:
    """Where a round's self-play tasks run, and how to let go of it: this process (one
    worker, no cluster: None), ``workers`` local processes kept for the whole run (a pool
    started each round would cost more than a round's play), or the Ray cluster at ``ray``
    (`bigtwo.spread`: at most ``workers`` tasks at once where more than one is asked).
    The samples are the same wherever they are played: each task is seeded by the run's
    seed, its round and its place."""
    if ray is not None:
        connect(ray)  # refused in one line now, not at the first round
        window = workers if workers > 1 else None

        def on_ray(fn: Callable[[Any], Any], calls: list[Any]) -> Iterable[Any]:
            return spread(fn, [(c,) for c in calls], ray, window)

        return on_ray, lambda: None
    if workers <= 1:
        return None, lambda: None
    pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
    return pool.map, lambda: pool.shutdown(cancel_futures=True)


def ladder_names(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(n.strip().lower() for n in names if n.strip())
