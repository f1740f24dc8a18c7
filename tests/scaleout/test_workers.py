"""`bigtwo serve --workers N`: N processes on one port over PostgreSQL (a room's players
land on whichever process accepts them and play a deal); every option reaches every worker
(the rate limit, the grace period and the time an empty room is kept, seen at work in each);
a worker killed is replaced; SIGTERM lets every worker finish the action in hand and say
`bye` to its clients, and the command exits 0; SQLite is refused."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from own_loop import run
from server_process import ServerProcess
from websockets.exceptions import ConnectionClosed

from bigtwo.client import Client
from bigtwo.server.settings import Settings
from bigtwo.server.workers import RESTART_AFTER, RESTART_LONGEST, listen, restart_delay

from .conftest import start
from .stored import lease_holder, status, stored_changes
from .test_across import seat, until
from .test_two_processes import four_players, play_all


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def serving_workers(server: ServerProcess, count: int = 2) -> list[int]:
    """The ``count`` worker processes running, by the line each logs as it starts (waiting
    for them to start)."""
    give_up = time.monotonic() + 30
    while True:
        lines = server.log.read_text().splitlines()
        started = [int(x.split("worker ")[1].split()[0]) for x in lines if " serving with " in x]
        running = [pid for pid in started if pid in children(server.proc.pid)]
        if len(running) == count:
            return running
        assert time.monotonic() < give_up, f"{len(running)} of {count} workers serving"
        time.sleep(0.1)


def worker_of(client: Client, server: ServerProcess) -> int:
    """The worker process holding the server's end of the client's connection: the socket
    (``/proc/net/tcp``, from the client's port to the server's) among its open files."""
    port = client.socket.local_address[1]
    inode = None
    for row in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = row.split()
        local, remote = (int(a.split(":")[1], 16) for a in fields[1:3])
        if (local, remote) == (server.port, port) and fields[9] != "0":
            inode = fields[9]
    assert inode is not None, "the connection isn't in /proc/net/tcp"
    for pid in children(server.proc.pid):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) == f"socket:[{inode}]":
                    return pid
            except OSError:  # closed meanwhile
                continue
    raise AssertionError("no worker holds the connection")


def one_on_each(server: ServerProcess, count: int = 2) -> dict[int, Client]:
    """A connection to each of the ``count`` workers (the kernel chooses: connect until
    each has one). One that reached a worker already found is closed at once: while another
    worker was still starting, kept ones passed the server's 32 open connections an address
    and the next was refused (HTTP 403)."""
    found: dict[int, Client] = {}
    deadline = time.monotonic() + 30
    while len(found) < count and time.monotonic() < deadline:
        client = Client.connect(server.ws)
        pid = worker_of(client, server)
        if pid in found:
            client.close()
            time.sleep(0.05)  # (a worker still starting takes none yet)
        else:
            found[pid] = client
    assert len(found) == count, f"connections reached {len(found)} worker(s) of {count}"
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


def refusals_of_a_burst(client: Client, count: int) -> int:
    """Send ``count`` pings at once; how many were refused as too fast."""
    for _ in range(count):
        client.send({"type": "ping"})
    answers = [client.receive() for _ in range(count)]
    return sum(1 for a in answers if a.get("code") == "rate_limited")


def test_every_option_reaches_every_worker(database: str, tmp_path: Path) -> None:
    options = ["--grace", "1", "--keep-empty", "1", "--rate", "4"]
    server = start(database, tmp_path, "--workers", "2", *options)
    try:
        hosts = one_on_each(server)
        assert set(hosts) == set(serving_workers(server))
        told = server.log.read_text()
        settings = Settings(  # as given (and the tests' pace)
            grace=1.0, keep_empty=1.0, rate=4.0, min_turn=0.5, bot_pace="instant", pause=0.0
        )
        for pid in hosts:  # each worker says what it runs with ...
            assert f"worker {pid} serving with {settings!r}" in told
        rooms = {}
        for pid, host in hosts.items():  # ... and does it: the rate limit (4/s, 8 at once)
            assert refusals_of_a_burst(host, 20) >= 5  # (12, all at once)
            time.sleep(1)  # the bucket fills again (enough for two messages)
            code = host.create("Ann", seats=["easy"] * 3, deals=1, turn_seconds=0)
            host.host("start")
            assert lease_holder(database, code) == pid  # the worker runs the room's upkeep
            watcher = Client.connect(server.ws)
            watcher.watch(code)
            rooms[code] = watcher
        for host in hosts.values():
            host.close()
        for watcher in rooms.values():  # the grace period (1 s, not 20 s): a bot for Ann
            until(watcher, lambda s: seat(s, 0)["away"], timeout=10)
        for watcher in rooms.values():
            watcher.close()
        gone = time.monotonic()
        while any(status(database, code) != "closed" for code in rooms):
            assert time.monotonic() - gone < 10, "the empty rooms stayed open"  # 1 s, not 1 h
            time.sleep(0.5)
    finally:
        server.stop()
    assert "Traceback" not in server.log.read_text()


def test_a_dead_worker_is_replaced_and_sigterm_drains_every_worker(
    database: str, tmp_path: Path
) -> None:
    """kill -9 of a worker: another takes its place. Then, on SIGTERM to the command, with
    a person's action in hand on each worker (expert bots think over their replies): each
    action is finished and stored, its client hears of it and then `bye`, and the command
    exits 0."""
    server = start(database, tmp_path, "--workers", "2", "--grace", "60")
    try:
        first = serving_workers(server)
        os.kill(first[0], signal.SIGKILL)
        give_up = time.monotonic() + 10
        while first[0] in children(server.proc.pid):  # until the supervisor notices
            assert time.monotonic() < give_up, "the supervisor never noticed"
            time.sleep(0.1)
        now = serving_workers(server)  # and starts another in its place
        assert first[0] not in now and first[1] in now
        hosts = one_on_each(server)
        assert set(hosts) == set(now)
        for host in hosts.values():
            host.create("Ann", seats=["expert"] * 3, deals=1)
            host.host("start")
        for host in hosts.values():
            while not host.my_turn:
                host.receive()
            assert host.state is not None
            host.send({"type": "act", "id": "last", "action": host.state["offers"][0]})
        time.sleep(0.2)  # being worked on, most likely
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(60) == 0
    finally:
        server.stop()
    for host in hosts.values():
        told: list[dict[str, Any]] = list(host.received)
        with pytest.raises(ConnectionClosed):
            while True:
                told.append(host.receive())
        kinds = [m["type"] for m in told]
        assert kinds[-1] == "bye" and told[-1]["code"] == "restarting" and told[-1]["reconnect"]
        acked = kinds.index("ack")  # the action in hand: acknowledged, its change sent
        assert "update" in kinds[acked:-1]
        assert host.room is not None
        heard = max(m["seq"] for m in told if m["type"] == "update")
        assert stored_changes(database, host.room)[-1] == heard  # stored, and told
    assert "Traceback" not in server.log.read_text()


def test_workers_need_a_shared_database(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'rooms.db'}"
    done = subprocess.run(
        [sys.executable, "-m", "bigtwo", "serve", "--workers", "2", "--database", sqlite],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "--workers needs a database" in done.stdout + done.stderr


def test_workers_on_a_port_in_use_are_refused_in_one_line(database: str) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = str(taken.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "bigtwo", "serve", "--workers", "2", "--port", port,
             "--database", database],
            capture_output=True,
            text=True,
            timeout=60,
        )  # fmt: skip
    assert done.returncode == 2 and f"can't listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_slot_whose_workers_keep_dying_young_waits_longer_each_time() -> None:
    waits = [restart_delay(n) for n in range(8)]
    assert waits[0] == waits[1] == RESTART_AFTER  # after one that ran a while, or the first
    assert waits[2] == 2 * RESTART_AFTER and waits[3] == 4 * RESTART_AFTER
    assert waits == sorted(waits) and waits[-1] == RESTART_LONGEST


def test_the_shared_socket_s_connections_send_at_once() -> None:
    """The workers' connections have Nagle's algorithm off, as one process's have: with it on,
    an update written right after an acknowledgement waited for the client's delayed ACK."""
    shared = listen("127.0.0.1", 0)
    assert shared.proto == socket.IPPROTO_TCP  # what a spawned worker's copy is built with

    async def accepted() -> int:
        got: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def made(_: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = writer.get_extra_info("socket")
            got.set_result(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

        server = await asyncio.start_server(made, sock=shared)
        _, writer = await asyncio.open_connection(*shared.getsockname())
        nodelay = await asyncio.wait_for(got, 10)
        writer.close()
        server.close()
        return nodelay

    assert run(accepted) == 1
