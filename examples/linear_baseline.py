"""A linear baseline from a decision dataset, numpy only: record the ``hard`` bot's choices
at a table of four (`bigtwo simulate --dataset`), fit a softmax-linear policy to them by
supervised learning, and match it in the arena against ``random`` and ``easy``.

    python examples/linear_baseline.py [--deals 400] [--epochs 300] [--arena-deals 200]

It needs the ``rl`` extra alone (``pip install 'bigtwo[rl]'``): the arena's summary gives its
margins and win rates without the ``arena`` extra, which only adds the ratings.

The policy scores each legal action ``a`` in state ``s`` as ``f(a) · W · g(s)``: ``f`` says
what the action is (pass, kind of combination, size, highest and lowest rank, which cards),
``g`` sums the observation up (cards left to the seat and to the others, whether it leads,
the play to beat, passes, cards played). The probability of an action is the softmax of the
scores over the legal actions (the dataset's mask); `train` minimises the negative log
likelihood of the recorded choices with Adam. The bot plays the highest-scoring legal action.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import bigtwo
from bigtwo import classify
from bigtwo.arena import ArenaConfig, run_arena
from bigtwo.bots.base import bounded
from bigtwo.cards import cards_of
from bigtwo.cli.simulate import simulate
from bigtwo.combos import Move
from bigtwo.encoding import FIRST_CARDS, fixed_space
from bigtwo.env import ActionCodec, Layout
from bigtwo.env.dataset import DecisionRecorder, decision_of, load

RULES = bigtwo.Rules.preset("classic")
KINDS = (
    *("single", "pair", "triple", "straight", "flush"),
    *("full_house", "four_of_a_kind", "straight_flush", "two_pair"),
)
Array = npt.NDArray[Any]


def action_features(rules: bigtwo.Rules) -> Array:
    """``f(a)`` for every index of the rules' fixed action space: pass, side action, gift,
    kind one-hot (last: any other kind), size / 5, highest and lowest rank / 12, 52 card bits."""
    space = fixed_space(rules)
    width = 3 + len(KINDS) + 1 + 3 + 52
    out = np.zeros((space.size, width), np.float32)
    out[0, 0] = 1.0  # pass
    out[1:FIRST_CARDS, 1] = 1.0  # announce, redeal, whoopin, trade, keep
    out[space.gifts :, 2] = 1.0
    at = 3 + len(KINDS) + 1
    for i, mask in enumerate(space.plays):
        row = out[FIRST_CARDS + i]
        # mypy takes the name for the submodule bigtwo.combos.classify, which the imports load
        combo = classify(cards_of(mask), rules)  # type: ignore[operator]
        kind = combo.kind if combo is not None else ""
        row[3 + (KINDS.index(kind) if kind in KINDS else len(KINDS))] = 1.0
        low = (mask & -mask).bit_length() - 1
        row[at : at + 3] = (mask.bit_count() / 5, (mask.bit_length() - 1) // 4 / 12, low // 4 / 12)
        bits = [b for b in range(52) if mask >> b & 1]
        row[at + 3 + np.array(bits)] = 1.0
    return out


def state_features(layout: Layout, obs: Array) -> Array:
    """``g(s)`` for rows of observations: bias, own count, fewest and next seat's count,
    leading, size and highest rank of the play to beat, passes, cards played."""
    obs = np.atleast_2d(obs)
    counts = obs[:, layout.slice("counts")]
    table = obs[:, layout.slice("table")]
    size = table.sum(axis=1)
    top = np.where(size > 0, (51 - np.argmax(table[:, ::-1], axis=1)) // 4 / 12, 0.0)
    return np.stack(
        [
            np.ones(len(obs)),
            counts[:, 0],
            counts[:, 1:].min(axis=1),
            counts[:, 1],
            (size == 0).astype(np.float32),
            size / 5,
            top,
            obs[:, layout.slice("passed")].sum(axis=1) / 3,
            obs[:, layout.slice("played")].sum(axis=1) / 52,
        ],
        axis=1,
    ).astype(np.float32)


def record(path: Path, deals: int, seed: int, bots: Sequence[str] = ("hard",) * 4) -> int:
    """Write the decisions of ``deals`` deals between ``bots`` to ``path``; the rows."""
    recorder = DecisionRecorder(RULES, path)
    simulate(RULES, list(bots), deals, seed, recorder=recorder)
    return recorder.close()


class Pairs:
    """A dataset's (row, legal action) pairs with their features, for the softmax."""

    def __init__(self, data: dict[str, Array], rows: Array, feats: Array, layout: Layout):
        offsets = data["legal_offsets"]
        lengths = (offsets[rows + 1] - offsets[rows]).astype(np.intp)
        take = np.concatenate([np.arange(offsets[r], offsets[r + 1]) for r in rows])
        self.actions = data["legal"][take]
        self.row = np.repeat(np.arange(len(rows)), lengths)  # each pair's row, 0 … len(rows)
        self.starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        self.f = feats[self.actions]
        self.g = state_features(layout, data["observation"][rows])[self.row]
        self.chosen = (self.actions == data["action"][rows][self.row]).astype(np.float32)
        self.rows = len(rows)
        self.uniform = float(np.mean(1.0 / lengths))  # accuracy of a uniform random choice

    def probabilities(self, w: Array) -> Array:
        scores = ((self.f @ w) * self.g).sum(axis=1)
        scores -= np.maximum.reduceat(scores, self.starts)[self.row]
        e = np.exp(scores)
        p: Array = e / np.add.reduceat(e, self.starts)[self.row]
        return p

    def loss_and_gradient(self, w: Array) -> tuple[float, Array]:
        p = self.probabilities(w)
        loss = -float(np.log(p[self.chosen > 0] + 1e-12).mean())
        grad: Array = self.f.T @ ((p - self.chosen)[:, None] * self.g) / self.rows
        return loss, grad

    def accuracy(self, w: Array) -> float:
        """How often the highest-scoring legal action is the one the bot chose."""
        p = self.probabilities(w)
        best = np.maximum.reduceat(p, self.starts)[self.row]
        hits = np.add.reduceat(((p >= best) & (self.chosen > 0)).astype(np.float32), self.starts)
        return float(hits.mean())


