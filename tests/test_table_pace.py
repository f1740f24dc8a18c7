"""A table that paces its bots (``pace_bots``): it stops before each bot's move, names the bot
in ``due``, and `Table.step` makes that one move; the session is the one an unpaced table plays.
"""

from __future__ import annotations

import pytest

import bigtwo
from bigtwo import BigTwoError, Rules
from bigtwo.table import Event, SessionEnd, Table

SEED = 11


def _table(pace_bots: bool) -> Table:
    rules = Rules()
    seats = [None, *(bigtwo.make_bot("greedy", SEED + s) for s in range(1, rules.players))]
    return Table(rules, seats, seed=SEED, end=SessionEnd(deals=2), pace_bots=pace_bots)


def _acts(events: list[Event]) -> list[tuple[int | None, str]]:
    return [(e.seat, str(e.move)) for e in events if e.kind == "act"]


def _play(table: Table) -> tuple[list[Event], list[int]]:
    """The whole session, the person taking its first offer; every event, and how many bot
    moves each `step` made."""
    events, per_step = table.start(), []
    while not table.is_over:
        if table.between_deals:
            events += table.next_deal()
        elif table.due is not None:
            assert table.awaiting == ()
            stepped = table.step()
            per_step.append(sum(e.kind == "act" and e.seat != 0 for e in stepped))
            events += stepped
        else:
            assert table.awaiting == (0,)
            events += table.submit(0, table.offers(0)[0])
    return events, per_step


def test_a_paced_table_plays_the_same_session_one_bot_move_per_step() -> None:
    paced, steps = _play(_table(pace_bots=True))
    at_once, none = _play(_table(pace_bots=False))
    assert _acts(paced) == _acts(at_once)
    assert [(e.kind, e.seat, e.move) for e in paced] == [(e.kind, e.seat, e.move) for e in at_once]
    assert none == [] and steps and set(steps) == {1}
    assert len(steps) == sum(seat != 0 for seat, _ in _acts(paced))


def test_the_due_bot_is_kept_in_the_snapshot_and_steps_after_a_restore() -> None:
    table = _table(pace_bots=True)
    table.start()
    while table.due is None:
        table.submit(0, table.offers(0)[0])
    due = table.due
    snapshot = table.to_dict()
    assert snapshot["pace_bots"] is True and snapshot["due"] == due
    back = Table.from_dict(snapshot)
    assert back.pace_bots and back.due == due and back.awaiting == ()
    assert _acts(back.step())[0][0] == due


def test_an_unpaced_snapshot_has_no_pace_and_loads_unpaced() -> None:
    table = _table(pace_bots=False)
    table.start()
    snapshot = table.to_dict()
    assert "pace_bots" not in snapshot and "due" not in snapshot
    back = Table.from_dict(snapshot)
    assert not back.pace_bots and back.due is None


def test_step_without_a_bot_due_is_refused_in_words() -> None:
    table = _table(pace_bots=True)
    table.start()
    while table.due is not None:
        table.step()
    with pytest.raises(BigTwoError, match="no bot's move is due"):
        table.step()
