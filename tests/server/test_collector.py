"""The server's garbage-collection schedule (`bigtwo.server.collector`): old objects frozen
out of the collector's walks, cycles among them still collected at the next thaw."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bigtwo.server import collector
from bigtwo.server.collector import Collector


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def clock() -> Iterator[list[float]]:
    now = [1000.0]
    thresholds = gc.get_threshold()
    yield now
    gc.unfreeze()  # the rest of the test run collects as usual
    gc.set_threshold(*thresholds)


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_a_tick_freezes_what_lived_until_it(clock: list[float]) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    kept = [Node() for _ in range(1000)]
    before = gc.get_freeze_count()
    assert c.tick() is None
    assert gc.get_freeze_count() >= before + len(kept)


def test_a_frozen_cycle_waits_for_the_thaw_and_is_then_collected(clock: list[float]) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    dead = cycle()
    c.tick()  # frozen while alive; now it is garbage
    gc.collect()
    assert dead() is not None  # frozen: no collection sees it
    clock[0] += collector.THAW_EVERY
    found = c.tick()
    assert found is not None and found >= 2
    assert dead() is None
    assert c.thawed_at == clock[0]


def test_a_young_cycle_is_collected_without_a_thaw(clock: list[float]) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    dead = cycle()
    gc.collect()  # not frozen yet: an ordinary collection finds it
    assert dead() is None
    assert c.tick() is None


def test_growth_brings_the_thaw_forward(clock: list[float]) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    grown = [Node() for _ in range(int(collector.GROWTH * c.baseline) + 1000)]
    dead = cycle()
    assert c.tick() is None  # frozen now: more than GROWTH times the baseline
    for _ in range(collector.COUNT_EVERY - 2):
        assert c.tick() is None  # the frozen objects are counted only now and then
    found = c.tick()  # not due by the clock, but the frozen objects have grown too many
    assert found is not None and dead() is None
    assert c.baseline >= len(grown)


def test_stopping_gives_everything_back_to_the_collector(clock: list[float]) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    dead = cycle()
    c.tick()
    c.stop()
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert dead() is None


def test_the_thaw_is_logged(clock: list[float], caplog: pytest.LogCaptureFixture) -> None:
    c = Collector(lambda: clock[0])
    c.start()
    clock[0] += collector.THAW_EVERY
    with caplog.at_level("INFO", logger="bigtwo.room"):
        c.tick()
    assert any('"action":"full_collection"' in r.getMessage() for r in caplog.records)


def test_the_young_generation_waits_longer_while_running(clock: list[float]) -> None:
    """Between freezes the young generation is collected after `YOUNG` allocations, not
    Python's 700; stopping gives Python's thresholds back."""
    before = gc.get_threshold()
    c = Collector(lambda: clock[0])
    c.start()
    assert gc.get_threshold() == (collector.YOUNG, *before[1:])
    assert before[0] < collector.YOUNG
    c.stop()
    assert gc.get_threshold() == before
