"""Bots behind one protocol: ``choose(view, legal_moves) -> Move``."""

from . import simple as _simple  # registers the baseline bots
from .base import REGISTRY, Bot, make_bot
from .simple import GreedyBot, RandomBot

__all__ = ["REGISTRY", "Bot", "GreedyBot", "RandomBot", "make_bot"]
del _simple
