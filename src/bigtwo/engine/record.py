"""Game records: a versioned JSON document (see ``docs/records.md``) that replays a deal. Text
from outside is read by `bigtwo.record_files`, which checks it before it becomes a `Record`.

>>> from bigtwo import Game
>>> g = Game.deal(seed=3)
>>> g = g.play(g.legal_moves()[0])
>>> g.record().replay() == g
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards import cards_of, format_cards, parse_cards
from ..checks import instance, seat_number, whole_number
from ..errors import BigTwoError
from ..rules.config import Rules
from .arguments import player_names
from .commitment import Exchange, Terms, is_digest, layout, rules_fields, seat_names
from .deal import Deal, deal_of, deal_out, fixed_deal
from .proof import dealt_problems, opening_problems, revealed_order, terms_problems

if TYPE_CHECKING:
    from .game import Game

FORMAT = "bigtwo-record"
VERSION = 2  # 2: the commitment binds the deal's terms (`commitment.layout`); 1 only the deck


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
    exchanges: tuple[Exchange, ...] = ()
    result: dict[str, Any] | None = None
    viewer: int | None = None  # the seat whose view this is, in an export
    previous: str = ""  # the previous deal's commitment, in a session
    seeded: bool = False  # shuffled from a seed (for tests and reproduction), not in secret
    version: int = VERSION

    @classmethod
    def of(cls, game: Game, players: Sequence[str] | None = None) -> Record:
        from .game import Game

        n = instance(game, Game, "game", "a Game").rules.players
        origin = game.origin
        bound = origin.terms.players or seat_names(n)
        names = player_names(players, n) if players else bound
        if origin.commitment and names != bound:
            raise BigTwoError(
                f"this deal was committed to the names {', '.join(bound)}; name the players"
                " when dealing (Game.deal(players=...)), not afterwards"
            )
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
            leader=origin.terms.leader,
            exchanges=origin.terms.exchanges,
            result=result_of(game),
            previous=origin.terms.previous,
            seeded=origin.terms.seeded,
        )

    @property
    def terms(self) -> Terms:
        """The deal's terms as its commitment binds them."""
        return Terms(
            players=self.players,
            dealer=self.dealer,
            direction=self.direction,
            leader=self.leader,
            exchanges=self.exchanges,
            seeded=self.seeded,
            previous=self.previous,
        )

    def layout(self) -> bytes:
        """The bytes whose SHA-256 is the commitment, rebuilt from the revealed record (for a
        check by hand: ``bigtwo verify FILE --layout | sha256sum``)."""
        if not self.deck or not self.salt:
            raise BigTwoError("the deck order and salt are not revealed in this record")
        return layout(self.rules, self.terms, parse_cards(self.deck), self.salt)

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
        if self.commitment:
            deal["shuffle"] = "seeded" if self.seeded else "secret"
        for key in ("seed", "commitment", "previous", "deck", "salt"):
            value = getattr(self, key)
            if value not in (None, ""):
                deal[key] = value
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "rules": rules_fields(self.rules),
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
            return fixed_deal(self.rules, self.hands, self.terms)
        order = revealed_order(self.rules, self.deck)
        if self.version > 1:
            dealt = deal_of(order, self.rules, self.terms, self.seed, self.salt)
        else:  # version 1 drew the exposed card apart from the deck: the record says which
            dealt = deal_out(
                order, self.rules, self.terms, self.exposed, seed=self.seed, salt=self.salt
            )
        if tuple(format_cards(cards_of(h)) for h in dealt.hands) != self.hands:
            raise BigTwoError("the record's hands are not the ones its deck order deals")
        if self.version > 1 and dealt.commitment != self.commitment:
            raise BigTwoError("the record's deal does not open its commitment")
        if dealt.exposed != self.exposed:
            raise BigTwoError("the record's exposed card is not the one its deck shows")
        return dealt

    def replay(self, upto: int | None = None) -> Game:
        """The state after every action (or the first ``upto``), checked move by move."""
        return self.states(upto)[-1]

    def states(self, upto: int | None = None) -> list[Game]:
        """The state before the first action and after each one (or the first ``upto``),
        checked move by move."""
        upto = None if upto is None else whole_number(upto, "upto", 0, len(self.actions))
        return self._states(self.deal(), upto)

    def _states(self, dealt: Deal, upto: int | None) -> list[Game]:
        from .game import Game

        game = Game.from_deal(self.rules, dealt)
        out = [game]
        for number, action in enumerate(self.actions[:upto], start=1):
            seat, text = parse_action(action, len(self.counts))
            try:
                game = game.play(text, seat=seat)
            except BigTwoError as exc:
                raise BigTwoError(f"action {number} ({action!r}) is illegal: {exc}") from None
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
        committed deck gives, every action is legal and the play gives the recorded result.
        Without ``kept`` the shuffle itself is proven only as far as the record can prove it:
        a forger who rewrites the whole record can make a new commitment."""
        if self.viewer is not None:
            return [
                f"this is seat {self.viewer}'s view: the deck and salt stay hidden in it, so"
                " it can't prove the deal; verify the full record"
            ], None
        kept_digest, problems = self._kept(kept)
        if problems:
            return problems, None
        if not self.commitment:
            return ["the deal was fixed by hand, so there is no shuffle to verify"], None
        if self.version < 2:
            return [
                "this record's commitment (version 1) binds only the deck order and salt, not"
                " who sat where, the dealer, the leader or the exchanges, so it proves nothing"
            ], None
        if not self.deck or not self.salt:
            return ["the deck order and salt are not revealed"], None
        problems = terms_problems(self.rules, self.terms)
        if problems:
            return problems, None
        problems, dealt = opening_problems(
            self.rules, self.terms, self.deck, self.salt, self.commitment, self.seed, kept_digest
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
        if self.result is not None and self.result != result_of(game):
            return [
                f"the recorded result {self.result} is not the one the play gives:"
                f" {result_of(game)}"
            ], None
        return [], game

    def _kept(self, kept: str | Record | None) -> tuple[str | None, list[str]]:
        """The kept commitment as a digest, and what a kept seat export contradicts."""
        if kept is None:
            return None, []
        if isinstance(kept, str):
            digest = kept.strip().lower()
            if not is_digest(digest):
                raise BigTwoError("a kept commitment is 64 hex digits (a SHA-256 digest)")
            return digest, []
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
