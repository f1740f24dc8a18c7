"""Checking a revealed deal against its commitment (``fair.shuffle``): the pieces of
`Record.verify` that need only the revealed values, each returning problems in words (an empty
list when the check passes). Nothing a record says about the deal is trusted: the hands, the
exposed card and the stock are rebuilt from the committed deck and compared."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, cards_of, format_cards, parse_cards
from ..errors import BigTwoError
from ..rules.config import Rules
from ..rules.options import Direction, FirstLead, Mode
from .commitment import SALT_BYTES, Terms, commit, full_deck, is_digest, shuffle_order
from .deal import Deal, deal_of

_HOW = ("lowest", "highest", "choose")


def terms_problems(rules: Rules, terms: Terms) -> list[str]:
    """Do the deal's terms make sense under its rules? The one check of a shuffled deal's
    terms: `Game.from_deal` (and so `Game.deal` and a record's replay) refuses what it finds,
    and `Record.verify` reports it. (Which leader and exchanges a session owed a deal is
    checked against the session, deal by deal.)"""
    n = rules.players
    problems = []
    if terms.players and len(terms.players) != n:  # none: the seats go by their numbers
        problems.append(f"the deal names {len(terms.players)} players for {n} seats")
    if not 0 <= terms.dealer < n:
        problems.append(f"the dealer is seat {terms.dealer}; there are {n} seats")
    allowed = {Direction.CLOCKWISE: (-1,), Direction.ALTERNATE: (1, -1)}.get(rules.direction, (1,))
    if terms.direction not in allowed:
        way = {1: "counter-clockwise", -1: "clockwise"}.get(terms.direction, "nowhere")
        problems.append(f"play goes {way} ({terms.direction}), which these rules never deal")
    if terms.leader is not None:
        if rules.first_lead is FirstLead.LOWEST_CARD:
            problems.append("a leader is named, but under these rules the lowest card leads")
        elif not 0 <= terms.leader < n:
            problems.append(f"the leader is seat {terms.leader}; there are {n} seats")
    if terms.exchanges and not (rules.mode is Mode.PRESIDENT or rules.three_player_exchange):
        problems.append("cards are exchanged before play, which these rules never do")
    for giver, receiver, count, how in terms.exchanges:
        if not (0 <= giver < n and 0 <= receiver < n and giver != receiver):
            problems.append(f"an exchange from seat {giver} to seat {receiver} is impossible")
        elif how not in _HOW or not 1 <= count <= 2:
            problems.append(f"an exchange of {count} card(s), {how!r}, is not one the rules make")
    if terms.previous and not is_digest(terms.previous):
        problems.append("the previous deal's commitment is not a SHA-256 digest")
    return problems


def revealed_order(rules: Rules, deck_text: str) -> tuple[Card, ...]:
    """The revealed deck order, refused unless it is one whole deck for the rules."""
    order = parse_cards(deck_text)
    if sorted(order) != sorted(parse_cards(format_cards(full_deck(rules)))):
        raise BigTwoError("the revealed deck is not one whole deck for these rules")
    return order


def opening_problems(
    rules: Rules,
    terms: Terms,
    deck_text: str,
    salt: str,
    commitment: str,
    seed: int | None,
    kept: str | None = None,
) -> tuple[list[str], Deal | None]:
    """Does the revealed deck and salt open the commitment (and the one a player kept), and
    does the recorded seed, if any, shuffle to that deck? The deal they make, when they do."""
    if len(salt) != 2 * SALT_BYTES or not is_digest(salt):
        return [f"the salt is not {8 * SALT_BYTES} bits in hex"], None
    try:
        order = revealed_order(rules, deck_text)
    except BigTwoError as exc:
        return [str(exc)], None
    opened = commit(rules, terms, order, salt)
    if kept is not None and opened != kept:
        return [
            "FORGED: the revealed deal does not open the commitment you kept"
            f" ({kept[:16]}…); the record's deal is not the one you were dealt"
        ], None
    if opened != commitment:
        return ["the revealed deal and salt do not open the record's commitment"], None
    if terms.seeded != (seed is not None):
        what = "seeded, but no seed is revealed" if terms.seeded else "secret, yet a seed is given"
        return [f"the shuffle was committed as {what}"], None
    if seed is not None and shuffle_order(rules, seed) != order:
        return [f"seed {seed} does not shuffle to the revealed deck"], None
    return [], deal_of(order, rules, terms, seed, salt)


def dealt_problems(
    dealt: Deal, hands: Sequence[str] | None, counts: Sequence[int], exposed: int
) -> list[str]:
    """Are the recorded hands, counts and exposed card the ones the committed deck deals?"""
    problems = []
    if hands is not None and tuple(format_cards(cards_of(h)) for h in dealt.hands) != tuple(hands):
        problems.append("the hands are not the ones the committed deck deals")
    if tuple(h.bit_count() for h in dealt.hands) != tuple(counts):
        problems.append("the card counts are not the ones the committed deck deals")
    if exposed != dealt.exposed:
        shown = format_cards([dealt.exposed]) if dealt.exposed >= 0 else "none"
        problems.append(f"the exposed card is not the committed deck's ({shown})")
    return problems
