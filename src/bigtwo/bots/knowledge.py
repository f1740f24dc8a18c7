"""What a bot may work out from its view alone: the deal's strength tables, the cards still
unseen, the direction of play, and the passes that hint at what others hold."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from ..cards import deck, mask_of
from ..combos import Combination, Move, Tables, tables_for
from ..engine.view import View
from ..rules.config import Rules
from ..rules.options import Direction, Jokers

# by the rules object's id, the object kept (so the id is not another's): its tables and its
# pack, which every decision asks for (hashing and comparing a `Rules` costs more than a turn's
# other arithmetic); a pure function of the rules, so no seat learns anything from another's
_FACTS: dict[int, tuple[Rules, Tables, int]] = {}
_FACTS_LIMIT = 4096  # rule sets in play at once: a server's rooms each hold their own object


def _facts(rules: Rules) -> tuple[Rules, Tables, int]:
    found = _FACTS.get(id(rules))
    if found is None or found[0] is not rules:
        m = 0
        for c in deck(rules.decks, 2 if rules.jokers is not Jokers.NONE else 0):
            m |= 1 << c
        if len(_FACTS) >= _FACTS_LIMIT:
            _FACTS.clear()
        found = _FACTS[id(rules)] = (rules, tables_for(rules), m)
    return found


def deck_mask(view: View) -> int:
    """Every card of the pack these rules play with."""
    return _facts(view.rules)[2]


def played_mask(view: View) -> int:
    """Cards played so far (gifts in exchanges are not plays, so only combinations count)."""
    m = 0
    for _, move in view.history:
        if isinstance(move, Combination):
            m |= move.mask
    return m


def unseen_mask(view: View) -> int:
    """Cards this seat has not seen: in other hands, or undealt (kitty, stock); not the
    undealt cards the table knows (``view.shown``)."""
    return deck_mask(view) & ~view.hand_mask & ~played_mask(view) & ~mask_of(view.shown)


def deal_tables(view: View, legal_moves: Sequence[Move] = ()) -> Tables:
    """The strength tables of this deal. A dealt four of a kind may flip the 2s low
    (``cards.bomb_flips_twos``) and the view doesn't say so; the keys of the combinations
    the engine handed over (legal moves, the table, history) tell."""
    rules = view.rules
    t = _facts(rules)[1]
    if not rules.twos_low_on_quads:
        return t
    seen: list[Combination] = [m for m in legal_moves if isinstance(m, Combination)]
    seen += [m for _, m in view.history if isinstance(m, Combination)]
    for combo in seen:
        if combo.kind == "single" and combo.key >= 0:
            if combo.key != t.single_key[combo.top & 63]:
                return tables_for(rules, True)
            return t
    return t


def direction(view: View) -> int:
    """+1 when seat s+1 plays after seat s, -1 when play runs the other way; read from the
    history where the rules leave it open (``deal.alternate``, ``deal.race``)."""
    n = view.players
    hist = view.history
    for (a, _), (b, _) in pairwise(hist):
        if a == b:
            continue
        if b == (a + 1) % n and n > 2:
            return 1
        if b == (a - 1) % n and n > 2:
            return -1
    return -1 if view.rules.direction is Direction.CLOCKWISE else 1


def pass_events(view: View) -> list[tuple[int, Combination]]:
    """``(seat, combination)`` for every pass a seat made while it could have played: the
    combination on the table it chose not to (or could not) beat."""
    events: list[tuple[int, Combination]] = []
    n = view.players
    table: Combination | None = None
    passes = 0
    passed_in_trick: set[int] = set()
    for seat, move in view.history:
        if isinstance(move, Combination):
            table, passes = move, 0
            continue
        if not move.is_pass or table is None:
            continue
        if seat not in passed_in_trick or not view.rules.no_play_after_pass:
            events.append((seat, table))
        passed_in_trick.add(seat)
        passes += 1
        if passes >= n - 1 or view.rules.one_pass_ends:
            table, passes = None, 0
            passed_in_trick.clear()
    return events
