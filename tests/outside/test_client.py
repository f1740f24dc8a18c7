"""`bigtwo.client.Client` and the frame limits against a real `bigtwo serve`, as README.md
("Programs") and docs/protocol.md ("The Python client", "Limits") promise them: a program
plays a seat whole sessions long with a token the host hands out, `why` and `act` answer as
documented, no client is ever sent a card it may not see, and a frame over 1 MiB closes the
connection with 1009."""

from __future__ import annotations

import copy
import json
import re
import threading
from pathlib import Path
from typing import Any

import httpx2
import pytest

pytest.importorskip("websockets")

from server.conftest import server
from server_process import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bigtwo import BigTwoError, make_bot
from bigtwo.client import Client, ServerError
from bigtwo.view_patch import apply

__all__ = ["server"]

MIB = 1_048_576
CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][CDHS])(?![0-9A-Za-z])")


def _url(server: ServerProcess) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"  # the address as README.md writes it


def _cards(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


def _states(received: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[Any]]]:
    """Each state a client held, rebuilt as docs/protocol.md says ("Updates"), with the
    events that brought it."""
    states: list[tuple[dict[str, Any], list[Any]]] = []
    state: dict[str, Any] | None = None
    for message in received:
        if message["type"] == "state":
            state = {k: v for k, v in message.items() if k != "type"}
            states.append((state, []))
        elif message["type"] == "update":
            assert state is not None and message["base"] == state["seq"]
            state = apply(copy.deepcopy(state), message["patch"])
            state["seq"] = message["seq"]
            states.append((state, message["events"]))
    return states


def _hidden_shown(received: list[dict[str, Any]], hands: list[list[set[str]]], seat: int | None):
    """Cards of other seats' hands a client was shown while their deal was in play and
    before they were played: what must never happen."""
    shown: list[str] = []
    for state, events in _states(received):
        room, view = state["room"], state.get("view") or {}
        if room["status"] != "playing" or state.get("summary") is not None:
            continue  # between deals and after the session every hand is face up by design
        others = set().union(*(h for s, h in enumerate(hands[room["deals_played"]]) if s != seat))
        public = {c for _, move, *_ in view.get("history", []) for c in CARD.findall(str(move))}
        public |= set(CARD.findall(str(view.get("lead_card") or "")))
        told = [{k: v for k, v in e.items() if k != "move"} for e in events]  # a move is public
        shown += sorted((_cards(state) | _cards(told)) & others - public)
    return shown


def test_a_program_plays_a_seat_by_the_hosts_token_to_the_sessions_end_and_sees_only_its_own(
    server: ServerProcess,
) -> None:
    host = Client.connect(_url(server))
    code = host.create("Ann", seats=["open", "hard", "hard"], deals=2, pause_seconds=0)
    host.host("invite", seat=1)
    token = host.expect("invited")["token"]
    program = Client.connect(_url(server))  # README's snippet, line for line
    program.resume(code, token)
    watcher = Client.connect(_url(server))
    watcher.watch(code)
    host.host("start")
    seats = [threading.Thread(target=c.play, args=(make_bot("hard"),)) for c in (host, program)]
    for thread in seats:
        thread.start()
    for thread in seats:
        thread.join(60)
    assert host.over and program.over
    watcher.catch_up(max(m.get("seq", 0) for m in host.received))
    assert program.view().seat == 1
    hands = []
    for deal in range(2):
        answer = httpx2.get(f"{server.base}/api/rooms/{code}/records/{deal}")
        assert answer.status_code == 200
        hands.append([set(h.split()) for h in answer.json()["deal"]["hands"]])
    for client, seat in [(host, 0), (program, 1), (watcher, None)]:
        assert _states(client.received), "the client kept what it was sent"
        assert _hidden_shown(client.received, hands, seat) == [], seat
    for state, _ in _states(watcher.received):
        assert not (state.get("view") or {}).get("hand"), "someone watching gets no hand at all"
    for client in (host, program, watcher):
        client.close()


