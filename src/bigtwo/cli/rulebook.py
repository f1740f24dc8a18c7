"""`bigtwo rules`: a rule set in plain words, or the list of named rule sets."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..rules.catalogue import changed, describe
from ..rules.config import Rules
from ..rules.presets import PRESETS
from .common import make_console, user_errors


def print_rules(console: Console, rules: Rules) -> None:
    """Every option of ``rules`` with its value and what it means; the options that differ
    from the classic game are marked. The one place that prints a rule set."""
    preset = PRESETS.get(rules.name)
    console.print(Text(f"Rules: {rules.name}", style="bold"), f"({rules.players} players)")
    if preset is not None:
        console.print(preset.summary, soft_wrap=False)
    differs = changed(rules)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1)
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for option, value, meaning in describe(rules):
        mark = option in differs
        grid.add_row(
            "*" if mark else "",
            Text(f"{option} = ", style="bold" if mark else "")
            + Text(value, style="bold cyan" if mark else "cyan"),
            Text(meaning, style="" if mark else "dim"),
        )
    console.print(grid)
    console.print(Text("* differs from the classic game", style="dim"))


def print_presets(console: Console) -> None:
    """Every named rule set with the other names it answers to."""
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("preset", style="bold")
    table.add_column("what it is", ratio=1)
    for preset in PRESETS.values():
        aliases = f"\nalso: {', '.join(preset.aliases)}" if preset.aliases else ""
        table.add_row(preset.name, Text(preset.summary) + Text(aliases, style="dim"))
    console.print(table)
    console.print("Show one in full with: bigtwo rules PRESET")


def command(
    preset: Annotated[
        str | None, typer.Argument(help="A rule set such as classic or hong-kong.")
    ] = None,
) -> None:
    """Print a rule set in plain words, or list the rule sets."""
    console = make_console()
    if preset is None:
        print_presets(console)
        return
    with user_errors():
        rules = Rules.preset(preset)
    print_rules(console, rules)
