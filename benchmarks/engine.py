"""Engine speed: random complete games per second, and the time to enumerate legal moves.

Run ``python benchmarks/engine.py [--quick]``. Figures are for one core.

* games/s: random complete 4-player classic deals through the public API (deal with a seed,
  choose uniformly among ``legal_moves()``, ``play``), scores included.
* lead, cold: every combination of a random 13-card hand on the lead, on fresh tables (empty
  classification cache); the one-off cost of building the tables is printed apart.
* lead, warm: the same with the per-Rules classification cache filled and the hand cache cleared.
* follow: the same, then the plays that beat a random five-card combination.
* reference: every subset of the hand classified one by one (the obviously-correct enumerator
  the property tests compare against), for scale.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import bigtwo
from bigtwo.cards import mask_of
from bigtwo.combos import Combination, classify_mask, hand_combos, tables_for
from bigtwo.combos.beats import can_lead
from bigtwo.combos.tables import FIVE, Tables


def random_hands(count: int, size: int, seed: int) -> list[int]:
    """``count`` random ``size``-card hands from one 52-card deck, as bitmasks."""
    rng = random.Random(seed)
    return [mask_of(rng.sample(range(52), size)) for _ in range(count)]


def games_per_second(rules: bigtwo.Rules, seconds: float) -> tuple[float, float]:
    """(games per second, moves per game) of random play for about ``seconds``."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = bigtwo.Game.deal(rules, seed=games)
        while not game.is_over:
            legal = game.legal_moves()
            game = game.play(legal[rng.randrange(len(legal))])
            moves += 1
        assert game.scores is not None
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def fresh_tables(rules: bigtwo.Rules) -> Tables:
    """New tables with empty caches, prepared as the generator will use them."""
    t = Tables(rules, False)
    hand_combos(0, t)  # builds any per-Rules generator tables outside the timing
    t.hand_cache.clear()
    return t


def time_per_hand(hands: list[int], run: Callable[[int], object]) -> float:
    """Average microseconds of ``run(hand)`` over ``hands``."""
    total = 0
    for hand in hands:
        start = time.perf_counter_ns()
        run(hand)
        total += time.perf_counter_ns() - start
    return total / len(hands) / 1000


def lead_cold(rules: bigtwo.Rules, hands: list[int]) -> float:
    total = 0.0
    for hand in hands:
        t = fresh_tables(rules)
        total += time_per_hand([hand], lambda h, t=t: hand_combos(h, t).leads)
    return total / len(hands)


def lead_warm(t: Tables, hands: list[int]) -> float:
    def run(hand: int) -> object:
        t.hand_cache.clear()
        return hand_combos(hand, t).leads

    for hand in hands:
        run(hand)  # fill the classification cache
    return time_per_hand(hands, run)


def follow_warm(t: Tables, hands: list[int], seed: int) -> float:
    rng = random.Random(seed)
    lasts: dict[int, Combination] = {}
    for hand in hands:
        fives = []
        while not fives:
            other = mask_of(rng.sample(range(52), 13))
            fives = [c for c in hand_combos(other, t).leads if c.family == FIVE]
        lasts[hand] = rng.choice(fives)

    def run(hand: int) -> object:
        t.hand_cache.clear()
        return hand_combos(hand, t).following(lasts[hand], t)

    for hand in hands:
        run(hand)
    return time_per_hand(hands, run)


def reference_leads(hand: int, t: Tables) -> list[Combination]:
    """Every subset of ``hand`` classified: the slow, obviously-correct enumeration."""
    bits = [1 << i for i in range(128) if hand >> i & 1]
    out = []
    for pick in range(1, 1 << len(bits)):
        mask = sum(b for i, b in enumerate(bits) if pick >> i & 1)
        combo = classify_mask(mask, t)
        if combo is not None and can_lead(combo, t):
            out.append(combo)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    args = parser.parse_args()
    n_hands, seconds = (200, 2.0) if args.quick else (2000, 6.0)
    rules = bigtwo.Rules.preset("classic")
    hands = random_hands(n_hands, 13, seed=2024)

    gps, mpg = games_per_second(rules, seconds)
    print(f"random 4-player classic games: {gps:8.0f} games/s ({mpg:.1f} moves a game)")

    start = time.perf_counter()
    tables_for.cache_clear()
    t = fresh_tables(rules)
    print(f"per-Rules tables:              {(time.perf_counter() - start) * 1e3:8.2f} ms once")
    print(f"13-card hand on the lead, cold:{lead_cold(rules, hands[:200]):8.1f} µs")
    print(f"13-card hand on the lead, warm:{lead_warm(t, hands):8.1f} µs")
    print(f"13-card hand following a five: {follow_warm(t, hands, seed=7):8.1f} µs (warm)")
    ref_t = fresh_tables(rules)
    ref = time_per_hand(hands[:10], lambda h: reference_leads(h, ref_t))
    print(f"reference subset enumerator:   {ref:8.0f} µs a hand (cold, {10} hands)")


if __name__ == "__main__":
    main()
