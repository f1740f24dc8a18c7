"""How long the learned bot takes to choose a move, beside the heuristic in the same run.

Whole deals at a table of four, the learned bot in one seat and the heuristic in the others
(seats rotated deal by deal); every ``choose`` call timed in CPU time (this process's thread),
the learned bot's and the heuristic's apart: µs per move, the median and the 99th percentile
over every move of the run, and the mean.

    python benchmarks/learned.py [--rules tournament] [--deals 40] [--weights FILE.npz]

numpy's BLAS runs on one thread here (``OPENBLAS_NUM_THREADS=1`` unless set otherwise): a
move's product is a few hundred rows at most, too small for threads to pay, and on a busy
machine the waiting threads cost tens of milliseconds a move (``OPENBLAS_NUM_THREADS=2`` shows
it). Without ``--weights`` it plays the network shipped for the rules, or, where none is shipped,
an untrained one of the default shape (256, 256): the timing is the same whatever the
weights' values.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy is imported (see above)

from bigtwo import BigTwoError, Rules, make_bot
from bigtwo.arena import bots_deal
from bigtwo.bots import Bot
from bigtwo.bots.learned.bot import LearnedBot, network_for
from bigtwo.bots.learned.network import Network
from bigtwo.combos import Move
from bigtwo.engine.view import View


class Timed:
    """A bot whose every choice is timed (CPU time of this thread, in µs)."""

    def __init__(self, bot: Bot, spent: list[float]) -> None:
        self.bot, self.spent = bot, spent
        self.name, self.level = bot.name, bot.level

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        start = time.thread_time_ns()
        move = self.bot.choose(view, legal_moves)
        self.spent.append((time.thread_time_ns() - start) / 1000)
        return move


def network(rules: Rules, weights: Path | None) -> tuple[Network, str]:
    if weights is not None:
        return Network.load(weights), str(weights)
    try:
        return network_for(rules), "shipped"
    except BigTwoError:
        return Network.random(rules), "untrained (256, 256)"


def report(label: str, spent: list[float]) -> str:
    ordered = sorted(spent)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{label:>10}: {statistics.median(ordered):8.1f} µs median, {p99:8.1f} µs p99,"
        f" {statistics.fmean(ordered):8.1f} µs mean over {len(ordered)} moves"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="tournament")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--weights", type=Path)
    args = parser.parse_args()
    rules = Rules.preset(args.rules)
    net, source = network(rules, args.weights)
    learned: list[float] = []
    heuristic: list[float] = []
    for deal in range(args.deals):
        seats: list[Bot] = [Timed(make_bot("heuristic", deal * 4 + s), heuristic) for s in range(4)]
        seats[deal % 4] = Timed(LearnedBot(net), learned)
        bots_deal(rules, seats, seed=deal, number=0)
    print(f"{args.rules}, {args.deals} deals, network {source}, hidden {net.hidden}")
    print(report("learned", learned))
    print(report("heuristic", heuristic))


if __name__ == "__main__":
    main()
