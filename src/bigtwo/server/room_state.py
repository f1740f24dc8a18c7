"""A room's state and the form it is stored in: the fields the room's rules change (`room`),
what storing a change writes (the whole form, or the patch from the form last stored) and the
room read back. Apart from the rules so that a reader of either sees only one of them.
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
from typing import Any, Self

from ..errors import BigTwoError
from ..rules.config import Rules
from ..table import Event, SessionEnd, Table
from ..view_patch import apply, diff
from . import jsontext
from .protocol import PACES, ProtocolError
from .room_type import Pace
from .store import SNAPSHOT_EVERY, Write
from .thinking import seated_bot

log = logging.getLogger("bigtwo.server")
CATCH_UP = 256  # state changes kept so that a reconnecting client gets what it missed
STAND_IN = "hard"  # the level that plays for a person who is away
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


HELD_BY_ACCOUNT = "this seat is an account's: sign in to that account to play it"


class HeldByAnother(RoomError):
    """A seat resumed by someone other than the person tied to it: refused if that person
    keeps their seat (`Hub.resume`), which is asked outside the room's change."""

    def __init__(self, holder: str | None) -> None:
        super().__init__("seat_of_account", HELD_BY_ACCOUNT)
        self.holder = holder


@dataclass
class RoomState:
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
    people: dict[int, str] = field(default_factory=dict)  # seat -> its person's id (signed in)
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

    # -- who holds each seat -------------------------------------------------------------------
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

    # -- storage -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything to bring the room back after a restart (tokens only as digests): JSON
        values as they read back (lists, text keys), none of them the room's own, so that the
        form is kept as the base of the next change's patch as it is, not copied through
        JSON text."""
        rules = self.rules.to_dict()
        table = None if self.table is None else self.table.to_dict(finished=False)
        return {
            "code": self.code,
            "rules": rules,
            "kinds": list(self.kinds),  # copies: the form is kept as the next patch's base
            "names": list(self.names),
            "end": [self.end.deals, self.end.target],
            "turn_seconds": self.turn_seconds,
            "public": self.public,
            "tokens": dict(self.tokens),
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
            "recent": {str(s): dict(ids) for s, ids in self.recent.items()},
            "recorded": self.recorded,
            **({"people": {str(s): p for s, p in self.people.items()}} if self.people else {}),
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
        form = self.to_dict()  # as read back already: encoded once, by the store (`Write.text`)
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
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The room `to_dict` stored; `RoomError` ``unreadable`` for anything this version
        can't read (a newer version's form, a damaged row), its cause chained for the log."""
        try:
            return cls._read(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RoomError("unreadable", UNREADABLE) from exc

    @classmethod
    def loads(
        cls, text: object, tail: Sequence[tuple[int, str | None]] = (), seq: int | None = None
    ) -> Self:
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
            # the base of the next patch: a copy (the room may keep parts of what it is built
            # from), made on loading only, never per change
            stored = jsontext.loads(jsontext.dumps(form))
        except (TypeError, ValueError, KeyError) as exc:
            raise RoomError("unreadable", UNREADABLE) from exc
        room = cls.from_dict(form)
        room.stored, room.snap = stored, snap
        return room

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Self:
        table, rules = data["table"], data["rules"]
        kinds = list(data["kinds"])
        bots = {
            s: seated_bot(STAND_IN if k == "person" else k)
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
            people={int(s): str(p) for s, p in data.get("people", {}).items()},  # none before
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
