"""The messages of the online protocol (``docs/protocol.md``), checked once at the edge: a
frame from a client is JSON, at most `MAX_FRAME` bytes, and exactly one of the `Inbound`
shapes, or it is refused with a `ProtocolError` that names what was wrong (and the ``id`` the
request gave, so the client knows which request was refused). Inside the server only these
typed values travel.

Every message the server sends is one of the `Outbound` dataclasses below, and the send path
(`encode`) takes nothing else. They are plain frozen dataclasses rather than pydantic models:
the server builds them from its own typed values, so checking them again would only cost
(a pydantic `Update` took about 14 µs to build against 0.4 µs), while pydantic still reads
them for the published JSON Schema (`schema`). `INBOUND` and `OUTBOUND` are the one list of
message types: the dispatcher, the room log, the reference in ``docs/protocol.md`` and the
schema all read them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Annotated, Any, ClassVar, Literal, NewType, NotRequired, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from starlette.responses import Response

# typing_extensions' TypedDict: pydantic reads its fields on Python < 3.12
from typing_extensions import TypedDict, dataclass_transform

from ..i18n import FALLBACK, accepted, catalogue, choose
from ..refusal_words import say
from . import jsontext
from .room_type import Pace, RoomData
from .view_type import ViewData

VERSION = 2  # protocol 2: updates carry a patch of the view (`bigtwo.view_patch`)
MAX_FRAME = 4096  # bytes of one client frame: the longest legal message is far shorter
# bytes of the largest frame the transport reads, to refuse it as too_large on an open
# connection; a larger one closes the connection (WebSocket close 1009, `serving`)
MAX_TRANSPORT = 1 << 20
CHAT_LENGTH = 200  # characters of one chat line
ID_LENGTH = 64  # characters of a request's id
MIN_TURN = 5.0  # seconds: the shortest turn a room may have (the server's `Settings.min_turn`)
MAX_TURN = 600.0  # seconds: a longer turn is as good as none (0)
# seconds between a person's action and each bot's move after it, by a room's ``pace``
PACES = {"normal": 0.8, "fast": 0.25, "instant": 0.0}
MAX_PAUSE = 300.0  # seconds: the longest a table may rest between deals
PAUSE = 30.0  # seconds a table rests between deals unless its room says otherwise


class ProtocolError(Exception):
    """A message refused at the edge: a stable ``code`` and the sentence for people."""

    id: str | None = None  # the refused request's own id, where it gave one

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code, self.message, self.params = code, message, params


Id = Annotated[str, Field(max_length=ID_LENGTH)]


class Message(BaseModel):
    """Any request may carry an ``id`` of the client's choosing: a refusal echoes it."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: Id | None = None

    def logged(self) -> dict[str, Any]:
        """What the room log may show of this request beside its type (never secrets)."""
        return {}


Code = Annotated[str, Field(min_length=4, max_length=16)]
Token = Annotated[str, Field(min_length=8, max_length=64)]
Seq = Annotated[int, Field(ge=0, le=2**53)]
Seat = Annotated[int, Field(ge=-(2**53), le=2**53)]  # any number: a room refuses one it lacks


class Create(Message):
    """Open a room and sit in its first seat as the host."""

    type: Literal["create"]
    name: str
    preset: Annotated[str, Field(max_length=40)] = "classic"
    players: Annotated[int, Field(ge=2, le=8)] | None = None
    options: Annotated[dict[str, str], Field(max_length=40)] = {}
    seats: Annotated[list[str], Field(max_length=8)] = []  # seats 1.. as `room_type.SEAT_KINDS`
    deals: Annotated[int, Field(ge=1, le=1000)] | None = None
    target: Annotated[int, Field(ge=1, le=100000)] | None = None
    # 0: no timer; else checked by the hub against its bounds (`Settings.min_turn` to
    # `MAX_TURN`), which its refusal names: the schema only says them
    turn_seconds: Annotated[float, Field(json_schema_extra={"minimum": 0, "maximum": MAX_TURN})] = 0
    public: bool = True
    pace: Pace | None = None  # how soon each bot moves (`PACES`); None: the server's default
    # seconds the table rests on each deal's summary, unless every person present says
    # `ready` sooner; None: the server's default (`Settings.pause`)
    pause_seconds: Annotated[float, Field(ge=0, le=MAX_PAUSE)] | None = None
    spectators_chat: bool = False  # whether spectators may chat (the host may change it)

    def logged(self) -> dict[str, Any]:
        return {"rules": self.preset, "players": self.players, "pace": self.pace}


class Join(Message):
    """Take an open seat (``seat``, or the first open one) under ``name``."""

    type: Literal["join"]
    room: Code
    name: str
    seat: Seat | None = None

    def logged(self) -> dict[str, Any]:
        return {"seat_asked": self.seat}


