"""Records that were tampered with or damaged: refused in words, never a traceback; seat
exports that hide everything another seat could rebuild the deal from (fair.hidden_hands)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import play_out

import bigtwo
from bigtwo import BigTwoError


def finished(seed: int = 11) -> bigtwo.Game:
    game = bigtwo.Game.deal(seed=seed)
    game = play_out(game)
    return game


def test_fair_hidden_hands_seat_export_drops_the_seed() -> None:
    record = finished().record()
    assert record.seed == 11
    export = bigtwo.load_record(record.for_seat(1).dumps())
    assert export.seed is None and export.deck == "" and export.salt == ""
    assert "seed" not in json.loads(record.for_seat(1).dumps())["deal"]
    problems = export.verify()
    assert len(problems) == 1 and "seat 1's view" in problems[0]


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = data
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return mutate


DAMAGE: dict[str, Mutation] = {
    "deck-duplicate": _set("deal.deck", "3D 3D"),
    "deck-number": _set("deal.deck", 12),
    "dealer-null": _set("deal.dealer", None),
    "dealer-out-of-range": _set("deal.dealer", 9),
    "direction-null": _set("deal.direction", None),
    "direction-two": _set("deal.direction", 2),
    "exposed-empty": _set("deal.exposed", ""),
    "exposed-two-cards": _set("deal.exposed", "3D 4D"),
    "action-null": _set("actions.0", None),
    "action-no-seat": _set("actions.0", "3D"),
    "rules-text": _set("rules", "x"),
    "rules-unknown-option": _set("rules.frob", 1),
    "players-short": _set("players", ["a"]),
    "counts-text": _set("deal.counts", "13"),
    "hands-number": _set("deal.hands", 5),
    "salt-null": _set("deal.salt", None),
    "exchanges-bad": _set("deal.exchanges", [[1, 2]]),
    "result-text": _set("result", "won"),
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=lambda d: f"fair.shuffle-{d}")
def test_damaged_records_are_refused_or_fail_verification_in_words(damage: str) -> None:
    data = json.loads(finished().record().dumps())
    DAMAGE[damage](data)
    try:
        record = bigtwo.load_record(json.dumps(data))
    except BigTwoError as exc:
        assert str(exc)
        return
    problems = record.verify()
    assert problems and all(isinstance(p, str) and p for p in problems)
    with pytest.raises(BigTwoError):
        record.replay()


@pytest.mark.parametrize(
    "field,value",
    [("scores", [40, -7, -5, -6]), ("winner", 2), ("end", "dragon")],
    ids=["fair.shuffle-scores", "fair.shuffle-winner", "fair.shuffle-end"],
)
def test_verify_compares_the_recorded_result_with_the_play(field: str, value: object) -> None:
    record = finished().record()
    assert record.verify() == []
    data = json.loads(record.dumps())
    data["result"][field] = value
    problems = bigtwo.load_record(json.dumps(data)).verify()
    assert any("recorded result" in p for p in problems)


def test_verify_command_on_damaged_records_says_why(tmp_path: Path) -> None:
    data = json.loads(finished().record().dumps())
    data["deal"]["deck"] = "3D 3D"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command, code in (("verify", 1), ("replay", 2)):
        run = subprocess.run(
            [sys.executable, "-m", "bigtwo", command, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        both = run.stdout + run.stderr
        assert run.returncode == code, both
        assert "Traceback" not in both
        assert "not one whole deck" in both
