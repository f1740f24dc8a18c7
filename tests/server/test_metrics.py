"""``/metrics``: Prometheus' text format with the rooms by status, the connections open,
the actions accepted, the refusals by code, the store's commit times, database errors, the
bots' turns and the process's start; served only to the networks `--metrics-from` names."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bigtwo.server.app import make_app
from bigtwo.server.metrics import Histogram, allowed, networks
from bigtwo.server.settings import Settings
from bigtwo.server.store import sqlite_url

from .test_server_hostile import _close, _open, _play_to_end, _room, _until

SAMPLE = re.compile(r"^([a-z_]+)(?:\{(\w+)=\"([^\"]*)\"\})? (\S+)$")


def _parsed(text: str) -> dict[str, float]:
    """Every sample as ``name`` or ``name{label=value}``; the format checked line by line."""
    samples: dict[str, float] = {}
    typed: set[str] = set()
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in ("counter", "gauge", "histogram"), line
            typed.add(name)
            continue
        if line.startswith("# HELP "):
            continue
        found = SAMPLE.match(line)
        assert found is not None, f"not a sample: {line!r}"
        name, label, value, number = found.groups()
        assert re.sub(r"_(bucket|sum|count)$", "", name) in typed, f"{name} has no TYPE"
        samples[name if label is None else f'{name}{{{label}="{value}"}}'] = float(number)
    return samples


@pytest.fixture
def local(tmp_path: Path) -> Iterator[TestClient]:
    """The app as seen from loopback, where metrics are served by default."""
    settings = Settings(grace=1.0, bot_pace="instant", pause=0.0)
    app = make_app(sqlite_url(tmp_path / "app.db"), settings)
    with TestClient(app, client=("127.0.0.1", 40000)) as client:
        yield client


def test_metrics_count_what_the_server_did(local: TestClient) -> None:
    before = _parsed(local.get("/metrics").text)
    assert before["bigtwo_actions_total"] == 0 and before["bigtwo_connections"] == 0
    assert abs(before["process_start_time_seconds"] - time.time()) < 60
    ws = _open(local)
    try:  # (a test client's socket left open would hang its teardown)
        ws.send_json({"type": "join", "room": "NOSUCHROOM", "name": "x"})
        refused = _until(ws, "error")["code"]
        _room(ws, deals=1)
        ws.send_json({"type": "host", "what": "start"})
        _play_to_end(ws)
        playing = _parsed(local.get("/metrics").text)
    finally:
        _close(ws)
    assert refused == "no_room"
    assert playing["bigtwo_connections"] == 1
    assert playing['bigtwo_rooms{status="over"}'] == 1
    got = local.get("/metrics")
    assert got.status_code == 200
    assert got.headers["content-type"].startswith("text/plain; version=0.0.4")
    after = _parsed(got.text)
    assert after["bigtwo_connections"] == 0
    assert after['bigtwo_refusals_total{code="no_room"}'] == 1
    assert after["bigtwo_actions_total"] >= 1  # the person's moves of a whole deal
    assert after["bigtwo_bot_moves_total"] > after["bigtwo_actions_total"]  # three bots
    assert after["bigtwo_bot_turns_seconds_count"] >= 1
    commits = after["bigtwo_commit_seconds_count"]
    assert commits >= 2 and after['bigtwo_commit_seconds_bucket{le="+Inf"}'] == commits
    buckets = [v for k, v in after.items() if k.startswith("bigtwo_commit_seconds_bucket")]
    assert buckets == sorted(buckets)  # cumulative
    assert after["bigtwo_database_errors_total"] == 0


def test_metrics_are_refused_outside_the_networks_named(tmp_path: Path) -> None:
    app = make_app(sqlite_url(tmp_path / "app.db"), Settings(metrics_from=("10.1.0.0/16",)))
    answers = {}
    for client in (("10.1.2.3", 1), ("127.0.0.1", 1), ("testclient", 1)):  # the last: no address
        answers[client[0]] = TestClient(app, client=client).get("/metrics")
    assert answers["10.1.2.3"].status_code == 200
    assert answers["127.0.0.1"].status_code == answers["testclient"].status_code == 403
    assert "not served" in answers["127.0.0.1"].text


def test_networks_and_addresses() -> None:
    loopback = networks(["127.0.0.0/8", "::1"])
    assert allowed("127.0.0.1", loopback) and allowed("::1", loopback)
    assert allowed("::ffff:127.0.0.1", loopback)  # an IPv4 client on a dual-stack socket
    assert not allowed("10.0.0.1", loopback) and not allowed("testclient", loopback)
    with pytest.raises(ValueError, match=re.escape("'10.0.0.0/33' is not an address or a network")):
        networks(["10.0.0.0/33"])


def test_a_histogram_counts_into_cumulative_buckets() -> None:
    h = Histogram((0.01, 0.1))
    for value in (0.005, 0.01, 0.05, 3.0):
        h.observe(value)
    assert h.lines("t") == [
        't_bucket{le="0.01"} 2',
        't_bucket{le="0.1"} 3',
        't_bucket{le="+Inf"} 4',
        "t_sum 3.065",
        "t_count 4",
    ]
