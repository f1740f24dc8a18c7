"""The `bigtwo` command. Each command lives in its own module; adding one is an import and a
line below."""

from __future__ import annotations

import typer

from . import arena, play, records, rulebook, simulate

app = typer.Typer(
    name="bigtwo",
    help="Big Two (deuces, dai di, pusoy dos, capsa): play, simulate, replay and verify.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command("play")(play.command)
app.command("simulate")(simulate.command)
app.command("replay")(records.replay_command)
app.command("verify")(records.verify_command)
app.command("rules")(rulebook.command)
app.command("arena")(arena.command)


def main() -> None:
    """The console script's entry point."""
    app()
