"""`State`: the fields of one deal's position and the questions every other engine module asks
of it. It knows no rule of play; the modules above it (moves, turns, refusals, transitions,
side actions, views) are functions of a `State`, and `bigtwo.Game` is the public face over it.

A state is immutable to the outside: a transition takes a `_copy` (which keeps the subclass, so
a `Game` moves on as a `Game`) and changes only the copy.
"""

from __future__ import annotations

from typing import Any, Self, TypeVar

from ..cards import Card
from ..checks import seat_number
from ..combos import Combination, Move
from ..combos.tables import Tables
from ..errors import IllegalMoveError
from ..rules.config import Rules
from .actions import ANNOUNCE
from .commitment import Exchange
from .deal import Deal
from .seats import next_seat, racer

Log = tuple[Any, int, Move] | None  # (previous log, seat, move): a persistent list
S = TypeVar("S", bound="State")  # a function that returns the state it was given keeps its class


class State:
    """One deal's position. Made by `bigtwo.engine.side_actions.start`, never directly."""

    __slots__ = (
        "_listed",
        "_log",
        "_n",
        "_past",
        "_stored",
        "direction",
        "due",
        "end",
        "hands",
        "kitty",
        "missed",
        "opening",
        "origin",
        "out",
        "passed",
        "pending",
        "rules",
        "stock",
        "table",
        "table_seat",
        "tables",
        "to_move",
        "unbeaten",
        "winner",
    )

    rules: Rules
    tables: Tables
    origin: Deal
    hands: tuple[int, ...]
    to_move: int
    table: Combination | None
    table_seat: int
    passed: int
    opening: int
    winner: int | None
    end: str | None
    direction: int
    out: tuple[int, ...]
    due: int  # seats that must announce now (last.announce), before anyone else acts
    missed: int  # seats that let an announcement go by
    kitty: int
    stock: tuple[int, ...]
    pending: tuple[Exchange, ...]
    unbeaten: Log  # plays that won their trick, as (previous, seat, combination)
    _log: Log
    _n: int
    # the moves `Game.legal_moves` last listed for one seat: `Game.play` trusts these objects
    _listed: tuple[int, tuple[Move, ...]] | None
    # the history as a tuple once asked for (a view asks at every step), carried on to the
    # states that follow: a copy of a tuple instead of walking the log again
    _past: tuple[tuple[int, Move], ...] | None
    # `Game.to_dict`'s part fixed for the deal and its actions' text so far, once asked for (a
    # server stores the game at every change), carried on as ``_past`` is
    _stored: tuple[dict[str, Any], list[str]] | None

    def _copy(self) -> Self:
        g = object.__new__(type(self))
        g.rules, g.tables, g.origin, g._n = self.rules, self.tables, self.origin, self._n
        g.hands, g.to_move, g.table, g.table_seat = (
            self.hands,
            self.to_move,
            self.table,
            self.table_seat,
        )
        g.passed, g.opening, g.winner, g.end = self.passed, self.opening, self.winner, self.end
        g.direction, g.out, g.due, g.missed = self.direction, self.out, self.due, self.missed
        g.kitty, g.stock, g.pending = self.kitty, self.stock, self.pending
        g.unbeaten, g._log, g._listed = self.unbeaten, self._log, None
        g._past, g._stored = self._past, self._stored
        return g

    def _logged(self, actor: int, move: Move) -> Self:
        """A copy with ``move`` by ``actor`` appended to the history."""
        g = self._copy()
        g._log = (self._log, actor, move)
        past = self._past
        g._past = None if past is None else (*past, (actor, move))
        if self.due and move != ANNOUNCE:
            # anyone acted, the due player too (keeping the lead): the moment has passed
            g.missed |= self.due
            g.due = 0
        return g

    def _state(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.origin,
            self.hands,
            self.to_move,
            self.table,
            self.table_seat,
            self.passed,
            self.opening,
            self.winner,
            self.end,
            self.direction,
            self.out,
            self.due,
            self.missed,
            self.kitty,
            self.stock,
            self.pending,
            tuple(self.history),
        )

    def __eq__(self, other: object) -> bool:
        """Two states are equal when the same deal has reached the same point the same way
        (so a replayed record equals the game it was written from)."""
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self._state() == other._state()

    def __hash__(self) -> int:
        return hash((self.hands, self.to_move, self.table, len(self.history)))

    # -- what everyone may ask --------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def lead_card(self) -> Card | None:
        """The card the first play is about (3♦ in the classic game), until it is made."""
        return Card(self.opening) if self.opening >= 0 else None

    @property
    def in_play(self) -> bool:
        """Has the card play begun (no exchange or trade decision still awaited)?"""
        return self.end is None and not self.pending

    @property
    def setup(self) -> tuple[int | None, tuple[Exchange, ...]]:
        """The leader and the exchanges the deal was dealt with."""
        return self.origin.terms.leader, self.origin.terms.exchanges

    @property
    def history(self) -> list[tuple[int, Move]]:
        """Every action so far as ``(seat, move)``, oldest first."""
        return list(self._history())

    def _history(self) -> tuple[tuple[int, Move], ...]:
        """`history` as a tuple, made once and shared (it can't change)."""
        if self._past is None:
            self._past = tuple(unroll(self._log))
        return self._past

    @property
    def starter(self) -> int:
        """The seat that made (or must make) the deal's first play."""
        for seat, move in self.history:
            if move.is_play:
                return seat
        return self.to_move

    # -- helpers of the rule modules --------------------------------------------------------
    def _seat(self, seat: object) -> int:
        """``seat`` if it names a seat at this table; else `IllegalMoveError` in words."""
        return seat_number(seat, self._n, "seat", IllegalMoveError)

    def _holder(self, card: int) -> int:
        return next(s for s, h in enumerate(self.hands) if h >> card & 1)

    def _out_mask(self) -> int:
        m = 0
        for s in self.out:
            m |= 1 << s
        return m

    def _after(self, seat: int, skip_passed: bool = True) -> int:
        """The next seat to act after ``seat``: skips players who are out and, with
        ``trick.no_play_after_pass``, those who passed this trick."""
        barred = self._out_mask() if self.out else 0
        if skip_passed and self.rules.no_play_after_pass:
            barred |= self.passed
        return next_seat(seat, self._n, self.direction, barred)

    def _racing(self, seat: int) -> bool:
        """``deal.race``: before the direction is set, both of the leader's neighbours may
        answer the first play; the first to act sets the direction."""
        return (
            self.direction == 0
            and self.table is not None
            and seat == racer(self.table_seat, self._n)
        )

    def _begin_play(self) -> None:
        """Start the play: the holder of the lowest card leads unless a leader was named."""
        leader = self.setup[0]
        if leader is not None:
            self.to_move = leader
        elif self.opening == -2:
            lead_card = self.tables.lowest(sum(self.hands))
            self.to_move = self._holder(lead_card)
            self.opening = lead_card


def unroll(log: Log) -> list[tuple[int, Move]]:
    """A persistent log as a list, oldest first."""
    out: list[tuple[int, Move]] = []
    node = log
    while node is not None:
        node, seat, move = node
        out.append((seat, move))
    out.reverse()
    return out
