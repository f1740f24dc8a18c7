"""Who pays whom in a deal scored by penalties, and the modifiers that move those payments:
``score.pairwise_kam``, ``score.twos_finish``, ``score.winner_only``, ``score.assistance`` and
``last.announce``.

Payments are kept as a table ``(payer, payee) -> points`` and netted into scores at the end,
so every modifier that only moves payments keeps a deal's scores summing to zero.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.config import Rules
from .outcome import TWOS, Outcome
from .penalties import SYSTEMS, penalty, rate_for

Owed = dict[tuple[int, int], int]  # (payer, payee) -> points


def to_winner(outcome: Outcome, rules: Rules, payers: Iterable[int]) -> Owed:
    """Each payer pays the winner its penalty (``core.score`` and every penalty system)."""
    w = outcome.winner
    return {(s, w): penalty(s, outcome, rules) for s in payers}


def pairwise(outcome: Outcome, rules: Rules, payers: Iterable[int]) -> Owed:
    """``score.pairwise_kam``: between each two players the one with more cards pays the
    other the difference, at the system's rate for that difference (so with 10 cards you pay
    the winner 20 but a player with 2 cards only 8), times your own doublings (2s held, …).
    The top rate for never having played applies only to what is paid to the winner."""
    system = SYSTEMS[rules.scoring]
    w = outcome.winner
    # the winner holds no cards, except after an immediate win, where its hand doesn't count
    counts = [0 if s == w else c for s, c in enumerate(outcome.counts)]
    seats = sorted({*payers, w})
    owed: Owed = {}
    for a in seats:
        for b in seats:
            diff = counts[a] - counts[b]
            if diff <= 0 or a == w:
                continue
            fresh = b == w and outcome.fresh(a)
            doubling = system.doubling(outcome.left[a], outcome, rules)
            owed[a, b] = diff * rate_for(a, diff, fresh, outcome, rules) * doubling
    return owed


def twos_finish(outcome: Outcome) -> bool:
    """``score.twos_finish``: the winner's last play is made of 2s only (one, two or three)."""
    last = outcome.last_play()
    return bool(last) and last & ~TWOS == 0


def scaled(owed: Owed, factor: int) -> Owed:
    return {k: v * factor for k, v in owed.items()}


def only_to(owed: Owed, payee: int) -> Owed:
    """``score.winner_only``: the payments to the winner alone."""
    return {(a, b): v for (a, b), v in owed.items() if b == payee}


def assisted(owed: Owed, assister: int, winner: int) -> Owed:
    """``score.assistance``: the assister makes every payment the other losers would have
    made, on top of its own; the others pay nothing (and still receive what they are owed)."""
    out: Owed = {}
    for (a, b), v in owed.items():
        payer = a if a in (assister, winner) else assister
        if payer != b:
            out[payer, b] = out.get((payer, b), 0) + v
    return out


def net(owed: Owed, players: int) -> tuple[int, ...]:
    scores = [0] * players
    for (a, b), v in owed.items():
        scores[a] -= v
        scores[b] += v
    return tuple(scores)


def forgot(owed: Owed, winner: int, players: int) -> tuple[int, ...]:
    """``last.announce``: a winner who never announced the last card takes the penalty of
    every other player (what they would have paid the winner) and they score 0. The points
    leave the table: this is the one penalty ending that doesn't sum to zero."""
    scores = [0] * players
    scores[winner] = -sum(v for (_, b), v in owed.items() if b == winner)
    return tuple(scores)


def settle(owed: Owed, outcome: Outcome, rules: Rules) -> tuple[int, ...]:
    """Apply the modifiers, in this order: 2s finishing doubles everything; winner-only keeps
    the payments to the winner; a forgotten announcement turns them on the winner; otherwise
    the assister takes over the other losers' payments."""
    w, n = outcome.winner, outcome.players
    if rules.twos_finish_double and twos_finish(outcome):
        owed = scaled(owed, 2)
    if rules.winner_only:
        owed = only_to(owed, w)
    if outcome.forgot_announce:
        return forgot(owed, w, n)
    a = outcome.assister
    if rules.assistance and a is not None and a != w:
        owed = assisted(owed, a, w)
    return net(owed, n)
