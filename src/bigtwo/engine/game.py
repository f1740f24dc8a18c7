"""`Game`: one deal of Big Two as an immutable state. ``game.play(move)`` returns the next state.

Seats are numbered so that, playing counter-clockwise (to the right, the seeds' default), the
player after seat ``s`` is ``s + 1`` (mod the number of players); clockwise play runs the other
way. Before the first play a deal may wait on decisions (exchanges, the leftover trade); while
nobody has played, players may claim a redeal or lay down four 2s.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..cards import Card, cards_of, format_cards, parse_cards
from ..checks import describe, instance, optional_seat, seat_number, seed_number
from ..checks import text as checked_text
from ..combos import PASS, Combination, Move, hand_combos, tables_for
from ..combos.beats import KIND_WORDS, beats, can_lead, why_not
from ..combos.classify import classify_mask
from ..combos.tables import Tables
from ..errors import BigTwoError, IllegalMoveError
from ..rules.config import Rules
from ..rules.options import Announce as AnnounceRule
from ..rules.options import Direction, DrawOnPass, FirstPlay, Leftover, Mode
from ..scoring import Outcome, score
from . import ondemand, turns
from .actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, WORDS, Give, hidden_give
from .arguments import check_exchanges, check_hands, check_origin, player_names
from .commitment import Exchange, Terms, is_digest, seat_names
from .deal import Deal, fixed_deal, shuffled_deal
from .opening import holds_four_twos, instant_result, may_redeal
from .seats import next_seat, racer
from .view import SPECTATOR, View

_HONOURS = ("four_of_a_kind", "straight_flush")
_MOVE_KINDS = (*KIND_WORDS, "pass", "announce", "redeal", "golden_whoopin", "trade", "keep", "give")
_SMACKS = ("quads", "pair_run")
Log = tuple[Any, int, Move] | None  # (previous log, seat, move): a persistent list


class Game:
    """The state of one deal. Build it with `Game.deal`; advance it with `play`."""

    __slots__ = (
        "_log",
        "_n",
        "direction",
        "due",
        "end",
        "hands",
        "kitty",
        "missed",
        "opening",
        "origin",
        "out",
        "passed",
        "pending",
        "rules",
        "stock",
        "table",
        "table_seat",
        "tables",
        "to_move",
        "unbeaten",
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
    end: str | None
    direction: int
    out: tuple[int, ...]
    due: int  # seats that must announce now (last.announce), before anyone else acts
    missed: int  # seats that let an announcement go by
    kitty: int
    stock: tuple[int, ...]
    pending: tuple[Exchange, ...]
    unbeaten: Log  # plays that won their trick, as (previous, seat, combination)
    _log: Log
    _n: int

    # -- creation ---------------------------------------------------------------------------
    def __init__(self) -> None:
        raise BigTwoError("a Game is made by Game.deal(...) or Game.from_deal(...)")

    @classmethod
    def deal(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        hands: Sequence[str | Sequence[int]] | None = None,
        dealer: int = 0,
        leader: int | None = None,
        direction: int | None = None,
        exchanges: Sequence[Exchange] = (),
        players: Sequence[str] | None = None,
        previous: str = "",
    ) -> Game:
        """A new deal. ``hands`` fixes the cards (seat 0 first), else the deck is shuffled with
        ``seed`` (or, without one, from ``secrets``). ``leader`` makes that seat lead with any
        play (``start.winner_leads``) instead of the holder of the lowest card; ``direction``
        (+1 or -1) overrides the rules' (``deal.alternate``); ``exchanges`` are card
        exchanges made before play (``mode.president``). ``players`` names the seats and
        ``previous`` is the session's previous commitment: both are bound by this deal's."""
        rules = Rules.preset("classic") if rules is None else _rules(rules)
        seed = seed_number(seed)
        dealer = seat_number(dealer, rules.players, "dealer")
        if direction is not None and (direction not in (1, -1) or isinstance(direction, bool)):
            raise IllegalMoveError(f"direction must be 1, -1 or none, not {describe(direction)}")
        names = player_names(players, rules.players) if players is not None else None
        leader = optional_seat(leader, rules.players, "leader")
        exchanges = check_exchanges(exchanges, rules)
        if not isinstance(previous, str) or (previous and not is_digest(previous)):
            raise IllegalMoveError("previous must be a commitment (64 hex digits) or ''")
        way = (
            direction
            if direction is not None
            else (-1 if rules.direction is Direction.CLOCKWISE else 1)
        )
        terms = Terms(
            players=names or seat_names(rules.players),
            dealer=dealer,
            direction=way,
            leader=leader,
            exchanges=exchanges,
            seeded=seed is not None and hands is None,
            previous=previous,
        )
        if hands is not None:
            origin = fixed_deal(rules, check_hands(hands, rules), terms)
        else:
            origin = shuffled_deal(rules, seed, terms)
        return cls.from_deal(rules, origin)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        origin: Deal,
        leader: int | None = None,
        exchanges: Sequence[Exchange] = (),
    ) -> Game:
        """The first state of a deal whose cards are known; ``leader`` and ``exchanges``, when
        given, replace the deal's own (for a deal laid out by hand)."""
        rules = _rules(rules)
        check_origin(origin, rules)
        if leader is not None or exchanges != ():  # a deal laid out by hand, given its terms
            leader = optional_seat(leader, rules.players, "leader")
            exchanges = check_exchanges(exchanges, rules, origin)
            terms = replace(origin.terms, leader=leader, exchanges=exchanges)
            origin = replace(origin, terms=terms)
        leader = optional_seat(origin.terms.leader, rules.players, "leader")
        exchanges = check_exchanges(origin.terms.exchanges, rules, origin)
        twos_low = rules.twos_low_on_quads and any(_has_four(h) for h in origin.hands)
        g = object.__new__(cls)
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
        g._exchange(exchanges)
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

    @property
    def setup(self) -> tuple[int | None, tuple[Exchange, ...]]:
        """The leader and the exchanges the deal was dealt with."""
        return self.origin.terms.leader, self.origin.terms.exchanges

    def _exchange(self, exchanges: Sequence[Exchange]) -> None:
        """Make the automatic exchanges now; queue those where the giver chooses."""
        hands = list(self.hands)
        t = self.tables
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
        self.hands = tuple(hands)
        self.pending = tuple(queued)

    def _begin_play(self) -> None:
        """Start the play: the holder of the lowest card leads unless a leader was named."""
        leader = self.setup[0]
        if leader is not None:
            self.to_move = leader
        elif self.opening == -2:
            lead_card = self.tables.lowest(sum(self.hands))
            self.to_move = self._holder(lead_card)
            self.opening = lead_card

    def _seat(self, seat: object) -> int:
        """``seat`` if it names a seat at this table; else `IllegalMoveError` in words."""
        return seat_number(seat, self._n, "seat", IllegalMoveError)

    def _holder(self, card: int) -> int:
        return next(s for s, h in enumerate(self.hands) if h >> card & 1)

    def _copy(self) -> Game:
        g = object.__new__(Game)
        g.rules, g.tables, g.origin, g._n = self.rules, self.tables, self.origin, self._n
        g.hands, g.to_move, g.table, g.table_seat = (
            self.hands,
            self.to_move,
            self.table,
            self.table_seat,
        )
        g.passed, g.opening, g.winner, g.end = self.passed, self.opening, self.winner, self.end
        g.direction, g.out, g.due, g.missed = self.direction, self.out, self.due, self.missed
        g.kitty, g.stock, g.pending = self.kitty, self.stock, self.pending
        g.unbeaten, g._log = self.unbeaten, self._log
        return g

    def _state(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.origin,
            self.hands,
            self.to_move,
            self.table,
            self.table_seat,
            self.passed,
            self.opening,
            self.winner,
            self.end,
            self.direction,
            self.out,
            self.due,
            self.missed,
            self.kitty,
            self.stock,
            self.pending,
            tuple(self.history),
        )

    def __eq__(self, other: object) -> bool:
        """Two states are equal when the same deal has reached the same point the same way
        (so a replayed record equals the game it was written from)."""
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._state() == other._state()

    def __hash__(self) -> int:
        return hash((self.hands, self.to_move, self.table, len(self.history)))

    # -- what may be done -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def lead_card(self) -> Card | None:
        """The card the first play is about (3♦ in the classic game), until it is made."""
        return Card(self.opening) if self.opening >= 0 else None

    @property
    def in_play(self) -> bool:
        """Has the card play begun (no exchange or trade decision still awaited)?"""
        return self.end is None and not self.pending

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move of ``seat`` (the player to move by default). For another seat,
        what the rules let it do out of turn: out-of-turn bombs (``bomb.out_of_turn``), a
        racing play (``deal.race``), announcing, claiming a redeal or four 2s."""
        if seat is not None:
            seat = self._seat(seat)
        if self.end is not None:
            return []
        if seat is None or seat == self.to_move:
            return self._own_moves(self.to_move)
        return self._side_moves(seat)

    def _own_moves(self, seat: int) -> list[Move]:
        if self.pending:
            return self._pending_moves()
        moves: list[Move] = self._plays(seat)
        if self.rules.has_claims:
            moves.extend(self._claims(seat))
        return moves

    def _plays(self, seat: int) -> list[Move]:
        t = self.tables
        hand = self.hands[seat]
        hc = hand_combos(hand, t)
        table = self.table
        moves: list[Move]
        if table is None:
            moves = list(hc.leads) if self.opening < 0 else self._opening_moves(hc.leads)
        else:
            if self.rules.no_play_after_pass and self.passed >> seat & 1:
                return [PASS]
            moves = list(hc.following(table, t))
        if self.rules.narrows_turns:
            moves = turns.restrict(self, seat, moves)
        if self.rules.decks > 1:  # one move per set of faces: the first deck's cards first
            moves = [m for m in moves if _first_copies(m.mask, hand) == m.mask]
        if table is not None:
            if not turns.must_play(self, seat, moves):
                moves.append(PASS)
        elif not moves:
            moves.append(PASS)  # every lead is barred (last.no_single_two): the lead passes on
        return moves

    def _opening_moves(self, leads: list[Combination]) -> list[Move]:
        bit = 1 << self.opening
        rule = self.rules.first_play
        if rule is FirstPlay.OPTIONAL:
            return list(leads)
        if rule is FirstPlay.ALONE:
            return [c for c in leads if c.mask == bit]
        return [c for c in leads if c.mask & bit]

    def _claims(self, seat: int) -> list[Move]:
        """Announcements and pre-play claims open to ``seat`` right now."""
        out: list[Move] = []
        rules = self.rules
        if self.due >> seat & 1:
            out.append(ANNOUNCE)
        if self._log is None and not self.pending:
            if may_redeal(self.origin.hands[seat], rules):
                out.append(REDEAL)
            if rules.golden_whoopin and holds_four_twos(self.hands[seat]):
                out.append(WHOOPIN)
        return out

    def _side_moves(self, seat: int) -> list[Move]:
        moves: list[Move] = list(self._claims(seat)) if not self.pending else []
        if self.pending:
            return moves
        moves.extend(self._out_of_turn(seat))
        if self._racing(seat):
            moves.extend(m for m in self._plays(seat) if m.is_play)
        return moves

    def _racing(self, seat: int) -> bool:
        """``deal.race``: before the direction is set, both of the leader's neighbours may
        answer the first play; the first to act sets the direction."""
        return (
            self.direction == 0
            and self.table is not None
            and seat == racer(self.table_seat, self._n)
        )

    def _out_of_turn(self, seat: int) -> list[Combination]:
        """Plays another seat may make at once: bombs (``bomb.out_of_turn``) and smack-downs
        and smack-backs (``bomb.smackdown``), which any player may slam down."""
        rules, table = self.rules, self.table
        if (
            not (rules.out_of_turn_bombs or rules.smackdown)
            or table is None
            or seat == self.table_seat
            or seat in self.out
        ):
            return []
        kinds = (_HONOURS if rules.out_of_turn_bombs else ()) + (_SMACKS if rules.smackdown else ())
        hc = hand_combos(self.hands[seat], self.tables)
        return [c for c in hc.bombs if c.kind in kinds and beats(c, table, self.tables)]

    def _pending_moves(self) -> list[Move]:
        giver, receiver, count, _ = self.pending[0]
        if receiver < 0:
            return [TRADE, KEEP]
        hand = self.hands[giver]
        bits = [1 << c for c in cards_of(hand)]
        # of two identical cards (two decks) a gift names the first deck's copy first, as
        # typed text does, so every gift is offered once and a record replays it exactly
        gifts = (sum(sub) for sub in combinations(bits, count))
        return [Give(m) for m in gifts if not (m >> 64) & ~m & hand]

    # -- moves on demand (see `bigtwo.engine.ondemand`) ----------------------------------------
    def moves(self, seat: int | None = None) -> ondemand.LegalMoves:
        """The legal moves of ``seat`` as a lazy sequence: a list when used as one, and
        ``has_play()``, ``of_kind(kind)``, ``beating(play)``, ``total()``, ``in`` and
        ``candidates()`` without building every move."""
        return ondemand.LegalMoves(self, None if seat is None else self._seat(seat))

    def has_play(self, seat: int | None = None) -> bool:
        """Has ``seat`` (the player to move by default) any legal play now? Stops at the
        first one found."""
        return self.moves(seat).has_play()

    def moves_of_kind(self, kind: str, seat: int | None = None) -> Iterator[Move]:
        """The legal moves of one kind (``"pair"``, ``"straight"``, ``"pass"``, …), lazily:
        take what is needed (under some house rules they number in the hundreds of
        thousands)."""
        kind = checked_text(kind, "a kind of move", 40)
        if kind not in _MOVE_KINDS:
            known = ", ".join(_MOVE_KINDS)
            raise IllegalMoveError(f"{kind!r} is no kind of move; the kinds: {known}")
        return self.moves(seat).of_kind(kind)

    def moves_beating(
        self, play: Combination | str, seat: int | None = None
    ) -> Iterator[Combination]:
        """The legal plays of ``seat`` that beat ``play`` (a combination, or its cards),
        lazily."""
        if not isinstance(play, Combination | str):
            shown = describe(play)
            raise IllegalMoveError(f"a play to beat is a Combination or cards, not {shown}")
        moves = self.moves(seat)
        if isinstance(play, str):
            found = classify_mask(_text_mask(play), self.tables)
            if found is None:
                mask = _text_mask(play)
                raise IllegalMoveError(
                    self._not_a_combination(mask), "no_combination", cards=_text(mask)
                )
            play = found
        return moves.beating(play)

    def is_legal(self, move: Move | str, seat: int | None = None) -> bool:
        """Would ``play(move, seat)`` be accepted? Decided by classifying the cards and the
        rules, never by searching the list of moves."""
        if not isinstance(move, Move | str):
            shown = describe(move)
            raise IllegalMoveError(f"a move is a Move or text such as '3D 3S', not {shown}")
        return ondemand.is_legal(self, move, None if seat is None else self._seat(seat))

    def count_moves(self, seat: int | None = None) -> int:
        """``len(legal_moves(seat))``, counted without keeping the moves."""
        return self.moves(seat).total()

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Every seat that may act now: the player to move first, then any other seat with an
        out-of-turn option."""
        if self.end is not None:
            return ()
        others = [
            s for s in range(self._n) if s != self.to_move and ondemand.has_side_action(self, s)
        ]
        return (self.to_move, *others)

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Move | str, seat: int | None = None) -> Game:
        """The state after ``move`` (a `Move`, or text such as ``"3D 3S"`` or ``"pass"``) by
        ``seat`` (the player to move by default). Raises `IllegalMoveError` saying why."""
        actor = self.to_move if seat is None else self._seat(seat)
        if self.end is not None:
            raise IllegalMoveError("the deal is over", "deal_over")
        if isinstance(move, str):
            move = self.parse_move(move, actor)
        elif not isinstance(move, Move):
            raise IllegalMoveError(
                f"a move is a Move or text such as '3D 3S' or 'pass', not {describe(move)}"
            )
        if isinstance(move, Combination):
            mask = (
                _first_copies(move.mask, self.hands[actor]) if self.rules.decks > 1 else move.mask
            )
            return self._play(self._check_play(mask, actor), actor)
        if move.is_pass:
            self._check_pass(actor)
            return self._pass(actor)
        if isinstance(move, Give):
            self._check_give(move.mask, actor)
        elif move not in ondemand.claims(self, actor):
            reason = self._why_not_action(move, actor)
            code = "pending" if self.pending else "unavailable"
            raise IllegalMoveError(reason, code, action=str(move))
        return self._act(move, actor)

    def _check_give(self, mask: int, actor: int) -> None:
        """Is this gift the one the pending exchange asks of ``actor``? Checked directly, not
        by listing every possible gift (a hand of 26 cards has millions)."""
        if not self.pending or self.pending[0][1] < 0:
            raise IllegalMoveError("no cards are to be given now", "nothing_to_give")
        giver, receiver, count, _ = self.pending[0]
        if actor != giver:
            raise IllegalMoveError(self._pending_words(), "pending", giver=giver)
        hand = self.hands[actor]
        if mask & ~hand:
            missing = format_cards(cards_of(mask & ~hand))
            raise IllegalMoveError(f"you don't hold {missing}", "not_held", cards=missing)
        if mask.bit_count() != count:
            plural = "s" * (count > 1)
            raise IllegalMoveError(
                f"give exactly {count} card{plural} to seat {receiver}",
                "gift_size",
                count=count,
                receiver=receiver,
            )
        if (mask >> 64) & ~mask & hand:  # of two identical cards, the first deck's goes first
            raise IllegalMoveError(
                "of two identical cards, give the first deck's copy first", "gift_copy"
            )

    def parse_move(self, text: str, seat: int | None = None) -> Move:
        """Read a typed move; cards are matched to ``seat``'s hand by face."""
        seat = self.to_move if seat is None else self._seat(seat)
        text = _move_text(text)
        words = " ".join(text.strip().lower().replace("!", "").split())
        if words in ("pass", "p", "-"):
            return PASS
        if words in WORDS:
            return WORDS[words]
        giving = words.startswith("give ")
        mask = self._match_cards(text.strip()[5:] if giving else text, seat)
        if giving:
            return Give(mask)
        combo = classify_mask(mask, self.tables)
        if combo is None:
            raise IllegalMoveError(
                self._not_a_combination(mask), "no_combination", cards=_text(mask)
            )
        return combo

    def _match_cards(self, text: str, seat: int) -> int:
        wanted = parse_cards(text)
        if not wanted:
            raise IllegalMoveError("type some cards, or 'pass'", "no_cards")
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
            raise IllegalMoveError(
                self._missing_words(missing, wanted), "not_held", cards=format_cards(missing)
            )
        return mask

    @staticmethod
    def _missing_words(missing: list[Card], wanted: tuple[Card, ...]) -> str:
        card = missing[0]
        named = sum(1 for c in wanted if c.face == card.face)
        if named > 1:
            return f"{card.symbol()} is named {named} times; you hold fewer than that"
        return f"you don't hold {format_cards(missing, symbols=True)}"

    def _not_your_turn(self, actor: int) -> str:
        """Why ``actor`` may not act now, in words: whose turn it is, and what the rules let
        a player do out of turn, if anything."""
        text = f"it isn't your turn (seat {self.to_move} is to play)"
        allowed = []
        if self.rules.out_of_turn_bombs and self.table is not None:
            allowed.append("a four of a kind or straight flush that beats the table")
        if self.rules.smackdown and self.table is not None:
            allowed.append(
                "a smack-down (a four of a kind or a run of pairs on a single 2♠, or a higher"
                " one on it)"
            )
        if allowed:
            text += f"; out of turn only {' or '.join(allowed)} may be played"
        return text

    def _not_a_combination(self, mask: int) -> str:
        text = format_cards(cards_of(mask), symbols=True)
        n = mask.bit_count()
        ranks = {c.rank for c in cards_of(mask)}
        if n == 3 and not self.rules.triples and len(ranks) == 1:
            return f"{text}: triples may only be played inside five-card hands under these rules"
        if n == 4 and len(ranks) == 1:
            return f"{text}: a four of a kind needs a fifth card under these rules"
        if n not in (1, 2, 3, 5):
            return f"{text} is not a combination: {n} cards make no play under these rules"
        return f"{text} is not a combination under these rules"

    def _check_play(self, mask: int, actor: int) -> Combination:
        hand = self.hands[actor]
        if mask & ~hand:
            if mask & ~_CARD_IDS or mask < 0:
                raise IllegalMoveError("that play names bits that are no cards")
            missing = format_cards(cards_of(mask & ~hand), symbols=True)
            raise IllegalMoveError(f"you don't hold {missing}", "not_held", cards=missing)
        if self.pending:
            raise IllegalMoveError(self._pending_words(), "pending", giver=self.pending[0][0])
        t = self.tables
        combo = classify_mask(mask, t)
        if combo is None:
            raise IllegalMoveError(
                self._not_a_combination(mask), "no_combination", cards=_text(mask)
            )
        if actor != self.to_move:
            if ondemand.side_allows(self, combo, actor):
                return combo
            raise IllegalMoveError(
                self._not_your_turn(actor), "not_your_turn", to_move=self.to_move
            )
        table = self.table
        if table is None:
            if not can_lead(combo, t):
                raise IllegalMoveError(
                    f"{KIND_WORDS[combo.kind]} can't be led; it only answers",
                    "only_answers",
                    kind=combo.kind,
                )
            if self.opening >= 0:
                self._check_opening(combo)
        else:
            if self.rules.no_play_after_pass and self.passed >> actor & 1:
                raise IllegalMoveError(
                    "you passed in this trick, so you can't play until it ends", "passed"
                )
            if not beats(combo, table, t):
                raise IllegalMoveError(
                    why_not(combo, table, t),
                    "does_not_beat",
                    play=_text(combo.mask),
                    table=_text(table.mask),
                )
        if self.rules.narrows_turns:
            reason = turns.refusal(self, actor, combo)
            if reason:
                raise IllegalMoveError(reason, "turn_rule")
        return combo

    def _check_opening(self, combo: Combination) -> None:
        rule = self.rules.first_play
        card = Card(self.opening).symbol()
        if rule is FirstPlay.ALONE and combo.mask != 1 << self.opening:
            raise IllegalMoveError(
                f"the first play must be {card} on its own", "first_play_alone", card=str(card)
            )
        if rule is FirstPlay.INCLUDE and not combo.mask >> self.opening & 1:
            raise IllegalMoveError(
                f"the first play must include {card}", "first_play_include", card=str(card)
            )

    def _check_pass(self, actor: int) -> None:
        if actor != self.to_move:
            raise IllegalMoveError(
                self._not_your_turn(actor), "not_your_turn", to_move=self.to_move
            )
        if self.pending:
            raise IllegalMoveError(self._pending_words(), "pending", giver=self.pending[0][0])
        if self.table is None:
            if ondemand.has_play(self, actor):
                raise IllegalMoveError(
                    "you have the lead, so you can't pass: play any combination", "must_lead"
                )
        elif self.rules.three_threes and not ondemand.can_pass(self, actor):
            raise IllegalMoveError(turns.pass_refusal(self, actor), "must_play")

    def _pending_words(self) -> str:
        giver, receiver, count, _ = self.pending[0]
        if receiver < 0:
            return f"seat {giver} must first 'trade' the lead card for the extra card, or 'keep' it"
        return f"seat {giver} must first give {count} card{'s' * (count > 1)} to seat {receiver}"

    def _why_not_action(self, move: Move, actor: int) -> str:
        if self.pending:
            return self._pending_words()
        if move == ANNOUNCE:
            return "you can announce only when you are down to your last card(s), once"
        if move in (REDEAL, WHOOPIN):
            return f"'{move}' is only open before the first play, to a hand that qualifies"
        return f"'{move}' is not open to you now"

    # -- transitions ------------------------------------------------------------------------
    def _logged(self, actor: int, move: Move) -> Game:
        g = self._copy()
        g._log = (self._log, actor, move)
        if self.due and move != ANNOUNCE:
            # anyone acted, the due player too (keeping the lead): the moment has passed
            g.missed |= self.due
            g.due = 0
        return g

    def _act(self, move: Move, actor: int) -> Game:
        g = self._logged(actor, move)
        if move == ANNOUNCE:
            g.due &= ~(1 << actor)
        elif move == REDEAL:
            g.end = "redeal"
        elif move == WHOOPIN:
            g.end, g.winner = "golden_whoopin", actor
        elif move in (TRADE, KEEP) or isinstance(move, Give):
            g._decide(move)
        return g

    def _decide(self, move: Move) -> None:
        giver, receiver, _, _ = self.pending[0]
        hands = list(self.hands)
        if move == TRADE:
            lead = self.tables.lowest(hands[giver])
            hands[giver] = hands[giver] & ~(1 << lead) | self.kitty
            self.kitty = 1 << lead
        elif isinstance(move, Give):
            hands[giver] &= ~move.mask
            hands[receiver] |= move.mask
        self.hands = tuple(hands)
        self.pending = self.pending[1:]
        if self.pending:
            self.to_move = self.pending[0][0]
        else:
            self._begin_play()

    def _play(self, combo: Combination, actor: int) -> Game:
        g = self._logged(actor, combo)
        hands = list(self.hands)
        hands[actor] &= ~combo.mask
        g.hands = tuple(hands)
        g.opening = -1
        if g.direction == 0 and self.table is not None:
            g.direction = 1 if actor == (self.table_seat + 1) % self._n else -1  # deal.race
        g.table, g.table_seat = combo, actor
        if not self.rules.no_play_after_pass:
            g.passed = 0
        if self.rules.announce is not AnnounceRule.NONE:
            limit = 2 if self.rules.announce is AnnounceRule.ONE_OR_TWO else 1
            if 0 < hands[actor].bit_count() <= limit:
                g.due |= 1 << actor  # last.announce: say it right after this play
        if not hands[actor]:
            g._went_out(actor)
            if g.end is not None:
                return g
            g.to_move = g._after(actor)
            return g
        if self.rules.unbeatable_ends and turns.unbeatable(g, combo):
            g._close_trick(actor, lead=actor)  # trick.unbeatable_ends
            return g
        g.to_move = g._after(actor)
        return g

    def _went_out(self, seat: int) -> None:
        self.out = (*self.out, seat)
        mode = self.rules.mode
        active = [s for s in range(self._n) if self.hands[s]]
        if mode in (Mode.STANDARD, Mode.TEAMS) or len(active) <= 1:
            self.end = "out" if mode in (Mode.STANDARD, Mode.TEAMS) else "last"
            self.winner = self.out[0]
            if self.table is not None:
                self.unbeaten = (self.unbeaten, seat, self.table)
            self.out = (*self.out, *sorted(active, key=lambda s: self.hands[s].bit_count()))

    def _pass(self, actor: int) -> Game:
        g = self._logged(actor, PASS)
        rules = self.rules
        if g.direction == 0 and self.table is not None:
            g.direction = 1  # the neighbour to the right answered first (deal.race)
        if self.table is None:  # a stuck leader hands the lead on (last.no_single_two)
            g.passed = self.passed | (1 << actor)
            if g.passed | g._out_mask() == (1 << self._n) - 1:
                g.end = "draw"
                return g
            g.to_move = g._after(actor)
            return g
        g._draw(actor)
        if actor == self.table_seat:  # only with no_play_after_pass: lead afresh
            g._close_trick(actor, lead=actor)
            return g
        g.passed = self.passed | (1 << actor)
        done = g.passed | (1 << self.table_seat) | g._out_mask() == (1 << self._n) - 1
        if rules.one_pass_ends or done:
            lead = self.table_seat
            if lead in self.out:
                lead = g._after(lead, skip_passed=False)  # mode.until_last
                if rules.lowest_leads_play_on:  # suits.penning: the lowest card leads
                    lead = g._holder(g.tables.lowest(sum(g.hands)))
                g._close_trick(self.table_seat, lead=lead)
            elif rules.no_play_after_pass and not rules.one_pass_ends:
                g.to_move = lead  # may beat their own play, or pass to lead afresh
            else:
                g._close_trick(self.table_seat, lead=lead)
            return g
        g.to_move = g._after(actor)
        return g

    def _close_trick(self, winner: int, lead: int) -> None:
        if self.table is not None:
            self.unbeaten = (self.unbeaten, winner, self.table)
        self.table, self.passed, self.to_move = None, 0, lead

    def _draw(self, seat: int) -> None:
        """``deal.draw_on_pass``: a player who passes draws from the stock."""
        rule = self.rules.draw_on_pass
        if rule is DrawOnPass.NONE or self.table is None:
            return
        count = 1 if rule is DrawOnPass.ONE else self.table.size
        stock = self.stock
        if len(stock) < count and self.rules.reshuffle_stock:
            stock = (*stock, *self._reshuffled())
        drawn, self.stock = stock[:count], stock[count:]
        hands = list(self.hands)
        for c in drawn:
            hands[seat] |= 1 << c
        self.hands = tuple(hands)

    def _reshuffled(self) -> list[int]:
        """The played cards, except the table, shuffled into a new stock; the shuffle is drawn
        from the deal's seed, or its salt when secret, so that a replay reproduces it."""
        held = sum(self.hands) | self.kitty | sum(1 << c for c in self.stock)
        table = self.table.mask if self.table is not None else 0
        dealt = sum(self.origin.hands) | self.origin.kitty | sum(1 << c for c in self.origin.stock)
        played = [c for c in range(128) if dealt >> c & 1 and not (held | table) >> c & 1]
        origin = self.origin
        key = f"seed {origin.seed}" if origin.seed is not None else origin.salt
        rng = random.Random(f"{key}|{len(self.history)}")
        rng.shuffle(played)
        return played

    def _out_mask(self) -> int:
        m = 0
        for s in self.out:
            m |= 1 << s
        return m

    def _after(self, seat: int, skip_passed: bool = True) -> int:
        """The next seat to act after ``seat``: skips players who are out and, with
        ``trick.no_play_after_pass``, those who passed this trick."""
        barred = self._out_mask()
        if skip_passed and self.rules.no_play_after_pass:
            barred |= self.passed
        return next_seat(seat, self._n, self.direction, barred)

    # -- results and views ------------------------------------------------------------------
    @property
    def history(self) -> list[tuple[int, Move]]:
        """Every action so far as ``(seat, move)``, oldest first."""
        return _unroll(self._log)

    @property
    def starter(self) -> int:
        """The seat that made (or must make) the deal's first play."""
        for seat, move in self.history:
            if move.is_play:
                return seat
        return self.to_move

    def outcome(self) -> Outcome | None:
        """What scoring needs to know about a finished deal (None before, and for a draw or
        a redeal)."""
        if self.end == "malta_dragun_lost":  # scoring names the losing holder in ``winner``
            return Outcome(
                winner=self.to_move,
                dealt=self.origin.hands,
                left=self.hands,
                starter=self.to_move,
                plays=(),
                instant=self.end,
            )
        if self.winner is None:
            return None
        history = self.history
        plays = tuple((s, m.mask) for s, m in history if m.is_play)
        return Outcome(
            winner=self.winner,
            dealt=self.origin.hands,
            left=self.hands,
            starter=self.starter,
            plays=plays,
            finish_order=self.out or (self.winner,),
            unbeaten=tuple((s, m.mask) for s, m in _unroll(self.unbeaten) if m is not None),
            assister=turns.assister(self, history),
            forgot_announce=bool(self.missed >> self.winner & 1),
            instant=self.end if self.end not in ("out", "last") else None,
            teams=self.rules.teams,
        )

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Each seat's score for the deal once it is over (None before); a draw or a redeal
        scores nothing."""
        if self.end is None:
            return None
        outcome = self.outcome()
        return (0,) * self._n if outcome is None else score(outcome, self.rules)

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, every count, the table and the history."""
        return self._view(self._seat(seat))

    def spectator_view(self) -> View:
        """What someone watching the table may know: no hand, and no gift's cards."""
        return self._view(SPECTATOR)

    def _view(self, seat: int) -> View:
        shown = self._public_kitty()
        return View(
            seat=seat,
            rules=self.rules,
            hand=cards_of(self.hands[seat]) if seat >= 0 else (),
            counts=tuple(h.bit_count() for h in self.hands),
            to_move=self.to_move,
            table=self.table,
            table_seat=self.table_seat,
            passed=tuple(s for s in range(self._n) if self.passed >> s & 1),
            history=self._public_history(seat),
            lead_card=self.lead_card,
            winner=self.winner,
            commitment=self.origin.commitment,
            out=self.out,
            stock_count=len(self.stock),
            shown=cards_of(shown),
            end=self.end,
            direction=self.direction,
            twos_low=self.tables.twos_low,
            announce_due=seat >= 0 and bool(self.due >> seat & 1),
            pending=self.pending[0] if self.pending else None,
            may_act=self._known_actors(seat),
            exchanges=self.setup[1],
            dealt=cards_of(self.origin.hands[seat]) if seat >= 0 else (),
        )

    def _known_actors(self, seat: int) -> tuple[int, ...]:
        """`awaiting` as ``seat`` may know it: another seat's bomb, claim or racing answer
        stays out, as it would tell what that seat holds (a due announcement is public)."""
        if self.end is not None:
            return ()
        return self.to_move, *(
            s
            for s in range(self._n)
            if s != self.to_move and (self.due >> s & 1 or (s == seat and self._side_moves(s)))
        )

    def _public_kitty(self) -> int:
        """The undealt cards everyone knows: a face-up extra card, the lead card traded into
        the kitty, or the lowest cards discarded by rule (``deal.leftover_*``)."""
        rule = self.rules.leftover
        if rule is Leftover.TRADE_SHOWN:
            return self.kitty
        if rule is Leftover.TRADE_HIDDEN:
            return self.kitty if any(m == TRADE for _, m in self.history) else 0
        if (
            rule is Leftover.DISCARD_LOWEST
            and self.rules.cards_each is None
            and not self.rules.ghost_hand
        ):
            return self.kitty
        return 0

    def _public_history(self, seat: int) -> tuple[tuple[int, Move], ...]:
        """The history as ``seat`` saw it: cards given in an exchange it took no part in are
        hidden (only their number shows)."""
        out = []
        for actor, move in self.history:
            if isinstance(move, Give) and (seat < 0 or seat not in (actor, self._receiver(actor))):
                move = hidden_give(move.mask.bit_count())
            out.append((actor, move))
        return tuple(out)

    def _receiver(self, giver: int) -> int:
        return next((r for g, r, _, how in self.setup[1] if g == giver and how == "choose"), -1)

    def record(self, players: Sequence[str] | None = None) -> Any:
        """The deal as a `bigtwo.engine.Record` (rules, deal, every action, result)."""
        from .record import Record

        return Record.of(self, players)

    def __repr__(self) -> str:
        counts = "/".join(str(h.bit_count()) for h in self.hands)
        state = f"over ({self.end})" if self.end else f"seat {self.to_move} to move"
        return f"<Game {self.rules.name} {counts} cards, {state}, table {self.table}>"


