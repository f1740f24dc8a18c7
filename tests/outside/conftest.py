"""The server's in-process test client, as tests/server's fixtures make it."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from server.conftest import test_client

__all__ = ["test_client"]
