"""What every command shares: the console, one-line error exits, and reading the options that
name rule sets and bots."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..bots import REGISTRY, make_bot
from ..bots.learned import why_not as why_not_learned
from ..checks import describe
from ..errors import BigTwoError
from ..rules.changes import load_rules as load_rules  # the command line reads --set there
from ..rules.config import Rules

USAGE_ERROR = 2  # the exit code of every refusal, as for a mistyped option


def make_console(stderr: bool = False) -> Console:
    """A console that colours only real terminals, honours NO_COLOR, and leaves numbers and
    words as they are (no automatic highlighting)."""
    return Console(stderr=stderr, highlight=False)


def deals_progress(label: str, console: Console) -> Progress:
    """A bar of deals played out of how many, with the time left; shown only on a terminal
    (a pipe or a log gets the results alone) and gone once done."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )


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


RULE_OPTIONS_HELP = (
    "Change one rule option, NAME=VALUE as 'bigtwo rules' lists them (repeatable), e.g."
    " --set flushes=no --set jokers=wild."
)


def bot_lineup(spec: str, seats: int, rules: Rules | None = None) -> list[str]:
    """Bot names for ``seats`` seats from a comma-separated list, repeated in turn when it is
    shorter than the table: ``"greedy,random"`` for three seats is greedy, random, greedy.
    Under ``rules``, a learned bot no shipped network plays is refused before any deal."""
    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if not names:
        raise BigTwoError(f"name at least one bot; choose from: {', '.join(REGISTRY)}")
    for name in names:
        make_bot(name)  # refuses an unknown name, listing the known ones
    reason = why_not_learned(rules) if rules is not None and "learned" in names else None
    if reason is not None:
        raise BigTwoError(reason)
    if len(names) > seats:
        raise BigTwoError(
            f"{len(names)} bots named for {seats} seat{'s' * (seats != 1)}; name at most {seats}"
        )
    return [names[i % len(names)] for i in range(seats)]


SEED_LIMIT = 2**63  # a command's seed; each deal's seed is derived from it


def folder(text: str | Path) -> Path:
    """An ``--out`` folder (the text typed, or the default's path). Empty text is refused: as a
    path it is the working folder, where a command's files would land unasked (an unset shell
    variable, say)."""
    if not str(text).strip():
        raise typer.BadParameter("names no folder; give one ('.' for this one)")
    return Path(text)


def out_option(help_text: str) -> Any:
    """The ``--out``/``-o`` folder option of a command that writes files there (`folder`)."""
    return typer.Option("--out", "-o", parser=folder, metavar="FOLDER", help=help_text)


def check_seed_option(seed: int | None) -> None:
    """Refuse a --seed too large to derive the deals' seeds from."""
    if seed is not None and not -SEED_LIMIT < seed < SEED_LIMIT:
        fail(f"--seed must be a whole number between -2**63 and 2**63, not {describe(seed)}")


def interactive_output() -> bool:
    """Is a person watching a terminal (not a pipe, not a CI log)?"""
    return sys.stdout.isatty() and not os.environ.get("CI")
