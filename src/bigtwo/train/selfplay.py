"""Deals played to make training samples: numpy only, no torch, so that the functions here
run in any worker process (a process pool's, a cluster's) from plain arguments and return
plain arrays.

A sample is one decision: the seat's observation, the rows of up to ``K`` offered moves (the
move made first) and the deal's final points for that seat, the target of Deep Monte Carlo
(the value of a state and a move is the mean of the points that follow). Self-play keeps the
move made alone (``K`` = 1); imitating a bot keeps a few moves it did not make beside the one
it made, so that a ranking loss can prefer the bot's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..arena import bots_deal
from ..bots import Bot, make_bot
from ..bots.base import bounded
from ..bots.learned.network import layouts
from ..combos import Move
from ..engine.view import View
from ..features.observation import decision_of
from ..rules.config import Rules

Array = npt.NDArray[np.float32]
Layers = Sequence[tuple[Array, Array]]  # (weight (out, in), bias (out,)) per linear layer
CHUNK = 8  # deals a task of collection plays (a call of `collect` or `imitate`)
IMITATION_MOVES = 4  # the move made and up to three others, a decision of imitation


class Scorer:
    """`Network.scores` for the moves of one decision, as self-play calls it thousands of
    times a second: the MLP ``layers`` with its first layer split into the observation's part,
    applied once to the observation, and the moves' part, applied to each move's row. On a
    busy machine a multi-threaded BLAS ran the full product (moves × inputs) tens of times
    slower than this vector product and narrow one."""

    def __init__(self, layers: Layers, observation: int) -> None:
        w0, self.b0 = layers[0]
        self.w_obs = np.ascontiguousarray(w0[:, :observation].T)
        self.w_move = np.ascontiguousarray(w0[:, observation:].T)
        self.rest = [(np.ascontiguousarray(w.T), b) for w, b in layers[1:]]

    def values(self, obs: Array, rows: Array) -> Array:
        """The value of each move (a row of ``rows``) in the state ``obs``."""
        h = np.dot(rows, self.w_move) + (np.dot(obs, self.w_obs) + self.b0)
        for w, b in self.rest:
            np.maximum(h, 0.0, out=h)
            h = np.dot(h, w) + b
        return np.asarray(h[:, 0], np.float32)


@dataclass
class Samples:
    """Decisions as arrays: ``obs`` (n, observation), ``moves`` (n, k, move features) with
    the move made in column 0, ``valid`` (n, k) which columns hold a move, ``target`` (n,)."""

    obs: Array
    moves: Array
    valid: npt.NDArray[np.bool_]
    target: Array

    def __len__(self) -> int:
        return len(self.target)

    @classmethod
    def join(cls, parts: Sequence[Samples]) -> Samples:
        return cls(
            np.concatenate([p.obs for p in parts]),
            np.concatenate([p.moves for p in parts]),
            np.concatenate([p.valid for p in parts]),
            np.concatenate([p.target for p in parts]),
        )

    def take(self, index: npt.NDArray[np.intp]) -> Samples:
        return Samples(self.obs[index], self.moves[index], self.valid[index], self.target[index])

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        return {"obs": self.obs, "moves": self.moves, "valid": self.valid, "target": self.target}


@dataclass
class _Notes:
    """Decisions noted during one deal, by seat, until the deal's points are known."""

    k: int
    obs: list[Array] = field(default_factory=list)
    moves: list[Array] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)

    def note(self, seat: int, obs: Array, rows: Array, made: int, rng: random.Random) -> None:
        others = [i for i in range(len(rows)) if i != made]
        picked = [made, *rng.sample(others, min(self.k - 1, len(others)))]
        block = np.zeros((self.k, rows.shape[1]), np.float32)
        block[: len(picked)] = rows[picked]
        self.obs.append(obs)
        self.moves.append(block)
        self.seats.append(seat)


class ValueBot:
    """Plays the offered move of highest value under ``layers`` (ties to the first), or with
    probability ``epsilon`` one of them at random; ``notes``, when given, sees each decision."""

    level = "learned"

    def __init__(
        self,
        rules: Rules,
        layers: Layers,
        *,
        epsilon: float = 0.0,
        seed: int = 0,
        notes: _Notes | None = None,
        name: str = "learned",
    ) -> None:
        self.rules, self.layers, self.epsilon, self.name = rules, layers, epsilon, name
        self.rng = random.Random(seed)
        self.notes = notes
        self.obs_layout, self.move_layout = layouts(rules)
        self.scorer = Scorer(layers, self.obs_layout.size)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        moves = bounded(legal_moves)
        obs = self.obs_layout.encode(view, decision_of(view))
        rows = self.move_layout.encode(view, moves)
        if len(moves) == 1:
            made = 0
        elif self.epsilon and self.rng.random() < self.epsilon:
            made = self.rng.randrange(len(moves))
        else:
            made = int(np.argmax(self.scorer.values(obs, rows)))
        if self.notes is not None:
            self.notes.note(view.seat, obs, rows, made, self.rng)
        return moves[made]


