"""What each request is answered with, as `docs/protocol.md` tells a client: an error echoes
the request's ``id``; the actor's ``ack`` comes before the ``update`` of the same move, and an
action bound to a state (``seq``) is applied at most once; ``resume`` and ``watch`` are
answered ``welcome`` first; a seat the room doesn't have is ``bad_seat`` wherever it is asked
for; a finished deal's record is asked for by number or ``last``, and anything else is
refused with a code and a sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from bigtwo.combos import classify

from .test_server_hostile import _close, _open, _play_to_end, _refused, _room, _sound, _until


def _refusal(ws: Any, message: dict[str, Any] | str) -> dict[str, Any]:
    return _refused(ws, message if isinstance(message, str) else json.dumps(message))


def test_an_error_echoes_the_id_of_the_request_it_answers(test_client: TestClient) -> None:
    ws = _open(test_client)
    cases: list[tuple[dict[str, Any] | str, str, str | None]] = [
        ({"type": "act", "id": "c-17", "action": "pass"}, "not_seated", "c-17"),  # the room
        ('{"type": "act", "id": "c-18", "action": ["3D"]}', "bad_field", "c-18"),  # the edge
        ({"type": "chat", "id": "c-19", "text": "gg"}, "not_seated", "c-19"),  # any request
        ({"type": "steal", "id": "c-20"}, "unknown_type", "c-20"),
        ({"type": "watch", "id": "c-21", "room": "NOSUCHROOM"}, "no_room", "c-21"),
        ({"type": "chat", "text": "gg"}, "not_seated", None),  # no id: null
        ({"type": "act", "id": "x" * 65, "action": "pass"}, "bad_field", None),  # no id's shape
        ({"type": "act", "id": 17, "action": "pass"}, "bad_field", None),
        ("{not json", "bad_json", None),  # not read at all
    ]
    for request, code, echoed in cases:
        answer = _refusal(ws, request)
        assert (answer["code"], answer["id"]) == (code, echoed), request
    assert _sound(ws) == []
    _close(ws)


def test_the_ack_comes_before_the_update_and_a_state_takes_one_action(
    test_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that acts on each state awaiting it, bound to that state's ``seq``, never has
    an action applied twice: its ack arrives before the update of the same move (the first
    message after the action, nothing between), and the same state's action again is stale."""
    settings = test_client.app.state.hub.settings  # type: ignore[attr-defined]
    monkeypatch.setattr(settings, "rate", 1e6)  # four messages a turn: faster than a person
    ws = _open(test_client)
    _room(ws, deals=1)
    ws.send_json({"type": "host", "what": "start"})
    state = _until(ws, "update")["state"]
    acted = 0
    while state["room"]["status"] == "playing":
        if 0 not in state["awaiting"]:
            state = _until(ws, "update")["state"]
            continue
        acted += 1
        act = {"type": "act", "id": f"a{acted}", "action": state["offers"][0], "seq": state["seq"]}
        ws.send_json(act)
        ack = ws.receive_json()
        assert ack == {"type": "ack", "id": act["id"], "seq": ack["seq"]}
        update = ws.receive_json()
        assert update["type"] == "update" and update["seq"] == ack["seq"] > state["seq"]
        move = update["events"][0]["move"]
        # a play says what combination it is, as the engine classified it; a pass says nothing
        said = {} if move == "pass" else {"combo": classify(move).kind}  # type: ignore[union-attr]
        assert update["events"][0] == {"kind": "act", "seat": 0, "move": move, "data": {}, **said}
        again = _refusal(ws, {**act, "id": f"again{acted}"})  # the same state, acted on again
        playing = update["state"]["room"]["status"] == "playing"
        refused = ("stale", {"seq": ack["seq"]}) if playing else ("not_playing", {})
        assert (again["code"], again["params"]) == refused
        ws.send_json(act)  # a resend (the same id): the first answer again, and nothing else
        assert ws.receive_json() == ack
        assert _sound(ws) == []
        state = update["state"]
    assert acted > 1 and state["room"]["status"] == "over"
    _close(ws)


def test_resume_and_watch_are_answered_welcome_first_then_what_was_missed(
    test_client: TestClient,
) -> None:
    host = _open(test_client)
    welcome = _room(host, deals=2)
    code, token = welcome["room"], welcome["token"]
    host.send_json({"type": "host", "what": "start"})
    seq = _until(host, "update")["seq"]
    for request in (
        {"type": "resume", "room": code, "token": token, "last": seq - 1},
        {"type": "watch", "room": code, "last": seq - 1},
    ):
        other = _open(test_client)
        other.send_json(request)
        first, caught_up, state = (other.receive_json() for _ in range(3))
        seat = 0 if request["type"] == "resume" else None
        assert first == {"type": "welcome", "room": code, "seat": seat, "token": None}  # not new
        assert caught_up["type"] == "events" and caught_up["seq"] == seq
        assert caught_up["events"][0]["kind"] == "deal"
        assert state["type"] == "state" and state["seq"] == seq and state["seat"] == seat
        _close(other)
    _close(host)


