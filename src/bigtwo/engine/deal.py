"""Dealing: a fixed deal or a shuffled one, and the commitment that proves a shuffle fair.

Before the first play every deal carries ``commitment = sha256(deck order + salt)``; the deck
order and the salt are revealed in the record afterwards, so anyone can check that the hands
came from the committed deck (``fair.shuffle``). Without a seed the deck is shuffled with
``secrets`` (the operating system's cryptographic source).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, cards_of, deck, format_cards, mask_of, parse_cards
from ..combos.tables import tables_for
from ..errors import BigTwoError
from ..rules.config import Rules
from ..rules.options import Jokers


@dataclass(frozen=True)
class Deal:
    """How the cards came out: the hands (bitmasks, seat 0 first) and how to prove it."""

    hands: tuple[int, ...]
    seed: int | None = None
    order: tuple[Card, ...] = ()  # the shuffled deck, empty for a fixed deal
    salt: str = ""
    commitment: str = ""
    kitty: int = 0  # cards dealt to nobody (kept hidden)
    dealer: int = 0

    def verify(self) -> bool:
        """Does the revealed deck and salt match the commitment made before play?"""
        return bool(self.order) and commit(self.order, self.salt) == self.commitment


def commit(order: Sequence[int], salt: str) -> str:
    """The published hash of a deck order and a secret salt."""
    return hashlib.sha256(f"{format_cards(order)}|{salt}".encode()).hexdigest()


def full_deck(rules: Rules) -> tuple[Card, ...]:
    return deck(rules.decks, 2 if rules.jokers is not Jokers.NONE else 0)


def shuffled_deal(rules: Rules, seed: int | None = None, dealer: int = 0) -> Deal:
    """Shuffle (seeded, or from ``secrets``), commit, and deal every card one at a time."""
    rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
    order = list(full_deck(rules))
    rng.shuffle(order)
    salt = f"{rng.getrandbits(128):032x}" if seed is not None else secrets.token_hex(16)
    hands, kitty = deal_out(order, rules, dealer)
    return Deal(
        hands=hands,
        seed=seed,
        order=tuple(order),
        salt=salt,
        commitment=commit(order, salt),
        kitty=kitty,
        dealer=dealer,
    )


def deal_out(order: Sequence[Card], rules: Rules, dealer: int = 0) -> tuple[tuple[int, ...], int]:
    """Deal ``order`` one card at a time from the player after the dealer, as far as the cards
    go evenly; leftover cards go to the holder of the lowest dealt card (``core.deal``,
    ``deal.leftover_to_lead``)."""
    n = rules.players
    each = len(order) // n
    hands = [0] * n
    for i, card in enumerate(order[: each * n]):
        hands[(dealer + 1 + i) % n] |= 1 << card
    leftover = mask_of(order[each * n :])
    if leftover:
        t = tables_for(rules)
        low = t.lowest(sum(hands))
        holder = next(s for s in range(n) if hands[s] >> low & 1)
        hands[holder] |= leftover
    return tuple(hands), 0


def fixed_deal(rules: Rules, hands: Sequence[str | Sequence[int]]) -> Deal:
    """A deal given card by card (seat 0 first); every card must come from the rules' deck."""
    if len(hands) != rules.players:
        raise BigTwoError(f"{len(hands)} hands given for {rules.players} players")
    pack = mask_of(full_deck(rules))
    masks: list[int] = []
    seen = 0
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand) if isinstance(hand, str) else tuple(Card(c) for c in hand)
        m = mask_of(cards)
        if len(cards) != m.bit_count() or m & seen:
            dup = cards_of(m & seen) or cards
            raise BigTwoError(f"seat {seat}: {format_cards(dup[:1])} is dealt twice")
        if m & ~pack:
            raise BigTwoError(
                f"seat {seat}: {format_cards(cards_of(m & ~pack))} is not in this deck"
            )
        if not m:
            raise BigTwoError(f"seat {seat} has no cards")
        seen |= m
        masks.append(m)
    return Deal(hands=tuple(masks))
