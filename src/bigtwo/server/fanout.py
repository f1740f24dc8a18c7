"""One change of a room, worked out once: its version, its table events, what storage keeps
of it and, for each audience (a seat, or the spectators: ``None``), the events as it may see
them and its message, each built once and encoded once however many connections share it.
Storage (`shared.audiences`), the room log (`room_log.events`) and the broadcast all read
this one value (`Fanout`).

A connection that was told the room's previous version gets an `Update`: the change's events
as its audience may see them and the patch (`bigtwo.view_patch`) from the state its audience
was last sent to the new one. One further behind (a gap: it entered mid-way, or on a shared
database another process's changes came in between) gets what it missed as `Events` and the
whole `State` again. `Told` remembers, per room, the last state each audience was sent: the
base of the next patch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..table import Event
from ..view_patch import diff
from .protocol import Events, Frame, State, Update, encode
from .room import Room

Audience = int | None  # a seat, or None: the spectators
Told = dict[Audience, tuple[int, dict[str, Any]]]  # audience -> (version, state) last sent


def state_frame(room: Room, audience: Audience, told: Told) -> Frame:
    """The whole state of ``room`` for ``audience`` (on entering), kept as the base of its
    next patch (built again only if the room moved on since it was last built)."""
    last = told.get(audience)
    if last is None or last[0] != room.seq:
        last = told[audience] = (room.seq, room.state_for(audience))
    return encode(State(**last[1]))


class Fanout:
    """``room``'s change to version ``room.seq``, with its table ``events`` (None: not known
    here; each connection's are read from the store, given its version) and what storage
    writes of it (``write``: `store.Write` in one process, `SharedRooms.change`'s row on a
    shared database; None: nothing, or not made here)."""

    def __init__(self, room: Room, events: Sequence[Event] | None, write: Any = None) -> None:
        self.room, self.seq, self.events, self.write = room, room.seq, events, write
        self.states: dict[Audience, dict[str, Any]] = {}
        self.shown: dict[Audience, list[Any]] = {}
        self.frames: dict[tuple[Audience, int], list[Frame]] = {}

    def state(self, audience: Audience) -> dict[str, Any]:
        if audience not in self.states:
            self.states[audience] = self.room.state_for(audience)
        return self.states[audience]

    def events_for(self, audience: Audience) -> list[Any]:
        """The change's events as ``audience`` may see them, rendered once."""
        if audience not in self.shown:
            self.shown[audience] = self.room.events_for(audience, self.events or ())
        return self.shown[audience]

    def frames_for(
        self, audience: Audience, base: int, told: Told, missed: list[Any] | None = None
    ) -> list[Frame]:
        """What a connection of ``audience`` told version ``base`` is sent (``told``: the
        room's bases of the patches): ``missed`` are the events since ``base`` as it may see
        them, when this change's own are not all it missed (read from the store)."""
        key = (audience, base)
        if key in self.frames:
            return self.frames[key]
        events = self.events_for(audience) if missed is None else missed
        seq, new = self.room.seq, self.state(audience)
        last = told.get(audience)
        if last is not None and last[0] == base:
            old = {**last[1], "seq": seq}  # the version travels as the update's own
            update = Update(seq=seq, base=base, events=events, patch=diff(old, new))
            frames = [encode(update)]
        else:  # a gap: what was missed, then the whole state
            frames = [encode(Events(seq=seq, events=events))] if events else []
            frames.append(encode(State(**new)))
        self.frames[key] = frames
        return frames

    def keep(self, told: Told) -> None:
        """The states built become the bases of the next patches."""
        for audience, state in self.states.items():
            told[audience] = (self.room.seq, state)