class Resume(Message):
    """Come back to the seat a token was given for; ``last`` is the last sequence number
    received (what was missed is sent again, or a fresh state)."""

    type: Literal["resume"]
    room: Code
    token: Token
    last: Seq | None = None

    def logged(self) -> dict[str, Any]:
        return {"last": self.last}


class Watch(Message):
    """Watch a room: the public view only; ``name`` signs the spectator's chat lines."""

    type: Literal["watch"]
    room: Code
    last: Seq | None = None
    name: Annotated[str, Field(max_length=100)] | None = None  # checked as any name is

    def logged(self) -> dict[str, Any]:
        return {"last": self.last}


class Act(Message):
    """Take an action as text: cards ``"3D 3S"``, ``"pass"``, ``"no"`` (decline an offer),
    a side action (``"announce"``, ``"give 3D"``, …). ``id`` is the client's own id for the
    action, so a resend is applied once; ``seq`` the state it was chosen in, so an action for
    a turn that has passed is refused as stale."""

    type: Literal["act"]
    id: Id
    action: Annotated[str, Field(max_length=300)]
    seq: Seq | None = None

    def logged(self) -> dict[str, Any]:
        return {"id": self.id}  # never the action: a refused one may name hidden cards


class Host(Message):
    """The host's controls. ``what``: ``start``; ``seat`` (make ``seat`` open or a bot of
    ``kind`` before the start); ``remove`` (a player's seat goes to a bot); ``mute``;
    ``hand_over`` (the host role to ``seat``); ``invite`` (a token for an open seat, for a
    program to play it); ``close``; ``rematch`` (after the session: a new one, the same
    seats); ``no_rematch`` (the rematch asked for is refused); ``spectators_chat`` (whether
    spectators may chat: ``allow``)."""

    type: Literal["host"]
    what: Literal[
        "start",
        "seat",
        "remove",
        "mute",
        "hand_over",
        "invite",
        "close",
        "rematch",
        "no_rematch",
        "spectators_chat",
    ]
    seat: Seat | None = None
    kind: Annotated[str, Field(max_length=10)] | None = None
    allow: bool | None = None

    def logged(self) -> dict[str, Any]:
        return {"what": self.what, "target": self.seat, "kind": self.kind, "allow": self.allow}


class Unwatch(Message):
    """Stop following the room: no more of its messages on this connection. A player's seat
    stays theirs, as when the socket closes (a bot plays it after the grace period)."""

    type: Literal["unwatch"]


class Why(Message):
    """Why ``action`` would be refused now, asked before sending it: answered with a ``why``
    message; nothing changes."""

    type: Literal["why"]
    action: Annotated[str, Field(max_length=300)]


class Leave(Message):
    """Leave the seat to a bot for the rest of the session."""

    type: Literal["leave"]


class Vote(Message):
    """Vote to end the session after the deal in play (a majority of the people ends it)."""

    type: Literal["vote_end"]
    yes: bool = True

    def logged(self) -> dict[str, Any]:
        return {"yes": self.yes}


class Ready(Message):
    """Between deals: this seat has read the deal's summary; the next deal starts once every
    person present is ready (or the room's pause runs out)."""

    type: Literal["ready"]


class Rematch(Message):
    """After the session: ask for a rematch (``yes`` false takes it back); the host
    confirms with ``host`` ``rematch`` or refuses with ``no_rematch``."""

    type: Literal["rematch"]
    yes: bool = True

    def logged(self) -> dict[str, Any]:
        return {"yes": self.yes}


class Chat(Message):
    """A line to everyone in the room (at most `CHAT_LENGTH` characters)."""

    type: Literal["chat"]
    text: str

    def logged(self) -> dict[str, Any]:
        return {"length": len(self.text)}  # never the text


class Ping(Message):
    """A heartbeat: answered with ``pong`` (a connection silent for a minute is dropped)."""

    type: Literal["ping"]


Inbound = Annotated[
    Create
    | Join
    | Resume
    | Watch
    | Unwatch
    | Act
    | Why
    | Host
    | Leave
    | Vote
    | Ready
    | Rematch
    | Chat
    | Ping,
    Field(discriminator="type"),
]
_INBOUND: TypeAdapter[Inbound] = TypeAdapter(Inbound)
INBOUND: dict[str, type[Message]] = {
    m.model_fields["type"].annotation.__args__[0]: m  # type: ignore[union-attr]
    for m in (
        Create,
        Join,
        Resume,
        Watch,
        Unwatch,
        Act,
        Why,
        Host,
        Leave,
        Vote,
        Ready,
        Rematch,
        Chat,
        Ping,
    )
}  # the type each request names -> its model
TYPES = tuple(INBOUND)


