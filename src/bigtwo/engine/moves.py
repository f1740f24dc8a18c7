"""The legal moves of a state as lists: the plays of the player to move, the claims and
announcements open to a seat, what another seat may do out of turn, and the choices a pending
exchange or trade offers. `bigtwo.engine.questions` answers the same questions lazily."""

from __future__ import annotations

from itertools import combinations

from ..cards import cards_of
from ..combos import PASS, Combination, Move, hand_combos
from ..combos.beats import beats
from ..rules.config import Rules
from ..rules.options import FirstPlay
from . import turns
from .actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, Give
from .opening import holds_four_twos, may_redeal
from .state import State

_HONOURS = ("four_of_a_kind", "straight_flush")
_SMACKS = ("quads", "pair_run")
_FACES = (1 << 64) - 1


def bomb_kinds(rules: Rules) -> tuple[str, ...]:
    """The kinds another seat may slam down out of turn: bombs (``bomb.out_of_turn``) and
    smack-downs and smack-backs (``bomb.smackdown``)."""
    return (_HONOURS if rules.out_of_turn_bombs else ()) + (_SMACKS if rules.smackdown else ())


def legal_moves(state: State, seat: int | None) -> list[Move]:
    """Every legal move of ``seat`` (a checked seat, or None for the player to move)."""
    if state.end is not None:
        return []
    if seat is None or seat == state.to_move:
        return own_moves(state, state.to_move)
    return side_moves(state, seat)


def own_moves(state: State, seat: int) -> list[Move]:
    if state.pending:
        return pending_moves(state)
    moves: list[Move] = plays(state, seat)
    if state.rules.has_claims:
        moves.extend(claims(state, seat))
    return moves


def plays(state: State, seat: int) -> list[Move]:
    t = state.tables
    hand = state.hands[seat]
    hc = hand_combos(hand, t, state.origin.hands[seat])
    table = state.table
    moves: list[Move]
    if table is None:
        moves = list(hc.leads) if state.opening < 0 else _opening_moves(state, hc.leads)
    else:
        if state.rules.no_play_after_pass and state.passed >> seat & 1:
            return [PASS]
        moves = list(hc.following(table, t))
    if state.rules.narrows_turns:
        moves = turns.restrict(state, seat, moves)
    if state.rules.decks > 1:  # one move per set of faces: the first deck's cards first
        moves = [m for m in moves if first_copies(m.mask, hand) == m.mask]
    if table is not None:
        if not turns.must_play(state, seat, moves):
            moves.append(PASS)
    elif not moves:
        moves.append(PASS)  # every lead is barred (last.no_single_two): the lead passes on
    return moves


def _opening_moves(state: State, leads: list[Combination]) -> list[Move]:
    bit = 1 << state.opening
    rule = state.rules.first_play
    if rule is FirstPlay.OPTIONAL:
        return list(leads)
    if rule is FirstPlay.ALONE:
        return [c for c in leads if c.mask == bit]
    return [c for c in leads if c.mask & bit]


def claims(state: State, seat: int) -> list[Move]:
    """Announcements and pre-play claims open to ``seat`` right now."""
    out: list[Move] = []
    rules = state.rules
    if state.due >> seat & 1:
        out.append(ANNOUNCE)
    if state._log is None and not state.pending:
        if may_redeal(state.origin.hands[seat], rules):
            out.append(REDEAL)
        if rules.golden_whoopin and holds_four_twos(state.hands[seat]):
            out.append(WHOOPIN)
    return out


def side_moves(state: State, seat: int) -> list[Move]:
    """What ``seat`` may do when it is not its turn."""
    if state.pending:
        return []
    moves: list[Move] = claims(state, seat)
    moves.extend(out_of_turn(state, seat))
    if state._racing(seat):
        moves.extend(m for m in plays(state, seat) if m.is_play)
    return moves


def out_of_turn(state: State, seat: int) -> list[Combination]:
    """Plays another seat may make at once: bombs and smack-downs (see `bomb_kinds`)."""
    rules, table = state.rules, state.table
    if (
        not (rules.out_of_turn_bombs or rules.smackdown)
        or table is None
        or seat == state.table_seat
        or seat in state.out
    ):
        return []
    kinds = bomb_kinds(rules)
    hc = hand_combos(state.hands[seat], state.tables, state.origin.hands[seat])
    return [c for c in hc.bombs if c.kind in kinds and beats(c, table, state.tables)]


def pending_moves(state: State) -> list[Move]:
    """The choices the first pending decision offers: trade or keep, or every gift."""
    giver, receiver, count, _ = state.pending[0]
    if receiver < 0:
        return [TRADE, KEEP]
    hand = state.hands[giver]
    bits = [1 << c for c in cards_of(hand)]
    # of two identical cards (two decks) a gift names the first deck's copy first, as
    # typed text does, so every gift is offered once and a record replays it exactly
    gifts = (sum(sub) for sub in combinations(bits, count))
    return [Give(m) for m in gifts if not (m >> 64) & ~m & hand]


def first_copies(mask: int, hand: int) -> int:
    """``mask`` with each second-deck card swapped for its first-deck twin where the hand holds
    the twin and the play doesn't: two decks' identical cards are one choice, not two."""
    swap = (mask >> 64) & hand & ~mask & _FACES
    return mask ^ (swap << 64) | swap
