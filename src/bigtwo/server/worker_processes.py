"""The worker processes a server process hands its long searches to (`review`, `thinking`):
started fresh (not forked from a server that runs threads), deaf to a terminal's Ctrl-C (the
server drains on it and ends its workers itself, where a worker would print a traceback), and
gone when the server is gone, however it went (killed, out of memory): a worker left behind
would hold its memory for ever."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import wait


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` such processes, each started when work first needs it."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, context, _started)


def _started() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    """Wait for the server to end, then end this worker at once (its work has no one to go
    to)."""
    wait([sentinel])
    os._exit(0)
