"""A finished deal in words: who won and how."""

from __future__ import annotations

from collections.abc import Sequence

# How each ending reads after the player's name (``game.end``); {s} and {was} agree with it.
_ENDINGS = {
    "out": "went out first and win{s} the deal",
    "last": "went out first",
    "dragon": "{was} dealt a dragon and win{s} at once",
    "grand_dragon": "{was} dealt a suited dragon and win{s} at once",
    "four_twos": "{was} dealt all four 2s and win{s} at once",
    "golden_whoopin": "laid down all four 2s and win{s} the deal",
    "malta_dragun": "{was} dealt a dragun (six pairs) and win{s} at once",
    "malta_dragun_lost": "{was} dealt a dragun with a pair of 3s, which loses at once",
}


def ending_words(
    end: str | None, winner: int | None, names: Sequence[str], you: int | None = None
) -> str:
    """One sentence: ``"greedy-2 went out first and wins the deal."``; the seat ``you`` is
    spoken to: ``"You went out first and win the deal."``"""
    if end == "draw":
        return "The deal is drawn: nobody scores."
    if end == "redeal":
        return "The cards are thrown in and dealt again."
    if winner is None:
        return "The deal is over."
    second = winner == you
    words = _ENDINGS.get(end or "", "win{s} the deal")
    text = words.format(s="" if second else "s", was="were" if second else "was")
    return f"{'You' if second else names[winner]} {text}."


def finish_order_words(order: Sequence[int], names: Sequence[str]) -> str:
    """``"1. You  2. greedy-1  3. …"`` for games played on after the first player is out."""
    return "  ".join(f"{place}. {names[seat]}" for place, seat in enumerate(order, start=1))
