"""A fast, mutable model of the rest of a deal with every hand known, for search bots.

It follows the core turn rules (climbing, passing, tricks ending when everyone else still in
has passed, ``trick.no_play_after_pass``, ``trick.one_pass_ends``), how the deal ends (the
first player out, or in ``mode.until_last`` and ``mode.president`` the last player left, the
lead passing on from a player who went out, ``suits.penning``) and the legal combinations of
the real engine (`hand_combos`, bombs included). With ``trick.no_play_after_pass`` a player
whose play came back round leads afresh (the engine lets them beat their own play first).
A finished rollout is scored by the rule set's own scoring (`bigtwo.scoring.score`: penalty
systems, winner-only points, a single loser, places, teams). Rules that only narrow choices
near the end (``last.*``) or change the flow (``deal.draw_on_pass``) are not modelled:
rollouts are estimates, and the real move is always chosen from the engine's legal moves.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import mask_of
from ..combos import Combination, Tables
from ..combos.lazy import bot_combos
from ..engine.seats import next_seat
from ..engine.view import View
from ..rules.options import Mode, Scoring
from ..scoring import Outcome, score
from ..scoring.systems import place_points
from .knowledge import deck_mask, direction, played_mask

Policy = Callable[["Sim", int, list[Combination], bool], Combination | None]

_CLOCK_EVERY = 2  # rollout steps between asking whether to stop


class Sim:
    """One determinized deal in progress."""

    __slots__ = (
        "deck",
        "hands",
        "last",
        "n",
        "no_replay",
        "one_pass",
        "out",
        "passed",
        "penning",
        "played",
        "spent",
        "starter",
        "step",
        "t",
        "table",
        "table_seat",
        "teams",
        "to_move",
        "until_last",
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
        *,
        out: tuple[int, ...] = (),
        spent: list[int] | None = None,
        starter: int = 0,
    ) -> None:
        r = t.rules
        self.t, self.hands, self.to_move = t, hands, to_move
        self.table, self.table_seat, self.passed, self.step = table, table_seat, passed, step
        self.n = len(hands)
        self.played, self.deck = played, deck
        self.no_replay, self.one_pass = r.no_play_after_pass, r.one_pass_ends
        self.until_last = r.mode in (Mode.UNTIL_LAST, Mode.PRESIDENT)
        self.penning = r.lowest_leads_play_on
        self.teams = r.teams
        self.out = list(out)  # seats out, in order (mode.until_last)
        self.spent = list(spent) if spent is not None else [0] * self.n  # each seat's plays
        self.starter = starter
        self.last: tuple[int, int] | None = None  # the latest play: (seat, mask)
        self.winner = -1

    @classmethod
    def from_view(cls, view: View, t: Tables) -> Sim:
        """The deal as ``view`` sees it; the other hands are left empty for a sample to fill."""
        spent = [0] * view.players
        starter = -1
        for seat, move in view.history:
            if isinstance(move, Combination):
                spent[seat] |= move.mask
                starter = seat if starter < 0 else starter
        return cls(
            t,
            [0] * view.players,
            view.seat,
            view.table,
            view.table_seat,
            sum(1 << s for s in view.passed),
            direction(view),
            played_mask(view),
            deck_mask(view) & ~mask_of(view.shown),  # public undealt cards are out of play
            out=view.out,
            spent=spent,
            starter=view.seat if starter < 0 else starter,
        )

    def copy(self) -> Sim:
        s = object.__new__(Sim)
        for name in Sim.__slots__:
            setattr(s, name, getattr(self, name))
        s.hands = list(self.hands)
        s.out = list(self.out)
        s.spent = list(self.spent)
        return s

    def moves(self) -> tuple[list[Combination], bool]:
        """The plays of the seat to move, and whether it may pass."""
        seat = self.to_move
        hc = bot_combos(self.hands[seat], self.t)
        if self.table is None:
            return hc.leads, False
        if self.no_replay and self.passed >> seat & 1:
            return [], True
        return hc.following(self.table, self.t), True

    def after(self, seat: int, skip_passed: bool = True) -> int:
        """The next seat to act after ``seat``: not out, and (``trick.no_play_after_pass``)
        not one that passed this trick."""
        barred = self.out_mask()
        if skip_passed and self.no_replay:
            barred |= self.passed
        return next_seat(seat, self.n, self.step, barred)

    def out_mask(self) -> int:
        m = 0
        for s in self.out:
            m |= 1 << s
        return m

    def apply(self, move: Combination | None) -> None:
        seat = self.to_move
        if move is not None:
            self.hands[seat] &= ~move.mask
            self.played |= move.mask
            self.spent[seat] |= move.mask
            self.last = (seat, move.mask)
            self.table, self.table_seat = move, seat
            if not self.no_replay:
                self.passed = 0
            if not self.hands[seat]:
                self.out.append(seat)
                active = [s for s in range(self.n) if self.hands[s]]
                if not self.until_last or len(active) <= 1:
                    self.winner = self.out[0]
                    self.out += sorted(active, key=lambda s: self.hands[s].bit_count())
                    return
            self.to_move = self.after(seat)
            return
        self.passed |= 1 << seat
        full = (1 << self.n) - 1
        if self.one_pass or (self.passed | 1 << self.table_seat | self.out_mask()) == full:
            lead = self.table_seat
            if lead in self.out:
                lead = self.after(lead, skip_passed=False)
                if self.penning:  # suits.penning: the lowest card left leads
                    low = 1 << self.t.lowest(sum(self.hands))
                    lead = next(s for s, h in enumerate(self.hands) if h & low)
            self.table, self.passed, self.to_move = None, 0, lead
        else:
            self.to_move = self.after(seat)

    def rollout(
        self, policy: Policy, limit: int = 2000, stop: Callable[[], bool] | None = None
    ) -> bool:
        """Play to the end with ``policy`` choosing every move; False if ``stop()`` (asked
        every few moves: out of time?) said so first, leaving the deal unfinished."""
        for step in range(limit):
            if self.winner >= 0:
                return True
            if stop is not None and step % _CLOCK_EVERY == 0 and stop():
                return False
            plays, can_pass = self.moves()
            if not plays:
                self.apply(None)
                continue
            self.apply(policy(self, self.to_move, plays, can_pass))
        return self.winner >= 0

    def scores(self) -> list[int]:
        """Each seat's score under the rule set's scoring (zeros if unfinished). Where the
        rules only record the order (``score.ranking`` without points), places count as
        ``score.ranking``'s points, so that finishing higher is worth something."""
        if self.winner < 0:
            return [0] * self.n
        rules = self.t.rules
        last = self.last
        outcome = Outcome(
            winner=self.winner,
            dealt=tuple(h | s for h, s in zip(self.hands, self.spent, strict=True)),
            left=tuple(self.hands),
            starter=self.starter,
            plays=(last,) if last is not None else (),
            finish_order=tuple(self.out),
            teams=self.teams,
        )
        if rules.scoring is Scoring.RANKING_ORDER:
            points = [0] * self.n
            for place, seat in enumerate(outcome.finished()):
                points[seat] = place_points(place, self.n)
            return points
        return list(score(outcome, rules))
