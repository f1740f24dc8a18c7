"""A finished deal in words: who won and how."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import Catalogue

# the endings (``game.end``) the catalogue has a sentence for, after the winner's name
_ENDINGS = (
    "out",
    "last",
    "dragon",
    "grand_dragon",
    "four_twos",
    "golden_whoopin",
    "malta_dragun",
    "malta_dragun_lost",
)


def ending_words(
    end: str | None,
    winner: int | None,
    names: Sequence[str],
    t: Catalogue,
    you: int | None = None,
) -> str:
    """One sentence: ``"greedy-2 went out first and wins the deal."``; the seat ``you`` is
    spoken to: ``"You went out first and win the deal."``"""
    if end in ("draw", "redeal"):
        return t(f"term.end.{end}")
    if winner is None:
        return t("term.end.over")
    key = f"term.end.{end if end in _ENDINGS else 'win'}"
    return t(f"{key}.you") if winner == you else t(key, name=names[winner])


def finish_order_words(order: Sequence[int], names: Sequence[str]) -> str:
    """``"1. You  2. greedy-1  3. …"`` for games played on after the first player is out."""
    return "  ".join(f"{place}. {names[seat]}" for place, seat in enumerate(order, start=1))
