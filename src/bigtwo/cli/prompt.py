"""Reading a person's lines at the prompt: what arrives must be a short line of text, or the
sitting ends (`BadInput`) with the totals and one line on standard error."""

from __future__ import annotations

import sys

from rich.console import Console

from .common import shown

LINE_LENGTH = 1_000  # characters of a line at the prompt; a move is a few dozen


class BadInput(Exception):
    """Standard input that no person typed: not text, or a line far too long."""


def read_line(console: Console, prompt: str) -> str:
    """One line typed after ``prompt``, without its line end. EOF and Ctrl-C pass through
    (the caller says goodbye). The prompt goes through ``input`` itself, so line editing knows
    where it ends (and never erases it); its bold is marked invisible to the line editor."""
    styled = prompt
    if (
        "readline" in sys.modules
        and console.is_terminal
        and console.color_system
        and not console.no_color
    ):
        styled = f"\001\033[1m\002{prompt}\001\033[0m\002"
    console.file.flush()
    try:
        text = input(styled)
    except UnicodeDecodeError:
        raise BadInput("standard input is not text (UTF-8)") from None
    text = text.removesuffix("\r").replace("\t", " ")  # a Windows file, a pasted tab
    if not text.isprintable():  # binary, escapes, bidi overrides, undecodable bytes
        odd = next(c for c in text if not c.isprintable())
        raise BadInput(f"standard input holds characters that aren't text ({shown(odd)})")
    if len(text) > LINE_LENGTH:
        raise BadInput(f"a line of {len(text)} characters at the prompt; a move is a few words")
    return text