# -- what the server sends ------------------------------------------------------------------------
Frame = NewType("Frame", str)  # a message as sent: only `encode` makes one


class Event(TypedDict):
    """Something that happened at the table, as one audience may see it (``docs/views.md``,
    "Events"): a move (``act``), a deal dealt or over, a trick won, a timer run out, …
    ``combo``, on a play only, is its combination's kind (``pair``, ``full_house``): the
    engine's classification, so a page names the play without classifying it again."""

    kind: str
    seat: int | None
    move: str | None
    data: dict[str, Any]
    combo: NotRequired[str]


class Reason(TypedDict):
    """Part of why a seat scored what it did (`bigtwo.scoring.reasons`): a code and its
    numbers."""

    code: str
    params: dict[str, Any]


class Part(TypedDict):
    """A payment of the settlement and how it follows from the points: the deals that
    moved points between the two (``[deal, points]``, towards the payee), adding up to it."""

    payer: int
    payee: int
    amount: float
    deals: list[list[int]]


class Term(TypedDict):
    """A sentence of the settlement rule in force: its catalogue key and parameters."""

    key: str
    params: dict[str, str]


class Summary(TypedDict):
    """The end of the last deal, shown until the next deal starts (and after the session):
    every seat's cards left face up, each seat's points with their reasons, the totals, the
    settlement so far and its rule, who is ready, when the next deal starts at the latest,
    and who asked for a rematch."""

    deal: int
    end: str | None
    winner: int | None
    left: list[str]
    scores: list[int]
    reasons: list[list[Reason]]
    totals: list[int]
    settlement: list[Part]
    rule: list[Term]
    ready: list[int]
    next_at: float | None
    rematch: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Outbound:
    """A message the server sends; ``TYPE`` is its ``type``."""

    TYPE: ClassVar[str]


M = TypeVar("M", bound=Outbound)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def _outbound(cls: type[M]) -> type[M]:
    """A message the server sends: a frozen dataclass, listed in `OUTBOUND` by its type."""
    made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
    made.TYPE = str(next(f.default for f in fields(made) if f.name == "type"))
    OUTBOUND[made.TYPE] = made
    return made


OUTBOUND: dict[str, type[Outbound]] = {}  # the type each message names -> its class


@_outbound
class Hello(Outbound):
    """The first message on a connection that speaks this protocol's ``version``."""

    type: Literal["hello"] = "hello"
    version: int = VERSION
    lang: str = FALLBACK  # the catalogue the refusals' sentences are chosen from


@_outbound
class Upgrade(Outbound):
    """To a client that asked for another protocol version (or none: version 1): what this
    server speaks; the connection closes after it. A browser page reloads itself."""

    type: Literal["upgrade"] = "upgrade"
    version: int = VERSION
    message: str = "this page or program speaks an older protocol: reload or update it"


@_outbound
class Welcome(Outbound):
    """In a room: the ``seat`` (null: watching), and the seat's ``token`` when it is new."""

    type: Literal["welcome"] = "welcome"
    room: str
    seat: int | None
    token: str | None = None


@_outbound
class State(Outbound):
    """The whole of what an audience sees at version ``seq``: the room, the seat's view
    (``docs/views.md``; null before the start), the moves offered to the seat, who is
    awaited and until when, and between deals (and after the session) the last deal's
    summary."""

    type: Literal["state"] = "state"
    seq: int
    room: RoomData  # `room_views.summary`, sent as it is: the type is the schema's
    seat: int | None
    view: ViewData | None  # `View.to_dict()`, sent as it is: the type is the schema's
    offers: list[str] | None
    awaiting: list[int]
    deadline: float | None
    summary: Summary | None = None


@_outbound
class Update(Outbound):
    """The change from version ``base`` (what this connection was last sent) to ``seq``: the
    events, and the patch (`bigtwo.view_patch`) that turns the `State` at ``base`` (without
    its ``type``) into the one at ``seq``."""

    type: Literal["update"] = "update"
    seq: int
    base: int
    events: list[Event]
    patch: list[list[Any]]


@_outbound
class Events(Outbound):
    """Events missed (on ``resume``, ``watch`` with ``last``, or a gap), before a `State`."""

    type: Literal["events"] = "events"
    seq: int
    events: list[Event]


@_outbound
class Ack(Outbound):
    """An action (``act``) was taken, as the change ``seq`` (a resend: its first answer)."""

    type: Literal["ack"] = "ack"
    id: str
    seq: int


@_outbound
class Error(Outbound):
    """A refusal: a stable ``code`` (``docs/refusals.md``), the sentence, its parameters,
    and the ``id`` of the request it answers."""

    type: Literal["error"] = "error"
    code: str
    message: str
    params: dict[str, Any]
    id: str | None = None


