"""A person's profile: initials and a colour (drawn by the page: no uploads), languages,
preferred preset and bot level, and whether they give their finished games to the open
dataset. Each field is checked here, in one place, for the route and the export alike."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import sqlalchemy as sa

from ...i18n import listed
from ...rules.config import Rules
from ..results import RESULTS
from ..room_type import SEAT_KINDS
from .tables import PROFILES

COLOUR = re.compile(r"#[0-9a-f]{6}")
MAX_INITIALS = 3
MAX_LANGUAGES = 8
LEVELS = tuple(k for k in SEAT_KINDS if k != "open")
DEFAULT: dict[str, Any] = {
    "initials": "",
    "colour": "#2e7d5b",
    "languages": [],
    "preset": "classic",
    "bot_level": "medium",
    "dataset": False,
}


def problem(field: str, value: object) -> str | None:
    """Why ``value`` can't be the profile's ``field`` (the sentence), or None."""
    if field == "initials":
        fits = (
            isinstance(value, str)
            and len(value) <= MAX_INITIALS
            and (value == "" or value.isalnum())
        )
        return None if fits else "initials are 0 to 3 letters or digits"
    if field == "colour":
        fits = isinstance(value, str) and COLOUR.fullmatch(value) is not None
        return None if fits else "a colour is #rrggbb in lower-case hexadecimal"
    if field == "languages":
        known = set(listed()["names"])
        fits = (
            isinstance(value, list)
            and len(value) <= MAX_LANGUAGES
            and all(v in known for v in value)
        )
        return None if fits else "languages are tags of this page's languages"
    if field == "preset":
        return None if value in Rules.presets() else "that is no preset this server knows"
    if field == "bot_level":
        return None if value in LEVELS else "that is no bot level this server knows"
    if field == "dataset":
        return None if isinstance(value, bool) else "dataset is true or false"
    return f"a profile has no field {field}"


def read(conn: sa.Connection, person: str) -> dict[str, Any]:
    row = conn.execute(sa.select(PROFILES).where(PROFILES.c.person == person)).first()
    if row is None:
        return dict(DEFAULT)
    return {
        "initials": row.initials,
        "colour": row.colour,
        "languages": json.loads(row.languages),
        "preset": row.preset,
        "bot_level": row.bot_level,
        "dataset": row.dataset is not None,
    }


def write(conn: sa.Connection, person: str, changes: dict[str, Any]) -> dict[str, Any]:
    """Apply checked ``changes``; the profile after them."""
    now = read(conn, person) | changes
    values = {
        "initials": now["initials"],
        "colour": now["colour"],
        "languages": json.dumps(now["languages"]),
        "preset": now["preset"],
        "bot_level": now["bot_level"],
    }
    row = conn.execute(sa.select(PROFILES.c.dataset).where(PROFILES.c.person == person)).first()
    given = None if row is None else row.dataset
    values["dataset"] = (given or time.time()) if now["dataset"] else None
    if row is None:
        conn.execute(sa.insert(PROFILES).values(person=person, **values))
    else:
        conn.execute(sa.update(PROFILES).where(PROFILES.c.person == person).values(values))
    return now


def given_games(conn: sa.Connection) -> list[tuple[str, int, list[int]]]:
    """The finished deals people gave to the open dataset: room, number and the seats of
    those who gave them (only their decisions become rows)."""
    rows = conn.execute(
        sa.select(RESULTS.c.room, RESULTS.c.number, RESULTS.c.seat)
        .join(PROFILES, PROFILES.c.person == RESULTS.c.person)
        .where(PROFILES.c.dataset.is_not(None))
        .order_by(RESULTS.c.room, RESULTS.c.number, RESULTS.c.seat)
    ).all()
    games: dict[tuple[str, int], list[int]] = {}
    for r in rows:
        games.setdefault((str(r.room), int(r.number)), []).append(int(r.seat))
    return [(room, number, seats) for (room, number), seats in games.items()]
