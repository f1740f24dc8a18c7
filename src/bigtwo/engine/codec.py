"""Cards, moves and rules as the JSON-ready text a `View` is written in, and read back.

Cards are canonical text (``format_cards``), except that a second deck's card carries a
trailing ``*`` (``"3D 3D*"``): a view must say which copy a seat holds, and text that only
repeats a face can't when the first copy is elsewhere. With one deck the text is exactly
``format_cards``'s. Moves are their ``str``: ``pass``, the action words, ``give 3D 4C``, a
hidden gift ``give 2 cards``, or a play's cards (read back by classifying them).

>>> from bigtwo.cards import parse_cards
>>> cards_text(parse_cards("3D 3D 4C"))
'3D 3D* 4C'
>>> [int(c) for c in read_cards("3D* 4C", "hand")]
[64, 5]
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import ALL_CARDS, COPY_STRIDE, Card, parse_cards
from ..checks import describe, is_whole
from ..checks import text as checked_text
from ..combos import PASS, Move
from ..combos.classify import classify_mask
from ..combos.moves import Combination
from ..combos.tables import Tables
from ..errors import BigTwoError
from ..rules.config import Rules
from .actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, Give, hidden_give

_TEXT = 2_000  # characters of any one text field that are read at all
_ITEMS = 10_000  # items of any one list (a long history with draws stays far below)
_ACTIONS = {str(a): a for a in (ANNOUNCE, REDEAL, WHOOPIN, TRADE, KEEP)}
_HIDDEN_GIFT = re.compile(r"give (\d{1,3}) cards?")


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as canonical text, a second deck's card marked ``*``."""
    return " ".join([_CARD_TEXT[c] for c in cards])


_CARD_TEXT = tuple(str(c) + "*" * c.copy for c in ALL_CARDS)  # by id: views name many cards
_SECOND_DECK = 1 << COPY_STRIDE  # the lowest bit of a second deck's card


def read_cards(value: object, what: str) -> tuple[Card, ...]:
    """The cards `cards_text` wrote; `BigTwoError` naming ``what`` for anything else."""
    words = checked_text(value, what, _TEXT).split()
    out: list[Card] = []
    seen: set[int] = set()
    for word in words:
        second = word.endswith("*")
        try:
            found = parse_cards(word[:-1] if second else word)
        except BigTwoError as exc:
            raise BigTwoError(f"{what}: {exc}") from None
        if len(found) != 1:
            raise BigTwoError(f"{what}: {describe(word)} is not one card")
        card = Card(found[0] + COPY_STRIDE * second)
        if card in seen:
            raise BigTwoError(f"{what} names {word} twice")
        seen.add(card)
        out.append(card)
    return tuple(out)


def move_text(move: Move) -> str:
    """A move as text: plays and gifts by their cards (`cards_text`), the rest by name."""
    if isinstance(move, Combination):
        # one deck: the play's own text, which it remembers (each view names the whole
        # history); a second deck's cards are marked
        return str(move) if move.mask < _SECOND_DECK else cards_text(move.cards)
    if isinstance(move, Give):
        return f"give {cards_text(move.cards)}"
    return str(move)


def read_play(value: object, t: Tables) -> Combination:
    """The play whose cards ``value`` names, classified under the deal's tables ``t``."""
    mask = _mask(read_cards(value, "a play"))
    combo = classify_mask(mask, t) if mask else None
    if combo is None:
        raise BigTwoError(f"{describe(value)} is no combination under these rules")
    return combo


def read_move(value: object, t: Tables) -> Move:
    """The move `move_text` wrote."""
    text = checked_text(value, "a move", _TEXT)
    if text == "pass":
        return PASS
    if text in _ACTIONS:
        return _ACTIONS[text]
    hidden = _HIDDEN_GIFT.fullmatch(text)
    if hidden is not None:
        count = int(hidden.group(1))
        gift = hidden_give(count)
        if count < 1 or str(gift) != text:
            raise BigTwoError(f"{describe(text)} is no gift")
        return gift
    if text.startswith("give "):
        mask = _mask(read_cards(text[5:], "a gift"))
        if not mask:
            raise BigTwoError("a gift names no cards")
        return Give(mask)
    return read_play(text, t)


def read_rules(value: object) -> Rules:
    """The rules as `rules_fields` wrote them (every option and the preset's name)."""
    if not isinstance(value, dict):
        raise BigTwoError(f"the rules must be a mapping of options, not {describe(value)}")
    values = dict(value)
    name = values.pop("preset", None)
    if not isinstance(name, str) or name != values.get("name"):
        raise BigTwoError("the rules must name their preset, as they name themselves")
    try:
        return Rules.from_dict(values)
    except BigTwoError as exc:
        raise BigTwoError(f"the rules: {exc}") from None


class Fields:
    """A mapping read from JSON that must hold exactly ``keys``; values are handed out as
    they are (the dataclass they build checks them) or as checked lists of numbers."""

    def __init__(self, data: object, what: str, keys: tuple[str, ...] | list[str]) -> None:
        if not isinstance(data, dict):
            raise BigTwoError(f"{what} must be a mapping, not {describe(data)}")
        missing = [k for k in keys if k not in data]
        extra = [k for k in data if k not in keys]
        if missing:
            raise BigTwoError(f"{what} has no {', '.join(missing)}")
        if extra:
            raise BigTwoError(f"{what} has a field it should not: {describe(str(extra[0]))}")
        self.data, self.what = data, what

    def get(self, key: str) -> Any:
        return self.data[key]

    def shown(self, key: str) -> str:
        return describe(self.data[key])

    def items(self, key: str) -> list[object]:
        value = self.data[key]
        if not isinstance(value, list) or len(value) > _ITEMS:
            raise BigTwoError(f"{self.what}'s {key} must be a list, not {describe(value)}")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        values = self.items(key)
        if not all(is_whole(v) for v in values):
            raise BigTwoError(f"{self.what}'s {key} must hold whole numbers: {describe(values)}")
        return tuple(values)  # type: ignore[arg-type]


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
