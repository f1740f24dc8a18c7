"""The terminal game, seeded and answered the same way every time, prints the same transcript:
each scenario's screen is kept in `tests/golden/` and any change to how the terminal plays
(its turn order, offers, prompts and words) shows up here as a diff. Commitments, which carry a
fresh secret salt every run, are masked.

To accept an intended change: ``BIGTWO_REGOLD=1 pytest tests/test_terminal_transcript.py``."""

from __future__ import annotations

import difflib
import io
import os
import re
from pathlib import Path

import pexpect
import pytest
from test_cli_support import plain, spawn

GOLDEN = Path(__file__).with_name("golden")
PROMPTS = {
    "move": r"(Your lead|Your move \(cards or pass\)|Give \d cards? to [^(]+\(give …\)"
    r"|Trade the lead card for the extra card\? \(trade/keep\)) › ",
    "optional": r"(Claim|Announce|Out of turn) › ",
    "another": r"Play another deal\? \[Y/n\] \(or 'review'\) ",
    "end": pexpect.EOF,
}
FREE_CHOICE = ["--set", "president_free_choice=yes"]
SCENARIOS = {  # name: (arguments, deals to play)
    "classic": (["--seed", "5"], 2),
    "president": (["--seed", "1", "--set", "mode=president", *FREE_CHOICE], 3),
    "bombs": (["--seed", "11", "--set", "out_of_turn_bombs=yes", "--set", "smackdown=yes"], 2),
    "announce": (["--seed", "4", "--set", "announce=one-card"], 2),
    "trade": (["--seed", "1", "--players", "3", "--set", "leftover=trade-shown"], 2),
    "race": (["--seed", "6", "--set", "direction=race"], 1),
    "teams": (["--seed", "9", "--set", "mode=teams"], 2),
}


def transcript(args: list[str], deals: int) -> str:
    """Play ``deals`` deals: every move as the medium level's hint says, every offer answered
    with 'announce' or declined, then leave."""
    child = spawn("play", "--pace", "0", "--hint", "medium", *args, timeout=30)
    log = io.StringIO()
    child.logfile_read = log
    played = 0
    names = list(PROMPTS)
    while True:
        which = names[child.expect(list(PROMPTS.values()))]
        if which == "end":
            break
        if which == "move":
            child.sendline("hint")
            child.expect(r"\(type: ([^)]+)\)")
            move = child.match.group(1)
            child.expect(PROMPTS["move"])
            child.sendline(move)
        elif which == "optional":
            child.sendline("announce" if child.match.group(1) == "Announce" else "")
        else:
            played += 1
            child.sendline("y" if played < deals else "n")
    child.close()
    return normalised(log.getvalue())


def normalised(screen: str) -> str:
    """The screen as lines, without the hint's spinner (its frames depend on timing), blank
    lines, or the commitments' fresh salts."""
    lines = []
    for line in plain(screen.replace("\r\n", "\n")).split("\n"):
        line = line.split("\r")[-1].rstrip()
        if line and "is thinking…" not in line:
            lines.append(re.sub(r"[0-9a-f]{64}", "<commitment>", line))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_terminal_plays_as_its_golden_transcript(name: str) -> None:
    args, deals = SCENARIOS[name]
    got = transcript(args, deals)
    path = GOLDEN / f"terminal-{name}.txt"
    if os.environ.get("BIGTWO_REGOLD") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
        if not os.environ.get("BIGTWO_REGOLD"):
            pytest.fail(f"wrote the missing golden transcript {path.name}; check and commit it")
    want = path.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True)))
        raise AssertionError(f"the terminal's transcript changed:\n{diff[:6000]}")
