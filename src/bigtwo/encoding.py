"""Actions as integers, for networks and other code that wants a fixed action space
(``docs/encoding.md`` gives the layout and the size under each preset).

Version 1. Index 0 is a pass, 1-5 are the side actions (announce, redeal, whoopin, trade,
keep). Under rules with one deck and no wild jokers, whose longest play has at most
`MAX_FIXED_PLAY` cards and which have no runs of pairs (``bomb.smackdown``), the space is
fixed: the plays follow, every card set the rules accept as a combination (with 2s high or
low), ordered by number of cards and then by bitmask of card ids; then the gifts of an
exchange, every set of 1, 2 or 3 cards in colexicographic order. The index of an action
never depends on the position, so ``action_mask`` can switch off a network's outputs.

Other rules (two decks, wild jokers, long straights, dragons, runs of pairs) have too many
card sets to list, so the indices from 6 on are dynamic: the legal plays and gifts of the
position, in the same order (plays before gifts, then by size and bitmask). Their encode and
decode need the legal moves, and an index means something only in its position.

>>> from bigtwo import Game, Rules
>>> rules = Rules.preset("classic")
>>> space_size(rules)
43382
>>> game = Game.deal(rules, seed=7)
>>> legal = game.legal_moves()
>>> i = encode(legal[0], rules)
>>> decode(i, rules, game.view(game.to_move)) == legal[0]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

from .checks import describe, instance, is_whole
from .combos import PASS, Combination, Move, Tables
from .combos.classify import classify_mask
from .combos.generate import hand_combos
from .combos.tables import tables_for
from .engine.actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, Action, Give
from .engine.arguments import MAX_EXCHANGED
from .engine.view import View
from .errors import BigTwoError
from .rules.config import Rules
from .rules.options import Jokers

ENCODING_VERSION = 1
SIDE_ACTIONS: tuple[Action, ...] = (ANNOUNCE, REDEAL, WHOOPIN, TRADE, KEEP)
FIRST_CARDS = 1 + len(SIDE_ACTIONS)  # the index of the first play (or dynamic card move)
MAX_FIXED_PLAY = 7  # the most cards one play of a fixed space may have
GIFT_SIZES = tuple(range(1, MAX_EXCHANGED + 1))
_SIDE_INDEX = {a: 1 + i for i, a in enumerate(SIDE_ACTIONS)}


class Space:
    """The fixed action space of one `Rules`: its plays, and where the gifts start."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cards = 52 + (2 if rules.jokers is Jokers.VALUELESS else 0)
        full = (1 << self.cards) - 1
        masks: set[int] = set()
        for twos_low in (False, True):  # a private Tables: the shared caches stay small
            masks.update(c.mask for c in hand_combos(full, Tables(rules, twos_low)).combos)
        self.plays = tuple(sorted(masks, key=lambda m: (m.bit_count(), m)))
        self.index = {m: FIRST_CARDS + i for i, m in enumerate(self.plays)}
        self.gifts = FIRST_CARDS + len(self.plays)
        # where the gifts of each size start
        self.gift_start: dict[int, int] = {}
        at = self.gifts
        for k in GIFT_SIZES:
            self.gift_start[k] = at
            at += comb(self.cards, k)
        self.size = at

    def gift_index(self, mask: int) -> int:
        """The index of a gift: its size's block, then the colex rank of its cards."""
        k = mask.bit_count()
        if k not in self.gift_start or mask >> self.cards:
            raise BigTwoError(f"a gift of {k} card(s) has no index under these rules")
        rank, i, m = 0, 0, mask
        while m:
            low = m & -m
            rank += comb(low.bit_length() - 1, i + 1)
            i += 1
            m ^= low
        return self.gift_start[k] + rank

    def gift_mask(self, index: int) -> int:
        """The inverse of `gift_index`."""
        k = max(s for s, start in self.gift_start.items() if start <= index)
        rank, mask = index - self.gift_start[k], 0
        for i in range(k, 0, -1):  # the largest card c with comb(c, i) <= rank, from the top
            c = i - 1
            while comb(c + 1, i) <= rank:
                c += 1
            rank -= comb(c, i)
            mask |= 1 << c
        return mask


def is_fixed(rules: Rules) -> bool:
    """Does ``rules``' action space have a fixed size (see the module's notes)?"""
    rules = instance(rules, Rules, "rules", "a Rules")
    return (
        rules.decks == 1
        and rules.jokers is not Jokers.WILD
        and not rules.smackdown
        and not rules.dragon_play
        and max(rules.straight_lengths) <= MAX_FIXED_PLAY
    )


@lru_cache(maxsize=8)
def fixed_space(rules: Rules) -> Space:
    """The fixed space of ``rules`` (built once, a few kept); `BigTwoError` if it has none."""
    if not is_fixed(rules):
        raise BigTwoError(
            f"the rules {rules.name!r} have no fixed action space (two decks, wild jokers,"
            " long straights, dragons or runs of pairs): pass the legal moves instead"
        )
    return Space(rules)


