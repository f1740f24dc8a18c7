"""A person's games read from `results` (paged, newest first), their statistics by preset and
over time, everything about them as one document (the export), and their account deleted.

Deletion removes the person and everything that names them apart from the finished records:
their row of ``people``, sessions, passkeys, recovery codes, password, profile, operator
grant and results. A finished deal's record keeps the name played under, as played: its
commitment binds every name, so changing one would make a fair deal look forged to everyone
who kept a copy (`docs/privacy.md`). The audit log keeps a line that the account was deleted.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from ..accounts import Directory, append
from ..accounts.tables import CHALLENGES, PASSKEYS, PASSWORDS, PEOPLE, RECOVERY, SESSIONS
from ..results import RESULTS
from . import profile
from .tables import OPERATORS, PROFILES

PAGE = 20  # games a page, unless asked for fewer
MAX_PAGE = 100
SERIES = 500  # the chart's most recent deals


def game(row: Any) -> dict[str, Any]:
    return {
        "room": row.room,
        "number": row.number,
        "deal": row.number + 1,  # as the page counts deals
        "at": row.at,
        "preset": row.preset,
        "rules": row.rules,
        "seat": row.seat,
        "players": json.loads(row.players),
        "points": row.points,
        "place": row.place,
        "won": row.won,
        "totals": json.loads(row.totals),
        "ended": row.ended,
        "record": f"/api/rooms/{row.room}/records/{row.number}",
        "replay": f"#replay&room={row.room}&seat={row.seat}&deal={row.number + 1}",
    }


def games(engine: sa.Engine, person: str, page: int, size: int) -> dict[str, Any]:
    """Page ``page`` (from 0) of the person's deals, ``size`` a page, the latest first."""
    with engine.connect() as conn:
        total = conn.execute(
            sa.select(sa.func.count()).select_from(RESULTS).where(RESULTS.c.person == person)
        ).scalar()
        rows = conn.execute(
            sa.select(RESULTS)
            .where(RESULTS.c.person == person)
            .order_by(RESULTS.c.at.desc(), RESULTS.c.room, RESULTS.c.number.desc())
            .limit(size)
            .offset(page * size)
        ).all()
    return {"games": [game(r) for r in rows], "page": page, "size": size, "total": int(total or 0)}


def stats(engine: sa.Engine, person: str) -> dict[str, Any]:
    """By preset: deals, wins and average points a deal; and the running sum of points over
    the latest `SERIES` deals, for the chart."""
    with engine.connect() as conn:
        by_preset = conn.execute(
            sa.select(
                RESULTS.c.preset,
                sa.func.count(),
                sa.func.sum(sa.case((RESULTS.c.won, 1), else_=0)),
                sa.func.sum(RESULTS.c.points),
            )
            .where(RESULTS.c.person == person)
            .group_by(RESULTS.c.preset)
            .order_by(RESULTS.c.preset)
        ).all()
        recent = conn.execute(
            sa.select(RESULTS.c.at, RESULTS.c.points, RESULTS.c.preset)
            .where(RESULTS.c.person == person)
            .order_by(RESULTS.c.at.desc(), RESULTS.c.number.desc())
            .limit(SERIES)
        ).all()
    presets = [
        {
            "preset": preset,
            "deals": int(deals),
            "wins": int(wins or 0),
            "average": round(int(points or 0) / int(deals), 2),
        }
        for preset, deals, wins, points in by_preset
    ]
    series, running = [], 0
    for at, points, preset in reversed(recent):
        running += points
        series.append({"at": at, "points": points, "total": running, "preset": preset})
    return {"presets": presets, "series": series}


def export(engine: sa.Engine, directory: Directory, person: str) -> dict[str, Any]:
    """Everything this server keeps about the person, as one JSON document."""
    found = directory.person(person)
    assert found is not None  # signed in: the person exists
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(RESULTS).where(RESULTS.c.person == person).order_by(RESULTS.c.at)
        ).all()
        keys = conn.execute(
            sa.select(PASSKEYS.c.name, PASSKEYS.c.created, PASSKEYS.c.last_used).where(
                PASSKEYS.c.person == person
            )
        ).all()
        own = profile.read(conn, person)
    return {
        "format": "bigtwo-export",
        "version": 1,
        "person": found.public(),
        "profile": own,
        "games": [game(r) for r in rows],
        "sessions": [{k: v for k, v in s.items() if k != "id"} for s in directory.sessions(person)],
        "passkeys": [
            {"name": k.name, "created": k.created, "last_used": k.last_used} for k in keys
        ],
        "audit": directory.audit(person),
    }


def delete(engine: sa.Engine, person: str, actor: str | None) -> list[str]:
    """Delete the person's account (above); the ids of the sessions it had, to close their
    sockets."""
    with engine.begin() as conn:
        sessions = [
            str(s)
            for s in conn.execute(sa.select(SESSIONS.c.id).where(SESSIONS.c.person == person))
            .scalars()
            .all()
        ]
        if sessions:
            conn.execute(sa.delete(CHALLENGES).where(CHALLENGES.c.session.in_(sessions)))
        for table in (SESSIONS, PASSKEYS, RECOVERY, PASSWORDS):
            conn.execute(sa.delete(table).where(table.c.person == person))
        for table in (PROFILES, OPERATORS, RESULTS):
            conn.execute(sa.delete(table).where(table.c.person == person))
        conn.execute(sa.delete(PEOPLE).where(PEOPLE.c.id == person))
        append(conn, "account_deleted", person, actor=actor)
    return sessions
