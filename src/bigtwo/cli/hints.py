"""Hints and reviews for the person at the table: what a level's bot would play, with a
one-line reason, and after a deal the moves where the expert would have played otherwise.
Any level or bot name can advise, so stronger bots become stronger hints without touching
the game loop."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import LEVELS, Hint, ReviewNote, hint, make_bot, review
from ..combos import Move
from ..engine.game import Game
from ..engine.view import View
from ..errors import BigTwoError

DEFAULT_HINT_LEVEL = "hard"


class Adviser:
    """Asks one level's bot, seeing only the person's view, what it would do and why."""

    def __init__(self, level_or_bot: str = DEFAULT_HINT_LEVEL) -> None:
        key = level_or_bot.strip().lower()
        if key not in LEVELS:
            bot = make_bot(key)  # refuses an unknown name, listing the bots
            levels = [level for level, name in LEVELS.items() if name == bot.name]
            if not levels:
                raise BigTwoError(f"{key!r} gives no hints; choose a level: {', '.join(LEVELS)}")
            key = levels[0]
        self.level = key

    @property
    def name(self) -> str:
        """How the hint is introduced: the level and the bot that plays it."""
        return f"{self.level} ({LEVELS[self.level]})"

    def suggest(self, view: View, candidates: Sequence[Move]) -> Hint:
        """What the level's bot would do from ``view``, choosing among ``candidates``."""
        return hint(view, candidates, self.level)

    @staticmethod
    def review(game: Game, seat: int) -> list[ReviewNote]:
        """The moves of ``seat`` in a finished deal where the expert would have differed."""
        return review(game, seat)
