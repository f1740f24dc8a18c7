"""Spectators, through a real ``bigtwo serve``: they chat only while the host lets them (a
room setting, at creation and by the host's ``spectators_chat``, refused to anyone else), their
lines marked as a spectator's (``seat`` null) under the name they watched with; and everyone in
the room is told how many are watching as they come and go (``watchers``), never in an
``update`` of its own."""

from __future__ import annotations

from typing import Any

from server_process import ServerProcess

from bigtwo.client import Client
from bigtwo.server.protocol import Create
from bigtwo.server.room import Room

TIMEOUT = 30.0


def _refusal(client: Client, message: dict[str, Any]) -> str:
    client.send(message)
    return str(client.expect("error", timeout=10)["code"])


def _watcher(url: str, code: str, name: str | None = None) -> Client:
    client = Client.connect(url)
    client.request({"type": "watch", "room": code, "name": name}, "state")
    return client


def _count(client: Client) -> int:
    return int(client.expect("watchers", timeout=TIMEOUT)["count"])


def test_spectators_chat_only_while_the_host_lets_them(server: ServerProcess) -> None:
    ann = Client.connect(server.ws)
    code = ann.create("Ann", seats=["open", "easy", "easy"])
    bob = Client.connect(server.ws)
    assert bob.join(code, "Bob") == 1
    assert ann.state is not None and ann.state["room"]["spectators_chat"] is False
    sue = _watcher(server.ws, code, "Sue")
    line = {"type": "chat", "text": "hello table"}
    assert _refusal(sue, line) == "spectators_quiet"  # the default: players only
    switch = {"type": "host", "what": "spectators_chat", "allow": True}
    assert _refusal(bob, switch) == "not_host"
    assert _refusal(sue, switch) == "not_seated"
    assert _refusal(ann, {"type": "host", "what": "spectators_chat"}) == "bad_field"
    ann.send(switch)
    for client in (ann, bob, sue):  # the room's setting, in the update everyone gets
        client.expect("update", timeout=TIMEOUT)
        assert client.state is not None and client.state["room"]["spectators_chat"] is True
    sue.send(line)
    said = {"type": "chat", "seat": None, "name": "Sue", "text": "hello table"}
    for client in (ann, bob, sue):
        assert client.expect("chat", timeout=TIMEOUT) == said
    ann.send({**switch, "allow": False})
    sue.expect("update", timeout=TIMEOUT)
    assert _refusal(sue, line) == "spectators_quiet"
    bad = Client.connect(server.ws)
    bad.send({"type": "watch", "room": code, "name": "\u202eSue"})
    assert bad.expect("error", "state", timeout=TIMEOUT)["code"] == "bad_name"
    for client in (ann, bob, sue, bad):
        client.close()


def test_a_room_made_open_to_spectators_lets_them_chat_and_keeps_it() -> None:
    made = Create(type="create", name="Ann", spectators_chat=True)
    room = Room.create("ABCD2345", made)
    assert room.chat(None, " hi ", "")["seat"] is None
    kept = Room.from_dict(room.to_dict())
    assert kept.spectators_chat and kept.summary()["spectators_chat"]
    older = room.to_dict()
    del older["spectators_chat"]  # a room stored before the setting: players only
    assert not Room.from_dict(older).spectators_chat


def test_everyone_is_told_how_many_watch_as_they_come_and_go(server: ServerProcess) -> None:
    ann = Client.connect(server.ws)
    code = ann.create("Ann", seats=["easy", "easy", "easy"], pace="instant")
    first = _watcher(server.ws, code)
    assert _count(ann) == 1 and _count(first) == 1
    second = _watcher(server.ws, code)
    assert _count(ann) == 2 and _count(first) == 2 and _count(second) == 2
    ann.host("start")  # a change: its update carries no count, and none comes with it
    update = ann.expect("update", timeout=TIMEOUT)
    assert "watchers" not in str(update["patch"])
    first.request({"type": "unwatch"}, "unwatched")
    assert _count(ann) == 1 and _count(second) == 1
    bob = Client.connect(server.ws)
    bob.watch(code)  # a newcomer is told on entering, the others the new number
    assert _count(bob) == 2 and _count(ann) == 2
    second.close()
    assert _count(ann) == 1
    bob.close()
    assert _count(ann) == 0
    counts = [m for m in ann.received if m["type"] == "watchers"]
    assert [m["count"] for m in counts] == [1, 2, 1, 2, 1, 0]
    assert all(m["room"] == code for m in counts)
    for client in (ann, first):
        client.close()
