"""Bot decision times: mean, median, 95th percentile and worst, per bot, on one core.

Run ``python benchmarks/bots.py [--quick] [--rules PRESET]``. Each bot plays whole deals in
all four seats of the given rule set (the expert against three heuristics, to keep the run
short); only real decisions are timed (moves with a single legal choice are skipped). Then the
heuristic and the expert are timed again with two decks (the classic rules, 26-card hands),
where the expert's default setting is held by its time cap rather than its 40 samples.
Targets: ``heuristic`` at most 5 ms a move at the 95th percentile, ``expert`` at its default
setting at most 1 s a move. Times are CPU seconds of this process (one core), so other work on
a shared machine doesn't inflate them; wall-clock p95 is printed beside them, and for the
expert how many of its moves the time cap cut short.
"""

from __future__ import annotations

import argparse
import statistics
import time

import bigtwo
from bigtwo.bots import ExpertBot, make_bot


def decision_times(
    rules: bigtwo.Rules, make: str, deals: int, expert_seats: int
) -> tuple[list[float], list[float], int]:
    """CPU and wall seconds of each timed decision of bot ``make`` over ``deals`` deals, and
    how many of the expert's searches its time cap stopped."""
    times: list[float] = []
    walls: list[float] = []
    capped = 0
    for d in range(deals):
        seats = expert_seats if make == "expert" else rules.players
        bots = [
            (ExpertBot(d * 10 + s) if make == "expert" else make_bot(make, d * 10 + s))
            if s < seats
            else make_bot("heuristic", s)
            for s in range(rules.players)
        ]
        game = bigtwo.Game.deal(rules, seed=d)
        while not game.is_over:
            seat = game.to_move
            view, legal = game.view(seat), game.legal_moves()
            start, wall = time.process_time(), time.perf_counter()
            move = bots[seat].choose(view, legal)
            spent, wall = time.process_time() - start, time.perf_counter() - wall
            if seat < seats and len(legal) > 1:
                times.append(spent)
                walls.append(wall)
                bot = bots[seat]
                if isinstance(bot, ExpertBot):
                    capped += bool(bot.last_stats.get("capped"))
            game = game.play(move)
    return times, walls, capped


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def report(name: str, times: list[float], walls: list[float], capped: int) -> None:
    cut = f"  capped {capped}" if name == "expert" else ""
    print(
        f"{name:10} {len(times):6d} moves  mean {1000 * statistics.mean(times):8.2f} ms"
        f"  median {1000 * statistics.median(times):8.2f} ms  p95 {1000 * p95(times):8.2f} ms"
        f"  max {1000 * max(times):8.2f} ms  (wall p95 {1000 * p95(walls):8.2f} ms){cut}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals")
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args()
    rules = bigtwo.Rules.preset(args.rules)
    deals = {"random": 200, "greedy": 200, "medium": 200, "heuristic": 200, "expert": 40}
    if args.quick:
        deals = {name: max(2, n // 10) for name, n in deals.items()}
    print(f"decision times under {rules.name} rules, {rules.players} players")
    for name, n in deals.items():
        report(name, *decision_times(rules, name, n, expert_seats=1))
    two = bigtwo.Rules.preset("classic").replace(decks=2)
    deals = {"heuristic": 20, "expert": 3}
    if args.quick:
        deals = {"heuristic": 2, "expert": 1}
    print(f"two decks: classic rules, {two.players} players, 26 cards each")
    for name, n in deals.items():
        report(name, *decision_times(two, name, n, expert_seats=1))


if __name__ == "__main__":
    main()
