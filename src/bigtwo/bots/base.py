"""The `Bot` protocol: ``choose(view, legal_moves) -> Move``, with a name and a level."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..combos import Move
from ..engine.view import View
from ..errors import BigTwoError


@runtime_checkable
class Bot(Protocol):
    """A player program. It sees only its seat's view and the legal moves."""

    name: str
    level: str

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move: ...


def bounded(legal_moves: Sequence[Move]) -> Sequence[Move]:
    """The moves a bot chooses among: the legal moves themselves, or, when the engine handed
    them over on demand (``Game.moves()``), its bounded ``candidates()`` (every move for an
    ordinary hand, representatives of every shape for a big one)."""
    candidates = getattr(legal_moves, "candidates", None)
    if callable(candidates):
        found: Sequence[Move] = candidates()
        return found
    return legal_moves


BotFactory = Callable[[int | None], Bot]
REGISTRY: dict[str, BotFactory] = {}


def register(name: str) -> Callable[[BotFactory], BotFactory]:
    def add(factory: BotFactory) -> BotFactory:
        REGISTRY[name] = factory
        return factory

    return add


# The levels people choose from, weakest first, and the bot that plays each.
LEVELS: dict[str, str] = {
    "beginner": "random",
    "easy": "greedy",
    "medium": "medium",
    "hard": "heuristic",
    "expert": "expert",
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, ``heuristic``, ``expert``, …) or by level
    (``beginner``, ``easy``, ``medium``, ``hard``, ``expert``), seeded where it draws random
    numbers."""
    key = name.strip().lower()
    if key not in REGISTRY and key in LEVELS:
        key = LEVELS[key]
    if key not in REGISTRY:
        raise BigTwoError(f"no bot called {name!r}; choose one of: {', '.join(REGISTRY)}")
    return REGISTRY[key](seed)


def bot_for_level(level: str, seed: int | None = None) -> Bot:
    """The bot that plays at ``level`` (one of `LEVELS`)."""
    key = level.strip().lower()
    if key not in LEVELS:
        raise BigTwoError(f"no level called {level!r}; choose one of: {', '.join(LEVELS)}")
    return make_bot(LEVELS[key], seed)
