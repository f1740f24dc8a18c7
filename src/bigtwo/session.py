"""A session: many deals with running totals (``core.session``). It decides each deal's dealer,
direction and first leader (``start.*``, ``deal.alternate``), the card exchanges between deals
(``mode.president``, ``start.three_player_exchange``), team totals and the five-card shootout
(``mode.teams``), and settles up at a stake per point. Pure, like the engine: a `Session` is
immutable and `finish` returns the next one.

>>> s = Session.start(Rules(), seed=1)
>>> g = s.next_deal()
>>> while not g.is_over:
...     g = g.play(g.legal_moves()[0])
>>> s = s.finish(g)
>>> s.deals_played, sum(s.totals), s.dealer == g.winner
(1, 0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from .cards import deck
from .checks import (
    Player,
    describe,
    instance,
    is_whole,
    optional_seat,
    player_json,
    seat_number,
    seed_number,
)
from .combos.lazy import bot_combos
from .combos.tables import tables_for
from .engine.arguments import player_names
from .engine.commitment import Exchange, is_digest
from .engine.game import Game
from .errors import BigTwoError
from .i18n import FALLBACK, Catalogue, catalogue
from .rules.config import Rules
from .rules.options import Direction, FirstLead, Jokers, Mode

MAX_STAKE = 1e9  # per point; more is surely a slip
SEED_BITS = 64  # each deal's seed is derived from the session's and must stay within Game's
TITLES = ("President", "Vice-President", "Vice-Scum", "Scum")
ROUND_LENGTH = 10  # start.indonesia_rounds


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: float


@dataclass(frozen=True)
class DealResult:
    """One finished deal as the session keeps it."""

    scores: tuple[int, ...]
    winner: int | None
    finish_order: tuple[int, ...]
    counts: tuple[int, ...]  # cards left at the end
    end: str
    leader: int  # the seat that opened the next deal's play, if the rules name one

    def to_dict(self) -> dict[str, Any]:
        # Field by field: `dataclasses.asdict` deep-copies, and a server stores every
        # result of a long session with each action.
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "finish_order": list(self.finish_order),
            "counts": list(self.counts),
            "end": self.end,
            "leader": self.leader,
        }


@dataclass(frozen=True)
class Session:
    """The state between deals: totals so far, who deals next, every deal's result."""

    rules: Rules
    seed: int | None = None
    dealer: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[DealResult, ...] = ()
    shuffles: int = 0  # deals dealt, redeals included (each gets its own shuffle)
    shootout: bool = False  # mode.teams: the last deal was a tie, a five-card shootout is next
    next_leader: int | None = None
    players: tuple[Player, ...] = ()  # the names each deal's commitment binds (p0, p1, … if none)
    chain: str = ""  # the last deal's commitment, bound by the next deal's (``fair.shuffle``)

    # start.indonesia_rounds: the card each seat drew before this round's first deal (the
    # highest deals), empty when the next deal doesn't begin a round after the first
    drawn: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a session no deal could have led to (`BigTwoError` in words); totals left
        out start at zero."""
        n = instance(self.rules, Rules, "rules", "a Rules").players
        seed_number(self.seed, SEED_BITS)
        seat_number(self.dealer, n, "dealer")
        optional_seat(self.next_leader, n, "next_leader")
        if self.totals == ():
            object.__setattr__(self, "totals", (0,) * n)
        totals = self.totals
        if not isinstance(totals, tuple) or len(totals) != n or not all(map(_points, totals)):
            raise BigTwoError(f"totals must be {n} whole numbers of points, not {describe(totals)}")
        if not isinstance(self.results, tuple) or not all(
            isinstance(r, DealResult) for r in self.results
        ):
            raise BigTwoError(f"results must be a tuple of results, not {describe(self.results)}")
        if not is_whole(self.shuffles) or not 0 <= self.shuffles < 10**9:
            raise BigTwoError(f"shuffles must be a count, not {describe(self.shuffles)}")
        if not isinstance(self.shootout, bool):
            raise BigTwoError(f"shootout must be true or false, not {describe(self.shootout)}")
        if self.players != ():
            if not isinstance(self.players, tuple):
                raise BigTwoError(f"players must be {n} names, not {describe(self.players)}")
            object.__setattr__(self, "players", player_names(self.players, n))
        drawn = self.drawn
        if not isinstance(drawn, tuple) or (
            drawn and (len(drawn) != n or not all(is_whole(c) and 0 <= c < 128 for c in drawn))
        ):
            raise BigTwoError(f"drawn must be {n} card ids or empty, not {describe(drawn)}")
        if not isinstance(self.chain, str) or (self.chain and not is_digest(self.chain)):
            shown = describe(self.chain)
            raise BigTwoError(f"chain must be a commitment (64 hex digits), not {shown}")

    @classmethod
    def start(
        cls,
        rules: Rules,
        seed: int | None = None,
        dealer: int = 0,
        players: Sequence[Player] | None = None,
    ) -> Session:
        names = tuple(players) if isinstance(players, list | tuple) else players
        names = names or ()
        return cls(rules=rules, seed=seed, dealer=dealer, players=names)  # type: ignore[arg-type]

    # -- snapshots ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything the session holds, as JSON values (`from_dict` reads it back); the seed
        included, so a snapshot is for storage, not for players. A fresh dict and lists each
        call; the results' own dicts are shared between calls: read them, don't change them."""
        out = {"rules": self.rules.to_dict(), **self._plain}
        for key in ("totals", "results", "players", "drawn"):
            out[key] = list(out[key])
        return out

    @cached_property
    def _plain(self) -> dict[str, Any]:
        """`to_dict` worked out once: a session changes only between deals, and a server
        stores it with every action (at 300 deals the room took 257-525 µs to store, 122 µs now)."""
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "results": [r.to_dict() for r in self.results],
            "shuffles": self.shuffles,
            "shootout": self.shootout,
            "next_leader": self.next_leader,
            "players": [player_json(p) for p in self.players],
            "chain": self.chain,
            "drawn": list(self.drawn),
        }

    @classmethod
    def from_dict(cls, data: object) -> Session:
        """The session `to_dict` wrote; `BigTwoError` in words for anything else."""
        if not isinstance(data, dict):
            raise BigTwoError(f"a session snapshot is a mapping, not {describe(data)}")
        try:
            values = dict(data)
            values["rules"] = Rules.from_dict(values["rules"])
            values["results"] = tuple(
                DealResult(
                    scores=tuple(r["scores"]),
                    winner=r["winner"],
                    finish_order=tuple(r["finish_order"]),
                    counts=tuple(r["counts"]),
                    end=r["end"],
                    leader=r["leader"],
                )
                for r in values["results"]
            )
            for key in ("totals", "players", "drawn"):
                values[key] = tuple(values[key])
            return cls(**values)
        except (KeyError, TypeError, AttributeError) as exc:
            raise BigTwoError(f"not a session snapshot: {exc}") from None

    # -- the next deal ----------------------------------------------------------------------
    @property
    def deals_played(self) -> int:
        return len(self.results)

    def deal_seed(self) -> int | None:
        """The next deal's seed, derived from the session's (None: a secret shuffle)."""
        return None if self.seed is None else self.seed * 1_000_003 + self.shuffles

    def deal_rules(self) -> Rules:
        """The rules of the next deal: a shootout deals five cards each."""
        return (
            self.rules.replace(cards_each=5, name=f"{self.rules.name} shootout")
            if (self.shootout)
            else self.rules
        )

    def next_deal(self) -> Game:
        """The next deal, shuffled, with its dealer, direction, leader and exchanges."""
        return Game.deal(
            self.deal_rules(),
            seed=self.deal_seed(),
            dealer=self.dealer,
            leader=None if self.shootout else self.leader(),
            direction=self.direction(),
            exchanges=() if self.shootout else self.exchanges(),
            players=self.players or None,
            previous=self.chain,
        )

    def direction(self) -> int:
        """+1 to the right (counter-clockwise), -1 clockwise; ``deal.alternate`` swaps it
        every deal."""
        rule = self.rules.direction
        if rule is Direction.CLOCKWISE:
            return -1
        if rule is Direction.ALTERNATE:
            return -1 if self.deals_played % 2 else 1
        return 1

    def leader(self) -> int | None:
        """Who opens the next deal with any play, or None for the holder of the lowest card."""
        rule = self.rules.first_lead
        if not self.results or rule is FirstLead.LOWEST_CARD:
            return None
        if rule is FirstLead.INDONESIA_ROUNDS and self.deals_played % ROUND_LENGTH == 0:
            return None
        return self.next_leader

    def last_order(self) -> tuple[int, ...]:
        """Every seat by place in the latest deal that had a winner (a draw or a hand that
        loses at once ranks nobody, so the titles before it stand)."""
        for result in reversed(self.results):
            if result.finish_order:
                return result.finish_order
        return ()

    def titles(self) -> dict[int, str]:
        """``mode.president``: each seat's title from the last finishing order."""
        order = self.last_order()
        if self.rules.mode is not Mode.PRESIDENT or not order:
            return {}
        n = len(order)
        if n < 4:
            return {order[0]: TITLES[0], order[-1]: TITLES[-1]}
        titles = {
            order[0]: TITLES[0],
            order[1]: TITLES[1],
            order[-2]: TITLES[2],
            order[-1]: TITLES[3],
        }
        return titles

    def exchanges(self) -> tuple[Exchange, ...]:
        """The card exchanges before the next deal's play."""
        if not self.results:
            return ()
        last = self.results[-1]
        if self.rules.mode is Mode.PRESIDENT:
            order = self.last_order()
            if not order:
                return ()
            top, bottom = order[0], order[-1]
            president_gives = "choose" if self.rules.president_free_choice else "lowest"
            count = 2 if len(order) >= 3 else 1
            out: list[Exchange] = [
                (bottom, top, count, "highest"),
                (top, bottom, count, president_gives),
            ]
            if len(order) >= 4:
                vice, vice_scum = order[1], order[-2]
                out += [(vice_scum, vice, 1, "highest"), (vice, vice_scum, 1, "lowest")]
            return tuple(out)
        if self.rules.three_player_exchange and last.winner is not None:
            loser = _most_cards(last.counts, last.winner)
            return ((loser, last.winner, 1, "highest"), (last.winner, loser, 1, "choose"))
        return ()

    # -- after a deal -----------------------------------------------------------------------
    def finish(self, game: Game) -> Session:
        """The session after a finished deal: totals added; the winner deals the next (the
        loser, with ``start.loser_leads``); a redeal deals again; a tied team game goes to a
        five-card shootout."""
        instance(game, Game, "game", "a Game")
        if game.rules.players != self.rules.players:
            raise BigTwoError(
                f"that deal has {game.rules.players} players; this session has {self.rules.players}"
            )
        if not game.is_over:
            raise BigTwoError("the deal isn't over yet")
        shuffled = replace(self, shuffles=self.shuffles + 1, chain=game.origin.commitment)
        if game.end == "redeal":
            return shuffled
        if self.rules.mode is Mode.TEAMS and _teams_tied(game):
            return replace(shuffled, shootout=True)
        scores = game.scores or (0,) * self.rules.players
        counts = tuple(h.bit_count() for h in game.hands)
        winner = game.winner
        leader = winner if winner is not None else self.dealer
        dealer = leader
        if self.rules.first_lead is FirstLead.LOSER:
            leader = dealer = loser_to_lead(game)
        outcome = game.outcome()
        result = DealResult(
            scores=scores,
            winner=winner,
            counts=counts,
            end=game.end or "",
            finish_order=outcome.finished() if outcome and winner is not None else (),
            leader=leader,
        )
        drawn: tuple[int, ...] = ()
        if (
            self.rules.first_lead is FirstLead.INDONESIA_ROUNDS
            and (self.deals_played + 1) % ROUND_LENGTH == 0
        ):
            dealer, drawn = self.draw_for_deal()
        return replace(
            shuffled,
            dealer=dealer,
            next_leader=leader,
            shootout=False,
            totals=tuple(a + b for a, b in zip(self.totals, scores, strict=True)),
            results=(*self.results, result),
            drawn=drawn,
        )

    def draw_for_deal(self) -> tuple[int, tuple[int, ...]]:
        """``start.indonesia_rounds``: after every ten deals "all the cards are placed face
        down and each player draws one card. The highest will shuffle the cards and deal"
        (pagat, seed 002). Read precisely: the whole pack is shuffled (from the session's seed,
        so a seeded session repeats it; else from the last deal's commitment, so that the
        draw is bound to the session's chain and a verifier repeats it), seat 0 draws first
        and then each seat in turn, and the card that is highest as a single under the rules
        deals the round's first deal (which the holder of the lowest card, 3♦, then leads).
        With two decks two seats may draw the same card: the tied seats draw again from what
        is left. Returns the dealer and the last card each seat drew."""
        rules = self.rules
        source = self.chain if self.seed is None else self.seed
        rng = random.Random(f"{source}|draw|{len(self.results) + 1}")
        pack = list(deck(rules.decks, 0 if rules.jokers is Jokers.NONE else 2))
        rng.shuffle(pack)
        key = tables_for(rules).single_key
        drawn = [-1] * rules.players
        seats = list(range(rules.players))
        while True:
            for seat in seats:
                drawn[seat] = pack.pop()
            top = max(key[drawn[s] & 63] for s in seats)
            seats = [s for s in seats if key[drawn[s] & 63] == top]
            if len(seats) == 1:
                return seats[0], tuple(drawn)

    @property
    def team_totals(self) -> tuple[int, int]:
        """``mode.teams``: the running totals of seats 0+2 and 1+3 (partners share every
        score, so a team's total is each member's)."""
        return (self.totals[0], self.totals[1])

    def settlement(self, stake: float = 1.0) -> list[Payment]:
        """Who pays whom at ``stake`` a point (``core.session``), one payment per pair.

        pagat: "each pair of players settles up according to the difference between their
        scores". In a deal scored by penalties each player's score is what they lost (the
        winner's 0), so a loser also pays every loser who kept fewer points, unless only the
        winner collects (``score.winner_only``). A deal whose scores already say who paid
        whom (pairwise doubling, assistance, teams) settles as scored, and a deal scored in
        points (Pusoy Dos, rankings, Indonesia) by the differences of those points. Debts
        between two players net out over the session.

        >>> s = Session(Rules(), totals=(33, -3, -22, -8), results=(
        ...     DealResult((33, -3, -22, -8), 0, (), (0, 3, 11, 8), "out", 0),))
        >>> [(p.payer, p.payee, p.amount) for p in s.settlement(1)]
        [(1, 0, 3), (2, 0, 22), (3, 0, 8), (2, 1, 19), (3, 1, 5), (2, 3, 14)]
        """
        number = isinstance(stake, int | float) and not isinstance(stake, bool)
        if not number or not 0 <= stake <= MAX_STAKE:
            raise BigTwoError(
                f"the stake must be a number from 0 to {MAX_STAKE:g}, not {describe(stake)}"
            )
        n = self.rules.players
        owed = [[0] * n for _ in range(n)]  # owed[a][b]: what a owes b
        # a session given only its totals settles them as one deal scored as payments
        results = self.results or (DealResult(self.totals, None, (), (0,) * n, "", 0),)
        for r in results:
            for payer, payee, points in _deal_debts(r, self.rules.winner_only):
                owed[payer][payee] += points
        out = []
        for a in range(n):
            for b in range(a + 1, n):
                diff = owed[a][b] - owed[b][a]
                if diff:
                    payer, payee = (a, b) if diff > 0 else (b, a)
                    out.append(Payment(payer, payee, abs(diff) * stake))
        return out

    def settlement_parts(self) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """How each payment of `settlement` (at 1 a point) follows from the deals: for each
        (payer, payee), the deals (numbered from 1) that moved points between the two and
        how many each moved, towards the payee (negative: the other way). They add up to the
        payment: debts between two players net out over the session.

        >>> s = Session(Rules(), totals=(33, -3, -22, -8), results=(
        ...     DealResult((33, -3, -22, -8), 0, (), (0, 3, 11, 8), "out", 0),))
        >>> s.settlement_parts()[2, 1]
        [(1, 19)]
        """
        parts: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for p in self.settlement(1.0):
            parts[p.payer, p.payee] = []
        for number, r in enumerate(self.results, 1):
            moved: dict[tuple[int, int], int] = {}
            for payer, payee, points in _deal_debts(r, self.rules.winner_only):
                moved[payer, payee] = moved.get((payer, payee), 0) + points
            for (payer, payee), shown in parts.items():
                net = moved.get((payer, payee), 0) - moved.get((payee, payer), 0)
                if net:
                    shown.append((number, net))
        return parts


