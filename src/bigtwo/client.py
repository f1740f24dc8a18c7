"""A small client of the online protocol (``docs/protocol.md``): the tests play through it,
and an outside program uses it to play a seat with a token the host handed out.

    client = Client.connect("ws://127.0.0.1:8000/ws")
    client.resume("ROOMCODE12", token)
    client.play(make_bot("hard"))   # play the seat until the session ends

`play` comes back by itself when the server restarts (it says ``bye``, or the connection
drops): it reconnects and resumes the seat. `offered` gives the moves offered as the engine's
`Move` values; `why` asks whether an action would be taken, without taking it.

It speaks protocol 2: an ``update`` carries a patch of the state (`bigtwo.view_patch`), which
the client applies to its copy, ``state``; one that doesn't fit that copy (it never should)
is raised as a `ServerError` ``bad_patch`` rather than played on.

Blocking on purpose: one client, one seat, one loop. Every message received is kept in
``received`` (in order, across reconnects), so a test can look at everything the server said.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from typing import Any
from urllib.parse import urlsplit

from .bots import Bot
from .checks import describe
from .combos import Move, tables_for
from .engine.codec import read_move
from .engine.view import View
from .errors import BigTwoError
from .extras import require
from .view_patch import PatchError, follow

try:
    from websockets.exceptions import ConnectionClosed, WebSocketException
    from websockets.sync.client import ClientConnection, connect
except ImportError:
    require("server", "the client (bigtwo.client)", ["websockets"])  # says which extra
    raise
from .table import DECLINE

PING_EVERY = 20.0  # seconds of quiet before a ping: the server closes a socket silent for 60


class ServerError(Exception):
    """The server refused a request: its code, sentence and parameters."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = str(message.get("code"))
        self.message = str(message.get("message"))  # the sentence, for people
        self.params = message.get("params", {})


