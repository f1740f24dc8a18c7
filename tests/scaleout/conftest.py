"""Several `bigtwo serve` processes on one throwaway PostgreSQL cluster, on loopback."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import postgres
import pytest

START = "from bigtwo.cli.app import main; import sys; sys.argv = ['bigtwo', *sys.argv[1:]]; main()"


@pytest.fixture(scope="module")
def database(postgres_cluster: postgres.Cluster) -> str:
    """A fresh database per module on the run's cluster (the restart test restarts the
    cluster, but no other module's servers are running then)."""
    return postgres_cluster.database()


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def kill(self) -> None:
        """kill -9: no goodbye, nothing finished."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


def start(database: str, folder: Path, *extra: str, port: int | None = None) -> Server:
    port = port or postgres.free_port()
    log = folder / f"server-{port}.log"
    command = [sys.executable, "-c", START, "serve", "--port", str(port), "--database", database]
    with log.open("wb") as out:
        proc = subprocess.Popen([*command, *extra], stdout=out, stderr=subprocess.STDOUT)
    server = Server(proc, port, log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {log.read_text()[-2000:]}")
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return server
        time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"the server didn't start: {log.read_text()[-2000:]}")


@contextlib.contextmanager
def two_servers(database: str, folder: Path, *extra: str) -> Iterator[list[Server]]:
    """Two server processes on different ports, the same database; neither may log a
    traceback."""
    running: list[Server] = []
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
def servers(database: str, tmp_path: Path) -> Iterator[list[Server]]:
    with two_servers(database, tmp_path, "--grace", "60") as running:
        yield running
