"""`Game`, the public face of one deal of Big Two as an immutable state, and `Record`, the deal
written down. ``game.play(move)`` returns the next state; ``game.record()`` the record, whose
``replay()`` returns the game again. The two name each other, so they live together; the work
is done below them: `state` (the fields), `moves` and `questions` (what may be done),
`refusals` (why not), `trick` (plays and passes), `side_actions` (the rest), `view_of`,
`results` and `record` (a record's data).

Seats are numbered so that, playing counter-clockwise (to the right, the seeds' default), the
player after seat ``s`` is ``s + 1`` (mod the number of players); clockwise play runs the other
way. Before the first play a deal may wait on decisions (exchanges, the leftover trade); while
nobody has played, players may claim a redeal or lay down four 2s.

>>> g = Game.deal(seed=3)
>>> g = g.play(g.legal_moves()[0])
>>> g.record().replay() == g
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields, replace
from typing import Any

from ..checks import (
    Player,
    describe,
    instance,
    optional_seat,
    player,
    player_json,
    seat_number,
    seed_number,
    whole_number,
)
from ..checks import text as checked_text
from ..combos import PASS, Combination, Move
from ..combos.beats import KIND_WORDS
from ..errors import BigTwoError, IllegalMoveError
from ..rules.config import Rules
from ..rules.options import Direction
from ..scoring import Outcome
from . import moves, ondemand, questions, refusals, results, side_actions, trick
from .arguments import check_exchanges, check_hands, check_origin, player_names
from .commitment import Exchange, Terms, is_digest, kept_digest, seat_names
from .deal import Deal, fixed_deal, shuffled_deal
from .proof import dealt_problems, opening_problems, terms_problems
from .record import RecordData, parse_action
from .state import State
from .view import SPECTATOR, View
from .view_of import view_of

_MOVE_KINDS = (*KIND_WORDS, "pass", "announce", "redeal", "golden_whoopin", "trade", "keep", "give")


class Game(State):
    """The state of one deal. Build it with `Game.deal`; advance it with `play`."""

    __slots__ = ()

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
        players: Sequence[Player] | None = None,
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
            raise IllegalMoveError(
                f"direction must be 1, -1 or none, not {describe(direction)}",
                reason="wrong_value",
                argument="direction",
            )
        names = player_names(players, rules.players) if players is not None else None
        leader = optional_seat(leader, rules.players, "leader")
        exchanges = check_exchanges(exchanges, rules)
        if not isinstance(previous, str) or (previous and not is_digest(previous)):
            raise IllegalMoveError(
                "previous must be a commitment (64 hex digits) or ''",
                reason="wrong_value",
                argument="previous",
            )
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
        return cls._begin(rules, origin)  # dealt here from checked values: no second check

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        origin: Deal,
        leader: int | None = None,
        exchanges: Sequence[Exchange] = (),
    ) -> Game:
        """The first state of a deal whose cards are known; ``leader`` and ``exchanges``, when
        given, replace the deal's own (for a deal laid out by hand). A shuffled deal's terms are
        bound by its commitment: they must be ones the rules deal (`proof.terms_problems`, the
        check `Record.verify` makes), and can't be replaced afterwards."""
        rules = _rules(rules)
        check_origin(origin, rules)
        if leader is not None or exchanges != ():  # a deal laid out by hand, given its terms
            if origin.commitment:
                raise BigTwoError(
                    "this deal's commitment binds its leader and exchanges: give them when"
                    " dealing (Game.deal(leader=..., exchanges=...)), not afterwards"
                )
            leader = optional_seat(leader, rules.players, "leader")
            exchanges = check_exchanges(exchanges, rules, origin)
            terms = replace(origin.terms, leader=leader, exchanges=exchanges)
            origin = replace(origin, terms=terms)
        return cls._begin(rules, origin)

    @classmethod
    def _begin(cls, rules: Rules, origin: Deal) -> Game:
        """The first state of a deal whose cards are checked, or were dealt by `deal`; its
        leader and exchanges are checked against its hands."""
        leader = optional_seat(origin.terms.leader, rules.players, "leader")
        exchanges = check_exchanges(origin.terms.exchanges, rules, origin)
        if origin.commitment:  # a deal by hand is a position: it may start as no shuffle does
            problems = terms_problems(rules, origin.terms)
            if problems:
                raise BigTwoError(f"these terms can't be dealt: {problems[0]}")
        return side_actions.start(cls, rules, origin, leader, exchanges)

    # -- what may be done -------------------------------------------------------------------
    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move of ``seat`` (the player to move by default). For another seat,
        what the rules let it do out of turn: out-of-turn bombs (``bomb.out_of_turn``), a
        racing play (``deal.race``), announcing, claiming a redeal or four 2s.

        With two decks, one play per set of faces (the first deck's copy of a card before the
        second's) and, where a hand holds more than ``ondemand.LIST_LIMIT`` plays (long
        straights, runs of pairs), only representatives: the weakest legal play of every
        group, the claims and the pass (``count_moves()`` still counts every move). ``move in``
        the list asks the rules there, so it agrees with `play` for any move."""
        actor = self.to_move if seat is None else self._seat(seat)
        found = (
            moves.legal_moves(self, None if seat is None else actor)
            if self.rules.decks == 1
            else ondemand.listed(self, actor)
        )
        if self.tables.one_reading:
            # kept, so that `play` trusts these very moves without checking them again (a
            # play with one reading is one combination only: nothing to re-read)
            self._listed = (actor, tuple(found))
        return found

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
            raise IllegalMoveError(
                f"{kind!r} is no kind of move; the kinds: {known}",
                reason="wrong_value",
                argument="kind",
            )
        return self.moves(seat).of_kind(kind)

    def moves_beating(
        self, play: Combination | str, seat: int | None = None
    ) -> Iterator[Combination]:
        """The legal plays of ``seat`` that beat ``play`` (a combination, or its cards),
        lazily."""
        if not isinstance(play, Combination | str):
            shown = describe(play)
            raise IllegalMoveError(
                f"a play to beat is a Combination or cards, not {shown}",
                reason="wrong_value",
                argument="play",
            )
        legal = self.moves(seat)
        if isinstance(play, str):
            play = refusals.combination(self, refusals.text_mask(play))
        return legal.beating(play)

    def is_legal(self, move: Move | str, seat: int | None = None) -> bool:
        """Would ``play(move, seat)`` be accepted? Decided by classifying the cards and the
        rules, never by searching the list of moves."""
        if not isinstance(move, Move | str):
            shown = describe(move)
            raise IllegalMoveError(
                f"a move is a Move or text such as '3D 3S', not {shown}",
                reason="wrong_value",
                argument="move",
            )
        return ondemand.is_legal(self, move, None if seat is None else self._seat(seat))

    def count_moves(self, seat: int | None = None) -> int:
        """The number of legal moves of ``seat``, counted without keeping them: the length of
        ``legal_moves(seat)`` unless that list holds representatives (two decks, a big hand)."""
        return self.moves(seat).total()

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Every seat that may act now: the player to move first, then any other seat with an
        out-of-turn option."""
        if self.end is not None:
            return ()
        others = [
            s for s in range(self._n) if s != self.to_move and questions.has_side_action(self, s)
        ]
        return (self.to_move, *others)

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Move | str, seat: int | None = None) -> Game:
        """The state after ``move`` (a `Move`, or text such as ``"3D 3S"`` or ``"pass"``) by
        ``seat`` (the player to move by default). Raises `IllegalMoveError` saying why."""
        listed = self._listed
        if listed is not None and (move is PASS or isinstance(move, Combination)):
            actor = self.to_move if seat is None else seat
            if type(actor) is int and listed[0] == actor and _among(move, listed[1]):
                # listed by `legal_moves` for this very state and seat: legal, unchecked
                if isinstance(move, Combination):
                    return trick.play(self, move, actor)
                return trick.pass_turn(self, actor)
        actor, move = refusals.checked(self, move, seat)
        if isinstance(move, Combination):
            return trick.play(self, move, actor)
        if move.is_pass:
            return trick.pass_turn(self, actor)
        return side_actions.act(self, move, actor)

    def parse_move(self, text: str, seat: int | None = None) -> Move:
        """Read a typed move; cards are matched to ``seat``'s hand by face."""
        return refusals.parse_move(self, text, self.to_move if seat is None else self._seat(seat))

    # -- results and views ------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """What scoring needs to know about a finished deal (None before, and for a draw or
        a redeal)."""
        return results.outcome(self)

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Each seat's score for the deal once it is over (None before); a draw or a redeal
        scores nothing."""
        return results.scores(self)

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, every count, the table and the history."""
        return view_of(self, self._seat(seat))

    def spectator_view(self) -> View:
        """What someone watching the table may know: no hand, and no gift's cards."""
        return view_of(self, SPECTATOR)

    def record(self, players: Sequence[Player] | None = None) -> Record:
        """The deal as a `Record` (rules, deal, every action, result)."""
        return Record.of(self, players)

    # -- snapshots for storage ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game as JSON values for storage: the dealer's whole record of the deal (hands,
        deck, salt and seed included) and every action so far. Never for players: they get
        views."""
        fixed, actions = self._stored or (None, [])
        if fixed is None:  # the deal's part, the same at every step: built once per deal
            record = self.record()
            fixed = {f.name: getattr(record, f.name) for f in fields(record)}
            fixed["rules"] = record.rules.to_dict()
            for key in (*_SNAPSHOT_TUPLES, "exchanges"):
                if fixed[key] is not None:
                    fixed[key] = [list(x) if isinstance(x, tuple) else x for x in fixed[key]]
            fixed["players"] = [player_json(p) for p in record.players]
            actions, fixed["actions"], fixed["result"] = fixed["actions"], None, None
        history = self.history
        if len(actions) < len(history):  # a new list: the earlier steps' forms keep theirs
            actions = actions + [f"p{seat} {move}" for seat, move in history[len(actions) :]]
        self._stored = (fixed, actions)
        out = dict(fixed)  # its values are shared with every step's form: read, never changed
        out["actions"], out["result"] = actions, results.result_of(self)
        return out

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The game `to_dict` wrote, its actions replayed through the engine (so a stored game
        can't hold a state play could not reach); `BigTwoError` in words for anything else."""
        if not isinstance(data, dict):
            raise BigTwoError(f"a game snapshot is a mapping, not {describe(data)}")
        try:
            values = dict(data)
            values["rules"] = Rules.from_dict(values["rules"])
            for key in _SNAPSHOT_TUPLES:
                if values[key] is not None:
                    values[key] = tuple(values[key])
            values["exchanges"] = tuple(tuple(x) for x in values["exchanges"])
            values["players"] = tuple(map(player, values["players"]))
            return Record(**values).replay()
        except (KeyError, TypeError, ValueError) as exc:
            raise BigTwoError(f"not a game snapshot: {exc}") from None

    def __repr__(self) -> str:
        counts = "/".join(str(h.bit_count()) for h in self.hands)
        state = f"over ({self.end})" if self.end else f"seat {self.to_move} to move"
        return f"<Game {self.rules.name} {counts} cards, {state}, table {self.table}>"


