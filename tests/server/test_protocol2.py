"""Protocol 2: an update carries a patch of the audience's state, not the state.

- A client applying the patches ends each change with exactly the state the server holds for
  its audience (each seat and the spectators), over whole sessions of every preset.
- Each history entry names its play's kind as the play's event did.
- A deal's updates don't grow with its length: no update re-sends the history.
- A change is worked out once per audience: one state built and one frame encoded for each,
  however many connections follow that audience.
- A client that asks for no version (or another) is told to upgrade, and the send path takes
  nothing but a protocol message.
"""

from __future__ import annotations

import json
import logging
import time
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest
from follower import WS, with_states
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bigtwo.server.room
import bigtwo.server.room_state
import bigtwo.server.store
from bigtwo import Rules
from bigtwo.errors import BigTwoError
from bigtwo.rules.presets import PRESETS
from bigtwo.server import fanout, jsontext
from bigtwo.server.fanout import Fanout, Told, state_frame
from bigtwo.server.protocol import Act, Create, Host, encode
from bigtwo.server.room import Room
from bigtwo.table import Table

from .test_server_hostile import _close, _open, _room, _until

AUDIENCES = (0, 1, None)  # the person's seat, a bot's seat, the spectators


def _session(preset: str) -> tuple[Room, dict[Any, list[dict[str, Any]]], list[dict[Any, Any]]]:
    """A session of ``preset`` (seat 0 plays its first offer among random bots, two deals),
    the frames each audience is sent, and the server's own state for each after each change."""
    others = ["random"] * (Rules.preset(preset).players - 1)
    create = Create(type="create", name="Ann", preset=preset, seats=others, deals=2)
    room = Room.create("PATCHROOM", create)
    told: Told = {}
    got: dict[Any, list[dict[str, Any]]] = {
        a: [json.loads(state_frame(room, a, told))] for a in AUDIENCES if a is None or a < 2
    }
    truth: list[dict[Any, Any]] = []

    def tell(events: list[Any]) -> None:
        change = Fanout(room, events)
        for audience, frames in got.items():
            base = frames[-1]["seq"]
            frames += [json.loads(f) for f in change.frames_for(audience, base, told)]
        change.keep(told)
        truth.append({a: room.state_for(a) for a in got})

    tell(room.host_action(0, Host(type="host", what="start"), now=0.0)[0])
    n = 0
    while room.status == "playing":
        offers = room.state_for(0)["offers"]
        if offers:
            n += 1
            tell(room.act(0, Act(type="act", id=str(n), action=offers[0]), now=0.0)[0])
        else:  # another seat is awaited by nobody: only a timer moves it on
            room.deadline = 0.0
            tell(room.expire(now=1.0))
    return room, got, truth


@pytest.mark.parametrize("preset", sorted({p.name for p in PRESETS.values()}))
def test_the_patches_rebuild_the_servers_state_for_every_audience(preset: str) -> None:
    _, got, truth = _session(preset)
    for audience, frames in got.items():
        assert {f["type"] for f in frames[1:]} == {"update"}  # never the whole state again
        followed = with_states(frames)[1:]
        assert len(followed) == len(truth)
        for step, (message, held) in enumerate(zip(followed, truth, strict=True)):
            assert message["state"] == held[audience], (preset, audience, step)


@pytest.mark.parametrize("preset", sorted({p.name for p in PRESETS.values()}))
def test_a_states_history_names_each_play_as_its_event_did(preset: str) -> None:
    """After every change, each audience's history is the deal's moves as its events told
    them, a play with the kind its event's ``combo`` said (null for anything else): a page
    that enters mid-deal names the plays exactly as a page there all along."""
    _, got, _ = _session(preset)
    kinds = set()
    for audience, frames in got.items():
        told: list[list[Any]] = []
        for message in with_states(frames)[1:]:
            for event in message["events"]:
                if event["kind"] == "deal":
                    told = []
                elif event["kind"] == "act":
                    told.append([event["seat"], event["move"], event.get("combo")])
            assert message["state"]["view"]["history"] == told, (preset, audience)
            kinds |= {kind for _, _, kind in told}
    assert None in kinds and "single" in kinds, kinds  # plays named, other moves not


