"""Cards as small ints, card sets as bitmasks, and the text notation.

A card's id never depends on the house suit order: ``id = copy * 64 + rank * 4 + suit`` with
ranks ``3 4 5 6 7 8 9 T J Q K A 2`` (0-12) and suits ``D C H S`` (0-3); the red joker is 52 and
the black joker 53. ``copy`` is 1 for the second deck's card of the same face. A hand is an int
whose bit ``id`` is set for each card held. The `Rules` supply strengths; this module only names
cards.

>>> format_cards(parse_cards("3d 4D 5♠ 10h TC 2S"))
'3D 4D 5S TH TC 2S'
>>> parse_cards("3D 3D")[1].copy
1
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from .checks import describe, whole_number
from .errors import NotationError

RANKS = "3456789TJQKA2"
SUITS = "DCHS"
SUIT_SYMBOLS = "♦♣♥♠"
RED_JOKER = 52
BLACK_JOKER = 53
COPY_STRIDE = 64
FACE_MASK = COPY_STRIDE - 1

_RANK_WORDS = {r: i for i, r in enumerate(RANKS)} | {"10": RANKS.index("T")}
_SUIT_WORDS = {s: i for i, s in enumerate(SUITS)} | {
    "♦": 0,
    "♢": 0,
    "♣": 1,
    "♧": 1,
    "♥": 2,
    "♡": 2,
    "♠": 3,
    "♤": 3,
}
_TOKEN = re.compile(
    r"\s*(?:(?P<joker>BJ|RJ)|(?P<rank>10|[2-9TJQKA])\s?(?P<suit>[DCHS♦♢♣♧♥♡♠♤]))\s*,?",
    re.IGNORECASE,
)

# emoji presentation selectors that phones put after a suit symbol (♥️)
_VARIATION_SELECTORS = {0xFE0E: None, 0xFE0F: None}


class Card(int):
    """One card; an int (its id) with readable properties.

    >>> c = Card.from_text("QH"); (c.rank, c.suit, str(c), int(c))
    (9, 2, 'QH', 38)
    """

    __slots__ = ()

    def __new__(cls, card_id: int) -> Card:
        """The card with id ``card_id``: 0-53 in the first deck (52 and 53 the jokers), 64-117
        in the second; any other value is refused."""
        if is_card_id(card_id):
            return int.__new__(cls, card_id)
        raise NotationError(
            f"{describe(card_id)} is not a card id (0-53 for one deck, 64-117 for the second)"
        )

    @classmethod
    def of(cls, rank: int, suit: int, copy: int = 0) -> Card:
        """The card of ``rank`` (0 for a 3 … 12 for a 2) and ``suit`` (0-3: D C H S) in deck
        ``copy`` (0 or 1); jokers are ``Card(52)`` and ``Card(53)``."""
        rank = whole_number(rank, "rank", 0, 12, NotationError)
        suit = whole_number(suit, "suit", 0, 3, NotationError)
        copy = whole_number(copy, "copy", 0, 1, NotationError)
        return cls(copy * COPY_STRIDE + rank * 4 + suit)

    @classmethod
    def from_text(cls, text: str) -> Card:
        cards = parse_cards(text)
        if len(cards) != 1:
            raise NotationError(f"{text!r} is not one card", reason="not_one_card", text=text[:40])
        return cards[0]

    @property
    def face(self) -> int:
        """The id of the first deck's card with this face."""
        return self & FACE_MASK

    @property
    def copy(self) -> int:
        return self >> 6

    @property
    def is_joker(self) -> bool:
        return self.face >= RED_JOKER

    @property
    def rank(self) -> int:
        """0 for a 3 … 12 for a 2; jokers are 13 (red) and 14 (black)."""
        f = self.face
        return f >> 2 if f < RED_JOKER else 13 + (f - RED_JOKER)

    @property
    def suit(self) -> int:
        """0 ♦, 1 ♣, 2 ♥, 3 ♠; -1 for a joker."""
        f = self.face
        return f & 3 if f < RED_JOKER else -1

    def __str__(self) -> str:
        return _FACE_TEXT[self & FACE_MASK]

    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``Q♥``."""
        f = self.face
        if f >= RED_JOKER:
            return str(self)
        return RANKS[f >> 2].replace("T", "10") + SUIT_SYMBOLS[f & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})" if not self.copy else f"Card({str(self)!r}, copy=1)"


def is_card_id(value: object) -> bool:
    """Is ``value`` an int naming a card (bools and out-of-range numbers are not)?"""
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and 0 <= value < 2 * COPY_STRIDE
        and value & FACE_MASK <= BLACK_JOKER
    )


# indexed by bit position; the positions no card uses (54-63) are never set in a hand
ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(2 * COPY_STRIDE))
# each face's text, worked out once: records and views name hundreds of cards an action
_FACE_TEXT = (
    *(rank + suit for rank in RANKS for suit in SUITS),
    "RJ",
    "BJ",
    *("",) * (COPY_STRIDE - BLACK_JOKER - 1),  # no card has these faces
)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards such as ``"3d 4D 5♠ 10h TC 2S"``; the k-th repeat of a face is copy k.

    >>> parse_cards("as,ah")
    (Card('AS'), Card('AH'))
    >>> parse_cards("3D 3X")
    Traceback (most recent call last):
    ...
    bigtwo.errors.NotationError: can't read '3X' as a card (write e.g. 3D, 10S, TS, Q♥, BJ)
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are read from text such as '3D 3S', not {describe(text)}")
    cards: list[Card] = []
    seen: dict[int, int] = {}
    pos = 0
    text = text.translate(_VARIATION_SELECTORS).strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise _unreadable(text, pos)
        if m.group("joker"):
            face = RED_JOKER if m.group("joker").upper() == "RJ" else BLACK_JOKER
        else:
            # look-alikes that match without case (the Kelvin sign for K) are no card
            rank_text, suit_text = m.group("rank"), m.group("suit")
            rank = _RANK_WORDS.get(rank_text.upper()) if rank_text.isascii() else None
            suit = _SUIT_WORDS.get(suit_text.upper() if suit_text.isascii() else suit_text)
            if rank is None or suit is None:
                raise _unreadable(text, pos)
            face = rank * 4 + suit
        pos = m.end()
        copy = seen.get(face, 0)
        if copy > 1:
            raise NotationError(
                f"{Card(face)} appears more than twice; even two decks have two",
                reason="third_copy",
                card=str(Card(face)),
            )
        seen[face] = copy + 1
        cards.append(Card(copy * COPY_STRIDE + face))
    return tuple(cards)


def _unreadable(text: str, pos: int) -> NotationError:
    rest = text[pos : pos + 100]
    bad = rest.split()[0] if rest.split() else rest
    return NotationError(
        f"can't read {describe(bad)} as a card (write e.g. 3D, 10S, TS, Q♥, BJ)",
        reason="not_a_card",
        text=describe(bad),
    )


def format_cards(cards: Iterable[int] | str, *, symbols: bool = False) -> str:
    """Cards as canonical text, in the order given (text is read first).

    >>> format_cards("3d 10h ts"), format_cards("3d 10h", symbols=True)
    ('3D TH TS', '3♦ 10♥')
    """
    if not isinstance(symbols, bool):
        raise NotationError(f"symbols must be true or false, not {describe(symbols)}")
    read = card_list(cards)
    if symbols:
        return " ".join(c.symbol() for c in read)
    return cards_text(read)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards the engine itself holds as canonical text, unchecked (`format_cards` checks what
    comes from outside first): a deal's commitment writes its whole deck."""
    return " ".join([_FACE_TEXT[c & FACE_MASK] for c in cards])


