"""`View`: everything one seat may know, and nothing more (``fair.hidden_hands``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..combos import Combination, Move
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
