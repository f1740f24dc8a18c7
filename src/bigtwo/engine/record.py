"""Game records: a versioned JSON document (see ``docs/records.md``) that replays a deal.

>>> from bigtwo import Game
>>> g = Game.deal(seed=3)
>>> g = g.play(g.legal_moves()[0])
>>> text = g.record().dumps()
>>> load_record(text).replay().hands == g.hands
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards import cards_of, format_cards, parse_cards
from ..errors import BigTwoError
from ..rules.config import Rules
from .deal import Deal, commit, deal_out, fixed_deal

if TYPE_CHECKING:
    from .game import Game

FORMAT = "bigtwo-record"
VERSION = 1


@dataclass(frozen=True)
class Record:
    """One deal: its rules, players, cards, every action as text, and the result."""

    rules: Rules
    players: tuple[str, ...]
    hands: tuple[str, ...] | None  # None in a seat's-view export
    counts: tuple[int, ...]
    actions: tuple[str, ...]
    commitment: str = ""
    seed: int | None = None
    deck: str = ""
    salt: str = ""
    dealer: int = 0
    direction: int = 1
    exposed: int = -1
    leader: int | None = None
    exchanges: tuple[tuple[int, int, int, str], ...] = ()
    result: dict[str, Any] | None = None
    viewer: int | None = None  # the seat whose view this is, in an export

    @classmethod
    def of(cls, game: Game, players: Sequence[str] | None = None) -> Record:
        n = game.rules.players
        names = tuple(players) if players else tuple(f"p{s}" for s in range(n))
        if len(names) != n:
            raise BigTwoError(f"{len(names)} names given for {n} players")
        origin = game.origin
        result = None
        finished = game.is_over
        if finished:
            result = {"end": game.end, "winner": game.winner, "scores": list(game.scores or ())}
        return cls(
            rules=game.rules,
            players=names,
            hands=tuple(format_cards(cards_of(h)) for h in origin.hands),
            counts=tuple(h.bit_count() for h in origin.hands),
            actions=tuple(f"p{seat} {move}" for seat, move in game.history),
            commitment=origin.commitment,
            seed=origin.seed,
            # the dealer's full record; `for_seat` is what a player may see
            deck=format_cards(origin.order),
            salt=origin.salt,
            dealer=origin.dealer,
            direction=origin.direction,
            exposed=origin.exposed,
            leader=game.setup[0],
            exchanges=game.setup[1],
            result=result,
        )

    # -- text -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        deal: dict[str, Any] = {
            "dealer": self.dealer,
            "direction": self.direction,
            "counts": list(self.counts),
        }
        if self.exposed >= 0:
            deal["exposed"] = format_cards([self.exposed])
        if self.leader is not None:
            deal["leader"] = self.leader
        if self.exchanges:
            deal["exchanges"] = [list(x) for x in self.exchanges]
        if self.hands is not None:
            deal["hands"] = list(self.hands)
        for key in ("seed", "commitment", "deck", "salt"):
            value = getattr(self, key)
            if value not in (None, ""):
                deal[key] = value
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": {"preset": self.rules.name, **self.rules.to_dict()},
            "players": list(self.players),
            "deal": deal,
            "actions": list(self.actions),
            "result": self.result,
        }
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    # -- use --------------------------------------------------------------------------------
    def for_seat(self, seat: int) -> Record:
        """The record as ``seat`` may share it: other hands, the deck and the salt removed."""
        if not 0 <= seat < len(self.counts):
            raise BigTwoError(f"there is no seat {seat}")
        hands = tuple(h if s == seat else "" for s, h in enumerate(self.hands or ()))
        return replace(self, hands=hands, deck="", salt="", viewer=seat)

    def deal(self) -> Deal:
        """The deal as it came out: rebuilt from the deck order when the record has it (which
        also says which of two identical cards each seat held), else from the hands."""
        if self.hands is None or any(h == "" for h in self.hands):
            raise BigTwoError("this record hides some hands, so it can't be replayed")
        if not self.deck:
            return fixed_deal(self.rules, self.hands, dealer=self.dealer, direction=self.direction)
        order = parse_cards(self.deck)
        dealt = deal_out(
            order,
            self.rules,
            self.dealer,
            self.direction,
            self.exposed,
            seed=self.seed,
            salt=self.salt,
        )
        if tuple(format_cards(cards_of(h)) for h in dealt.hands) != self.hands:
            raise BigTwoError("the record's hands are not the ones its deck order deals")
        return dealt

    def replay(self, upto: int | None = None) -> Game:
        """The state after every action (or the first ``upto``), checked move by move."""
        from .game import Game

        game = Game.from_deal(self.rules, self.deal(), self.leader, self.exchanges)
        for number, action in enumerate(self.actions[:upto], start=1):
            seat, text = parse_action(action, len(self.counts))
            try:
                game = game.play(text, seat=seat)
            except BigTwoError as exc:
                raise BigTwoError(f"action {number} ({action!r}) is illegal: {exc}") from None
        return game

    def states(self) -> list[Game]:
        """The state before the first action and after each one."""
        from .game import Game

        game = Game.from_deal(self.rules, self.deal(), self.leader, self.exchanges)
        out = [game]
        for action in self.actions:
            seat, text = parse_action(action, len(self.counts))
            game = game.play(text, seat=seat)
            out.append(game)
        return out

    def verify(self) -> list[str]:
        """Problems with the deal's fairness proof; empty when the deal checks out."""
        if not self.commitment:
            return ["the deal was fixed by hand, so there is no shuffle to verify"]
        if not self.deck or not self.salt:
            return ["the deck order and salt are not revealed (the deal isn't over)"]
        problems = []
        order = parse_cards(self.deck)
        if commit(order, self.salt) != self.commitment:
            problems.append("the revealed deck and salt do not match the commitment")
        dealt = deal_out(order, self.rules, self.dealer, self.direction, self.exposed).hands
        if self.hands is not None and tuple(format_cards(cards_of(h)) for h in dealt) != self.hands:
            problems.append("the hands are not the ones the committed deck deals")
        return problems


