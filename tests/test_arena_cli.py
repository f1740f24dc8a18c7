"""`bigtwo arena` at the command line: every bad option is refused in one line with exit code
2 before any deal is played; results that are written are valid JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bigtwo import arena
from bigtwo.cli.app import app
from conftest import make_package

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


AGENT = """
from bigtwo.bots import GreedyBot

def make_agent(seed=None):
    return GreedyBot(seed)

def policy(view, legal_moves):
    return legal_moves[0]

def breaks(view, legal_moves):
    raise RuntimeError("my network\\nexploded")

def quits(view, legal_moves):
    raise SystemExit(3)

NUMBER = 3
"""


@pytest.fixture
def agent_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.py"
    path.write_text(AGENT)
    (tmp_path / "broken.py").write_text("import no_such_module_anywhere\n")
    return path


def one_refusal(result: object) -> None:
    output = result.output  # type: ignore[attr-defined]
    assert result.exit_code == 2, output  # type: ignore[attr-defined]
    assert "Traceback" not in output
    assert len([line for line in output.splitlines() if line.startswith("bigtwo:")]) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{dir}/absent.py:make_agent", "no file {dir}/absent.py"),
        ("{dir}/broken.py:make_agent", "importing {dir}/broken.py failed: ModuleNotFoundError"),
        ("{dir}/mine.py:missing", "has no 'missing'"),
        ("{dir}/mine.py:NUMBER", "mine.py:NUMBER is 3, not a Bot"),
        ("no_such_package_here.agents:MyAgent", "can't import no_such_package_here.agents"),
    ],
)
def test_an_agent_that_cannot_be_loaded_is_refused_in_one_line(
    spec: str, message: str, agent_file: Path, no_deals: None
) -> None:
    folder = agent_file.parent
    args = ["arena", "--bot", spec.format(dir=folder), "--out", str(folder / "out")]
    result = runner.invoke(app, args)
    one_refusal(result)
    assert message.format(dir=folder) in result.output


def test_an_agent_from_a_file_plays_the_heuristic_by_default(agent_file: Path) -> None:
    spec = f"{agent_file}:make_agent"
    out = agent_file.parent / "out"
    args = ["arena", "--bot", spec, "--deals", "2", "--workers", "2", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "arena.json").read_text())
    assert [b["bot"] for b in saved["bots"]] == [spec, "heuristic"]
    assert saved["config"]["bots"] == [spec, "heuristic"]


def test_a_package_agent_imports_from_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``python -m`` does, so that ``--bot mypkg.agents:MyAgent`` finds ./mypkg."""
    make_package(tmp_path, "arena_cli_pkg", {"agents": AGENT})
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    args = ["--bot", "arena_cli_pkg.agents:policy", "--bots", "greedy,random", "--deals", "1"]
    result = runner.invoke(app, ["arena", *args, "--workers", "1", "--out", "out"])
    assert result.exit_code == 0, result.output
    assert (
        "arena_cli_pkg.agents:policy"
        in json.loads(Path("out/arena.json").read_text())["config"]["bots"]
    )
    for name in ("arena_cli_pkg.agents", "arena_cli_pkg"):
        monkeypatch.delitem(sys.modules, name)


def test_an_agent_that_fails_mid_run_stops_it_in_one_line(agent_file: Path) -> None:
    args = ["--bot", f"{agent_file}:breaks", "--deals", "2", "--workers", "1"]
    result = runner.invoke(app, ["arena", *args, "--out", str(agent_file.parent / "out")])
    one_refusal(result)
    assert "the run stopped when a bot failed: RuntimeError: my network exploded" in result.output


def test_an_agent_that_calls_sys_exit_stops_the_run_in_one_line_too(agent_file: Path) -> None:
    """Not a silent exit 0 with nothing saved: the agent's exit is the run's failure."""
    out = agent_file.parent / "out"
    args = ["--bot", f"{agent_file}:quits", "--deals", "2", "--workers", "1", "--out", str(out)]
    result = runner.invoke(app, ["arena", *args])
    one_refusal(result)
    assert "the run stopped when a bot failed: SystemExit: 3" in result.output
    assert not (out / "arena.json").exists()


def test_a_deal_turns_a_bot_s_exit_into_an_error_a_worker_sends_back(agent_file: Path) -> None:
    """In a pool's worker a `SystemExit` would end the process, its deal never answered."""
    config = arena.ArenaConfig((f"{agent_file}:quits", "random"), 1, workers=1)
    with pytest.raises(arena.BotExit, match="SystemExit: 3"):
        arena.play_deal(config, 0)
