"""The server's worker processes (`worker_processes`) end with the server, however it ends:
killed at once, it leaves no worker holding its memory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
SERVER = """
import os, sys
from bigtwo.server.worker_processes import worker_pool
if __name__ == "__main__":
    pool = worker_pool(1)
    print(pool.submit(os.getpid).result(), flush=True)
    sys.stdin.readline()  # until the test kills it
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split()[2] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_a_worker_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    server = subprocess.Popen(
        [sys.executable, str(script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
    )
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    assert worker != server.pid and _alive(worker)
    server.kill()  # no shutdown of its pool: as the out-of-memory killer ends it
    server.wait(10)
    deadline = time.monotonic() + 15
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker), "the worker outlived its server"
