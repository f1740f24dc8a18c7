"""Building a seat's `View` of a state: its own hand, what everyone may know, and nothing
more — another seat's gift, out-of-turn option or hidden kitty stays out."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import cards_of
from ..combos import Move
from ..rules.options import Leftover
from .actions import TRADE, Give, hidden_give
from .questions import has_side_action
from .state import State
from .view import SessionSummary, View

# a seat's hand (and dealt hand) is the same from one view to the next until it plays: the
# card tuples of recent masks are kept rather than made again for every view
_cards = lru_cache(maxsize=1024)(cards_of)


def view_of(state: State, seat: int, session: SessionSummary | None = None) -> View:
    """What ``seat`` (a checked seat, or `bigtwo.engine.view.SPECTATOR`) may know; a table
    adds where its ``session`` stands."""
    shown = _public_kitty(state)
    return _unchecked(
        seat=seat,
        rules=state.rules,
        hand=_cards(state.hands[seat]) if seat >= 0 else (),
        counts=tuple(h.bit_count() for h in state.hands),
        to_move=state.to_move,
        table=state.table,
        table_seat=state.table_seat,
        passed=tuple(s for s in range(state._n) if state.passed >> s & 1),
        history=_public_history(state, seat),
        lead_card=state.lead_card,
        winner=state.winner,
        commitment=state.origin.commitment,
        out=state.out,
        stock_count=len(state.stock),
        shown=_cards(shown),
        end=state.end,
        direction=state.direction,
        twos_low=state.tables.twos_low,
        announce_due=seat >= 0 and bool(state.due >> seat & 1),
        pending=state.pending[0] if state.pending else None,
        may_act=_known_actors(state, seat),
        exchanges=state.setup[1],
        dealt=_cards(state.origin.hands[seat]) if seat >= 0 else (),
        session=session,
    )


def _unchecked(**values: Any) -> View:
    """The `View` of these field values (every field given) without the checks of its
    `__post_init__`: they guard views made from data or by hand, while these come from a state
    the engine holds. A table builds a view on every step, and checking it field by field (the
    whole history included) cost more than building it."""
    view = object.__new__(View)
    view.__dict__.update(values)
    return view


def _known_actors(state: State, seat: int) -> tuple[int, ...]:
    """`awaiting` as ``seat`` may know it: another seat's bomb, claim or racing answer
    stays out, as it would tell what that seat holds (a due announcement is public)."""
    if state.end is not None:
        return ()
    return state.to_move, *(
        s
        for s in range(state._n)
        if s != state.to_move and (state.due >> s & 1 or (s == seat and has_side_action(state, s)))
    )


def _public_kitty(state: State) -> int:
    """The undealt cards everyone knows: a face-up extra card, the lead card traded into
    the kitty, or the lowest cards discarded by rule (``deal.leftover_*``)."""
    rule = state.rules.leftover
    if rule is Leftover.TRADE_SHOWN:
        return state.kitty
    if rule is Leftover.TRADE_HIDDEN:
        return state.kitty if any(m == TRADE for _, m in state.history) else 0
    if (
        rule is Leftover.DISCARD_LOWEST
        and state.rules.cards_each is None
        and not state.rules.ghost_hand
    ):
        return state.kitty
    return 0


def _public_history(state: State, seat: int) -> tuple[tuple[int, Move], ...]:
    """The history as ``seat`` saw it: cards given in an exchange it took no part in are
    hidden (only their number shows)."""
    if not state.setup[1]:  # no exchange at this deal: nothing was given
        return state._history()
    out = []
    for actor, move in state._history():
        if isinstance(move, Give) and (seat < 0 or seat not in (actor, _receiver(state, actor))):
            move = hidden_give(move.mask.bit_count())
        out.append((actor, move))
    return tuple(out)


def _receiver(state: State, giver: int) -> int:
    return next((r for g, r, _, how in state.setup[1] if g == giver and how == "choose"), -1)