@pytest.mark.parametrize("seed", range(6))
def test_a_deals_updates_do_not_grow_with_it(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over whole deals (dealt from six seeds): the last update of a deal is no bigger than its
    first (the deal and the new hand; the session's very last update, which carries the
    session's settlement besides, aside), the plain moves' updates of its last third are on
    average at most 150 bytes bigger than those of its first third (protocol 1 re-sent the
    history in each, so they grew with every play: some 400 bytes over a deal), and no update
    carries the history it extends."""
    monkeypatch.setattr(bigtwo.server.room, "Table", partial(Table, seed=seed))
    for preset in ("classic", "hong-kong"):
        _, got, _ = _session(preset)
        deals: list[list[int]] = []
        for message in got[0][1:]:
            kinds = {e["kind"] for e in message["events"]}
            size = len(json.dumps(message, separators=(",", ":")))
            if "deal" in kinds:
                deals.append([])
            deals[-1].append(size)
            for op in message["patch"] if "deal" not in kinds else ():  # a new deal: anew
                assert op[1] != ["view", "history"] or op[0] == "+", op  # appended only
        assert len(deals) == 2
        deals[-1].pop()  # the session's end
        for sizes in deals:
            assert sizes[-1] <= sizes[0], sizes
            plain = sizes[1:-1]
            third = max(1, len(plain) // 3)
            first, last = plain[:third], plain[-third:]
            # 150 bytes: the bots' plays vary; a history re-sent would add some 10 bytes a play
            assert sum(last) / len(last) - sum(first) / len(first) <= 150, sizes


def test_a_change_is_built_and_encoded_once_per_audience(
    test_client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Two sockets on the host's seat and two spectators: one person's action builds one state
    and encodes one update for the seat and one for the spectators; its events are rendered
    once for each (the broadcast and the room log read the one change); what is stored of the
    room (the patch, or the whole form) is encoded once, and the room's form is not read back
    from JSON text."""
    caplog.set_level(logging.INFO, logger="bigtwo.room")
    host = _open(test_client)
    welcome = _room(host)
    code, token = welcome["room"], welcome["token"]
    others = [_open(test_client) for _ in range(3)]
    requests = [{"type": "resume", "room": code, "token": token}] + [
        {"type": "watch", "room": code}
    ] * 2
    for ws, request in zip(others, requests, strict=True):
        ws.send_json(request)
        _until(ws, "state")
    host.send_json({"type": "host", "what": "start"})
    sockets = [host, *others]
    state = _until(host, "update")["state"]  # the bots play until the host's turn
    while not (0 in state["awaiting"] and state["offers"]):
        state = _until(host, "update")["state"]
    for ws in others:  # every socket at the same version
        while _until(ws, "update")["seq"] < state["seq"]:
            pass
    built: list[Any] = []
    encoded: list[str] = []
    rendered: list[Any] = []
    stored: list[Any] = []  # the values encoded to JSON by the room and the store
    read: list[Any] = []  # JSON text read back by the room
    state_for, real_encode, events_for = Room.state_for, fanout.encode, Room.events_for
    dumps, loads = jsontext.dumps, jsontext.loads
    monkeypatch.setattr(Room, "state_for", lambda r, a: built.append(a) or state_for(r, a))
    monkeypatch.setattr(fanout, "encode", lambda m: encoded.append(m.type) or real_encode(m))
    monkeypatch.setattr(
        Room, "events_for", lambda r, a, e: rendered.append(a) or events_for(r, a, e)
    )
    counting = SimpleNamespace(dumps=lambda v, *a: stored.append(v) or dumps(v, *a),
                               loads=lambda t: read.append(t) or loads(t))  # fmt: skip
    monkeypatch.setattr(bigtwo.server.room_state, "jsontext", counting)
    monkeypatch.setattr(bigtwo.server.store, "jsontext", counting)
    host.send_json({"type": "act", "id": "a1", "action": state["offers"][0]})
    for ws in sockets:
        _until(ws, "update")
    assert sorted(built, key=str) == [0, None]
    assert encoded == ["update", "update"]
    assert sorted(rendered, key=str) == [0, None]
    assert any('"action":"move"' in r.getMessage() for r in caplog.records)  # logged, too
    forms = [v for v in stored if isinstance(v, list) or (isinstance(v, dict) and "code" in v)]
    assert len(forms) == 1, forms  # the patch (or the snapshot), once
    assert read == []
    for ws in sockets:
        _close(ws)


def test_a_client_of_another_version_is_told_to_upgrade(test_client: TestClient) -> None:
    for path in ("/ws", "/ws?protocol=1", "/ws?protocol=3"):
        with test_client.websocket_connect(path) as ws:
            message = ws.receive_json()
            assert message["type"] == "upgrade" and message["version"] == 2
            assert "reload" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4426
    with test_client.websocket_connect(WS) as ws:
        assert ws.receive_json() == {"type": "hello", "version": 2, "lang": "en"}


def test_only_protocol_messages_are_sent() -> None:
    with pytest.raises(TypeError, match="only protocol messages"):
        encode({"type": "state"})  # type: ignore[arg-type]


def test_bigtwo_client_follows_the_patches(server: Any) -> None:
    """A whole session through `bigtwo.client`: the state its patches make is the one a
    fresh connection is sent whole."""
    from bigtwo.bots import make_bot
    from bigtwo.client import Client

    client = Client.connect(server.ws)
    with pytest.raises(BigTwoError, match="no seat to come back to"):
        client.reconnect(within=0.1)  # said, not asserted: `python -O` keeps it
    client.create("Ann", seats=["random"] * 3, deals=1)
    client.host("start")
    client.play(make_bot("random"))
    time.sleep(0.2)
    fresh = Client.connect(server.ws)
    fresh.resume(str(client.room), str(client.token))
    assert client.state == fresh.state
    assert any(m["type"] == "update" for m in client.received)
    for c in (client, fresh):
        c.close()
