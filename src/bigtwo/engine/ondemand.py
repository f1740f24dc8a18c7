"""Legal moves on demand: `LegalMoves`, the sequence of a seat's legal moves that bots are
handed. It is a list when used as one (``len``, indexing, iterating), and answers ``in``,
`LegalMoves.of_kind`, `LegalMoves.beating`, `LegalMoves.total` and `LegalMoves.candidates` (a
bounded set of representatives that bots choose among) lazily, through
`bigtwo.engine.questions`, without building every move.

With two decks the list is bounded (`listed`, which ``Game.legal_moves()`` returns): one play
per set of faces, every one where a big hand holds at most `LIST_LIMIT`, else the
representatives; a `MoveList` whose ``in`` asks the rules, as ``Game.play`` does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import overload

from ..combos import PASS, Combination, Move
from ..combos.beats import beats, bomb_beats
from ..combos.lazy import is_big
from ..errors import IllegalMoveError
from ..rules.options import Jokers
from . import moves, refusals
from .actions import Give
from .questions import can_pass, claims, count, plays, side_plays
from .state import State

# representatives a bot chooses among on a big hand: the first play of every group that may
# be played now (the weakest of the group that is legal)
PER_GROUP = 1

# the most plays a big two-deck hand's list holds; with more, it holds the representatives.
# Counted once per set of faces, an ordinary two-deck hand of 52 cards offers up to about
# 8,000 moves; long straights and the dragon play up to 430,000, and runs of pairs answering a
# 2 (smack-downs) millions, up to billions. Read lazily, a play costs about 7 us
LIST_LIMIT = 10_000


class LegalMoves(Sequence[Move]):
    """The legal moves of one seat, as a sequence that is built whole only when used as a list
    (``len``, indexing, iterating); everything else is answered lazily."""

    def __init__(self, state: State, seat: int | None = None) -> None:
        self._state = state
        self.seat = state.to_move if seat is None else seat
        self._list: list[Move] | None = None
        self._candidates: list[Move] | None = None

    # -- as a list --------------------------------------------------------------------------
    def _all(self) -> list[Move]:
        if self._list is None:
            state = self._state
            rules = state.rules
            if rules.decks == 1 or rules.jokers is Jokers.WILD or not self.big:
                # built whole, as ever: two decks with wild jokers need 4 players or more (27
                # cards a hand at most, few enough to build whole)
                self._list = moves.legal_moves(state, self.seat)
            else:  # every play up to the limit, read lazily once; past it, representatives
                found = list(islice(self.plays(), LIST_LIMIT + 1))
                whole = len(found) <= LIST_LIMIT
                self._list = self._with_claims(found) if whole else self.candidates()
            if state.tables.one_reading:
                # as `Game.legal_moves` does: `play` trusts these very moves unchecked
                state._listed = (self.seat, tuple(self._list))
        return self._list

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Move]: ...
    def __getitem__(self, i: int | slice) -> Move | Sequence[Move]:
        return self._all()[i]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._all())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move):
            return False
        if not (move.is_pass or isinstance(move, Combination | Give)):
            # a word (announce, redeal, trade …) is legal when it is one of the seat's claims:
            # `is_legal` would say the same after building the refusal of every other word
            return move in claims(self._state, self.seat)
        return is_legal(self._state, move, self.seat)

    def __repr__(self) -> str:
        return f"<LegalMoves of seat {self.seat}>"

    # -- on demand --------------------------------------------------------------------------
    @property
    def big(self) -> bool:
        """Is this hand too big to list every move cheaply (bots then use `candidates`)?"""
        return is_big(self._state.hands[self.seat], self._state.tables)

    def plays(self, per_group: int | None = None) -> Iterator[Combination]:
        state = self._state
        if self.seat == state.to_move:
            return plays(state, self.seat, None, per_group)
        return side_plays(state, self.seat, per_group)

    def has_play(self) -> bool:
        return next(self.plays(), None) is not None

    @property
    def can_pass(self) -> bool:
        return can_pass(self._state, self.seat)

    def of_kind(self, kind: str) -> Iterator[Move]:
        """The legal moves of one kind (``"pair"``, ``"straight"``, ``"pass"``, ``"announce"``,
        …), lazily."""
        if kind == "pass":
            if self.can_pass:
                yield PASS
            return
        for m in claims(self._state, self.seat):
            if m.kind == kind:
                yield m
        for c in self.plays():
            if c.kind == kind:
                yield c

    def beating(self, play: Combination) -> Iterator[Combination]:
        """The legal plays that beat ``play``, lazily."""
        t = self._state.tables
        for c in self.plays():
            if beats(c, play, t) or (c.family != play.family and bomb_beats(c, play, t)):
                yield c

    def total(self) -> int:
        """The number of legal moves, without keeping them."""
        if self._list is not None:
            return len(self._list)
        return count(self._state, self.seat)

    def candidates(self) -> list[Move]:
        """The moves a bot chooses among: every legal move for an ordinary hand (the list
        itself), and for a big hand the claims, a few plays of every group (the weakest of
        each among them) and the pass."""
        if self._candidates is None:
            if self.big:
                self._candidates = self._with_claims(list(self.plays(PER_GROUP)))
            else:
                self._candidates = self._all()
        return self._candidates

    def _with_claims(self, found: list[Combination]) -> list[Move]:
        """The claims, then the plays ``found``, then the pass where it is legal."""
        out: list[Move] = list(claims(self._state, self.seat))
        out.extend(found)
        if self.seat == self._state.to_move and self.can_pass:
            out.append(PASS)
        return out


class MoveList(list[Move]):
    """``Game.legal_moves()`` with two decks: the legal moves as a list, one play per set of
    faces (the first deck's copy of a card before the second's); for a big hand with more than
    `LIST_LIMIT` plays, only the representatives bots choose among (the weakest legal play of
    every group, the claims and the pass). ``in`` asks the rules, as ``Game.play`` does, so a
    play naming the other copy of a card, or one the representatives stand for, is in the list
    exactly when ``play`` accepts it; ``candidates()`` is what bots choose among."""

    def __init__(self, legal: LegalMoves) -> None:
        super().__init__(legal._all())
        self._legal = legal

    def __contains__(self, move: object) -> bool:
        return move in self._legal

    def candidates(self) -> list[Move]:
        return self._legal.candidates()


def listed(state: State, seat: int) -> MoveList:
    """The legal moves of ``seat`` (checked) in a two-deck game, bounded (see `MoveList`)."""
    return MoveList(LegalMoves(state, seat))


def is_legal(state: State, move: Move | str, seat: int | None = None) -> bool:
    """Would ``game.play(move, seat)`` be accepted? Decided by classifying the cards and
    checking the rules (`bigtwo.engine.refusals`), never by searching a list."""
    try:
        refusals.checked(state, move, seat)
    except IllegalMoveError:
        return False
    return True
