"""Whole sessions through a real ``bigtwo serve`` process: four clients play under several
presets with reconnects in the middle and a spectator watching, the lobby and records are
fetched while deals run, and every message anyone received is scanned for hidden cards."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx2
import pytest

import bigtwo
from bigtwo.client import Client

from .hidden_cards import Deal, assert_no_leaks, scan_text
from .players import Watcher, deals_counted, play_all, records, seat_people

GAMES: dict[str, tuple[dict[str, Any], int]] = {  # the room asked for, and its deals
    "classic": ({"preset": "classic", "deals": 2}, 2),
    "president": ({"preset": "president", "deals": 2}, 2),
    "teams": ({"preset": "teams", "deals": 1}, 1),
    "two-decks-six": (
        {"preset": "classic", "players": 6, "options": {"decks": "2"}, "deals": 1,
         "seats": ["open", "open", "open", "random", "random"]},
        1,
    ),
}  # fmt: skip


@pytest.mark.parametrize("game", list(GAMES))
def test_four_clients_play_whole_sessions_and_nobody_sees_a_hidden_card(
    server: Any, game: str
) -> None:
    create, deals = GAMES[game]
    seats = seat_people(server.ws, 4, create)
    code = str(seats[0].client.room)
    seats[1].reconnect_after, seats[2].reconnect_after = 2, 5
    watcher = Watcher(server.ws, code)
    seats[0].hold = threading.Event()  # seat 0 waits after its first play: a deal surely runs
    # the deal in play is told by its commitment, since a tied team game and its shootout run
    # at one count of deals played but are two records
    fetched: list[tuple[str, str]] = []  # (the commitment in play, what HTTP said meanwhile)
    served: list[tuple[str, int, str, httpx2.Response]] = []  # (in play, number, query, answer)

    def in_play() -> str | None:
        state = watcher.client.state
        view = None if state is None else state["view"]
        playing = state is not None and state["room"]["status"] == "playing"
        return str(view["commitment"]) if playing and view and view["end"] is None else None

    def fetch_while_playing() -> None:
        base = f"{server.base}/api/rooms/{code}"
        while not watcher.client.over:
            before = in_play()
            lobby = httpx2.get(f"{server.base}/api/lobby", timeout=10).text
            got = [
                (n, query, httpx2.get(f"{base}/records/{n}{query}", timeout=10))
                for n in range(deals + 1)  # one past the counted deals: a record never served
                for query in ("", "?seat=0")
            ]
            if before is not None and in_play() == before:
                fetched.append((before, lobby))
                served.extend((before, n, query, answer) for n, query, answer in got)
                seats[0].hold.set()
            time.sleep(0.05)

    seats[0].client.host("start")
    play_all(seats, fetch_while_playing)
    spectator = watcher.join()

    texts = records(server.base, code)
    assert deals_counted(texts) == deals
    played = [Deal.from_record(t) for t in texts]
    for s in seats:
        assert_no_leaks(s.seat, s.everything(), played)
    assert_no_leaks(None, spectator, played)
    record = {d.commitment: n for n, d in enumerate(played)}
    assert fetched, "nothing was fetched while a deal ran"
    for commitment, text in fetched:
        assert not scan_text(None, text, played[record[commitment]]), text[:300]
    for commitment, number, query, answer in served:  # finished deals only, as they ended
        if answer.status_code == 200:  # the deal may have ended before the watcher heard it
            whole = texts[number]
            mine = bigtwo.load_record(whole).for_seat(0).dumps()
            assert answer.text == (mine if query else whole), (number, query)
        else:
            assert answer.status_code == 404 and number >= record[commitment], (number, query)
    assert seats[1].reconnects == seats[2].reconnects == 1
    finals = [s.client.state for s in seats]
    assert all(f is not None and f["room"]["status"] == "over" for f in finals)
    totals = {tuple(f["room"]["totals"]) for f in finals if f is not None}
    assert len(totals) == 1 and len(next(iter(totals))) == len(finals[0]["room"]["seats"])


def test_a_record_of_a_deal_in_play_is_not_served(server: Any) -> None:
    host = Client.connect(server.ws)
    code = host.create("solo", seats=["random"] * 3, deals=1)
    host.request({"type": "host", "what": "start"}, "update")
    assert host.state is not None and host.state["room"]["status"] == "playing"
    got = httpx2.get(f"{server.base}/api/rooms/{code}/records/0", timeout=10)
    assert got.status_code == 404 and got.json()["code"] == "no_record"
    host.close()
