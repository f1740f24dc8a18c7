"""Clients that play a room through `bigtwo.client`, each in a thread: random choices among
the moves the server offers, an optional reconnect in the middle, and everything received
kept (across reconnects) for the hidden-card scan."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx2

import bigtwo
from bigtwo.client import Client, ServerError
from bigtwo.session import Session

TIMEOUT = 60.0  # seconds any one client may wait for the server before the test fails


@dataclass
class Seat:
    """A person's seat played by a careless but legal player."""

    url: str
    client: Client
    seed: int
    reconnect_after: int | None = None  # actions, then drop the socket and resume
    received: list[dict[str, Any]] = field(default_factory=list)
    acted: int = 0
    reconnects: int = 0
    stale: int = 0
    hold: threading.Event | None = None  # after its first action, wait for this (a deal runs)

    @property
    def seat(self) -> int:
        assert self.client.seat is not None
        return self.client.seat

    def reconnect(self) -> None:
        """Drop the socket and come back with the last sequence number seen."""
        old = self.client
        assert old.room is not None and old.token is not None and old.state is not None
        last = int(old.state["seq"])
        self.received += old.received
        old.close()
        fresh = Client.connect(self.url, timeout=TIMEOUT)
        fresh.resume(old.room, old.token, last=last)
        self.client = fresh
        self.reconnects += 1

    def play(self) -> None:
        rng = random.Random(self.seed)
        client = self.client
        while not client.over:
            if client.my_turn:
                assert client.state is not None
                try:
                    client.act(rng.choice(client.state["offers"]))
                    self.acted += 1
                except ServerError as exc:  # another seat moved first: look again
                    if exc.code == "rate_limited":  # faster than a person: wait for refill
                        time.sleep(1 / 20)
                        continue
                    if exc.code != "stale":
                        raise
                    self.stale += 1
                    continue
                if self.hold is not None and self.acted == 1:
                    assert self.hold.wait(TIMEOUT), "held longer than a test may wait"
                if self.reconnect_after is not None and self.acted == self.reconnect_after:
                    self.reconnect()
                    client = self.client
                continue
            client.receive(TIMEOUT)

    def everything(self) -> list[dict[str, Any]]:
        return self.received + self.client.received


def seat_people(url: str, people: int, create: dict[str, Any]) -> list[Seat]:
    """Open a room with ``create`` (its first seat a person) and seat ``people`` in all."""
    host = Client.connect(url, timeout=TIMEOUT)
    code = host.create("host", **create)
    seats = [Seat(url, host, seed=0)]
    for n in range(1, people):
        guest = Client.connect(url, timeout=TIMEOUT)
        guest.join(code, f"guest{n}")
        seats.append(Seat(url, guest, seed=n))
    return seats


def play_all(seats: list[Seat], during: Callable[[], None] | None = None) -> None:
    """Every seat plays in its own thread until the session ends; ``during`` runs meanwhile
    (in this thread) and the first failure anywhere is raised."""
    with ThreadPoolExecutor(len(seats)) as pool:
        futures = [pool.submit(s.play) for s in seats]
        try:
            if during is not None:
                during()
        finally:
            for f in futures:
                f.result(timeout=TIMEOUT * 3)


def deals_counted(texts: list[str]) -> int:
    """The deals a session counts among these records: a redeal, or a tied team game (which
    a five-card shootout settles), is recorded but not counted, as `Session.finish` says."""
    games = [bigtwo.load_record(t).replay() for t in texts]
    session = Session.start(games[0].rules) if games else None
    for game in games:
        assert session is not None
        session = session.finish(game)
    return 0 if session is None else session.deals_played


def records(base: str, code: str) -> list[str]:
    """Every stored record of a room's finished deals, in order."""
    out: list[str] = []
    while True:
        got = httpx2.get(f"{base}/api/rooms/{code}/records/{len(out)}", timeout=10)
        if got.status_code == 404:
            return out
        assert got.status_code == 200, got.text
        out.append(got.text)


class Watcher:
    """A spectator reading in a thread until the session is over."""

    def __init__(self, url: str, code: str) -> None:
        self.client = Client.connect(url, timeout=TIMEOUT)
        self.client.watch(code)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            while not self.client.over:
                self.client.receive(TIMEOUT)
        except BaseException as exc:  # reported by join
            self.error = exc

    def join(self) -> list[dict[str, Any]]:
        self.thread.join(TIMEOUT * 3)
        assert not self.thread.is_alive(), "the spectator never saw the session end"
        if self.error is not None:
            raise self.error
        self.client.close()
        return self.client.received
