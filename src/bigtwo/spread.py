"""Run independent tasks in local processes or on a Ray cluster, one interface for both.

``spread(fn, tasks, address=None, workers=None)`` calls ``fn(*args)`` for each ``args`` in
``tasks`` and yields the results **in the order of** ``tasks`` (each as soon as it and those
before it are done), so whatever sums or appends them gets the same totals wherever the
tasks ran. ``fn`` is a top-level function of an importable module (it travels by name) and
``args`` plain picklable values; every task is independent of the others. The arena plays a
deal a task (``fn(config, deal)``); self-play collection for training fits the same way (a
function of its seeds, the rules and the policy's weights as arrays, returning what it
gathered).

- ``address`` None: local processes. ``workers`` of them (None: every core); ``workers=1``
  runs each task in this process, one after another, with nothing pickled.
- ``address`` given: Ray (the ``ray`` extra, imported only then), ``ray.init(address=...)``
  with Ray's own meanings: ``"local"`` starts a Ray instance for this process alone,
  ``"auto"`` joins the one ``ray start`` runs on this machine, ``"HOST:PORT"`` a cluster's
  head (its GCS port, 6379 by default) and ``"ray://HOST:PORT"`` a cluster through Ray
  Client (port 10001). ``workers`` then caps the tasks submitted at once (None: twice the
  cluster's CPUs, so every CPU finds its next task waiting). The package must be installed on
  every node, in the driver's version. A process already connected to Ray (one that called
  ``ray.init`` itself) keeps that connection, and the first connection made here stays open
  for later calls: starting Ray costs seconds.

An address that names no reachable cluster is refused in one line within a few seconds
(Ray itself would retry for minutes).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import re
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from .errors import BigTwoError
from .extras import require

R = TypeVar("R")

REACH_TIMEOUT = 3.0  # seconds to wait for a cluster's head to answer
ADDRESS = re.compile(r"^(?:ray://)?(?P<host>\[[^\]]+\]|[^:/\s]+):(?P<port>\d{1,5})$")
_connected: str | None = None  # the address this module connected Ray to, if it did


def spread(
    fn: Callable[..., R],
    tasks: Iterable[Sequence[Any]],
    address: str | None = None,
    workers: int | None = None,
) -> Iterator[R]:
    """``fn(*args)`` for each ``args`` of ``tasks``, in their order: in ``workers`` local
    processes, or on the Ray cluster at ``address`` (see the module's docstring)."""
    if workers is not None and workers < 1:
        raise BigTwoError("the number of workers must be at least 1")
    if address is not None:
        connect(address)
        return _on_ray(fn, list(tasks), workers)
    return _local(fn, list(tasks), workers or os.cpu_count() or 1)


class TaskStopped(RuntimeError):
    """A task that raised `KeyboardInterrupt` or `SystemExit` in a pool's worker, as an error
    the worker sends back: raised as they are, they end the worker, and the run waits for ever
    on the task's answer."""


def _call(task: tuple[Callable[..., R], Sequence[Any]]) -> R:
    fn, args = task
    try:
        return fn(*args)
    except (KeyboardInterrupt, SystemExit) as exc:
        raise TaskStopped(f"{type(exc).__name__}: {exc}".rstrip(": ")) from None


def _local(fn: Callable[..., R], tasks: list[Sequence[Any]], workers: int) -> Iterator[R]:
    if workers <= 1 or len(tasks) <= 1:
        for args in tasks:
            yield fn(*args)
        return
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(min(workers, len(tasks))) as pool:
        yield from pool.imap(_call, [(fn, args) for args in tasks], chunksize=1)


def _on_ray(fn: Callable[..., R], tasks: list[Sequence[Any]], workers: int | None) -> Iterator[R]:
    """The first ``window`` tasks submitted now, the rest as results come back: a caller
    may hand work over and collect it later (`bigtwo train --ahead`)."""
    import ray

    remote: Any = ray.remote(num_cpus=1)(_call)
    cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
    window = workers or max(1, 2 * cpus)
    upcoming = iter(tasks)
    pending = deque(remote.remote((fn, args)) for args in islice(upcoming, window))

    def results() -> Iterator[R]:
        while pending:
            result: R = ray.get(pending.popleft())
            pending.extend(remote.remote((fn, args)) for args in islice(upcoming, 1))
            yield result

    return results()


def check_address(address: str) -> None:
    """Refuse, in one line, an address Ray can't mean, or a cluster head that doesn't answer
    within `REACH_TIMEOUT` (Ray would retry for minutes)."""
    if address in ("local", "auto"):
        return
    match = ADDRESS.match(address)
    if match is None or not 0 < int(match["port"]) < 65536:
        raise BigTwoError(
            f"{address!r} is not a Ray address: give local, auto, HOST:PORT or ray://HOST:PORT"
        )
    host, port = match["host"].strip("[]"), int(match["port"])
    try:
        head = _first_frame(host, port)
    except OSError as exc:
        why = exc.strerror or str(exc) or "no answer"
        raise BigTwoError(f"no Ray cluster answers at {address}: {why}") from None
    if len(head) < 9 or head[3] != SETTINGS:
        raise BigTwoError(f"something answers at {address}, but not as a Ray cluster's head")


# A Ray head speaks gRPC, so HTTP/2: to a client's opening it answers with a SETTINGS frame
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
SETTINGS = 4  # the frame type, the fourth byte of a frame's nine-byte header


def _first_frame(host: str, port: int) -> bytes:
    """The first nine bytes (a frame's header) that ``host:port`` sends back to an HTTP/2
    client's opening, fewer if it closes first."""
    with socket.create_connection((host, port), timeout=REACH_TIMEOUT) as conn:
        conn.sendall(PREFACE)
        head = b""
        while len(head) < 9:
            chunk = conn.recv(9 - len(head))
            if not chunk:
                break
            head += chunk
    return head


def connect(address: str) -> None:
    """Connect this process to the Ray cluster at ``address``, once (see the module's
    docstring)."""
    global _connected
    require("ray", "running on a Ray cluster", ["ray"])
    check_address(address)
    import ray

    if ray.is_initialized():
        if _connected is not None and _connected != address:
            raise BigTwoError(
                f"this process is connected to the Ray cluster at {_connected}, not {address}"
            )
        return
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BigTwoError(f"couldn't join the Ray cluster at {address}: {first}") from None
    _connected = address
