"""Helpers for the end-to-end tests of the `bigtwo` command: the installed script, driven
through a pseudo-terminal."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

import bigtwo
from bigtwo.session import Session

BIGTWO = Path(sys.executable).parent / "bigtwo"
PROMPT = r"(Your lead|Your move \(cards or pass\)) › "
ANOTHER = r"Play another deal\? \[Y/n\] "


_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str | None) -> str:
    """Terminal output without its escape sequences (styles, bracketed paste) or carriage
    returns."""
    return _ESCAPES.sub("", text or "").replace("\r\n", "\n")


def spawn(*args: str, color: bool = False, timeout: float = 15) -> pexpect.spawn:
    """The real `bigtwo` command on a pseudo-terminal of 40x100."""
    if not BIGTWO.exists():
        pytest.skip(f"the bigtwo command is not installed next to {sys.executable}")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "CI", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    env["LC_ALL"] = "C.UTF-8"  # English, whatever language the machine running the tests speaks
    if not color:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        str(BIGTWO),
        list(args),
        env=env,
        encoding="utf-8",
        timeout=timeout,
        dimensions=(40, 100),
        preexec_fn=ctrl_c_as_at_a_terminal,
    )


def ctrl_c_as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C (and Ctrl-\\) back to their default, as a shell
    starts a command at a terminal. A test run started in the background by a script inherits
    them ignored (POSIX: a background list of a shell without job control does), and a
    program started with Ctrl-C ignored rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def interrupt(child: pexpect.spawn, tries: int = 3) -> None:
    """Ctrl-C at a prompt, until the sitting says goodbye. CPython's line editor prints the
    prompt before it waits for a key, and a signal that lands in between is only acted on
    with the next key; a person whose Ctrl-C fell there would press it again."""
    for _ in range(tries):
        child.sendintr()
        if child.expect(["Goodbye.", pexpect.TIMEOUT], timeout=5) == 0:
            return
    state = process_state(child.pid)
    pytest.fail(f"{tries} Ctrl-Cs at the prompt went unanswered; the child: {state}")


def process_state(pid: int) -> str:
    """What the kernel says of a process (its state, where it waits, its signals), to tell
    why it did not answer."""
    try:
        status = Path(f"/proc/{pid}/status").read_text().splitlines()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError as exc:
        return f"unreadable ({exc})"
    keep = ("State", "Threads", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt")
    return "; ".join([*(line for line in status if line.startswith(keep)), f"wchan {wchan}"])


def first_deal(seed: int, rules: str = "classic") -> bigtwo.Game:
    """The first deal `bigtwo play --seed` deals."""
    return Session.start(bigtwo.Rules.preset(rules), seed).next_deal()


def seed_where_you_lead(rules: str = "classic") -> int:
    """A session seed whose first deal puts the lead card in seat 0's hand."""
    return next(s for s in range(1, 500) if first_deal(s, rules).to_move == 0)


def play_by_hints(child: pexpect.spawn) -> list[str]:
    """Answer every prompt of one deal with the move 'hint' suggests; the moves typed."""
    typed = []
    while True:
        if child.expect([PROMPT, ANOTHER]) == 1:
            return typed
        child.sendline("hint")
        child.expect(r"\(type: ([^)]+)\)")
        move = child.match.group(1)
        child.expect(PROMPT)
        child.sendline(move)
        typed.append(move)
