"""`bigtwo serve --workers N`: N processes on one port over PostgreSQL (a room's players
land on whichever process accepts them and play a deal); SQLite is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import START, start
from .test_two_processes import four_players, play_all, stored_changes


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def test_workers_share_one_port(database: str, tmp_path: Path) -> None:
    server = start(database, tmp_path, "--workers", "2", "--grace", "60")
    try:
        assert len(children(server.proc.pid)) >= 2  # the workers (and a resource tracker)
        code, clients = four_players([server, server])
        play_all(clients)
        final = clients[0].state
        assert final is not None and final["room"]["status"] == "over"
        assert stored_changes(database, code) == list(range(final["seq"] + 1))
        for client in clients:
            client.close()
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()


def test_workers_need_a_shared_database(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'rooms.db'}"
    done = subprocess.run(
        [sys.executable, "-c", START, "serve", "--workers", "2", "--database", sqlite],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "--workers needs a database" in done.stdout + done.stderr
