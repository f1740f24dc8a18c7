"""Offered moves described by their cards, so that a network scores each move (one forward
pass per move, or one batched pass over them all) instead of owning one output per action: the
way that works on every rule set, two decks and wild jokers included, where the moves have no
fixed index (``docs/encoding.md``, "Move features", lists the columns).

Version 1 (`MOVE_FEATURES_VERSION`); any change to the columns bumps it. A row holds, in
order: the move's cards and the hand it leaves (one entry per card slot, the observation's
slot layout), what the move is (pass, a word, a play, a gift), the play's kind, its size, the
rank of its highest and lowest card under this deal's order, its strength among the offered
plays of its family, and the cards it leaves.

>>> from bigtwo import Game, Rules
>>> rules = Rules.preset("classic")
>>> game = Game.deal(rules, seed=1)
>>> moves = game.legal_moves()
>>> features = move_features(game.view(game.to_move), moves)
>>> features.shape == (len(moves), MoveLayout(rules).size), MoveLayout(rules).size
(True, 135)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..cards import COPY_STRIDE, RED_JOKER
from ..checks import describe, instance
from ..combos import Combination, Move
from ..combos.beats import KIND_WORDS
from ..combos.tables import tables_for
from ..encoding import SIDE_ACTIONS
from ..engine.actions import Give
from ..engine.view import View
from ..errors import BigTwoError
from ..rules.config import Rules
from .observation import Layout, placed

MOVE_FEATURES_VERSION = 1
KINDS = tuple(KIND_WORDS)  # the kinds of play, in the one-hot's order
# what a move is, in the one-hot's order: a pass (or declining an offer), each word, a play, a gift
MOVE_TYPES = ("pass", *(a.kind for a in SIDE_ACTIONS), "play", "gift")
Features = npt.NDArray[np.float32]


class MoveLayout:
    """Where each column sits in the move features of one rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        layout = Layout(rules)  # the observation's card slots
        self.cards = c = layout.cards
        sizes = [
            ("cards", c),  # the move's cards (a gift's: the cards given)
            ("leaves", c),  # the seat's hand once the move is made
            ("type", len(MOVE_TYPES)),  # one-hot: `MOVE_TYPES`
            ("kind", len(KINDS)),  # one-hot: the play's kind (`KINDS`); zeros for the rest
            ("size", 1),  # cards in the move, divided by 13
            ("high_rank", 1),  # rank of its highest card in this deal (3 = 0 … 2 = 1) ÷ 12
            ("low_rank", 1),  # rank of its lowest card, the same way
            ("strength", 1),  # place among the offered plays of its family: 0 weakest, 1 strongest
            ("left", 1),  # cards left in the hand once made, divided by 13
            ("goes_out", 1),  # 1 when the move leaves the hand empty
        ]
        self.fields, self.size = placed(sizes)
        self._ids = layout._ids  # the card id of each slot
        self._bytes = 2 * COPY_STRIDE // 8
        self._ranks: dict[bool, npt.NDArray[np.float64]] = {}  # `_slot_ranks`, by 2s order

    def slice(self, name: str) -> slice:
        start, stop = self.fields[name]
        return slice(start, stop)

    def encode(self, view: View, moves: Sequence[Move]) -> Features:
        """One row per move of ``moves``, in their order: the features of each for the seat
        of ``view`` (whose hand the moves come from)."""
        view = instance(view, View, "view", "a View")
        if view.rules != self.rules:
            raise BigTwoError("the view is of a deal under other rules")
        # any sequence: a bot's ``legal_moves`` is the engine's lazy `LegalMoves`
        if not isinstance(moves, Sequence) or not all(isinstance(m, Move) for m in moves):
            raise BigTwoError(f"moves must be a sequence of moves, not {describe(moves)}")
        n, at = len(moves), self.fields
        out = np.zeros((n, self.size), np.float32)
        if n == 0:
            return out
        hand = view.hand_mask
        raw = b"".join(m.mask.to_bytes(self._bytes, "little") for m in moves)
        bits = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little").reshape(n, -1)
        bits = bits[:, self._ids]  # one column per card slot
        hand_bits = np.unpackbits(
            np.frombuffer(hand.to_bytes(self._bytes, "little"), np.uint8), bitorder="little"
        )[self._ids]
        out[:, self.slice("cards")] = bits
        leaves = hand_bits[None, :] & (1 - bits)
        out[:, self.slice("leaves")] = leaves
        size = bits.sum(axis=1, dtype=np.int64)
        left = leaves.sum(axis=1, dtype=np.int64)
        types = np.fromiter((_type_of(m) for m in moves), np.intp, n)
        out[np.arange(n), at["type"][0] + types] = 1.0
        out[:, at["size"][0]] = size / 13.0
        out[:, at["left"][0]] = left / 13.0
        out[:, at["goes_out"][0]] = (left == 0) & (size > 0)
        ranks = self._slot_ranks(view.twos_low)
        held = bits.astype(bool)
        some = size > 0
        out[some, at["high_rank"][0]] = np.where(held, ranks, -1.0).max(axis=1)[some] / 12.0
        out[some, at["low_rank"][0]] = np.where(held, ranks, 99.0).min(axis=1)[some] / 12.0
        self._plays(moves, out)
        return out

    def _slot_ranks(self, twos_low: bool) -> npt.NDArray[np.float64]:
        """The rank position of each card slot in a deal with these 2s (jokers 13)."""
        ranks = self._ranks.get(twos_low)
        if ranks is None:
            rank_pos = tables_for(self.rules, twos_low).rank_pos
            faces = (self._ids % COPY_STRIDE).tolist()
            ranks = np.array([13 if f >= RED_JOKER else rank_pos[f >> 2] for f in faces], float)
            self._ranks[twos_low] = ranks
        return ranks

    def _plays(self, moves: Sequence[Move], out: Features) -> None:
        """The kind and the strength columns of the plays among ``moves``."""
        kind, strength = self.fields["kind"][0], self.fields["strength"][0]
        keys: dict[int, set[int]] = {}
        for move in moves:
            if isinstance(move, Combination):
                keys.setdefault(move.family, set()).add(move.key)
        places = {}
        for family, found in keys.items():  # the only play of its family is the strongest
            ordered = sorted(found)
            top = len(ordered) - 1
            places[family] = {key: i / top if top else 1.0 for i, key in enumerate(ordered)}
        for row, move in enumerate(moves):
            if isinstance(move, Combination):
                out[row, kind + KINDS.index(move.kind)] = 1.0
                out[row, strength] = places[move.family][move.key]


def _type_of(move: Move) -> int:
    """The move's place in `MOVE_TYPES`."""
    if isinstance(move, Combination):
        return len(MOVE_TYPES) - 2
    if isinstance(move, Give):
        return len(MOVE_TYPES) - 1
    if move.is_pass or move.kind == "decline":
        return 0
    if move.kind in MOVE_TYPES:
        return MOVE_TYPES.index(move.kind)
    raise BigTwoError(f"{move} is not a move a seat is offered, so it has no features")


@lru_cache(maxsize=8)
def move_layout(rules: Rules) -> MoveLayout:
    """The `MoveLayout` of ``rules`` (a few kept)."""
    return MoveLayout(rules)


def move_features(view: View, moves: Sequence[Move]) -> Features:
    """The features of ``moves`` for ``view``'s seat: float32, one row a move in their order,
    `MoveLayout(view.rules).size` columns (``docs/encoding.md`` lists them)."""
    view = instance(view, View, "view", "a View")
    return move_layout(view.rules).encode(view, moves)
