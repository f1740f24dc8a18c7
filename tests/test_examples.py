"""The examples run, in small size, and say what they should."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from bigtwo.bots import REGISTRY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_linear_baseline_learns_the_hard_bot_and_plays_in_the_arena(tmp_path: Path) -> None:
    baseline = example("linear_baseline")
    dataset = tmp_path / "hard.parquet"
    args = ["--deals", "30", "--epochs", "80", "--arena-deals", "3", "--dataset", str(dataset)]
    report = baseline.main(args)
    assert dataset.exists() and report["rows"] > 500
    first, last = report["loss"]
    assert last < first
    assert report["accuracy"]["held_out"] > report["uniform_accuracy"] + 0.05
    for opponent in ("random", "easy"):
        margin = report[opponent]["margin"]
        assert (margin["bot"], margin["versus"]) == ("linear", opponent)
    assert "linear" not in REGISTRY  # the policy joined the arena without registering
