"""`bigtwo serve --workers N`: a small supervisor over N worker processes that share one
listening socket (the kernel hands each new connection to one of them).

Each worker is a whole server (`serving.run`: its own hub on the shared database, draining
on SIGTERM), started afresh (``spawn``: no threads or connections inherited) with the
database URL and the `Settings` as its arguments. The supervisor only starts them, starts
another in place of one that dies, and on SIGTERM or Ctrl-C sends each SIGTERM, waits until
every one has drained (finished the actions in hand and told its clients ``bye``), and exits
with status 0. It holds no rooms and no connections of its own."""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import time
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from types import FrameType

from . import serving
from .app import make_app
from .settings import Settings

log = logging.getLogger("bigtwo.server")
RESTART_AFTER = 1.0  # seconds before a dead worker is replaced (one that dies at once won't spin)
RESTART_LONGEST = 30.0  # ... doubled for each further worker in its slot that died young
YOUNG = 10.0  # seconds: a worker that dies sooner (a database down?) makes the next wait longer
DRAIN_WITHIN = 60.0  # seconds the workers have to drain after SIGTERM before they are killed
BACKLOG = 2048  # connections the kernel queues for the workers to accept


def listen(host: str, port: int) -> socket.socket:
    """The listening socket the workers share (an `OSError` if it can't be had). It names its
    protocol (TCP, read back from the kernel): asyncio turns Nagle's algorithm off
    (``TCP_NODELAY``) only on connections whose socket says TCP, and with it on, an update
    written right after an acknowledgement waited for the client's delayed ACK (40 ms)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    made = socket.create_server((host, port), family=family, backlog=BACKLOG)
    return socket.socket(fileno=made.detach())


def supervise(sock: socket.socket, url: str, settings: Settings, count: int) -> int:
    """Run ``count`` workers on ``sock`` until SIGTERM or SIGINT; the exit status: 0 once
    every worker drained and stopped cleanly, 1 if one failed or had to be killed."""
    signals: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        signals.append(signum)

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, stop)
    context = multiprocessing.get_context("spawn")

    def start() -> BaseProcess:
        worker = context.Process(target=_work, args=(sock, url, settings), name="bigtwo-worker")
        # started with Ctrl-C ignored (inherited through exec) until it serves and handles
        # it as SIGTERM: a worker still starting isn't interrupted mid-import by a terminal's
        # Ctrl-C, and stops on the SIGTERM this process then sends
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            worker.start()
        finally:
            signal.signal(signal.SIGINT, handler)
        return worker

    workers = [start() for _ in range(count)]
    started = [time.monotonic()] * count  # slot: when its worker started
    young = [0] * count  # slot: its workers in a row that died young
    delays = [RESTART_AFTER] * count  # slot: how long its next replacement waits
    dead_since: dict[int, float] = {}  # slot: when its worker was found dead
    while not signals:
        wait([w.sentinel for w in workers], timeout=0.25)
        now = time.monotonic()
        for slot, worker in enumerate(workers):
            if worker.is_alive() or signals:
                continue
            if slot not in dead_since:
                dead_since[slot] = now
                young[slot] = young[slot] + 1 if now - started[slot] < YOUNG else 0
                delays[slot] = restart_delay(young[slot])
                log.warning(
                    "worker %s stopped (status %s); another starts in %.0f s",
                    worker.pid, worker.exitcode, delays[slot],
                )  # fmt: skip
            elif now - dead_since[slot] >= delays[slot]:
                del dead_since[slot]
                workers[slot], started[slot] = start(), now
                log.warning("worker %s started in its place", workers[slot].pid)
    return _stop([w for w in workers if w.is_alive()])  # the dead were reported


def restart_delay(young_deaths: int) -> float:
    """How long to wait before replacing a worker, after ``young_deaths`` workers in a row in
    its slot died young (within `YOUNG` seconds): `RESTART_AFTER` for the first, doubling for
    each further one up to `RESTART_LONGEST` (a worker failing at every start, say with its
    database down, is not restarted every second for ever)."""
    return min(RESTART_LONGEST, RESTART_AFTER * 2.0 ** max(0, young_deaths - 1))


def _stop(workers: list[BaseProcess]) -> int:
    """SIGTERM to every worker, then wait for them to drain."""
    for worker in workers:
        if worker.pid is not None:
            os.kill(worker.pid, signal.SIGTERM)
    give_up = time.monotonic() + DRAIN_WITHIN
    status = 0
    for worker in workers:
        worker.join(max(0.0, give_up - time.monotonic()))
        if worker.is_alive():
            log.warning("worker %s didn't stop within %.0f s: killed", worker.pid, DRAIN_WITHIN)
            worker.kill()
            worker.join()
            status = 1
        elif worker.exitcode not in (0, -signal.SIGTERM):  # (the latter: stopped starting)
            log.warning("worker %s stopped with status %s", worker.pid, worker.exitcode)
            status = 1
    return status


def _work(sock: socket.socket, url: str, settings: Settings) -> None:
    """One worker: the app on the shared socket, draining on SIGTERM (`serving.run`)."""
    serving.log_to_stderr()
    log.info("worker %s serving with %s", os.getpid(), settings)
    serving.run(make_app(url, settings), sock=sock)