class Client:
    def __init__(self, socket: ClientConnection, url: str = "") -> None:
        self.socket, self.url = socket, url
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.unseated: dict[str, Any] | None = None  # why the seat was lost, if it was
        self._ids = itertools.count(1)
        self._sent_at = time.monotonic()  # the server counts the quiet from the connection
        self.expect("hello")

    @classmethod
    def connect(cls, url: str, timeout: float = 10.0) -> Client:
        socket = connect(_versioned(url), open_timeout=timeout, max_size=2**22, legacy=True)
        socket.recv_timeout = timeout  # type: ignore[attr-defined]
        return cls(socket, url)

    def reconnect(self, within: float = 60.0) -> None:
        """Connect again and resume the seat from the last state received, trying for up to
        ``within`` seconds: a restarting server refuses (``restarting``), then is down a
        moment, then comes back."""
        if self.room is None or self.token is None:
            raise BigTwoError("no seat to come back to: this client has not sat at a table")
        last = None if self.state is None else int(self.state["seq"])
        with contextlib.suppress(Exception):  # the old socket is gone already, most likely
            self.socket.close()
        end = time.monotonic() + within
        while True:
            try:
                fresh = Client.connect(self.url)
                fresh.resume(self.room, self.token, last)
                break
            except (OSError, TimeoutError, WebSocketException, ServerError) as exc:
                refused = isinstance(exc, ServerError) and exc.code != "restarting"
                if refused or time.monotonic() > end:
                    raise
                time.sleep(0.2)
        self.socket, self.state, self._sent_at = fresh.socket, fresh.state, fresh._sent_at
        self.received += fresh.received

    # -- talking -------------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))
        self._sent_at = time.monotonic()

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        self.received.append(message)
        if message.get("type") == "state":
            self.state = message
        elif message.get("type") == "update":
            self.state = self._patched(message)
        elif message.get("type") == "welcome":
            self.room, self.seat = message["room"], message["seat"]
            self.token = message.get("token") or self.token
        elif message.get("type") == "unseated":  # the seat is no longer this client's
            self.unseated, self.seat, self.token = message, None, None
        return message

    def _patched(self, update: dict[str, Any]) -> dict[str, Any]:
        """The state after ``update``; one that doesn't follow this copy is a bug somewhere:
        say so (`ServerError` ``bad_patch``) rather than play on a wrong view."""
        try:
            return follow(self.state, update)
        except PatchError as exc:
            raise ServerError({"code": "bad_patch", "message": str(exc)}) from None

    def expect(self, *kinds: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of one of these kinds; an error in between is raised."""
        while True:
            message = self.receive(timeout)
            if message.get("type") in kinds:
                return message
            if message.get("type") == "error":
                raise ServerError(message)

    def request(self, message: dict[str, Any], *kinds: str) -> dict[str, Any]:
        self.send(message)
        return self.expect(*kinds)

    # -- rooms -----------------------------------------------------------------------------------
    def create(self, name: str, **options: Any) -> str:
        """Open a room (options as `protocol.Create` names them); its code."""
        self.request({"type": "create", "name": name, **options}, "welcome")
        self.expect("state")
        return str(self.room)

    def join(self, room: str, name: str, seat: int | None = None) -> int:
        self.request({"type": "join", "room": room, "name": name, "seat": seat}, "welcome")
        self.expect("state")
        return int(self.seat or 0)

    def resume(self, room: str, token: str, last: int | None = None) -> None:
        self.request({"type": "resume", "room": room, "token": token, "last": last}, "welcome")
        self.expect("state")

    def watch(self, room: str) -> None:
        self.request({"type": "watch", "room": room}, "welcome")
        self.expect("state")

    def host(self, what: str, seat: int | None = None, kind: str | None = None) -> None:
        """Send a host's request (``docs/protocol.md``, "The host"); nothing is read. An
        ``invite``'s token comes in the ``invited`` message: ``expect("invited")["token"]``."""
        self.send({"type": "host", "what": what, "seat": seat, "kind": kind})

    def act(self, action: str, stale_check: bool = True) -> dict[str, Any]:
        """Take an action; the server's answer (``ack``), or `ServerError` with its reason."""
        message: dict[str, Any] = {"type": "act", "id": str(next(self._ids)), "action": action}
        if stale_check and self.state is not None:
            message["seq"] = self.state["seq"]
        ack = self.request(message, "ack")
        self.catch_up(int(ack["seq"]))
        return ack

    def catch_up(self, seq: int, timeout: float = 10.0) -> None:
        """Read until the state is at least as new as ``seq``."""
        while self.state is None or self.state["seq"] < seq:
            self.receive(timeout)

    # -- playing ---------------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        state = self.state
        return bool(state and self.seat in state["awaiting"] and state["offers"])

    @property
    def over(self) -> bool:
        return self.unseated is not None or bool(
            self.state and self.state["room"]["status"] in ("over", "closed")
        )

    @property
    def resting(self) -> int | None:
        """Between deals, the number of the deal whose summary the table rests on while this
        seat hasn't said ``ready`` to it; else None."""
        summary = self.state and self.state.get("summary")
        if not summary or summary["next_at"] is None or self.seat in summary["ready"]:
            return None
        return int(summary["deal"])

    def offered(self) -> list[Move]:
        """The moves the server offers this seat now, as the engine's moves (for a bot)."""
        if self.state is None or not self.state["offers"]:
            return []
        view = self.view()
        return [_move(view, text) for text in self.state["offers"]]

    def why(self, action: str) -> dict[str, Any] | None:
        """Would ``action`` be taken now? None if so, else the refusal ``act`` would get (its
        ``code``, ``message`` and ``params``). Nothing changes at the table."""
        answer = self.request({"type": "why", "action": action}, "why")
        if answer["ok"]:
            return None
        return {key: answer[key] for key in ("code", "message", "params")}

    def view(self) -> View:
        assert self.state is not None and self.state["view"] is not None
        return View.from_dict(self.state["view"])

    def play(self, bot: Bot, deals: int | None = None, timeout: float = 60.0) -> None:
        """Play the seat with ``bot`` until the session is over (or ``deals`` more deals
        end). The bot chooses among the moves the server offered, and says ``ready`` to each
        deal's summary. A restart (``bye``, or the connection dropping) is ridden out:
        `reconnect`, and play on. Waiting for the other seats has no limit (the client pings
        while it waits); a server that says nothing at all for ``timeout`` seconds is taken as
        gone, and connected to again."""
        ended, readied = 0, -1
        while not self.over and (deals is None or ended < deals):
            try:
                if self.my_turn:
                    self._take_turn(bot)
                    continue
                if self.resting is not None and self.resting != readied:
                    readied = self.resting
                    self.send({"type": "ready"})
                message = self._wait(timeout)
            except ConnectionClosed:  # the server went away: come back when it is up
                message = None
            if message is None:
                self.reconnect(timeout)
                continue
            if message.get("type") == "update":
                ended += sum(e["kind"] == "deal_over" for e in message["events"])
            elif message.get("type") == "bye":  # restarting: it closes the socket next
                self.reconnect(timeout)

    def _wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, however long the others take to move (a person may think for
        minutes, and a seat that went out waits for the rest): a ``ping`` once this client
        has sent nothing for `PING_EVERY` seconds (a third of ``timeout``, if less) keeps the
        socket open. None when the server has said nothing at all for ``timeout`` seconds,
        pings unanswered: the connection is as good as lost."""
        every = min(PING_EVERY, timeout / 3)  # a short timeout: asked in time to be answered
        heard = time.monotonic()
        while True:
            now = time.monotonic()
            if now - self._sent_at >= every:
                self.send({"type": "ping"})
            until = min(self._sent_at + every, heard + timeout)
            try:
                return self.receive(max(until - now, 0.001))
            except TimeoutError:
                if time.monotonic() - heard >= timeout:
                    return None

    def _take_turn(self, bot: Bot) -> None:
        assert self.state is not None
        offers, moves = self.state["offers"], self.offered()
        choice = bot.choose(self.view(), moves)
        try:
            self.act(offers[moves.index(choice)])
        except ServerError as exc:
            if exc.code == "rate_limited":  # faster than the server lets anyone act
                time.sleep(0.1)
            elif exc.code == "restarting":  # said just before the bye: reconnect
                self.reconnect()
            elif exc.code == "stale":  # the room moved on: wait for its news, then look again
                self.catch_up(int(exc.params.get("seq", 0)))
            else:
                raise

    def close(self) -> None:
        self.socket.close()


def _versioned(url: str) -> str:
    """The socket's address asking for the protocol this client speaks; `BigTwoError` for
    anything but a ws:// or wss:// URL with a host (an http:// page's address, a typo)."""
    try:
        parts = urlsplit(url)
        fits = parts.scheme in ("ws", "wss") and bool(parts.hostname) and parts.port != 0
    except (TypeError, ValueError, AttributeError):  # not text; a bad port or IPv6 address
        fits = False
    if not fits:
        raise BigTwoError(
            "the server's address must be a ws:// or wss:// URL, such as"
            f" ws://127.0.0.1:8000/ws, not {describe(url)}"
        )
    if "protocol=" in url:
        return url
    return f"{url}{'&' if '?' in url else '?'}protocol=2"


def _move(view: View, text: str) -> Move:
    """An offered move's text as the engine's `Move` for the bot, read against the view
    (``no``, declining an offer, is the table's word, not the engine's)."""
    if text == DECLINE.word:
        return DECLINE
    return read_move(text, tables_for(view.rules, view.twos_low))
