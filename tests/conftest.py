"""Shared fixtures and options: ``--long`` runs the property tests deeper; ``stress_rules``
is each rule set of `bigtwo.rules.stress` (option sets that once stalled the engine)."""

from __future__ import annotations

import pytest

import bigtwo
from bigtwo.rules.stress import STRESS_SETS, stress_rules


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="run the property tests over many more rule sets and deals",
    )


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    """Was ``--long`` given?"""
    return bool(request.config.getoption("--long"))


@pytest.fixture(params=sorted(STRESS_SETS))
def stress(request: pytest.FixtureRequest) -> bigtwo.Rules:
    """Each stress rule set in turn."""
    return stress_rules(request.param)
