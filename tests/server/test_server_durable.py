"""Durability and the protocol's promises through a real ``bigtwo serve`` process: ``kill -9``
mid-deal and a restart on the same database bring every room back exactly (each seat's view,
the turn timers: one that ran out while the server was down restarts as a fresh turn); an
absent person is played by a bot after the grace period and handed back on resume; an
action resent with the same id is applied once; a stale one is refused; SIGTERM finishes the
action in hand, tells every client to reconnect, and exits 0 (the log says each of these)."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx2
import pytest
from follower import WS, Follower
from server_process import ServerProcess
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed

import bigtwo
from bigtwo.client import Client, ServerError
from bigtwo.server.room import Room

LONG_TURN = 600.0  # a timer that can't run out during the test
SHORT_TURN = 1.5  # one that runs out while the server is down
DEALS = 8  # a session that can't end before the server is restarted in its middle


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


def _back(clients: list[Client], ws: str) -> list[Client]:
    """A new connection for each of ``clients``, back in its seat by its token."""
    fresh = []
    for c in clients:
        client = Client.connect(ws)
        client.resume(str(c.room), str(c.token))
        fresh.append(client)
    return fresh


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
    fresh = _back(clients, serve.ws)
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
    assert timed_out["seq"] == seq + 1 and client.state is not None
    assert client.state["awaiting"] != awaited
    client.close()
    logged = [(x["action"], x["seat"], x.get("seq")) for x in serve.room_log(str(client.room))]
    assert ("timeout", awaited[0], seq + 1) in logged, "the timer's expiry isn't in the log"


def _newest(clients: list[Client]) -> Client:
    return max(clients, key=lambda c: -1 if c.state is None else int(c.state["seq"]))


def _step(clients: list[Client], timeout: float = 20.0) -> None:
    """One move on: a seat here that is awaited acts, or the first client hears of the next
    change (a bot's or a stand-in's)."""
    newest = _newest(clients)
    assert newest.state is not None
    seq = int(newest.state["seq"])
    for c in clients:
        if c.seat in newest.state["awaiting"] and newest.state["room"]["seats"][c.seat]["kind"]:
            c.catch_up(seq)
            if c.my_turn:
                assert c.state is not None
                try:
                    c.act(c.state["offers"][0])
                except ServerError as exc:
                    if exc.code == "stale":  # the room moved on (someone came or went)
                        c.catch_up(int(exc.params["seq"]))
                        return
                    assert exc.code == "rate_limited"  # faster than a person: the limit
                    time.sleep(1 / 20)  # its bucket refills with time
                return
    assert newest.state["room"]["status"] == "playing", "the session ended"
    clients[0].catch_up(seq + 1, timeout)


def test_an_absent_person_is_played_by_a_bot_and_handed_back(server: ServerProcess) -> None:
    host = Client.connect(server.ws)
    code = host.create("host", seats=["open", "random", "random"], deals=5)
    guest = Client.connect(server.ws)
    assert guest.join(code, "guest") == 1
    host.host("start")
    while host.state is None or host.state["room"]["status"] != "playing":
        host.expect("update")
    guest.close()  # gone: after the grace period a bot plays seat 1

    def away(c: Client) -> bool:
        return bool(c.state and c.state["room"]["seats"][1]["away"])

    end = time.monotonic() + 20
    while not away(host):  # the host doesn't act meanwhile, so the deal waits for the change
        assert time.monotonic() < end, "nobody took the absent seat over"
        host.expect("update", timeout=20)
    moves = 0
    while moves == 0:  # the stand-in plays seat 1's turns
        assert time.monotonic() < end and host.state is not None
        assert host.state["room"]["status"] == "playing", "the deal ended before seat 1 moved"
        _step([host])
        moves = sum(
            e["seat"] == 1 and e["kind"] == "act"
            for m in host.received
            if m.get("type") == "update" and away(host)
            for e in m["events"]
        )
    back = Client.connect(server.ws)
    back.resume(code, str(guest.token))
    while back.state is not None and back.state["room"]["seats"][1]["away"]:
        back.expect("update")  # the return is stored, then told (the first state precedes it)
    assert back.state is not None
    while True:  # handed back: seat 1 is awaited from its person again
        assert time.monotonic() < end
        back.catch_up(int(_newest([host, back]).state["seq"]))  # type: ignore[index]
        if back.my_turn:
            break
        _step([host])  # only the host: seat 1's turn is for the test to take
    assert back.act(back.state["offers"][0])["type"] == "ack"
    host.close()
    back.close()
    logged = [(x["action"], x["seat"], x.get("by")) for x in server.room_log(code)]
    taken = logged.index(("bot_takes_over", 1, None))
    returned = logged.index(("hand_back", 1, None))
    assert ("move", 1, "bot") in logged[taken:returned], "the stand-in's moves aren't logged"


def test_a_resent_action_is_applied_once_and_a_stale_one_refused(server: ServerProcess) -> None:
    host = Client.connect(server.ws)
    host.create("host", seats=["random"] * 3, deals=1)
    host.host("start")
    while not host.my_turn:
        host.receive()
    assert host.state is not None
    seq, offer = int(host.state["seq"]), host.state["offers"][0]
    act = {"type": "act", "id": "once", "action": offer, "seq": seq}
    first = host.request(act, "ack")
    host.catch_up(int(first["seq"]))
    hand = host.state["view"]["hand"]
    again = host.request(act, "ack")  # the same id again: the same answer, nothing applied
    assert again["seq"] == first["seq"]
    host.request({"type": "ping"}, "pong")
    assert host.state["view"]["hand"] == hand
    while not host.my_turn:
        host.receive()
    with pytest.raises(ServerError) as refused:  # chosen in a state long gone
        host.request({"type": "act", "id": "late", "action": "pass", "seq": seq}, "ack")
    assert refused.value.code == "stale"
    assert host.act(host.state["offers"][0])["type"] == "ack"  # and the seat plays on
    host.close()


def test_an_empty_room_is_closed_after_the_time_kept(serve: ServerProcess) -> None:
    serve.extra = ["--keep-empty", "1"]
    serve.start()
    host = Client.connect(serve.ws)
    code = host.create("host", seats=["random"] * 3)
    watcher = Client.connect(serve.ws)
    watcher.watch(code)
    host.close()  # a spectator still in: the room stays
    time.sleep(1.5)
    assert any(r["code"] == code for r in httpx2.get(f"{serve.base}/api/lobby").json()["rooms"])
    watcher.close()  # now nobody: closed after a second
    end = time.monotonic() + 10
    while any(r["code"] == code for r in httpx2.get(f"{serve.base}/api/lobby").json()["rooms"]):
        assert time.monotonic() < end, "the empty room stayed open"
        time.sleep(0.2)
    late = Client.connect(serve.ws)
    with pytest.raises(ServerError) as refused:
        late.watch(code)
    assert refused.value.code == "no_room"
    late.close()
    assert [x["action"] for x in serve.room_log(code)][-2:] == ["closed", "close_empty"]


def test_sigterm_stores_the_action_in_hand_says_bye_and_exits_0(serve: ServerProcess) -> None:
    """A person acts, bots answer (thinking a while), SIGTERM comes meanwhile: the action is
    finished and stored, the client is told so and then told to reconnect, the process exits
    with status 0; after a restart the seat resumes where the action left it."""
    serve.grace = 30.0
    serve.start()
    host = Client.connect(serve.ws)
    code = host.create("host", seats=["expert"] * 3, deals=1)
    host.host("start")
    while not host.my_turn:
        host.receive()
    assert host.state is not None
    host.send({"type": "act", "id": "last", "action": host.state["offers"][0]})
    time.sleep(0.2)  # being worked on, most likely (the in-process test below makes sure)
    assert serve.terminate() == 0
    told = []
    with pytest.raises(ConnectionClosed):
        while True:
            told.append(host.receive())
    kinds = [m["type"] for m in told]
    assert kinds[-1] == "bye" and told[-1]["code"] == "restarting" and told[-1]["reconnect"]
    assert "ack" in kinds and kinds.index("ack") < kinds.index("update") < len(kinds) - 1
    stored = max(m["seq"] for m in told if m["type"] == "update")
    serve.start()
    back = Client.connect(serve.ws)
    back.resume(code, str(host.token))
    assert back.state is not None and back.state["seq"] == stored
    assert back.state["view"] == host.state["view"], "the seat's view changed across the restart"
    back.close()
    assert ("act", 0) in [(x["action"], x["seat"]) for x in serve.room_log(code)]


def test_a_client_playing_through_a_restart_comes_back_by_itself(serve: ServerProcess) -> None:
    """`Client.play` notices the restart (a bye, its action refused as `restarting`, or the
    connection dropping), reconnects once the server is back, and plays the session to its
    end."""
    serve.grace = 30.0
    serve.start()
    host = Client.connect(serve.ws)
    host.create("host", seats=["easy"] * 3, deals=DEALS)
    host.host("start")
    playing = threading.Thread(target=host.play, args=(bigtwo.make_bot("easy"),))
    playing.start()
    end = time.monotonic() + 60
    while host.state is None or host.state["room"]["deals_played"] < 1:  # mid-session
        assert time.monotonic() < end and playing.is_alive()
        time.sleep(0.01)
    assert serve.terminate() == 0
    serve.start()
    playing.join(60)
    assert not playing.is_alive() and host.over
    assert host.state is not None and host.state["room"]["deals_played"] == DEALS
    # It came back through a fresh connection. (Whether it read the bye first is chance: a
    # socket closed with the client's next action unread sends a reset, and the client's
    # system may drop the bye it had not yet read; the SIGTERM test above checks the bye.)
    welcomes = [m for m in host.received if m["type"] == "welcome"]
    assert len(welcomes) >= 2, "the client never reconnected"
    host.close()


def test_a_drain_waits_for_the_action_in_hand_then_says_bye(
    test_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process, with the action held in its worker thread on purpose: the drain that SIGTERM
    starts waits for it, and the client hears its answer and its update before the bye."""
    hub = test_client.app.state.hub  # type: ignore[attr-defined]
    with test_client.websocket_connect(WS) as raw:
        ws = Follower(raw)  # each update with its state beside it
        assert ws.receive_json()["type"] == "hello"
        # two decks: the room's changes run in a worker thread, not on the event loop
        ws.send_json({"type": "create", "name": "host", "players": 5, "seats": ["random"] * 4})
        ws.send_json({"type": "host", "what": "start"})
        state: dict[str, Any] = {}
        while not state.get("offers"):
            message = ws.receive_json()
            state = message.get("state", message) if message["type"] != "welcome" else state
        assert not hub.rooms[state["room"]["code"]].quick
        held, release = threading.Event(), threading.Event()
        act = Room.act

        def slow(room: Room, seat: int, msg: Any, now: float) -> Any:
            held.set()
            assert release.wait(30)
            return act(room, seat, msg, now)

        monkeypatch.setattr(Room, "act", slow)
        ws.send_json({"type": "act", "id": "held", "action": state["offers"][0]})
        assert held.wait(10), "the action never reached the room"
        draining = threading.Thread(target=test_client.portal.call, args=(hub.drain,))
        draining.start()
        time.sleep(0.3)
        assert draining.is_alive(), "the drain didn't wait for the action in hand"
        release.set()
        draining.join(10)
        assert not draining.is_alive()
        kinds = []
        while not kinds or kinds[-1] != "bye":
            kinds.append(ws.receive_json()["type"])
        assert kinds == ["ack", "update", "bye"]
