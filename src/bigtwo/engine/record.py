"""A game record's data: the versioned JSON document (see ``docs/records.md``) that replays a
deal, as fields, its text, the layout its commitment hashes and the deal it opens. What needs a
`Game` — writing one down, replaying, auditing — is `bigtwo.engine.game.Record`, built on
`RecordData` beside `Game` (each names the other). Text from outside is read by
`bigtwo.record_files`, which checks it before it becomes a `Record`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..cards import cards_of, format_cards, parse_cards
from ..checks import Player, player_json
from ..errors import BigTwoError
from ..rules.config import Rules
from .commitment import Exchange, Terms, layout, rules_fields
from .deal import Deal, deal_of, deal_out, fixed_deal
from .proof import revealed_order

FORMAT = "bigtwo-record"
VERSION = 2  # 2: the commitment binds the deal's terms (`commitment.layout`); 1 only the deck


@dataclass(frozen=True)
class RecordData:
    """One deal: its rules, players, cards, every action as text, and the result."""

    rules: Rules
    players: tuple[Player, ...]
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
            "players": [player_json(p) for p in self.players],
            "deal": deal,
            "actions": list(self.actions),
            "result": self.result,
        }
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    # -- use ---------------------------------------------------------------------------------
    def _as_seen_by(self, seat: int, action: str) -> str:
        """An action as ``seat`` saw it: cards given in an exchange it took no part in show
        only as their number."""
        actor, text = parse_action(action, len(self.counts))
        if not text.startswith("give ") or seat == actor:
            return action
        chosen = (r for g, r, _, how in self.exchanges if g == actor and how == "choose")
        receiver = next(chosen, -1)
        if receiver == seat:  # the same receiver the engine's views name (`view_of`)
            return action
        count = len(parse_cards(text[5:]))
        return f"p{actor} give {count} card{'s' * (count != 1)}"

    def deal(self) -> Deal:
        """The deal as it came out: rebuilt from the deck order when the record has it (which
        also says which of two identical cards each seat held), else from the hands."""
        if self.hands is None or any(h == "" for h in self.hands):
            raise BigTwoError(
                "this record hides some hands, so it can't be replayed", reason="hidden"
            )
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
            raise BigTwoError(
                "the record's hands are not the ones its deck order deals", reason="not_dealt"
            )
        if self.version > 1 and dealt.commitment != self.commitment:
            raise BigTwoError("the record's deal does not open its commitment", reason="not_dealt")
        if dealt.exposed != self.exposed:
            raise BigTwoError(
                "the record's exposed card is not the one its deck shows", reason="not_dealt"
            )
        return dealt


def parse_action(action: str, players: int) -> tuple[int, str]:
    """``"p2 3D 3S"`` -> ``(2, "3D 3S")``."""
    head, _, rest = action.strip().partition(" ")
    if not (head[:1] == "p" and head[1:].isdigit() and int(head[1:]) < players):
        raise BigTwoError(f"action {action!r} should start with a seat such as p0")
    return int(head[1:]), rest
