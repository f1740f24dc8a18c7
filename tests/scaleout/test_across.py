"""What one process does, the clients of another see: a chat line sent through one reaches
the room's clients on the other (once), and so does the number of spectators on both; the
lobby of either lists a public room created on the other until it starts or closes; the
host's actions taken through one are in force on the other; a person gone from one process
past the grace period gets a bot, once, from the room's lease holder, and their seat back
through the other."""

from __future__ import annotations

import itertools
import json
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from follower import with_states
from server_process import ServerProcess

from bigtwo.client import Client, ServerError

from .conftest import two_servers
from .stored import lease_holder
from .test_two_processes import play_all

GRACE = 2.0  # seconds; lease rounds come every 2 s


def until(client: Client, done: Callable[[dict[str, Any]], bool], timeout: float = 15) -> None:
    """Read until the client's state satisfies ``done``."""
    give_up = time.monotonic() + timeout
    while client.state is None or not done(client.state):
        assert time.monotonic() < give_up, f"never came: {client.state}"
        client.receive(timeout=give_up - time.monotonic())


def seat(state: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = state["room"]["seats"][number]
    return found


def lobby(server: ServerProcess) -> dict[str, dict[str, Any]]:
    address = f"{server.base}/api/lobby"
    rooms = json.loads(urllib.request.urlopen(address, timeout=10).read())["rooms"]
    return {r["code"]: r for r in rooms}


def chats(client: Client) -> list[tuple[int, str]]:
    return [(m["seat"], m["text"]) for m in client.received if m.get("type") == "chat"]


def heard(client: Client, line: tuple[int, str]) -> None:
    """Read chat lines until ``line`` is the last one heard."""
    while chats(client)[-1:] != [line]:
        client.expect("chat")


def two_in_a_room(a: ServerProcess, b: ServerProcess, **options: Any) -> tuple[str, Client, Client]:
    """Ann hosts on ``a`` (seat 0), Bob joins through ``b`` (seat 1), seats 2 and 3 bots."""
    ann = Client.connect(a.ws)
    code = ann.create("Ann", seats=["open", "easy", "easy"], deals=1, **options)
    bob = Client.connect(b.ws)
    bob.join(code, "Bob", 1)
    until(ann, lambda s: seat(s, 1)["name"] == "Bob")  # a heard of the join
    return code, ann, bob


def watching(client: Client, count: int, timeout: float = 15) -> None:
    """Read until the last number of spectators the client was told is ``count``."""
    give_up = time.monotonic() + timeout
    while [m["count"] for m in client.received if m.get("type") == "watchers"][-1:] != [count]:
        assert time.monotonic() < give_up, f"never told {count} watch"
        client.receive(timeout=give_up - time.monotonic())


def test_chat_crosses_processes_once(servers: list[ServerProcess]) -> None:
    a, b = servers
    code, ann, bob = two_in_a_room(a, b)
    watcher = Client.connect(b.ws)
    watcher.watch(code)
    ann.send({"type": "chat", "text": "hello from a"})
    assert bob.expect("chat") == {"type": "chat", "seat": 0, "name": "Ann", "text": "hello from a"}
    bob.send({"type": "chat", "text": "hi from b"})
    heard(ann, (1, "hi from b"))
    ann.send({"type": "chat", "text": "again"})
    heard(bob, (0, "again"))
    heard(watcher, (0, "again"))
    expected = [(0, "hello from a"), (1, "hi from b"), (0, "again")]
    assert chats(bob) == expected  # nothing twice: b ignores the notices of its own lines
    assert chats(watcher) == expected
    ann.host("mute", 1)  # through a; b's copy of the room must know it
    muted = ann.expect("update")
    bob.catch_up(muted["seq"])
    bob.send({"type": "chat", "text": "am I heard?"})
    with pytest.raises(ServerError) as refused:
        bob.expect("chat")
    assert refused.value.code == "muted"
    watching(ann, 1)  # b's spectator, as b says its count
    ann.send({"type": "host", "what": "spectators_chat", "allow": True})
    watcher.catch_up(ann.expect("update")["seq"])  # b's copy of the room knows it
    watcher.send({"type": "chat", "text": "from b's stand"})
    said = {"type": "chat", "seat": None, "name": "", "text": "from b's stand"}
    assert ann.expect("chat") == said
    sue = Client.connect(a.ws)
    sue.request({"type": "watch", "room": code, "name": "Sue"}, "state")
    for client in (ann, bob, watcher, sue):
        watching(client, 2)
    watcher.close()
    bob.close()  # b has nobody in the room now
    watching(ann, 1)
    tom = Client.connect(b.ws)
    tom.watch(code)  # b hears of the room again: a answers with its count
    for client in (ann, sue, tom):
        watching(client, 2)
    for client in (ann, sue, tom):
        client.close()


def test_the_lobby_of_one_process_lists_the_rooms_of_the_other(
    servers: list[ServerProcess],
) -> None:
    a, b = servers
    code, ann, bob = two_in_a_room(a, b)
    listed = lobby(a)[code]
    assert [s["name"] for s in listed["seats"]][:2] == ["Ann", "Bob"]  # b's join, on a
    hidden = Client.connect(a.ws)
    private = hidden.create("Hid", seats=["easy"] * 3, public=False)
    assert code in lobby(b) and private not in lobby(b)
    ann.host("start")
    until(bob, lambda s: s["room"]["status"] == "playing")
    assert code not in lobby(a) and code not in lobby(b)
    closing = Client.connect(a.ws)
    short = closing.create("Cal", seats=["easy"] * 3)
    assert short in lobby(b)
    closing.host("close")
    closing.expect("unseated")
    assert short not in lobby(b) and short not in lobby(a)
    for client in (ann, bob, hidden, closing):
        client.close()


def test_host_actions_through_one_process_hold_on_the_other(servers: list[ServerProcess]) -> None:
    a, b = servers
    _, ann, bob = two_in_a_room(a, b)
    ann.host("seat", 2, "open")  # the host takes a bot away, through a
    until(bob, lambda s: seat(s, 2)["kind"] == "open")
    ann.host("hand_over", 1)  # and hands the host role to Bob, on b
    until(bob, lambda s: s["room"]["host"] == 1)
    until(ann, lambda s: s["room"]["host"] == 1)
    ann.host("seat", 2, "easy")
    with pytest.raises(ServerError) as refused:
        ann.expect("update")
    assert refused.value.code == "not_host"
    bob.host("seat", 2, "hard")  # the new host, through b
    until(ann, lambda s: seat(s, 2)["kind"] == "hard")
    bob.host("start")
    until(ann, lambda s: s["room"]["status"] == "playing")
    play_all([ann, bob])
    for client in (ann, bob):
        client.close()


def away_lines(server: ServerProcess, code: str) -> list[str]:
    """The room log's lines (JSON, docs/protocol.md) of a bot taking an absent seat over."""
    lines = [line for line in server.log.read_text().splitlines() if line.startswith("{")]
    return [
        line
        for line in lines
        if json.loads(line)["room"] == code and json.loads(line)["action"] == "bot_takes_over"
    ]


def times_away(client: Client, number: int) -> int:
    """How often the client saw the seat go from present to away."""
    followed = with_states(client.received)
    states = [m.get("state", m) for m in followed if m.get("type") in ("state", "update")]
    flags = [seat(s, number)["away"] for s in states]
    return sum(1 for before, now in itertools.pairwise(flags) if now and not before)


def test_a_person_gone_from_one_process_gets_a_bot_once_and_the_seat_back_through_the_other(
    database: str, tmp_path: Path
) -> None:
    with two_servers(database, tmp_path, "--grace", str(GRACE)) as (a, b):
        code, ann, bob = two_in_a_room(b, a, turn_seconds=0)  # Ann on b, Bob on a
        ann.host("start")
        until(bob, lambda s: s["room"]["status"] == "playing")
        holder = lease_holder(database, code)
        token, last = bob.token, bob.state["seq"] if bob.state else 0
        assert token is not None
        bob.close()  # Bob drops out of a
        gone = time.monotonic()
        until(ann, lambda s: seat(s, 1)["away"], timeout=20)
        assert time.monotonic() - gone >= GRACE  # not before the grace period
        back = Client.connect(b.ws)  # Bob comes back through b
        back.resume(code, token, last)
        assert back.state is not None and not seat(back.state, 1)["away"]
        until(ann, lambda s: not seat(s, 1)["away"])
        by = [s for s in (a, b) if away_lines(s, code)]
        assert [s.proc.pid for s in by] == [holder]  # the lease holder did it ...
        assert len(away_lines(by[0], code)) == 1  # ... once
        assert times_away(ann, 1) == 1
        back.close()  # and now drops out of b, back through a within the grace period
        again = Client.connect(a.ws)
        again.resume(code, token)
        time.sleep(2 * GRACE + 3)  # past the grace period and a lease round or two
        assert times_away(ann, 1) == 1 and times_away(again, 1) == 0
        play_all([ann, again])  # Bob plays his seat again
        assert sum(len(away_lines(s, code)) for s in (a, b)) == 1
        for client in (ann, again):
            client.close()


def test_a_seat_taken_through_one_process_is_let_go_by_the_other(
    servers: list[ServerProcess],
) -> None:
    """Ann (on a) gives Bob's seat (Bob on b) to a bot: b tells Bob's connection why, sends
    it nothing more of the room, and refuses what it sends as not_seated."""
    a, b = servers
    code, ann, bob = two_in_a_room(a, b)
    ann.host("start")
    until(bob, lambda s: s["room"]["status"] == "playing")
    ann.host("remove", 1)
    told = bob.expect("unseated")
    assert told["code"] == "removed" and told["room"] == code
    since = len(bob.received)
    ann.send({"type": "chat", "text": "still there?"})
    heard(ann, (0, "still there?"))
    bob.send({"type": "chat", "text": "yes"})
    bob.send({"type": "act", "id": "x", "action": "pass"})
    refused = [bob.expect("error")["code"], bob.expect("error")["code"]]
    assert refused == ["not_seated", "not_seated"]
    assert not {m["type"] for m in bob.received[since:]} & {"state", "update", "chat", "events"}
    for client in (ann, bob):
        client.close()
