"""The environments' actions: the indices of `bigtwo.encoding` (``docs/encoding.md``), with
one addition: index 0, a pass, also declines a side decision the seat is offered (a claim,
an announcement, an out-of-turn play), where passing means letting play go on.

Rules with a fixed space keep its size. A dynamic space (two decks, wild jokers, long plays)
gets a fixed number of indices, ``6 + dynamic_actions``: the position's card moves in the
encoding's dynamic order, the first ``dynamic_actions`` of them (a big hand's moves are its
bounded candidates, as the bots see them).

>>> from bigtwo import Game, Rules
>>> codec = ActionCodec(Rules.preset("classic"))
>>> game = Game.deal(codec.rules, seed=1)
>>> mask, moves = codec.mask(game.moves())
>>> int(mask.sum()) == len(game.legal_moves()), codec.size
(True, 43382)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np
import numpy.typing as npt

from ..bots.base import bounded
from ..combos import Combination, Move
from ..encoding import FIRST_CARDS, Space, encode, fixed_space, is_fixed
from ..engine.actions import Give
from ..rules.config import Rules

DYNAMIC_ACTIONS = 1024  # card-move indices of a dynamic space
Mask = npt.NDArray[np.int8]


def decline_word(move: Move) -> bool:
    """Is ``move`` the table's answer that declines an offer?"""
    return getattr(move, "kind", None) == "decline"


class ActionCodec:
    """Masks over the action indices of one rule set, with the move behind each set entry."""

    def __init__(self, rules: Rules, dynamic_actions: int = DYNAMIC_ACTIONS) -> None:
        self.rules = rules
        self.space: Space | None = fixed_space(rules) if is_fixed(rules) else None
        self.dynamic_actions = dynamic_actions
        self.size = self.space.size if self.space is not None else FIRST_CARDS + dynamic_actions

    def mask(self, moves: Sequence[Move], out: Mask | None = None) -> tuple[Mask, dict[int, Move]]:
        """The mask of ``moves`` (1 at each offered index; written into ``out`` when given)
        and the move behind each set index."""
        found = self.indices(bounded(moves))
        return self.mask_of(found, out), found

    def mask_of(self, indices: Collection[int], out: Mask | None = None) -> Mask:
        """The mask with 1 at each of ``indices`` (written into ``out`` when given)."""
        mask = np.zeros(self.size, np.int8) if out is None else out
        if out is not None:
            mask[:] = 0
        mask[np.fromiter(indices, np.intp, len(indices))] = 1
        return mask

    def indices(self, moves: Sequence[Move]) -> dict[int, Move]:
        """The index of each of ``moves`` (a dynamic space's moves past its end left out)."""
        found: dict[int, Move] = {}
        space, rules = self.space, self.rules
        cards: list[Move] = []
        index = None if space is None else space.index
        for move in moves:
            if isinstance(move, Combination):  # most moves: a play (never a pass or a word)
                if index is None:
                    cards.append(move)
                else:
                    found[index[move.mask]] = move
            elif move.is_pass or decline_word(move):
                found[0] = move
            elif isinstance(move, Give):
                if space is None:
                    cards.append(move)
                else:
                    found[space.gift_index(move.mask)] = move
            else:
                found[encode(move, rules)] = move
        if cards:
            cards.sort(key=_dynamic_order)
            for i, move in enumerate(cards[: self.dynamic_actions]):
                found[FIRST_CARDS + i] = move
        return found

    def offered(self, moves: Sequence[Move]) -> tuple[list[Move], list[int]]:
        """Every one of ``moves`` (a big hand's: its bounded candidates), none dropped, in the
        offered order, with the index of each (-1 past a dynamic space's end). The order is
        the indices' own: a fixed space's by index; a dynamic one's the words by index, then
        the card moves in the encoding's dynamic order, the ones past the end included."""
        words: list[tuple[int, Move]] = []
        cards: list[Move] = []
        for move in bounded(moves):
            if isinstance(move, Combination | Give):
                cards.append(move)
            else:
                words.append(
                    (0 if move.is_pass or decline_word(move) else encode(move, self.rules), move)
                )
        if self.space is not None:
            found = sorted((*words, *((self._fixed(m), m) for m in cards)), key=lambda p: p[0])
            return [m for _, m in found], [i for i, _ in found]
        words.sort(key=lambda p: p[0])
        cards.sort(key=_dynamic_order)
        end = self.dynamic_actions
        indices = [i for i, _ in words]
        indices += [FIRST_CARDS + i if i < end else -1 for i in range(len(cards))]
        return [*(m for _, m in words), *cards], indices

    def _fixed(self, move: Move) -> int:
        assert self.space is not None
        if isinstance(move, Give):
            return self.space.gift_index(move.mask)
        return self.space.index[move.mask]


def _dynamic_order(move: Move) -> tuple[bool, int, int]:
    """The encoding's dynamic order: plays before gifts, then by number of cards and bitmask."""
    return isinstance(move, Give), move.mask.bit_count(), move.mask
