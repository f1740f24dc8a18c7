"""`dev.py` installs what a task needs into one .venv: serving the server extra alone, the
tests everything, and a task needing more than is in adds it to the same environment."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[str]]:
    """dev.py with its .venv in ``tmp_path`` (its python there already) and pip replaced by
    a list of what it was asked to install."""
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").touch()
    monkeypatch.setattr(module, "BIN", tmp_path / "bin")
    monkeypatch.setattr(module, "STAMP", tmp_path / ".bigtwo-installed")
    installed: list[str] = []
    monkeypatch.setattr(module, "pip_install", lambda spec, label: installed.append(label))
    return module, installed


@pytest.mark.parametrize(
    ("argv", "extras"),
    [
        (["serve"], {"server"}),
        (["serve", "--port", "8001"], {"server"}),
        (["serve", "--workers", "2", "--database", "postgresql://u@h/db"], {"server", "postgres"}),
        (["play", "--bots", "hard"], set()),
        (["test", "tests/test_smoke.py"], {"dev"}),
        (["bigtwo", "rules"], set()),
        (["bigtwo", "arena", "--bots", "greedy,random"], {"arena"}),
        (["bigtwo", "simulate", "--dataset", "d.parquet"], {"rl"}),
        (["bigtwo", "serve"], {"server"}),
    ],
)
def test_each_task_asks_for_the_extras_it_uses(
    dev: tuple[ModuleType, list[str]], argv: list[str], extras: set[str]
) -> None:
    module, _ = dev
    assert module.extras_for(argv[0], argv[1:]) == extras


def test_serving_installs_the_server_alone_and_the_tests_add_the_rest(
    dev: tuple[ModuleType, list[str]],
) -> None:
    module, installed = dev
    module.ensure_env({"server"})
    module.ensure_env({"server"})  # the second run finds it in
    assert installed == ["bigtwo[server]"]
    module.ensure_env({"dev"})  # the same .venv, brought up to the whole set
    assert installed == ["bigtwo[server]", "bigtwo[dev]"]
    for needed in ({"server"}, {"postgres"}, {"arena", "rl"}, set(), {"dev"}):
        module.ensure_env(needed)  # dev brings every extra
    assert installed == ["bigtwo[server]", "bigtwo[dev]"]
    assert json.loads(module.STAMP.read_text())["extras"] == ["dev"]


def test_a_changed_pyproject_reinstalls_what_was_in(dev: tuple[ModuleType, list[str]]) -> None:
    module, installed = dev
    module.ensure_env({"arena"})
    stamp = json.loads(module.STAMP.read_text())
    module.STAMP.write_text(json.dumps({**stamp, "pyproject": "an older digest"}))
    module.ensure_env({"server"})
    assert installed == ["bigtwo[arena]", "bigtwo[arena,server]"]


def test_the_older_stamp_is_read_as_the_whole_dev_set(dev: tuple[ModuleType, list[str]]) -> None:
    """Before sets, a .venv was always set up with everything and stamped with the digest."""
    module, installed = dev
    module.STAMP.write_text(hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest())
    module.ensure_env({"dev"})
    module.ensure_env({"server"})
    assert installed == []


def test_the_progress_names_each_package_pip_fetches(dev: tuple[ModuleType, list[str]]) -> None:
    module, _ = dev
    lines = {
        "Collecting typer>=0.12 (from bigtwo==0.1.0)": "typer",
        "Collecting anyio<5,>=4.0.0 (from starlette>=0.37->bigtwo==0.1.0)": "anyio",
        "Processing /opt/files/uvicorn-0.54.0-py3-none-any.whl (from bigtwo==0.1.0)": "uvicorn",
        "  Downloading typer-0.29.2-py3-none-any.whl (121 kB)": None,
        "Processing /src/bigtwo": None,
        "WARNING: Location 'file:///x/simple/mdurl/' is ignored": None,
    }
    assert {line: module.collected(line) for line in lines} == lines


# The browser tests show the Chinese catalogues (boxes without fonts-noto-cjk) and names and
# chat lines with emoji (boxes without fonts-noto-color-emoji).
@pytest.mark.parametrize(
    ("folder", "package", "font"),
    [
        ("CJK_FONTS", "fonts-noto-cjk", "NotoSansCJK-Regular.ttc"),
        ("EMOJI_FONTS", "fonts-noto-color-emoji", "NotoColorEmoji.ttf"),
    ],
)
def test_a_font_is_asked_for_until_it_is_in(
    dev: tuple[ModuleType, list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    folder: str,
    package: str,
    font: str,
) -> None:
    module, _ = dev
    fonts = tmp_path / "noto"
    fonts.mkdir()
    monkeypatch.setattr(module, folder, fonts)
    assert package in module.missing_system_packages()
    (fonts / font).touch()
    assert package not in module.missing_system_packages()


def test_the_suite_is_spread_over_the_cores_unless_the_caller_chose(
    dev: tuple[ModuleType, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    module, _ = dev
    monkeypatch.setattr(module.os, "cpu_count", lambda: 2)
    assert module.workers(["tests/test_cards.py"]) == ["-n", "2"]
    monkeypatch.setattr(module.os, "cpu_count", lambda: 32)
    assert module.workers([]) == ["-n", "4"]
    for chosen in (["-n", "0"], ["-n0"], ["--numprocesses=1"], ["-p", "no:xdist"]):
        assert module.workers(chosen) == []
