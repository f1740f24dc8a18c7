"""`View`: everything one seat may know, and nothing more (``fair.hidden_hands``).

A spectator's view has ``seat == SPECTATOR`` and no hand. `View.to_dict` and `View.from_dict`
(in `bigtwo.engine.view_dict`) carry a view as JSON-ready data built from a whitelist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any, NoReturn

from ..cards import Card
from ..checks import describe, is_whole
from ..combos import Combination, Move, tables_for
from ..errors import BigTwoError
from ..rules.config import Rules
from .codec import Fields as _Fields
from .codec import cards_text, move_text, read_cards, read_move, read_play, read_rules
from .commitment import rules_fields

VIEW_VERSION = 2  # the layout of `View.to_dict`; a change that breaks readers bumps it
# the layouts `View.from_dict` still reads: version 1 wrote each history entry without the
# play's kind
_READABLE = (1, VIEW_VERSION)


SPECTATOR = -1  # the seat of a view that sees no hand: someone watching the table
EXCHANGE_WAYS = ("lowest", "highest", "choose", "trade")


@dataclass(frozen=True)
class SessionSummary:
    """Where the session stands, as plain data a table adds to each view: every seat's total,
    the deals played, the end it plays to (a number of deals, a target score, or neither: open
    ended) and whether it is over."""

    totals: tuple[int, ...]
    deals_played: int = 0
    deals_target: int | None = None
    target_score: int | None = None
    over: bool = False

    def __post_init__(self) -> None:
        """Refuse a summary no session could show (`BigTwoError` naming the field)."""
        if not isinstance(self.totals, tuple) or not all(_points(t) for t in self.totals):
            _wrong("session totals", self.totals)
        if not is_whole(self.deals_played) or not 0 <= self.deals_played < 10**9:
            _wrong("session deals_played", self.deals_played)
        if self.deals_target is not None and not (
            is_whole(self.deals_target) and 1 <= self.deals_target < 10**9
        ):
            _wrong("session deals_target", self.deals_target)
        if self.target_score is not None and not _points(self.target_score):
            _wrong("session target_score", self.target_score)
        if not isinstance(self.over, bool):
            _wrong("session over", self.over)


@dataclass(frozen=True)
class View:
    """One seat's picture of the deal: its own cards, every count (``fair.counts``), the table
    and the public history. Other hands are never in it."""

    seat: int
    rules: Rules
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    to_move: int
    table: Combination | None
    table_seat: int
    passed: tuple[int, ...]
    history: tuple[tuple[int, Move], ...]
    lead_card: Card | None
    winner: int | None
    commitment: str
    out: tuple[int, ...] = ()  # seats already out, in order (mode.until_last)
    stock_count: int = 0  # cards left to draw (deal.draw_on_pass)
    # undealt cards the table knows: a face-up extra card, the lead card traded into the kitty,
    # the lowest cards discarded by rule (deal.leftover_*)
    shown: tuple[Card, ...] = ()
    end: str | None = None  # how the deal ended, once over
    direction: int = 1  # 1 or -1 (see `Game`), 0 while a race sets it (deal.race)
    twos_low: bool = False  # a dealt four of a kind flipped the 2s low (cards.bomb_flips_twos)
    announce_due: bool = False  # this seat must announce now (last.announce)
    # the exchange or trade decision awaited: (giver, receiver, count, how); receiver -1 and
    # how "trade" for the leftover trade. The parties and the count are public, the cards not.
    pending: tuple[int, int, int, str] | None = None
    # the seats the table waits on, as far as this seat may know: the player to move, seats
    # with an announcement due, and this seat itself when it may act out of turn. Another
    # seat's bomb, claim or racing answer is left out: that would tell what it holds.
    may_act: tuple[int, ...] = ()
    session: SessionSummary | None = None  # filled by the table that runs the session
    # the exchanges the deal began with, as `pending` writes one: the terms are public
    exchanges: tuple[tuple[int, int, int, str], ...] = ()
    dealt: tuple[Card, ...] = ()  # this seat's cards as dealt, before any exchange

    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data, written field by field from a whitelist: cards as
        text (a second deck's card marked ``*``), moves as their text, the rules as a record
        writes them. Each history entry is ``[seat, move, kind]``: a play's combination kind
        (the code a play event's ``combo`` carries), null for any other move, so a reader
        names a play as it was named live without classifying it again."""
        s = self.session
        return {
            "view": VIEW_VERSION,
            "seat": self.seat,
            "rules": rules_fields(self.rules),
            "hand": cards_text(self.hand),
            "counts": list(self.counts),
            "to_move": self.to_move,
            "table": None if self.table is None else move_text(self.table),
            "table_seat": self.table_seat,
            "passed": list(self.passed),
            "history": [[seat, move_text(move), _kind(move)] for seat, move in self.history],
            "lead_card": None if self.lead_card is None else cards_text((self.lead_card,)),
            "winner": self.winner,
            "commitment": self.commitment,
            "out": list(self.out),
            "stock_count": self.stock_count,
            "shown": cards_text(self.shown),
            "end": self.end,
            "direction": self.direction,
            "twos_low": self.twos_low,
            "announce_due": self.announce_due,
            "pending": None if self.pending is None else list(self.pending),
            "may_act": list(self.may_act),
            "exchanges": [list(e) for e in self.exchanges],
            "dealt": cards_text(self.dealt),
            "session": None
            if s is None
            else {
                "totals": list(s.totals),
                "deals_played": s.deals_played,
                "deals_target": s.deals_target,
                "target_score": s.target_score,
                "over": s.over,
            },
        }

    @classmethod
    def from_dict(cls, data: object) -> View:
        """The view `to_dict` wrote (after a JSON round trip too); `BigTwoError` in words for
        anything else."""
        d = _Fields(data, "a view", _VIEW_KEYS)
        version = d.get("view")
        if type(version) is not int or version not in _READABLE:
            wanted = f"a view of version {' or '.join(map(str, _READABLE))}"
            raise BigTwoError(f"{wanted} was expected, not {d.shown('view')}")
        rules = read_rules(d.get("rules"))
        twos_low = d.get("twos_low")
        if not isinstance(twos_low, bool):
            _wrong("twos_low", twos_low)
        t = tables_for(rules, twos_low)
        table = d.get("table")
        lead = d.get("lead_card")
        lead_cards = None if lead is None else read_cards(lead, "lead_card")
        if lead_cards is not None and len(lead_cards) != 1:
            _wrong("lead_card", lead)
        return cls(
            seat=d.get("seat"),
            rules=rules,
            hand=read_cards(d.get("hand"), "hand"),
            counts=d.numbers("counts"),
            to_move=d.get("to_move"),
            table=None if table is None else read_play(table, t),
            table_seat=d.get("table_seat"),
            passed=d.numbers("passed"),
            history=tuple(_history_entry(h, t, version) for h in d.items("history")),
            lead_card=None if lead_cards is None else lead_cards[0],
            winner=d.get("winner"),
            commitment=d.get("commitment"),
            out=d.numbers("out"),
            stock_count=d.get("stock_count"),
            shown=read_cards(d.get("shown"), "shown"),
            end=d.get("end"),
            direction=d.get("direction"),
            twos_low=twos_low,
            announce_due=d.get("announce_due"),
            pending=_pending(d.get("pending")),
            may_act=d.numbers("may_act"),
            session=_session(d.get("session")),
            exchanges=tuple(_exchange(e) for e in d.items("exchanges")),
            dealt=read_cards(d.get("dealt"), "dealt"),
        )

    def __post_init__(self) -> None:
        """Refuse a view no deal could show (`BigTwoError` naming the field)."""
        if not isinstance(self.rules, Rules):
            _wrong("rules", self.rules)
        n = self.rules.players
        if not isinstance(self.counts, tuple) or len(self.counts) != n:
            _wrong("counts", self.counts)
        if not all(is_whole(c) and 0 <= c <= 128 for c in self.counts):
            _wrong("counts", self.counts)
        if not _seat(self.to_move, n):
            _wrong("to_move", self.to_move)
        if not (self.seat == SPECTATOR or _seat(self.seat, n)):
            _wrong("seat", self.seat)
        if self.seat == SPECTATOR and self.hand:
            _wrong("hand of a spectator", self.hand)
        if self.seat == SPECTATOR and self.announce_due is True:
            _wrong("announce_due of a spectator", True)
        if self.seat == SPECTATOR and self.dealt:
            _wrong("dealt hand of a spectator", self.dealt)
        if not (self.table_seat == -1 or _seat(self.table_seat, n)):
            _wrong("table_seat", self.table_seat)
        if not (self.winner is None or _seat(self.winner, n)):
            _wrong("winner", self.winner)
        for name in ("hand", "shown", "dealt"):
            cards = getattr(self, name)
            if not isinstance(cards, tuple) or not all(type(c) is Card for c in cards):
                _wrong(name, cards)
        for name in ("passed", "out", "may_act"):
            seats = getattr(self, name)
            if not isinstance(seats, tuple) or not all(_seat(s, n) for s in seats):
                _wrong(name, seats)
        if not isinstance(self.history, tuple) or not all(
            isinstance(h, tuple) and len(h) == 2 and _seat(h[0], n) and isinstance(h[1], Move)
            for h in self.history
        ):
            _wrong("history", self.history)
        if not (self.table is None or isinstance(self.table, Combination)):
            _wrong("table", self.table)
        if not (self.lead_card is None or type(self.lead_card) is Card):
            _wrong("lead_card", self.lead_card)
        if not isinstance(self.commitment, str) or not _HASH.fullmatch(self.commitment):
            _wrong("commitment", self.commitment)
        if not (self.end is None or type(self.end) is str):
            _wrong("end", self.end)
        if not is_whole(self.stock_count) or not 0 <= self.stock_count <= 128:
            _wrong("stock_count", self.stock_count)
        self._check_table_state(n)

    def _check_table_state(self, n: int) -> None:
        if not (is_whole(self.direction) and self.direction in (1, -1, 0)):
            _wrong("direction", self.direction)
        for name in ("twos_low", "announce_due"):
            if not isinstance(getattr(self, name), bool):
                _wrong(name, getattr(self, name))
        if self.pending is not None and not _is_exchange(self.pending, n):
            _wrong("pending", self.pending)
        if not isinstance(self.exchanges, tuple) or not all(
            _is_exchange(e, n) for e in self.exchanges
        ):
            _wrong("exchanges", self.exchanges)
        s = self.session
        if s is not None and not (isinstance(s, SessionSummary) and len(s.totals) == n):
            _wrong("session", s)

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def hand_mask(self) -> int:
        m = 0
        for c in self.hand:
            m |= 1 << c
        return m

    @property
    def played_mask(self) -> int:
        """Every card played so far, by anyone."""
        m = 0
        for _, move in self.history:
            m |= move.mask
        return m


