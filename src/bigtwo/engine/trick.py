"""The turn logic: a play or a pass and what follows from it — going out, the end of the deal,
closing a trick, the direction a race sets, drawing from the stock on a pass. Each function
takes a state whose move has been checked (`bigtwo.engine.refusals`) and returns the next."""

from __future__ import annotations

import random

from ..combos import PASS, Combination
from ..rules.options import Announce as AnnounceRule
from ..rules.options import DrawOnPass, Mode
from . import turns
from .state import S, State


def play(state: S, combo: Combination, actor: int) -> S:
    """The state after ``actor`` plays ``combo``."""
    g = state._logged(actor, combo)
    hands = list(state.hands)
    hands[actor] &= ~combo.mask
    g.hands = tuple(hands)
    g.opening = -1
    if g.direction == 0 and state.table is not None:
        g.direction = 1 if actor == (state.table_seat + 1) % state._n else -1  # deal.race
    g.table, g.table_seat = combo, actor
    if not state.rules.no_play_after_pass:
        g.passed = 0
    if state.rules.announce is not AnnounceRule.NONE:
        limit = 2 if state.rules.announce is AnnounceRule.ONE_OR_TWO else 1
        if 0 < hands[actor].bit_count() <= limit:
            g.due |= 1 << actor  # last.announce: say it right after this play
    if not hands[actor]:
        _went_out(g, actor)
        if g.end is not None:
            return g
        if state.rules.unbeatable_ends and turns.unbeatable(g, combo):
            _close_trick(g, actor, lead=_play_on_leader(g, actor))  # trick.unbeatable_ends
            return g
        g.to_move = g._after(actor)
        return g
    if state.rules.unbeatable_ends and turns.unbeatable(g, combo):
        _close_trick(g, actor, lead=actor)  # trick.unbeatable_ends
        return g
    g.to_move = g._after(actor)
    return g


def pass_turn(state: S, actor: int) -> S:
    """The state after ``actor`` passes."""
    g = state._logged(actor, PASS)
    rules = state.rules
    n = state._n
    if g.direction == 0 and state.table is not None:
        g.direction = 1  # the neighbour to the right answered first (deal.race)
    if state.table is None:  # a stuck leader hands the lead on (last.no_single_two)
        g.passed = state.passed | (1 << actor)
        if g.passed | g._out_mask() == (1 << n) - 1:
            g.end = "draw"
            return g
        g.to_move = g._after(actor)
        return g
    _draw(g, actor)
    if actor == state.table_seat:  # only with no_play_after_pass: lead afresh
        _close_trick(g, actor, lead=actor)
        return g
    g.passed = state.passed | (1 << actor)
    done = g.passed | (1 << state.table_seat) | g._out_mask() == (1 << n) - 1
    if rules.one_pass_ends or done:
        lead = state.table_seat
        if lead in state.out:
            _close_trick(g, lead, lead=_play_on_leader(g, lead))
        elif rules.no_play_after_pass and not rules.one_pass_ends:
            g.to_move = lead  # may beat their own play, or pass to lead afresh
        else:
            _close_trick(g, state.table_seat, lead=lead)
        return g
    g.to_move = g._after(actor)
    return g


def _went_out(g: State, seat: int) -> None:
    g.out = (*g.out, seat)
    mode = g.rules.mode
    active = [s for s in range(g._n) if g.hands[s]]
    if mode in (Mode.STANDARD, Mode.TEAMS) or len(active) <= 1:
        g.end = "out" if mode in (Mode.STANDARD, Mode.TEAMS) else "last"
        g.winner = g.out[0]
        if g.table is not None:
            g.unbeaten = (g.unbeaten, seat, g.table)
        g.out = (*g.out, *sorted(active, key=lambda s: g.hands[s].bit_count()))


def _play_on_leader(g: State, finisher: int) -> int:
    """Who leads once the trick a player went out on is over (``mode.until_last``): the next
    player in turn, or under ``suits.penning`` the holder of the lowest card."""
    if g.rules.lowest_leads_play_on:
        return g._holder(g.tables.lowest(sum(g.hands)))
    return g._after(finisher, skip_passed=False)


def _close_trick(g: State, winner: int, lead: int) -> None:
    if g.table is not None:
        g.unbeaten = (g.unbeaten, winner, g.table)
    g.table, g.passed, g.to_move = None, 0, lead


def _draw(g: State, seat: int) -> None:
    """``deal.draw_on_pass``: a player who passes draws from the stock."""
    rule = g.rules.draw_on_pass
    if rule is DrawOnPass.NONE or g.table is None:
        return
    count = 1 if rule is DrawOnPass.ONE else g.table.size
    stock = g.stock
    if len(stock) < count and g.rules.reshuffle_stock:
        stock = (*stock, *_reshuffled(g))
    drawn, g.stock = stock[:count], stock[count:]
    hands = list(g.hands)
    for c in drawn:
        hands[seat] |= 1 << c
    g.hands = tuple(hands)


def _reshuffled(g: State) -> list[int]:
    """The played cards, except the table, shuffled into a new stock; the shuffle is drawn
    from the deal's seed, or its salt when secret, so that a replay reproduces it."""
    held = sum(g.hands) | g.kitty | sum(1 << c for c in g.stock)
    table = g.table.mask if g.table is not None else 0
    origin = g.origin
    dealt = sum(origin.hands) | origin.kitty | sum(1 << c for c in origin.stock)
    played = [c for c in range(128) if dealt >> c & 1 and not (held | table) >> c & 1]
    key = f"seed {origin.seed}" if origin.seed is not None else origin.salt
    rng = random.Random(f"{key}|{len(g.history)}")
    rng.shuffle(played)
    return played
