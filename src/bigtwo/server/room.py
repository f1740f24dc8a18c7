"""A room: one table, its seats and the people in them, free of sockets and clocks (the time
arrives as ``now``). The hub hands each message in under the room's lock; the room answers
with what changed, and builds each seat's message from that seat's view only.

>>> room = Room.create("ABCD2345", Create(type="create", name="Ann", seats=["easy"] * 3))
>>> seat, token = 0, room.host_token
>>> _ = room.host_action(0, Host(type="host", what="start"), now=0.0)
>>> room.status, room.state_for(0)["view"]["seat"]
('playing', 0)
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import Bot, make_bot
from ..bots.base import bounded
from ..bots.learned import why_not as why_not_learned
from ..checks import BotSeat, plain_text, player_name
from ..combos import Combination, Move
from ..engine.codec import move_text
from ..engine.view import SPECTATOR
from ..errors import BigTwoError, IllegalMoveError
from ..rules.changes import load_rules
from ..rules.config import Rules
from ..table import Event, SessionEnd, Table
from ..view_patch import apply, diff
from . import jsontext
from .protocol import (
    CHAT_LENGTH,
    PACES,
    SEAT_KINDS,
    Act,
    Create,
    Host,
    Pace,
    ProtocolError,
    Summary,
)
from .store import SNAPSHOT_EVERY, Write
from .summary import deal_summary

log = logging.getLogger("bigtwo.server")
RECENT_IDS = 64  # per seat: action ids remembered so that a resend is applied once
CATCH_UP = 256  # state changes kept so that a reconnecting client gets what it missed
BOT_LEVELS = SEAT_KINDS[1:]
STAND_IN = "hard"  # the level that plays for a person who is away
SILENT_TURNS = 3  # a person whose time runs out this many turns running is marked away
UNSEATED = {  # why a connection no longer holds its seat (the `unseated` message's code)
    "left": "you left this seat; a bot plays it now",
    "removed": "the host gave your seat to a bot",
    "closed": "the room is closed",
}
SAME_RULES = "room"  # stored in a part of the table whose rules are the room's own
UNREADABLE = "this room is stored in a form this server can't read; it is kept as it is"
QUICK = frozenset({"open", "person", "random", "easy", "medium", "hard"})  # with one deck,
# these decide in well under a millisecond: less than handing the work to a thread costs


class RoomError(ProtocolError):
    """A message the room refuses (it was well formed): a code and the sentence."""


@dataclass
class Room:
    """One table online. Seats are ``kinds[s]``: ``open``, ``person`` or a bot's level; a
    person's seat has their name in ``names``, any other seat "" (a bot is named by its level
    where it is shown, in the reader's language, and its records keep the level)."""

    code: str
    rules: Rules
    kinds: list[str]
    names: list[str]
    end: SessionEnd
    turn_seconds: float
    public: bool
    tokens: dict[str, int] = field(default_factory=dict)  # SHA-256 of a seat token -> seat
    host: int = 0
    status: str = "waiting"  # waiting, playing, over, closed
    seq: int = 0
    deadline: float | None = None  # when the awaited seat's time runs out (epoch seconds)
    pace: Pace = "instant"  # how soon each bot moves (`PACES`): instant, within the change
    bot_at: float | None = None  # when the due bot moves (a paced room; epoch seconds)
    pause_seconds: float = 0.0  # how long the table rests on each deal's summary
    next_at: float | None = None  # between deals: when the next deal starts at the latest
    ready: set[int] = field(default_factory=set)  # between deals: who has said `ready`
    rematch: set[int] = field(default_factory=set)  # after the session: who asked for one
    spectators_chat: bool = False  # whether spectators may chat (the host's to say)
    muted: set[int] = field(default_factory=set)
    away: set[int] = field(default_factory=set)  # people whose seat a bot plays meanwhile
    votes: set[int] = field(default_factory=set)
    vacated: dict[int, str] = field(default_factory=dict)  # seat -> why its person went
    silent: dict[int, int] = field(default_factory=dict)  # seat -> timeouts in a row
    recent: dict[int, dict[str, int]] = field(default_factory=dict)  # seat -> id -> seq
    table: Table | None = None
    finished: list[Any] = field(default_factory=list)  # deals ended since the hub last stored
    recorded: int = 0  # records of finished deals stored so far
    log: deque[tuple[int, list[Event]]] = field(default_factory=lambda: deque(maxlen=CATCH_UP))
    host_token: str = ""
    # the form last stored (the base of the next change's patch; None: the next is stored
    # whole) and the version of the last whole snapshot
    stored: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    snap: int = field(default=0, repr=False, compare=False)

    @property
    def wakes(self) -> float | None:
        """When the room's timer must act: the due bot's move, else the awaited seat's
        deadline (never both: while a bot is due nobody is awaited), else between deals the
        end of the pause."""
        return next((w for w in (self.bot_at, self.deadline, self.next_at) if w is not None), None)

    @property
    def quick(self) -> bool:
        """Whether a change may run on the event loop: one deck, and no bot that thinks long
        (the expert searches; the two-deck heuristic takes milliseconds)."""
        return self.rules.decks == 1 and all(k in QUICK for k in self.kinds)

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
        kinds = ["person", *msg.seats[: n - 1]]
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

    def token_for(self, seat: int) -> str:
        """A new secret token for ``seat`` (only its digest is kept)."""
        token = secrets.token_urlsafe(24)
        self.tokens[token_digest(token)] = seat
        return token

    def seat_of(self, token: str) -> int:
        seat = self.tokens.get(token_digest(token))
        if seat is None:
            raise RoomError("bad_token", "that seat token is not valid in this room")
        return seat

    def lost(self, seat: int, digest: str | None) -> str | None:
        """Why whoever holds the token with ``digest`` no longer holds ``seat`` (a code of
        `UNSEATED`), or None while they do. Every connection speaking for a seat is checked
        against this: a token holds its seat until its person leaves or is removed, or the
        room closes (a bot standing in while they are away holds nothing)."""
        if self.status == "closed":
            return "closed"
        if digest is None or self.tokens.get(digest) != seat:
            return self.vacated.get(seat, "removed")
        return None

    def holding(self, seat: int, digest: str | None) -> None:
        """Refuse, as `not_seated`, whoever no longer holds ``seat``."""
        why = self.lost(seat, digest)
        if why is not None:
            raise RoomError("not_seated", UNSEATED[why], why=why)

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
            else make_bot(STAND_IN if k == "person" else k)
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

    # -- storage -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything to bring the room back after a restart (tokens only as digests)."""
        rules = self.rules.to_dict()
        table = None if self.table is None else self.table.to_dict(finished=False)
        return {
            "code": self.code,
            "rules": rules,
            "kinds": self.kinds,
            "names": self.names,
            "end": [self.end.deals, self.end.target],
            "turn_seconds": self.turn_seconds,
            "public": self.public,
            "tokens": self.tokens,
            "host": self.host,
            "status": self.status,
            "seq": self.seq,
            "deadline": self.deadline,
            "pace": self.pace,
            "bot_at": self.bot_at,
            "pause_seconds": self.pause_seconds,
            "next_at": self.next_at,
            "ready": sorted(self.ready),
            "rematch": sorted(self.rematch),
            "spectators_chat": self.spectators_chat,
            "muted": sorted(self.muted),
            "away": sorted(self.away),
            "votes": sorted(self.votes),
            "vacated": {str(s): why for s, why in self.vacated.items()},
            "silent": {str(s): n for s, n in self.silent.items()},
            "recent": {str(s): ids for s, ids in self.recent.items()},
            "recorded": self.recorded,
            "table": None if table is None else _rules_swapped(table, rules, SAME_RULES),
        }

    def write(self, action: dict[str, Any] | None, seat: int | None) -> Write:
        """What storing this change writes: the patch from the form last stored (the whole
        form every `SNAPSHOT_EVERY` changes, while the room is not in play (the lobby reads
        waiting rooms whole) and where it starts playing: the store's row of the room,
        written only with a snapshot, says which rooms are open), the action, the deals it
        ended (their records, numbered on from those stored before)."""
        # one line each: `Record.dumps` indents for people, with the slower pure-Python
        # encoder (whose reference cycles outlive the call, too)
        first = self.recorded
        records = tuple(jsontext.dumps(g.record().to_dict()) for g in self.finished)
        self.finished, self.recorded = [], self.recorded + len(records)
        form = jsontext.loads(jsontext.dumps(self.to_dict()))  # as read back: lists, text keys
        base = self.stored
        due = (  # the room's row says whether it is open and public: written with a snapshot
            self.status != "playing"
            or self.seq - self.snap >= SNAPSHOT_EVERY
            or base is None
            or (base["status"], base["public"]) != (form["status"], form["public"])
        )
        base = None if due else base
        patch = None if base is None else diff(base, form)
        if patch is None:
            self.snap = self.seq
        self.stored = form
        return Write(form, action, seat, time.time(), records, first, patch)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Room:
        """The room `to_dict` stored; `RoomError` ``unreadable`` for anything this version
        can't read (a newer version's form, a damaged row), its cause chained for the log."""
        try:
            return cls._read(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RoomError("unreadable", UNREADABLE) from exc

    @classmethod
    def loads(
        cls, text: object, tail: Sequence[tuple[int, str | None]] = (), seq: int | None = None
    ) -> Room:
        """`from_dict` of a stored room (`store.Stored`): its snapshot's JSON text with the
        patches of the changes after it in ``tail`` applied, through version ``seq``.
        Anything else (a NULL, text that isn't JSON, a change missing or not fitting) is
        ``unreadable``."""
        try:
            data = jsontext.loads(text)  # type: ignore[arg-type]
            snap = data["seq"]  # an older server's write may have left rooms.snap behind
            ops: list[Any] = []
            after = [(number, patch) for number, patch in tail if number > snap]
            for expected, (number, patch) in enumerate(after, snap + 1):
                if number != expected or patch is None:
                    raise ValueError(f"change {expected} after the snapshot is missing")
                ops += jsontext.loads(patch)
            form = apply(data, ops) if ops else data
            if seq is not None and form["seq"] != seq:
                raise ValueError(f"changes {form['seq'] + 1} to {seq} are missing")
            stored = jsontext.loads(jsontext.dumps(form))  # the base of the next patch
        except (TypeError, ValueError, KeyError) as exc:
            raise RoomError("unreadable", UNREADABLE) from exc
        room = cls.from_dict(form)
        room.stored, room.snap = stored, snap
        return room

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Room:
        table, rules = data["table"], data["rules"]
        kinds = list(data["kinds"])
        bots = {
            s: make_bot(STAND_IN if k == "person" else k)
            for s, k in enumerate(kinds)
            if k not in ("person", "open") or s in data["away"]
        }
        return cls(
            code=data["code"],
            rules=Rules.from_dict(rules),
            kinds=kinds,
            names=list(data["names"]),
            end=SessionEnd(*data["end"]),
            turn_seconds=data["turn_seconds"],
            public=data["public"],
            tokens=dict(data["tokens"]),
            host=data["host"],
            status=data["status"],
            seq=data["seq"],
            deadline=data["deadline"],
            pace=_pace(data.get("pace", "instant")),  # a room stored before paces had none
            bot_at=data.get("bot_at"),
            pause_seconds=float(data.get("pause_seconds", 0.0)),  # none before pauses
            next_at=data.get("next_at"),
            ready={int(s) for s in data.get("ready", ())},
            rematch={int(s) for s in data.get("rematch", ())},
            spectators_chat=bool(data.get("spectators_chat", False)),  # stored before: none
            muted=set(data["muted"]),
            away=set(data["away"]),
            votes=set(data["votes"]),
            vacated={int(s): _known(why) for s, why in data.get("vacated", {}).items()},
            silent={int(s): int(n) for s, n in data.get("silent", {}).items()},
            recent={int(s): dict(ids) for s, ids in data["recent"].items()},
            recorded=data["recorded"],
            table=None
            if table is None
            else Table.from_dict(_rules_swapped(table, SAME_RULES, rules), bots),
        )

    # -- what each seat is sent ----------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """The room as anyone may see it (the lobby, every seat and spectator)."""
        table = self.table
        return {
            "code": self.code,
            "rules": self.rules.name,
            "players": self.rules.players,
            "seats": [
                {"seat": s, "kind": k, "name": self.names[s], "away": s in self.away}
                for s, k in enumerate(self.kinds)
            ],
            "host": self.host,
            "status": self.status,
            "public": self.public,
            "turn_seconds": self.turn_seconds,
            "pace": self.pace,
            "pause_seconds": self.pause_seconds,
            "spectators_chat": self.spectators_chat,
            "deals": self.end.deals,
            "target": self.end.target,
            "totals": None if table is None else list(table.session.totals),
            # each deal's scores in this session (a rematch starts a new list)
            "scores": [] if table is None else [list(r.scores) for r in table.session.results],
            "deals_played": 0 if table is None else table.session.deals_played,
            "dealer": None if table is None else table.session.dealer,
        }

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The full state for ``seat`` (None: a spectator): the room and that seat's view."""
        table, view, offers = self.table, None, None
        if table is not None:
            shown = table.spectator_view() if seat is None else table.view(seat)
            view = shown.to_dict()
            if seat is not None and self.status == "playing" and table.game is not None:
                offers = [move_text(m) for m in bounded(table.offers(seat))]
        return {
            "type": "state",
            "seq": self.seq,
            "room": self.summary(),
            "seat": seat,
            "view": view,
            "offers": offers,
            "awaiting": [] if table is None or self.status != "playing" else list(table.awaiting),
            "deadline": self.deadline,
            "summary": self._summary(),
        }

    def _summary(self) -> Summary | None:
        """The last deal's summary while the table rests on it, or after the session."""
        table = self.table
        resting = self.status == "playing" and table is not None and table.between_deals
        if table is None or table.last is None or not (resting or self.status == "over"):
            return None
        return deal_summary(table, self.next_at, sorted(self.ready), sorted(self.rematch))

    def events_for(self, seat: int | None, events: Sequence[Event]) -> list[dict[str, Any]]:
        """The events as ``seat`` may see them (gifts it took no part in show as a count)."""
        return [_event(e.seen_by(SPECTATOR if seat is None else seat)) for e in events]

    def missed(self, seat: int | None, last: int) -> list[dict[str, Any]] | None:
        """The events after ``last``, or None when they are no longer kept."""
        kept = [(n, evs) for n, evs in self.log if n > last]
        if last < self.seq and (not kept or kept[0][0] > last + 1):
            return None
        return [e for _, evs in kept for e in self.events_for(seat, evs)]


def log_unreadable(code: object, refused: RoomError, what: str) -> None:
    """Log why the stored room ``code`` was ``refused`` as unreadable (``what``: "not loaded",
    "not read"). Where the rules or the game refused it in words, or its text is no JSON, that
    is all there is to say; any other cause may be this version's own fault, and its
    traceback goes in the log too."""
    cause = refused.__cause__
    plain = cause is None or isinstance(cause, BigTwoError | json.JSONDecodeError)
    log.warning("room=%s %s: %s", code, what, cause or refused, exc_info=None if plain else cause)


def _rules_swapped(table: dict[str, Any], old: Any, new: Any) -> dict[str, Any]:
    """A table's stored form with the rules of each of its parts (the session's, the deal's,
    the last deal's) that are ``old`` given as ``new``. Stored, the room's own rules are
    named (`SAME_RULES`), not repeated: the copies were three fifths of a snapshot, which is
    written with every change; a room stored before keeps its copies."""
    return {
        key: {**part, "rules": new} if isinstance(part, dict) and part.get("rules") == old else part
        for key, part in table.items()
    }


def _offered(table: Table, seat: int, action: str) -> Move | str:
    """A second deck's card is written with ``*`` as offers write it: the offered move with
    that text (else the text, for the table to read or refuse)."""
    if "*" not in action:
        return action
    return next((m for m in bounded(table.offers(seat)) if move_text(m) == action), action)


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


def _known(why: str) -> str:
    """A stored reason a seat's person went, one this version can say."""
    if why not in UNSEATED:
        raise ValueError(f"no such reason for an empty seat: {why!r}")
    return why


def _pace(pace: str) -> Pace:
    """A stored pace, one this version knows."""
    if pace not in PACES:
        raise ValueError(f"no such pace: {pace!r}")
    return pace  # type: ignore[return-value]


def token_digest(token: str) -> str:
    """What the room keeps of a seat's token, and a connection of the token it holds."""
    return hashlib.sha256(token.encode()).hexdigest()


def _learned_plays(rules: Rules, kinds: Sequence[str], seat: int | None = None) -> None:
    """Refuse a learned seat under rules no shipped network reads (before any deal)."""
    reason = why_not_learned(rules) if "learned" in kinds else None
    if reason is not None:
        raise RoomError("bad_seat", reason, seat=seat)
