"""Decisions that are not plays on one's own turn: announcing a last card, laying down four 2s,
trading for the extra card, claiming a redeal, choosing cards to give away, and plays out of
turn (bombs, smack-downs, racing answers). Every bot shares these."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import iter_bits, mask_of
from ..combos import Combination, Move, tables_for
from ..engine.view import View
from .base import bounded
from .knowledge import unseen_mask
from .planning import planner_for
from .policy import score_plays, shortlist
from .situation import situation

# The least drop in planner cost for which the lead card is traded for the extra card: a lone
# 3♦ swapped for a lone jack or better, or for a card that joins a combination; a lone 4 or 7
# is not worth giving up the lead card (and, usually, the first lead) for.
TRADE_MIN = 0.1
# Out of turn, declining keeps the play for later, so a play must gain at least this much (the
# heuristic's own turn follows down to `policy.PASS_BELOW`, as passing gives the chance away).
OUT_OF_TURN_MIN = 0.0


def side_action(view: View, legal_moves: Sequence[Move]) -> Move | None:
    """The decision to make when the legal moves hold more than plays and a pass, else
    None. Always announce and lay down four 2s (both only help); trade the lead card for the
    extra card when that lowers the hand's cost (`trade_gain`); give away the cards that
    hurt the hand least."""
    kinds = {m.kind: m for m in legal_moves}
    for kind in ("golden_whoopin", "announce"):
        if kind in kinds:
            return kinds[kind]
    if "keep" in kinds:
        if "trade" in kinds and trade_gain(view) >= TRADE_MIN:
            return kinds["trade"]
        return kinds["keep"]
    gifts = [m for m in legal_moves if m.kind == "give"]
    if gifts:
        pl = planner_for(tables_for(view.rules))
        hand = view.hand_mask
        return min(gifts, key=lambda g: (pl.cost(hand & ~g.mask), g.mask))
    return None


def trade_gain(view: View) -> float:
    """How much trading the lead card for the extra card (``deal.leftover_trade``) lowers the
    hand's planner cost: for a face-up card, exactly; for a face-down one, on average over the
    cards it may be (every card this seat hasn't seen)."""
    t = tables_for(view.rules)
    pl = planner_for(t)
    hand = view.hand_mask
    if not hand:
        return 0.0
    rest = hand & ~(1 << t.lowest(hand))
    before = pl.cost(hand)
    shown = mask_of(view.shown)
    if shown:
        return before - pl.cost(rest | shown)
    candidates = list(iter_bits(unseen_mask(view)))
    if not candidates:
        return 0.0
    return before - sum(pl.cost(rest | 1 << c) for c in candidates) / len(candidates)


def out_of_turn_play(view: View, plays: Sequence[Move]) -> Combination | None:
    """The play to make out of turn (an out-of-turn bomb, a smack-down, a racing answer), or
    None to decline. The heuristic judges the plays as if it were following, declining being
    its pass; a play that empties the hand is always made."""
    combos = [m for m in bounded(plays) if isinstance(m, Combination)]
    if not combos:
        return None
    sit = situation(view, combos)
    for m in combos:
        if m.mask == sit.hand:
            return m  # going out wins the deal
    gain, best = max(
        score_plays(sit, shortlist(combos, sit.hand, sit.t)), key=lambda gm: (gm[0], -gm[1].key)
    )
    return best if gain >= OUT_OF_TURN_MIN else None


def plays_only(legal_moves: Sequence[Move]) -> list[Move]:
    """The plays and the pass, without claims the bots never make (e.g. a redeal)."""
    return [m for m in legal_moves if m.is_pass or m.is_play]