MAX_CARDS = 2 * (RED_JOKER + 2)  # every card of two decks with jokers


def card_list(cards: Iterable[int] | str) -> tuple[Card, ...]:
    """Cards given as text or as card ids (ints or `Card`), checked: at most two decks' worth,
    each a card.

    >>> card_list([0, 64]), card_list("3D")
    ((Card('3D'), Card('3D', copy=1)), (Card('3D'),))
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, bytes | bytearray) or not isinstance(cards, Iterable):
        raise NotationError(
            f"cards are text such as '3D 3S' or a list of card ids, not {describe(cards)}"
        )
    out: list[Card] = []
    for c in cards:
        if len(out) == MAX_CARDS:
            raise NotationError(f"more than {MAX_CARDS} cards given; two decks hold no more")
        out.append(c if type(c) is Card else Card(c))
    return tuple(out)


def card_set(cards: Iterable[int] | str) -> int:
    """Cards given as text or card ids, as a bitmask; a card named twice is refused (text
    names a second deck's card by repeating its face, ids by adding 64).

    >>> card_set("3D 3D") == card_set([0, 64]) == 1 | 1 << 64
    True
    """
    m = 0
    for c in card_list(cards):
        if m >> c & 1:
            raise NotationError(f"{c} (card id {int(c)}) is given twice")
        m |= 1 << c
    return m


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def iter_bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, by id."""
    # `iter_bits` written out: views are built from hands on every step of a table
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def popcount(mask: int) -> int:
    return mask.bit_count()


@lru_cache(maxsize=8)
def deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """A full pack: 52 cards per deck plus ``jokers`` jokers per deck (0 or 2); made once
    for each (every deal shuffles one)."""
    out: list[Card] = []
    for copy in range(decks):
        base = copy * COPY_STRIDE
        out.extend(ALL_CARDS[base + f] for f in range(52))
        out.extend(ALL_CARDS[base + RED_JOKER + j] for j in range(jokers))
    return tuple(out)