@pytest.mark.parametrize(
    "address", ["http://127.0.0.1:8000/ws", "not a url", "ws://", "ws://127.0.0.1:99999/ws"]
)
def test_an_address_that_is_not_a_ws_url_is_refused_in_words(address: str) -> None:
    with pytest.raises(BigTwoError, match=r"must be a ws:// or wss:// URL") as refused:
        Client.connect(address, timeout=1)
    assert repr(address) in str(refused.value)


def test_the_hosts_invite_in_docs_protocol_md_runs_as_written(server: ServerProcess) -> None:
    """docs/protocol.md, "The Python client": a host invites a program, reads the token
    with ``expect("invited")``; the program sits with it; the game starts."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text("utf-8")
    snippet = doc.split("A host invites a program", 1)[1].split("```python\n", 1)[1]
    snippet = snippet.split("```", 1)[0].replace("ws://127.0.0.1:8000/ws", _url(server))
    found: dict[str, Any] = {"Client": Client}
    exec(snippet, found)
    program = Client.connect(_url(server))
    program.resume(found["code"], found["token"])
    assert program.seat == 1
    host = found["host"]
    for _ in range(5):  # the updates of invite, seat and start; a refusal would be raised
        if host.expect("update")["events"] and host.state["room"]["status"] == "playing":
            break
    assert host.state["room"]["status"] == "playing"
    kinds = [(s["kind"], s["name"]) for s in host.state["room"]["seats"]]
    assert kinds == [("person", "Ann"), ("person", "program"), ("easy", ""), ("hard", "")]
    for client in (host, program):
        client.close()


def test_why_is_none_for_an_offered_move_and_act_refuses_as_why_said(
    server: ServerProcess,
) -> None:
    client = Client.connect(_url(server))
    client.create("Ann", seats=["hard", "hard", "hard"], pause_seconds=0)
    client.host("start")
    while not client.offered():
        client.receive()
    offered = client.offered()
    assert client.why(str(offered[0])) is None
    for action in ["2S 2H 2D 2C", "zz", "", "3D " * 60]:
        refusal = client.why(action)
        assert refusal is not None and refusal["code"] and refusal["message"], action
        with pytest.raises(ServerError) as refused:
            client.act(action)
        assert refused.value.code == refusal["code"], action
    assert client.act(str(offered[0]))["type"] == "ack"
    client.close()


@pytest.mark.parametrize(
    ("room", "token", "code"),
    [("NOSUCHROOM", "x" * 32, "no_room"), ("ABCD", "short", "bad_field")],
)
def test_resume_with_no_such_room_or_token_is_a_server_error_with_its_code(
    server: ServerProcess, room: str, token: str, code: str
) -> None:
    client = Client.connect(_url(server))
    with pytest.raises(ServerError) as refused:
        client.resume(room, token)
    assert refused.value.code == code
    client.close()


def test_a_token_of_another_room_is_refused_bad_token(server: ServerProcess) -> None:
    client = Client.connect(_url(server))
    code = client.create("Ann", seats=["hard", "hard", "hard"])
    with pytest.raises(ServerError) as refused:
        Client.connect(_url(server)).resume(code, "y" * 32)
    assert refused.value.code == "bad_token"
    client.close()


@pytest.mark.parametrize("binary", [False, True])
def test_a_frame_of_exactly_1_mib_is_refused_too_large_and_the_connection_stays(
    server: ServerProcess, binary: bool
) -> None:
    with connect(server.ws, compression=None, max_size=None) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        ws.send(b"x" * MIB if binary else "x" * MIB)
        assert json.loads(ws.recv(timeout=10))["code"] == "too_large"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}


@pytest.mark.parametrize("compression", [None, "deflate"])
def test_a_frame_over_1_mib_closes_the_connection_with_1009(
    server: ServerProcess, compression: str | None
) -> None:
    # compressed, the frame on the wire is small: the limit is on what it inflates to
    with connect(server.ws, compression=compression, max_size=None) as ws:  # type: ignore[arg-type]
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        ws.send("x" * (MIB + 1))
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 1009
