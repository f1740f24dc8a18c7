"""The table: the step machine that every front end drives (the terminal, a server room, the
arena, an RL environment). It holds a session (rules, seats, deals, totals and how the session
ends), says who may act now and with what, takes ``submit(seat, action)`` and returns what
followed (every action, tricks won, players going out, the deal's result, the session's end),
playing the bots' turns and their out-of-turn decisions where bots sit. No I/O, no clock: time
arrives as ``timeout(seat)``, which does what the rules force for that seat.

A person is asked in two ways. The player to move *must* act. A person may also be *offered* a
decision the rules open to them while play would otherwise go on: claiming a redeal or four 2s
before the first play, announcing a last card right after their own play, a bomb, smack-down or
racing answer before the next bot moves (each play on the table is offered once). The table
waits for an answer to an offer; `DECLINE` (typed ``no``) lets play go on.
A front end that steps one decision at a time (an RL environment, where a person can't act
unasked) sets ``offer_before_people``: the out-of-turn offers then come before a person's turn
too, not only before a bot's.

A front end that shows the bots' moves at a person's pace (a server room) sets ``pace_bots``:
the table then stops before each bot's move, naming the bot in ``due``, and `step` makes that
one move when the front end's clock says so. Others leave it off and the bots play at once.

>>> from bigtwo import Rules, make_bot
>>> table = Table(Rules(), [None, make_bot("greedy", 1), make_bot("greedy", 2),
...                         make_bot("greedy", 3)], seed=7, end=SessionEnd(deals=1))
>>> events = table.start()
>>> while not table.is_over:
...     seat = table.awaiting[0]
...     events = table.submit(seat, table.offers(seat)[0])
>>> events[-1].kind, len(table.session.results)
('session_over', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .bots import Bot, make_bot
from .checks import Player, instance, seat_number
from .combos import PASS, Move
from .driver import bot_claim, bot_turn
from .engine.actions import ANNOUNCE, KEEP, Action, Give, hidden_give
from .engine.game import Game, Record
from .engine.ondemand import LegalMoves
from .engine.view import SPECTATOR, SessionSummary, View
from .engine.view_of import view_of
from .errors import BigTwoError, IllegalMoveError
from .rules.config import Rules
from .session import Session

SNAPSHOT = "bigtwo-table/1"
DECLINE = Action("decline", "no")  # an answer to an offer: let play go on


class Refusal(str):
    """Why an action would be refused: the English sentence itself, with a stable ``code`` and
    its ``params`` beside it (``docs/refusals.md``), so a front end can grey out a move and say
    why in any language."""

    code: str
    params: Mapping[str, object]

    def __new__(cls, text: str, code: str, params: Mapping[str, object]) -> Refusal:
        refusal = super().__new__(cls, text)
        refusal.code, refusal.params = code, dict(params)
        return refusal


@dataclass(frozen=True)
class SessionEnd:
    """When a session ends: after ``deals`` finished deals, or once a player's running total
    reaches ``target`` points either way (``core.session``); open-ended with neither."""

    deals: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        for name in ("deals", "target"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value < 1):
                raise BigTwoError(f"a session's {name} must be a whole number above 0, or none")

    def reached(self, session: Session) -> bool:
        if session.shootout:  # mode.teams: a tied deal is settled before the session can end
            return False
        if self.deals is not None and session.deals_played >= self.deals:
            return True
        return self.target is not None and any(abs(t) >= self.target for t in session.totals)


@dataclass(frozen=True)
class Event:
    """Something that happened at the table. ``kind`` is one of ``deal`` (a deal began),
    ``act`` (``seat`` played, passed or decided ``move``), ``timeout`` (``seat``'s time ran
    out; the forced action follows as an ``act``), ``trick`` (``seat`` won the trick), ``out``
    (``seat`` went out, ``place``), ``deal_over``, ``session_over``."""

    kind: str
    seat: int | None = None
    move: Move | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def seen_by(self, seat: int) -> Event:
        """The event as ``seat`` may see it: cards given in an exchange it took no part in
        show only as their number."""
        data = self.data
        if isinstance(self.move, Give) and seat != self.seat and seat != data.get("receiver"):
            return Event(self.kind, self.seat, hidden_give(self.move.mask.bit_count()), data)
        return self


@dataclass(frozen=True)
class Offer:
    """A decision open to a person while play would otherwise go on (see the module's words):
    ``kind`` is ``claim``, ``announce`` or ``out_of_turn``."""

    seat: int
    kind: str


class Table:
    """A session at one table: people in the seats given ``None``, bots elsewhere."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Bot | None],
        *,
        seed: int | None = None,
        names: Sequence[Player] | None = None,
        dealer: int = 0,
        end: SessionEnd | None = None,
        skip: int = 0,
        offer_before_people: bool = False,
        pace_bots: bool = False,
    ) -> None:
        """``skip`` deals of a seeded session are passed over: the first deal is shuffled as
        that deal of the session would be, so deal ``i`` of a simulation can be played alone.
        ``offer_before_people`` offers out-of-turn plays before a person's turn as well as
        before a bot's; ``pace_bots`` stops before each bot's move (the module's words)."""
        if not isinstance(rules, Rules):
            raise BigTwoError(f"a table needs Rules, not {type(rules).__name__}")
        if len(seats) != rules.players:
            raise BigTwoError(f"{len(seats)} seats given for {rules.players} players")
        self.bots: dict[int, Bot] = {s: b for s, b in enumerate(seats) if b is not None}
        self.people = tuple(s for s, b in enumerate(seats) if b is None)
        self.end = end or SessionEnd()
        if type(skip) is not int or not 0 <= skip < 10**9:
            raise BigTwoError(f"the deals to skip must be a count, not {skip!r}")
        self.session = replace(Session.start(rules, seed, dealer, names), shuffles=skip)
        self.first = skip  # the session's shuffle count before this table dealt
        self.game: Game | None = None
        self.dealt: Game | None = None  # the deal in play as it was dealt, before any action
        self.games: list[Game] = []  # every finished deal, redeals included, in order
        self.last: Game | None = None  # the deal that ended last
        self._last_written: tuple[Game, dict[str, Any]] | None = None
        self._summarised: tuple[tuple[Session, bool], SessionSummary] | None = None
        self.offer: Offer | None = None
        self.offer_before_people = offer_before_people
        self.pace_bots = pace_bots
        self.due: int | None = None  # with ``pace_bots``: the bot whose move `step` makes
        self._offered: dict[int, tuple[int, int]] = {}  # the table state each seat was offered
        self._claimers: list[int] = []  # people yet to be offered their claims this deal

    # -- state --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game is None and self.end.reached(self.session) and self.started

    @property
    def started(self) -> bool:
        """Has this table dealt?"""
        return self.game is not None or self.session.shuffles > self.first

    @property
    def between_deals(self) -> bool:
        """Is the table waiting for `next_deal` (a deal has ended, the session goes on)?"""
        return self.game is None and self.started and not self.is_over

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The people the table is waiting for: the one offered a decision, else the person to
        move (empty between deals, after the session, and while bots are to act)."""
        game = self.game
        if game is None or game.is_over or self.due is not None:
            return ()
        if self.offer is not None:
            return (self.offer.seat,)
        return (game.to_move,) if game.to_move in self.people else ()

    def offers(self, seat: int) -> Sequence[Move]:
        """What ``seat`` may do now: the legal moves of the person to move; the offered
        decision's moves and `DECLINE` for an offer; any out-of-turn play the rules allow."""
        game = self._game()
        if self.offer is not None and self.offer.seat == seat:
            moves = [m for m in game.moves(seat).candidates() if _fits(self.offer.kind, m)]
            return [*moves, DECLINE]
        return game.moves(seat)

    def legal(self, seat: int) -> LegalMoves:
        """Everything the rules let ``seat`` do now, offered or not, lazily: counted rather
        than listed (two decks can hold millions), and the source of a hint's candidates."""
        return self._game().moves(seat)

    def view(self, seat: int) -> View:
        """What ``seat`` sees: of the deal in play, or between deals and after the session, of
        the deal that ended last; with where the session stands (totals, deals, its end)."""
        game = self._shown()
        return view_of(
            game, seat_number(seat, game.rules.players, "seat", IllegalMoveError), self._summary()
        )

    def spectator_view(self) -> View:
        """What someone watching sees: no hand at all."""
        return view_of(self._shown(), SPECTATOR, self._summary())

    def _summary(self) -> SessionSummary:
        """Where the session stands, made once per change of the session."""
        key = (self.session, self.is_over)
        if self._summarised is None or self._summarised[0] != key:
            s = self.session
            summary = SessionSummary(
                totals=s.totals,
                deals_played=s.deals_played,
                deals_target=self.end.deals,
                target_score=self.end.target,
                over=self.is_over,
            )
            self._summarised = (key, summary)
        return self._summarised[1]

    def _shown(self) -> Game:
        if self.game is None and self.last is not None:
            return self.last
        return self._game()

    def dealt_view(self, seat: int) -> View:
        """What ``seat`` saw as the deal in play (or the last one) was dealt, before anyone
        acted: a front end shows the deal's start even after bots have played on."""
        if self.dealt is None:
            raise BigTwoError("nothing has been dealt at this table yet")
        return self.dealt.view(seat)

    # -- acting ---------------------------------------------------------------------------------
    def start(self, game: Game | None = None) -> list[Event]:
        """Deal the first deal and play until a person must act. ``game``, when given, is
        played as the first deal instead of the session's shuffle: a deal whose cards were
        drawn elsewhere (an OpenSpiel game's chance nodes deal card by card)."""
        if self.started:
            raise BigTwoError("this table has started already")
        if game is not None:
            instance(game, Game, "game", "a Game")
            if game.rules != self.session.rules or game.history:
                raise BigTwoError("the first deal must be a fresh deal of this table's rules")
        return self._deal(game)

    def next_deal(self) -> list[Event]:
        """Deal the next deal of the session (between deals)."""
        if not self.between_deals:
            raise BigTwoError(
                "the session is over" if self.is_over else "the deal in play isn't over yet"
            )
        return self._deal()

    def step(self) -> list[Event]:
        """The move of the bot that is `due` (``pace_bots``), and what followed until the
        next bot's move is due or a person is awaited."""
        if self.due is None:
            raise BigTwoError("no bot's move is due at this table")
        return self._run([], bot_moves=1)

    def why_not(self, seat: int, action: Move | str) -> Refusal | None:
        """Why ``seat`` may not take ``action`` now (the sentence, with its code and
        parameters beside it); None when `submit` accepts it."""
        try:
            self._try(seat, action)
        except BigTwoError as exc:  # as `submit` raises it: text that isn't cards is bad_input
            return Refusal(str(exc), exc.code, exc.params)
        return None

    def submit(self, seat: int, action: Move | str) -> list[Event]:
        """``seat`` takes ``action`` (a `Move` or text such as ``"3D 3S"``, ``"pass"``,
        ``"no"``); the events that followed, bots' turns included. `IllegalMoveError` says why
        a refused action was refused (`NotationError` for text that isn't cards, code
        ``bad_input``); its ``code`` and ``params`` are those `why_not` gives."""
        move, after = self._try(seat, action)
        game = self._game()
        self.offer = None
        if after is None:  # declined
            return self._run([])
        events: list[Event] = []
        self._record(events, game, seat, move, after)
        self.game = after
        if seat in self.people and not after.is_over and ANNOUNCE in after.moves(seat):
            self.offer = Offer(seat, "announce")
        return self._run(events)

    def timeout(self, seat: int) -> list[Event]:
        """``seat``'s time ran out: an offer is declined; the player to move passes where
        passing is allowed, else makes the forced play (the weakest legal one), gives the
        lowest cards asked of them, or keeps the lead card."""
        if seat not in self.awaiting:
            raise IllegalMoveError(f"the table isn't waiting for seat {seat}", "not_awaited")
        events = [Event("timeout", seat)]
        if self.offer is not None:
            self.offer = None
            return self._run(events)
        return events + self.submit(seat, self._forced(seat))

    def seat(self, seat: int, bot: Bot | None) -> list[Event]:
        """Hand ``seat`` to ``bot``, or to a person with None (someone left, dropped out or came
        back); the events that followed, a bot's turns included."""
        if type(seat) is not int or not 0 <= seat < self.session.rules.players:
            raise BigTwoError(f"there is no seat {seat!r}")  # as `submit` says it
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot
            if self.offer is not None and self.offer.seat == seat:
                self.offer = None
            if seat in self._claimers:
                self._claimers.remove(seat)
        self.people = tuple(s for s in range(self.session.rules.players) if s not in self.bots)
        return self._run([]) if self.game is not None else []

    # -- snapshots ------------------------------------------------------------------------------
    def record_so_far(self) -> Record | None:
        """The deal in play as far as it went (``result`` still null), for a player who stops
        partway; None between deals and once the deal is over."""
        game = self.game
        return None if game is None or game.is_over else game.record()

    def take_finished(self) -> list[Game]:
        """The finished deals, handed over and forgotten here (``last`` stays): a table that
        runs for days, like a server's, keeps its records elsewhere, not in memory."""
        games, self.games = self.games, []
        return games

    def to_dict(self, *, finished: bool = True) -> dict[str, Any]:
        """The whole table as JSON values, hidden cards and the seed included: for storage,
        never for players (they get `view`). ``finished=False`` leaves out the records of the
        finished deals (a server keeps them apart), and `from_dict` then restores none."""
        return {
            "format": SNAPSHOT,
            "session": self.session.to_dict(),
            "first": self.first,
            "end": {"deals": self.end.deals, "target": self.end.target},
            "bots": {str(s): b.name for s, b in sorted(self.bots.items())},
            "game": None if self.game is None else self.game.to_dict(),
            "games": [g.to_dict() for g in self.games] if finished else None,
            "last": None if self.last is None else self._last_dict(self.last),
            "offer": None if self.offer is None else [self.offer.seat, self.offer.kind],
            "offered": {str(s): list(v) for s, v in self._offered.items()},
            "claimers": list(self._claimers),
            **({"offer_before_people": True} if self.offer_before_people else {}),
            **({"pace_bots": True} if self.pace_bots else {}),
            **({"due": self.due} if self.due is not None else {}),
        }

    def _last_dict(self, last: Game) -> dict[str, Any]:
        """The last finished deal's snapshot, written once: it can't change, and a server
        stores the table after every action."""
        if self._last_written is None or self._last_written[0] is not last:
            self._last_written = (last, last.to_dict())
        return self._last_written[1]

    @classmethod
    def from_dict(cls, data: object, bots: Mapping[int, Bot] | None = None) -> Table:
        """The table `to_dict` wrote. Bots are made afresh by name (`make_bot`) unless
        ``bots`` gives them: a restored bot decides as its kind does, not from the old bot's
        random state. `BigTwoError` in words for anything that isn't such a snapshot."""
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT:
            raise BigTwoError(f'not a table snapshot (no "format": "{SNAPSHOT}")')
        try:
            session = Session.from_dict(data["session"])
            names = {int(s): str(name) for s, name in data["bots"].items()}
            given = dict(bots or {})
            seats = [
                given.get(s) or make_bot(names[s]) if s in names else None
                for s in range(session.rules.players)
            ]
            table = cls(
                session.rules,
                seats,
                end=SessionEnd(**data["end"]),
                offer_before_people=bool(data.get("offer_before_people", False)),
                pace_bots=bool(data.get("pace_bots", False)),
            )
            table.session, table.first = session, int(data["first"])
            if data["game"] is not None:
                table.game = Game.from_dict(data["game"])
                table.dealt = Game.from_deal(table.game.rules, table.game.origin)
            table.games = [Game.from_dict(g) for g in data["games"] or ()]
            table.last = None if data["last"] is None else Game.from_dict(data["last"])
            offer = data["offer"]
            table.offer = None if offer is None else Offer(int(offer[0]), str(offer[1]))
            table._offered = {int(s): (int(v[0]), int(v[1])) for s, v in data["offered"].items()}
            table._claimers = [int(s) for s in data["claimers"]]
            due = data.get("due")
            table.due = None if due is None else int(due)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise BigTwoError(f"not a table snapshot: {exc}") from None
        return table

    # -- inside -------------------------------------------------------------------------------
    def _game(self) -> Game:
        if self.game is None:
            raise BigTwoError("no deal is in play" + (": the session is over" * self.is_over))
        return self.game

    def _try(self, seat: int, action: Move | str) -> tuple[Move, Game | None]:
        """``action`` as a move and the state it leads to (None for `DECLINE`), or the
        refusal; the game is immutable, so trying is taking."""
        game = self._game()
        if type(seat) is not int or not 0 <= seat < game.rules.players:
            raise IllegalMoveError(f"there is no seat {seat!r}", reason="no_seat")
        if seat in self.bots:
            raise IllegalMoveError(f"seat {seat} is a bot's; it acts by itself", "bot_seat")
        if game.is_over:
            raise IllegalMoveError("the deal is over", "deal_over")
        offer = self.offer
        if isinstance(action, str) and " ".join(action.lower().split()) in ("no", "decline"):
            action = DECLINE
        if action == DECLINE:
            if offer is None or offer.seat != seat:
                raise IllegalMoveError("nothing is offered to you to decline", "nothing_offered")
            return DECLINE, None
        deciding = self.due if offer is None else offer.seat  # a bot due decides first too
        if deciding is not None and deciding != seat and seat == game.to_move:
            raise IllegalMoveError(
                f"seat {deciding} is deciding first", "other_deciding", seat=deciding
            )
        move = game.parse_move(action, seat) if isinstance(action, str) else action
        return move, game.play(move, seat=seat)

    def _forced(self, seat: int) -> Move:
        game = self._game()
        moves = game.moves(seat)
        if game.pending:
            if game.pending[0][1] < 0:
                return KEEP
            giver, _, count, _ = game.pending[0]
            order = game.tables.order_key
            lowest = sorted(game.view(giver).hand, key=lambda c: order[c & 63])[:count]
            return game.parse_move("give " + " ".join(map(str, lowest)), seat)
        if moves.can_pass:
            return PASS
        plays = [m for m in moves.candidates() if m.is_play]  # the weakest of every shape
        return min(plays, key=lambda m: (m.mask.bit_count(), getattr(m, "key", 0)))

    def _deal(self, game: Game | None = None) -> list[Event]:
        game = self.session.next_deal() if game is None else game
        self.game, self.dealt, self.offer, self._offered = game, game, None, {}
        self._claimers = list(self.people)
        number = self.session.shuffles + 1
        events = [
            Event(
                "deal",
                None,
                None,
                {
                    "number": number,
                    "dealer": game.origin.dealer,
                    "commitment": game.origin.commitment,
                },
            )
        ]
        return self._run(events)

    def _run(self, events: list[Event], bot_moves: int = 0) -> list[Event]:
        """Play on (bots' turns and decisions) until a person is awaited or the deal ends;
        with ``pace_bots``, until a bot's move is due after ``bot_moves`` of them."""
        self.due = None
        while True:
            game = self._game()
            if game.is_over:
                return self._finish(events)
            if self.offer is not None:
                return events
            while self._claimers:  # before anything else, each person once: their claims
                seat = self._claimers.pop(0)
                if any(_fits("claim", m) for m in game.moves(seat).candidates()):
                    self.offer = Offer(seat, "claim")
                    return events
            claim = bot_claim(game, self.bots) if self.bots else None
            if claim is not None:
                seat, move = claim
                if self._paced(seat, bot_moves):
                    return events
                bot_moves -= 1
                after = game.play(move, seat=seat)
                self._record(events, game, seat, move, after)
                self.game = after
                continue
            to_move = game.to_move
            if to_move not in self.people or self.offer_before_people:
                for seat in self.people:
                    if seat != to_move and self._may_interrupt(game, seat):
                        self.offer = Offer(seat, "out_of_turn")
                        return events
            if to_move in self.people:
                return events
            if self._paced(to_move, bot_moves):
                return events
            bot_moves -= 1
            self.game = bot_turn(
                game, self.bots, lambda b, s, m, a: self._record(events, b, s, m, a)
            )

    def _paced(self, bot: int, bot_moves: int) -> bool:
        """Does the table stop before ``bot``'s move (its bots paced, none left to make)?"""
        if not self.pace_bots or bot_moves > 0:
            return False
        self.due = bot
        return True

    def _may_interrupt(self, game: Game, seat: int) -> bool:
        """May the person at ``seat`` play out of turn before the next bot (each play on the
        table offered once)?"""
        rules = game.rules
        if not (rules.out_of_turn_bombs or rules.smackdown) and game.direction != 0:
            return False
        if not game.moves(seat).has_play():
            return False
        state = (game.table.mask if game.table is not None else 0, game.table_seat)
        if self._offered.get(seat) == state:
            return False
        self._offered[seat] = state
        return True

    @staticmethod
    def _record(events: list[Event], before: Game, seat: int, move: Move, after: Game) -> None:
        """What ``seat`` playing ``move`` made happen, as events."""
        receiver = before.pending[0][1] if isinstance(move, Give) and before.pending else -1
        events.append(Event("act", seat, move, {"receiver": receiver} if receiver >= 0 else {}))
        if before.table is not None and after.table is None and not after.is_over:
            events.append(Event("trick", before.table_seat, None, {"next": after.to_move}))
        if len(after.out) > len(before.out) and not after.is_over:
            events.append(Event("out", after.out[-1], None, {"place": len(after.out)}))

    def _finish(self, events: list[Event]) -> list[Event]:
        game = self._game()
        self.session = self.session.finish(game)
        self.games.append(game)
        self.game, self.last, self.offer = None, game, None
        events.append(
            Event(
                "deal_over",
                game.winner,
                None,
                {"end": game.end, "scores": game.scores, "totals": self.session.totals},
            )
        )
        if self.end.reached(self.session):
            payments = [(p.payer, p.payee, p.amount) for p in self.session.settlement(1.0)]
            events.append(
                Event(
                    "session_over",
                    None,
                    None,
                    {"totals": self.session.totals, "settlement": payments},
                )
            )
        return events


def _fits(kind: str, move: Move) -> bool:
    """Is ``move`` a decision of this kind of offer?"""
    if kind == "claim":
        return move.kind in ("redeal", "golden_whoopin")
    if kind == "announce":
        return move == ANNOUNCE
    return move.is_play
