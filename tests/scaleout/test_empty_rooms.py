"""A room nobody is in, on two server processes over one PostgreSQL database: it stays open
while anyone is in it through either process (a spectator too), and while someone comes back
within the time kept; once nobody has been in it for that long, the holder of its lease
closes it, once, though nobody is connected to that process."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from server_process import ServerProcess

from bigtwo.client import Client, ServerError

from .conftest import two_servers
from .stored import lease_holder, stored_actions
from .test_across import lobby

KEEP = 2.0  # seconds an empty room is kept; lease rounds come every 2 s


def close_lines(server: ServerProcess, code: str) -> list[dict[str, object]]:
    """The room log's lines of closing the room for standing empty."""
    lines = [json.loads(x) for x in server.log.read_text().splitlines() if x.startswith("{")]
    return [x for x in lines if x["room"] == code and x["action"] == "close_empty"]


def test_the_lease_holder_closes_a_room_nobody_is_in_once(database: str, tmp_path: Path) -> None:
    with two_servers(database, tmp_path, "--keep-empty", str(KEEP)) as (a, b):
        host = Client.connect(a.ws)
        code = host.create("Ann", seats=["easy"] * 3)  # a holds the room's lease
        assert lease_holder(database, code) == a.proc.pid
        watcher = Client.connect(b.ws)
        watcher.watch(code)
        host.close()  # nobody is in through a; a spectator is, through b
        time.sleep(KEEP + 2.5)  # past the time kept, and a lease round (every 2 s)
        assert code in lobby(a) and code in lobby(b)
        watcher.close()  # now nobody is in ...
        time.sleep(KEEP / 2)
        back = Client.connect(b.ws)  # ... until someone comes back in time
        back.watch(code)
        time.sleep(KEEP + 2.5)
        assert code in lobby(a) and code in lobby(b)
        back.close()  # nobody again, for good: closed by a, to which nobody is connected
        left = time.monotonic()
        while code in lobby(b):
            assert time.monotonic() - left < KEEP + 10, "the empty room stayed open"
            time.sleep(0.2)
        assert time.monotonic() - left >= KEEP - 0.5  # not before its time (a round's slack)
        late = Client.connect(b.ws)
        with pytest.raises(ServerError) as refused:
            late.watch(code)
        assert refused.value.code == "no_room"
        late.close()
        time.sleep(2.5)  # a lease round later: still closed once
        closings = [x for x in stored_actions(database, code) if x["type"] == "closed_empty"]
        assert len(closings) == 1
        assert len(close_lines(a, code)) == 1 and close_lines(b, code) == []