def parse_action(action: str, players: int) -> tuple[int, str]:
    """``"p2 3D 3S"`` -> ``(2, "3D 3S")``."""
    head, _, rest = action.strip().partition(" ")
    if not (head[:1] == "p" and head[1:].isdigit() and int(head[1:]) < players):
        raise BigTwoError(f"action {action!r} should start with a seat such as p0")
    return int(head[1:]), rest


def load_record(text: str) -> Record:
    """Read a record written by `Record.dumps`; `BigTwoError` says what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BigTwoError(f"not a game record: bad JSON at line {exc.lineno} ({exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BigTwoError(f'not a game record (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise BigTwoError(f"record version {data.get('version')} is not supported (need {VERSION})")
    try:
        options = dict(data["rules"])
        name = options.pop("preset", "custom")
        rules = Rules.from_dict({**options, "name": name})
        deal = data["deal"]
        hands = deal.get("hands")
        return Record(
            rules=rules,
            players=tuple(data["players"]),
            hands=tuple(hands) if hands is not None else None,
            counts=tuple(deal["counts"]),
            actions=tuple(data["actions"]),
            commitment=deal.get("commitment", ""),
            seed=deal.get("seed"),
            deck=deal.get("deck", ""),
            salt=deal.get("salt", ""),
            dealer=deal.get("dealer", 0),
            direction=deal.get("direction", 1),
            exposed=int(parse_cards(deal["exposed"])[0]) if "exposed" in deal else -1,
            leader=deal.get("leader"),
            exchanges=tuple(tuple(x) for x in deal.get("exchanges", ())),
            result=data.get("result"),
            viewer=data.get("viewer"),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise BigTwoError(f"game record is missing or has a bad field: {exc}") from None
