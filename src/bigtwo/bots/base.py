"""The `Bot` protocol: ``choose(view, legal_moves) -> Move``, with a name and a level."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from ..checks import describe, seed_number, text
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
    key = text(name, "a bot's name", 100).strip().lower()
    check_seed(seed)
    if key not in REGISTRY and key in LEVELS:
        key = LEVELS[key]
    if key not in REGISTRY:
        raise BigTwoError(f"no bot called {describe(name)}; choose one of: {', '.join(REGISTRY)}")
    return REGISTRY[key](seed)


def bot_for_level(level: str, seed: int | None = None) -> Bot:
    """The bot that plays at ``level`` (one of `LEVELS`)."""
    key = text(level, "a level", 100).strip().lower()
    if key not in LEVELS:
        raise BigTwoError(f"no level called {describe(level)}; choose one of: {', '.join(LEVELS)}")
    return make_bot(LEVELS[key], seed)


def check_seed(seed: object) -> int | None:
    """A bot's seed: None or a whole number (`BigTwoError` otherwise)."""
    return seed_number(seed)


def check_choice(view: object, legal_moves: object) -> None:
    """What a bot is asked to choose from: a `View` and a non-empty list or tuple of `Move`
    (`BigTwoError` in words otherwise)."""
    if not isinstance(view, View):
        raise BigTwoError(f"a bot chooses from a seat's View, not {describe(view)}")
    if (
        not isinstance(legal_moves, Sequence)
        or isinstance(legal_moves, str)
        or not legal_moves
        or not all(isinstance(m, Move) for m in legal_moves)
    ):
        raise BigTwoError(
            f"a bot chooses from a non-empty list of legal moves, not {describe(legal_moves)}"
        )
