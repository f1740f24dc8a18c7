"""Random masked actions a second through the PettingZoo environment, against the engine's
own loop and PettingZoo's Leduc hold'em in the same run; and the vector environment's steps a
second in one process and with subprocess workers.

Run ``python benchmarks/env.py [--deals N] [--against OTHER/src] [--vector N] [--compare N]``.
The environment row: every seat an agent, each step observes the acting seat (observation vector
and action mask), picks a random index the mask offers (``mask.view(bool)``, as the docs
advise) and steps. The engine row: ``Game.legal_moves()`` and ``Game.play`` on a random legal
move, nothing else. Leduc (``pettingzoo.classic.leduc_holdem_v4``, which needs ``rlcard`` and
``pygame``; left out without them): the same random masked loop. CPU seconds of this process
(one core), the best of three rounds. RLCard's doudizhu (``rlcard``; left out without it):
random legal actions through RLCard's own ``env.step``, as RLCard's users step it.
``--compare N``: classic, Leduc and doudizhu one after another for N rounds, min and median.
``--against OTHER/src [--rounds N]`` measures classic through this tree's sources and
another's (an older checkout), each in a long-lived subprocess of its own, alternately for N
rounds (the order swapped every round): min, median and max. ``--vector N``: N tables of
`VectorBigTwo` (readable infos off) stepped with random offered actions, in this process and
with 1 and 2 workers, alternately: wall-clock steps a second.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

import bigtwo
from bigtwo.env import BigTwoAEC

RULE_SETS = {
    "classic, 4 players": bigtwo.Rules.preset("classic"),
    "tournament": bigtwo.Rules.preset("tournament"),
    "president (3 deals)": bigtwo.Rules.preset("president"),
    "two decks, 6 players": bigtwo.Rules.preset("classic").replace(players=6, decks=2),
}


def random_steps(env: Any, episodes: int, seed: int = 1) -> float:
    """Actions a second of random masked play through a PettingZoo AEC environment."""
    rng = np.random.default_rng(seed)
    steps, start = 0, time.process_time()
    for episode in range(episodes):
        env.reset(seed=episode)
        while env.agents:
            agent = env.agent_selection
            obs = env.observe(agent)
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            offered = obs["action_mask"].view(np.bool_).nonzero()[0]  # int8 as 0/1 bytes
            env.step(int(offered[rng.integers(len(offered))]))  # rng.choice costs 4x as much
            steps += 1
    return steps / (time.process_time() - start)


def through_env(rules: bigtwo.Rules, deals: int) -> float:
    """Actions a second through the AEC environment."""
    sessions = 3 if rules.mode.value == "president" else 1
    return random_steps(BigTwoAEC(rules, deals=sessions), max(1, deals // sessions))


def leduc(episodes: int) -> float | None:
    try:
        from pettingzoo.classic import leduc_holdem_v4  # type: ignore[import-untyped]
    except ImportError:
        return None
    return random_steps(leduc_holdem_v4.env(), episodes)


def doudizhu(episodes: int) -> float | None:
    """Actions a second of random legal play through RLCard's own doudizhu environment (its
    ``step``, the next player's state and legal actions included); None without ``rlcard``."""
    try:
        import rlcard  # type: ignore[import-untyped]
    except ImportError:
        return None
    env = rlcard.make("doudizhu", config={"seed": 1})
    rng = np.random.default_rng(1)
    steps, start = 0, time.process_time()
    for _ in range(episodes):
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
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


