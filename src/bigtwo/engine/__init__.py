"""The game engine: immutable `Game` states, dealing, seat views and records. Pure: no I/O, no
clock, and randomness only from an explicit seed (or ``secrets`` for an unseeded shuffle)."""

from .commitment import Terms, commit
from .deal import Deal
from .game import Game, Record
from .view import View

__all__ = ["Deal", "Game", "Record", "Terms", "View", "commit"]
