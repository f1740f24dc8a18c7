"""Servers for the server's tests: a real ``bigtwo serve`` process on a free loopback port
(started and stopped by the fixture, on a temporary SQLite file), the app on uvicorn in a
thread of this process (so a test may look inside the hub), and the Starlette test client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from ports import free_port
from starlette.testclient import TestClient

from bigtwo.server.app import make_app
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

GRACE = 1.0  # seconds a person may be away before a bot plays their seat (short, for tests)
START_TIMEOUT = 30.0


def wait_healthy(base: str, timeout: float = START_TIMEOUT, proc: Any = None) -> None:
    """Poll ``/healthz`` until the server answers ok (bounded)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1.0).text == "ok":
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"no healthy server at {base} after {timeout}s")


@dataclass
class ServerProcess:
    """``bigtwo serve`` in a child process on a loopback port."""

    database: Path
    grace: float = GRACE
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    extra: list[str] = field(default_factory=list)  # more options for `bigtwo serve`

    @property
    def log(self) -> Path:
        """Where the server's output goes (its structured log included), kept across restarts:
        a file, not a pipe nobody reads, which would stall the server once full."""
        return self.database.with_suffix(".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        assert self.proc is None or self.proc.poll() is not None
        command = [
            sys.executable, "-m", "bigtwo", "serve",
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--database", sqlite_url(self.database),
            "--grace", str(self.grace),
            *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True
            )
        try:
            wait_healthy(self.base, proc=self.proc)
        except RuntimeError as exc:
            raise RuntimeError(f"{exc}: {self.log.read_text()[-2000:]}") from None

    def room_log(self, code: str | None = None) -> list[dict[str, Any]]:
        """The structured log's lines so far (of the room ``code``, when given)."""
        lines = []
        for text in self.log.read_text(encoding="utf-8").splitlines():
            if text.startswith("{"):  # the room log's lines are bare JSON; other logs aren't
                line = json.loads(text)
                if code is None or line["room"] == code:
                    lines.append(line)
        return lines

    def terminate(self) -> int:
        """SIGTERM, and the exit status once the server has shut down."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=30)

    def kill(self) -> None:
        """``kill -9``: no chance to finish anything."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server process (not started yet: ``start`` it; it is always stopped after)."""
    server = ServerProcess(tmp_path / "server.db")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A running server process shared by a module's tests."""
    server = ServerProcess(tmp_path_factory.mktemp("served") / "server.db")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def test_client(tmp_path: Path) -> Iterator[TestClient]:
    """The Starlette test client on a fresh app (its lifespan runs)."""
    app = make_app(sqlite_url(tmp_path / "app.db"), Settings(grace=GRACE))
    with TestClient(app) as client:
        yield client
