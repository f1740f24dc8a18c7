"""A room: one table, its seats and the people in them, free of sockets and clocks (the time
arrives as ``now``). The hub hands each message in under the room's lock; the room answers
with what changed, and builds each seat's message from that seat's view only (`room_views`).
Its state and stored form are `room_state`'s.

>>> room = Room.create("ABCD2345", Create(type="create", name="Ann", seats=["easy"] * 3))
>>> seat, token = 0, room.host_token
>>> _ = room.host_action(0, Host(type="host", what="start"), now=0.0)
>>> room.status, room.state_for(0)["view"]["seat"]
('playing', 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..bots.base import bounded
from ..bots.learned import why_not as why_not_learned
from ..checks import BotSeat, plain_text, player_name
from ..combos import Move
from ..engine.codec import move_text
from ..errors import BigTwoError, IllegalMoveError
from ..rules.changes import load_rules
from ..rules.config import Rules
from ..table import Event, SessionEnd, Table
from . import room_views
from .protocol import CHAT_LENGTH, PACES, Act, Create, Host
from .room_state import STAND_IN, RoomState
from .room_state import RoomError as RoomError  # where the refusals are imported from
from .room_type import SEAT_KINDS, Pace, RoomData
from .thinking import seated_bot

RECENT_IDS = 64  # per seat: action ids remembered so that a resend is applied once
BOT_LEVELS = SEAT_KINDS[1:]
SILENT_TURNS = 3  # a person whose time runs out this many turns running is marked away


class Room(RoomState):
    """One table online: the rules of its seats, its host and its play, over its state."""

    # -- making ------------------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, msg: Create, pace: Pace = "instant", pause: float = 0.0) -> Room:
        """A new room as ``msg`` asks, its bots at ``msg.pace``, else at ``pace``; resting
        ``msg.pause_seconds`` between deals, else ``pause`` (a server's: `Settings.pause`)."""
        try:
            rules = load_rules(
                msg.preset, msg.players, [f"{k}={v}" for k, v in msg.options.items()]
            )
        except BigTwoError as exc:
            raise RoomError("bad_rules", str(exc), **exc.params) from None
        n = rules.players
        if len(msg.seats) > n - 1:  # not dropped unsaid: a client counting otherwise hears it
            raise RoomError(
                "bad_field",
                f"seats: a room of {n} players has {n - 1} other seats, not {len(msg.seats)}",
                field="seats",
            )
        kinds = ["person", *msg.seats]
        kinds += ["open"] * (n - len(kinds))
        bad = next((k for k in kinds[1:] if k not in SEAT_KINDS), None)
        if bad is not None:
            raise RoomError("bad_seat", f"a seat is one of {', '.join(SEAT_KINDS)}, not {bad!r}")
        _learned_plays(rules, kinds)
        room = cls(
            code=code,
            rules=rules,
            kinds=kinds,
            names=[_name(msg.name), *[""] * (n - 1)],
            end=SessionEnd(deals=msg.deals, target=msg.target),
            turn_seconds=msg.turn_seconds,
            public=msg.public,
            pace=msg.pace or pace,
            pause_seconds=pause if msg.pause_seconds is None else msg.pause_seconds,
            spectators_chat=msg.spectators_chat,
        )
        room.host_token = room.token_for(0)
        return room

    # -- people --------------------------------------------------------------------------------
    def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Seat a new person in an open seat; their seat and secret token."""
        self._open_for_changes()
        open_seats = [s for s, k in enumerate(self.kinds) if k == "open"]
        if seat is None:
            if not open_seats:
                raise RoomError("room_full", "every seat is taken; you can watch")
            seat = open_seats[0]
        self._has(seat)
        if self.kinds[seat] != "open":
            raise RoomError("seat_taken", f"seat {seat} is not open", seat=seat)
        self.kinds[seat], self.names[seat] = "person", _name(name)
        self.seq += 1
        return seat, self.token_for(seat)

    def tie(self, seat: int, person: str | None, before: int) -> None:
        """Record ``person`` (signed in) as the one in ``seat``, for their history: whoever
        holds its token last (a resume on another device, or after signing in). A change of
        its own unless the room already changed since ``before`` (then stored with that)."""
        if person is None or self.people.get(seat) == person:
            return
        self.people[seat] = person
        if self.seq == before:
            self._changed([])

    def chat(self, seat: int | None, text: str, name: str = "") -> dict[str, Any]:
        """A chat line of ``seat`` (None: a spectator, signed ``name``, while the host lets
        spectators chat)."""
        if seat is None and not self.spectators_chat:
            raise RoomError("spectators_quiet", "the host lets only the players chat here")
        if seat in self.muted:
            raise RoomError("muted", "the host has muted you")
        line = _typed(text, "a chat line", CHAT_LENGTH, "bad_text")
        said = name if seat is None else self.names[seat]
        return {"type": "chat", "seat": seat, "name": said, "text": line}

    def vote_end(self, seat: int, yes: bool) -> list[Event]:
        if self.status != "playing":
            raise RoomError("not_playing", "there is no session in play to end")
        (self.votes.add if yes else self.votes.discard)(seat)
        return self._changed(self._count_votes())

    def say_ready(self, seat: int, now: float) -> list[Event]:
        """``seat`` has read the deal's summary: once every person present has, the next
        deal starts (`_resting`)."""
        if self.status != "playing" or self.next_at is None:
            raise RoomError("not_paused", "the table is not resting between deals")
        self.ready.add(seat)
        return self._played([], now)

    def ask_rematch(self, seat: int, yes: bool) -> list[Event]:
        """``seat`` asks for a rematch (or takes it back); the host decides."""
        if self.status != "over":
            raise RoomError("not_over", "a rematch starts once the session is over")
        (self.rematch.add if yes else self.rematch.discard)(seat)
        return self._changed([])

    def _present(self) -> set[int]:
        """The people a vote counts: in a seat, and connected or within their grace (not
        yet away)."""
        return {s for s, k in enumerate(self.kinds) if k == "person" and s not in self.away}

    def _count_votes(self) -> list[Event]:
        """Count the votes to end again (after a vote, and whenever someone leaves, is
        removed or is marked away): only the present count, and only their votes; more
        than half of them voting yes ends the session now (its event), else []."""
        self.votes &= self._present()
        if self.status != "playing" or len(self.votes) * 2 <= len(self._present()):
            return []
        self._stop("over")
        return [Event("session_ended", None, None, {"votes": sorted(self.votes)})]

    def set_away(self, seat: int, away: bool, now: float) -> list[Event]:
        """A person dropped out (a bot plays their seat meanwhile) or came back."""
        if self.kinds[seat] != "person" or (seat in self.away) == away:
            return []
        return self._away(seat, away, now, [])

    def _away(self, seat: int, away: bool, now: float, before: list[Event]) -> list[Event]:
        """Mark ``seat`` away (a bot plays it) or back, after the events ``before`` of the
        same change; the votes are counted again."""
        (self.away.add if away else self.away.discard)(seat)
        if not away:
            self.silent.pop(seat, None)
        ended = self._count_votes()
        if ended or self.table is None or self.status != "playing":
            return self._changed(before + ended)
        bot = make_bot(STAND_IN) if away else None
        return self._played(before + self.table.seat(seat, bot), now)

    def silenced(self, seat: int) -> bool:
        """Whether ``seat`` is away because its time ran out `SILENT_TURNS` turns running
        (not because its connection went): only `resume` brings it back."""
        return seat in self.away and self.silent.get(seat, 0) >= SILENT_TURNS

    def leave(self, seat: int, now: float, why: str = "left") -> list[Event]:
        """The person leaves the seat to a bot for good (``why``: ``left``, or ``removed``
        by the host); their token holds it no more."""
        self.kinds[seat] = STAND_IN
        self.names[seat] = ""
        self.away.discard(seat)
        self.silent.pop(seat, None)
        self.vacated[seat] = why
        self.people.pop(seat, None)
        self.tokens = {d: s for d, s in self.tokens.items() if s != seat}
        if self.host == seat:
            people = [s for s, k in enumerate(self.kinds) if k == "person"]
            self.host = people[0] if people else -1
        ended = self._count_votes()
        if ended or self.table is None or self.status != "playing":
            return self._changed(ended)
        return self._played(self.table.seat(seat, make_bot(STAND_IN)), now)

    # -- the host ------------------------------------------------------------------------------
    def host_action(self, seat: int, msg: Host, now: float) -> tuple[list[Event], str | None]:
        """A host's control; the events that followed and, for ``invite``, the new token."""
        if seat != self.host:
            raise RoomError("not_host", "only the host may do that")
        what, target = msg.what, msg.seat
        if what == "start":
            return self._start(now), None
        if what == "close":
            return self.close(), None
        if what == "spectators_chat":
            return self._spectators_chat(msg.allow), None
        if what in ("rematch", "no_rematch"):
            if self.status != "over":
                raise RoomError("not_over", "a rematch starts once the session is over")
            self.rematch = set()
            if what == "no_rematch":
                return self._changed([Event("no_rematch")]), None
            self.status = "waiting"
            return self._start(now), None
        if target is None:
            raise RoomError("bad_seat", f"{what} needs a seat of this room", seat=None)
        self._has(target)
        if what == "seat":
            self._open_for_changes()
            kind = msg.kind or ""
            if self.kinds[target] == "person" or kind not in SEAT_KINDS:
                raise RoomError("bad_seat", f"seat {target} can't be made {kind!r}", seat=target)
            _learned_plays(self.rules, [kind], target)
            self.kinds[target] = kind
            self.names[target] = ""
        elif what == "invite":
            self._open_for_changes()
            if self.kinds[target] != "open":
                raise RoomError("seat_taken", f"seat {target} is not open", seat=target)
            self.kinds[target], self.names[target] = "person", "program"
            self.seq += 1
            return [], self.token_for(target)
        elif self.kinds[target] != "person" or target == seat:
            raise RoomError("bad_seat", f"seat {target} is not another person's", seat=target)
        elif what == "mute":
            self.muted.add(target)
        elif what == "hand_over":
            self.host = target
        elif what == "remove":
            return self.leave(target, now, "removed"), None
        self.seq += 1
        return [], None

    def _spectators_chat(self, allow: bool | None) -> list[Event]:
        if allow is None:
            raise RoomError("bad_field", "spectators_chat: allow is true or false", field="allow")
        self.spectators_chat = allow
        return self._changed([])

    def close(self) -> list[Event]:
        """Close the room (the host closed it, or it stood empty too long)."""
        self._stop("closed")
        return self._changed([Event("closed")])

    def _has(self, seat: int) -> None:
        if not 0 <= seat < len(self.kinds):
            last = len(self.kinds) - 1
            raise RoomError("bad_seat", f"this room has seats 0 to {last}, not {seat}", seat=seat)

    def _open_for_changes(self) -> None:
        if self.status != "waiting":
            raise RoomError("started", "seats change only before the session starts")

    def _start(self, now: float) -> list[Event]:
        if self.status != "waiting":
            raise RoomError("started", "the session has started already")
        if "open" in self.kinds:
            raise RoomError("seats_open", "fill or close the open seats first (bots or people)")
        seats: Sequence[Bot | None] = [
            None
            if k == "person" and s not in self.away
            else seated_bot(STAND_IN if k == "person" else k)
            for s, k in enumerate(self.kinds)
        ]
        paced = PACES[self.pace] > 0
        players = [
            BotSeat(k) if k in BOT_LEVELS else name
            for k, name in zip(self.kinds, self.names, strict=True)
        ]
        self.table = Table(self.rules, seats, names=players, end=self.end, pace_bots=paced)
        self.status, self.votes = "playing", set()
        return self._played(self.table.start(), now)

    # -- play ----------------------------------------------------------------------------------
    def act(self, seat: int, msg: Act, now: float) -> tuple[list[Event], int | None]:
        """``seat``'s action; the events and, for a resend of an action already applied, the
        sequence number it was applied at (and no events)."""
        done = self.recent.get(seat, {}).get(msg.id)
        if done is not None:
            return [], done
        table = self._playing()
        if msg.seq is not None and msg.seq != self.seq:
            raise RoomError("stale", "the table has moved on since; look again", seq=self.seq)
        try:
            events = table.submit(seat, _offered(table, seat, msg.action))
        except IllegalMoveError as exc:
            raise RoomError(exc.code, str(exc), **exc.params) from None
        except BigTwoError as exc:
            raise RoomError("bad_input", str(exc), **exc.params) from None
        self.silent.pop(seat, None)
        out = self._played(events, now)
        ids = self.recent.setdefault(seat, {})
        ids[msg.id] = self.seq
        while len(ids) > RECENT_IDS:
            del ids[next(iter(ids))]
        return out, None

    def why(self, seat: int, action: str) -> dict[str, Any]:
        """The ``why`` answer: may ``seat`` take ``action`` now, and if not, why (the refusal's
        code, sentence and parameters); nothing changes. A client greys out a selection and
        says why before anything is sent."""
        table = self._playing()
        refusal = table.why_not(seat, _offered(table, seat, action))
        answer: dict[str, Any] = {"type": "why", "action": action, "ok": refusal is None}
        if refusal is not None:
            answer |= {"code": refusal.code, "message": str(refusal), "params": refusal.params}
        return answer

    def expire(self, now: float) -> list[Event]:
        """The room's timer (`wakes`) ran out, if it has: the due bot's move, or the awaited
        seat's time is up and the table makes the forced action for it. A person silent for
        `SILENT_TURNS` turns running is marked away and a bot plays for them until they
        `resume`: a room nobody answers in stops storing changes. Between deals: the pause
        ran out, and the next deal starts."""
        if self.next_at is not None:  # the pause between deals
            if now < self.next_at or self.table is None or self.status != "playing":
                return []
            return self._played([], now)
        if self.bot_at is not None:
            if now < self.bot_at:
                return []
            if self.table is None or self.table.due is None:  # nothing to move: no timer
                self.bot_at = None
                return []
            return self._played(self.table.step(), now)
        if self.deadline is None or now < self.deadline or self.table is None:
            return []
        awaited = self.table.awaiting
        if not awaited:
            self.deadline = None
            return []
        seat = awaited[0]
        events = self.table.timeout(seat)
        if self.kinds[seat] == "person" and seat not in self.away:
            self.silent[seat] = self.silent.get(seat, 0) + 1
            if self.silent[seat] >= SILENT_TURNS:
                return self._away(seat, True, now, events)
        return self._played(events, now)

    def _playing(self) -> Table:
        if self.table is None or self.status != "playing":
            raise RoomError("not_playing", "no deal is in play")
        return self.table

    def _played(self, events: list[Event], now: float) -> list[Event]:
        """After the table moved: deal on between deals while a person is here (with every
        seat played by bots, a session without an end would deal on for ever), note finished
        deals, reset the turn timer, and number the change."""
        table = self._playing()
        while True:
            if table.is_over:
                self._stop("over")
                break
            if not table.between_deals or self._resting(now):
                break
            events = events + table.next_deal()
        self.finished += table.take_finished()  # the deals that ended just now
        if self.status == "playing":
            self.deadline = (
                now + self.turn_seconds if self.turn_seconds and table.awaiting else None
            )
            self.bot_at = None if table.due is None else now + PACES[self.pace]
        return self._changed(events)

    def _resting(self, now: float) -> bool:
        """Between deals: does the table rest on the deal's summary? Until every person
        present has said `ready`, or ``next_at`` (set here, `pause_seconds` on) has come. With
        nobody here it rests without a timer (every seat played by bots, a session without an
        end would deal on for ever) until someone comes back, who then gets the pause."""
        if not self._someone_here():
            self.next_at, self.ready = None, set()
            return True
        if self.next_at is None and self.pause_seconds > 0:
            self.next_at, self.ready = now + self.pause_seconds, set()
        if self.next_at is not None and now < self.next_at and not self._present() <= self.ready:
            return True
        self.next_at, self.ready = None, set()
        return False

    def _stop(self, status: str) -> None:
        """The room is ``status`` (over, closed): no turn runs out, no bot moves, no deal
        waits to start."""
        self.status, self.deadline, self.bot_at, self.next_at = status, None, None, None
        self.ready = set()

    def _someone_here(self) -> bool:
        return any(k == "person" and s not in self.away for s, k in enumerate(self.kinds))

    def _changed(self, events: list[Event]) -> list[Event]:
        self.seq += 1
        self.log.append((self.seq, events))
        return events

    # -- what each seat is sent (`room_views`) -------------------------------------------------
    def summary(self) -> RoomData:
        return room_views.summary(self)

    def state_for(self, seat: int | None) -> dict[str, Any]:
        return room_views.state_for(self, seat)

    def events_for(self, seat: int | None, events: Sequence[Event]) -> list[dict[str, Any]]:
        return room_views.events_for(seat, events)

    def missed(self, seat: int | None, last: int) -> list[dict[str, Any]] | None:
        return room_views.missed(self, seat, last)


def _offered(table: Table, seat: int, action: str) -> Move | str:
    """A second deck's card is written with ``*`` as offers write it: the offered move with
    that text (else the text, for the table to read or refuse)."""
    if "*" not in action:
        return action
    return next((m for m in bounded(table.offers(seat)) if move_text(m) == action), action)


def _name(name: object) -> str:
    """A person's name, trimmed, under the check every name passes (`checks.player_name`)."""
    try:
        return player_name(name.strip() if isinstance(name, str) else name, "a name")
    except BigTwoError as exc:
        raise RoomError("bad_name", str(exc), **exc.params) from None


def spectator_name(name: str | None) -> str:
    """A spectator's name for their chat lines: checked as a seat's is; none: ""."""
    return "" if name is None else _name(name)


def _typed(value: object, what: str, limit: int, code: str) -> str:
    """Text a person typed, shown as text: plain (no control or invisible characters),
    trimmed, not empty, at most ``limit`` characters; else refused with ``code``."""
    try:
        text = plain_text(value, what, limit).strip()
    except BigTwoError as exc:
        raise RoomError(code, str(exc), **exc.params) from None
    if not text:
        raise RoomError(code, f"{what} can't be empty", reason="empty")
    return text


def _learned_plays(rules: Rules, kinds: Sequence[str], seat: int | None = None) -> None:
    """Refuse a learned seat under rules no shipped network reads (before any deal)."""
    reason = why_not_learned(rules) if "learned" in kinds else None
    if reason is not None:
        raise RoomError("bad_seat", reason, seat=seat)
