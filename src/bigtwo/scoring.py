"""Scoring systems: pure functions from a finished deal (an `Outcome`) to each seat's score."""

from __future__ import annotations

from dataclasses import dataclass

from .rules.config import Rules
from .rules.options import Scoring


@dataclass(frozen=True)
class Outcome:
    """What scoring may look at: who won, the hands dealt and left, who led, every play."""

    winner: int
    dealt: tuple[int, ...]  # each seat's hand as dealt (bitmasks)
    left: tuple[int, ...]  # each seat's cards at the end
    starter: int  # the seat that made the deal's first play
    plays: tuple[tuple[int, int], ...]  # every play as (seat, card mask), in order
    finish_order: tuple[int, ...] = ()  # seats in the order they went out (winner first)
    unbeaten: tuple[tuple[int, int], ...] = ()  # plays that won their trick: (seat, mask)
    assister: int | None = None  # who could have stopped the winner's last single and didn't
    forgot_announce: bool = False  # the winner never announced "last card" (last.announce)
    instant: str | None = None  # an immediate win: "dragon", "four_twos", "malta_dragun", …
    teams: tuple[int, ...] | None = None  # each seat's team in mode.teams

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.left)


def standard_penalty(cards: int) -> int:
    """``core.score``: one point a card, doubled with 10-12 cards, tripled with 13 or more.

    >>> [standard_penalty(n) for n in (3, 11, 8, 13)]
    [3, 22, 8, 39]
    """
    return cards * (3 if cards >= 13 else 2 if cards >= 10 else 1)


def score(outcome: Outcome, rules: Rules) -> tuple[int, ...]:
    """Each seat's score; losers pay penalties and the winner gains what they lose.

    >>> o = Outcome(0, (0,) * 4, (0, 0b111, 0b11111111111, 0b11111111), 1, ())
    >>> score(o, Rules())
    (33, -3, -22, -8)
    """
    per_card = standard_penalty if rules.scoring is Scoring.STANDARD else (lambda n: n)
    penalties = [0 if s == outcome.winner else per_card(n) for s, n in enumerate(outcome.counts)]
    total = sum(penalties)
    return tuple(total if s == outcome.winner else -p for s, p in enumerate(penalties))
