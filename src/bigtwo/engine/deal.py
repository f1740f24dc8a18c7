"""Dealing: a fixed deal or a shuffled one, and the commitment that proves a shuffle fair.

Before the first play every shuffled deal carries a commitment (`commitment.commit`) to its
terms, deck order and a secret salt; the record reveals the deck and the salt afterwards, so
anyone can rebuild the hands, the exposed card and the stock from the committed deck
(``fair.shuffle``). Without a seed the deck is shuffled with ``secrets`` (the operating system's
cryptographic source); the salt always comes from ``secrets``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..cards import Card, cards_of, format_cards, mask_of, parse_cards
from ..combos.tables import tables_for
from ..errors import BigTwoError
from ..rules.config import Rules
from ..rules.options import Leftover
from .commitment import Terms, commit, full_deck, new_salt, shuffle_order

_TWO_SPADES = 51
# core.cut: the exposed card's rank counts the players from the dealer (A 1, J 11, Q 12, K 13)
_CUT_VALUE = {r: (r + 3 if r < 11 else 1 if r == 11 else 2) for r in range(13)}


@dataclass(frozen=True)
class Deal:
    """How the cards came out: the hands (bitmasks, seat 0 first) and how to prove it."""

    hands: tuple[int, ...]
    seed: int | None = None
    order: tuple[Card, ...] = ()  # the shuffled deck, empty for a fixed deal
    salt: str = ""
    commitment: str = ""
    kitty: int = 0  # cards dealt to nobody: extra or discarded cards, the ghost hand
    stock: tuple[int, ...] = ()  # cards to draw from, top first (the ghost hand, if drawn on)
    exposed: int = -1  # core.cut: the card shown to choose who is dealt the first card
    terms: Terms = field(default_factory=Terms)  # seats, dealer, direction, leader, exchanges

    @property
    def dealer(self) -> int:
        return self.terms.dealer

    # a deal's record is written at every change a server stores: its cards' text once
    @cached_property
    def _hands_text(self) -> tuple[str, ...]:
        return tuple(format_cards(cards_of(h)) for h in self.hands)

    @cached_property
    def _deck_text(self) -> str:
        return format_cards(self.order)

    @property
    def direction(self) -> int:
        """+1: to the right (counter-clockwise); -1: clockwise."""
        return self.terms.direction


def shuffled_deal(rules: Rules, seed: int | None = None, terms: Terms | None = None) -> Deal:
    """Shuffle (seeded, or from ``secrets``), commit to the deal with a secret salt, and deal."""
    terms = terms or Terms()
    if terms.seeded != (seed is not None):
        terms = replace(terms, seeded=seed is not None)
    return deal_of(shuffle_order(rules, seed), rules, terms, seed, new_salt())


def deal_of(
    order: tuple[Card, ...], rules: Rules, terms: Terms, seed: int | None, salt: str
) -> Deal:
    """The deal a committed deck makes: its exposed card, hands, kitty and stock, committed
    to with ``salt`` (the one way a shuffle, a replay and a verifier deal a deck)."""
    return deal_out(order, rules, terms, exposed_card(order, rules), seed=seed, salt=salt)


def exposed_card(order: Sequence[int], rules: Rules) -> int:
    """``core.cut``: the card shown from the middle of the committed deck (pagat: "the exposed
    card remains in the middle"), its face only. The shuffle already made the deck random, so a
    fixed place shows a random card, and anyone can find it again in the revealed deck."""
    return order[len(order) // 2] & 63 if rules.cut and order else -1


def first_receiver(rules: Rules, dealer: int, direction: int, exposed: int) -> int:
    """Who is dealt the first card: by the exposed card (``core.cut``) or the dealer's next
    player (``deal.no_cut``)."""
    n = rules.players
    if exposed < 0 or (exposed & 63) >= 52:
        return (dealer + direction) % n
    return (dealer + direction * ((_CUT_VALUE[(exposed & 63) >> 2] - 1) % n)) % n


def deal_out(
    order: tuple[Card, ...],
    rules: Rules,
    terms: Terms | None = None,
    exposed: int = -1,
    *,
    seed: int | None = None,
    salt: str = "",
) -> Deal:
    """Deal ``order`` one card at a time in the direction of play (``core.deal``), then place
    the cards that don't divide evenly as the rules say (``deal.leftover_*``). With a salt, the
    deal is committed to."""
    terms = terms or Terms()
    dealer, direction = terms.dealer, terms.direction
    n = rules.players
    cards = list(order)
    kitty = 0
    if rules.leftover is Leftover.DISCARD_LOWEST and rules.cards_each is None:
        extra = len(cards) % n  # the lowest cards leave, so 2♠ is never the kitty
        t = tables_for(rules)
        lowest = sorted(cards, key=lambda c: t.order_key[c & 63] * 2 + (c >> 6))[:extra]
        kitty = mask_of(lowest)
        cards = [c for c in cards if not kitty >> c & 1]
    slots = n + 1 if rules.ghost_hand else n
    each = rules.cards_each or (13 if rules.ghost_hand else len(cards) // n)
    first = first_receiver(rules, dealer, direction, exposed)
    hands = [0] * slots
    seats = [(first + direction * i) % n for i in range(n)]
    if rules.ghost_hand:
        seats.append(n)  # the fourth place at the table, which nobody plays
    for i, card in enumerate(cards[: each * slots]):
        hands[seats[i % slots]] |= 1 << card
    rest = cards[each * slots :]
    stock: tuple[int, ...] = ()
    ghost = hands.pop() if rules.ghost_hand else 0
    drawing = rules.draw_on_pass.value != "none"
    if ghost and drawing:  # the ghost hand is the stock to draw from, in the order dealt
        stock = tuple(c for c in cards[: each * slots] if ghost >> c & 1)
    else:
        kitty |= ghost
    if rules.cards_each is not None:
        if drawing and not ghost:
            stock = tuple(rest)  # the undealt cards are the stock
        else:
            kitty |= mask_of(rest)  # set aside, unseen
    elif rest:
        kitty |= _place_leftover(hands, mask_of(rest), rules)
    return Deal(
        hands=tuple(hands),
        seed=seed,
        order=order,
        salt=salt,
        commitment=commit(rules, terms, order, salt) if salt else "",
        kitty=kitty,
        stock=stock,
        exposed=exposed,
        terms=terms,
    )


def _place_leftover(hands: list[int], leftover: int, rules: Rules) -> int:
    """Give the leftover cards to whoever the rules name; what stays hidden is returned."""
    t = tables_for(rules)
    everyone = sum(hands)
    rule = rules.leftover
    if rule in (Leftover.DISCARD, Leftover.TRADE_SHOWN, Leftover.TRADE_HIDDEN):
        return leftover  # discarded, or waiting for the lead card's holder to decide
    if rule is Leftover.LOWEST_DIAMOND:
        diamonds = sum(
            1 << c for c in range(128) if everyone >> c & 1 and (c & 63) < 52 and c & 3 == 0
        )
        target = t.lowest(diamonds or everyone)
    elif rule is Leftover.TO_TWO_SPADES and everyone >> _TWO_SPADES & 1:
        target = _TWO_SPADES
    else:  # TO_LEAD (and 2♠ in the kitty): the holder of the lowest dealt card
        target = t.lowest(everyone)
    holder = next(s for s, h in enumerate(hands) if h >> target & 1)
    hands[holder] |= leftover
    return 0


def fixed_deal(
    rules: Rules, hands: Sequence[str | Sequence[int]], terms: Terms | None = None
) -> Deal:
    """A deal given card by card (seat 0 first); every card must come from the rules' deck."""
    if len(hands) != rules.players:
        raise BigTwoError(f"{len(hands)} hands given for {rules.players} players")
    pack = mask_of(full_deck(rules))
    masks: list[int] = []
    seen = 0
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand) if isinstance(hand, str) else tuple(Card(c) for c in hand)
        if isinstance(hand, str):  # a face another seat already holds is the second deck's
            cards = tuple(Card(c + 64) if seen >> c & 1 and c < 64 else c for c in cards)
        m = mask_of(cards)
        if len(cards) != m.bit_count() or m & seen:
            dup = cards_of(m & seen) or cards
            raise BigTwoError(f"seat {seat}: {format_cards(dup[:1])} is dealt twice")
        if m & ~pack:
            foreign = cards_of(m & ~pack)
            if rules.decks == 1 and foreign[0] >= 64:  # a face another seat was dealt already
                raise BigTwoError(f"seat {seat}: {format_cards(foreign[:1])} is dealt twice")
            raise BigTwoError(f"seat {seat}: {format_cards(foreign)} is not in this deck")
        if not m:
            raise BigTwoError(f"seat {seat} has no cards")
        seen |= m
        masks.append(m)
    return Deal(hands=canonical_copies(masks), terms=terms or Terms())


def canonical_copies(hands: list[int]) -> tuple[int, ...]:
    """Relabel two decks' identical cards in seat order: the first one held is the first
    deck's. Which copy is which means nothing at the table, and records (which write cards by
    face) then rebuild the same ids."""
    out = list(hands)
    for face in range(64):
        holders = [s for s, h in enumerate(hands) for c in (face, face + 64) if h >> c & 1]
        for seat in set(holders):
            out[seat] &= ~(1 << face | 1 << (face + 64))
        for copy, seat in enumerate(holders):
            out[seat] |= 1 << (face + 64 * copy)
    return tuple(out)
