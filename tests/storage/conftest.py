"""The storage tests run against both databases: an SQLite file and a throwaway PostgreSQL
cluster started for the session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import postgres
import pytest


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    reason = postgres.why_not()
    if reason is not None:
        pytest.skip(reason)
    with postgres.cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
