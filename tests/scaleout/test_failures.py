"""Failures on two server processes over one PostgreSQL database: one process killed with
-9 mid-deal (its clients reconnect to the other and finish; nothing accepted is lost,
nothing applied twice, the room's timer fires once, taken over under its lease), and
PostgreSQL itself restarted mid-session (the servers reconnect; no action is lost)."""

from __future__ import annotations

import itertools
import time
from collections import Counter

import postgres
from server_process import ServerProcess

from bigtwo.client import Client

from .stored import stored_actions, stored_changes
from .test_two_processes import four_players, play_all, seqs_seen


def step(clients: list[Client]) -> None:
    """The player to move plays their last offer; everyone hears of it."""
    state = clients[0].state
    assert state is not None
    mover = clients[state["awaiting"][0]]
    ack = mover.act(mover.state["offers"][-1] if mover.state else "pass")
    for client in clients:
        client.catch_up(int(ack["seq"]))


def test_a_killed_process_loses_nothing(servers: list[ServerProcess], database: str) -> None:
    a, b = servers
    code, clients = four_players(servers)  # seats 0 and 2 on a, 1 and 3 on b
    for _ in range(6):
        step(clients)
    state = clients[0].state
    assert state is not None
    mover = state["awaiting"][0]
    moving = clients[mover]
    assert moving.state is not None
    action = moving.state["offers"][-1]
    dying, living = (a, b) if mover in (0, 2) else (b, a)  # the mover's process dies
    moving.send({"type": "act", "id": "in-flight", "action": action})  # in flight
    dying.kill()
    for seat in (0, 2) if dying is a else (1, 3):  # its clients come back on the other
        old = clients[seat]
        last = old.state["seq"] if old.state else 0
        assert old.token is not None
        fresh = Client.connect(living.ws)
        fresh.resume(code, old.token, last)
        resumed = fresh.state
        assert resumed is not None and resumed["seq"] >= last
        if resumed["seq"] > last:  # what it missed since, from the database
            missed = [m for m in fresh.received if m.get("type") == "events"]
            assert missed and missed[0]["seq"] == resumed["seq"]
        old.close()
        clients[seat] = fresh
    clients[mover].send({"type": "act", "id": "in-flight", "action": action})  # resent
    clients[mover].expect("ack")  # applied now, or acknowledged as applied before
    play_all(clients)
    final = clients[1].state
    assert final is not None and final["room"]["status"] == "over"
    assert stored_changes(database, code) == list(range(final["seq"] + 1))
    acts = [(x["seat"], x["id"]) for x in stored_actions(database, code) if x["type"] == "act"]
    assert len(acts) == len(set(acts))  # nothing applied twice
    assert acts.count((mover, "in-flight")) == 1
    for client in clients:
        assert client.state is not None and client.state["seq"] == final["seq"]
        seen = seqs_seen(client)
        assert seen == sorted(set(seen))
        client.close()


def test_a_timer_fires_once_when_its_holder_dies(
    servers: list[ServerProcess], database: str
) -> None:
    a, b = servers
    host = Client.connect(a.ws)
    code = host.create("Ann", seats=["easy", "easy", "easy"], deals=1, turn_seconds=2)
    host.host("start")  # a applies the start, so a holds the room's lease and timer
    while host.state is None or not host.state["awaiting"]:
        host.receive()
    assert host.token is not None
    there = Client.connect(b.ws)
    there.resume(code, host.token)
    a.kill()
    host.close()
    timeouts: list[float] = []
    deadline = time.monotonic() + 40
    while len(timeouts) < 3 and time.monotonic() < deadline:  # b takes the lease over
        message = there.receive(timeout=30)
        if message.get("type") == "update":
            kinds = [e["kind"] for e in message["events"]]
            timeouts += [time.monotonic()] * kinds.count("timeout")
            if there.state is None or there.state["room"]["status"] != "playing":
                break
    there.close()
    assert len(timeouts) >= 2, "the timer didn't fire after its holder died"
    stored = [x for x in stored_actions(database, code) if x["type"] == "timeout"]
    assert len(stored) >= len(timeouts)
    assert all(n == 1 for n in Counter(x["seq"] for x in stored).values())
    gaps = [later - sooner for sooner, later in itertools.pairwise(timeouts[1:])]
    assert all(g > 1.5 for g in gaps), gaps  # each deadline fired once, a turn apart
    seqs = stored_changes(database, code)
    assert seqs == list(range(len(seqs)))


def test_a_database_restart_loses_no_action(servers: list[ServerProcess], database: str) -> None:
    code, clients = four_players(servers)
    for _ in range(4):
        step(clients)
    postgres.restart(database)
    play_all(clients)  # any refusal but `stale` fails the test
    for server in servers:  # each noticed the restart, and went on
        assert "listener lost the database" in server.log.read_text()
    final = clients[0].state
    assert final is not None and final["room"]["status"] == "over"
    assert stored_changes(database, code) == list(range(final["seq"] + 1))
    for client in clients:
        assert client.state is not None and client.state["seq"] == final["seq"]
        client.close()
