"""The hidden-card scan: every message a connection received, checked against the hands the
server dealt (learnt afterwards from each deal's record), failing on any card its receiver
may not have seen at that point.

What a receiver may see while deal ``d`` runs: a seat, the cards it ever held in ``d`` (dealt,
received in an exchange) and the cards played so far; a spectator, the cards played so far.
"Played so far" is read from the history of the state the message carries, or else of the
receiver's next state in the same deal. Once a deal is over, everything of it may be shown
(the ``deal_over`` event, the final state of a session, the records).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import bigtwo
from bigtwo.engine.codec import cards_text

CARD = re.compile(r"(?<![A-Za-z0-9*])([2-9TJQKA][CDHS]\*?)(?![A-Za-z0-9])")
SECRET_KEYS = frozenset({"token", "commitment", "salt", "previous"})


def cards_in(value: Any) -> set[str]:
    """Every card written anywhere in a message (keys holding secrets or codes skipped)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in SECRET_KEYS:
                found |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= cards_in(v)
    elif isinstance(value, str):
        found.update(CARD.findall(value))
    return found


@dataclass(frozen=True)
class Deal:
    """One finished deal as its record tells it: the cards each seat ever held."""

    held: tuple[frozenset[str], ...]

    @classmethod
    def from_record(cls, text: str) -> Deal:
        record = bigtwo.load_record(text)
        data = json.loads(text)
        n = len(data["deal"]["hands"])
        held = [set(h.split()) for h in data["deal"]["hands"]]
        final = record.replay()
        for s in range(n):
            held[s] |= set(cards_text(tuple(bigtwo.cards.cards_of(final.hands[s]))).split())
        for line in data["actions"]:
            who, _, rest = line.partition(" ")
            if who.startswith("p") and who[1:].isdigit() and int(who[1:]) < n:
                held[int(who[1:])] |= set(CARD.findall(rest))
        return cls(tuple(frozenset(h) for h in held))

    def hidden_from(self, seat: int | None) -> set[str]:
        """Cards someone else held that ``seat`` (None: a spectator) never held."""
        out: set[str] = set()
        for s, cards in enumerate(self.held):
            if s != seat:
                out |= cards
        if seat is not None:
            out -= self.held[seat]
        return out


@dataclass(frozen=True)
class Leak:
    index: int  # the message's place in ``received``
    deal: int
    cards: frozenset[str]
    message: dict[str, Any]

    def __str__(self) -> str:
        return f"message {self.index} (deal {self.deal}) shows {sorted(self.cards)}"


def _public(state: dict[str, Any] | None) -> set[str]:
    view = (state or {}).get("view") or {}
    shown = cards_in([m for _, m in view.get("history", ())])
    shown |= cards_in(view.get("shown", "")) | cards_in(view.get("table") or "")
    # the card the first lead must hold: the rules make its holder known to everyone
    return shown | cards_in(view.get("lead_card") or "")


def _deal_of(state: dict[str, Any]) -> int:
    return int(state["room"]["deals_played"])


def _playing(state: dict[str, Any]) -> bool:
    return bool(state["room"]["status"] == "playing" and state.get("view"))


def scan(seat: int | None, received: Sequence[dict[str, Any]], deals: Sequence[Deal]) -> list[Leak]:
    """The leaks among ``received`` (everything one connection got, in order) for ``seat``."""
    leaks: list[Leak] = []
    states = [
        m if m.get("type") == "state" else m.get("state") if m.get("type") == "update" else None
        for m in received
    ]

    def next_state(i: int, deal: int) -> dict[str, Any] | None:
        for st in states[i:]:
            if st is not None:
                return st if _playing(st) and _deal_of(st) == deal else None
        return None

    current: int | None = None  # the deal in play as last seen, or None between deals
    for i, message in enumerate(received):
        kind = message.get("type")
        checks: list[tuple[int, Any, set[str]]] = []  # (deal, part of the message, public)
        if kind in ("state", "update"):
            state = message if kind == "state" else message["state"]
            if kind == "update":
                ended = sum(e["kind"] == "deal_over" for e in message["events"])
                deal = _deal_of(state) - ended
                part: list[Any] = []
                for event in message["events"]:
                    if event["kind"] == "deal_over":  # the deal is over: all may be shown
                        if part and deal < len(deals):
                            public = _public(state) if _deal_of(state) == deal else set()
                            checks.append((deal, part, public | _ended_public(deals, deal)))
                        deal, part = deal + 1, []
                    else:
                        part.append(event)
                if part and _playing(state):
                    checks.append((deal, part, _public(state)))
            if _playing(state):
                current = _deal_of(state)
                checks.append((current, state, _public(state)))
            else:
                current = None
        elif current is not None:
            nxt = next_state(i, current)
            public = _public(nxt) if nxt is not None else _ended_public(deals, current)
            checks.append((current, message, public))
        for deal, part, public in checks:
            if deal >= len(deals):
                raise AssertionError(f"message {i} is of deal {deal}, but no record of it")
            bad = (cards_in(part) & deals[deal].hidden_from(seat)) - public
            if bad:
                leaks.append(Leak(i, deal, frozenset(bad), message))
    return leaks


def _ended_public(deals: Sequence[Deal], deal: int) -> set[str]:
    """Every card of a deal that has ended (nothing of it is secret any more)."""
    return set().union(*deals[deal].held) if deal < len(deals) else set()


def assert_no_leaks(
    seat: int | None, received: Sequence[dict[str, Any]], deals: Sequence[Deal]
) -> None:
    leaks = scan(seat, received, deals)
    assert not leaks, f"seat {seat}: " + "; ".join(str(x) for x in leaks[:5])


def scan_text(seat: int | None, text: str, deal: Deal, public: Iterable[str] = ()) -> set[str]:
    """The hidden cards in a text an HTTP response carried while ``deal`` ran."""
    return (cards_in(text) & deal.hidden_from(seat)) - set(public)