def test_a_seat_the_room_does_not_have_is_bad_seat(test_client: TestClient) -> None:
    host = _open(test_client)
    code = _room(host, seats=["open", "easy", "easy"])["room"]
    guest = _open(test_client)
    for seat in (4, 7, 8, 99, -1):
        answer = _refusal(guest, {"type": "join", "room": code, "name": "Bo", "seat": seat})
        assert (answer["code"], answer["params"]) == ("bad_seat", {"seat": seat}), seat
        answer = _refusal(host, {"type": "host", "what": "seat", "seat": seat, "kind": "easy"})
        assert (answer["code"], answer["params"]) == ("bad_seat", {"seat": seat}), seat
    taken = _refusal(guest, {"type": "join", "room": code, "name": "Bo", "seat": 2})
    assert (taken["code"], taken["params"]) == ("seat_taken", {"seat": 2})
    _close(guest)
    _close(host)


def test_more_seats_than_the_room_has_are_refused_not_dropped(test_client: TestClient) -> None:
    ws = _open(test_client)
    for players, seats in ((2, ["open", "open", "open"]), (4, ["easy"] * 4), (3, ["open"] * 3)):
        create = {"type": "create", "name": "A", "players": players, "seats": seats}
        answer = _refusal(ws, create)
        assert (answer["code"], answer["params"]) == ("bad_field", {"field": "seats"}), answer
        assert f"{players - 1} other seats, not {len(seats)}" in answer["message"]
    _close(ws)


def test_chat_from_a_connection_in_no_room_is_not_seated(test_client: TestClient) -> None:
    ws = _open(test_client)
    assert _refusal(ws, {"type": "chat", "text": "gg"})["code"] == "not_seated"
    _close(ws)


def test_host_leave_vote_and_chat_are_answered_as_documented(test_client: TestClient) -> None:
    host = _open(test_client)
    welcome = _room(host, seats=["open", "easy", "easy"])
    code = welcome["room"]
    watcher = _open(test_client)
    watcher.send_json({"type": "watch", "room": code})
    _until(watcher, "state")
    assert _until(host, "watchers") == {"type": "watchers", "room": code, "count": 1}

    host.send_json({"type": "host", "what": "seat", "seat": 2, "kind": "hard"})
    update = host.receive_json()  # an update, to everyone
    assert update["type"] == "update" and update["events"] == []
    assert update["state"]["room"]["seats"][2]["kind"] == "hard"
    assert _until(watcher, "update")["seq"] == update["seq"]

    host.send_json({"type": "host", "what": "invite", "seat": 1})
    invited = host.receive_json()  # the token to the host alone, then the update
    assert invited["type"] == "invited" and invited["seat"] == 1 and invited["token"]
    assert host.receive_json()["state"]["room"]["seats"][1]["kind"] == "person"
    assert "invited" not in [m["type"] for m in _sound(watcher)]

    host.send_json({"type": "chat", "text": "  gg  "})
    line = {"type": "chat", "seat": 0, "name": "host", "text": "gg"}  # to everyone, trimmed
    assert host.receive_json() == line
    assert _until(watcher, "chat") == line

    program = _open(test_client)  # the invited seat, played
    program.send_json({"type": "resume", "room": code, "token": invited["token"]})
    _until(program, "state")
    host.send_json({"type": "host", "what": "start"})
    seq = _until(host, "update")["seq"]
    assert _until(program, "update")["seq"] == seq
    for voter, events in ((host, []), (program, ["session_ended"])):  # two of two: a majority
        voter.send_json({"type": "vote_end", "yes": True})
        for ws in (host, program):  # an update to everyone, the session ended or not
            voted = _until(ws, "update")
            assert voted["seq"] == seq + 1 and [e["kind"] for e in voted["events"]] == events
        seq = voted["seq"]
    assert voted["state"]["room"]["status"] == "over"

    host.send_json({"type": "leave"})
    left = host.receive_json()  # the seat is no longer this connection's: it is told why
    assert left["type"] == "unseated" and left["code"] == "left" and left["seat"] == 0
    others = _until(program, "update")  # and the others see the seat a bot's
    assert others["state"]["room"]["seats"][0]["kind"] == "hard"
    host.send_json({"type": "vote_end"})
    assert _until(host, "error")["code"] == "not_seated"  # the connection holds no seat now
    for ws in (program, watcher, host):
        _close(ws)


def test_a_finished_deal_is_asked_for_by_number_or_last(test_client: TestClient) -> None:
    ws = _open(test_client)
    code = _room(ws, deals=1)["room"]
    ws.send_json({"type": "host", "what": "start"})
    _play_to_end(ws)
    base = f"/api/rooms/{code}/records"
    whole = test_client.get(f"{base}/0")
    assert whole.status_code == 200 and test_client.get(f"{base}/last").text == whole.text
    mine = test_client.get(f"{base}/last?seat=1")
    assert mine.status_code == 200 and mine.json()["viewer"] == 1
    for url, status, code_sent in (
        (f"{base}/x", 400, "bad_number"),
        (f"{base}/-1", 400, "bad_number"),
        (f"{base}/1", 404, "no_record"),
        ("/api/rooms/NOSUCHROOM/records/last", 404, "no_record"),
        (f"{base}/0?seat=9", 400, "bad_seat"),
        (f"{base}/0?seat=x", 400, "bad_seat"),
        (f"/api/rooms/{code}/replays/x", 400, "bad_number"),
    ):
        got = test_client.get(url)
        body = got.json()
        assert (got.status_code, body["code"]) == (status, code_sent), url
        assert "invalid literal" not in body["message"] and body["message"].strip(), url
    _close(ws)
