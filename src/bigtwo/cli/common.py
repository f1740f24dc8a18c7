"""What every command shares: the console, one-line error exits, and reading the options that
name rule sets and bots."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import fields
from typing import NoReturn

import typer
from rich.console import Console

from ..bots import REGISTRY, make_bot
from ..checks import describe
from ..errors import BigTwoError
from ..rules.config import Rules

USAGE_ERROR = 2  # the exit code of every refusal, as for a mistyped option


def make_console(stderr: bool = False) -> Console:
    """A console that colours only real terminals, honours NO_COLOR, and leaves numbers and
    words as they are (no automatic highlighting)."""
    return Console(stderr=stderr, highlight=False)


def shown(text: str) -> str:
    r"""Text from people (names, record fields, typed lines, file names) as it may be printed:
    every character a terminal would act on rather than show (control characters such as
    ANSI escapes and line breaks, bidi overrides and other invisible format characters, lone
    surrogates) is written as its escape. Print the result without markup (`rich.text.Text`
    or ``markup=False``), so that ``[red]`` stays text too.

    >>> print(shown("Ann\x1b[31m \u202eevil [red]"), shown("Zoë 大老二 👍"))
    Ann\x1b[31m \u202eevil [red] Zoë 大老二 👍
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def fail(message: str) -> NoReturn:
    """Say what is wrong on one line of standard error and exit with code 2."""
    make_console(stderr=True).print(f"bigtwo: {shown(message)}", markup=False, soft_wrap=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the refusals a person can cause (bad rules, bad files, bad records) into `fail`."""
    try:
        yield
    except BigTwoError as exc:
        fail(str(exc))
    except FileNotFoundError as exc:
        fail(f"no such file: {exc.filename}")
    except IsADirectoryError as exc:
        fail(f"{exc.filename} is a directory, not a file")
    except PermissionError as exc:
        fail(f"not allowed to use {exc.filename}")
    except UnicodeDecodeError:
        fail("that file is not text (a game record is a JSON text file)")
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        fail(f"{exc.strerror or exc}{where}")


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
            " 'bigtwo rules classic' lists, e.g. --set flushes=no"
        )
    default = defaults[name]
    if isinstance(default, bool):
        if value.lower() not in _TRUE + _FALSE:
            raise BigTwoError(f"{name} is yes or no, not {describe(value)}")
        return name, value.lower() in _TRUE
    if isinstance(default, tuple):
        try:
            words = value.replace(",", " ").split()
            return name, tuple(int(v) if len(v) <= _DIGITS else int("x") for v in words)
        except ValueError:
            raise BigTwoError(f"{name} is a list of numbers such as 5 or 3,5,7") from None
    if isinstance(default, int) or name == "cards_each":
        if name == "cards_each" and value.lower() in ("none", "all"):
            return name, None
        try:
            return name, int(value) if len(value) <= _DIGITS else int("x")
        except ValueError:
            raise BigTwoError(f"{name} is a small whole number, not {describe(value)}") from None
    return name, value  # a choice (Rules checks the word) or text


RULE_OPTIONS_HELP = (
    "Change one rule option, NAME=VALUE as 'bigtwo rules' lists them (repeatable), e.g."
    " --set flushes=no --set jokers=wild."
)


def bot_lineup(spec: str, seats: int) -> list[str]:
    """Bot names for ``seats`` seats from a comma-separated list, repeated in turn when it is
    shorter than the table: ``"greedy,random"`` for three seats is greedy, random, greedy."""
    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if not names:
        raise BigTwoError(f"name at least one bot; choose from: {', '.join(REGISTRY)}")
    for name in names:
        make_bot(name)  # refuses an unknown name, listing the known ones
    if len(names) > seats:
        raise BigTwoError(
            f"{len(names)} bots named for {seats} seat{'s' * (seats != 1)}; name at most {seats}"
        )
    return [names[i % len(names)] for i in range(seats)]


SEED_LIMIT = 2**63  # a command's seed; each deal's seed is derived from it


def check_seed_option(seed: int | None) -> None:
    """Refuse a --seed too large to derive the deals' seeds from."""
    if seed is not None and not -SEED_LIMIT < seed < SEED_LIMIT:
        fail(f"--seed must be a whole number between -2**63 and 2**63, not {describe(seed)}")


def interactive_output() -> bool:
    """Is a person watching a terminal (not a pipe, not a CI log)?"""
    return sys.stdout.isatty() and not os.environ.get("CI")
