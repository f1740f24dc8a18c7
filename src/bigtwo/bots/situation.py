"""The heuristic's picture of a position (`policy.Situation`), read from a seat's view alone:
shared by the heuristic, the expert's search, hints and the side decisions."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import mask_of
from ..combos import Move
from ..engine.seats import next_seat
from ..engine.view import View
from .knowledge import deal_tables, direction, unseen_mask
from .policy import Situation, table_owner


def situation(view: View, legal_moves: Sequence[Move], careful: bool = True) -> Situation:
    """The heuristic's picture of the position, from the view alone (in ``mode.teams`` the
    partner is no opponent)."""
    n = view.players
    me = view.seat
    counts = view.counts
    step = direction(view)
    out = sum(1 << s for s in range(n) if not counts[s] and s != me)
    nxt = next_seat(me, n, step, out)
    teams = view.rules.teams
    mates = [s for s in range(n) if s != me and teams is not None and teams[s] == teams[me]]
    owner_count, owner_next = 0, False
    if view.table is not None:
        barred = sum(1 << s for s in view.passed) if view.rules.no_play_after_pass else 0
        owner_count, owner_next = table_owner(
            counts, me, view.table_seat, step, barred, teams, view.rules.one_pass_ends
        )
    return Situation(
        t=deal_tables(view, legal_moves),
        hand=view.hand_mask,
        table=view.table,
        unseen=unseen_mask(view),
        opponents=tuple(c for s, c in enumerate(counts) if s != me and c and s not in mates),
        next_count=counts[nxt],
        careful=careful,
        owner_count=owner_count,
        owner_next=owner_next,
        partner_count=max((counts[s] for s in mates), default=0),
        partner_owns=view.table is not None and view.table_seat in mates,
        dealt=mask_of(view.dealt),
    )
