"""The storage tests run against both databases: an SQLite file and a fresh database on the
run's throwaway PostgreSQL cluster."""

from __future__ import annotations

from pathlib import Path

import postgres
import pytest


@pytest.fixture(scope="module")
def postgres_url(postgres_cluster: postgres.Cluster) -> str:
    return postgres_cluster.database()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