def space_size(rules: Rules) -> int | None:
    """The number of actions under ``rules``, or None where the space is dynamic."""
    return fixed_space(rules).size if is_fixed(rules) else None


def encode(action: Move, rules: Rules, legal_moves: Sequence[Move] | None = None) -> int:
    """The index of ``action``; a dynamic space needs the position's ``legal_moves``."""
    rules = instance(rules, Rules, "rules", "a Rules")
    if not isinstance(action, Move):
        raise BigTwoError(f"an action is a Move, not {describe(action)}")
    if action.is_pass:
        return 0
    if isinstance(action, Action) and action in _SIDE_INDEX:
        return _SIDE_INDEX[action]
    if not isinstance(action, Combination | Give):
        raise BigTwoError(f"{action} is not an action a seat takes, so it has no index")
    if is_fixed(rules):
        space = fixed_space(rules)
        if isinstance(action, Give):
            return space.gift_index(action.mask)
        found = space.index.get(action.mask)
        if found is None:
            raise BigTwoError(f"{action} is no play under the rules {rules.name!r}")
        return found
    found = _dynamic_index(_card_moves(_legal(legal_moves))).get(_key(action))
    if found is None:
        raise BigTwoError(f"{action} is not among the legal moves, so it has no index here")
    return found


def decode(index: int, rules: Rules, view: View, legal_moves: Sequence[Move] | None = None) -> Move:
    """The action at ``index``, as a move for ``view``'s deal (a play is classified under its
    2s order); a dynamic space needs the position's ``legal_moves``."""
    rules = instance(rules, Rules, "rules", "a Rules")
    view = instance(view, View, "view", "a View")
    if view.rules != rules:
        raise BigTwoError("the view is of a deal under other rules")
    if not is_whole(index) or index < 0:
        raise BigTwoError(f"an action index is a whole number from 0, not {describe(index)}")
    if index == 0:
        return PASS
    if index < FIRST_CARDS:
        return SIDE_ACTIONS[index - 1]
    if not is_fixed(rules):
        ordered = _card_moves(_legal(legal_moves))
        if index - FIRST_CARDS >= len(ordered):
            raise BigTwoError(f"index {index} is past the {len(ordered)} legal card moves")
        return ordered[index - FIRST_CARDS]
    space = fixed_space(rules)
    if index >= space.size:
        raise BigTwoError(f"index {index} is past the end of the space ({space.size} actions)")
    if index >= space.gifts:
        return Give(space.gift_mask(index))
    mask = space.plays[index - FIRST_CARDS]
    combo = classify_mask(mask, _tables(rules, view.twos_low))
    if combo is None:  # a set that is a combination only with the 2s the other way
        raise BigTwoError(f"index {index} is no combination in this deal")
    return combo


def action_mask(view: View, legal_moves: Sequence[Move]) -> bytes:
    """One byte per index, 1 where the action is among ``legal_moves`` (the legal moves of
    ``view``'s seat): as long as `space_size`, or in a dynamic space as long as its indices
    in this position."""
    view = instance(view, View, "view", "a View")
    moves = _legal(legal_moves)
    rules = view.rules
    size = space_size(rules)
    if size is None:
        size = FIRST_CARDS + len(_card_moves(moves))
    out = bytearray(size)
    if is_fixed(rules):
        for move in moves:
            out[encode(move, rules)] = 1
        return bytes(out)
    index = _dynamic_index(_card_moves(moves))
    for move in moves:
        out[index[_key(move)] if isinstance(move, Combination | Give) else encode(move, rules)] = 1
    return bytes(out)


def _tables(rules: Rules, twos_low: bool) -> Tables:
    return tables_for(rules, twos_low)


def _legal(legal_moves: Sequence[Move] | None) -> list[Move]:
    if legal_moves is None:
        raise BigTwoError("a dynamic action space needs the position's legal moves")
    if not isinstance(legal_moves, list | tuple) or not all(
        isinstance(m, Move) for m in legal_moves
    ):
        raise BigTwoError(f"legal_moves must be a list of moves, not {describe(legal_moves)}")
    return list(legal_moves)


def _key(move: Move) -> tuple[bool, int]:
    return isinstance(move, Give), move.mask


def _dynamic_index(ordered: list[Move]) -> dict[tuple[bool, int], int]:
    return {_key(m): FIRST_CARDS + i for i, m in enumerate(ordered)}


def _card_moves(moves: list[Move]) -> list[Move]:
    """The plays and gifts among ``moves`` in the dynamic order: plays first, then by number
    of cards and bitmask."""
    cards = [m for m in moves if isinstance(m, Combination | Give)]
    return sorted(cards, key=lambda m: (_key(m)[0], m.mask.bit_count(), m.mask))