_CARD_IDS = sum(1 << c for c in range(128) if c & 63 < 54)  # the bits that name cards
_MOVE_TEXT = 1_000  # characters of a typed move that are read at all


def _rules(rules: object) -> Rules:
    return instance(rules, Rules, "rules", "a Rules (e.g. Rules.preset('classic'))")


def _move_text(value: object) -> str:
    return checked_text(value, "a typed move", _MOVE_TEXT)


def _unroll(log: Log) -> list[tuple[int, Move]]:
    out: list[tuple[int, Move]] = []
    node = log
    while node is not None:
        node, seat, move = node
        out.append((seat, move))
    out.reverse()
    return out


_FACES = (1 << 64) - 1


def _text(mask: int) -> str:
    """Cards in canonical notation, for a refusal's parameters."""
    return format_cards(cards_of(mask))


def _first_copies(mask: int, hand: int) -> int:
    """``mask`` with each second-deck card swapped for its first-deck twin where the hand holds
    the twin and the play doesn't: two decks' identical cards are one choice, not two."""
    swap = (mask >> 64) & hand & ~mask & _FACES
    return mask ^ (swap << 64) | swap


def _text_mask(text: str) -> int:
    mask = 0
    for c in parse_cards(text):
        mask |= 1 << c
    return mask


def _has_four(hand: int) -> bool:
    """Is there a rank with four or more cards in ``hand`` (``cards.bomb_flips_twos``)?"""
    for rank in range(13):
        n = sum(hand >> (copy * 64 + rank * 4 + s) & 1 for copy in (0, 1) for s in range(4))
        if n >= 4:
            return True
    return False