def _deal_kind(result: DealResult) -> str:
    """How a deal's scores settle: "penalties", "payments" or "points" (`_deal_debts`)."""
    s = result.scores
    if sum(s) == 0 and all(x < 0 for i, x in enumerate(s) if i != result.winner):
        return "penalties"
    return "payments" if sum(s) == 0 else "points"


def settlement_terms(session: Session) -> list[tuple[str, dict[str, str]]]:
    """Which scoring the running totals add up, and how the settlement (`Session.settlement`)
    follows from them, as catalogue keys and their parameters: a player sees why the money
    differs from the totals (`settlement_words` says them; a browser says the keys)."""
    rules = session.rules
    kinds = {_deal_kind(r) for r in session.results}
    penalties_only = ".penalties" if kinds == {"penalties"} else ""
    terms = [(f"term.settle.totals{penalties_only}", {"scoring": rules.scoring.value})]
    if "penalties" in kinds:
        terms.append(("term.settle.winner_only" if rules.winner_only else "term.settle.pagat", {}))
    if "payments" in kinds:
        terms.append(("term.settle.payments", {}))
    if "points" in kinds:
        winner_only = ".winner_only" if rules.winner_only else ""
        terms.append((f"term.settle.points{winner_only}", {}))
    terms.append(("term.settle.net", {}))
    return terms


