"""Decisions other than plays and passes that the house rules give players: announcing a last
card, declaring a redeal, laying down four 2s, trading the lead card for the extra card, and
choosing cards to give in an exchange. Each is a `Move`, reachable through ``legal_moves()``."""

from __future__ import annotations

from ..cards import Card, cards_of, format_cards
from ..combos.moves import Move


class Action(Move):
    """A decision that is neither a play nor a pass, typed as its ``word``."""

    __slots__ = ("_kind", "word")

    def __init__(self, kind: str, word: str) -> None:
        self._kind = kind
        self.word = word

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self._kind

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"<{self._kind}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other._kind == self._kind

    def __hash__(self) -> int:
        return hash(self._kind)


ANNOUNCE = Action("announce", "announce")  # last.announce: "last card!" (two, in Indonesia)
REDEAL = Action("redeal", "redeal")  # redeal.weak_hand / redeal.no_faces: show and redeal
WHOOPIN = Action("golden_whoopin", "whoopin")  # instant.golden_whoopin: lay down four 2s
TRADE = Action("trade", "trade")  # deal.leftover_trade: swap the lead card for the extra card
KEEP = Action("keep", "keep")  # deal.leftover_trade: keep it


class Give(Move):
    """Cards handed over in an exchange (``mode.president``, ``start.three_player_exchange``)."""

    __slots__ = ("_mask",)
    kind = "give"

    def __init__(self, mask: int) -> None:
        self._mask = mask

    @property
    def mask(self) -> int:
        return self._mask

    @property
    def cards(self) -> tuple[Card, ...]:
        return cards_of(self._mask)

    def __str__(self) -> str:
        return f"give {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"<{self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Give) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("give", self._mask))


WORDS: dict[str, Action] = {
    "announce": ANNOUNCE,
    "last": ANNOUNCE,
    "last card": ANNOUNCE,
    "redeal": REDEAL,
    "whoopin": WHOOPIN,
    "golden whoopin": WHOOPIN,
    "four twos": WHOOPIN,
    "trade": TRADE,
    "keep": KEEP,
}


def hidden_give(count: int) -> Action:
    """How a gift of ``count`` cards looks to a player who neither gave nor received it."""
    return Action("give", f"give {count} card{'s' * (count != 1)}")
