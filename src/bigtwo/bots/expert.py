"""`ExpertBot`: determinized rollouts on top of the heuristic.

For each decision it takes the heuristic's few best candidate moves (and the pass), then
repeatedly samples the hidden hands consistently with what it has seen (`sampling`), plays
each candidate on that same sample and finishes the deal with the heuristic playing every
seat (`simulate`), scoring it by the rule set's own scoring. Every candidate sees the same
samples, so their results compare in pairs; it leaves the heuristic's own choice only when
another candidate scores better by a clear margin, which keeps a small budget from turning
noise into mistakes.

The budget is a number of samples (``samples``, reproducible with a seed) or seconds
(``budget``); by default ``DEFAULT_SAMPLES``, about a quarter of a second a move here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..combos import PASS, Combination, Move
from ..engine.view import View
from .base import register
from .heuristic import situation
from .knowledge import deal_tables
from .policy import Situation, choose, score_plays, table_owner
from .sampling import gather, sample
from .side_actions import plays_only, side_action
from .simulate import Sim

DEFAULT_SAMPLES = 40
CANDIDATES = 5  # the heuristic's best plays worth searching, plus the pass
MARGIN = 1.0  # standard errors by which a candidate must beat the heuristic's choice


def rollout_policy(
    sim: Sim, seat: int, plays: list[Combination], can_pass: bool
) -> Combination | None:
    """The heuristic, playing a seat of a simulated deal from that seat's knowledge."""
    hand = sim.hands[seat]
    teams = sim.teams
    counts = [h.bit_count() for h in sim.hands]
    mates = [s for s in range(sim.n) if s != seat and teams is not None and teams[s] == teams[seat]]
    owner_count, owner_next = 0, False
    if sim.table is not None:
        barred = sim.passed if sim.no_replay else 0
        owner_count, owner_next = table_owner(
            counts, seat, sim.table_seat, sim.step, barred, teams, sim.one_pass
        )
    sit = Situation(
        t=sim.t,
        hand=hand,
        table=sim.table,
        unseen=sim.deck & ~sim.played & ~hand,
        opponents=tuple(c for s, c in enumerate(counts) if s != seat and c and s not in mates),
        next_count=counts[sim.after(seat, skip_passed=False)],
        owner_count=owner_count,
        owner_next=owner_next,
        partner_count=max((counts[s] for s in mates), default=0),
        partner_owns=sim.table is not None and sim.table_seat in mates,
    )
    return choose(sit, plays, can_pass)


class ExpertBot:
    """Searches the heuristic's candidate moves with rollouts over sampled hidden hands."""

    name = "expert"
    level = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        samples: int | None = None,
        budget: float | None = None,
        candidates: int = CANDIDATES,
    ) -> None:
        self.rng = random.Random(seed)
        self.samples = samples if samples is not None or budget is not None else DEFAULT_SAMPLES
        self.budget = budget
        self.candidates = candidates
        self.last_stats: dict[str, float] = {}

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        special = side_action(view, legal_moves)
        if special is not None:
            return special
        moves = plays_only(legal_moves) or list(legal_moves)
        plays = [m for m in moves if isinstance(m, Combination)]
        can_pass = PASS in moves
        if not plays:
            return PASS if can_pass else moves[0]
        sit = situation(view, legal_moves)
        preferred = choose(sit, plays, can_pass)
        candidates = self._candidates(sit, plays, can_pass, preferred)
        if len(candidates) == 1:
            return _as_move(preferred)
        return _as_move(self._search(view, legal_moves, candidates, preferred))

    def _candidates(
        self,
        sit: Situation,
        plays: list[Combination],
        can_pass: bool,
        preferred: Combination | None,
    ) -> list[Combination | None]:
        for m in plays:
            if m.mask == sit.hand:
                return [m]  # going out: nothing to search
        ranked = sorted(score_plays(sit, plays), key=lambda gm: (-gm[0], gm[1].key))
        out: list[Combination | None] = [m for _, m in ranked[: self.candidates]]
        if preferred not in out:
            out.append(preferred)
        if can_pass and None not in out:
            out.append(None)
        return out

    def _search(
        self,
        view: View,
        legal_moves: Sequence[Move],
        candidates: list[Combination | None],
        preferred: Combination | None,
    ) -> Combination | None:
        t = deal_tables(view, legal_moves)
        ev = gather(view, t)
        me = view.seat
        start = Sim.from_view(view, t)
        results: list[list[float]] = [[] for _ in candidates]
        began = time.perf_counter()
        done = 0
        while True:
            if self.samples is not None and done >= self.samples:
                break
            if self.budget is not None and time.perf_counter() - began >= self.budget and done:
                break
            hands = list(sample(ev, self.rng))
            hands[me] = view.hand_mask
            for i, move in enumerate(candidates):
                sim = start.copy()
                sim.hands = list(hands)
                sim.apply(move)
                sim.rollout(rollout_policy)
                results[i].append(sim.scores()[me])
            done += 1
        base = results[candidates.index(preferred)]
        best, best_edge = preferred, 0.0
        for move, values in zip(candidates, results, strict=True):
            if move is preferred:
                continue
            edge = _paired_edge(values, base)
            if edge > best_edge:
                best, best_edge = move, edge
        self.last_stats = {
            "samples": float(done),
            "seconds": time.perf_counter() - began,
            "edge": best_edge,  # points a deal the choice gained over the heuristic's
        }
        return best


def _paired_edge(values: list[float], base: list[float]) -> float:
    """How far ``values`` beat ``base`` on the same samples, beyond ``MARGIN`` standard
    errors (0 when not clearly better)."""
    n = len(values)
    if n < 3:
        return 0.0
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    return mean if mean > MARGIN * se and mean > 0 else 0.0


def _as_move(choice: Combination | None) -> Move:
    return PASS if choice is None else choice


register("expert")(ExpertBot)
