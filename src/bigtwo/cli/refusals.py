"""A refusal in the person's language. The engine says why in English (its message) and names
the reason by code with its particulars (`IllegalMoveError.code`, ``.params``); the catalogue's
``error.CODE`` (or ``error.CODE.RULE``) says it in another, its cards drawn with suit symbols,
its seats named and a kind of play in words. English keeps the engine's own sentence, which is
written for the terminal ("type some cards")."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import format_cards
from ..errors import BigTwoError, IllegalMoveError
from ..i18n import FALLBACK, Catalogue

_SEATS = ("to_move", "giver", "receiver", "seat")
_CARDS = ("cards", "card", "play", "table")


def refusal_words(exc: BigTwoError, t: Catalogue, names: Sequence[str]) -> str:
    """Why ``exc`` refused a move, in the language of ``t``."""
    message = str(exc)
    if t.lang == FALLBACK:
        return message
    code = exc.code if isinstance(exc, IllegalMoveError) else "bad_input"
    params = dict(exc.params) if isinstance(exc, IllegalMoveError) else {}
    rule = params.get("rule")
    key = f"error.{code}.{rule}" if rule and t.has(f"error.{code}.{rule}") else f"error.{code}"
    if not t.has(key):
        return t("error.unknown", message=message)
    said: dict[str, object] = {"message": message}
    for name, value in params.items():
        if name in _SEATS and isinstance(value, int) and 0 <= value < len(names):
            said[name] = names[value]
        elif name in _CARDS and isinstance(value, str):
            try:
                said[name] = format_cards(value, symbols=True)
            except BigTwoError:
                said[name] = value
        elif name == "kind" and isinstance(value, str):
            said[name] = t(f"term.kind.{value}")
        else:
            said[name] = value
    return t(key, **said)
