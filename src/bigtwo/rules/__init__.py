"""Rule configuration: the `Rules` dataclass, its option enums and the named presets."""

from .config import Rules
from .options import (
    FirstPlay,
    FiveBeating,
    FlushOrder,
    Jokers,
    Scoring,
    StraightOrder,
    SuitOrder,
)

__all__ = [
    "FirstPlay",
    "FiveBeating",
    "FlushOrder",
    "Jokers",
    "Rules",
    "Scoring",
    "StraightOrder",
    "SuitOrder",
]
