"""Checks on the arguments outside code passes in: each refuses a value of the wrong type or
out of range with a `BigTwoError` that names the argument and says what it should be.

The public constructors and methods call these once at the edge; the play loops inside the
engine and the bots trust their own values and skip them.

>>> seat_number(2, 4)
2
>>> seat_number(True, 4)
Traceback (most recent call last):
...
bigtwo.errors.BigTwoError: seat must be a whole number from 0 to 3, not True
>>> describe(10**5000)
'a whole number of 5001 digits'
"""

from __future__ import annotations

import math
import operator
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from .errors import BigTwoError

T = TypeVar("T")

# seeds are whole numbers of at most this many bits (a session derives each deal's seed from
# its own, so its limit is lower)
SEED_BITS = 128
# characters (code points) of a player's name, for every writer and reader of names: the API,
# records, the server and the terminal (and the browser's name field). A name is shown on one
# line beside the cards at a terminal table and on a phone's seat plate; 24 fits a first and
# last name. Records with longer names, written before the limit was one, are refused in words.
NAME_LENGTH = 24
_SHOWN_TEXT = 40  # characters of a refused text quoted back


def describe(value: object) -> str:
    """A short description of any value for an error message. It never calls the value's own
    ``repr`` (which may be huge, slow or raise) and escapes what a terminal would interpret.

    >>> describe(object()), describe(1j), describe([1, 2])
    ('an object', 'a complex', 'a list of 2')
    """
    if value is None or isinstance(value, bool):
        return str(value)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, int):
        if value.bit_length() <= 64:
            return str(int(value))
        digits = len(str(abs(int(value)))) if value.bit_length() < 4000 else _digits(value)
        return f"a whole number of {digits} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        cut = value[:_SHOWN_TEXT]
        return repr(cut) + ("…" if len(value) > _SHOWN_TEXT else "")
    if isinstance(value, bytes | bytearray):
        return f"{type(value).__name__} ({len(value)} long)"
    name = type(value).__name__
    article = "an" if name[:1].lower() in "aeiou" else "a"  # an int64, an object
    if isinstance(value, list | tuple | set | frozenset | dict):
        return f"{article} {name} of {len(value)}"
    return f"{article} {name}"


def bare(value: object) -> str:
    """`describe` without the quotes round text, for a refusal's parameters: the catalogues'
    sentences quote a value as their language does. What a terminal would interpret is still
    escaped, and long text is still cut."""
    if not isinstance(value, str):
        return describe(value)
    cut = value[:_SHOWN_TEXT]
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return shown + ("…" if len(value) > _SHOWN_TEXT else "")


def _digits(value: int) -> int:
    """Decimal digits of a huge int without converting it (Python refuses very long ones)."""
    n = abs(int(value))
    guess = int(n.bit_length() * math.log10(2)) + 1
    return guess if n >= 10 ** (guess - 1) else guess - 1


def is_whole(value: object) -> bool:
    """Is ``value`` an int (a bool is not a number here)?"""
    return isinstance(value, int) and not isinstance(value, bool)


def as_whole(value: object) -> int | None:
    """``value`` as an int when it is a whole number, numpy's integers included (what a
    research script computes arrives as ``numpy.int64``); None otherwise, a bool too."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # numpy's bool, a sized array
        return None


def whole_number(
    value: object, what: str, low: int, high: int, error: type[BigTwoError] = BigTwoError
) -> int:
    """``value`` if it is an int from ``low`` to ``high``; else ``error``, in words."""
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return int(value)
    raise error(f"{what} must be a whole number from {low} to {high}, not {describe(value)}")


def seat_number(
    value: object, players: int, what: str = "seat", error: type[BigTwoError] = BigTwoError
) -> int:
    """A seat at a table of ``players``."""
    return whole_number(value, what, 0, players - 1, error)


def optional_seat(value: object, players: int, what: str = "seat") -> int | None:
    """A seat, or None."""
    return None if value is None else seat_number(value, players, what)


def seed_number(value: object, bits: int = SEED_BITS, what: str = "seed") -> int | None:
    """A seed: None (a secret shuffle) or a whole number of at most ``bits`` bits."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= bits:
        return int(value)
    raise BigTwoError(
        f"{what} must be a whole number of at most {bits} bits (or none), not {describe(value)}"
    )


