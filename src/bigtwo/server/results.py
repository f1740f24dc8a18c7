"""Each person's results, a row per seated person per finished deal (migration 0009), written
in the transaction that stores the deal's record: a person's page, statistics and export read
these rows rather than every record. Bots and seats with no person (a program, a seat
taken before people were known) get no row, nor does a redeal (nobody played it).

A row names the deal's record (``room``, ``number``: ``GET /api/rooms/ROOM/records/NUMBER``)
and keeps what a list of games shows without opening it: when, the rules (the preset and a
digest of every option, so that two tables of one preset with other options are told apart),
the names as played, the seat's points and place (1 for the most points; ties share a place),
whether the seat won, and every seat's running total after the deal (the session's totals at
its end on its last deal, ``ended``).
"""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa

from . import jsontext

meta = sa.MetaData()
RESULTS = sa.Table(
    "results",
    meta,
    sa.Column("room", sa.String(16), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),  # the record's number in its room
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("person", sa.String(32), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("preset", sa.String(32), nullable=False),
    sa.Column("rules", sa.String(16), nullable=False),  # digest of every option
    sa.Column("players", sa.Text, nullable=False),  # JSON: the record's names, bots' marks
    sa.Column("points", sa.Integer, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("totals", sa.Text, nullable=False),  # JSON: every seat's total after it
    sa.Column("ended", sa.Boolean, nullable=False),  # the session ended with this deal
    sa.Index("ix_results_person", "person", "at"),
)


# The accounts' table, by name: a row is written only for a person who still exists, so that
# a deal ending after its player deleted their account (a bot played their seat on, the room
# still naming them) leaves nothing about them behind.
_PEOPLE = sa.table("people", sa.column("id"))


def of_people(conn: sa.Connection, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` but those of people deleted meanwhile."""
    asked = {r["person"] for r in rows}
    if not asked:
        return rows
    known = set(conn.execute(sa.select(_PEOPLE.c.id).where(_PEOPLE.c.id.in_(asked))).scalars())
    return [r for r in rows if r["person"] in known]


def rules_digest(rules: dict[str, Any]) -> str:
    """A short digest of a record's rules: equal for equal options, whatever their order."""
    return hashlib.sha256(jsontext.dumps(dict(sorted(rules.items()))).encode()).hexdigest()[:16]


def places(scores: list[int]) -> list[int]:
    """Each seat's place by points, 1 the most; ties share the better place.

    >>> places([-3, 33, -3, -8])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > mine for other in scores) for mine in scores]


def result_rows(
    form: dict[str, Any], records: tuple[str, ...], first: int, at: float
) -> list[dict[str, Any]]:
    """The rows of the deals a write ended: ``form`` is the room after them (its ``people``,
    its session's totals), ``records`` their records numbered from ``first``."""
    people = form.get("people") or {}
    if not people or not records:
        return []
    deals = [jsontext.loads(text) for text in records]
    table = form.get("table") or {}
    totals = list((table.get("session") or {}).get("totals") or [])
    running: list[list[int]] = []  # each deal's totals after it: the last is the form's
    for deal in reversed(deals):
        running.append(list(totals))
        scores = (deal.get("result") or {}).get("scores") or []
        totals = [t - s for t, s in zip(totals, scores, strict=False)] if scores else totals
    running.reverse()
    rows = []
    for i, (deal, after) in enumerate(zip(deals, running, strict=True)):
        result = deal.get("result") or {}
        scores = result.get("scores")
        if not scores or result.get("end") == "redeal":
            continue
        ended = form["status"] == "over" and i == len(deals) - 1
        placed = places(scores)
        for seat_text, person in people.items():
            seat = int(seat_text)
            rows.append(
                {
                    "room": form["code"],
                    "number": first + i,
                    "seat": seat,
                    "person": person,
                    "at": at,
                    "preset": str(deal["rules"].get("preset", "")),
                    "rules": rules_digest(deal["rules"]),
                    "players": jsontext.dumps(deal["players"]),
                    "points": int(scores[seat]),
                    "place": placed[seat],
                    "won": result.get("winner") == seat,
                    "totals": jsontext.dumps(after),
                    "ended": ended,
                }
            )
    return rows
