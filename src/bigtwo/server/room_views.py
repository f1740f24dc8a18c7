"""What each seat of a room is sent, built from the room's state only (`RoomState`): the room
as anyone sees it, a seat's (or a spectator's) whole state, and the events as it may see them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots.base import bounded
from ..combos import Combination
from ..engine.codec import move_text
from ..engine.view import SPECTATOR
from ..table import Event
from .protocol import Summary
from .room_state import RoomState
from .room_type import RoomData
from .summary import deal_summary


def summary(room: RoomState) -> RoomData:
    """The room as anyone may see it (the lobby, every seat and spectator)."""
    table = room.table
    return {
        "code": room.code,
        "rules": room.rules.name,
        "players": room.rules.players,
        "seats": [
            {"seat": s, "kind": k, "name": room.names[s], "away": s in room.away}
            for s, k in enumerate(room.kinds)
        ],
        "host": room.host,
        "status": room.status,
        "public": room.public,
        "turn_seconds": room.turn_seconds,
        "pace": room.pace,
        "pause_seconds": room.pause_seconds,
        "spectators_chat": room.spectators_chat,
        "deals": room.end.deals,
        "target": room.end.target,
        "totals": None if table is None else list(table.session.totals),
        # each deal's scores in this session (a rematch starts a new list)
        "scores": [] if table is None else [list(r.scores) for r in table.session.results],
        "deals_played": 0 if table is None else table.session.deals_played,
        "dealer": None if table is None else table.session.dealer,
    }


def state_for(room: RoomState, seat: int | None) -> dict[str, Any]:
    """The full state for ``seat`` (None: a spectator): the room and that seat's view."""
    table, view, offers = room.table, None, None
    if table is not None:
        shown = table.spectator_view() if seat is None else table.view(seat)
        view = shown.to_dict()
        if seat is not None and room.status == "playing" and table.game is not None:
            offers = [move_text(m) for m in bounded(table.offers(seat))]
    return {
        "type": "state",
        "seq": room.seq,
        "room": summary(room),
        "seat": seat,
        "view": view,
        "offers": offers,
        "awaiting": [] if table is None or room.status != "playing" else list(table.awaiting),
        "deadline": room.deadline,
        "summary": _summary(room),
    }


def _summary(room: RoomState) -> Summary | None:
    """The last deal's summary while the table rests on it, or after the session."""
    table = room.table
    resting = room.status == "playing" and table is not None and table.between_deals
    if table is None or table.last is None or not (resting or room.status == "over"):
        return None
    return deal_summary(table, room.next_at, sorted(room.ready), sorted(room.rematch))


def events_for(seat: int | None, events: Sequence[Event]) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them (gifts it took no part in show as a count)."""
    return [_event(e.seen_by(SPECTATOR if seat is None else seat)) for e in events]


def missed(room: RoomState, seat: int | None, last: int) -> list[dict[str, Any]] | None:
    """The events after ``last``, or None when they are no longer kept."""
    kept = [(n, evs) for n, evs in room.log if n > last]
    if last < room.seq and (not kept or kept[0][0] > last + 1):
        return None
    return [e for _, evs in kept for e in events_for(seat, evs)]


def _event(event: Event) -> dict[str, Any]:
    out = {
        "kind": event.kind,
        "seat": event.seat,
        "move": None if event.move is None else move_text(event.move),
        "data": _plain(dict(event.data)),
    }
    if isinstance(event.move, Combination):  # a play is public, and so is what it is
        out["combo"] = event.move.kind
    return out


def _plain(value: Any) -> Any:
    """JSON values: tuples as lists, anything else as its text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