def text(value: object, what: str, limit: int = 10_000) -> str:
    """Text (a str) of at most ``limit`` characters."""
    if not isinstance(value, str):
        raise BigTwoError(f"{what} must be text, not {describe(value)}", reason="not_text")
    if len(value) > limit:
        raise BigTwoError(
            f"{what} is {len(value)} characters long; at most {limit} are read",
            reason="too_long",
            length=len(value),
            limit=limit,
        )
    return value


def plain_text(value: object, what: str, limit: int = 10_000) -> str:
    """Text as a person typed it: no control, format (bidi, zero-width), surrogate or
    private-use characters, which could restyle a terminal or reorder what is shown."""
    value = text(value, what, limit)
    bad = next((c for c in value if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co")), None)
    if bad is not None:
        raise BigTwoError(
            f"{what} holds the invisible or control character U+{ord(bad):04X}",
            reason="control",
            char=f"U+{ord(bad):04X}",
        )
    return value


def player_name(value: object, what: str = "a player's name") -> str:
    """A player's name as every writer and reader of names takes it: plain text (see
    `plain_text`), not only spaces, at most `NAME_LENGTH` characters, kept exactly as given (a
    record's commitment binds the name; people's typing is trimmed before it comes here)."""
    if isinstance(value, str) and len(value) > NAME_LENGTH:
        raise BigTwoError(
            f"{what} is {len(value)} characters long; a name has at most {NAME_LENGTH}",
            reason="too_long",
            length=len(value),
            limit=NAME_LENGTH,
        )
    name = plain_text(value, what, NAME_LENGTH)
    if not name.strip():
        raise BigTwoError(f"{what} can't be empty", reason="empty")
    return name


@dataclass(frozen=True)
class BotSeat:
    """A seat a bot plays, kept as the bot's code (its level: ``easy``, ``hard``) rather than
    a name in some language: each front end names it in its reader's words (``easy bot 2``,
    ``簡單電腦 2``). A record writes it ``{"bot": "easy"}`` where a person's name would be."""

    level: str

    def __post_init__(self) -> None:
        code = self.level
        if not (
            isinstance(code, str)
            and 0 < len(code) <= NAME_LENGTH
            and code.isascii()
            and code[0].isalpha()
            and all(c.islower() or c.isdigit() or c in "_-" for c in code)
        ):
            raise BigTwoError(
                f"a bot's level is a code of up to {NAME_LENGTH} small letters, digits, _ and -"
                f", not {describe(code)}"
            )

    def __str__(self) -> str:
        return f'{{"bot": "{self.level}"}}'  # as a record writes it, for messages in words


Player = str | BotSeat  # whoever sits in a seat, as records and commitments keep them


def player(value: object, what: str = "a player's name") -> Player:
    """A person's name (`player_name`) or a bot's seat: a `BotSeat`, or ``{"bot": CODE}`` as
    records write one."""
    if isinstance(value, BotSeat):
        return value
    if isinstance(value, dict):
        if set(value) != {"bot"}:
            raise BigTwoError(f'{what} is a name or {{"bot": LEVEL}}, not {describe(value)}')
        return BotSeat(value["bot"])
    return player_name(value, what)


def player_json(who: Player) -> str | dict[str, str]:
    """``who`` as records and commitments write it (`player` reads it back)."""
    return {"bot": who.level} if isinstance(who, BotSeat) else who


def instance(value: object, kind: type[T], what: str, words: str) -> T:
    """``value`` if it is a ``kind``; else say that ``what`` must be ``words``."""
    if isinstance(value, kind):
        return value
    raise BigTwoError(f"{what} must be {words}, not {describe(value)}")


def sequence(value: object, what: str, limit: int) -> Sequence[object]:
    """A list or tuple of at most ``limit`` items (text is not a sequence of items here)."""
    if not isinstance(value, list | tuple):
        raise BigTwoError(f"{what} must be a list or tuple, not {describe(value)}")
    if len(value) > limit:
        raise BigTwoError(f"{what} has {len(value)} items; at most {limit} make sense")
    return value
