"""The terminal's voice at a sitting of `bigtwo play`: the players' names, and saying, asking
and confirming things to the person, who always sits in seat 0."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console

from ..i18n import Catalogue
from .prompt import read_line

HUMAN = 0  # the person always sits in seat 0
QUIT_WORDS = ("quit", "exit", "q")


class Quit(Exception):
    """The person chose to leave."""


class Screen:
    """The console, the language (``t``: the sitting's catalogue) and the names every line of
    a sitting uses."""

    def __init__(self, console: Console, names: Sequence[str], t: Catalogue) -> None:
        self.console, self.names, self.t = console, list(names), t
        self.width = max(cell_len(n) for n in names)  # terminal columns: 你 takes two
        self.echo = not sys.stdin.isatty()  # show piped answers so the transcript reads well

    def team_name(self, team: int) -> str:
        """``mode.teams``: partners sit opposite, seats 0 and 2 against 1 and 3."""
        return " & ".join(self.names[team::2])

    def pad(self, name: str) -> str:
        """``name`` filled to the width of the longest name."""
        return name + " " * (self.width - cell_len(name))

    def say(self, text: str) -> None:
        self.console.print(f"  {text}", markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """One line from the person, stripped; EOF and Ctrl-C end the sitting, and so does
        `BadInput` (all handled by the caller)."""
        text = read_line(self.console, prompt)
        if self.echo:
            self.console.print(text, markup=False)
        return text.strip()

    def confirm(self, question: str, *, default: bool) -> bool:
        while True:
            answer = self.ask(question).lower()
            if not answer:
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", *QUIT_WORDS):
                return False
            self.say(self.t("term.answer"))
