"""A room stored in a form this server can't read (written by a newer version, or a damaged
row) stops no other: a real `bigtwo serve` starts and serves every other room, refuses that
one with `unreadable`, logs why, and leaves its row as it was; on a shared database the lobby
leaves it out. Before, one such room kept a single-process server from starting at all."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
import postgres
import pytest
import sqlalchemy as sa
from server_process import ServerProcess, on_sqlite

from bigtwo.client import Client, ServerError
from bigtwo.server.store import ROOMS, engine_url


def _rooms(server: ServerProcess, count: int) -> list[tuple[str, str]]:
    """``count`` public rooms waiting for players, each its code and its host's token."""
    made = []
    for n in range(count):
        host = Client.connect(server.ws)
        made.append((host.create(f"host{n}", seats=["easy", "easy", "open"], public=True),
                     str(host.token)))  # fmt: skip
        host.socket.close()
    return made


def _damage(database: str, future: str, garbage: str) -> dict[str, str]:
    """Store ``future`` with a rule option no version has yet and ``garbage`` as text that is
    no JSON, each a change newer than any server has seen (as another version writing it
    would); every room's stored text, as left."""
    engine = sa.create_engine(engine_url(database))
    with engine.begin() as conn:
        text = conn.execute(sa.select(ROOMS.c.data).where(ROOMS.c.code == future)).scalar_one()
        data = json.loads(text)
        data["rules"]["a_rule_of_tomorrow"] = True
        data["seq"] += 1  # a whole snapshot of that change: nothing is missing but the rule
        newer = {"seq": ROOMS.c.seq + 1}
        conn.execute(
            sa.update(ROOMS).where(ROOMS.c.code == future).values(data=json.dumps(data), **newer)
        )
        conn.execute(
            sa.update(ROOMS).where(ROOMS.c.code == garbage).values(data="{half a room", **newer)
        )
        stored = {code: data for code, data in conn.execute(sa.select(ROOMS.c.code, ROOMS.c.data))}
    engine.dispose()
    return stored


def _stored(database: str) -> dict[str, str]:
    engine = sa.create_engine(engine_url(database))
    with engine.connect() as conn:
        stored = {code: data for code, data in conn.execute(sa.select(ROOMS.c.code, ROOMS.c.data))}
    engine.dispose()
    return stored


def _refused(server: ServerProcess, code: str) -> str:
    """The error code a spectator gets asking to watch the room."""
    watcher = Client.connect(server.ws)
    try:
        with pytest.raises(ServerError) as refused:
            watcher.watch(code)
        return refused.value.code
    finally:
        watcher.socket.close()


def _lobby(server: ServerProcess) -> set[str]:
    answer = httpx2.get(f"{server.base}/api/lobby", timeout=10)
    assert answer.status_code == 200
    return {room["code"] for room in answer.json()["rooms"]}


def test_one_process_serves_the_rooms_it_can_read(tmp_path: Path) -> None:
    server = on_sqlite(tmp_path / "rooms.db")
    server.start()
    try:
        (good, token), (future, _), (garbage, _) = _rooms(server, 3)
    finally:
        assert server.terminate() == 0
    stored = _damage(server.database, future, garbage)

    server.start()  # it starts, however its rooms read
    try:
        host = Client.connect(server.ws)
        host.resume(good, token)  # the room it can read is served as before
        assert host.state is not None and host.state["room"]["code"] == good
        assert _lobby(server) == {good}
        assert _refused(server, future) == "unreadable"
        assert _refused(server, garbage) == "unreadable"
    finally:
        assert server.terminate() == 0
    assert _stored(server.database) == stored  # kept as they were, for a version that reads them
    log = server.log.read_text()
    assert f"room={future} not loaded: unknown rule option(s): a_rule_of_tomorrow" in log
    assert f"room={garbage} not loaded" in log and "Traceback" not in log


def test_a_shared_database_leaves_an_unreadable_room_out(
    postgres_cluster: postgres.Cluster, tmp_path: Path
) -> None:
    database = postgres_cluster.database()
    server = ServerProcess(database, tmp_path / "server.log")
    server.start()
    try:
        (good, _), (future, _), (garbage, _) = _rooms(server, 3)
        assert _lobby(server) >= {good, future, garbage}
        stored = _damage(database, future, garbage)
        assert _lobby(server) == {good}
        assert _refused(server, future) == "unreadable"
        assert _refused(server, garbage) == "unreadable"
        watcher = Client.connect(server.ws)
        watcher.watch(good)  # the rest are served as before
        watcher.socket.close()
    finally:
        assert server.terminate() == 0
    assert _stored(database) == stored
    log = server.log.read_text()
    assert f"room={future} not read: unknown rule option(s): a_rule_of_tomorrow" in log
    assert "Traceback" not in log
    refused = [line for line in server.room_log() if line.get("error") == "unreadable"]
    # each refusal says in the log why the room can't be read
    assert [line["action"] for line in refused] == ["watch", "watch"]
    assert refused[0]["cause"] == "unknown rule option(s): a_rule_of_tomorrow"
    assert refused[1]["cause"].startswith("Expecting property name")
