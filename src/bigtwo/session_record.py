"""A whole session as one record (``core.session``, ``fair.shuffle``): every deal's record in
order, redeals included, with the totals and the settlement. Each deal's commitment binds the
previous deal's, so a deal can't be dropped, swapped or repeated; `SessionRecord.verify` checks
every deal, the chain, and that each deal's dealer, direction, leader and exchanges are the ones
the session's rules owed it after the deals before (``docs/records.md``).

>>> from bigtwo import Rules
>>> s = Session.start(Rules(), seed=1)
>>> games = []
>>> for _ in range(2):
...     g = s.next_deal()
...     while not g.is_over:
...         g = g.play(g.legal_moves()[0])
...     s = s.finish(g)
...     games.append(g)
>>> record = SessionRecord.of(s, games)
>>> record.verify()
[]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .checks import Player, player_json
from .engine.commitment import kept_digest, rules_fields, seat_names
from .engine.game import Game, Record
from .errors import BigTwoError
from .rules.config import Rules
from .session import Session

FORMAT = "bigtwo-session"
VERSION = 1


@dataclass(frozen=True)
class SessionRecord:
    """Every deal of a session, its totals and who paid whom at 1 a point."""

    rules: Rules
    players: tuple[Player, ...]
    dealer: int  # who dealt the first deal
    seed: int | None  # a seeded session's seed (each deal's is derived from it)
    deals: tuple[Record, ...]
    totals: tuple[int, ...]
    settlement: tuple[tuple[int, int, float], ...]

    @classmethod
    def of(cls, session: Session, games: Sequence[Game]) -> SessionRecord:
        """The record of ``session`` after ``games`` (every deal it dealt, in order)."""
        if len(games) != session.shuffles:
            raise BigTwoError(f"{len(games)} deals given; the session dealt {session.shuffles}")
        first = games[0].origin if games else None
        return cls(
            rules=session.rules,
            players=session.players or seat_names(session.rules.players),
            dealer=first.dealer if first else session.dealer,
            seed=session.seed,
            deals=tuple(g.record() for g in games),
            totals=session.totals,
            settlement=tuple((p.payer, p.payee, p.amount) for p in session.settlement(1.0)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": rules_fields(self.rules),
            "players": [player_json(p) for p in self.players],
            "dealer": self.dealer,
            "seed": self.seed,
            "deals": [d.to_dict() for d in self.deals],
            "totals": list(self.totals),
            "settlement": [list(p) for p in self.settlement],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def verify(self, kept: Sequence[str | Record] = ()) -> list[str]:
        """Problems with the session's proof; empty when every deal verifies, the deals are
        chained in order, each was dealt on the terms the session owed it, the totals and the
        settlement follow, and every commitment in ``kept`` (64 hex digits, or a seat's
        export of one deal) is one of the deals', that deal checked against it as
        `Record.verify` checks one deal. A kept commitment that is no digest is a
        `BigTwoError`, as it is for one deal."""
        if not self.deals:
            return ["the session record holds no deals, so there is nothing to verify"]
        against: dict[int, list[str | Record]] = {}
        for item in kept:
            digest = _kept_commitment(item)
            if not digest:
                return ["the kept export has no commitment: that deal was fixed by hand"]
            found = [i for i, d in enumerate(self.deals) if d.commitment == digest]
            if not found:
                return [
                    f"FORGED: the commitment you kept ({digest[:16]}…) is not in this"
                    " session: a deal was removed or replaced"
                ]
            against.setdefault(found[0], []).append(item)
        session = Session.start(self.rules, self.seed, self.dealer, self.players)
        for number, deal in enumerate(self.deals, start=1):
            problems: list[str] = []
            game: Game | None = None
            for one in against.get(number - 1, [None]):
                problems, game = deal.audit(one)
                if problems:
                    break
            if not problems:
                problems = _owed_problems(session, deal)
            if problems or game is None:
                return [_of_deal(number, p) for p in problems]
            session = session.finish(game)
        if session.totals != self.totals:
            return [f"the totals {list(self.totals)} are not the deals' sum {list(session.totals)}"]
        settled = tuple((p.payer, p.payee, p.amount) for p in session.settlement(1.0))
        if settled != self.settlement:
            return ["the settlement is not the one the totals give"]
        return []


def _of_deal(number: int, problem: str) -> str:
    """One deal's problem, said of the session (a forgery still leads with FORGED)."""
    forged = problem.startswith("FORGED: ")
    return f"{'FORGED: ' * forged}deal {number}: {problem.removeprefix('FORGED: ')}"


def _kept_commitment(kept: str | Record) -> str:
    """The commitment in what a player kept: the digest they typed, or their export's."""
    if isinstance(kept, Record) and kept.viewer is not None:
        return kept.commitment
    if isinstance(kept, Record):
        raise BigTwoError("a kept commitment is 64 hex digits or a seat's-view export")
    return kept_digest(kept)


def _owed_problems(session: Session, deal: Record) -> list[str]:
    """Was ``deal`` dealt on the terms ``session`` owed its next deal?"""
    if deal.previous != session.chain:
        return [
            "its commitment is not chained to the deal before it: a deal was removed,"
            " reordered or repeated"
        ]
    rules = session.deal_rules()
    if rules_fields(rules) != rules_fields(deal.rules):
        return ["its rules are not the session's"]
    owed = {
        "players": (session.players or deal.players, deal.players),
        "dealer": (session.dealer, deal.dealer),
        "direction": (session.direction(), deal.direction),
        "leader": (None if session.shootout else session.leader(), deal.leader),
        "exchanges": (() if session.shootout else session.exchanges(), deal.exchanges),
        "seed": (session.deal_seed(), deal.seed),
    }
    return [
        f"its {name} is {got!r}; the session owed {want!r}"
        for name, (want, got) in owed.items()
        if want != got
    ]