def measurer(src: str) -> subprocess.Popen[str]:
    """A process measuring classic through the AEC environment of the sources at ``src``:
    each line written to it (a number of deals) answers with one measurement. It plays a few
    deals unmeasured first and lives on, so its caches are as warm as this process's."""
    code = (
        "import sys; sys.path.insert(0, 'benchmarks'); import env, bigtwo\n"
        "rules = bigtwo.Rules.preset('classic'); env.through_env(rules, 5)\n"
        "for line in sys.stdin: print(env.through_env(rules, int(line)), flush=True)\n"
    )
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return subprocess.Popen(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": src},
        cwd=here,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def against(other: str, rounds: int, deals: int) -> None:
    """Classic through this tree's sources and ``other``'s, each in a process of its own,
    measured alternately for ``rounds`` rounds (the order swapped every round): min, median
    and max."""
    import statistics

    here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    procs = {"this tree": measurer(here), "other tree": measurer(other)}
    found: dict[str, list[float]] = {name: [] for name in procs}
    for round_ in range(rounds):
        for name in list(procs)[:: 1 - 2 * (round_ % 2)]:
            proc = procs[name]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(f"{deals}\n")
            proc.stdin.flush()
            found[name].append(float(proc.stdout.readline()))
    for proc in procs.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    print(f"{'classic through':<16}{'min':>10}{'median':>10}{'max':>10}")
    for name, rates in found.items():
        print(
            f"{name:<16}{min(rates):>10,.0f}{statistics.median(rates):>10,.0f}{max(rates):>10,.0f}"
        )


def vector_steps(num_envs: int, workers: int, steps: int) -> float:
    """Wall-clock steps a second (tables × steps) of `VectorBigTwo` with ``workers``."""
    from bigtwo.env import VectorBigTwo

    vec = VectorBigTwo(num_envs, "classic", workers=workers, readable_infos=False, copy=False)
    rng = np.random.default_rng(1)
    obs, _ = vec.reset(seed=1)
    start = time.perf_counter()
    for _ in range(steps):
        offered = [np.flatnonzero(m) for m in obs["action_mask"].view(np.bool_)]
        vec.step([int(o[rng.integers(len(o))]) if len(o) else 0 for o in offered])
    rate = num_envs * steps / (time.perf_counter() - start)
    vec.close()
    return rate


def compare(rounds: int, deals: int) -> None:
    """Classic through the AEC env, Leduc and doudizhu, one after another for ``rounds``
    rounds (the machine's load moves all three alike): min and median of each, and classic's
    median over each other's."""
    import statistics

    found: dict[str, list[float]] = {"classic (bigtwo AEC)": [], "leduc_holdem_v4": []}
    found["rlcard doudizhu"] = []
    for _ in range(rounds):
        found["classic (bigtwo AEC)"].append(through_env(RULE_SETS["classic, 4 players"], deals))
        for name, rate in (
            ("leduc_holdem_v4", leduc(deals * 50)),
            ("rlcard doudizhu", doudizhu(deals // 2)),
        ):
            if rate is not None:
                found[name].append(rate)
    ours = statistics.median(found["classic (bigtwo AEC)"])
    print(f"{'environment':<24}{'min':>10}{'median':>10}{'classic ÷':>11}")
    for name, rates in found.items():
        if rates:
            mid = statistics.median(rates)
            print(f"{name:<24}{min(rates):>10,.0f}{mid:>10,.0f}{ours / mid:>11.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--against", help="another tree's src folder, measured alternately")
    parser.add_argument("--rounds", type=int, default=10, help="alternations of --against")
    parser.add_argument("--vector", type=int, default=0, help="tables of the vector env")
    parser.add_argument("--compare", type=int, default=0, help="rounds of classic, Leduc, doudizhu")
    args = parser.parse_args()
    deals = args.deals
    if args.compare:
        compare(args.compare, deals)
        return
    if args.vector:
        rates: dict[int, list[float]] = {0: [], 1: [], 2: []}
        for _ in range(3):
            for workers, found in rates.items():
                found.append(vector_steps(args.vector, workers, 4000 // args.vector))
        for workers, found in rates.items():
            where = f"{workers} workers" if workers else "in process"
            low, high = min(found), max(found)
            print(f"vector env, {args.vector} tables, {where:<12}{low:>10,.0f} – {high:,.0f}/s")
        return
    if args.against:
        against(args.against, args.rounds, deals)
        return
    print(f"{'rules':<24}{'env actions/s':>15}{'engine actions/s':>18}{'ratio':>8}")
    for name, rules in RULE_SETS.items():
        env = max(through_env(rules, deals) for _ in range(3))
        engine = max(engine_loop(rules, deals) for _ in range(3))
        print(f"{name:<24}{env:>15,.0f}{engine:>18,.0f}{env / engine:>8.2f}")
        if name.startswith("classic"):
            poker = [leduc(deals * 50) for _ in range(3)]
            if poker[0] is not None:
                best = max(p for p in poker if p is not None)
                ratio = f"{env / best:>8.2f}"
                print(f"{'leduc_holdem_v4':<24}{best:>15,.0f}{'':>18}{ratio} (classic ÷ leduc)")
            landlord = [doudizhu(max(1, deals // 2)) for _ in range(3)]
            if landlord[0] is not None:
                best = max(d for d in landlord if d is not None)
                ratio = f"{env / best:>8.2f}"
                print(f"{'rlcard doudizhu':<24}{best:>15,.0f}{'':>18}{ratio} (classic ÷ doudizhu)")


if __name__ == "__main__":
    main()
