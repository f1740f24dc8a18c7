"""`View`: everything one seat may know, and nothing more (``fair.hidden_hands``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from ..cards import Card
from ..checks import describe, is_whole
from ..combos import Combination, Move
from ..errors import BigTwoError
from ..rules.config import Rules


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

    def __post_init__(self) -> None:
        """Refuse a view no deal could show (`BigTwoError` naming the field)."""
        if not isinstance(self.rules, Rules):
            _wrong("rules", self.rules)
        n = self.rules.players
        if not isinstance(self.counts, tuple) or len(self.counts) != n:
            _wrong("counts", self.counts)
        if not all(is_whole(c) and 0 <= c <= 128 for c in self.counts):
            _wrong("counts", self.counts)
        for name in ("seat", "to_move"):
            if not _seat(getattr(self, name), n):
                _wrong(name, getattr(self, name))
        if not (self.table_seat == -1 or _seat(self.table_seat, n)):
            _wrong("table_seat", self.table_seat)
        if not (self.winner is None or _seat(self.winner, n)):
            _wrong("winner", self.winner)
        for name in ("hand", "shown"):
            cards = getattr(self, name)
            if not isinstance(cards, tuple) or not all(type(c) is Card for c in cards):
                _wrong(name, cards)
        for name in ("passed", "out"):
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


def _wrong(name: str, value: object) -> NoReturn:
    raise BigTwoError(f"a View's {name} can't be {describe(value)}")
