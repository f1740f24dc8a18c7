"""`HeuristicBot`: plans its hand as a whole and plays by the plan.

It splits the hand into the fewest, strongest plays (`planning`), sheds weak plays first,
keeps sure winners (counted against the cards still unseen) for winning the lead back,
plays them out when that leaves one last play, and defends when an opponent is down to one
or two cards. `MediumBot` plays the same way but slips: some of its moves are the greedy
bot's, which puts it between ``greedy`` and ``heuristic`` in strength.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..checks import describe
from ..combos import PASS, Combination, Move
from ..engine.view import View
from ..errors import BigTwoError
from .base import bounded, check_choice, check_seed, register
from .policy import choose
from .side_actions import plays_only, side_action
from .simple import GreedyBot
from .situation import situation

SLIP = 0.4  # how often the medium level plays the greedy move instead


class HeuristicBot:
    """Plans its hand, keeps control cards, counts cards, defends, finishes cleanly."""

    name = "heuristic"
    level = "hard"

    def __init__(self, seed: int | None = None, careful: bool = True) -> None:
        check_seed(seed)
        if not isinstance(careful, bool):
            raise BigTwoError(f"careful must be true or false, not {describe(careful)}")
        self.careful = careful

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        legal_moves = bounded(legal_moves)
        check_choice(view, legal_moves)
        return heuristic_move(view, legal_moves, self.careful)


def heuristic_move(view: View, legal_moves: Sequence[Move], careful: bool = True) -> Move:
    """The heuristic's choice among ``legal_moves``."""
    if len(legal_moves) == 1:
        return legal_moves[0]
    special = side_action(view, legal_moves)
    if special is not None:
        return special
    moves = plays_only(legal_moves) or list(legal_moves)
    plays = [m for m in moves if isinstance(m, Combination)]
    can_pass = PASS in moves
    if not plays:
        return PASS if can_pass else moves[0]
    picked = choose(situation(view, legal_moves, careful), plays, can_pass)
    return PASS if picked is None else picked


class MediumBot:
    """The heuristic with slips: on ``SLIP`` of its decisions it plays the greedy move."""

    name = "medium"
    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(check_seed(seed))
        self.greedy = GreedyBot()

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        legal_moves = bounded(legal_moves)
        check_choice(view, legal_moves)
        if self.rng.random() < SLIP:
            return self.greedy.choose(view, side_action_free(legal_moves))
        return heuristic_move(view, legal_moves)


def side_action_free(legal_moves: Sequence[Move]) -> Sequence[Move]:
    """The plays and the pass when there are any (a slip never claims a redeal)."""
    return plays_only(legal_moves) or legal_moves


register("heuristic")(HeuristicBot)
register("medium")(MediumBot)
