"""The shared table's conformance harness (tests/conformance.py) against a room of a real
``bigtwo serve`` process: every seat a person played through its own `bigtwo.client`
connection, refusals asked with the protocol's ``why`` against ``act``'s, the finished
deals read back from the room's records."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from conformance import play_through
from server_process import ServerProcess, on_sqlite

import bigtwo
from bigtwo import Game, Move, Rules, View
from bigtwo.client import Client, ServerError
from bigtwo.engine.codec import move_text
from bigtwo.errors import IllegalMoveError
from bigtwo.rules.changes import load_rules
from bigtwo.table import Refusal

from .conftest import GRACE
from .players import TIMEOUT, deals_counted, records

# the harness sends a few dozen refusals and checks a turn: far more than a person, so this
# server lets a connection send as fast as it likes
FAST = ["--rate", "100000"]


class RoomDriver:
    """The conformance driver over a server room: seat ``s`` is ``clients[s]``. The server
    deals from its own randomness (the harness's seed drives only the harness's choices)."""

    def __init__(self, server: ServerProcess, preset: str, options: Sequence[str] = (),
                 players: int | None = None, deals: int = 1) -> None:  # fmt: skip
        self.server, self.deals = server, deals
        self.create = {
            "preset": preset,
            "players": players,
            "options": dict(o.split("=", 1) for o in options),
            "deals": deals,
        }
        self.clients: list[Client] = []
        self.code = ""

    def reset(self, rules: Rules, seed: int) -> None:
        self.close()
        host = Client.connect(self.server.ws, timeout=TIMEOUT)
        self.code = host.create("seat 0", seats=["open"] * (rules.players - 1), **self.create)
        self.clients = [host]
        for seat in range(1, rules.players):
            guest = Client.connect(self.server.ws, timeout=TIMEOUT)
            assert guest.join(self.code, f"seat {seat}", seat) == seat
            self.clients.append(guest)
        host.host("start")
        while host.state is None or host.state["room"]["status"] == "waiting":
            host.receive(TIMEOUT)
        self._catch_up(host)
        assert host.view().rules == rules, "the room plays other rules than asked"

    def _catch_up(self, client: Client) -> None:
        assert client.state is not None
        for other in self.clients:
            other.catch_up(int(client.state["seq"]))

    def awaiting(self) -> tuple[int, ...]:
        state = self.clients[0].state
        assert state is not None
        return tuple(state["awaiting"])

    def offered(self, seat: int) -> Sequence[Move]:
        return self.clients[seat].offered()

    def submit(self, seat: int, action: Move | str) -> None:
        client = self.clients[seat]
        try:
            client.act(action if isinstance(action, str) else move_text(action))
        except ServerError as exc:  # as the table says it: the sentence, code and params
            raise IllegalMoveError(exc.message, exc.code, **exc.params) from None
        self._catch_up(client)

    def why_not(self, seat: int, action: Move | str) -> str | None:
        text = action if isinstance(action, str) else move_text(action)
        refusal = self.clients[seat].why(text)
        if refusal is None:
            return None
        return Refusal(refusal["message"], refusal["code"], refusal["params"])

    def view(self, seat: int) -> View:
        return self.clients[seat].view()

    def game(self) -> Game | None:
        return None  # a client sees its seat's view only

    def finished(self) -> Sequence[Game]:
        texts = records(self.server.base, self.code)
        assert deals_counted(texts) == self.deals, "a finished deal's record is missing"
        found = [bigtwo.load_record(text).replay() for text in texts]
        for game in found:  # the last deal's record is the end every seat was shown
            for seat, client in enumerate(self.clients):
                assert game is not found[-1] or client.view().hand_mask == game.hands[seat]
        return found

    def done(self) -> bool:
        return self.clients[0].over

    def close(self) -> None:
        for client in self.clients:
            client.close()
        self.clients = []


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("conformance")
    server = on_sqlite(folder / "server.db", grace=GRACE, extra=FAST)
    server.start()
    try:
        yield server
    finally:
        server.stop()


CASES = {
    "classic": ("classic", [], None, 1),
    "president-session": ("president", [], None, 2),  # titles and card exchanges between deals
    "teams": ("teams", [], None, 1),
    "two-decks-6": ("classic", [], 6, 1),
    "house-rules": ("classic", ["announce=one-card", "out_of_turn_bombs=yes"], None, 1),
}


@pytest.mark.parametrize("case", list(CASES))
def test_conformance_of_a_server_room_through_the_client(
    fast_server: ServerProcess, case: str
) -> None:
    preset, options, players, deals = CASES[case]
    rules = load_rules(preset, players, options)
    driver = RoomDriver(fast_server, preset, options, players, deals)
    try:
        assert play_through(driver, rules, seed=7) > 0
    finally:
        driver.close()


def test_the_harness_catches_a_room_whose_why_disagrees_with_act(
    fast_server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The remote driver checks for real: a server whose ``why`` refused what ``act`` takes
    (and answered right otherwise) is caught at the first offered move."""
    driver = RoomDriver(fast_server, "classic")
    honest = Client.why

    def lying(client: Client, action: str) -> dict[str, Any] | None:
        return honest(client, action) or {"code": "not_your_turn", "message": "no", "params": {}}

    monkeypatch.setattr(Client, "why", lying)
    try:
        with pytest.raises(AssertionError, match=r"why_not refused .* but submit took it"):
            play_through(driver, Rules.preset("classic"), seed=7)
    finally:
        driver.close()
