"""The deal commitment: one hash, published before the first play, that binds everything deciding
who holds what and who starts (``fair.shuffle``; the byte layout is in ``docs/records.md``).

The preimage is UTF-8 text, one field a line, each line ``name`` + one space + the value as
compact JSON (keys sorted, ASCII only), every line ending in ``\\n``::

    bigtwo-commitment 2
    rules {"decks":1,…,"preset":"classic"}
    players ["p0","p1","p2","p3"]
    dealer 0
    direction 1
    leader null
    exchanges []
    shuffle "secret"
    previous ""
    deck "TH 5S QC …"
    salt "4be1…"

The commitment is the SHA-256 of those bytes, in lower-case hex. Everything else a record says
about the deal (the hands, the exposed card, the stock, the kitty, the automatic exchanges) is
derived from these fields, so a verifier rebuilds it instead of trusting it.

>>> from bigtwo import Rules
>>> terms = Terms(players=("a", "b", "c", "d"))
>>> text = layout(Rules(), terms, (0, 1, 2), "ab").decode()
>>> text.splitlines()[0], text.splitlines()[-2:]
('bigtwo-commitment 2', ['deck "3D 3C 3H"', 'salt "ab"'])
>>> len(commit(Rules(), terms, (0, 1, 2), "ab"))
64
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from typing import Any

from ..cards import Card, cards_text, deck, format_cards, parse_cards
from ..checks import Player, player_json
from ..errors import BigTwoError
from ..rules.config import Rules
from ..rules.options import Jokers

LAYOUT_VERSION = 2
SALT_BYTES = 32  # 256 bits from `secrets`, for every shuffled deal, seeded or not
Exchange = tuple[int, int, int, str]  # (giver, receiver, how many, "lowest"/"highest"/"choose")


@dataclass(frozen=True)
class Terms:
    """What the table settles before the cards are shuffled: the names in each seat, the dealer,
    the direction of play, a named leader (None: the holder of the lowest card leads), the
    card exchanges owed from the previous deal, whether the shuffle is seeded, and the previous
    deal's commitment (which chains the deals of a session)."""

    players: tuple[Player, ...] = ()
    dealer: int = 0
    direction: int = 1
    leader: int | None = None
    exchanges: tuple[Exchange, ...] = ()
    seeded: bool = False
    previous: str = ""


def seat_names(players: int) -> tuple[str, ...]:
    """The names seats go by when none are given: ``p0``, ``p1``, … (as records write seats)."""
    return tuple(f"p{s}" for s in range(players))


def rules_fields(rules: Rules) -> dict[str, Any]:
    """The rules as a record writes them: every option, and the preset they came from."""
    return {"preset": rules.name, **rules.to_dict()}


def layout(rules: Rules, terms: Terms, order: Sequence[Card], salt: str) -> bytes:
    """The exact bytes the commitment hashes."""
    lines: list[tuple[str, Any]] = [
        ("players", [player_json(p) for p in terms.players]),
        ("dealer", terms.dealer),
        ("direction", terms.direction),
        ("leader", terms.leader),
        ("exchanges", [list(x) for x in terms.exchanges]),
        ("shuffle", "seeded" if terms.seeded else "secret"),
        ("previous", terms.previous),
        ("deck", cards_text(order)),
        ("salt", salt),
    ]
    text = f"bigtwo-commitment {LAYOUT_VERSION}\n{_rules_line(rules, rules.name)}" + "".join(
        f"{name} {_json(value)}\n" for name, value in lines
    )
    return text.encode("utf-8")


@lru_cache(maxsize=256)
def _rules_line(rules: Rules, name: str) -> str:
    """The layout's rules line, written once per rule set (``name`` too: rules compare
    without their name)."""
    return f"rules {_json(rules_fields(rules))}\n"


def commit(rules: Rules, terms: Terms, order: Sequence[Card], salt: str) -> str:
    """The published hash of a deal's terms, deck order and secret salt."""
    return hashlib.sha256(layout(rules, terms, order, salt)).hexdigest()


# one encoder for every line (``json.dumps`` with these options builds one per call)
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _json(value: Any) -> str:
    """``value`` as compact JSON: keys sorted, ASCII only."""
    if type(value) is str:
        return encode_basestring_ascii(value)  # what the encoder writes for text, called directly
    if type(value) is int:
        return int.__repr__(value)
    return _ENCODER.encode(value)


def full_deck(rules: Rules) -> tuple[Card, ...]:
    return deck(rules.decks, 2 if rules.jokers is not Jokers.NONE else 0)


def shuffle_order(rules: Rules, seed: int | None) -> tuple[Card, ...]:
    """The deck shuffled by ``seed`` (reproducibly) or, without one, from ``secrets``. Of two
    identical cards (two decks) the first in the deck is copy 0."""
    rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
    order = list(full_deck(rules))
    rng.shuffle(order)
    if rules.decks > 1:
        order = list(parse_cards(format_cards(order)))
    return tuple(order)


def new_salt() -> str:
    """A fresh secret salt: with it, the commitment gives away neither the deck nor a seed."""
    return secrets.token_hex(SALT_BYTES)


def is_digest(text: str) -> bool:
    """Is ``text`` a SHA-256 digest in lower-case hex?"""
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def kept_digest(text: object) -> str:
    """A commitment a player kept, as they might type it back (any case, spaces around), in
    the form records write it; `BigTwoError` when it is no SHA-256 digest, so that a typing
    slip is told apart from a forged record."""
    digest = text.strip().lower() if isinstance(text, str) else ""
    if not is_digest(digest):
        raise BigTwoError(
            "a kept commitment is 64 hex digits (a SHA-256 digest)", reason="not_digest"
        )
    return digest
