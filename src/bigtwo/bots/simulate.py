"""A fast, mutable model of the rest of a deal with every hand known, for search bots.

It follows the core turn rules (climbing, passing, tricks ending when everyone else passes,
``trick.no_play_after_pass``, ``trick.one_pass_ends``, the deal ending when a hand is empty)
and the legal combinations of the real engine (`hand_combos`, bombs included). Rules that only
narrow choices near the end (``last.*``) or change the flow (``deal.draw_on_pass``,
``mode.*``) are not modelled: rollouts are estimates, and the real move is always chosen from
the engine's legal moves.
"""

from __future__ import annotations

from collections.abc import Callable

from ..combos import Combination, Tables, hand_combos
from ..rules.options import Scoring


def _penalty(cards: int) -> int:
    """``core.score`` as rollouts value it: 1 a card, doubled from 10, tripled at 13+."""
    return cards * (3 if cards >= 13 else 2 if cards >= 10 else 1)


Policy = Callable[["Sim", int, list[Combination], bool], Combination | None]


class Sim:
    """One determinized deal in progress."""

    __slots__ = (
        "deck",
        "flat",
        "hands",
        "n",
        "no_replay",
        "one_pass",
        "passed",
        "passes",
        "played",
        "step",
        "t",
        "table",
        "table_seat",
        "to_move",
        "winner",
    )

    def __init__(
        self,
        t: Tables,
        hands: list[int],
        to_move: int,
        table: Combination | None,
        table_seat: int,
        passed: int,
        step: int,
        played: int,
        deck: int,
    ) -> None:
        r = t.rules
        self.t, self.hands, self.to_move = t, hands, to_move
        self.table, self.table_seat, self.passed, self.step = table, table_seat, passed, step
        self.n = len(hands)
        self.passes = 0
        if table is not None:  # passes since the table's play, counting round from it
            s = (table_seat + step) % self.n
            while s != to_move and self.passes < self.n:
                self.passes += 1
                s = (s + step) % self.n
        self.played, self.deck = played, deck
        self.no_replay, self.one_pass = r.no_play_after_pass, r.one_pass_ends
        self.flat = r.scoring is not Scoring.STANDARD
        self.winner = -1

    def copy(self) -> Sim:
        s = object.__new__(Sim)
        for name in Sim.__slots__:
            setattr(s, name, getattr(self, name))
        s.hands = list(self.hands)
        return s

    def moves(self) -> tuple[list[Combination], bool]:
        """The plays of the seat to move, and whether it may pass."""
        seat = self.to_move
        hc = hand_combos(self.hands[seat], self.t)
        if self.table is None:
            return hc.leads, False
        if self.no_replay and self.passed >> seat & 1:
            return [], True
        return hc.following(self.table, self.t), True

    def apply(self, move: Combination | None) -> None:
        seat = self.to_move
        n = self.n
        if move is not None:
            self.hands[seat] &= ~move.mask
            self.played |= move.mask
            if not self.hands[seat]:
                self.winner = seat
                return
            self.table, self.table_seat, self.passes = move, seat, 0
            self.to_move = (seat + self.step) % n
            return
        self.passes += 1
        self.passed |= 1 << seat
        if self.one_pass or self.passes >= n - 1:
            self.table, self.passes, self.passed = None, 0, 0
            self.to_move = self.table_seat
        else:
            self.to_move = (seat + self.step) % n

    def rollout(self, policy: Policy, limit: int = 400) -> None:
        """Play to the end with ``policy`` choosing every move."""
        for _ in range(limit):
            if self.winner >= 0:
                return
            plays, can_pass = self.moves()
            if not plays:
                self.apply(None)
                continue
            self.apply(policy(self, self.to_move, plays, can_pass))

    def scores(self) -> list[int]:
        """Each seat's score (``core.score`` or one point a card); zeros if unfinished."""
        if self.winner < 0:
            return [0] * self.n
        per_card = (lambda c: c) if self.flat else _penalty
        win = self.winner
        loss = [0 if s == win else per_card(h.bit_count()) for s, h in enumerate(self.hands)]
        total = sum(loss)
        return [total if s == self.winner else -x for s, x in enumerate(loss)]
