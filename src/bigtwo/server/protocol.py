"""The messages of the online protocol (``docs/protocol.md``), checked once at the edge: a
frame from a client is JSON, at most `MAX_FRAME` bytes, and exactly one of the `Inbound`
shapes, or it is refused with a `ProtocolError` that names what was wrong (and the ``id`` the
request gave, so the client knows which request was refused). Inside the server only these
typed values travel. Messages to clients are plain dicts built by the room.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from starlette.responses import JSONResponse

from . import jsontext

VERSION = 1
MAX_FRAME = 4096  # bytes of one client frame: the longest legal message is far shorter
# bytes of the largest frame the transport reads, to refuse it as too_large on an open
# connection; a larger one closes the connection (WebSocket close 1009, `serving`)
MAX_TRANSPORT = 1 << 20
CHAT_LENGTH = 200  # characters of one chat line
ID_LENGTH = 64  # characters of a request's id
MIN_TURN = 5.0  # seconds: the shortest turn a room may have (the server's `Settings.min_turn`)
MAX_TURN = 600.0  # seconds: a longer turn is as good as none (0)
SEAT_KINDS = ("open", "random", "easy", "medium", "hard", "expert")  # a seat: a person, a bot


class ProtocolError(Exception):
    """A message refused at the edge: a stable ``code`` and the sentence for people."""

    id: str | None = None  # the refused request's own id, where it gave one

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code, self.message, self.params = code, message, params


Id = Annotated[str, Field(max_length=ID_LENGTH)]


class _Message(BaseModel):
    """Any request may carry an ``id`` of the client's choosing: a refusal echoes it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: Id | None = None


Code = Annotated[str, Field(min_length=4, max_length=16)]
Token = Annotated[str, Field(min_length=8, max_length=64)]
Seq = Annotated[int, Field(ge=0, le=2**53)]
Seat = Annotated[int, Field(ge=-(2**53), le=2**53)]  # any number: a room refuses one it lacks


class Create(_Message):
    """Open a room and sit in its first seat as the host."""

    type: Literal["create"]
    name: str
    preset: Annotated[str, Field(max_length=40)] = "classic"
    players: Annotated[int, Field(ge=2, le=8)] | None = None
    options: Annotated[dict[str, str], Field(max_length=40)] = {}
    seats: Annotated[list[str], Field(max_length=8)] = []  # seats 1.. as SEAT_KINDS
    deals: Annotated[int, Field(ge=1, le=1000)] | None = None
    target: Annotated[int, Field(ge=1, le=100000)] | None = None
    turn_seconds: Annotated[float, Field(ge=0, le=MAX_TURN)] = 0  # 0: no timer; the hub
    # holds it to its lower bound (`Settings.min_turn`)
    public: bool = True


class Join(_Message):
    """Take an open seat (``seat``, or the first open one) under ``name``."""

    type: Literal["join"]
    room: Code
    name: str
    seat: Seat | None = None


class Resume(_Message):
    """Come back to the seat a token was given for; ``last`` is the last sequence number
    received (what was missed is sent again, or a fresh state)."""

    type: Literal["resume"]
    room: Code
    token: Token
    last: Seq | None = None


class Watch(_Message):
    """Watch a room: the public view only."""

    type: Literal["watch"]
    room: Code
    last: Seq | None = None


class Act(_Message):
    """Take an action as text: cards ``"3D 3S"``, ``"pass"``, ``"no"`` (decline an offer),
    a side action (``"announce"``, ``"give 3D"``, …). ``id`` is the client's own id for the
    action, so a resend is applied once; ``seq`` the state it was chosen in, so an action for
    a turn that has passed is refused as stale."""

    type: Literal["act"]
    id: Id
    action: Annotated[str, Field(max_length=300)]
    seq: Seq | None = None


class Host(_Message):
    """The host's controls. ``what``: ``start``; ``seat`` (make ``seat`` open or a bot of
    ``kind`` before the start); ``remove`` (a player's seat goes to a bot); ``mute``;
    ``hand_over`` (the host role to ``seat``); ``invite`` (a token for an open seat, for a
    program to play it); ``close``; ``rematch`` (after the session)."""

    type: Literal["host"]
    what: Literal["start", "seat", "remove", "mute", "hand_over", "invite", "close", "rematch"]
    seat: Seat | None = None
    kind: Annotated[str, Field(max_length=10)] | None = None


class Unwatch(_Message):
    """Stop following the room: no more of its messages on this connection. A player's seat
    stays theirs, as when the socket closes (a bot plays it after the grace period)."""

    type: Literal["unwatch"]


class Why(_Message):
    """Why ``action`` would be refused now, asked before sending it: answered with a ``why``
    message; nothing changes."""

    type: Literal["why"]
    action: Annotated[str, Field(max_length=300)]


class Leave(_Message):
    """Leave the seat to a bot for the rest of the session."""

    type: Literal["leave"]


class Vote(_Message):
    """Vote to end the session after the deal in play (a majority of the people ends it)."""

    type: Literal["vote_end"]
    yes: bool = True


class Chat(_Message):
    type: Literal["chat"]
    text: str


class Ping(_Message):
    type: Literal["ping"]


Inbound = Annotated[
    Create | Join | Resume | Watch | Unwatch | Act | Why | Host | Leave | Vote | Chat | Ping,
    Field(discriminator="type"),
]
_INBOUND: TypeAdapter[Inbound] = TypeAdapter(Inbound)
TYPES = (
    "create", "join", "resume", "watch", "unwatch", "act", "why", "host", "leave", "vote_end",
    "chat", "ping",
)  # fmt: skip


def parse(frame: str | bytes) -> Inbound:
    """One client frame as a typed message, or `ProtocolError` saying what was wrong (with
    the frame's ``id`` where one could be read)."""
    if _size(frame) > MAX_FRAME:
        raise ProtocolError("too_large", f"a message may be at most {MAX_FRAME} bytes")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message must be one JSON object")
    try:
        return _validated(data)
    except ProtocolError as exc:
        given = data.get("id")
        exc.id = given if isinstance(given, str) and len(given) <= ID_LENGTH else None
        raise


def _size(frame: str | bytes) -> int:
    """The frame's length in bytes as sent (UTF-8), not in characters."""
    if isinstance(frame, bytes) or frame.isascii():
        return len(frame)
    return len(frame.encode("utf-8", "surrogatepass"))


def _validated(data: dict[str, Any]) -> Inbound:
    kind = data.get("type")
    if kind not in TYPES:
        shown = str(kind)[:30]
        raise ProtocolError("unknown_type", f"unknown message type {shown!r}", type=shown)
    try:
        return _INBOUND.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "the message"
        reason = str(first.get("msg", "is wrong"))[:120]
        raise ProtocolError("bad_field", f"{kind}: {where}: {reason}", field=where) from None


def error(code: str, message: str, **params: Any) -> dict[str, Any]:
    """The message that refuses something: a stable code, the sentence, its parameters."""
    return {"type": "error", "code": code, "message": message, "params": params}


def http_error(status: int, code: str, message: str) -> JSONResponse:
    """The same refusal over HTTP (the lobby, records, replays, rules), with its status."""
    return JSONResponse(error(code, message), status_code=status)


def refusal(exc: ProtocolError, request_id: str | None = None) -> str:
    """The ``error`` message for a refusal, as sent over the socket: with the ``id`` of the
    request it answers (null when the request gave none, or couldn't be read far enough)."""
    return jsontext.dumps({**error(exc.code, exc.message, **exc.params), "id": request_id})
