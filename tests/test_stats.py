"""Confidence intervals with the standard library: Student's t quantiles and the interval the
arena and `evaluate` report."""

from __future__ import annotations

import math
import random

import pytest

from bigtwo.stats import mean_ci, t_quantile

# published two-sided 95% (and one 99%) critical values of Student's t
TABLE = [
    (0.975, 1, 12.706205),
    (0.975, 2, 4.302653),
    (0.975, 3, 3.182446),
    (0.975, 4, 2.776445),
    (0.975, 9, 2.262157),
    (0.975, 30, 2.042272),
    (0.975, 120, 1.979930),
    (0.975, 1000, 1.962339),
    (0.975, 1001, 1.962337),  # the first df past the exact series
    (0.975, 10**6, 1.959966),
    (0.995, 3, 5.840909),
]


@pytest.mark.parametrize(("p", "df", "expected"), TABLE)
def test_t_quantiles_match_the_tables(p: float, df: int, expected: float) -> None:
    assert t_quantile(p, df) == pytest.approx(expected, abs=2e-6)


def test_t_quantiles_fall_towards_the_normal_one() -> None:
    values = [t_quantile(0.975, df) for df in (1, 2, 5, 50, 999, 1000, 1001, 5000)]
    assert values == sorted(values, reverse=True)
    assert values[-1] > 1.959964


@pytest.mark.parametrize("p", [0.6, 0.975, 0.995, 0.9999])
def test_the_exact_series_and_the_large_df_expansion_agree_where_they_meet(p: float) -> None:
    """The step from df 1000 (exact) to 1001 (expansion) is the step its neighbours take."""
    t = {df: t_quantile(p, df) for df in (999, 1000, 1001, 1002)}
    across = t[1000] - t[1001]
    assert across > 0
    assert across == pytest.approx(t[999] - t[1000], rel=5e-3)
    assert across == pytest.approx(t[1001] - t[1002], rel=5e-3)


@pytest.mark.parametrize(("p", "df"), [(0.5, 3), (1.0, 3), (0.975, 0)])
def test_t_quantile_refuses_what_it_cannot_answer(p: float, df: int) -> None:
    with pytest.raises(ValueError):
        t_quantile(p, df)


def test_one_sample_has_no_interval() -> None:
    assert mean_ci([2.5]) == (2.5, math.inf)
    assert mean_ci([]) == (0.0, 0.0)


def test_the_interval_covers_the_true_mean_95_times_in_100_with_five_samples() -> None:
    """With five samples a normal-quantile interval covers about 88% of the time; the t one
    keeps its 95%."""
    rng = random.Random(7)
    trials, covered = 4000, 0
    for _ in range(trials):
        mean, half = mean_ci([rng.gauss(3.0, 2.0) for _ in range(5)])
        covered += abs(mean - 3.0) <= half
    assert 0.94 <= covered / trials <= 0.96
