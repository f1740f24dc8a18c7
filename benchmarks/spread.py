"""Arena deals a second (wall clock) in local processes and on a local Ray instance, by
number of workers, and what one task costs beyond its work on each (`bigtwo.spread`).

Run ``python benchmarks/spread.py [--deals N] [--rounds R]`` (Ray needs the ``ray`` extra).
Ray's workers are capped with ``workers`` (the tasks submitted at once) on a two-CPU
``ray.init(num_cpus=2)`` started once; its start-up is printed apart. The overhead is the
wall time a trivial task (``abs``) costs a worker: a deal's time plus it bounds what each
worker adds. Every figure is the best of ``--rounds`` (the machine may be shared).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from bigtwo.arena import ArenaConfig, run_arena
from bigtwo.spread import spread


def best(rounds: int, run: Callable[[], object]) -> float:
    """The fewest wall seconds ``run`` took over ``rounds`` runs."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--bots", default="expert,heuristic")
    parser.add_argument("--samples", type=int, default=4, help="the expert's, a move")
    parser.add_argument("--tiny", type=int, default=2000, help="trivial tasks for the overhead")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    config = ArenaConfig(bots, args.deals, "classic", seed=1, samples=args.samples)

    def arena(workers: int, ray: str | None = None) -> Callable[[], object]:
        return lambda: run_arena(ArenaConfig(**{**config.__dict__, "workers": workers, "ray": ray}))

    def tiny(workers: int, ray: str | None = None) -> Callable[[], object]:
        return lambda: list(spread(abs, [(i,) for i in range(args.tiny)], ray, workers))

    rows = []
    for workers in (1, 2):
        rows.append(("local", workers, args.deals / best(args.rounds, arena(workers))))
    local_tiny = best(args.rounds, tiny(2)) / args.tiny
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    started = time.perf_counter() - start
    for workers in (1, 2):
        rows.append(("ray", workers, args.deals / best(args.rounds, arena(workers, "local"))))
    ray_tiny = best(args.rounds, tiny(4, "local")) / args.tiny
    print(
        f"{args.deals} deals of {', '.join(bots)} (classic, expert samples {args.samples})", end=""
    )
    print(f", best of {args.rounds}")
    for where, workers, rate in rows:
        print(f"  {where:5} {workers} worker{'s' * (workers > 1)}: {rate:7.1f} deals a second")
    print(f"  ray.init(num_cpus=2): {started:.1f} s")
    print(f"  a trivial task: {local_tiny * 1e3:.3f} ms local (2 processes), ", end="")
    print(f"{ray_tiny * 1e3:.3f} ms on Ray (2 CPUs, 4 at once)")


if __name__ == "__main__":
    main()
