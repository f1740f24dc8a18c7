"""The first state of a deal and the actions that are not plays: the exchanges and the
leftover trade decided before play (gifts, trade, keep), announcements, and the claims that end
a deal before it starts (a redeal, four 2s)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import cards_of
from ..combos import Move, tables_for
from ..rules.config import Rules
from ..rules.options import Direction, Leftover
from .actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, Give
from .commitment import Exchange
from .deal import Deal
from .opening import instant_result
from .state import S, State


def start(
    cls: type[S], rules: Rules, origin: Deal, leader: int | None, exchanges: Sequence[Exchange]
) -> S:
    """The first state of a checked deal: an instant result ends it at once; else the
    automatic exchanges are made and the decisions before play are queued."""
    twos_low = rules.twos_low_on_quads and any(_has_four(h) for h in origin.hands)
    g = object.__new__(cls)
    g._listed, g._past, g._stored = None, None, None
    g.rules, g.tables, g.origin, g._n = (
        rules,
        tables_for(rules, twos_low),
        origin,
        rules.players,
    )
    g.hands, g.kitty, g.stock = origin.hands, origin.kitty, origin.stock
    g.table, g.table_seat, g.passed, g.winner, g.end = None, -1, 0, None, None
    g.direction = 0 if rules.direction is Direction.RACE else origin.direction
    g.out, g.due, g.missed, g.unbeaten, g._log = (), 0, 0, None, None
    g.opening, g.to_move = -1, 0
    g.pending = ()
    instant = instant_result(origin.hands, rules)
    if instant is not None:
        what, seat = instant
        g.end, g.to_move = what, seat
        g.winner = None if what in ("draw", "redeal", "malta_dragun_lost") else seat
        return g
    _exchange(g, exchanges)
    g.opening = -2 if leader is None else -1  # -2: the lowest card is found when play starts
    g.to_move = leader if leader is not None else 0
    trade = rules.leftover in (Leftover.TRADE_SHOWN, Leftover.TRADE_HIDDEN) and g.kitty
    if trade:
        holder = g._holder(g.tables.lowest(sum(g.hands)))
        g.pending = ((holder, -1, 0, "trade"), *g.pending)
    if g.pending:
        g.to_move = g.pending[0][0]
    else:
        g._begin_play()
    return g


def _exchange(g: State, exchanges: Sequence[Exchange]) -> None:
    """Make the automatic exchanges now; queue those where the giver chooses."""
    hands = list(g.hands)
    t = g.tables
    queued: list[Exchange] = []
    for giver, receiver, count, how in exchanges:
        if how == "choose":
            queued.append((giver, receiver, count, how))
            continue
        ordered = sorted(cards_of(hands[giver]), key=lambda c: t.order_key[c & 63])
        gift = ordered[:count] if how == "lowest" else ordered[-count:]
        for c in gift:
            hands[giver] &= ~(1 << c)
            hands[receiver] |= 1 << c
    g.hands = tuple(hands)
    g.pending = tuple(queued)


def act(state: S, move: Move, actor: int) -> S:
    """The state after a checked action that is not a play or a pass."""
    g = state._logged(actor, move)
    if move == ANNOUNCE:
        g.due &= ~(1 << actor)
    elif move == REDEAL:
        g.end = "redeal"
    elif move == WHOOPIN:
        g.end, g.winner = "golden_whoopin", actor
    elif move in (TRADE, KEEP) or isinstance(move, Give):
        _decide(g, move)
    return g


def _decide(g: State, move: Move) -> None:
    """Carry out the first pending decision (a trade, a keep or a gift)."""
    giver, receiver, _, _ = g.pending[0]
    hands = list(g.hands)
    if move == TRADE:
        lead = g.tables.lowest(hands[giver])
        hands[giver] = hands[giver] & ~(1 << lead) | g.kitty
        g.kitty = 1 << lead
    elif isinstance(move, Give):
        hands[giver] &= ~move.mask
        hands[receiver] |= move.mask
    g.hands = tuple(hands)
    g.pending = g.pending[1:]
    if g.pending:
        g.to_move = g.pending[0][0]
    else:
        g._begin_play()


def _has_four(hand: int) -> bool:
    """Is there a rank with four or more cards in ``hand`` (``cards.bomb_flips_twos``)?"""
    for rank in range(13):
        n = sum(hand >> (copy * 64 + rank * 4 + s) & 1 for copy in (0, 1) for s in range(4))
        if n >= 4:
            return True
    return False
