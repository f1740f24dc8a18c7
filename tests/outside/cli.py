"""Running `bigtwo ARGV` in this process through the console script's own entry point (usage
errors included), with bytes on standard input: what a person at a terminal would see."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from bigtwo.cli.app import main


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def bigtwo_cli(argv: Sequence[str], stdin: bytes = b"") -> Ran:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv, sys.stdin
    sys.argv = ["bigtwo", *argv]
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin = saved
    return Ran(code, out.getvalue(), err.getvalue())
