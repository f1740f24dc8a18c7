"""What driving deals through the table costs over driving `Game` directly.

Run ``python benchmarks/table.py [--deals N]``. Both sides play the same seeded classic deals
with four greedy bots: once with the bot driver on the bare `Game` (``direct.py``), once
through `bigtwo.table.Table` (a session of N deals, events and all). CPU seconds of this
process, the best of three rounds each, interleaved so that other work on a shared machine
slows both alike.
"""

from __future__ import annotations

import argparse
import time

from direct import play_out

import bigtwo
from bigtwo.session import Session
from bigtwo.table import SessionEnd, Table

RULES = bigtwo.Rules.preset("classic")


def bots() -> dict[int, bigtwo.Bot]:
    return {s: bigtwo.make_bot("greedy", s) for s in range(4)}


def direct(deals: int) -> float:
    start = time.process_time()
    session = Session.start(RULES, seed=1)
    for _ in range(deals):
        session = session.finish(play_out(session.next_deal(), bots())[0])
    return time.process_time() - start


def through_table(deals: int) -> float:
    start = time.process_time()
    players = bots()
    table = Table(RULES, [players[s] for s in range(4)], seed=1, end=SessionEnd(deals=deals))
    table.start()
    while not table.is_over:
        table.next_deal()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    deals = parser.parse_args().deals
    best = {"game": float("inf"), "table": float("inf")}
    for _ in range(3):
        best["game"] = min(best["game"], direct(deals))
        best["table"] = min(best["table"], through_table(deals))
    for name, seconds in best.items():
        each = 1000 * seconds / deals
        print(f"{name:>6}: {deals} deals in {seconds:.3f} s CPU, {each:.2f} ms a deal")
    print(f" ratio: the table costs {best['table'] / best['game']:.3f}x driving Game directly")


if __name__ == "__main__":
    main()
