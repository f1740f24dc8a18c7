"""The rooms' structured log: one line per room event on the ``bigtwo.room`` logger, its
message one JSON object (``docs/protocol.md``, "Logs"). Every line has ``room`` (the code, or
null before a room is known), ``seat`` (null: a spectator, or the server itself) and
``action``. A client's message is logged once it has been answered, with ``latency_ms`` from
its arrival, and ``error`` (the code sent) when it was refused; what the server does on its
own (absences, closing an empty room) and what the table does (moves, people's and bots',
timer expiries, deals dealt and ended, the session's end) are logged as they are stored.

Nothing hidden is written: moves as a spectator sees them (a gift's cards only as their
number), a chat line only as its length, and never a refused action's text.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from ..table import Event
from .protocol import Act, Chat, Create, Host, Join, ProtocolError, Resume, Vote, Watch
from .room import Room

log = logging.getLogger("bigtwo.room")
TABLE_EVENTS = ("act", "timeout", "deal", "deal_over", "session_over", "session_ended", "closed")


def line(room: str | None, seat: int | None, action: str, started: float | None = None,
         **more: Any) -> None:  # fmt: skip
    """Log one room event; ``started`` (`time.perf_counter`) gives its latency."""
    if not log.isEnabledFor(logging.INFO):
        return
    fields: dict[str, Any] = {"room": room, "seat": seat, "action": action}
    if started is not None:
        fields["latency_ms"] = round(1000 * (time.perf_counter() - started), 3)
    fields.update(more)
    log.info("%s", json.dumps(fields, separators=(",", ":"), default=str))


def request(room: str | None, seat: int | None, msg: object, started: float,
            refused: ProtocolError | None) -> None:  # fmt: skip
    """A client's message, answered: its type and what of it may be shown (``type`` null:
    a frame refused before it could be read)."""
    action = getattr(msg, "type", None) or "unreadable"
    more: dict[str, Any] = {} if refused is None else {"error": refused.code}
    if isinstance(msg, Act):
        more["id"] = msg.id
    elif isinstance(msg, Create):
        more.update(rules=msg.preset, players=msg.players)
    elif isinstance(msg, Join | Resume | Watch):
        more.update({"seat_asked": msg.seat} if isinstance(msg, Join) else {"last": msg.last})
    elif isinstance(msg, Host):
        more.update(what=msg.what, target=msg.seat, kind=msg.kind)
    elif isinstance(msg, Vote):
        more["yes"] = msg.yes
    elif isinstance(msg, Chat):
        more["length"] = len(msg.text)  # never the text
    line(room, seat, action, started, **more)


def events(room: Room, table: Sequence[Event], started: float) -> None:
    """A stored change of ``room``: a line per move the table made (``by``: ``person`` or
    ``bot``, a bot standing in for an absent person included), per timer run out, and per deal
    dealt or ended and session ended; ``latency_ms`` is the change's, from its start to stored."""
    if not log.isEnabledFor(logging.INFO):
        return
    told = [e for e in table if e.kind in TABLE_EVENTS]
    for shown in room.events_for(None, told):
        by, kind = shown["seat"], shown["kind"]
        if kind != "act":
            line(room.code, by, kind, started, seq=room.seq)
            continue
        bot = by is not None and (room.kinds[by] != "person" or by in room.away)
        who = "bot" if bot else "person"
        line(room.code, by, "move", started, move=shown["move"], by=who, seq=room.seq)
