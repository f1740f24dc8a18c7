"""The installed `bigtwo` command itself, in a subprocess: standard input decoded by the
interpreter as it really is (the C locale's escapes, a UTF-8 locale's strict decoding), and
Ctrl-C delivered as a signal."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli_support import ctrl_c_as_at_a_terminal, process_state

BIGTWO = Path(sys.executable).parent / "bigtwo"
PLAY = [str(BIGTWO), "play", "--seed", "1", "--pace", "0"]


def _env(locale: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    return {**env, "LC_ALL": locale, "NO_COLOR": "1"}


@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
@pytest.mark.parametrize(
    "stdin",
    [b"\xff\xfe\x00binary\n", b"pass\xed\xa0\x80\n", b"\x1b[2J\n"],
    ids=["binary", "surrogate", "escape"],
)
def test_input_that_is_not_text_ends_in_one_line(locale: str, stdin: bytes) -> None:
    if not BIGTWO.exists():
        pytest.skip("the bigtwo command is not installed next to this interpreter")
    done = subprocess.run(PLAY, input=stdin, capture_output=True, env=_env(locale), timeout=60)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert err.startswith("bigtwo: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "\x1b" not in err
    assert b"Goodbye." in done.stdout


def test_ctrl_c_at_the_prompt_says_goodbye() -> None:
    if not BIGTWO.exists():
        pytest.skip("the bigtwo command is not installed next to this interpreter")
    child = subprocess.Popen(
        PLAY,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env("C.UTF-8"),
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    assert child.stdout is not None
    seen = b""
    deadline = time.monotonic() + 30
    while "› ".encode() not in seen and time.monotonic() < deadline:  # the first prompt
        seen += child.stdout.read1(4096)  # type: ignore[attr-defined]
    # A Ctrl-C that lands after the prompt is written but before the interpreter waits in
    # read() is noted and acted on only when the read returns: CPython looks for signals
    # before a blocking call, not in it. Under load the test can hit that instant; a person
    # would press Ctrl-C again, and so does the test (standard input stays open throughout).
    for _ in range(3):
        child.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 10
        while b"Goodbye." not in seen and time.monotonic() < deadline:
            wait = max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([child.stdout], [], [], wait)
            seen += child.stdout.read1(4096) if ready else b""  # type: ignore[attr-defined]
        if b"Goodbye." in seen:
            break
    state = process_state(child.pid)
    _, err = child.communicate(timeout=30)
    assert b"Goodbye." in seen, f"three Ctrl-Cs went unanswered; the child: {state}"
    assert b"Traceback" not in err, err
    assert child.returncode == 0
