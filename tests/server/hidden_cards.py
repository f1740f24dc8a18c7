"""The hidden-card scan: every message a connection received, checked against the hands the
server dealt (learnt afterwards from each deal's record), failing on any card its receiver
may not have seen at that point.

What a receiver may see while deal ``d`` runs: a seat, the cards it ever held in ``d`` (dealt,
received in an exchange) and the cards played so far; a spectator, the cards played so far.
"Played so far" is read from the history of the state the message carries, or else of the
receiver's next state in the same deal. An update (protocol 2) carries a patch, not a state:
the scan applies it to the state before, as a client does, and checks the patch itself as
well as the state it leads to. Once a deal is over, everything of it may be shown
(the ``deal_over`` event, the final state of a session, the records).

A message is told its deal by the commitment its view carries, never by ``deals_played``: a
redeal, or a tied team game and the five-card shootout that settles it, is recorded (the
records number every deal dealt) but not counted, so two records can run at one count.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from follower import with_states

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
    """One finished deal as its record tells it: the cards each seat ever held, and the
    commitment its views showed while it ran."""

    held: tuple[frozenset[str], ...]
    commitment: str = ""

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
        return cls(tuple(frozenset(h) for h in held), str(data["deal"].get("commitment", "")))

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
    record: int  # the number of the deal's record (every deal dealt, counted or not)
    cards: frozenset[str]
    message: dict[str, Any]

    def __str__(self) -> str:
        return f"message {self.index} (record {self.record}) shows {sorted(self.cards)}"


def _public(state: dict[str, Any] | None) -> set[str]:
    view = (state or {}).get("view") or {}
    shown = cards_in([m for _, m, *_ in view.get("history", ())])
    shown |= cards_in(view.get("shown", "")) | cards_in(view.get("table") or "")
    # the card the first lead must hold: the rules make its holder known to everyone
    return shown | cards_in(view.get("lead_card") or "")


def _record_of(i: int, state: dict[str, Any], deals: Sequence[Deal]) -> int | None:
    """The record of the deal ``state``'s view shows (None: no view yet), found by the
    commitment the view carries."""
    view = state.get("view")
    if not view:
        return None
    found = [n for n, d in enumerate(deals) if d.commitment == view["commitment"]]
    if len(found) != 1:
        raise AssertionError(
            f"message {i} shows the deal of commitment {view['commitment']!r}, which"
            f" {len(found)} records have (one was expected)"
        )
    return found[0]


def _running(state: dict[str, Any]) -> bool:
    """Does ``state`` show a deal in play (not the one that ended last, between deals)?"""
    view = state.get("view")
    return bool(state["room"]["status"] == "playing" and view and view["end"] is None)


def _parts(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events split after each ``deal_over``: every part but the last ends a deal."""
    parts: list[list[dict[str, Any]]] = [[]]
    for event in events:
        parts[-1].append(event)
        if event["kind"] == "deal_over":
            parts.append([])
    return parts


def scan(seat: int | None, received: Sequence[dict[str, Any]], deals: Sequence[Deal]) -> list[Leak]:
    """The leaks among ``received`` (everything one connection got, in order) for ``seat``;
    ``deals`` are the room's records, in order."""
    leaks: list[Leak] = []
    received = with_states(received)  # each update with the state its patch leads to
    states = [
        m if m.get("type") == "state" else m.get("state") if m.get("type") == "update" else None
        for m in received
    ]

    def next_state(i: int, record: int) -> dict[str, Any] | None:
        for j in range(i, len(states)):
            st = states[j]
            if st is not None:
                running = _running(st) and _record_of(j, st, deals) == record
                return st if running else None
        return None

    current: int | None = None  # the record of the deal in play as last seen, or None
    for i, message in enumerate(received):
        kind = message.get("type")
        checks: list[tuple[int, Any, set[str]]] = []  # (record, part of the message, public)
        if kind in ("state", "update"):
            state = message if kind == "state" else message["state"]
            shown = _record_of(i, state, deals)
            running = shown is not None and _running(state)
            if kind == "update":
                *ended, rest = _parts(message["events"])
                if ended:  # the last deal_over ended the deal shown, or the one before
                    if shown is None:
                        raise AssertionError(f"message {i} ends a deal but shows none")
                    last = shown - 1 if running else shown
                    for k, part in enumerate(ended):  # over: every card of it may show
                        record = last - (len(ended) - 1 - k)
                        checks.append((record, part, _ended_public(deals, record)))
                if rest and running:
                    assert shown is not None
                    checks.append((shown, rest, _public(state)))
                if running:  # what travelled: the patch itself
                    assert shown is not None
                    checks.append((shown, message["patch"], _public(state)))
            if running:
                assert shown is not None
                current = shown
                checks.append((shown, state, _public(state)))
            else:
                current = None
        elif current is not None:
            nxt = next_state(i, current)
            public = _public(nxt) if nxt is not None else _ended_public(deals, current)
            checks.append((current, message, public))
        for record, part, public in checks:
            if not 0 <= record < len(deals):
                raise AssertionError(f"message {i} is of record {record}, but there is none")
            bad = (cards_in(part) & deals[record].hidden_from(seat)) - public
            if bad:
                leaks.append(Leak(i, record, frozenset(bad), message))
    return leaks


def _ended_public(deals: Sequence[Deal], record: int) -> set[str]:
    """Every card of a deal that has ended (nothing of it is secret any more)."""
    return set().union(*deals[record].held) if 0 <= record < len(deals) else set()


def assert_no_leaks(
    seat: int | None, received: Sequence[dict[str, Any]], deals: Sequence[Deal]
) -> None:
    leaks = scan(seat, received, deals)
    assert not leaks, f"seat {seat}: " + "; ".join(str(x) for x in leaks[:5])


def scan_text(seat: int | None, text: str, deal: Deal, public: Iterable[str] = ()) -> set[str]:
    """The hidden cards in a text an HTTP response carried while ``deal`` ran."""
    return (cards_in(text) & deal.hidden_from(seat)) - set(public)
