"""A session: many deals with running totals, the dealer and the first lead moving on, and
settlement at a stake per point (``core.session``). Pure, like the engine: a `Session` is
immutable and `finish` returns the next one.

>>> s = Session.start(Rules(), seed=1)
>>> g = s.next_deal()
>>> while not g.is_over:
...     g = g.play(g.legal_moves()[0])
>>> s = s.finish(g)
>>> s.deals_played, sum(s.totals), s.dealer == g.winner
(1, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .engine.game import Game
from .errors import BigTwoError
from .rules.config import Rules


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: float


@dataclass(frozen=True)
class Session:
    """The state between deals: totals so far, who deals next, every deal's scores."""

    rules: Rules
    seed: int | None = None
    dealer: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[tuple[int, ...], ...] = field(default=())  # each finished deal's scores
    winners: tuple[int, ...] = ()

    @classmethod
    def start(cls, rules: Rules, seed: int | None = None, dealer: int = 0) -> Session:
        return cls(rules=rules, seed=seed, dealer=dealer, totals=(0,) * rules.players)

    @property
    def deals_played(self) -> int:
        return len(self.results)

    def deal_seed(self) -> int | None:
        """The next deal's seed, derived from the session's (None: a secret shuffle)."""
        return None if self.seed is None else self.seed * 1_000_003 + self.deals_played

    def next_deal(self) -> Game:
        """The next deal, shuffled and dealt by the current dealer."""
        return Game.deal(self.rules, seed=self.deal_seed(), dealer=self.dealer)

    def finish(self, game: Game) -> Session:
        """The session after a finished deal: totals added; the winner deals the next."""
        scores = game.scores
        if scores is None or game.winner is None:
            raise BigTwoError("the deal isn't over yet")
        return replace(
            self,
            dealer=game.winner,
            totals=tuple(a + b for a, b in zip(self.totals, scores, strict=True)),
            results=(*self.results, scores),
            winners=(*self.winners, game.winner),
        )

    def settlement(self, stake: float = 1.0) -> list[Payment]:
        """Who pays whom: each pair settles the difference of their totals at ``stake`` a
        point; with ``winner_only`` the deals' losers paid only the winners, so each deal is
        settled between its winner and each loser.

        >>> s = Session(Rules(), totals=(33, -3, -22, -8))
        >>> [(p.payer, p.payee, p.amount) for p in s.settlement(0.5)][:2]
        [(1, 0, 18.0), (2, 0, 27.5)]
        """
        n = self.rules.players
        if self.rules.winner_only:
            owed = [[0] * n for _ in range(n)]
            for scores, winner in zip(self.results, self.winners, strict=True):
                for seat, points in enumerate(scores):
                    if seat != winner:
                        owed[seat][winner] += -points
            pairs = [(a, b, owed[a][b] - owed[b][a]) for a in range(n) for b in range(a + 1, n)]
        else:
            t = self.totals
            pairs = [(a, b, t[b] - t[a]) for a in range(n) for b in range(a + 1, n)]
        out = []
        for a, b, diff in pairs:  # diff > 0: a owes b
            if diff:
                payer, payee = (a, b) if diff > 0 else (b, a)
                out.append(Payment(payer, payee, abs(diff) * stake))
        return out
