"""`bigtwo arena` at the command line: every bad option is refused in one line with exit code
2 before any deal is played; results that are written are valid JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bigtwo import arena
from bigtwo.cli.app import app

runner = CliRunner()


@pytest.fixture
def no_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if a deal is played."""

    def refuse(*args: object) -> None:
        raise AssertionError("a deal was played before the refusal")

    monkeypatch.setattr(arena, "play_deal", refuse)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--budget", "nan"], "--budget must be a number of seconds above 0"),
        (["--budget", "inf"], "--budget must be a number of seconds above 0"),
        (["--budget", "0"], "--budget must be a number of seconds above 0"),
        (["--budget", "-1"], "--budget must be a number of seconds above 0"),
        (["--samples", "0"], "--samples must be at least 1"),
        (["--samples", "-3"], "--samples must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--deals", "0"], "--deals must be at least 1"),
        (["--budget", "1", "--samples", "2"], "either --budget or --samples"),
        (["--bots", "heuristic"], "name at least two bots"),
        (["--bots", "heuristic,genius"], "no bot called 'genius'"),
        (["--rules", "nope"], "no rule set called 'nope'"),
    ],
)
def test_bad_options_are_refused_in_one_line(
    args: list[str], message: str, tmp_path: Path, no_deals: None
) -> None:
    result = runner.invoke(app, ["arena", "--out", str(tmp_path / "out"), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len([line for line in result.output.splitlines() if line.startswith("bigtwo:")]) == 1


def test_out_that_is_a_file_is_refused_before_play(tmp_path: Path, no_deals: None) -> None:
    taken = tmp_path / "taken"
    taken.write_text("")
    result = runner.invoke(app, ["arena", "--bots", "greedy,random", "--out", str(taken)])
    assert result.exit_code == 2
    assert f"--out {taken} is a file" in result.output


def test_out_under_a_file_is_refused_before_play(tmp_path: Path, no_deals: None) -> None:
    (tmp_path / "taken").write_text("")
    out = tmp_path / "taken" / "results"
    result = runner.invoke(app, ["arena", "--bots", "greedy,random", "--out", str(out)])
    assert result.exit_code == 2
    assert f"--out {out}: part of that path is a file" in result.output


def test_out_with_a_folder_in_the_way_is_refused_before_play(
    tmp_path: Path, no_deals: None
) -> None:
    (tmp_path / "arena.json").mkdir()
    result = runner.invoke(app, ["arena", "--bots", "greedy,random", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "arena.json is a folder" in result.output


def test_one_deal_and_a_bot_against_itself(tmp_path: Path) -> None:
    """A bot named twice is labelled apart; one deal has no interval, written as null."""
    args = ["--bots", "greedy,greedy", "--deals", "1", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, ["arena", *args])
    assert result.exit_code == 0, result.output
    assert "greedy#2" in result.output

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    saved = json.loads((tmp_path / "arena.json").read_text(), parse_constant=refuse)
    assert [b["bot"] for b in saved["bots"]] == ["greedy", "greedy#2"]
    assert saved["bots"][0]["ci95"] is None
    assert (tmp_path / "ratings.png").exists()
