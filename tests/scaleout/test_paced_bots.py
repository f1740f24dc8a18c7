"""Paced bots on two server processes over one PostgreSQL database: each bot's move is made
by the process holding the room's lease (its timer), and once that process is killed the one
that takes the lease over goes on with them."""

from __future__ import annotations

import time

from server_process import ServerProcess

from bigtwo.client import Client

from .stored import lease_holder, stored_changes


def _bot_moves(server: ServerProcess, code: str) -> list[int]:
    return [x["seq"] for x in server.room_log(code) if x["action"] == "move" and x["by"] == "bot"]


def test_paced_moves_run_where_the_lease_is(servers: list[ServerProcess], database: str) -> None:
    a, b = servers
    ann = Client.connect(a.ws)
    code = ann.create("Ann", seats=["easy"] * 3, deals=1, pace="normal")
    ann.host("start")
    while not ann.my_turn:
        ann.expect("update", timeout=10)
    assert ann.state is not None
    offers = ann.state["offers"]
    ann.act("no" if "no" in offers else offers[0])  # through a: a holds the lease
    seq = ann.state["seq"]
    assert ann.token is not None
    there = Client.connect(b.ws)  # Ann's seat through b too (no change: the lease stays)
    there.resume(code, ann.token)
    ann.expect("update", timeout=10)  # the first bot's move, 0.8 s later
    assert seq + 1 in _bot_moves(a, code) and _bot_moves(b, code) == []
    assert lease_holder(database, code) == a.proc.pid  # type: ignore[union-attr]
    a.kill()  # the next bot's move is due: b must take the lease over to make it
    killed = time.time()
    ann.close()
    there.catch_up(seq + 3, timeout=30)  # the other two bots, through b
    there.close()
    made = [x for x in b.room_log(code) if x["action"] == "move" and x["by"] == "bot"]
    assert [x["seq"] for x in made[:2]] == [seq + 2, seq + 3]
    assert all(x["time"] > killed for x in made)
    assert seq + 2 not in _bot_moves(a, code)  # made once, by b
    assert lease_holder(database, code) == b.proc.pid  # type: ignore[union-attr]
    seqs = stored_changes(database, code)
    assert seqs == list(range(len(seqs)))
