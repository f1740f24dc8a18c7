"""What every command shares: the console, one-line error exits, and reading the options that
name rule sets and bots."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console

from ..bots import REGISTRY, make_bot
from ..errors import BigTwoError
from ..rules.config import Rules

USAGE_ERROR = 2  # the exit code of every refusal, as for a mistyped option


def make_console(stderr: bool = False) -> Console:
    """A console that colours only real terminals, honours NO_COLOR, and leaves numbers and
    words as they are (no automatic highlighting)."""
    return Console(stderr=stderr, highlight=False)


def fail(message: str) -> NoReturn:
    """Say what is wrong on one line of standard error and exit with code 2."""
    make_console(stderr=True).print(f"bigtwo: {message}", markup=False, soft_wrap=True)
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
        fail(exc.strerror or str(exc))


def load_rules(preset: str, players: int | None = None) -> Rules:
    """The named rule set, seated for ``players`` when given. The preset keeps its name: the
    number at the table is not a change of rules."""
    rules = Rules.preset(preset)
    if players is not None and players != rules.players:
        rules = rules.replace(players=players, name=rules.name)
    return rules


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


def interactive_output() -> bool:
    """Is a person watching a terminal (not a pipe, not a CI log)?"""
    return sys.stdout.isatty() and not os.environ.get("CI")
