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

from ..cards import Card, cards_of, format_cards, parse_cards
from ..errors import BigTwoError
from ..rules.config import Rules
from .deal import Deal, commit, deal_out, fixed_deal, full_deck

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
            result=result_of(game),
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
        """The record as ``seat`` may share it: the other hands, the deck, the salt and the
        seed (which would deal the whole deck again) removed."""
        if not 0 <= seat < len(self.counts):
            raise BigTwoError(f"there is no seat {seat}")
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

    def _as_seen_by(self, seat: int, action: str) -> str:
        """An action as ``seat`` saw it: cards given in an exchange it took no part in show
        only as their number."""
        actor, text = parse_action(action, len(self.counts))
        if not text.startswith("give ") or seat == actor:
            return action
        chosen = (r for g, r, _, how in self.exchanges if g == actor and how == "choose")
        receiver = next(chosen, -1)
        if receiver == seat:  # the same receiver the engine's views name (`Game._receiver`)
            return action
        count = len(parse_cards(text[5:]))
        return f"p{actor} give {count} card{'s' * (count != 1)}"

    def deal(self) -> Deal:
        """The deal as it came out: rebuilt from the deck order when the record has it (which
        also says which of two identical cards each seat held), else from the hands."""
        if self.hands is None or any(h == "" for h in self.hands):
            raise BigTwoError("this record hides some hands, so it can't be replayed")
        if not self.deck:
            return fixed_deal(self.rules, self.hands, dealer=self.dealer, direction=self.direction)
        order = self.revealed_order()
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

    def revealed_order(self) -> tuple[Card, ...]:
        """The revealed deck order, refused unless it is one whole deck for the rules."""
        order = parse_cards(self.deck)
        if sorted(order) != sorted(parse_cards(format_cards(full_deck(self.rules)))):
            raise BigTwoError("the revealed deck is not one whole deck for these rules")
        return order

    def replay(self, upto: int | None = None) -> Game:
        """The state after every action (or the first ``upto``), checked move by move."""
        return self.states(upto)[-1]

    def states(self, upto: int | None = None) -> list[Game]:
        """The state before the first action and after each one (or the first ``upto``),
        checked move by move."""
        from .game import Game

        game = Game.from_deal(self.rules, self.deal(), self.leader, self.exchanges)
        out = [game]
        for number, action in enumerate(self.actions[:upto], start=1):
            seat, text = parse_action(action, len(self.counts))
            try:
                game = game.play(text, seat=seat)
            except BigTwoError as exc:
                raise BigTwoError(f"action {number} ({action!r}) is illegal: {exc}") from None
            out.append(game)
        return out

    def verify(self) -> list[str]:
        """Problems with the deal's fairness proof; empty when the deal checks out: the
        revealed deck and salt open the commitment, that deck deals the recorded hands, every
        action is legal and the play gives the recorded result."""
        if self.viewer is not None:
            return [
                f"this is seat {self.viewer}'s view: the deck and salt stay hidden in it, so"
                " it can't prove the deal; verify the full record"
            ]
        if not self.commitment:
            return ["the deal was fixed by hand, so there is no shuffle to verify"]
        if not self.deck or not self.salt:
            return ["the deck order and salt are not revealed"]
        try:
            order = self.revealed_order()
        except BigTwoError as exc:
            return [str(exc)]
        problems = []
        if commit(order, self.salt) != self.commitment:
            problems.append("the revealed deck and salt do not match the commitment")
        dealt = deal_out(order, self.rules, self.dealer, self.direction, self.exposed).hands
        if self.hands is not None and tuple(format_cards(cards_of(h)) for h in dealt) != self.hands:
            problems.append("the hands are not the ones the committed deck deals")
            return problems
        try:
            game = self.replay()
        except BigTwoError as exc:
            return [*problems, f"the recorded play is not legal: {exc}"]
        if self.result is not None and self.result != result_of(game):
            problems.append(
                f"the recorded result {self.result} is not the one the play gives:"
                f" {result_of(game)}"
            )
        return problems


def result_of(game: Game) -> dict[str, Any] | None:
    """A finished deal's result as records write it (None while it is in play)."""
    if not game.is_over:
        return None
    return {"end": game.end, "winner": game.winner, "scores": list(game.scores or ())}


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
        return _from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        if isinstance(exc, BigTwoError):
            raise
        raise BigTwoError(f"game record is missing or has a bad field: {exc}") from None


def _field(
    data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...
) -> Any:
    """``data[key]``, refused unless it is of ``kind`` (bools are not numbers here)."""
    if key not in data:
        if default is ...:
            raise BigTwoError(f'game record has no "{key}"')
        return default
    value = data[key]
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise BigTwoError(f'game record field "{key}" has a bad value: {value!r}')
    return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _strings(data: dict[str, Any], key: str) -> tuple[str, ...]:
    values = _field(data, key, list)
    if not all(isinstance(v, str) for v in values):
        raise BigTwoError(f'game record field "{key}" should hold only text')
    return tuple(values)


def _from_dict(data: dict[str, Any]) -> Record:
    options = dict(_field(data, "rules", dict))
    name = options.pop("preset", "custom")
    rules = Rules.from_dict({**options, "name": name})
    n = rules.players
    deal = _field(data, "deal", dict)
    players = _strings(data, "players")
    counts = tuple(_field(deal, "counts", list))
    if (
        len(players) != n
        or len(counts) != n
        or not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts)
    ):
        raise BigTwoError(f"game record should name {n} players and give {n} card counts")
    hands = _strings(deal, "hands") if deal.get("hands") is not None else None
    if hands is not None and len(hands) != n:
        raise BigTwoError(f"game record should give {n} hands")
    dealer = _field(deal, "dealer", int, 0)
    direction = _field(deal, "direction", int, 1)
    if not 0 <= dealer < n or direction not in (1, -1):
        raise BigTwoError("game record has a bad dealer or direction")
    leader = _field(deal, "leader", int, None)
    if leader is not None and not 0 <= leader < n:
        raise BigTwoError(f"game record names seat {leader} to lead; there are {n} seats")
    exposed = _field(deal, "exposed", str, "")
    exchanges = _field(deal, "exchanges", list, [])
    for x in exchanges:
        if not (isinstance(x, list) and len(x) == 4 and isinstance(x[3], str)):
            raise BigTwoError(f"game record has a bad exchange: {x!r}")
    viewer = _field(data, "viewer", int, None)
    return Record(
        rules=rules,
        players=players,
        hands=hands,
        counts=counts,
        actions=_strings(data, "actions"),
        commitment=_field(deal, "commitment", str, ""),
        seed=_field(deal, "seed", int, None),
        deck=_field(deal, "deck", str, ""),
        salt=_field(deal, "salt", str, ""),
        dealer=dealer,
        direction=direction,
        exposed=_one_card(exposed) if exposed else -1,
        leader=leader,
        exchanges=tuple((int(a), int(b), int(c), str(k)) for a, b, c, k in exchanges),
        result=_field(data, "result", dict, None),
        viewer=viewer,
    )


def _one_card(text: str) -> int:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise BigTwoError(f"game record's exposed card should be one card, not {text!r}")
    return int(cards[0])
