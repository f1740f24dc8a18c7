"""Baseline bots: `RandomBot` (any legal move) and `GreedyBot` (the lowest legal play)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..combos import Combination, Move
from ..engine.view import View
from .base import bounded, check_choice, check_seed, register


class RandomBot:
    """Chooses uniformly among the legal moves."""

    name = "random"
    level = "beginner"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(check_seed(seed))

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        legal_moves = bounded(legal_moves)
        check_choice(view, legal_moves)
        return legal_moves[self.rng.randrange(len(legal_moves))]


class GreedyBot:
    """Plays the lowest legal play: the fewest cards on a lead, the weakest that beats the
    table when following; passes only when it can't play."""

    name = "greedy"
    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        legal_moves = bounded(legal_moves)
        check_choice(view, legal_moves)
        plays = [m for m in legal_moves if isinstance(m, Combination)]
        if not plays:
            return legal_moves[0]
        return min(
            plays, key=lambda c: (c.family != view.table.family if view.table else 0, c.size, c.key)
        )


register("random")(RandomBot)
register("greedy")(GreedyBot)
