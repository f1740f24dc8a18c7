"""The open dataset of human games: the turns people played in the finished deals they gave
(`profile.given_games`), as a decision dataset (`bigtwo.env.dataset`, the ``rl`` extra) under
one rule set. Only the givers' own choices become rows (``bot`` is ``person``): a seat of
someone who did not give their games, or a bot, is in the deal but makes no row; nor do the
names, rooms or person ids, which the format has no column for."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine.record import parse_action
from ...errors import BigTwoError
from ...extras import require
from ...record_files import load_record
from ...rules.changes import load_rules
from ..store import Store
from . import profile


@dataclass(frozen=True)
class Written:
    rows: int  # decisions written
    deals: int  # deals they came from
    other_rules: int  # given deals under other rules, left out


def export_dataset(store: Store, path: Path, preset: str, players: int | None = None) -> Written:
    """Write the given deals played under the ``preset``'s rules (seated for ``players``; the
    preset's own number by default) to ``path``."""
    require("rl", "the dataset export")
    from ...env.dataset import DecisionRecorder

    rules = load_rules(preset, players)
    recorder = DecisionRecorder(rules, path)
    with store.engine.connect() as conn:
        given = profile.given_games(conn)
    deals = other = 0
    for room, number, seats in given:
        text = store.record(room, number)
        record = None if text is None else load_record(text)
        if record is None or record.rules != rules:
            other += 1
            continue
        recorder.begin(deal=deals)
        states = record.states()
        for before, action in zip(states, record.actions, strict=False):
            seat, move_text = parse_action(action, rules.players)
            if seat not in seats or before.to_move != seat:
                continue  # not a giver's, or a side action (an announcement, a claim)
            try:
                move = before.parse_move(move_text, seat)
            except BigTwoError:
                continue  # an exchange's gift: no turn
            recorder.note("person", before.view(seat), before.legal_moves(seat), move)
        final = states[-1]
        recorder.end(final.scores or (0,) * rules.players, final.winner)
        deals += 1
    return Written(recorder.close(), deals, other)