def train(pairs: Pairs, epochs: int, lr: float = 0.05) -> tuple[Array, list[float]]:
    """``W`` fitted by full-batch Adam; the loss after each epoch."""
    w = np.zeros((pairs.f.shape[1], pairs.g.shape[1]), np.float64)
    m, v = np.zeros_like(w), np.zeros_like(w)
    losses = []
    for t in range(1, epochs + 1):
        loss, grad = pairs.loss_and_gradient(w)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        w -= lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
        losses.append(loss)
    return w, losses


class LinearBot:
    """The fitted policy as a bot: the legal action with the highest score."""

    level = "custom"

    def __init__(self, w: Array, feats: Array, name: str = "linear") -> None:
        self.w, self.feats, self.name = w, feats, name
        self.layout, self.codec = Layout(RULES), ActionCodec(RULES)

    def choose(self, view: bigtwo.View, legal_moves: Sequence[Move]) -> Move:
        found = self.codec.indices(bounded(legal_moves))
        indices = np.fromiter(found, np.intp, len(found))
        g = state_features(self.layout, self.layout.encode(view, decision_of(view)))[0]
        scores = (self.feats[indices] @ self.w) @ g
        return found[int(indices[int(np.argmax(scores))])]


def arena(w: Array, feats: Array, opponent: str, deals: int, seed: int) -> dict[str, Any]:
    """The policy against ``opponent`` over ``deals`` duplicate deals (the arena's summary)."""
    # the bot joins under its own name, without a registry: agents seats it as it is
    bot = LinearBot(w, feats)
    config = ArenaConfig(("linear", opponent), deals, RULES.name, seed, agents=(bot, None))
    summary: dict[str, Any] = run_arena(config).summary()
    return summary


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400, help="deals of hard bots to record")
    parser.add_argument("--epochs", type=int, default=300)
    parser.add_argument("--arena-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dataset", type=Path, help="keep the recorded dataset here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        path = args.dataset or Path(scratch) / "hard.parquet"
        rows = record(path, args.deals, args.seed)
        data = load(path)
    layout, feats = Layout(RULES), action_features(RULES)
    held_out = data["deal"] % 5 == 0  # every fifth deal is kept for testing
    fit = Pairs(data, np.flatnonzero(~held_out), feats, layout)
    test = Pairs(data, np.flatnonzero(held_out), feats, layout)
    w, losses = train(fit, args.epochs)
    report: dict[str, Any] = {
        "rows": rows,
        "loss": (losses[0], losses[-1]),
        "accuracy": {"train": fit.accuracy(w), "held_out": test.accuracy(w)},
        "uniform_accuracy": test.uniform,
    }
    print(f"{rows} decisions of the hard bot over {args.deals} deals")
    print(f"loss {losses[0]:.3f} -> {losses[-1]:.3f} in {args.epochs} epochs")
    print(
        f"chooses as the hard bot: {report['accuracy']['train']:.1%} (train),"
        f" {report['accuracy']['held_out']:.1%} (held-out deals);"
        f" a uniform random legal choice: {test.uniform:.1%}"
    )
    for opponent in ("random", "easy"):
        summary = arena(w, feats, opponent, args.arena_deals, args.seed)
        margin = summary["margins"][0]
        mine = next(b for b in summary["bots"] if b["bot"] == "linear")
        report[opponent] = {"margin": margin, "win_rate": mine["win_rate"]}
        ci = "n/a" if margin["ci95"] is None else f"{margin['ci95']:.2f}"
        print(
            f"arena vs {opponent}: {margin['bot']} − {margin['versus']} {margin['margin']:+.2f}"
            f" points a deal (± {ci}), linear wins {mine['win_rate']:.1%} of its seats'"
            f" deals ({args.arena_deals} duplicate deals)"
        )
    return report


if __name__ == "__main__":
    main()