def settlement_words(session: Session, t: Catalogue | None = None) -> list[str]:
    """`settlement_terms` in words, in the language of ``t`` (English by default)."""
    t = t or catalogue(FALLBACK)
    return [t(key, **params) for key, params in settlement_terms(session)]


def _deal_debts(result: DealResult, winner_only: bool) -> list[tuple[int, int, int]]:
    """(payer, payee, points) that settle one deal."""
    s = result.scores
    n = len(s)
    plain = sum(s) == 0 and all(x < 0 for i, x in enumerate(s) if i != result.winner)
    if plain:  # penalties: each pair settles the difference of what they lost
        lost = [max(-x, 0) for x in s]
        return [
            (a, b, lost[a] - lost[b])
            for a in range(n)
            for b in range(n)
            if lost[a] > lost[b] and (not winner_only or b == result.winner)
        ]
    if sum(s) == 0:  # already scored as payments: the losses flow to the seats that gained
        losses = [[seat, -x] for seat, x in enumerate(s) if x < 0]
        debts = []
        for payee, gain in ((seat, x) for seat, x in enumerate(s) if x > 0):
            while gain:
                loss = losses[0]
                paid = min(gain, loss[1])
                debts.append((loss[0], payee, paid))
                gain -= paid
                loss[1] -= paid
                if not loss[1]:
                    losses.pop(0)
        return debts
    return [
        (a, b, s[b] - s[a])
        for a in range(n)
        for b in range(n)
        if s[a] < s[b] and (not winner_only or b == result.winner)
    ]


def _most_cards(counts: tuple[int, ...], winner: int) -> int:
    return max((s for s in range(len(counts)) if s != winner), key=lambda s: counts[s])


def _teams_tied(game: Game) -> bool:
    teams = game.rules.teams or ()
    totals = [0, 0]
    for seat, hand in enumerate(game.hands):
        totals[teams[seat]] += hand.bit_count()
    return game.end == "out" and totals[0] == totals[1]


def loser_to_lead(game: Game) -> int:
    """``start.loser_leads``: the player with most cards; among ties, the one whose largest
    playable combination has the fewest cards, then the weakest such combination."""
    counts = [h.bit_count() for h in game.hands]
    most = max(counts)
    tied = [s for s, n in enumerate(counts) if n == most]
    if len(tied) == 1:
        return tied[0]

    def largest(seat: int) -> tuple[int, int]:
        combos = bot_combos(game.hands[seat], game.tables).leads
        size = max(c.size for c in combos)
        return size, max(c.key for c in combos if c.size == size)

    return min(tied, key=largest)


def _points(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**15
