"""`Game`: one deal of Big Two as an immutable state. ``game.play(move)`` returns the next state.

Seats are numbered in the order of play: the player after seat ``s`` is ``s + 1`` (mod the
number of players), which is the seeds' counter-clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, cards_of, format_cards, parse_cards
from ..combos import PASS, Combination, Move, hand_combos, tables_for
from ..combos.beats import KIND_WORDS, beats, can_lead, why_not
from ..combos.classify import classify_mask
from ..combos.tables import Tables
from ..errors import IllegalMoveError
from ..rules.config import Rules
from ..rules.options import FirstPlay
from ..scoring import Outcome, score
from .deal import Deal, fixed_deal, shuffled_deal
from .view import View

_HONOURS = ("four_of_a_kind", "straight_flush")
Log = tuple[Any, int, Move] | None  # (previous log, seat, move): a persistent list


class Game:
    """The state of one deal. Build it with `Game.deal`; advance it with `play`."""

    __slots__ = (
        "_log",
        "_n",
        "hands",
        "opening",
        "origin",
        "passed",
        "rules",
        "table",
        "table_seat",
        "tables",
        "to_move",
        "winner",
    )

    rules: Rules
    tables: Tables
    origin: Deal
    hands: tuple[int, ...]
    to_move: int
    table: Combination | None
    table_seat: int
    passed: int
    opening: int
    winner: int | None
    _log: Log
    _n: int

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        hands: Sequence[str | Sequence[int]] | None = None,
        dealer: int = 0,
        leader: int | None = None,
    ) -> Game:
        """A new deal: ``hands`` fixes the cards (seat 0 first), else the deck is shuffled
        with ``seed`` (or, without one, from ``secrets``). ``leader`` makes that seat lead
        with any play (``start.winner_leads``) instead of the holder of the lowest card."""
        rules = rules or Rules.preset("classic")
        origin = (
            fixed_deal(rules, hands) if hands is not None else shuffled_deal(rules, seed, dealer)
        )
        return cls.from_deal(rules, origin, leader)

    @classmethod
    def from_deal(cls, rules: Rules, origin: Deal, leader: int | None = None) -> Game:
        twos_low = rules.twos_low_on_quads and any(_has_four(h) for h in origin.hands)
        t = tables_for(rules, twos_low)
        lead_card = t.lowest(sum(origin.hands))
        starter = next(s for s, h in enumerate(origin.hands) if h >> lead_card & 1)
        if leader is not None:
            starter, lead_card = leader, -1
        g = object.__new__(cls)
        g.rules, g.tables, g.origin, g.hands = rules, t, origin, origin.hands
        g.to_move, g.table, g.table_seat, g.passed = starter, None, -1, 0
        g.opening, g.winner, g._log, g._n = lead_card, None, None, rules.players
        return g

    def _next_state(self) -> Game:
        g = object.__new__(Game)
        g.rules, g.tables, g.origin, g._n = self.rules, self.tables, self.origin, self._n
        g.hands, g.to_move, g.table, g.table_seat = (
            self.hands,
            self.to_move,
            self.table,
            self.table_seat,
        )
        g.passed, g.opening, g.winner, g._log = self.passed, self.opening, self.winner, self._log
        return g

    # -- what may be done -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def lead_card(self) -> Card | None:
        """The card the first play is about (3♦ in the classic game), until it is made."""
        return Card(self.opening) if self.opening >= 0 else None

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal play and pass for ``seat`` (the player to move by default); for another
        seat, the plays the rules let it make out of turn (``bomb.out_of_turn``)."""
        if self.winner is not None:
            return []
        t = self.tables
        if seat is not None and seat != self.to_move:
            return list(self._out_of_turn(seat))
        seat = self.to_move
        hc = hand_combos(self.hands[seat], t)
        table = self.table
        if table is None:
            if self.opening < 0:
                return list(hc.leads)
            return self._opening_moves(hc.leads)
        moves: list[Move] = list(hc.following(table, t))
        moves.append(PASS)
        return moves

    def _opening_moves(self, leads: list[Combination]) -> list[Move]:
        bit = 1 << self.opening
        rule = self.rules.first_play
        if rule is FirstPlay.OPTIONAL:
            return list(leads)
        if rule is FirstPlay.ALONE:
            return [c for c in leads if c.mask == bit]
        return [c for c in leads if c.mask & bit]

    def _out_of_turn(self, seat: int) -> list[Combination]:
        if not self.rules.out_of_turn_bombs or self.table is None or seat == self.table_seat:
            return []
        hc = hand_combos(self.hands[seat], self.tables)
        return [c for c in hc.bombs if c.kind in _HONOURS and beats(c, self.table, self.tables)]

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Every seat that may act now: the player to move first, then out-of-turn bombers."""
        if self.winner is not None:
            return ()
        others = (
            [s for s in range(self._n) if s != self.to_move and self._out_of_turn(s)]
            if self.rules.out_of_turn_bombs
            else []
        )
        return (self.to_move, *others)

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Move | str, seat: int | None = None) -> Game:
        """The state after ``move`` (a `Move`, or text such as ``"3D 3S"`` or ``"pass"``) by
        ``seat`` (the player to move by default). Raises `IllegalMoveError` saying why."""
        if self.winner is not None:
            raise IllegalMoveError("the deal is over")
        actor = self.to_move if seat is None else seat
        if not 0 <= actor < self._n:
            raise IllegalMoveError(f"there is no seat {actor}")
        if isinstance(move, str):
            move = self.parse_move(move, actor)
        if move.is_pass:
            if actor != self.to_move:
                raise IllegalMoveError(f"it is seat {self.to_move}'s turn, not seat {actor}'s")
            if self.table is None:
                raise IllegalMoveError("you have the lead, so you can't pass: play any combination")
            return self._pass(actor)
        if not isinstance(move, Combination):
            raise IllegalMoveError(f"{move} is not something this game can play")
        combo = self._check_play(move.mask, actor)
        return self._play(combo, actor)

    def parse_move(self, text: str, seat: int | None = None) -> Move:
        """Read a typed move; the cards are matched to ``seat``'s hand by face."""
        seat = self.to_move if seat is None else seat
        words = text.strip().lower()
        if words in ("pass", "p", "-"):
            return PASS
        wanted = parse_cards(text)
        if not wanted:
            raise IllegalMoveError("type some cards, or 'pass'")
        hand = self.hands[seat]
        mask = 0
        missing: list[Card] = []
        for card in wanted:
            face = card & 63
            for copy in (face, face + 64):
                if hand >> copy & 1 and not mask >> copy & 1:
                    mask |= 1 << copy
                    break
            else:
                missing.append(card)
        if missing:
            raise IllegalMoveError(f"you don't hold {format_cards(missing)}")
        combo = classify_mask(mask, self.tables)
        if combo is None:
            raise IllegalMoveError(self._not_a_combination(mask))
        return combo

    def _not_a_combination(self, mask: int) -> str:
        text = format_cards(cards_of(mask))
        n = mask.bit_count()
        r = self.rules
        if n == 3 and not r.triples and len({c.rank for c in cards_of(mask)}) == 1:
            return f"{text}: triples may only be played inside five-card hands under these rules"
        if n == 4 and len({c.rank for c in cards_of(mask)}) == 1:
            return f"{text}: a four of a kind needs a fifth card under these rules"
        if n not in (1, 2, 3, 5):
            return f"{text} is not a combination: {n} cards make no play under these rules"
        return f"{text} is not a combination under these rules"

    def _check_play(self, mask: int, actor: int) -> Combination:
        hand = self.hands[actor]
        if mask & ~hand:
            raise IllegalMoveError(f"you don't hold {format_cards(cards_of(mask & ~hand))}")
        t = self.tables
        combo = classify_mask(mask, t)
        if combo is None:
            raise IllegalMoveError(self._not_a_combination(mask))
        if actor != self.to_move:
            if combo in self._out_of_turn(actor):
                return combo
            raise IllegalMoveError(f"it is seat {self.to_move}'s turn, not seat {actor}'s")
        table = self.table
        if table is None:
            if not can_lead(combo, t):
                raise IllegalMoveError(f"{KIND_WORDS[combo.kind]} can't be led; it only answers")
            if self.opening >= 0:
                self._check_opening(combo)
            return combo
        if self.rules.no_play_after_pass and self.passed >> actor & 1:
            raise IllegalMoveError("you passed in this trick, so you can't play until it ends")
        if not beats(combo, table, t):
            raise IllegalMoveError(why_not(combo, table, t))
        return combo

    def _check_opening(self, combo: Combination) -> None:
        rule = self.rules.first_play
        card = str(Card(self.opening).symbol())
        if rule is FirstPlay.ALONE and combo.mask != 1 << self.opening:
            raise IllegalMoveError(f"the first play must be {card} on its own")
        if rule is FirstPlay.INCLUDE and not combo.mask >> self.opening & 1:
            raise IllegalMoveError(f"the first play must include {card}")

    def _play(self, combo: Combination, actor: int) -> Game:
        g = self._next_state()
        hands = list(self.hands)
        hands[actor] &= ~combo.mask
        g.hands = tuple(hands)
        g._log = (self._log, actor, combo)
        g.opening = -1
        g.table, g.table_seat = combo, actor
        if not self.rules.no_play_after_pass:
            g.passed = 0
        if not hands[actor]:
            g.winner = actor  # core.end: the deal ends as soon as one player has no cards
            return g
        g.to_move = g._after(actor)
        return g

    def _pass(self, actor: int) -> Game:
        g = self._next_state()
        g._log = (self._log, actor, PASS)
        everyone = (1 << self._n) - 1
        if actor == self.table_seat:
            # only reachable with no_play_after_pass: the last player takes the lead afresh
            g.table, g.passed, g.to_move = None, 0, actor
            return g
        g.passed = self.passed | (1 << actor)
        if g.passed | (1 << self.table_seat) == everyone:
            g.to_move = self.table_seat
            if not self.rules.no_play_after_pass:
                g.table, g.passed = None, 0  # core.trick: the last player leads anything
            return g
        g.to_move = g._after(actor)
        return g

    def _after(self, seat: int) -> int:
        """The next seat to act after ``seat``, skipping those barred from this trick."""
        n = self._n
        nxt = (seat + 1) % n
        if self.rules.no_play_after_pass:
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % n
        return nxt

    # -- results and views ------------------------------------------------------------------
    @property
    def history(self) -> list[tuple[int, Move]]:
        """Every action so far as ``(seat, move)``, oldest first."""
        out: list[tuple[int, Move]] = []
        node = self._log
        while node is not None:
            node, seat, move = node
            out.append((seat, move))
        out.reverse()
        return out

    @property
    def starter(self) -> int:
        """The seat that made (or must make) the deal's first play."""
        log = self.history
        return log[0][0] if log else self.to_move

    def outcome(self) -> Outcome | None:
        """What scoring needs to know about a finished deal."""
        if self.winner is None:
            return None
        history = self.history
        return Outcome(
            winner=self.winner,
            dealt=self.origin.hands,
            left=self.hands,
            starter=history[0][0] if history else self.winner,
            plays=tuple((s, m.mask) for s, m in history if m.is_play),
        )

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Each seat's score for the deal once it is over (None before)."""
        outcome = self.outcome()
        return None if outcome is None else score(outcome, self.rules)

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, every count, the table and the history."""
        if not 0 <= seat < self._n:
            raise IllegalMoveError(f"there is no seat {seat}")
        return View(
            seat=seat,
            rules=self.rules,
            hand=cards_of(self.hands[seat]),
            counts=tuple(h.bit_count() for h in self.hands),
            to_move=self.to_move,
            table=self.table,
            table_seat=self.table_seat,
            passed=tuple(s for s in range(self._n) if self.passed >> s & 1),
            history=tuple(self.history),
            lead_card=self.lead_card,
            winner=self.winner,
            commitment=self.origin.commitment,
        )

    def record(self, players: Sequence[str] | None = None) -> Any:
        """The deal as a `bigtwo.records.Record` (rules, deal, every action, result)."""
        from .record import Record

        return Record.of(self, players)

    def __repr__(self) -> str:
        counts = "/".join(str(h.bit_count()) for h in self.hands)
        state = (
            f"winner {self.winner}" if self.winner is not None else f"seat {self.to_move} to move"
        )
        return f"<Game {self.rules.name} {counts} cards, {state}, table {self.table}>"


def _has_four(hand: int) -> bool:
    """Is there a rank with four or more cards in ``hand`` (``cards.bomb_flips_twos``)?"""
    for rank in range(13):
        n = sum(hand >> (copy * 64 + rank * 4 + s) & 1 for copy in (0, 1) for s in range(4))
        if n >= 4:
            return True
    return False
