"""Where the server's bots think. A bot that searches (the expert: tenths of a second of CPU a
move) thinks in a worker process; the table thread that asked waits for its move without
holding the interpreter. Thinking in that thread, a search held the interpreter the event loop
shares, so every wake of the loop waited about 5 ms (the interpreter's switch interval) while
it ran, in every room of the process (`benchmarks/loop_lag.py`). The other bots decide in well
under a millisecond and stay in the thread.

The workers are the process's, shared by its rooms, started fresh (not forked from a server
that runs threads) at the first search, and ended with the hub (`close`). A worker that dies,
or a pool closed under a search, costs that one move its search in the table thread instead:
a move is never lost. The expert seeds its samples by the position, so a move is the same
wherever it is worked out."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, CancelledError, ProcessPoolExecutor

from ..bots import Bot, make_bot
from ..bots.base import bounded
from ..combos import Move
from ..engine.view import View
from .worker_processes import worker_pool

APART = frozenset({"expert"})  # the levels whose bots think in a worker process
WORKERS = 2  # searches at once in a server process, as many as its default table threads


class _Workers:
    """The process's pool of thinking workers, made at the first search."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None

    def think(self, bot: Bot, view: View, moves: list[Move]) -> Move | None:
        """``bot``'s move worked out in a worker, or None where no worker could (then the
        caller works it out itself)."""
        with self.lock:
            if self.pool is None:
                self.pool = worker_pool(WORKERS)
            pool = self.pool
        try:
            return pool.submit(bot.choose, view, moves).result()
        except BrokenExecutor:  # a worker died: the next search starts new ones
            with self.lock:
                if self.pool is pool:  # (not one a search failing beside it made since)
                    self.pool = None
        except CancelledError:  # closed (the hub closing) while a table still asked
            pass
        except RuntimeError as exc:  # the same, before the search was handed over
            if "shutdown" not in str(exc):
                raise
        return None

    def close(self) -> None:
        with self.lock:
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


WORKERS_OF_THIS_PROCESS = _Workers()


class Apart:
    """A bot whose moves are worked out in a worker process (the same bot's, moved there)."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.level = bot, bot.name, bot.level

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        moves = list(bounded(legal_moves))  # the moves it would choose among, as a list
        move = WORKERS_OF_THIS_PROCESS.think(self.bot, view, moves)
        return self.bot.choose(view, moves) if move is None else move


def seated_bot(level: str) -> Bot:
    """The bot a room seats for ``level``: one that searches thinks apart."""
    bot = make_bot(level)
    return Apart(bot) if level in APART else bot


def close() -> None:
    """End the workers (a hub closing): a later search starts new ones."""
    WORKERS_OF_THIS_PROCESS.close()
