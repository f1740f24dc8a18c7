"""Random complete classic games through the public API alone (``Game.deal`` with a seed,
``legal_moves()``, ``play``, the scores): the workload `engine.py` times in this tree and in an
older commit's, so it uses nothing an older ``bigtwo`` lacks.

Run as a child of `engine.py`: ``python games.py SECONDS CORE SRC`` prints ``games/s
moves/game`` for about ``SECONDS`` of this process's CPU time, pinned to ``CORE`` (-1: not
pinned), after checking that ``bigtwo`` was imported from the folder ``SRC``.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import bigtwo


def games_per_second(seconds: float, warmup: float = 0.5) -> tuple[float, float]:
    """(games per CPU second, moves per game) of random classic play for about ``seconds``
    of CPU time, after ``warmup`` seconds of the same play (tables and caches filled)."""
    rules = bigtwo.Rules.preset("classic")
    _play(rules, warmup, first_seed=1_000_000)
    return _play(rules, seconds, first_seed=0)


def _play(rules: bigtwo.Rules, seconds: float, first_seed: int) -> tuple[float, float]:
    rng = random.Random(first_seed)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds or not games:
        game = bigtwo.Game.deal(rules, seed=first_seed + games)
        while not game.is_over:
            legal = game.legal_moves()
            game = game.play(legal[rng.randrange(len(legal))])
            moves += 1
        assert game.scores is not None
        games += 1
    return games / (time.process_time() - start), moves / games


if __name__ == "__main__":
    seconds, core, src = float(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]).resolve()
    if src not in Path(bigtwo.__file__).resolve().parents:
        sys.exit(f"bigtwo was imported from {bigtwo.__file__}, not from {src}")
    if core >= 0:
        os.sched_setaffinity(0, {core})
    rate, per_game = games_per_second(seconds)
    print(f"{rate:.1f} {per_game:.2f}")
