"""`bigtwo train`'s speed on one core: learner samples a second (a sample is one decision: an
observation, the move made and the deal's points) at the default network and minibatch, and
self-play decisions a second (`selfplay.collect`, one process, every seat the network, the
rest of the mix as the trainer plays it), both in CPU seconds of this process with
``torch.set_num_threads(1)``; the best of ``--rounds`` rounds.

Run ``python benchmarks/train.py [--rules classic] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import time

import torch

from bigtwo.bots.learned.network import input_size
from bigtwo.rules.config import Rules
from bigtwo.train.model import ValueNet, loss, to_layers
from bigtwo.train.selfplay import Samples, collect, imitate
from bigtwo.train.trainer import TrainConfig


def learner(rules: Rules, config: TrainConfig, steps: int) -> float:
    """Learner samples a CPU-second: ``steps`` optimiser updates on self-play minibatches."""
    torch.manual_seed(0)
    model = ValueNet(input_size(rules), config.hidden)
    data = Samples(**collect([to_layers(model)], rules.to_dict(), 1, 16, self_share=1.0))
    optimiser = torch.optim.Adam(model.parameters(), lr=config.lr)
    batches = [data.take(torch.randint(len(data), (config.batch,)).numpy()) for _ in range(8)]
    start = time.process_time()
    for i in range(steps):
        value = loss(model, batches[i % len(batches)])
        optimiser.zero_grad()
        value.backward()  # type: ignore[no-untyped-call]
        optimiser.step()
    return steps * config.batch / (time.process_time() - start)


def selfplay(rules: Rules, config: TrainConfig, deals: int) -> float:
    """Self-play decisions a CPU-second, the network in every seat, epsilon-greedy."""
    torch.manual_seed(0)
    layers = to_layers(ValueNet(input_size(rules), config.hidden))
    start = time.process_time()
    found = collect([layers], rules.to_dict(), 2, deals, self_share=1.0)
    return len(found["target"]) / (time.process_time() - start)


def imitation(rules: Rules, deals: int) -> float:
    """Decisions of the heuristic bot recorded a CPU-second (the warm start's samples)."""
    start = time.process_time()
    found = imitate(rules.to_dict(), 3, deals)
    return len(found["target"]) / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rules, config = Rules.preset(args.rules), TrainConfig(rules=args.rules)
    learn = max(learner(rules, config, args.steps) for _ in range(args.rounds))
    play = max(selfplay(rules, config, args.deals) for _ in range(args.rounds))
    warm = max(imitation(rules, args.deals) for _ in range(args.rounds))
    print(
        f"{args.rules}: network {input_size(rules)} -> {' -> '.join(map(str, config.hidden))}"
        f" -> 1, minibatch {config.batch}"
    )
    print(f"learner: {learn:,.0f} samples a CPU-second ({learn / config.batch:,.1f} steps)")
    print(f"self-play: {play:,.0f} decisions a CPU-second (one process)")
    print(f"imitation of the heuristic bot: {warm:,.0f} decisions a CPU-second")


if __name__ == "__main__":
    main()
