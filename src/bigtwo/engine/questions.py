"""The questions play asks of a state, answered without building every move.

`bigtwo.engine.moves` lists every legal move; under some house rules a hand holds hundreds of
thousands of plays (two decks, long straights) or billions (runs of pairs with two decks), so
nothing that must answer in time may ask for that list. The functions here generate the
player's plays lazily (`bigtwo.combos.lazy`) and stop as soon as the question is answered:

* `plays` — the legal plays, lazily (optionally only some families, or a few of each group);
* `has_play` — is there any legal play (early exit);
* `can_pass` — may the player to move pass;
* `count` — how many legal moves there are (each play generated once, none kept);
* `side_plays`, `side_allows`, `has_side_action` — what a seat may do out of turn.

Plays are generated in the engine's form: with two decks one play per set of faces, the first
deck's copy first, exactly as ``legal_moves()`` offers them. `bigtwo.engine.ondemand` builds
the sequence of legal moves bots are handed on these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..combos import PASS, Combination, Move, hand_combos
from ..combos.beats import beats, can_lead
from ..combos.lazy import LazyHand, canonical, is_big
from ..combos.tables import FIVE, FOUR, PAIR_RUN_N, SF_PLUS_TWO
from ..rules.options import FirstPlay
from . import moves, turns
from .moves import bomb_kinds
from .state import State

# the families a bomb may come from: fours, five-card hands, straight flushes plus two, runs
_BOMB_FAMILIES = frozenset({FOUR, FIVE, SF_PLUS_TWO, *(PAIR_RUN_N + n for n in range(3, 14))})


def _source(
    game: State,
    seat: int,
    families: frozenset[int] | None,
    per_group: int | None,
    accept: Callable[[Combination], bool],
) -> Iterator[Combination]:
    """The hand's combinations, lazily: from the cached full build for ordinary hands (the
    order ``legal_moves()`` gives), from the lazy generator for big ones."""
    hand = game.hands[seat]
    t = game.tables
    if not is_big(hand, t):
        combos = hand_combos(hand, t, game.origin.hands[seat]).combos
        for c in combos:
            if (families is None or c.family in families) and canonical(c.mask, hand) and accept(c):
                yield c
        return
    # legality looks only at a play's kind and strength, and at the first play's lead card
    yield from LazyHand(hand, t).iter_combos(families, per_group, accept, True, _lead_bit(game))


def _lead_bit(game: State) -> int:
    """The card the first play must hold (``core.lead``), as a bit; 0 when none."""
    if game.table is None and game.opening >= 0 and game.rules.first_play is FirstPlay.INCLUDE:
        return 1 << game.opening
    return 0


def _table_families(game: State) -> frozenset[int] | None:
    table = game.table
    if table is None:
        return None
    if game.tables.has_bombs:
        return _BOMB_FAMILIES | {table.family}
    return frozenset({table.family})


def _allowed(game: State, seat: int, c: Combination) -> bool:
    """May ``seat``, on its turn, play combination ``c`` of its hand?"""
    t, table = game.tables, game.table
    if table is None:
        if not can_lead(c, t):
            return False
        if game.opening >= 0:
            rule = game.rules.first_play
            bit = 1 << game.opening
            if rule is FirstPlay.ALONE and c.mask != bit:
                return False
            if rule is FirstPlay.INCLUDE and not c.mask & bit:
                return False
    elif not beats(c, table, t):
        return False
    return not (game.rules.narrows_turns and not turns.restrict(game, seat, [c]))


def plays(
    game: State,
    seat: int | None = None,
    families: frozenset[int] | None = None,
    per_group: int | None = None,
) -> Iterator[Combination]:
    """The legal plays of ``seat`` (the player to move by default) on its turn, lazily;
    ``families`` limits them to those families, ``per_group`` to representatives."""
    seat = game.to_move if seat is None else seat
    if game.end is not None or game.pending or seat != game.to_move:
        return
    if game.table is not None and game.rules.no_play_after_pass and game.passed >> seat & 1:
        return
    wanted = _table_families(game)
    if families is not None:
        wanted = families if wanted is None else wanted & families
    yield from _source(game, seat, wanted, per_group, lambda c: _allowed(game, seat, c))


def has_play(game: State, seat: int | None = None) -> bool:
    """Has ``seat`` any legal play on its turn?"""
    return next(plays(game, seat), None) is not None


def can_pass(game: State, seat: int | None = None) -> bool:
    """Is passing legal for ``seat`` (on its turn)?"""
    seat = game.to_move if seat is None else seat
    if game.end is not None or game.pending or seat != game.to_move:
        return False
    if game.table is None:
        return not has_play(game, seat)  # a stuck leader passes the lead on
    if game.rules.no_play_after_pass and game.passed >> seat & 1:
        return True
    return not turns.must_play(game, seat, [PASS, *_first(plays(game, seat))])


def _first(it: Iterator[Combination]) -> list[Combination]:
    found = next(it, None)
    return [] if found is None else [found]


def out_of_turn(game: State, seat: int, per_group: int | None = None) -> Iterator[Combination]:
    """Bombs and smack-downs ``seat`` may slam down out of turn now, lazily."""
    rules, table = game.rules, game.table
    if (
        not (rules.out_of_turn_bombs or rules.smackdown)
        or table is None
        or game.pending
        or game.end is not None
        or seat == game.table_seat
        or seat in game.out
    ):
        return
    kinds = bomb_kinds(rules)
    t = game.tables
    yield from _source(
        game, seat, _BOMB_FAMILIES, per_group, lambda c: c.kind in kinds and beats(c, table, t)
    )


def side_plays(game: State, seat: int, per_group: int | None = None) -> Iterator[Combination]:
    """Every play ``seat`` may make when it is not its turn (out of turn, or racing)."""
    if game.end is not None or game.pending or seat == game.to_move:
        return
    seen: set[int] = set()
    for c in out_of_turn(game, seat, per_group):
        seen.add(c.mask)
        yield c
    if game._racing(seat):
        ghost = game._copy()
        ghost.to_move = seat
        for c in plays(ghost, seat, None, per_group):
            if c.mask not in seen:
                yield c


def claims(game: State, seat: int) -> list[Move]:
    """Announcements, claims and pending decisions open to ``seat`` now."""
    if game.end is not None:
        return []
    if game.pending:
        return moves.pending_moves(game) if seat == game.to_move else []
    if seat == game.to_move and not game.rules.has_claims:
        return []
    return moves.claims(game, seat)


def count(game: State, seat: int | None = None) -> int:
    """How many legal moves ``seat`` has (one play per set of faces, as ``legal_moves(seat)``
    lists them), generating each play once and keeping none."""
    seat = game.to_move if seat is None else seat
    if game.end is not None or not 0 <= seat < game.rules.players:
        return 0
    n = len(claims(game, seat))
    if seat != game.to_move:
        if game._racing(seat):
            return n + sum(1 for _ in side_plays(game, seat))
        return n + _count_out_of_turn(game, seat)
    if game.pending:
        return n
    return n + _count_plays(game, seat) + can_pass(game, seat)


def _count_plays(game: State, seat: int) -> int:
    """The number of `plays`: for a big hand, runs (straights of other lengths than five,
    runs of pairs) are counted as products of their ranks' choices, never listed, wherever
    legality depends only on a play's strength and on whether it holds the lead card."""
    hand, t = game.hands[seat], game.tables
    if not is_big(hand, t):
        return sum(1 for _ in plays(game, seat))
    if game.table is not None and game.rules.no_play_after_pass and game.passed >> seat & 1:
        return 0
    return LazyHand(hand, t).count(
        _table_families(game),
        lambda c: _allowed(game, seat, c),
        by_strength=True,
        must_hold=_lead_bit(game),
    )