class NotingBot:
    """A bot whose choices ``notes`` sees (for imitation), otherwise the bot it wraps."""

    def __init__(self, bot: Bot, rules: Rules, notes: _Notes, seed: int) -> None:
        self.bot, self.notes, self.rng = bot, notes, random.Random(seed)
        self.name, self.level = bot.name, bot.level
        self.obs_layout, self.move_layout = layouts(rules)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        move = self.bot.choose(view, legal_moves)
        moves = list(bounded(legal_moves))
        made = next((i for i, m in enumerate(moves) if m == move), None)
        if made is not None:
            obs = self.obs_layout.encode(view, decision_of(view))
            self.notes.note(view.seat, obs, self.move_layout.encode(view, moves), made, self.rng)
        return move

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


def _samples(notes: _Notes, points: Sequence[float], sizes: tuple[int, int]) -> Samples:
    n = len(notes.seats)
    if n == 0:
        return Samples(
            np.zeros((0, sizes[0]), np.float32),
            np.zeros((0, notes.k, sizes[1]), np.float32),
            np.zeros((0, notes.k), bool),
            np.zeros(0, np.float32),
        )
    moves = np.stack(notes.moves)
    return Samples(
        np.stack(notes.obs),
        moves,
        moves.any(axis=2) | (np.arange(notes.k) == 0),  # a pass's row may be all zeros
        np.array([points[s] for s in notes.seats], np.float32),
    )


def collect(
    nets: Sequence[Layers],
    rules: dict[str, Any],
    seed: int,
    deals: int,
    *,
    epsilon: float = 0.05,
    opponents: Sequence[str] = ("heuristic", "greedy"),
    self_share: float = 0.5,
    held: Sequence[int] = (1, 2),
) -> dict[str, npt.NDArray[Any]]:
    """Self-play samples from ``deals`` deals seeded from ``seed``: a plain function of plain
    arguments (for worker processes). ``nets[0]`` is the network in training; the others are
    past versions of it. In a share ``self_share`` of the deals it holds every seat; in the
    rest as many seats as one of ``held`` says, the others drawn from the past versions and
    the bots ``opponents``. Only its own decisions (epsilon-greedy) become samples."""
    game_rules = Rules.from_dict(rules)
    rng = random.Random(seed)
    sizes = (layouts(game_rules)[0].size, layouts(game_rules)[1].size)
    parts = []
    for _ in range(deals):
        notes = _Notes(1)
        deal_seed = rng.getrandbits(62)
        players = game_rules.players
        if rng.random() < self_share:
            mine = set(range(players))
        else:
            mine = set(rng.sample(range(players), rng.choice(tuple(held))))
        field_pool = [*(f"net{i}" for i in range(1, len(nets))), *opponents]
        bots: list[Bot] = []
        for seat in range(players):
            s = rng.getrandbits(32)
            if seat in mine:
                bots.append(ValueBot(game_rules, nets[0], epsilon=epsilon, seed=s, notes=notes))
                continue
            pick = rng.choice(field_pool) if field_pool else "net0"
            if pick.startswith("net"):
                bots.append(ValueBot(game_rules, nets[int(pick[3:])], epsilon=0.0, seed=s))
            else:
                bots.append(make_bot(pick, s))
        game = bots_deal(game_rules, bots, deal_seed, 0)
        parts.append(_samples(notes, game.scores or (0,) * players, sizes))
    return Samples.join(parts).arrays() if parts else _samples(_Notes(1), (), sizes).arrays()


def imitate(
    rules: dict[str, Any], seed: int, deals: int, *, bots: Sequence[str] = ("heuristic",)
) -> dict[str, npt.NDArray[Any]]:
    """Samples of the bots ``bots`` (one drawn a seat) playing ``deals`` deals seeded from
    ``seed``: each decision with the move made and up to three it passed over, for a warm
    start. A plain function of plain arguments, as `collect`."""
    game_rules = Rules.from_dict(rules)
    rng = random.Random(seed)
    sizes = (layouts(game_rules)[0].size, layouts(game_rules)[1].size)
    parts = []
    for _ in range(deals):
        notes = _Notes(IMITATION_MOVES)
        deal_seed = rng.getrandbits(62)
        seated: list[Bot] = []
        for _ in range(game_rules.players):
            s = rng.getrandbits(32)
            seated.append(NotingBot(make_bot(rng.choice(list(bots)), s), game_rules, notes, s))
        game = bots_deal(game_rules, seated, deal_seed, 0)
        parts.append(_samples(notes, game.scores or (0,) * game_rules.players, sizes))
    return Samples.join(parts).arrays()
