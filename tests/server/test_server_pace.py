"""Paced bots through a real ``bigtwo serve`` process: at ``normal`` pace each bot's move
comes on its own, about 0.8 s after the move before it (the room log's times say so), one
``update`` each, and tricks complete; a server killed with -9 while bots are due makes their
moves after the restart."""

from __future__ import annotations

import itertools
import time
from typing import Any

from server_process import ServerProcess

from bigtwo.client import Client

APART = 0.6  # seconds at least between two moves at normal pace (0.8 s, less the log's slack)


def _paced_room(url: str) -> Client:
    """Ann alone with three bots at normal pace, the session started."""
    ann = Client.connect(url)
    ann.create("Ann", seats=["easy"] * 3, deals=1, pace="normal")
    ann.host("start")
    while ann.state is None or ann.state["room"]["status"] != "playing":
        ann.expect("update")
    assert ann.state["room"]["pace"] == "normal"
    return ann


def _move(ann: Client) -> None:
    """Ann plays on: her first offer, declining a claim (a redeal would end the session)."""
    assert ann.state is not None
    offers = ann.state["offers"]
    ann.act("no" if "no" in offers else offers[0])


def _acts(update: dict[str, Any]) -> list[int]:
    return [e["seat"] for e in update["events"] if e["kind"] == "act"]


def test_bots_move_one_at_a_time_at_a_persons_pace(serve: ServerProcess) -> None:
    serve.start()  # the server's default: instant; this room asks for normal
    ann = _paced_room(serve.ws)
    updates, tricks = [], 0
    end = time.monotonic() + 90
    while tricks < 1 and ann.state is not None and ann.state["room"]["status"] == "playing":
        assert time.monotonic() < end, "no trick completed"
        if ann.my_turn:
            _move(ann)
            continue
        update = ann.expect("update", timeout=5)
        updates.append(update)
        tricks += sum(e["kind"] == "trick" for e in update["events"])
    ann.close()
    bots = [u for u in updates if any(s != 0 for s in _acts(u))]
    assert tricks >= 1 and len(bots) >= 3
    assert all(len(_acts(u)) == 1 for u in bots), "a bot's move came with another"
    moves = [x for x in serve.room_log(str(ann.room)) if x["action"] == "move"]
    gaps = [
        (later["time"] - sooner["time"], later["seat"])
        for sooner, later in itertools.pairwise(moves)
        if later["by"] == "bot"
    ]
    assert len(gaps) >= 3
    assert all(gap >= APART for gap, _ in gaps), gaps


def test_an_instant_room_still_answers_in_the_same_update(serve: ServerProcess) -> None:
    serve.start()
    ann = Client.connect(serve.ws)
    ann.create("Ann", seats=["easy"] * 3, deals=1)  # the server's default here: instant
    ann.host("start")
    while ann.state is None or not ann.my_turn:
        ann.expect("update")
    assert ann.state["room"]["pace"] == "instant"
    seq = ann.state["seq"]
    ann.act(ann.state["offers"][0])
    assert ann.state["seq"] == seq + 1  # Ann's move and the bots' replies: one change
    assert ann.my_turn or ann.state["room"]["status"] != "playing"
    mine = ann.received[-1]
    assert mine["type"] == "update" and len(_acts(mine)) >= 2
    ann.close()


def test_bots_due_when_the_server_is_killed_move_after_the_restart(serve: ServerProcess) -> None:
    serve.grace = 30.0  # Ann's seat stays hers while the server is down
    serve.start()
    ann = _paced_room(serve.ws)
    while not ann.my_turn:
        ann.expect("update", timeout=5)
    started = time.time()
    _move(ann)
    assert ann.state is not None
    seq = ann.state["seq"]
    serve.kill()  # a bot's move is due in 0.8 s: stored, not yet made
    killed = time.time()
    assert killed - started < 0.5 and ann.state["awaiting"] == []
    ann.close()
    serve.start()
    back = Client.connect(serve.ws)
    back.resume(str(ann.room), str(ann.token))
    back.catch_up(seq + 3, timeout=15)  # the three bots after Ann, after the restart
    back.close()
    bots = [x for x in serve.room_log(str(ann.room)) if x.get("by") == "bot" and x["seq"] > seq]
    assert [x["seq"] for x in bots[:3]] == [seq + 1, seq + 2, seq + 3]
    assert all(x["time"] > killed for x in bots), "a bot moved before the kill"
