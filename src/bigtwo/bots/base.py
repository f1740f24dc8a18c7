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


BotFactory = Callable[[int | None], Bot]
REGISTRY: dict[str, BotFactory] = {}


def register(name: str) -> Callable[[BotFactory], BotFactory]:
    def add(factory: BotFactory) -> BotFactory:
        REGISTRY[name] = factory
        return factory

    return add


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, …), seeded where it draws random numbers."""
    key = name.strip().lower()
    if key not in REGISTRY:
        raise BigTwoError(f"no bot called {name!r}; choose one of: {', '.join(REGISTRY)}")
    return REGISTRY[key](seed)
