"""Named rule sets, each built from `Rules` options, with the names players type for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RulesError
from .config import Rules
from .options import FirstPlay, FlushOrder, Scoring, StraightOrder


@dataclass(frozen=True)
class Preset:
    name: str
    summary: str
    sources: str
    options: dict[str, Any]
    aliases: tuple[str, ...] = ()

    def rules(self) -> Rules:
        return Rules(name=self.name, **self.options)


PRESETS: dict[str, Preset] = {}


def _add(preset: Preset) -> None:
    PRESETS[preset.name] = preset


_add(
    Preset(
        "classic",
        "Big Two as pagat.com describes the Chinese game: ♠ > ♥ > ♣ > ♦, 3♦ leads, A-2-3-4-5 the"
        " lowest straight and 10-J-Q-K-A the highest, flushes by suit, 1/2/3 points a card.",
        "pagat.com (seed 002); Wikipedia (seeds 000, 001, 004)",
        {},
        ("standard", "default", "pagat", "big-two", "big2", "deuces", "choh-dai-di", "chor-dai-di"),
    )
)
_add(
    Preset(
        "tournament",
        "A common online and research rule set: straights ranked by their top card with 2 high"
        " (3-4-5-6-7 lowest, J-Q-K-A-2 highest), flushes by top card then suit, two pairs and"
        " four of a kind as four-card plays, the 3♦ led alone, one point a card left.",
        "Wikipedia (seed 001) for the straight order; pagat (seed 002) for the flush order",
        {
            "straight_order": StraightOrder.INDONESIA,
            "flush_order": FlushOrder.HIGH_CARD,
            "quads_alone": True,
            "two_pairs": True,
            "quads_kicker": False,
            "first_play": FirstPlay.ALONE,
            "scoring": Scoring.FLAT,
        },
        ("online", "research"),
    )
)


def _norm(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def preset_names() -> tuple[str, ...]:
    return tuple(PRESETS)


def find_preset(name: str) -> Preset:
    """The preset called ``name`` or one of its aliases; `RulesError` lists the choices."""
    key = _norm(name)
    for preset in PRESETS.values():
        if key == preset.name or key in preset.aliases:
            return preset
    raise RulesError(f"no rule set called {name!r}; choose one of: {', '.join(PRESETS)}")


def preset(name: str) -> Rules:
    return find_preset(name).rules()
