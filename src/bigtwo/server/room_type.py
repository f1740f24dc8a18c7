"""The shape of the room as anyone may see it (`room_views.summary`: a state's ``room``, each
room of ``GET /api/lobby``, ``GET /api/rooms/CODE``), for the published JSON Schema and the
page's TypeScript declarations, as `view_type` gives the view's. Only read for the schema:
the server sends what ``summary`` writes without checking it again (a test checks summaries
of rooms in every status, with every kind of seat, against this shape). Every key is always
there; ``extra="forbid"`` makes the schema say no other key is, so a key ``summary`` gains
fails that test until it is declared.

The words a seat, a room's status and its pace may be are kept here, below the protocol's
messages, which read them too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeAlias

from pydantic import ConfigDict, with_config

# typing_extensions' TypedDict: pydantic reads its fields on Python < 3.12
from typing_extensions import TypedDict

# what a seat may be made (`create`'s ``seats``, the host's ``seat``): open for a person, or a
# bot of that level; a seat a person holds is ``person``
SEAT_KINDS = ("open", "random", "easy", "medium", "hard", "expert", "learned")
STATUSES = ("waiting", "playing", "over", "closed")  # a room's, in the order they come
Pace = Literal["normal", "fast", "instant"]  # how soon a room's bots move (`protocol.PACES`)

if TYPE_CHECKING:  # the room keeps them as text
    Kind: TypeAlias = str
    Status: TypeAlias = str
else:  # the words themselves, so the schema names them
    Kind, Status = Literal[("person", *SEAT_KINDS)], Literal[STATUSES]

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class SeatData(TypedDict):
    """A seat as the room shows it: its ``kind`` (``person``, ``open`` or a bot's level), a
    person's ``name`` (``""`` for an open seat or a bot), whether a bot plays it while its
    person is ``away``."""

    seat: int
    kind: Kind
    name: str
    away: bool


@with_config(_CLOSED)
class RoomData(TypedDict):
    """The room as anyone may see it, never a card: its code, the rules' name, the seats and
    the host's, the status, the room's settings, how the session ends (``deals`` or
    ``target``, null: not that way), and once it started the totals, each deal's scores, the
    deals played and the dealer (null, empty or 0 before the start)."""

    code: str
    rules: str  # the rule set's name: a preset, ``+`` and the options changed
    players: int
    seats: list[SeatData]
    host: int
    status: Status
    public: bool
    turn_seconds: float  # 0: no timer
    pace: Pace
    pause_seconds: float
    spectators_chat: bool
    deals: int | None
    target: int | None
    totals: list[int] | None
    scores: list[list[int]]  # each deal's, this session (a rematch starts afresh)
    deals_played: int
    dealer: int | None
