"""Combinations: what a set of cards is (`classify`), what beats what (`beats`), and the fast
generation of every combination a hand holds."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import COPY_STRIDE, Card, card_set, iter_bits
from ..checks import instance
from ..errors import NotationError
from ..rules.config import Rules
from .beats import beats as _beats
from .beats import can_lead, why_not
from .classify import classify_mask
from .generate import HandCombos, hand_combos
from .moves import PASS, Combination, Move, Pass
from .tables import Tables, tables_for

CardsLike = str | Iterable[int]


def to_mask(cards: CardsLike) -> int:
    """Cards given as text or as `Card` ids, as a bitmask (checked: `NotationError`)."""
    return card_set(cards)


def _rules(rules: Rules | None) -> Rules:
    return Rules() if rules is None else instance(rules, Rules, "rules", "a Rules")


def _mask(cards: CardsLike, rules: Rules) -> int:
    """`to_mask`, refusing a second deck's card where the rules have one deck: "3D 3D" is a
    card written twice there, not a pair."""
    mask = to_mask(cards)
    if rules.decks == 1 and mask >> COPY_STRIDE:
        twice = Card(next(iter_bits(mask >> COPY_STRIDE)))
        raise NotationError(f"{twice} is given twice, but these rules have one deck")
    return mask


def classify(cards: CardsLike, rules: Rules | None = None) -> Combination | None:
    """The combination ``cards`` form under ``rules`` (classic when omitted), or None.

    >>> classify("3S 3H 3D 3C 5D").kind
    'four_of_a_kind'
    >>> classify("4D 5C 6H 7S 9D") is None
    True
    """
    chosen = _rules(rules)
    return classify_mask(_mask(cards, chosen), tables_for(chosen))


def beats(new: CardsLike, previous: CardsLike, rules: Rules | None = None) -> bool:
    """May ``new`` be played on ``previous``? False when either is no combination.

    >>> beats("AS", "AH"), beats("AH", "KS"), beats("KS KC", "KH KD")
    (True, True, True)
    >>> beats("3S 3H 3D 3C 5D", "2S 2H 2D AS AH")
    True
    """
    chosen = _rules(rules)
    t = tables_for(chosen)
    a, b = classify_mask(_mask(new, chosen), t), classify_mask(_mask(previous, chosen), t)
    return a is not None and b is not None and _beats(a, b, t)


__all__ = [
    "PASS",
    "Card",
    "CardsLike",
    "Combination",
    "HandCombos",
    "Move",
    "Pass",
    "Tables",
    "beats",
    "can_lead",
    "classify",
    "classify_mask",
    "hand_combos",
    "tables_for",
    "to_mask",
    "why_not",
]