_HASH = re.compile(r"(?:[0-9a-f]{64})?")  # a SHA-256 commitment, or none for a fixed deal


def _seat(value: object, players: int) -> bool:
    return is_whole(value) and 0 <= value < players  # type: ignore[operator]


_VIEW_KEYS = ("view", *(f.name for f in fields(View)))
_SESSION_KEYS = ("totals", "deals_played", "deals_target", "target_score", "over")


def _kind(move: Move) -> str | None:
    """A play's combination kind (public, as the play is); None for any other move."""
    return move.kind if isinstance(move, Combination) else None


def _history_entry(entry: object, t: Any, version: int) -> tuple[int, Move]:
    """``[seat, move, kind]`` (``[seat, move]`` in version 1). The kind is the one the move's
    cards classify as under the deal's tables, or the entry is refused."""
    if not isinstance(entry, list) or len(entry) != (2 if version == 1 else 3):
        _wrong("history entry", entry)
    seat, text = entry[:2]
    move = read_move(text, t)
    if version > 1 and entry[2] != _kind(move):
        _wrong(f"history entry's kind for {describe(text)}", entry[2])
    return seat, move


def _is_exchange(p: object, n: int) -> bool:
    """Is ``p`` an exchange as `View.pending` writes one: (giver, receiver, count, how)?"""
    return (
        isinstance(p, tuple)
        and len(p) == 4
        and _seat(p[0], n)
        and (p[1] == -1 or _seat(p[1], n))
        and is_whole(p[2])
        and 0 <= p[2] <= 128
        and p[3] in EXCHANGE_WAYS
        and type(p[3]) is str
    )


def _pending(data: object) -> tuple[int, int, int, str] | None:
    return None if data is None else _exchange(data, "pending")


def _exchange(data: object, name: str = "exchange") -> tuple[int, int, int, str]:
    if not isinstance(data, list) or len(data) != 4:
        _wrong(name, data)
    giver, receiver, count, how = data
    return giver, receiver, count, how


def _session(data: object) -> SessionSummary | None:
    if data is None:
        return None
    d = _Fields(data, "a view's session", _SESSION_KEYS)
    return SessionSummary(
        totals=d.numbers("totals"),
        deals_played=d.get("deals_played"),
        deals_target=d.get("deals_target"),
        target_score=d.get("target_score"),
        over=d.get("over"),
    )


def _points(value: object) -> bool:
    return is_whole(value) and -(10**12) < value < 10**12  # type: ignore[operator]


def _wrong(name: str, value: object) -> NoReturn:
    raise BigTwoError(f"a View's {name} can't be {describe(value)}")
