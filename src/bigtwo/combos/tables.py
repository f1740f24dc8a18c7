"""Strength tables derived once from a `Rules` (and cached): rank and suit positions, card keys,
straight tables and the order of five-card types."""

from __future__ import annotations

from typing import Any

from ..cards import BLACK_JOKER, COPY_STRIDE, RED_JOKER
from ..rules.config import Rules
from ..rules.options import FiveBeating, Jokers, SuitOrder
from .moves import Combination
from .straights import run_table

# Combination families: a play can only follow a play of the same family unless a bomb rule
# says otherwise. Straights of other lengths and runs of pairs get 100 + n and 200 + n.
SINGLE, PAIR, TRIPLE, FOUR, FIVE, SF_PLUS_TWO = 1, 2, 3, 4, 5, 7
STRAIGHT_N, PAIR_RUN_N = 100, 200

# Suit positions (D, C, H, S) under each order, 0 lowest.
_SUIT_POSITIONS = {
    SuitOrder.STANDARD: (0, 1, 2, 3),
    SuitOrder.BRIDGE: (1, 0, 2, 3),
    SuitOrder.PUSOY: (3, 0, 2, 1),
    SuitOrder.HEARTS_HIGH: (1, 0, 3, 2),
    SuitOrder.NONE: (0, 1, 2, 3),  # only to find the lowest card and to sort hands
}

_FIVE_TYPES = (
    "sisters",
    "butterfly",
    "triple_junk",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_of_a_kind",
)


class Tables:
    """Everything about card strength that one `Rules` (and one deal) implies."""

    def __init__(self, rules: Rules, twos_low: bool) -> None:
        self.rules = rules
        self.twos_low = twos_low
        # rank positions: 3 lowest … 2 highest, or 2 lowest when twos are flipped low
        self.rank_pos = [r + 1 for r in range(12)] + [0] if twos_low else list(range(13))
        self.suit_rank = _SUIT_POSITIONS[rules.suit_order]
        no_suits = rules.suit_order is SuitOrder.NONE or rules.poker_exact
        self.suit_key = (0, 0, 0, 0) if no_suits else self.suit_rank
        faces = range(54)
        self.single_key = [self._card_key(f) for f in faces]
        self.order_key = [  # total order used to find the lowest card and sort hands
            self.rank_pos[f >> 2] * 4 + self.suit_rank[f & 3] if f < RED_JOKER else 52 + f - 52
            for f in faces
        ]
        self.straights = {n: run_table(rules.straight_order, n) for n in self.straight_lengths()}
        self.five_type = self._five_type_order()
        self.by_value = rules.five_beating is FiveBeating.BY_CARD_VALUE
        self.allow_equal = rules.identical_beats
        self.same_type_only = rules.five_beating is FiveBeating.SAME_TYPE_ONLY
        # the single that a smack-down may beat: the top card of the deck (2♠ in the standard)
        self.top_face = max(range(52), key=lambda f: self.order_key[f])
        self.has_bombs = (
            rules.honours_beat_all
            or rules.override_two
            or rules.quads_beat_all
            or rules.smackdown
            or rules.out_of_turn_bombs
            or rules.sf_plus_two
        )
        # every card set makes at most one play (no second deck, no wild joker): a listed
        # play needs no second reading
        self.one_reading = rules.decks == 1 and rules.jokers is not Jokers.WILD
        # caches filled on demand: classified card sets, and the combinations of a hand
        self.combo_cache: dict[int, Combination | None] = {}
        # the generator's plan for these tables (its `_Plan`, made on first use): an attribute,
        # not a weak mapping beside them, since every `legal_moves()` asks for it
        self.generator: Any = None

    # Shared, never copied: all a `Tables` holds follows from its rules (its caches only add
    # what those imply), so a copied state shares it, and an unpickled one takes this
    # process's own. A deep copy of a state (OpenSpiel's clone) copied every cached play.
    def __copy__(self) -> Tables:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (tables_for, (self.rules, self.twos_low))

    def _card_key(self, face: int) -> int:
        if face in (RED_JOKER, BLACK_JOKER):
            if self.rules.jokers is Jokers.VALUELESS:
                return -1  # beaten by any card (and beats any: see beats())
            return 52 + (face - RED_JOKER)  # above 2♠, the black joker above the red
        return self.rank_pos[face >> 2] * 4 + self.suit_key[face & 3]

    def straight_lengths(self) -> tuple[int, ...]:
        lengths = set(self.rules.straight_lengths) | {5}
        if self.rules.dragon_play:
            lengths.add(13)
        return tuple(sorted(lengths))

    def _five_type_order(self) -> dict[str, int]:
        r = self.rules
        order = {name: 2 * i for i, name in enumerate(_FIVE_TYPES)}
        if r.straight_over_flush:
            order["straight"], order["flush"] = order["flush"], order["straight"]
        if r.royal_only_beats_quads:
            order["straight_flush"] = order["four_of_a_kind"] - 1  # a royal flush gets +3
        if r.quads_beat_all:  # a four beats every play without one, straight flushes too
            order["four_of_a_kind"] = order["straight_flush"] + 1
        if not r.five_kind_over_straight_flush:
            order["five_of_a_kind"] = order["four_of_a_kind"] + 1
        return order

    def lowest(self, mask: int) -> int:
        """The lowest card (by this deal's order) in a non-empty set; copy 0 before copy 1."""
        best, best_key = -1, 1 << 30
        m = mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            k = self.order_key[c & (COPY_STRIDE - 1)] * 2 + (c >> 6)
            if k < best_key:
                best, best_key = c, k
        return best


_TABLES: dict[tuple[Rules, bool], Tables] = {}


def tables_for(rules: Rules, twos_low: bool = False) -> Tables:
    """The cached tables of ``rules`` (``twos_low`` after a dealt four of a kind flips the 2s):
    one `Tables`, and so one set of caches, per rules however it is asked for."""
    key = (rules, bool(twos_low))
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        found = _TABLES[key] = Tables(rules, twos_low)
    return found


def clear_tables() -> None:
    """Forget every cached `Tables` (benchmarks time the first sight of card sets with it)."""
    _TABLES.clear()
