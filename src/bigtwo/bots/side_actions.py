"""Decisions that are not plays: announcing a last card, laying down four 2s, trading for the
extra card, claiming a redeal, choosing cards to give away. Every bot shares these."""

from __future__ import annotations

from collections.abc import Sequence

from ..combos import Move, tables_for
from ..engine.view import View
from .planning import planner_for


def side_action(view: View, legal_moves: Sequence[Move]) -> Move | None:
    """The decision to make when the legal moves hold more than plays and a pass, else
    None. Always announce and lay down four 2s (both only help); keep the lead card; give
    away the cards that hurt the hand least."""
    kinds = {m.kind: m for m in legal_moves}
    for kind in ("golden_whoopin", "announce"):
        if kind in kinds:
            return kinds[kind]
    if "keep" in kinds:
        return kinds["keep"]
    gifts = [m for m in legal_moves if m.kind == "give"]
    if gifts:
        pl = planner_for(tables_for(view.rules))
        hand = view.hand_mask
        return min(gifts, key=lambda g: (pl.cost(hand & ~g.mask), g.mask))
    return None


def plays_only(legal_moves: Sequence[Move]) -> list[Move]:
    """The plays and the pass, without claims the bots never make (e.g. a redeal)."""
    return [m for m in legal_moves if m.is_pass or m.is_play]
