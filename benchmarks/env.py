"""Random masked actions a second through the PettingZoo environment, against the engine's
own loop in the same run.

Run ``python benchmarks/env.py [--deals N]``. The environment row: every seat an agent, each
step observes the acting seat (observation vector and action mask), picks a random index the
mask offers and steps. The engine row: ``Game.legal_moves()`` and ``Game.play`` on a random
legal move, nothing else. CPU seconds of this process (one core), the best of three rounds.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import bigtwo
from bigtwo.env import BigTwoAEC

RULE_SETS = {
    "classic, 4 players": bigtwo.Rules.preset("classic"),
    "tournament": bigtwo.Rules.preset("tournament"),
    "president (3 deals)": bigtwo.Rules.preset("president"),
    "two decks, 6 players": bigtwo.Rules.preset("classic").replace(players=6, decks=2),
}


def through_env(rules: bigtwo.Rules, deals: int) -> float:
    """Actions a second through the AEC environment."""
    sessions = 3 if rules.mode.value == "president" else 1
    env = BigTwoAEC(rules, deals=sessions)
    rng = np.random.default_rng(1)
    steps, start = 0, time.process_time()
    for seed in range(max(1, deals // sessions)):
        env.reset(seed=seed)
        while env.agents:
            obs = env.observe(env.agent_selection)
            if env.terminations[env.agent_selection]:
                env.step(None)
                continue
            offered = obs["action_mask"].view(np.bool_).nonzero()[0]  # int8 as 0/1 bytes
            env.step(int(offered[rng.integers(len(offered))]))  # rng.choice costs 4x as much
            steps += 1
    return steps / (time.process_time() - start)


def engine_loop(rules: bigtwo.Rules, deals: int) -> float:
    """Actions a second of the bare engine: legal moves and a random one played."""
    rng = np.random.default_rng(1)
    steps, start = 0, time.process_time()
    for seed in range(deals):
        game = bigtwo.Game.deal(rules, seed=seed)
        while not game.is_over:
            moves = game.legal_moves()
            game = game.play(moves[int(rng.integers(len(moves)))])
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=60)
    deals = parser.parse_args().deals
    print(f"{'rules':<24}{'env actions/s':>15}{'engine actions/s':>18}{'ratio':>8}")
    for name, rules in RULE_SETS.items():
        env = max(through_env(rules, deals) for _ in range(3))
        engine = max(engine_loop(rules, deals) for _ in range(3))
        print(f"{name:<24}{env:>15,.0f}{engine:>18,.0f}{env / engine:>8.2f}")


if __name__ == "__main__":
    main()
