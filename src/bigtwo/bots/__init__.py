"""Bots behind one protocol: ``choose(view, legal_moves) -> Move``.

The ladder, weakest first: ``random`` (beginner), ``greedy`` (easy), ``medium`` (medium: the
heuristic with slips into greedy moves), ``heuristic`` (hard) and ``expert`` (expert:
rollouts over sampled hidden hands). Beside the ladder, ``learned`` plays a trained network
(`bigtwo.bots.learned`). `make_bot` takes a bot's name or a level; `hint`
and `review` explain moves to people.
"""

from . import expert as _expert  # registers the search bot
from . import heuristic as _heuristic  # registers the planning bots
from . import learned as _learned  # registers the learned bot (numpy loaded when one is made)
from . import simple as _simple  # registers the baseline bots
from .base import LEVELS, REGISTRY, Bot, bot_for_level, make_bot
from .expert import ExpertBot
from .explain import Hint, ReviewNote, hint, review
from .heuristic import HeuristicBot
from .simple import GreedyBot, RandomBot

__all__ = [
    "LEVELS",
    "REGISTRY",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "HeuristicBot",
    "Hint",
    "RandomBot",
    "ReviewNote",
    "bot_for_level",
    "hint",
    "make_bot",
    "review",
]
del _expert, _heuristic, _learned, _simple
