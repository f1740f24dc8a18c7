"""Moves: a pass, or a play of one `Combination` (a set of cards with its kind and strength)."""

from __future__ import annotations

from ..cards import Card, cards_of, format_cards
from ..errors import IllegalMoveError

# every bit that names no card (ids 54-63, 118 and up), so a mask holding one is refused
_NOT_CARDS = ~sum(1 << c for c in range(128) if c & 63 < 54)


class Move:
    """Something a player does on their turn: `PASS` or a `Combination`."""

    __slots__ = ()
    kind: str = "move"

    @property
    def is_pass(self) -> bool:
        return False

    @property
    def is_play(self) -> bool:
        return False

    @property
    def cards(self) -> tuple[Card, ...]:
        return ()

    @property
    def mask(self) -> int:
        return 0


class Pass(Move):
    """Playing no cards."""

    __slots__ = ()
    kind = "pass"

    @property
    def is_pass(self) -> bool:
        return True

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("pass")


PASS = Pass()


class Combination(Move):
    """A playable set of cards: its ``kind`` (e.g. ``"full_house"``), ``family`` (which plays it
    may follow) and ``key`` (its strength within the family; higher beats lower)."""

    __slots__ = ("_kind", "_mask", "_text", "family", "four_rank", "key", "size", "top")

    def __init__(
        self, mask: int, kind: str, family: int, key: int, four_rank: int = -1, top: int = -1
    ) -> None:
        if not (
            type(mask) is int
            and mask > 0
            and not mask & _NOT_CARDS
            and type(kind) is str
            and type(family) is type(key) is type(four_rank) is type(top) is int
        ):
            raise IllegalMoveError(
                "a Combination is a card bitmask, a kind (text) and whole numbers: use"
                " classify(cards) or game.legal_moves() to get one",
                reason="wrong_value",
                argument="combination",
            )
        self._mask = mask
        self._kind = kind
        self.family = family
        self.key = key
        self.size = mask.bit_count()
        self.four_rank = four_rank  # rank position of a four of a kind inside, or -1
        self.top = top  # for singles: the card id
        self._text: str | None = None

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self._kind

    @property
    def mask(self) -> int:
        return self._mask

    @property
    def is_play(self) -> bool:
        return True

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards_of(self._mask)

    def __str__(self) -> str:
        if self._text is None:  # written once: records and snapshots name each play again
            self._text = format_cards(self.cards)
        return self._text

    @property
    def words(self) -> str:
        """The cards as a player reads them, with suit symbols: ``3♦ 3♠``."""
        return format_cards(self.cards, symbols=True)

    def __repr__(self) -> str:
        return f"<{self._kind} {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Combination) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(self._mask)
