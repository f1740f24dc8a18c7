"""The structured log of a real ``bigtwo serve`` process, read from its output: a room's whole
life (made, joined, watched, chatted in, refused, started, a deal played by people and bots,
a vote, the host's controls, a seat left, closed) is there line by line, each with the room,
the seat and the action; the moves logged are the deal's record, move for move; nothing
hidden and no chat text is written."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from server_process import ServerProcess

import bigtwo
from bigtwo.client import Client, ServerError
from bigtwo.engine.codec import move_text

from .players import TIMEOUT, records

SECRET = "zebra-quartz-42"  # a chat line's words, which the log must not hold


def _actions(lines: list[dict[str, Any]]) -> list[str]:
    return [line["action"] for line in lines]


def test_the_log_of_a_room_holds_every_event_of_a_played_deal(serve: ServerProcess) -> None:
    serve.start()
    host = Client.connect(serve.ws, timeout=TIMEOUT)
    code = host.create("host", seats=["easy", "easy", "open"], deals=1)
    guest = Client.connect(serve.ws, timeout=TIMEOUT)
    assert guest.join(code, "guest") == 3
    seated = (host, guest)
    watcher = Client.connect(serve.ws, timeout=TIMEOUT)
    watcher.watch(code)
    host.request({"type": "chat", "text": SECRET}, "chat")
    with pytest.raises(ServerError):  # no deal yet: refused, and the refusal is logged
        guest.act("3D")
    host.host("mute", seat=3)
    host.host("start")
    while guest.state is None or guest.state["room"]["status"] != "playing":
        guest.receive(TIMEOUT)
    guest.request({"type": "vote_end", "yes": False}, "update")  # not a majority: play on
    players = [threading.Thread(target=c.play, args=(bigtwo.make_bot("easy"),)) for c in seated]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(TIMEOUT * 3)
    assert host.over and guest.over
    guest.request({"type": "leave"}, "unseated")
    host.host("close")
    host.expect("unseated")
    while not watcher.over:  # read what it was sent, so that it can close without waiting
        watcher.receive(TIMEOUT)
    [record] = records(serve.base, code)
    for client in (host, guest, watcher):
        client.close()

    text = serve.log.read_text(encoding="utf-8")
    assert SECRET not in text, "a chat line's text is in the log"
    lines = serve.room_log(code)
    assert all({"time", "room", "seat", "action"} <= set(line) for line in lines)
    requests = [line for line in lines if "latency_ms" in line and "by" not in line]
    assert all(line["latency_ms"] >= 0 for line in requests)
    seen = _actions(lines)
    for action in ("create", "join", "watch", "chat", "act", "host", "vote_end", "leave"):
        assert action in seen, f"no {action} line"
    for action in ("deal", "move", "deal_over", "session_over", "closed"):
        assert action in seen, f"no {action} line"

    def one(action: str, **fields: Any) -> dict[str, Any]:
        found = [x for x in lines if x["action"] == action and fields.items() <= x.items()]
        assert len(found) == 1, (action, fields, found)
        return found[0]

    assert one("create", seat=0)["rules"] == "classic"
    one("join", seat=3)
    one("watch", seat=None)
    assert one("chat", seat=0)["length"] == len(SECRET)
    one("act", seat=3, error="not_playing")
    one("host", seat=0, what="mute", target=3)
    one("host", seat=0, what="start")
    one("vote_end", seat=3, yes=False)
    one("leave", seat=3)
    one("host", seat=0, what="close")

    moves = [(x["seat"], x["move"], x["by"]) for x in lines if x["action"] == "move"]
    game = bigtwo.load_record(record).replay()
    assert [(s, m) for s, m, _ in moves] == [(s, move_text(m)) for s, m in game.history]
    assert {s for s, _, by in moves if by == "bot"} == {1, 2}
    assert {s for s, _, by in moves if by == "person"} == {0, 3}
    accepted = [x for x in lines if x["action"] == "act" and "error" not in x]
    assert len(accepted) == sum(by == "person" for _, _, by in moves)
    assert all(x["room"] == code for x in lines)