def _count_out_of_turn(game: State, seat: int) -> int:
    hand, t = game.hands[seat], game.tables
    if not is_big(hand, t) or next(out_of_turn(game, seat), None) is None:
        return sum(1 for _ in out_of_turn(game, seat))
    rules, table = game.rules, game.table
    assert table is not None
    kinds = bomb_kinds(rules)
    return LazyHand(hand, t).count(
        _BOMB_FAMILIES, lambda c: c.kind in kinds and beats(c, table, t), by_strength=True
    )


def side_allows(game: State, combo: Combination, seat: int) -> bool:
    """May ``seat``, when it is not its turn, play ``combo`` (of its hand) now?"""
    if game.end is not None or game.pending or seat == game.to_move:
        return False
    rules, table = game.rules, game.table
    if (
        (rules.out_of_turn_bombs or rules.smackdown)
        and table is not None
        and seat != game.table_seat
        and seat not in game.out
    ):
        kinds = bomb_kinds(rules)
        if combo.kind in kinds and beats(combo, table, game.tables):
            return True
    if game._racing(seat):
        ghost = game._copy()
        ghost.to_move = seat
        if rules.no_play_after_pass and game.passed >> seat & 1:
            return False
        return _allowed(ghost, seat, combo)
    return False


def has_side_action(game: State, seat: int) -> bool:
    """Has ``seat``, when it is not its turn, anything it may do now?"""
    return bool(claims(game, seat)) or next(side_plays(game, seat), None) is not None
