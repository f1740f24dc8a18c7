"""What bots reuse from one turn to the next (a hand's combinations and its planner shapes cut
from the seat's dealt hand's, every cache keyed by the cards themselves) changes no move: many
seeded deals of every preset, played by tables in turn as a server plays them, make exactly
the moves that bots make with every cache emptied before each decision and nothing cut."""

from __future__ import annotations

import random

import pytest

from bigtwo import Rules, make_bot
from bigtwo.bots import knowledge, planning
from bigtwo.bots.heuristic import HeuristicBot
from bigtwo.combos.tables import clear_tables
from bigtwo.table import SessionEnd, Table

TABLES = 6
DEALS = 3


class FreshBot(HeuristicBot):
    """The heuristic with nothing remembered: every table and planner made anew."""

    def choose(self, view, legal_moves):  # type: ignore[no-untyped-def]
        planning._PLANNERS.clear()
        knowledge._FACTS.clear()
        clear_tables()
        return super().choose(view, legal_moves)


def _moves(preset: str, fresh: bool) -> list[list[tuple[int | None, str]]]:
    """Each table's acts, the tables played a person's action at a time, in turn."""
    rules = Rules.preset(preset)
    tables = []
    for i in range(TABLES):
        bots = [FreshBot() if fresh else make_bot("hard") for _ in range(rules.players - 1)]
        tables.append(Table(rules, [None, *bots], seed=100 + i, end=SessionEnd(deals=DEALS)))
    acts: list[list[tuple[int | None, str]]] = [[] for _ in tables]
    rngs = [random.Random(i) for i in range(TABLES)]

    def note(i: int, events: list) -> None:  # type: ignore[type-arg]
        acts[i] += [(e.seat, str(e.move)) for e in events if e.kind == "act"]

    for i, table in enumerate(tables):
        note(i, table.start())
    while not all(t.is_over for t in tables):
        for i, table in enumerate(tables):
            if table.is_over:
                continue
            if table.between_deals:
                note(i, table.next_deal())
            elif table.awaiting:
                seat = table.awaiting[0]
                offers = list(table.offers(seat))
                note(i, table.submit(seat, offers[rngs[i].randrange(len(offers))]))
    return acts


@pytest.mark.parametrize("preset", Rules.presets())
def test_reused_work_changes_no_move(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _moves(preset, fresh=False)
    monkeypatch.setattr(planning.Planner, "held", lambda self, hand, dealt: None)
    assert _moves(preset, fresh=True) == kept
    assert sum(map(len, kept)) > TABLES * DEALS * 10


def test_a_rule_sets_tables_and_pack_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision asks for the deal's tables and the pack: worked out once per rules
    object (hashing a `Rules` at every turn cost more than the rest of the turn's
    arithmetic), and the same as asked afresh."""
    rules = Rules.preset("classic")
    table = Table(rules, [None, *[make_bot("hard") for _ in range(3)]], seed=1)
    table.start()
    view = table.view(0)
    want = (knowledge.deal_tables(view), knowledge.deck_mask(view))
    monkeypatch.setattr(knowledge, "tables_for", lambda *a: pytest.fail("asked again"))
    monkeypatch.setattr(knowledge, "deck", lambda *a: pytest.fail("counted again"))
    for _ in range(3):
        assert (knowledge.deal_tables(view), knowledge.deck_mask(view)) == want
    assert want[1] == (1 << 52) - 1
