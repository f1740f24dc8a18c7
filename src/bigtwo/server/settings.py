"""What an operator may set for a server process (``bigtwo serve``'s options)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .metrics import LOOPBACK
from .protocol import MIN_TURN, PAUSE
from .room_type import Pace


@dataclass
class Settings:
    grace: float = 20.0  # seconds a person may be gone before a bot plays for them
    keep_empty: float = 3600.0  # seconds an empty room is kept open
    bot_threads: int = 2  # bots think here, a few at a time
    rate: float = 20.0  # messages a second a connection may send on average (twice that at once)
    min_turn: float = MIN_TURN  # the shortest turn a room may have (tests go lower)
    lease_seconds: float = 6.0  # a shared database: how long a silent process keeps its rooms
    bot_pace: Pace = "normal"  # a room's pace when its ``create`` names none (tests: instant)
    pause: float = PAUSE  # seconds a room rests between deals when its ``create`` names none
    # origins besides the server's own whose pages may use a person's session (a WebSocket
    # that brings the cookie, a state-changing request): ``--allowed-origin``
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)
    passwords: bool = False  # whether people may sign in with a handle and password
    metrics_from: tuple[str, ...] = LOOPBACK  # the networks ``/metrics`` answers
    keep_finished: float | None = None  # seconds a closed room is kept (None: forever)
    # the replay viewer's reviews: sampled deals the expert plays out a decision (about a
    # second of CPU time a one-deck deal), and how many a process runs at once
    review_samples: int = 40
    reviews: int = 2
