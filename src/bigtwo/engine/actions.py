"""Decisions other than plays and passes that the house rules give players: announcing a last
card, declaring a redeal, laying down four 2s, trading the lead card for the extra card, and
choosing cards to give in an exchange. Each is a `Move`, reachable through ``legal_moves()``."""

from __future__ import annotations

from ..cards import Card, cards_of, format_cards
from ..combos.moves import Move


class Action(Move):
    """A decision that is neither a play nor a pass; ``word`` is how it is typed."""

    __slots__ = ()
    word = ""

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"<{self.kind}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.kind)


class Announce(Action):
    """``last.announce``: "last card!" (or two cards, in Indonesia)."""

    __slots__ = ()
    kind = "announce"
    word = "announce"


class DeclareRedeal(Action):
    """``redeal.weak_hand`` / ``redeal.no_faces``: show a weak hand and ask for a new deal."""

    __slots__ = ()
    kind = "redeal"
    word = "redeal"


class LayDownTwos(Action):
    """``instant.golden_whoopin``: lay all four 2s down before any play and win the deal."""

    __slots__ = ()
    kind = "golden_whoopin"
    word = "whoopin"


class Trade(Action):
    """``deal.leftover_trade``: swap the lead card for the extra card."""

    __slots__ = ()
    kind = "trade"
    word = "trade"


class Keep(Action):
    """``deal.leftover_trade``: keep the lead card."""

    __slots__ = ()
    kind = "keep"
    word = "keep"


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


ANNOUNCE, REDEAL, WHOOPIN, TRADE, KEEP = Announce(), DeclareRedeal(), LayDownTwos(), Trade(), Keep()
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
