"""Suite-wide options and the helpers tests share."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="deeper runs: the fuzzers try many more examples",
    )


def covers(*ids: str) -> pytest.MarkDecorator:
    """Name the variation IDs a test covers in its id (test names can't hold dots)."""
    return pytest.mark.parametrize((), [pytest.param(id="+".join(ids))])
