"""Running a test's coroutine on an event loop of its own thread: the browser tests' driver
(Playwright's synchronous API) may keep a loop running on the test's own thread, where
``asyncio.run`` refuses to start another."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``scenario()`` to the end on a loop of its own thread; what it returned."""
    with ThreadPoolExecutor(1) as alone:
        return alone.submit(asyncio.run, scenario()).result()
