"""`bigtwo serve` in a child process on a loopback port, as the end-to-end tests run it (the
suite's one launcher): on an SQLite file for the server's and the browser's tests, on
PostgreSQL for several processes. Started and waited for until healthy; stopped, terminated
or killed by the test."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from ports import free_port

from bigtwo.server.store import sqlite_url

START_TIMEOUT = 30.0


def wait_healthy(base: str, timeout: float = START_TIMEOUT, proc: Any = None) -> None:
    """Poll ``/healthz`` until the server answers ok (bounded)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx2.get(f"{base}/healthz", timeout=1.0).text == "ok":
                return
        except httpx2.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"no healthy server at {base} after {timeout}s")


def on_sqlite(path: Path, **options: Any) -> ServerProcess:
    """A server on the SQLite file ``path``, its log beside it."""
    return ServerProcess(sqlite_url(path), path.with_suffix(".log"), **options)


@dataclass
class ServerProcess:
    """``bigtwo serve`` on ``database`` (a SQLAlchemy URL), not started until `start`."""

    database: str
    log: Path  # its output, the structured log included: kept across restarts, and a file,
    # not a pipe nobody reads, which would stall the server once full
    port: int = field(default_factory=free_port)
    grace: float | None = None  # seconds a person may be away before a bot plays for them
    bot_pace: str = "instant"  # a room's pace unless its creator names one (fast tests)
    deal_pause: float = 0.0  # seconds between deals unless the creator names them (fast tests)
    extra: list[str] = field(default_factory=list)  # more options for `bigtwo serve`
    proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws?protocol=2"

    def start(self) -> None:
        assert self.proc is None or self.proc.poll() is not None
        command = [
            sys.executable, "-m", "bigtwo", "serve",
            "--host", "127.0.0.1",
            "--port", str(self.port),
            "--database", self.database,
            *([] if self.grace is None else ["--grace", str(self.grace)]),
            "--min-turn", "0.5",  # turns short enough for a test to wait out
            "--bot-pace", self.bot_pace,
            "--deal-pause", str(self.deal_pause),
            *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        try:
            wait_healthy(self.base, proc=self.proc)
        except (RuntimeError, TimeoutError) as exc:
            self.stop()
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
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()
