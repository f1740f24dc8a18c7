"""Hints: what a bot would play in the person's place. Any bot in the registry can give them,
picked by name, so stronger bots become stronger hints without touching the game loop."""

from __future__ import annotations

from ..bots import Bot, make_bot
from ..combos import Move
from ..engine.game import Game

DEFAULT_HINT_BOT = "greedy"


class Adviser:
    """Asks one bot, seeing only the person's view, what it would do."""

    def __init__(self, bot_name: str = DEFAULT_HINT_BOT) -> None:
        self.bot: Bot = make_bot(bot_name, seed=0)

    @property
    def name(self) -> str:
        return self.bot.name

    def suggest(self, game: Game, seat: int) -> Move:
        return self.bot.choose(game.view(seat), game.legal_moves(seat))
