"""Rule changes written as text, ``NAME=VALUE`` the way `bigtwo rules` names the options: the
command line's ``--set`` and a server room's options both read them here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from ..checks import bare, describe
from ..errors import BigTwoError
from .config import Rules


def load_rules(preset: str, players: int | None = None, options: Sequence[str] = ()) -> Rules:
    """The named rule set, seated for ``players`` when given, with ``options`` ("name=value",
    as `bigtwo rules` names them) changed. Five to eight players take two decks
    (``cards.two_decks``) unless told otherwise. The preset keeps its name unless an option
    changes the rules: the number at the table is not a change of rules."""
    rules = Rules.preset(preset)
    changes = dict(option_change(text) for text in options)
    if players is not None and players != rules.players:
        changes.setdefault("players", players)
    seated = changes.get("players", rules.players)
    if isinstance(seated, int) and seated > Rules.MAX_PLAYERS[rules.decks]:
        changes.setdefault("decks", 2)
    if not changes:
        return rules
    seating_only = set(changes) <= {"players", "decks"}
    return rules.replace(**changes, **({"name": rules.name} if seating_only else {}))


_DIGITS = 6  # no number in a rule set has more
_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")


def option_change(text: str) -> tuple[str, object]:
    """``"flushes=no"`` -> ``("flushes", False)``: one rule option from the command line, read
    by the type of its default (yes/no, numbers, a list of numbers, a choice's word)."""
    name, sep, value = text.partition("=")
    name, value = name.strip().replace("-", "_"), value.strip()
    defaults = {f.name: f.default for f in fields(Rules)}
    if not sep or name not in defaults:
        raise BigTwoError(
            f"can't read option {describe(text)}: write NAME=VALUE with a name that"
            " 'bigtwo rules classic' lists, e.g. --set flushes=no",
            reason="not_a_change",
            text=bare(text),
        )
    default = defaults[name]
    if isinstance(default, bool):
        if value.lower() not in _TRUE + _FALSE:
            raise BigTwoError(
                f"{name} is yes or no, not {describe(value)}",
                reason="not_yes_no",
                option=name,
                value=bare(value),
            )
        return name, value.lower() in _TRUE
    if isinstance(default, tuple):
        try:
            words = value.replace(",", " ").split()
            return name, tuple(int(v) if len(v) <= _DIGITS else int("x") for v in words)
        except ValueError:
            raise BigTwoError(
                f"{name} is a list of numbers such as 5 or 3,5,7", reason="not_numbers", option=name
            ) from None
    if isinstance(default, int) or name == "cards_each":
        if name == "cards_each" and value.lower() in ("none", "all"):
            return name, None
        try:
            return name, int(value) if len(value) <= _DIGITS else int("x")
        except ValueError:
            raise BigTwoError(
                f"{name} is a small whole number, not {describe(value)}",
                reason="not_number",
                option=name,
                value=bare(value),
            ) from None
    return name, value  # a choice (Rules checks the word) or text