@_outbound
class WhyAnswer(Outbound):
    """The answer to ``why``: would ``action`` be taken now, and if not, the refusal."""

    type: Literal["why"] = "why"
    action: str
    ok: bool
    code: str | None = None
    message: str | None = None
    params: dict[str, Any] | None = None


@_outbound
class Invited(Outbound):
    """To the host: a token for ``seat``, to hand to a program that will play it."""

    type: Literal["invited"] = "invited"
    seat: int | None
    token: str


@_outbound
class Unseated(Outbound):
    """This connection's token no longer holds its seat (``code``: left, removed, closed);
    it hears no more of the room."""

    type: Literal["unseated"] = "unseated"
    room: str | None
    seat: int | None
    code: str
    message: str


@_outbound
class ChatLine(Outbound):
    """A chat line, to everyone in the room: a seat's, or (``seat`` null) a spectator's."""

    type: Literal["chat"] = "chat"
    seat: int | None
    name: str
    text: str


@_outbound
class Watchers(Outbound):
    """How many spectators ``room`` has now (on every server process of its database): on
    entering, when there are any, and whenever the number changes."""

    type: Literal["watchers"] = "watchers"
    room: str
    count: int


@_outbound
class Bye(Outbound):
    """The server is going: reconnect (and resume) in a moment if ``reconnect``."""

    type: Literal["bye"] = "bye"
    code: str
    reason: str
    reconnect: bool


@_outbound
class Pong(Outbound):
    type: Literal["pong"] = "pong"


@_outbound
class Unwatched(Outbound):
    """The connection no longer follows ``room``."""

    type: Literal["unwatched"] = "unwatched"
    room: str


def encode(message: Outbound) -> Frame:
    """The one way a message becomes what is sent; anything but an `Outbound` is refused."""
    if not isinstance(message, Outbound):
        raise TypeError(f"only protocol messages are sent, not {type(message).__name__}")
    return Frame(jsontext.dumps(message))


def schema() -> dict[str, Any]:
    """The protocol as a JSON Schema (``docs/protocol.schema.json``): what clients send and
    what the server sends, each a union on ``type``."""
    sent = Union[tuple(OUTBOUND.values())]  # type: ignore[valid-type]  # noqa: UP007
    sent = Annotated[sent, Field(discriminator="type")]
    server: TypeAdapter[Any] = TypeAdapter(sent)  # type: ignore[arg-type]
    sends = server.json_schema()
    for shape in sends["$defs"].values():  # a message always says its type
        if "type" in shape.get("properties", {}):
            shape["required"] = ["type", *shape.get("required", [])]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"bigtwo protocol {VERSION}",
        "client": _INBOUND.json_schema(),
        "server": sends,
    }


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
    if kind is None:
        raise ProtocolError("unknown_type", 'a message needs a "type"', type="")
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


def language(query: Mapping[str, str], headers: Mapping[str, str]) -> str:
    """The catalogue a connection or request is answered in: the address's ``?lang=`` if one
    speaks for it, else the first of ``Accept-Language`` that one does, else English."""
    return choose([query.get("lang"), *accepted(headers.get("accept-language"))])


def upgrade(lang: str = FALLBACK) -> Upgrade:
    """`Upgrade` with its sentence in ``lang`` (in English, the default's own words)."""
    if lang == FALLBACK:
        return Upgrade()
    return Upgrade(message=catalogue(lang)("upgrade.message"))


def error(code: str, message: str, lang: str = FALLBACK, **params: Any) -> Error:
    """The message that refuses something: a stable code, the sentence (in ``lang``, from the
    catalogue, by the code and parameters), its parameters."""
    return Error(code=code, message=say(catalogue(lang), code, params, message), params=params)


def http_error(
    status: int, code: str, message: str, lang: str = FALLBACK, **params: Any
) -> Response:
    """The same refusal over HTTP (the lobby, records, replays, rules), with its status."""
    frame = encode(error(code, message, lang, **params))
    return Response(frame, status_code=status, media_type="application/json")


def refusal(
    exc: ProtocolError,
    request_id: str | None = None,
    lang: str = FALLBACK,
    names: Sequence[str] = (),
) -> Error:
    """The ``error`` message for a refusal: with the ``id`` of the request it answers (null
    when the request gave none, or couldn't be read far enough), its sentence in ``lang``
    with the seats called by ``names``."""
    message = say(catalogue(lang), exc.code, exc.params, exc.message, names)
    return Error(code=exc.code, message=message, params=exc.params, id=request_id)


if __name__ == "__main__":  # python -m bigtwo.server.protocol > docs/protocol.schema.json
    print(json.dumps(schema(), indent=2, ensure_ascii=False))
