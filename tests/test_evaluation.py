"""`evaluate`: a policy against opponents on duplicate deals, with a 95% t-interval over deals
that finds a real difference and none where there is none."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from bigtwo import Move, View
from bigtwo.bots import GreedyBot, HeuristicBot
from bigtwo.errors import BigTwoError
from bigtwo.evaluation import evaluate


def test_a_strong_bot_beats_random_with_an_interval_above_zero() -> None:
    result = evaluate("heuristic", "random", deals=8, seed=1)
    assert result.margin.low > 0
    assert result.margin.clear
    assert result.deals == 8 and result.games == 8 * 4  # every deal once per seat
    assert result.opponents == ("random", "random", "random")


def test_a_policy_against_itself_has_an_interval_around_zero() -> None:
    """The greedy bot draws no random numbers: every seating of a deal plays the same game, so
    every deal's margin is exactly 0. The random bot's margin against itself is noise."""
    same = evaluate("greedy", "greedy", deals=6, seed=3)
    assert same.per_deal == (0.0,) * 6
    assert same.margin.low <= 0 <= same.margin.high and not same.margin.clear
    noisy = evaluate("random", "random", deals=12, seed=3)
    assert any(noisy.per_deal)
    assert noisy.margin.low < 0 < noisy.margin.high


def test_a_callable_a_bot_and_a_name_play_the_very_same_games() -> None:
    bot = GreedyBot()

    def policy(view: View, legal_moves: Sequence[Move]) -> Move:
        return bot.choose(view, legal_moves)

    results = [evaluate(p, "random", deals=4, seed=5) for p in (bot, policy, "greedy")]
    assert results[0].per_deal == results[1].per_deal == results[2].per_deal
    assert results[0].win_rate == results[1].win_rate == results[2].win_rate
    assert {r.policy for r in results} == {"policy"}


def test_the_margin_is_the_policys_gain_with_the_same_hands() -> None:
    """Scores are zero-sum, so the opponents' mean is minus a third of the policy's, and the
    margin is 4/3 of the policy's own score a deal."""
    result = evaluate("heuristic", "greedy", deals=4, seed=2)
    for deal, margin in zip(result.arena.deals, result.per_deal, strict=True):
        assert margin == pytest.approx(deal.mean_score[0] * 4 / 3)
    assert result.margin.mean == pytest.approx(result.score.mean * 4 / 3)


def test_opponents_may_differ_seat_by_seat_and_be_objects(tmp_path: Path) -> None:
    result = evaluate(
        HeuristicBot(1),
        ["greedy", GreedyBot(), lambda view, legal_moves: legal_moves[0]],
        deals=3,
        rules="tournament",
        seed=1,
    )
    assert result.opponents == ("greedy", "greedy", "<lambda>")
    versus = [m["versus"] for m in result.arena.summary()["margins"][:3]]
    assert versus == ["greedy", "greedy#2", "<lambda>"]


def test_a_module_path_plays_in_worker_processes_with_the_same_numbers(tmp_path: Path) -> None:
    path = tmp_path / "mine.py"
    path.write_text("from bigtwo.bots import GreedyBot\nmake = GreedyBot\n")
    one = evaluate(f"{path}:make", "random", deals=3, seed=4)
    two = evaluate(f"{path}:make", "random", deals=3, seed=4, workers=2)
    named = evaluate("greedy", "random", deals=3, seed=4)
    assert one.per_deal == two.per_deal == named.per_deal


def test_the_figures_save_as_json_and_one_deal_has_no_interval() -> None:
    result = evaluate("greedy", "random", deals=1, seed=1)

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} is not JSON")

    saved = json.loads(json.dumps(result.to_dict(), allow_nan=False), parse_constant=refuse)
    assert saved["margin"]["low"] is None and saved["margin"]["high"] is None
    assert saved["interval"] == "95% Student t-interval over duplicate deals"
    assert "± —" in str(result)


def test_evaluate_needs_nothing_optional(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("openskill", "matplotlib", "numpy", "gymnasium"):
        monkeypatch.setitem(sys.modules, name, None)
    assert evaluate("greedy", "random", deals=2, seed=1).deals == 2


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["greedy", "random"]}, "give 3 opponents or one, not 2"),
        ({"rules": "nope"}, "no rule set called 'nope'"),
        ({"deals": 0}, "the number of deals must be at least 1"),
        ({"deals": 2.5}, "deals is a whole number"),
        ({"policy": 42}, "an agent is a Bot or a callable"),
        ({"policy": GreedyBot(), "workers": 2}, "play in this process"),
        ({"policy": "genius"}, "no bot called 'genius'"),
    ],
)
def test_what_cannot_be_evaluated_is_refused(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"policy": "greedy", "opponents": "random", "deals": 2}
    with pytest.raises(BigTwoError, match=message):
        evaluate(**{**arguments, **kwargs})  # type: ignore[arg-type]
