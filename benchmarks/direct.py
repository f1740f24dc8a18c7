"""A deal of bots driven on the bare `Game`, without a table: the yardstick the table's cost
is measured against (``table.py``), and the per-turn clock of the rule-set rows
(``engine.py``), which a table playing a whole deal in one call can't give. It asks the bots
in the table's order: every out-of-turn claim first, then the player to move."""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping

import bigtwo
from bigtwo.driver import bot_claim, bot_turn

STEP_LIMIT = 20_000  # no real deal takes this many actions


def play_out(
    game: bigtwo.Game, bots: Mapping[int, bigtwo.Bot], timed: Collection[int] = ()
) -> tuple[bigtwo.Game, list[float]]:
    """``game`` played to its end, and the CPU seconds of each turn of a ``timed`` seat (the
    bot's decision with the fetching of its moves and the play)."""
    seconds = []
    for _ in range(STEP_LIMIT):
        claim = bot_claim(game, bots)
        if claim is not None:
            game = game.play(claim[1], seat=claim[0])
            continue
        if game.is_over:
            return game, seconds
        seat = game.to_move
        c0 = time.process_time()
        game = bot_turn(game, bots)
        if seat in timed:
            seconds.append(time.process_time() - c0)
    raise RuntimeError(f"the deal did not end within {STEP_LIMIT} actions")
