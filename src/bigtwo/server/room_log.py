"""The rooms' structured log: one JSON object per line, one line per room event, on the
``bigtwo.room`` logger (``docs/protocol.md``, "Logs"). Every line has ``time`` (seconds since
1970), ``room`` (the code, or null before a room is known), ``seat`` (null: a spectator, or
the server itself) and ``action``. A client's message is logged once it has been answered,
with ``latency_ms`` from its arrival, and ``error`` (the code sent) when it was refused; what
the server does on its own (absences, closing an empty room) and what the table does (moves,
people's and bots', timer expiries, deals dealt and ended, the session's end) are logged as
they are stored.

Nothing hidden is written: moves as a spectator sees them (a gift's cards only as their
number), a chat line only as its length, and never a refused action's text.
"""

from __future__ import annotations

import logging
import sys
import time
from typing import Any

from . import jsontext
from .fanout import Fanout
from .protocol import Message, ProtocolError
from .store import first_line

log = logging.getLogger("bigtwo.room")
TABLE_EVENTS = (
    "act",
    "timeout",
    "deal",
    "deal_over",
    "session_over",
    "session_ended",
    "no_rematch",
    "closed",
)


def to_stderr() -> None:
    """Write the room log to standard error as bare JSON lines (`bigtwo serve` does this):
    the time is in each line, so no prefix is needed."""
    # Every line names its own fields: a log record need not look up the caller's file and
    # line (a walk up the stack, per line), nor the thread and process, for nobody to read
    # (the logging HOWTO's "Optimization").
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


def line(room: str | None, seat: int | None, action: str, started: float | None = None,
         **more: Any) -> None:  # fmt: skip
    """Log one room event; ``started`` (`time.perf_counter`) gives its latency."""
    if log.isEnabledFor(logging.INFO):
        _write([_fields(room, seat, action, started, more)])


def _fields(room: str | None, seat: int | None, action: str, started: float | None,
            more: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    fields: dict[str, Any] = {"room": room, "seat": seat, "action": action}
    if started is not None:
        fields["latency_ms"] = round(1000 * (time.perf_counter() - started), 3)
    fields.update(more)
    return fields


def _write(entries: list[dict[str, Any]]) -> None:
    """The lines of one change as one record: each a line of its own in the output, at the
    cost of one (a log record costs more than the line's JSON)."""
    now = round(time.time(), 3)
    log.info("%s", "\n".join(jsontext.dumps({"time": now, **e}, str) for e in entries))


def request(room: str | None, seat: int | None, msg: object, started: float,
            refused: ProtocolError | None) -> None:  # fmt: skip
    """A client's message, answered: its type (``unreadable``: a frame refused before it could
    be read) and what of it may be shown."""
    action = getattr(msg, "type", None) or "unreadable"
    more: dict[str, Any] = {} if refused is None else {"error": refused.code}
    cause = None if refused is None else refused.__cause__
    if isinstance(cause, Exception):  # a room stored in a form this version can't read, say
        more["cause"] = first_line(cause)
    if isinstance(msg, Message):
        more.update(msg.logged())
    line(room, seat, action, started, **more)


def events(change: Fanout, started: float) -> None:
    """A stored change: a line per move the table made (``by``: ``person`` or ``bot``, a bot
    standing in for an absent person included), per timer run out, and per deal dealt or
    ended and session ended, read from the change's events as a spectator sees them (rendered
    once, for the broadcast too); ``latency_ms`` is the change's, from its start to stored."""
    if not log.isEnabledFor(logging.INFO):
        return
    if not any(e.kind in TABLE_EVENTS for e in change.events or ()):
        return
    room, entries = change.room, []
    for shown in change.events_for(None):
        by, kind = shown["seat"], shown["kind"]
        if kind not in TABLE_EVENTS:
            continue
        more: dict[str, Any] = {"seq": change.seq}
        if kind == "act":
            bot = by is not None and (room.kinds[by] != "person" or by in room.away)
            kind = "move"
            more.update(move=shown["move"], by="bot" if bot else "person")
        entries.append(_fields(room.code, by, kind, started, more))
    _write(entries)
