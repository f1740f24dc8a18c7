"""Following a room as a protocol-2 client does, for tests that read raw messages: each
``update``'s patch is applied to the state before it, and the result is put beside the
message under ``"state"`` (what protocol 1 sent whole), so a test can look at the state an
update leads to. A patch that doesn't fit the state before it fails the test."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bigtwo.view_patch import follow

WS = "/ws?protocol=2"


class States:
    """The state as the messages so far make it, per connection."""

    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None

    def read(self, message: dict[str, Any]) -> dict[str, Any]:
        """``message``, an update with the state it leads to beside it."""
        if message.get("type") == "state":
            self.state = message
        elif message.get("type") == "update":
            given = message.get("state")
            if given is not None and (self.state is None or self.state["seq"] != message["base"]):
                self.state = given  # the first of a list that starts mid-way
                return message
            self.state = follow(self.state, message)  # PatchError: one that doesn't follow
            message = {"state": self.state, **message}
        return message


def with_states(messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One connection's messages, in order, each update with its state beside it."""
    states = States()
    return [states.read(m) for m in messages]


class Follower:
    """A test client's WebSocket session whose updates come with their states."""

    def __init__(self, socket: Any) -> None:
        self.socket, self.states = socket, States()

    def receive_json(self) -> Any:
        return self.states.read(self.socket.receive_json())

    def __getattr__(self, name: str) -> Any:  # send_json, send_text, close, __exit__, …
        return getattr(self.socket, name)
