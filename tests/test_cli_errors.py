"""Every mistake at the command line gets one clear line and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bigtwo.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "nope"], "no rule set called 'nope'"),
        (["serve", "--bot-pace", "slow"], "--bot-pace is one of normal, fast, instant, not 'slow'"),
        (
            ["serve", "--allowed-origin", "https://cards.example/play"],
            "--allowed-origin is scheme://host[:port], like https://cards.example,"
            " not 'https://cards.example/play'",
        ),
        (
            ["serve", "--keep-finished", "0"],
            "--keep-finished is days, more than 0 (leave it out to keep rooms forever), not 0",
        ),
        (
            ["serve", "--metrics-from", "10.0.0.0/8,bogus"],
            "--metrics-from: 'bogus' is not an address or a network (such as 10.0.0.0/8)",
        ),
        (["play", "--rules", "nope"], "no rule set called 'nope'"),
        (["play", "--players", "9"], "9 players can't play with two decks: use 2 to 8"),
        (["play", "--bots", "genius"], "no bot called 'genius'"),
        (["play", "--bots", "greedy,greedy,greedy,random"], "4 bots named for 3 seats"),
        (["play", "--name", "  "], "--name can't be empty"),
        (["play", "--save", "/no/such/folder/x.json"], "there is no folder /no/such/folder"),
        (["simulate", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--players", "1"], "1 player can't play with one deck"),
        (["simulate", "--players", "2", "--bots", "a,b,c"], "no bot called 'a'"),
        (["replay", "missing.json"], "no such file: missing.json"),
        (["verify", "missing.json"], "no such file: missing.json"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    text = result.output
    assert message in text
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len([line for line in text.splitlines() if line.startswith("bigtwo:")]) == 1


def test_serve_takes_an_internationalised_origin_in_the_ascii_form_browsers_send(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A browser's ``Origin`` header names the host in its IDNA form; the server compares
    the header with ``--allowed-origin`` as given, so the Unicode form would never match."""
    pytest.importorskip("starlette")
    from bigtwo.server import app as server_app
    from bigtwo.server import serving
    from bigtwo.server.store import sqlite_url

    made = []
    monkeypatch.setattr(server_app, "make_app", lambda url, settings: made.append(settings))
    monkeypatch.setattr(serving, "log_to_stderr", lambda: None)
    monkeypatch.setattr(serving, "run", lambda *args: None)
    origins = ["https://Ünï.example:8443", "https://Cards.Example:443", "http://[::1]:80"]
    args = [x for origin in origins for x in ("--allowed-origin", origin)]
    done = runner.invoke(app, ["serve", "--database", sqlite_url(tmp_path / "x.db"), *args])
    assert done.exit_code == 0, done.output
    # lower case, no default port: as the header is written, or it would never match
    sent = ("https://xn--n-nga1b.example:8443", "https://cards.example", "http://[::1]")
    assert made[0].allowed_origins == sent
    done = runner.invoke(app, ["serve", "--allowed-origin", "https://ann@cards.example"])
    assert done.exit_code == 2 and "names no user" in done.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "bad JSON at line 1"),
        ('{"format": "chess"}', "not a game record"),
        ('{"format": "bigtwo-record", "version": 1}', 'game record has no "rules"'),
        (b"\xff\xfe\x00", "not UTF-8 text"),
    ],
)
def test_bad_records_are_refused_in_one_line(
    tmp_path: Path, content: str | bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    for command in ("replay", "verify"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 2, result.output
        assert message in result.output


def test_replay_refuses_a_seat_the_deal_does_not_have(tmp_path: Path) -> None:
    import bigtwo

    path = tmp_path / "deal.json"
    path.write_text(bigtwo.Game.deal(seed=1).record().dumps(), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--seat", "7"])
    assert result.exit_code == 2
    assert "there is no seat 7" in result.output


def test_rules_lists_presets_and_prints_one_in_plain_words() -> None:
    listing = runner.invoke(app, ["rules"])
    assert listing.exit_code == 0
    assert "hong-kong" in listing.output and "pusoy-dos" in listing.output
    one = runner.invoke(app, ["rules", "pusoy-dos"])
    assert one.exit_code == 0
    assert "Rules: philippines" in one.output
    assert "* suit_order = pusoy" in one.output
    assert "flushes = yes" in one.output


def test_a_fixed_deal_is_not_called_fair(tmp_path: Path) -> None:
    import bigtwo

    hands = ["3D 4D 5D 6D", "3C 4C 5C 6C", "3H 4H 5H 6H", "3S 4S 5S 6S"]
    game = bigtwo.Game.deal(bigtwo.Rules().replace(cards_each=4), hands=hands)
    path = tmp_path / "fixed.json"
    path.write_text(game.record().dumps(), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(path)])
    assert result.exit_code == 1
    assert "NOT VERIFIED" in result.output and "fixed by hand" in result.output


@pytest.mark.parametrize(
    "args",
    [["simulate", "--games", "abc"], ["play", "--pace", "x"], ["--frob"], ["nosuchcommand"]],
    ids=lambda a: " ".join(a),
)
def test_mistyped_options_are_answered_in_one_line(args: list[str]) -> None:
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "bigtwo", *args], capture_output=True, text=True, check=False
    )
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bigtwo: "), run.stderr
    assert "--help" in lines[0]


def test_play_refuses_to_save_over_a_folder_before_dealing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--save", str(tmp_path), "--seed", "1"], input="")
    assert result.exit_code == 2
    assert "it is a folder" in result.output and "Deal 1" not in result.output


def test_rules_open_with_how_the_rule_set_plays() -> None:
    from bigtwo import Rules
    from bigtwo.cli.rulebook import primer

    classic = " ".join(primer(Rules()))
    assert "3 4 5 6 7 8 9 10 J Q K A 2" in classic and "♦ < ♣ < ♥ < ♠" in classic
    assert "holder of 3♦ leads" in classic and "must include 3♦" in classic
    pusoy = " ".join(primer(Rules.preset("pusoy-dos")))
    assert "♣ < ♠ < ♥ < ♦" in pusoy and "holder of 3♣ leads" in pusoy  # suits.pusoy
    singapore = " ".join(primer(Rules.preset("singapore")))
    assert "triples" not in singapore and "(straight, full house" in singapore  # no flushes
    tournament = " ".join(primer(Rules.preset("tournament")))
    assert "two pairs, fours of a kind" in tournament and "3♦ on its own" in tournament
    shown = runner.invoke(app, ["rules", "taiwan"])
    assert "How it plays" in shown.output and "bombs aside" in shown.output


def test_help_names_each_repeatable_option_s_value_not_a_python_type() -> None:
    """``--allowed-origin ORIGIN``, not ``<list[str]>``."""
    import typer.main

    for name in sorted(typer.main.get_command(app).commands):  # type: ignore[attr-defined]
        shown = runner.invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output
        assert "list[" not in shown, name
    serve = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "--allowed-origin" in serve and "ORIGIN" in serve
