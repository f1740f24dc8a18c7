"""The arena: duplicate line-ups, reproducible seeded runs, saved results."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bigtwo.arena import (
    ArenaConfig,
    deal_games,
    deal_lineups,
    labels,
    lineups,
    mean_ci,
    run_arena,
)
from bigtwo.engine.actions import ANNOUNCE
from bigtwo.errors import BigTwoError
from bigtwo.extras import MissingExtraError


def test_lineups_rotate_every_bot_through_every_seat() -> None:
    assert lineups(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    four = lineups(4, 4)
    assert len(four) == 4
    for seat in range(4):
        assert sorted(lu[seat] for lu in four) == [0, 1, 2, 3]


def test_mean_ci_is_a_t_interval() -> None:
    """Three deals give two degrees of freedom: t = 4.303, not the normal 1.96."""
    mean, half = mean_ci([1.0, 3.0, 5.0])
    assert mean == 3.0
    assert half == pytest.approx(4.302653 * 2 / 3**0.5)


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


def test_two_bots_play_abab_then_baba_in_every_deal() -> None:
    """Two-bot runs keep their published line-ups, so their numbers reproduce."""
    for deal_seed in range(20):
        assert deal_lineups(("a", "b"), 4, deal_seed) == [(0, 1, 0, 1), (1, 0, 1, 0)]


@pytest.mark.parametrize("bots", [4, 3])
def test_seating_order_varies_so_every_bot_sits_after_every_other(bots: int) -> None:
    """With three bots or more, each deal shuffles who sits after whom: over the deals every
    ordered pair of neighbours occurs, and each deal still seats every bot in every seat."""
    names = tuple("abcd"[:bots])
    pairs = set()
    orders = set()
    for deal_seed in range(40):
        lineups_ = deal_lineups(names, 4, deal_seed)
        assert deal_lineups(names, 4, deal_seed) == lineups_  # reproducible
        orders.add(lineups_[0])
        for seat in range(4):
            assert {lu[seat] for lu in lineups_} == set(range(bots))
        for lu in lineups_:
            pairs.update((lu[s], lu[(s + 1) % 4]) for s in range(4))
    assert {(a, b) for a in range(bots) for b in range(bots) if a != b} <= pairs
    assert len(orders) > 1


def test_results_do_not_depend_on_the_order_the_bots_are_named_in() -> None:
    """The seating of a deal starts from the bots sorted by name, so naming them in another
    order plays the very same games."""
    first = ArenaConfig(("heuristic", "medium", "greedy", "random"), deals=4, seed=9, workers=1)
    second = ArenaConfig(("heuristic", "random", "greedy", "medium"), deals=4, seed=9, workers=1)
    by_bot = [
        {b["bot"]: (b["mean_score"], b["win_rate"]) for b in run_arena(c).summary()["bots"]}
        for c in (first, second)
    ]
    assert by_bot[0] == by_bot[1]


def test_last_announce_arena_bots_announce_under_indonesia() -> None:
    """The arena plays through the bot driver, so bots announce their last cards."""
    config = ArenaConfig(("heuristic", "greedy"), deals=3, rules="indonesia", seed=1, workers=1)
    announced = 0
    for deal in range(config.deals):
        for _, game in deal_games(config, deal):
            announced += sum(1 for _, move in game.history if move == ANNOUNCE)
            outcome = game.outcome()
            assert outcome is None or not outcome.forgot_announce
    assert announced > 0


def test_a_bot_named_twice_gets_two_labels() -> None:
    assert labels(("heuristic", "greedy", "heuristic", "heuristic")) == (
        "heuristic",
        "greedy",
        "heuristic#2",
        "heuristic#3",
    )
    result = run_arena(ArenaConfig(("greedy", "greedy"), deals=3, seed=1, workers=1))
    summary = result.summary()
    assert [b["bot"] for b in summary["bots"]] == ["greedy", "greedy#2"]
    assert [r["bot"] for r in summary["ratings"]] == ["greedy", "greedy#2"]
    assert summary["margins"][0]["versus"] == "greedy#2"


def test_one_deal_saves_valid_json_without_an_interval(tmp_path: Path) -> None:
    result = run_arena(ArenaConfig(("heuristic", "greedy"), deals=1, seed=1, workers=1))
    json_path, _ = result.save(tmp_path)
    text = json_path.read_text()

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    saved = json.loads(text, parse_constant=refuse)
    assert saved["bots"][0]["ci95"] is None
    assert saved["margins"][0]["ci95"] is None


@pytest.mark.parametrize(
    "change",
    [
        {"bots": ("greedy",)},
        {"deals": 0},
        {"workers": 0},
        {"budget": float("nan")},
        {"budget": float("inf")},
        {"budget": 0.0},
        {"samples": 0},
        {"budget": 0.1, "samples": 4},
    ],
)
def test_config_refuses_what_cannot_be_run(change: dict[str, object]) -> None:
    fields: dict[str, object] = {"bots": ("expert", "greedy"), "deals": 1, **change}
    with pytest.raises(BigTwoError):
        ArenaConfig(**fields)  # type: ignore[arg-type]


def test_config_takes_numpy_integers_as_the_ints_they_are(tmp_path: Path) -> None:
    """A research script's counts arrive as numpy integers: the arena plays them as ints (the
    same run as with plain ints) and writes them to arena.json; a bool is still no number."""
    np = pytest.importorskip("numpy")
    config = ArenaConfig(
        ("random", "greedy"), deals=np.int64(2), seed=np.uint32(7), workers=np.int8(1)
    )
    assert (config.deals, config.seed, config.workers) == (2, 7, 1)
    assert all(type(v) is int for v in (config.deals, config.seed, config.workers))
    plain = run_arena(ArenaConfig(("random", "greedy"), deals=2, seed=7, workers=1))
    result = run_arena(config)
    assert result.summary()["bots"] == plain.summary()["bots"]
    result.save(tmp_path)
    assert json.loads((tmp_path / "arena.json").read_text())["config"]["deals"] == 2
    with pytest.raises(BigTwoError, match="the number of deals is a whole number, not True"):
        ArenaConfig(("random", "greedy"), deals=True)


def test_without_openskill_the_summary_has_no_ratings_and_says_which_extra_brings_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scores and margins need nothing optional (an RL user's `run_arena` works with the
    rl extra alone); the ratings and the saved plot say they need the arena extra."""
    result = run_arena(ArenaConfig(("greedy", "random"), deals=2, seed=1, workers=1))
    full = result.summary()
    monkeypatch.setitem(sys.modules, "openskill", None)  # as if it were not installed
    summary = result.summary()
    assert summary["ratings"] == []
    assert summary["ratings_missing"] == (
        "rating the bots needs openskill: install the 'arena' extra (pip install 'bigtwo[arena]')"
    )
    assert {k: v for k, v in summary.items() if k not in ("ratings", "ratings_missing")} == {
        k: v for k, v in full.items() if k != "ratings"
    }
    with pytest.raises(MissingExtraError, match=r"bigtwo\[arena\]"):
        result.ratings()
    with pytest.raises(MissingExtraError, match=r"needs openskill: install the 'arena' extra"):
        result.save(tmp_path / "out")
    assert not (tmp_path / "out").exists()  # refused before anything is written


def test_without_matplotlib_saving_says_which_extra_brings_the_plot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = run_arena(ArenaConfig(("greedy", "random"), deals=1, seed=1, workers=1))
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert result.summary()["ratings"] and "ratings_missing" not in result.summary()
    with pytest.raises(MissingExtraError, match=r"needs matplotlib: install the 'arena' extra"):
        result.save(tmp_path)
