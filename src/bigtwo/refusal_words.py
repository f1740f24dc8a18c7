"""A refusal in a person's language, from its code and parameters: the one formatter of the
terminal and the server (the browser has its own, `reading.js`, over the same catalogue).

The sentence is the catalogue's ``error.CODE.RULE`` where the parameters name a ``rule`` it
has, else ``error.CODE.REASON`` for a ``reason`` it has, else ``error.CODE``; its cards are
drawn with suit symbols, its seats named, a kind of play said in words, counts written as the
language writes numbers. English keeps the engine's own sentence (``message``), as the engine
words it for the particular case.

>>> from bigtwo.i18n import catalogue
>>> say(catalogue("vi"), "not_held", {"cards": "2S"}, "you don't hold 2♠")
'Bạn không có 2♠.'
>>> say(catalogue("en"), "not_held", {"cards": "2S"}, "you don't hold 2♠")
"you don't hold 2♠"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import format_cards
from .errors import BigTwoError
from .i18n import FALLBACK, Catalogue

SEATS = ("to_move", "giver", "receiver", "seat")
CARDS = ("cards", "card", "play", "table")
CHOOSERS = ("rule", "reason")  # the parameters that pick a sentence, most particular first


def key_for(t: Catalogue, code: str, params: Mapping[str, object]) -> str:
    """The catalogue key that says the refusal ``code`` with ``params``."""
    for name in CHOOSERS:
        chosen = params.get(name)
        if isinstance(chosen, str) and t.has(f"error.{code}.{chosen}"):
            return f"error.{code}.{chosen}"
    return f"error.{code}" if t.has(f"error.{code}") else "error.unknown"


def say(
    t: Catalogue,
    code: str,
    params: Mapping[str, object],
    message: str,
    names: Sequence[str] = (),
) -> str:
    """The refusal ``code`` with ``params`` in ``t``'s language; ``names`` name the seats (a
    seat without one is ``Seat N``)."""
    if t.lang == FALLBACK:
        return message
    said: dict[str, object] = {"message": message}
    for name, value in params.items():
        said[name] = _readable(t, name, value, names)
    return t(key_for(t, code, params), **said)


def _readable(t: Catalogue, name: str, value: object, names: Sequence[str]) -> object:
    if name in SEATS and type(value) is int:
        return names[value] if 0 <= value < len(names) else t("seat.default", n=value + 1)
    if name in CARDS and isinstance(value, str):
        try:
            return format_cards(value, symbols=True)
        except BigTwoError:
            return value
    if name == "kind" and isinstance(value, str):
        return t(f"term.kind.{value}")
    if type(value) is int:
        return t.number(value)
    return value
