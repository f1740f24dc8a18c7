"""The whole table as one vector, for centralised critics: privileged, it holds every hand
and the undealt cards, so it is for training a value function, never a policy's input at
play.

Fields, in order: ``hands`` (each seat's cards, seat 0 first, one card field each),
``undealt`` (cards dealt to no one: a kitty, a stock to draw from), ``acting`` (one-hot: the
seat to act; last: nobody, the session is over), then ``table``: the observation of seat 0
(`observation.Layout`, so its relative seats are the absolute ones) with its ``decision``
field the acting seat's.

>>> from bigtwo.rules.config import Rules
>>> layout = StateLayout(Rules.preset("classic"))
>>> layout.size, layout.fields["table"]
(789, (265, 789))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..cards import mask_of
from ..features.observation import Layout, Vector, placed
from ..rules.config import Rules
from .runner import TableRunner


class StateLayout:
    """Where each field sits in the state of one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules, self.layout = rules, Layout(rules)
        p, c = rules.players, self.layout.cards
        sizes = [("hands", p * c), ("undealt", c), ("acting", p + 1), ("table", self.layout.size)]
        self.fields, self.size = placed(sizes)

    def slice(self, name: str) -> slice:
        start, stop = self.fields[name]
        return slice(start, stop)

    def encode(self, runner: TableRunner) -> Vector:
        """The state of ``runner``'s table now."""
        state = np.zeros(self.size, np.float32)
        table = runner.table
        game = table.game or table.last
        c, layout = self.layout.cards, self.layout
        if game is not None:
            hands = state[self.slice("hands")]
            for s, hand in enumerate(game.hands):
                hands[s * c : (s + 1) * c] = layout.card_bits(hand)
            state[self.slice("undealt")] = layout.card_bits(game.kitty | mask_of(game.stock))
        acting = runner.seat
        state[self.fields["acting"][0] + (self.rules.players if acting is None else acting)] = 1
        decision = "turn" if acting is None else runner.decision(acting)
        layout.encode(runner.view(0), decision, state[self.slice("table")])
        return state

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """The lowest and highest value of every entry."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        low[self.slice("table")], high[self.slice("table")] = self.layout.bounds()
        return low, high
