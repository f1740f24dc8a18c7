"""The `bigtwo` command as README.md describes it: every mistake is one line on standard
error with exit code 2 (never a traceback), text from people is shown as text, and the
documented commands print what the README shows (simulate's header, verify's exit codes and
its layout's digest, replay's seat view)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run_cli as bigtwo_cli

from bigtwo import Game, Rules

SRC = Path(__file__).resolve().parents[2] / "src"

MISTAKES = {
    "unknown rule set": ["play", "--rules", "nosuch"],
    "empty rule set": ["rules", ""],
    "one player": ["play", "--players", "1"],
    "nine players": ["play", "--players", "9"],
    "negative players": ["simulate", "--players", "-3"],
    "players not a number": ["play", "--players", "abc"],
    "players of 23 digits": ["play", "--players", "99999999999999999999999"],
    "unknown option name": ["play", "--set", "nosuch=1"],
    "option without value": ["play", "--set", "flushes"],
    "option value not yes/no": ["play", "--set", "flushes=maybe"],
    "players by --set": ["play", "--set", "players=9"],
    "unknown bot": ["play", "--bots", "nosuch"],
    "no bot": ["simulate", "--bots", ""],
    "more bots than seats": ["simulate", "--players", "3", "--bots", "greedy,greedy,greedy,greedy"],
    "seed 2**63": ["play", "--seed", str(2**63)],
    "seed -2**63 - 1": ["simulate", "--seed", str(-(2**63) - 1)],
    "seed NaN": ["simulate", "--seed", "nan"],
    "pace over 60": ["play", "--pace", "61"],
    "pace negative": ["play", "--pace", "-1"],
    "pace NaN": ["play", "--pace", "nan"],
    "pace infinite": ["play", "--pace", "inf"],
    "pace overflowing": ["play", "--pace", "1e400"],
    "empty name": ["play", "--name", ""],
    "blank name": ["play", "--name", "   "],
    "name of 25": ["play", "--name", "a" * 25],
    "name with escape": ["play", "--name", "a\x1b[2Jb"],
    "name with bidi override": ["play", "--name", "a\u202eb"],
    "name with newline": ["play", "--name", "a\nb"],
    "unknown hint level": ["play", "--hint", "nosuch"],
    "mistyped flag": ["play", "--bogus"],
    "games 0": ["simulate", "--games", "0"],
    "games over ten million": ["simulate", "--games", "10000001"],
    "games as 1e3": ["simulate", "--games", "1e3"],
    "no such file": ["replay", "/nonexistent/deal.json"],
    "a folder as record": ["replay", "/"],
    "empty record": ["verify", "/dev/null"],
    "short commitment": ["verify", "/dev/null", "--commitment", "abc"],
    "arena one bot": ["arena", "--bots", "greedy"],
    "arena five bots": ["arena", "--bots", "greedy,greedy,greedy,greedy,greedy"],
    "arena deals 0": ["arena", "--deals", "0"],
    "arena workers 0": ["arena", "--bots", "greedy,random", "--workers", "0"],
    "arena budget NaN": ["arena", "--budget", "nan"],
    "arena samples 0": ["arena", "--samples", "0"],
    "arena agent not importable": ["arena", "--bot", "no_such_module_here:Thing"],
    "arena agent file missing": ["arena", "--bot", "/nonexistent/agent.py:make"],
    "serve port 70000": ["serve", "--port", "70000"],
    "serve workers 0": ["serve", "--workers", "0"],
    "serve grace NaN": ["serve", "--grace", "nan"],
    "serve rate 0": ["serve", "--rate", "0"],
    "serve bot pace": ["serve", "--bot-pace", "weird"],
    "serve deal pause": ["serve", "--deal-pause", "-1"],
    "serve metrics network": ["serve", "--metrics-from", "notacidr"],
    "serve keep finished": ["serve", "--keep-finished", "-1"],
    "serve origin": ["serve", "--allowed-origin", "notanorigin"],
    "serve database URL": ["serve", "--database", "nosuch://x"],
    "restore missing file": ["restore", "/nonexistent/backup.db"],
    "unknown command": ["nosuchcommand"],
    "unknown admin command": ["admin", "nosuch"],
    "train minutes negative": ["train", "--minutes", "-1"],
}


@pytest.mark.parametrize("argv", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistake_is_one_line_on_standard_error_and_exit_code_2(argv: list[str]) -> None:
    ran = bigtwo_cli(argv, b"quit\ny\n")
    lines = ran.err.strip().splitlines()
    assert ran.code == 2, (ran.code, ran.err)
    assert len(lines) == 1 and "Traceback" not in ran.err, ran.err
    assert "\x1b" not in ran.err and "\u202e" not in ran.err  # shown as escapes, never sent


def test_people_text_is_shown_with_escapes_and_markup_stays_text() -> None:
    ran = bigtwo_cli(["simulate", "--rules", "\x1b]0;pwn\x07[red]x[/red]\u202e"])
    assert ran.code == 2
    assert "\\x1b" in ran.err and "\\x07" in ran.err and "\\u202e" in ran.err
    assert "[red]x[/red]" in ran.err


def test_an_unknown_language_plays_in_english_with_one_line_saying_so() -> None:
    ran = bigtwo_cli(["play", "--lang", "xx-YY", "--seed", "1", "--pace", "0"], b"quit\ny\n")
    assert ran.code == 0
    assert len(ran.err.strip().splitlines()) == 1 and "English" in ran.err


def test_simulate_prints_the_header_and_a_row_a_seat_as_the_readme_shows() -> None:
    argv = ["simulate", "--games", "20", "--rules", "classic", "--bots", "greedy,random"]
    ran = bigtwo_cli([*argv, "--seed", "1"])
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert lines[0].strip() == "20 deals · classic rules · 4 players · seed 1"
    rows = [line.split() for line in lines[2:6]]
    assert [r[:2] for r in rows] == [["0", "greedy"], ["1", "random"], ["2", "greedy"],
                                     ["3", "random"]]  # fmt: skip
    assert sum(int(r[4]) for r in rows) == 20  # one winner a deal
    again = bigtwo_cli([*argv, "--seed", "1"])
    assert again.out == ran.out  # the printed seed repeats the run


def test_simulate_without_a_seed_prints_the_seed_that_repeats_it() -> None:
    first = bigtwo_cli(["simulate", "--games", "5"])
    seed = first.out.splitlines()[0].rsplit("seed", 1)[1].strip()
    again = bigtwo_cli(["simulate", "--games", "5", "--seed", seed])
    assert again.out == first.out


def test_rules_lists_presets_with_their_other_names_and_takes_an_alias() -> None:
    listed = bigtwo_cli(["rules"])
    assert listed.code == 0
    for preset in ("classic", "hong-kong", "tournament", "president", "teams"):
        assert preset in listed.out
    alias = bigtwo_cli(["rules", "pusoy-dos"])
    assert alias.code == 0 and "philippines" in alias.out


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Game]:
    game = Game.deal(Rules.preset("classic"), seed=11)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    path = tmp_path_factory.mktemp("records") / "deal.json"
    path.write_text(game.record().dumps(), encoding="utf-8")
    return path, game


def test_verify_exit_codes_are_0_verified_1_forged_2_unreadable(
    record: tuple[Path, Game], tmp_path: Path
) -> None:
    path, game = record
    kept = game.view(0).commitment
    assert bigtwo_cli(["verify", str(path)]).code == 0
    verified = bigtwo_cli(["verify", str(path), "--commitment", kept])
    assert verified.code == 0 and verified.out.startswith("VERIFIED")
    assert "against the commitment you kept" in verified.out
    forged = bigtwo_cli(["verify", str(path), "--commitment", "0" * 64])
    assert forged.code == 1 and forged.out.startswith("FORGED")
    assert bigtwo_cli(["verify", str(path), "--commitment", "Z" * 64]).code == 2
    data = json.loads(path.read_text(encoding="utf-8"))
    data["result"] = None
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(data), encoding="utf-8")
    assert bigtwo_cli(["verify", str(cut)]).code == 1  # a null result: incomplete
    del data["result"]
    cut.write_text(json.dumps(data), encoding="utf-8")
    gap = bigtwo_cli(["verify", str(cut)])  # no `result` field: no record (docs/records.md)
    assert gap.code == 2 and len(gap.err.strip().splitlines()) == 1
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    cut.write_text(json.dumps(data), encoding="utf-8")
    assert bigtwo_cli(["verify", str(cut)]).code == 1  # cut short: incomplete


def test_the_layout_hashes_to_the_commitment_with_sha256(record: tuple[Path, Game]) -> None:
    path, game = record
    layout = subprocess.run(
        [sys.executable, "-m", "bigtwo", "verify", str(path), "--layout"],
        capture_output=True,
        timeout=60,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        check=True,
    ).stdout
    assert hashlib.sha256(layout).hexdigest() == game.view(0).commitment


def test_replay_for_one_seat_shows_its_hand_and_only_counts_of_the_others(
    record: tuple[Path, Game],
) -> None:
    path, _ = record
    ran = bigtwo_cli(["replay", str(path), "--seat", "2"])
    assert ran.code == 0, ran.err
    start = ran.out.split("Hands at the start", 1)[1].split("Play", 1)[0].splitlines()
    rows = {line.split()[0]: line for line in start if line.strip()}
    assert rows["p0"].split()[1:] == ["13", "cards"]
    assert rows["p1"].split()[1:] == ["13", "cards"]
    assert rows["p3"].split()[1:] == ["13", "cards"]
    assert len(rows["p2"].split()) == 15  # its 13 cards and the count
    assert bigtwo_cli(["replay", str(path), "--seat", "4"]).code == 2
    assert bigtwo_cli(["replay", str(path), "--seat", "-1"]).code == 2
