"""The arena: duplicate line-ups, reproducible seeded runs, saved results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigtwo.arena import ArenaConfig, lineups, mean_ci, run_arena


def test_lineups_rotate_every_bot_through_every_seat() -> None:
    assert lineups(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    four = lineups(4, 4)
    assert len(four) == 4
    for seat in range(4):
        assert sorted(lu[seat] for lu in four) == [0, 1, 2, 3]


def test_mean_ci() -> None:
    mean, half = mean_ci([1.0, 3.0, 5.0])
    assert mean == 3.0
    assert half == pytest.approx(1.959964 * 2 / 3**0.5)


def test_seeded_run_reproduces_its_numbers_with_any_worker_count() -> None:
    config = ArenaConfig(("expert", "heuristic", "greedy", "random"), deals=3, seed=5, samples=2)
    one = run_arena(config).summary()
    two = run_arena(ArenaConfig(**{**config.__dict__, "workers": 2})).summary()
    again = run_arena(config).summary()
    for key in ("bots", "margins", "ratings"):
        assert one[key] == again[key]
        assert one[key] == two[key]
    assert one["deals_played"] == 3
    assert one["reproducible"] is True


def test_duplicate_scores_are_zero_sum(tmp_path: Path) -> None:
    config = ArenaConfig(("heuristic", "greedy"), deals=6, rules="tournament", seed=2, workers=1)
    result = run_arena(config)
    for deal in result.deals:
        # both bots held every seat equally often, so their mean scores cancel
        assert deal.mean_score[0] == pytest.approx(-deal.mean_score[1])
    json_path, png_path = result.save(tmp_path)
    saved = json.loads(json_path.read_text())
    assert [b["bot"] for b in saved["bots"]] == ["heuristic", "greedy"]
    assert saved["margins"][0]["versus"] == "greedy"
    assert png_path.read_bytes()[:4] == b"\x89PNG"
