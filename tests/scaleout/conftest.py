"""Several `bigtwo serve` processes on one throwaway PostgreSQL cluster, on loopback."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import postgres
import pytest
from ports import free_port
from server_process import ServerProcess


@pytest.fixture(scope="module")
def database(postgres_cluster: postgres.Cluster) -> str:
    """A fresh database per module on the run's cluster (the restart test restarts the
    cluster, but no other module's servers are running then)."""
    return postgres_cluster.database()


def start(database: str, folder: Path, *extra: str) -> ServerProcess:
    """A server process on ``database``, its log in ``folder``, started."""
    port = free_port()
    server = ServerProcess(database, folder / f"server-{port}.log", port, extra=list(extra))
    server.start()
    return server


@contextlib.contextmanager
def two_servers(database: str, folder: Path, *extra: str) -> Iterator[list[ServerProcess]]:
    """Two server processes on different ports, the same database; neither may log a
    traceback."""
    running: list[ServerProcess] = []
    try:
        running.append(start(database, folder, *extra))
        running.append(start(database, folder, *extra))
        yield running
    finally:
        for server in running:
            server.stop()
        for server in running:
            text = server.log.read_text()
            assert "Traceback" not in text, text[-3000:]


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    with two_servers(database, tmp_path, "--grace", "60") as running:
        yield running
