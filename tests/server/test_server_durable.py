"""Durability and the protocol's promises through a real ``bigtwo serve`` process: ``kill -9``
mid-deal and a restart on the same database bring every room back exactly (each seat's view,
the turn timers: one that ran out while the server was down restarts as a fresh turn); an
absent person is played by a bot after the grace period and handed back on resume; an
action resent with the same id is applied once; a stale one is refused."""

from __future__ import annotations

import time
from typing import Any

from conftest import ServerProcess

from bigtwo.client import Client

LONG_TURN = 600.0  # a timer that can't run out during the test
SHORT_TURN = 1.5  # one that runs out while the server is down


def _room(url: str, turn_seconds: float) -> list[Client]:
    """A started room of four people, none of whom has acted."""
    host = Client.connect(url)
    code = host.create("host", turn_seconds=turn_seconds, deals=3)
    guests = [Client.connect(url) for _ in range(3)]
    for n, guest in enumerate(guests, 1):
        guest.join(code, f"guest{n}")
    clients = [host, *guests]
    host.host("start")
    for c in clients:
        while c.state is None or c.state["room"]["status"] != "playing":
            c.expect("update")
    return clients


def _play_some(clients: list[Client], actions: int) -> None:
    """The awaited seats take their first offer ``actions`` times; everyone catches up."""
    for _ in range(actions):
        state = clients[0].state
        assert state is not None and state["room"]["status"] == "playing"
        seat = state["awaiting"][0]
        clients[seat].act(clients[seat].state["offers"][0])  # type: ignore[index]
        for c in clients:
            c.catch_up(clients[seat].state["seq"])  # type: ignore[index]


def _seen(client: Client) -> dict[str, Any]:
    """What a seat is shown, but for who is connected."""
    state = dict(client.state or {})
    state["room"] = {
        **state["room"],
        "seats": [{**s, "away": None} for s in state["room"]["seats"]],
    }
    return state


def test_kill_9_mid_deal_and_every_room_resumes_where_it_was(serve: ServerProcess) -> None:
    serve.grace = 30.0  # nobody is handed to a bot while the server restarts
    serve.start()
    timed, untimed = _room(serve.ws, LONG_TURN), _room(serve.ws, 0)
    _play_some(timed, 9)
    _play_some(untimed, 14)
    clients = timed + untimed
    before = [_seen(c) for c in clients]
    assert before[0]["deadline"] is not None and before[-1]["deadline"] is None
    serve.kill()
    for c in clients:
        c.close()
    serve.start()
    fresh = []
    for c in clients:
        client = Client.connect(serve.ws)
        client.resume(str(c.room), str(c.token))
        fresh.append(client)
    after = [_seen(c) for c in fresh]
    for seat, (was, now) in enumerate(zip(before, after, strict=True)):
        assert now == was, f"client {seat}'s view changed across the restart"
    _play_some(fresh[:4], 3)  # and play goes on
    for c in fresh:
        c.close()


def test_a_turn_that_ran_out_while_down_restarts_whole(serve: ServerProcess) -> None:
    serve.grace = 30.0
    serve.start()
    clients = _room(serve.ws, SHORT_TURN)
    state = clients[0].state
    assert state is not None and state["deadline"] is not None
    awaited, seq, deadline = state["awaiting"], state["seq"], state["deadline"]
    serve.kill()
    down = time.time()
    for c in clients:
        c.close()
    time.sleep(max(0.0, deadline - time.time()) + 0.2)  # the server is down: nothing to await
    assert time.time() > deadline
    serve.start()
    restarted = time.time()
    client = Client.connect(serve.ws)
    client.resume(str(clients[0].room), str(clients[0].token))
    back = client.state
    assert back is not None
    assert (back["awaiting"], back["seq"]) == (awaited, seq), "the turn was forced while down"
    assert down < back["deadline"] - SHORT_TURN <= restarted, "not a whole fresh turn"
    timed_out = client.expect("update", timeout=SHORT_TURN + 10)  # and the fresh turn runs out
    assert timed_out["seq"] == seq + 1 and timed_out["state"]["awaiting"] != awaited
    client.close()
