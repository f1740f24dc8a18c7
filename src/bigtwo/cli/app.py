"""The `bigtwo` command. Each command lives in its own module; adding one is an import and a
line below."""

from __future__ import annotations

import os
import sys

import typer

from . import admin, arena, backup, play, records, rulebook, serve, simulate, train
from .common import shown

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
app.command("serve")(serve.command)
app.add_typer(admin.app, name="admin")
app.command("backup")(backup.backup_command)
app.command("restore")(backup.restore_command)
app.command("train")(train.command)


def main() -> None:
    """The console script's entry point. A mistyped command or option is answered in one line
    on standard error (exit code 2), like every other refusal."""
    # numpy's BLAS (OpenBLAS in numpy's wheels) in one thread unless the caller chose: a
    # learned bot's small products gain nothing from more, and on a busy machine the waiting
    # threads made a move's 99th percentile 26 ms rather than 0.4 (benchmarks/learned.py).
    # Set before numpy is imported; torch's own threads (`bigtwo train`) are not touched.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        code = 130
    except Exception as exc:
        # typer's own usage errors (its click is vendored, so matched by shape, not class)
        describe = getattr(exc, "format_message", None)
        if describe is None:
            raise
        ctx = getattr(exc, "ctx", None)
        where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        if describe():  # empty after the help shown for a bare `bigtwo`
            print(f"bigtwo: {shown(describe())}{shown(where)}", file=sys.stderr)
        code = getattr(exc, "exit_code", 2)
    sys.exit(code if isinstance(code, int) else 0)
