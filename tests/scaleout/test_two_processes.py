"""Two server processes on one PostgreSQL database: the players of one room split between
them play a whole deal; submits for the same turn from both processes apply exactly once;
the room's sequence numbers have no gap and no repeat."""

from __future__ import annotations

import itertools
import threading
import urllib.request

from server_process import ServerProcess

from bigtwo.bots import make_bot
from bigtwo.client import Client, ServerError
from bigtwo.record_files import load_record

from .stored import stored_actions, stored_changes


def seqs_seen(client: Client) -> list[int]:
    """The sequence numbers of the updates a client was sent, in order."""
    return [m["seq"] for m in client.received if m.get("type") == "update"]


def four_players(servers: list[ServerProcess], deals: int = 1) -> tuple[str, list[Client]]:
    """A room of four people: seats 0 and 2 on the first process, 1 and 3 on the second."""
    a, b = servers
    host = Client.connect(a.ws)
    code = host.create("Ann", seats=["open", "open", "open"], deals=deals, turn_seconds=0)
    clients = [host]
    for seat, server in ((1, b), (2, a), (3, b)):
        client = Client.connect(server.ws)
        client.join(code, f"P{seat}", seat)
        clients.append(client)
    host.host("start")
    for client in clients:  # every process has told its clients of the start
        while client.state is None or client.state["room"]["status"] != "playing":
            client.receive()
    return code, clients


def play_all(clients: list[Client]) -> None:
    errors: list[BaseException] = []

    def play(client: Client) -> None:
        try:
            client.play(make_bot("easy", seed=client.seat), timeout=30)
        except BaseException as exc:  # handed to the test
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors


def test_players_on_two_processes_play_a_whole_deal(
    servers: list[ServerProcess], database: str
) -> None:
    code, clients = four_players(servers)
    play_all(clients)
    final = clients[0].state
    assert final is not None and final["room"]["status"] == "over"
    for client in clients:
        assert client.state is not None and client.state["seq"] == final["seq"]
        seen = seqs_seen(client)
        assert seen == sorted(set(seen))  # in order, none twice
    assert stored_changes(database, code) == list(range(final["seq"] + 1))
    address = f"{servers[1].base}/api/rooms/{code}/records/0"
    text = urllib.request.urlopen(address).read()  # the deal's record, stored once
    assert load_record(text.decode()).verify() == []
    for client in clients:
        client.close()


def submit(twin: Client, action: str, barrier: threading.Barrier, results: list[str]) -> None:
    """Act at the same moment as the other twin; note "ack" or the refusal's code."""
    barrier.wait()
    try:
        twin.act(action)
        results.append("ack")
    except ServerError as exc:
        results.append(exc.code)


def test_submits_for_one_turn_from_both_processes_apply_once(
    servers: list[ServerProcess], database: str
) -> None:
    code, clients = four_players(servers, deals=1)
    a, b = servers
    applied = 0
    for _ in range(12):  # a dozen turns, each contested
        state = clients[0].state
        assert state is not None
        mover = state["awaiting"][0]
        token = clients[mover].token
        assert token is not None
        twins = [Client.connect(a.ws), Client.connect(b.ws)]
        for i, twin in enumerate(twins):
            twin.resume(code, token)
            twin._ids = itertools.count(1000 * applied + 100 * i)  # different actions
        assert twins[0].state == twins[1].state
        offers = twins[0].state["offers"]
        results: list[str] = []
        barrier = threading.Barrier(2)
        threads = [
            threading.Thread(target=submit, args=(twin, offers[i % len(offers)], barrier, results))
            for i, twin in enumerate(twins)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert results.count("ack") == 1, results
        applied += 1
        for twin in twins:
            twin.close()
        for client in clients:  # everyone hears of the one change
            client.catch_up(state["seq"] + 1)
    acts = [x for x in stored_actions(database, code) if x["type"] == "act"]
    assert len(acts) == applied
    seq = clients[0].state["seq"] if clients[0].state else 0
    assert stored_changes(database, code) == list(range(seq + 1))
    for client in clients:
        client.close()
