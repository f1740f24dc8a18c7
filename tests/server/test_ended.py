"""The notification that says which sessions ended: split to fit PostgreSQL's limit on a
payload, read back whole, told apart from the other notifications on the channel."""

from __future__ import annotations

import hashlib

from bigtwo.server import ended, watching


def test_many_sessions_are_said_in_notifications_that_fit_and_read_back_whole() -> None:
    sessions = [hashlib.sha256(str(n).encode()).hexdigest() for n in range(300)]
    said = list(ended.payloads("host:1:abc", sessions))
    assert len(said) > 1 and all(len(p.encode()) <= watching.PAYLOAD for p in said)
    heard = [ended.read(p) for p in said]
    assert all(h is not None and h[0] == "host:1:abc" for h in heard)
    assert [s for h in heard if h is not None for s in h[1]] == sessions
    assert list(ended.payloads("host:1:abc", [])) == []  # nothing ended: nothing said


def test_other_notifications_are_not_read_as_sessions_ended() -> None:
    for payload in ("ABCD:12", "chat h ABCD {}", *watching.payloads("h", {"ABCD": 2})):
        assert ended.read(payload) is None
    assert watching.read(next(ended.payloads("h", ["x"]))) is None
    assert watching.read(next(watching.payloads("h", {"ABCD": 2, "EFGH": 0}))) == (
        "h",
        {"ABCD": 2, "EFGH": 0},
    )