def _among(move: Move, listed: tuple[Move, ...]) -> bool:
    """Is ``move`` one of these very objects (not merely equal to one)?"""
    for m in listed:  # noqa: SIM110 (a plain loop: `any` over a generator costs more)
        if m is move:
            return True
    return False


_SNAPSHOT_TUPLES = ("players", "hands", "counts", "actions")


class Record(RecordData):
    """One deal: its rules, players, cards, every action as text, and the result; written from
    a `Game` and replayed into one."""

    @classmethod
    def of(cls, game: Game, players: Sequence[Player] | None = None) -> Record:
        n = instance(game, Game, "game", "a Game").rules.players
        origin = game.origin
        bound = origin.terms.players or seat_names(n)
        names = player_names(players, n) if players else bound
        if origin.commitment and names != bound:
            raise BigTwoError(
                f"this deal was committed to the names {', '.join(map(str, bound))}; name the"
                " players when dealing (Game.deal(players=...)), not afterwards"
            )
        return cls(
            rules=game.rules,
            players=names,
            hands=origin._hands_text,
            counts=tuple(h.bit_count() for h in origin.hands),
            actions=tuple(f"p{seat} {move}" for seat, move in game.history),
            commitment=origin.commitment,
            seed=origin.seed,
            # the dealer's full record; `for_seat` is what a player may see
            deck=origin._deck_text,
            salt=origin.salt,
            dealer=origin.dealer,
            direction=origin.direction,
            exposed=origin.exposed,
            leader=origin.terms.leader,
            exchanges=origin.terms.exchanges,
            result=results.result_of(game),
            previous=origin.terms.previous,
            seeded=origin.terms.seeded,
        )

    def for_seat(self, seat: int) -> Record:
        """The record as ``seat`` may share it: the other hands, the deck, the salt and the
        seed (which would deal the whole deck again) removed."""
        seat = seat_number(seat, len(self.counts))
        if self.viewer is not None:
            if seat != self.viewer:
                raise BigTwoError(f"this record is seat {self.viewer}'s view, not seat {seat}'s")
            return self
        hands = tuple(h if s == seat else "" for s, h in enumerate(self.hands or ()))
        return replace(
            self,
            hands=hands,
            deck="",
            salt="",
            seed=None,
            viewer=seat,
            actions=tuple(self._as_seen_by(seat, action) for action in self.actions),
        )

    def replay(self, upto: int | None = None) -> Game:
        """The state after every action (or the first ``upto``), checked move by move."""
        return self.states(upto)[-1]

    def states(self, upto: int | None = None) -> list[Game]:
        """The state before the first action and after each one (or the first ``upto``),
        checked move by move."""
        upto = None if upto is None else whole_number(upto, "upto", 0, len(self.actions))
        return self._states(self.deal(), upto)

    def _states(self, dealt: Deal, upto: int | None) -> list[Game]:
        game = Game.from_deal(self.rules, dealt)
        out = [game]
        for number, action in enumerate(self.actions[:upto], start=1):
            seat, text = parse_action(action, len(self.counts))
            try:
                game = game.play(text, seat=seat)
            except BigTwoError as exc:
                raise BigTwoError(
                    f"action {number} ({action!r}) is illegal: {exc}",
                    reason="illegal",
                    number=number,
                    action=action,
                ) from None
            out.append(game)
        return out

    def verify(self, kept: str | Record | None = None) -> list[str]:
        """Problems with the deal's fairness proof (see `audit`); empty when it checks out."""
        return self.audit(kept)[0]

    def audit(self, kept: str | Record | None = None) -> tuple[list[str], Game | None]:
        """Problems with the deal's fairness proof, and the final state the record replays to
        (None when it has problems); no problems when everything checks out: the
        revealed deal opens the commitment (and ``kept``, the commitment a player saw before
        play, or that player's seat-view export), every field the deal decides is the one the
        committed deck gives, every action is legal, and the play reaches the deal's end and
        gives the recorded result (a record cut short, or without its result, is incomplete).
        Without ``kept`` the shuffle itself is proven only as far as the record can prove it:
        a forger who rewrites the whole record can make a new commitment."""
        if self.viewer is not None:
            return [
                f"this is seat {self.viewer}'s view: the deck and salt stay hidden in it, so"
                " it can't prove the deal; verify the full record"
            ], None
        digest, problems = self._kept(kept)
        if problems:
            return problems, None
        if not self.commitment:
            if self.deck or self.salt:
                return [
                    "the record reveals a deck and salt but no commitment for them to open"
                ], None
            return ["the deal was fixed by hand, so there is no shuffle to verify"], None
        if self.version < 2:
            return [
                "this record's commitment (version 1) binds only the deck order and salt, not"
                " who sat where, the dealer, the leader or the exchanges, so it proves nothing"
            ], None
        if not self.deck or not self.salt:
            return ["the deck order and salt are not revealed"], None
        if self.hands is None:
            return ["the record is incomplete: it leaves out the hands as dealt"], None
        problems = terms_problems(self.rules, self.terms)
        if problems:
            return problems, None
        problems, dealt = opening_problems(
            self.rules, self.terms, self.deck, self.salt, self.commitment, self.seed, digest
        )
        if dealt is None:
            return problems, None
        problems = dealt_problems(dealt, self.hands, self.counts, self.exposed)
        if problems:
            return problems, None
        try:
            game = self._states(dealt, None)[-1]  # the deal opened above, not dealt again
        except BigTwoError as exc:
            return [f"the recorded play is not legal: {exc}"], None
        if not game.is_over:  # a record cut short proves no result, whatever it claims
            return [
                "the record is incomplete: its play stops before the deal is over, so it"
                " proves no result"
            ], None
        if self.result is None:
            return ["the record is incomplete: the deal is over but its result is left out"], None
        if self.result != results.result_of(game):
            return [
                f"the recorded result {self.result} is not the one the play gives:"
                f" {results.result_of(game)}"
            ], None
        return [], game

    def _kept(self, kept: str | Record | None) -> tuple[str | None, list[str]]:
        """The kept commitment as a digest, and what a kept seat export contradicts."""
        if kept is None:
            return None, []
        if isinstance(kept, str):
            return kept_digest(kept), []
        if not isinstance(kept, Record) or kept.viewer is None:
            raise BigTwoError("a kept commitment is 64 hex digits or a seat's-view export")
        if not kept.commitment:
            return None, ["the kept export has no commitment: that deal was fixed by hand"]
        seat = kept.viewer
        if kept.players != self.players or kept.counts != self.counts:
            return kept.commitment, ["FORGED: the players or card counts differ from your export"]
        if (
            self.hands is not None
            and kept.hands is not None
            and kept.hands[seat] != self.hands[seat]
        ):
            return kept.commitment, [f"FORGED: seat {seat}'s hand differs from your export"]
        seen = self.for_seat(seat).actions
        if seen[: len(kept.actions)] != kept.actions:
            return kept.commitment, ["FORGED: the actions differ from the ones in your export"]
        return kept.commitment, []


def _rules(rules: object) -> Rules:
    return instance(rules, Rules, "rules", "a Rules (e.g. Rules.preset('classic'))")
