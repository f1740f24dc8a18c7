"""What the expert's searches cost the rooms of the server process that runs them: the event
loop's lateness while the expert reviews a seat's play, and while an expert bot works out a
deal's moves, each in a worker process (as the server runs them: `bigtwo.server.review.Reviews`,
`bigtwo.server.thinking.Apart`) against the same work in a thread beside the loop, and against
nothing at all, in turns.

A ticker on the loop asks to wake 2 ms after each wake; each row gives how late those wakes
came (median, 99th percentile, worst) while the review ran, and how many there were. A room's
action waits on the loop a few times (its message read, the store's answer, the sends), so a
late wake is added to every action of every room of the process.

    python benchmarks/loop_lag.py [--rounds 3] [--samples 40]
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from bigtwo import Game, make_bot
from bigtwo.bots import Bot
from bigtwo.engine.game import Record
from bigtwo.server import thinking
from bigtwo.server.review import Reviews
from bigtwo.server.settings import Settings
from bigtwo.server.thinking import Apart

TICK = 0.002  # seconds the ticker asks to sleep


def finished_deal(seed: int) -> Record:
    """A deal played to its end by taking the first legal move each turn."""
    game = Game.deal(seed=seed)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    return game.record()


async def _ticks(stop: asyncio.Event) -> list[float]:
    late = []
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(TICK)
        late.append(time.perf_counter() - start - TICK)
    return late


def expert_moves(bot: Bot, game: Game, count: int) -> None:
    """``count`` moves of ``bot`` in ``game``'s positions, one after another (as a table
    thread asks them)."""
    for _ in range(count):
        if game.is_over:
            break
        move = bot.choose(game.view(game.to_move), game.moves())
        game = game.play(move)


async def _measure(work: Callable[[], Awaitable[object]] | None) -> tuple[float, list[float]]:
    stop = asyncio.Event()
    ticker = asyncio.create_task(_ticks(stop))
    start = time.perf_counter()
    await (asyncio.sleep(1.0) if work is None else work())
    took = time.perf_counter() - start
    stop.set()
    return took, sorted(await ticker)


def _row(name: str, took: float, late: list[float]) -> str:
    n = len(late)
    ms = [1000 * late[n // 2], 1000 * late[min(n - 1, n * 99 // 100)], 1000 * late[-1]]
    return f"| {name} | {took:.2f} | {n} | {ms[0]:.2f} | {ms[1]:.2f} | {ms[2]:.2f} |"


async def _run(rounds: int, samples: int) -> None:
    record = finished_deal(5)
    in_process = Reviews(1)
    in_thread = Reviews(1)
    in_thread.pool = ThreadPoolExecutor(1)
    await in_process.notes(record, 0, 1)  # the worker started and warm, as after a first review
    expert, apart, game = make_bot("expert", 3), Apart(make_bot("expert", 3)), Game.deal(seed=9)
    await asyncio.to_thread(expert_moves, apart, game, 1)  # its worker started too
    kinds: tuple[tuple[str, Callable[[], Awaitable[object]] | None], ...] = (
        ("nothing", None),
        ("a review in a thread", lambda: in_thread.notes(record, 0, samples)),
        ("a review in a worker process", lambda: in_process.notes(record, 0, samples)),
        ("12 expert moves in a thread", lambda: asyncio.to_thread(expert_moves, expert, game, 12)),
        ("12 expert moves apart", lambda: asyncio.to_thread(expert_moves, apart, game, 12)),
    )
    print("| while | seconds | wakes | late, median (ms) | p99 (ms) | worst (ms) |")
    print("|---|---|---|---|---|---|")
    for _ in range(rounds):
        for name, work in kinds:
            print(_row(name, *await _measure(work)), flush=True)
    await in_process.close()
    await in_thread.close()
    thinking.close()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=Settings().review_samples)
    args = parser.parse_args(argv)
    asyncio.run(_run(args.rounds, args.samples))


if __name__ == "__main__":
    main()
