"""A connection is sent a seat's view only while it holds the seat (its token is still the
seat's, and the room is open), through a real ``bigtwo serve``: after each path that takes a
seat from its holder, the connection hears why (``unseated``), is sent nothing of the room
again (no ``state``, ``update``, ``events`` or ``chat``), and its ``act``, ``chat`` and
``vote_end`` are refused as ``not_seated``. Two sockets on one seat are both its holders; a
bot standing in for an absent person holds nothing, and the person's token brings them back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from server_process import ServerProcess

import bigtwo
from bigtwo.client import Client

TIMEOUT = 30.0
ROOM_MESSAGES = ("state", "update", "events", "chat")  # what only a room's followers get


def _room(url: str) -> tuple[Client, Client, str]:
    """Ann (the host, seat 0) and Bob (seat 1) with two easy bots, playing two deals."""
    ann = Client.connect(url)
    code = ann.create("Ann", seats=["open", "easy", "easy"], deals=2)
    bob = Client.connect(url)
    assert bob.join(code, "Bob") == 1
    ann.host("start")
    for client in (ann, bob):
        while client.state is None or client.state["room"]["status"] != "playing":
            client.receive(TIMEOUT)
    return ann, bob, code


def _second_socket(url: str, client: Client, code: str) -> Client:
    other = Client.connect(url)
    assert client.token is not None
    other.resume(code, client.token)
    return other


def _unseated(client: Client, why: str) -> int:
    """Read until the client is told it lost its seat; the number of messages read since."""
    before = len(client.received)
    message = client.expect("unseated", timeout=TIMEOUT)
    assert message["code"] == why and message["seat"] == 1 and message["message"]
    assert client.seat is None and client.token is None
    return len(client.received) - before


def _nothing_more(client: Client) -> None:
    """The ex-holder's act, chat and vote are refused as not_seated, and nothing of the
    room came to it meanwhile (read up to the third refusal)."""
    start = len(client.received)
    client.send({"type": "act", "id": "late", "action": "pass"})
    client.send({"type": "chat", "text": "still here?"})
    client.send({"type": "vote_end", "yes": True})
    codes = []
    while len(codes) < 3:
        message = client.receive(TIMEOUT)
        if message["type"] == "error":
            codes.append(message["code"])
    assert codes == ["not_seated"] * 3
    heard = [m["type"] for m in client.received[start:]]
    assert not set(heard) & set(ROOM_MESSAGES), heard


def _remove(url: str, ann: Client, bob: Client, code: str) -> list[Client]:
    ann.host("remove", 1)
    return [bob]


def _leave(url: str, ann: Client, bob: Client, code: str) -> list[Client]:
    other = _second_socket(url, bob, code)  # both hold the seat; one leaves it
    bob.send({"type": "leave"})
    return [bob, other]


def _closed(url: str, ann: Client, bob: Client, code: str) -> list[Client]:
    ann.host("close")
    return [bob]


def _rematch(url: str, ann: Client, bob: Client, code: str) -> list[Client]:
    ann.host("remove", 1)
    ann.play(bigtwo.make_bot("easy"), timeout=TIMEOUT)  # both deals, Bob's seat a bot's
    time.sleep(1)  # the play may have spent the rate limit's burst: a refill
    ann.host("rematch")  # a new session: new hands for every seat, Bob's included
    return [bob]


@pytest.mark.parametrize("path", [_remove, _leave, _closed, _rematch], ids=lambda f: f.__name__)
def test_a_connection_that_lost_its_seat_is_sent_nothing_of_it(
    server: ServerProcess, path: Any
) -> None:
    ann, bob, code = _room(server.ws)
    why = {"_remove": "removed", "_rematch": "removed", "_leave": "left", "_closed": "closed"}
    lost = path(server.ws, ann, bob, code)
    for client in lost:
        _unseated(client, why[path.__name__])
    if path is not _closed:  # the room goes on: Ann's chat, another deal
        time.sleep(1)  # the rate limit's burst refilled after Ann's play
        ann.request({"type": "chat", "text": "gg"}, "chat")
        ann.play(bigtwo.make_bot("easy"), deals=1, timeout=TIMEOUT)
    for client in lost:
        _nothing_more(client)
    if path is _remove or path is _rematch:  # and Bob's way back is shut
        again = Client.connect(server.ws)
        again.send({"type": "resume", "room": code, "token": "x" * 32})
        assert again.expect("error", timeout=TIMEOUT)["code"] == "bad_token"
        again.close()
    for client in (ann, bob, *lost):
        client.close()


def test_a_removed_players_chat_never_speaks_for_the_bot(server: ServerProcess) -> None:
    ann, bob, _ = _room(server.ws)
    ann.host("remove", 1)
    _unseated(bob, "removed")
    bob.send({"type": "chat", "text": "I am the bot now"})
    assert bob.expect("error", "chat", timeout=TIMEOUT)["code"] == "not_seated"
    ann.request({"type": "chat", "text": "are you there?"}, "chat")
    lines = [m for m in ann.received if m["type"] == "chat"]
    assert [m["text"] for m in lines] == ["are you there?"]
    for client in (ann, bob):
        client.close()


def test_a_stand_in_bot_holds_nothing_and_the_token_brings_its_person_back(
    server: ServerProcess,
) -> None:
    """Bob's socket goes; after the grace a bot plays his seat; a new socket with his token
    takes the seat back and is sent its view, hand and all; nobody is told `unseated`."""
    ann, bob, code = _room(server.ws)
    token = bob.token
    assert token is not None
    bob.close()
    deadline = time.monotonic() + TIMEOUT
    while not (ann.state and ann.state["room"]["seats"][1]["away"]):
        assert time.monotonic() < deadline, "no bot took over"
        ann.receive(TIMEOUT)
    back = Client.connect(server.ws)
    back.resume(code, token)
    assert back.state is not None and back.state["seat"] == 1 and back.state["view"]["hand"]
    assert not back.state["room"]["seats"][1]["away"]
    back.request({"type": "chat", "text": "back"}, "chat")
    assert all(m["type"] != "unseated" for c in (ann, back) for m in c.received)
    for client in (ann, back):
        client.close()
