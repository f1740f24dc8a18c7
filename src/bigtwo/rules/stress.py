"""Rule sets that once stalled the engine or the bots (issue 12): each must play in time.

They are option changes on the classic rules; tests use them as fixtures and
``benchmarks/engine.py`` prints a row for each, beside every preset.
"""

from __future__ import annotations

from typing import Any

from .config import Rules
from .options import Jokers

STRESS_SETS: dict[str, dict[str, Any]] = {
    "2p-2d-smackdown": {"players": 2, "decks": 2, "smackdown": True},
    "2p-2d-straights-12": {"players": 2, "decks": 2, "straight_lengths": (12,)},
    "straights-10-13": {"straight_lengths": (10, 11, 12, 13)},
    "dragon-play": {"dragon_play": True},
    "butterfly-junk-sisters": {"butterfly": True, "trips_junk": True, "sisters": True},
    "wild-jokers-2d-8p": {"jokers": Jokers.WILD, "decks": 2, "players": 8},
}


def stress_rules(name: str) -> Rules:
    """The named stress set as `Rules` (named after it)."""
    return Rules(name=name, **STRESS_SETS[name])
