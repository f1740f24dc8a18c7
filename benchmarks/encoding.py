"""The action encoding's cost: for every preset and a few option sets, the size of the fixed
space, the time to build its table of plays (CPU seconds, caches empty), the memory the table
keeps (``tracemalloc``: what stays allocated after the build) and the build's peak; then the
time of one ``action_mask`` over random positions, fixed and dynamic (two decks, wild jokers).

Run ``python benchmarks/encoding.py``.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc

from bigtwo import Game, Rules
from bigtwo.combos.tables import clear_tables
from bigtwo.encoding import action_mask, fixed_space, is_fixed, space_size


def build(rules: Rules) -> tuple[int, float, float, float]:
    """(size, CPU seconds, MB kept, MB peak) of building the fixed space of ``rules``."""
    fixed_space.cache_clear()
    clear_tables()
    start = time.process_time()
    space = fixed_space(rules)
    seconds = time.process_time() - start  # timed without tracemalloc, which slows it
    fixed_space.cache_clear()
    clear_tables()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    space = fixed_space(rules)
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return space.size, seconds, (kept - before) / 1e6, (peak - before) / 1e6


def mask_time(rules: Rules, positions: int = 300) -> float:
    """Mean CPU microseconds of one ``action_mask`` at random positions of random deals."""
    rng = random.Random(1)
    total, n = 0.0, 0
    if is_fixed(rules):
        fixed_space(rules)  # built before timing
    game = Game.deal(rules, seed=0)
    while n < positions:
        if game.is_over:
            game = Game.deal(rules, seed=n)
            continue
        legal = game.legal_moves()
        view = game.view(game.to_move)
        start = time.process_time()
        action_mask(view, legal)
        total += time.process_time() - start
        n += 1
        game = game.play(rng.choice(legal))
    return total / n * 1e6


def main() -> None:
    classic = Rules.preset("classic")
    cases = [(name, Rules.preset(name)) for name in Rules.presets()]
    cases += [
        ("classic + valueless jokers, 3p", classic.replace(players=3, jokers="valueless")),
        ("classic + 6-card straights", classic.replace(straight_lengths=(5, 6))),
        ("classic + 7-card straights", classic.replace(straight_lengths=(5, 7))),
        ("classic + straight flush plus two", classic.replace(sf_plus_two=True)),
    ]
    heads = ("actions", "build s", "kept MB", "peak MB", "mask µs")
    print(f"{'rules':36} " + " ".join(f"{h:>8}" for h in heads))
    for name, rules in cases:
        size, seconds, kept, peak = build(rules)
        print(f"{name:36} {size:8,} {seconds:8.2f} {kept:8.1f} {peak:8.1f} {mask_time(rules):8.0f}")
    for name, rules in [
        ("two decks, 6p (dynamic)", classic.replace(players=6, decks=2)),
        ("wild jokers (dynamic)", classic.replace(jokers="wild")),
    ]:
        assert space_size(rules) is None
        print(f"{name:36} {'-':>8} {'-':>8} {'-':>8} {'-':>8} {mask_time(rules):8.0f}")


if __name__ == "__main__":
    main()
