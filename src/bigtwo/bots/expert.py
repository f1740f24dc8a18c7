"""`ExpertBot`: determinized rollouts on top of the heuristic.

For each decision it takes the heuristic's few best candidate moves (and the pass), then
repeatedly samples the hidden hands consistently with what it has seen (`sampling`), plays
each candidate on that same sample and finishes the deal with the heuristic playing every
seat (`simulate`), scoring it by the rule set's own scoring. Every candidate sees the same
samples, so their results compare in pairs; it leaves the heuristic's own choice only when
another candidate scores better by a clear margin (``MARGIN`` standard errors), which keeps a
small budget from turning noise into mistakes.

The samples are drawn from a random generator seeded by the bot's seed *and the position*,
so a seeded expert gives the same advice whenever it sees the same position (hints and
reviews rely on it), whatever it decided before.

The budget, per move:

* default: ``DEFAULT_SAMPLES`` sampled deals, but never more than ``DEFAULT_TIME_CAP``
  seconds of CPU time (this thread's): sampling stops when that passes, inside a rollout if
  need be, and the unfinished sample is dropped. Most one-deck moves finish well inside the
  cap and are then reproducible; big positions (two decks, 26-card hands) are cut short.
* ``samples=N``: exactly N sampled deals, however long they take: reproducible with a seed.
* ``budget=seconds``: as many samples as fit in that many wall-clock seconds (checked
  inside rollouts too, so it overshoots by a few milliseconds at most): not reproducible.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..checks import describe, whole_number
from ..combos import PASS, Combination, Move
from ..engine.view import View
from ..errors import BigTwoError
from .base import bounded, check_choice, check_seed, register
from .knowledge import deal_tables
from .policy import Situation, choose, score_plays, shortlist, table_owner
from .sampling import gather, sample
from .side_actions import plays_only, side_action
from .simulate import Sim
from .situation import situation

DEFAULT_SAMPLES = 40
DEFAULT_TIME_CAP = 0.7  # CPU seconds a move at the default setting: the last rollout step
# and the work before the search may add up to ~0.15 s, and the target is 1 s
MAX_SAMPLES = 100_000
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


@dataclass(frozen=True)
class Analysis:
    """What one decision's search found: the choice, the heuristic's own move, and each
    searched candidate's score on every sample (paired: sample k is the same deal for all)."""

    choice: Move
    heuristic: Move
    samples: int = 0
    seconds: float = 0.0
    capped: bool = False  # the clock stopped the sampling
    results: dict[Move, list[float]] = field(default_factory=dict)

    def edge(self, better: Move, than: Move) -> float:
        """Points a deal by which ``better`` clearly beat ``than`` on the same samples (by
        ``MARGIN`` standard errors; 0 when not clearly, or when either wasn't searched)."""
        a, b = self.results.get(better), self.results.get(than)
        if a is None or b is None or better == than:
            return 0.0
        return _paired_edge(a, b)


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
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)
        if samples is not None:
            whole_number(samples, "samples", 1, MAX_SAMPLES)
        if budget is not None and not (
            isinstance(budget, int | float) and not isinstance(budget, bool) and 0 < budget <= 3600
        ):
            raise BigTwoError(f"budget must be 0-3600 seconds (above 0), not {describe(budget)}")
        whole_number(candidates, "candidates", 1, 100)
        default = samples is None and budget is None
        self.samples = DEFAULT_SAMPLES if default else samples
        self.budget = budget
        self.time_cap = DEFAULT_TIME_CAP if default else None
        self.candidates = candidates
        self.last_stats: dict[str, float] = {}

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        return self.analyse(view, bounded(legal_moves)).choice

    def analyse(
        self, view: View, legal_moves: Sequence[Move], also: Move | None = None
    ) -> Analysis:
        """The decision and what the search behind it found; ``also`` (a legal play or
        pass) is searched as well, so that its result can be compared with the choice."""
        check_choice(view, legal_moves)
        if also is not None and not isinstance(also, Move):
            raise BigTwoError(f"also must be a Move or none, not {describe(also)}")
        clock = _Clock(self.time_cap, self.budget)
        self.last_stats = {}  # filled only when this decision is searched
        if len(legal_moves) == 1:
            return Analysis(legal_moves[0], legal_moves[0])
        special = side_action(view, legal_moves)
        if special is not None:
            return Analysis(special, special)
        moves = plays_only(legal_moves) or list(legal_moves)
        plays = [m for m in moves if isinstance(m, Combination)]
        can_pass = PASS in moves
        if not plays:
            move = PASS if can_pass else moves[0]
            return Analysis(move, move)
        sit = situation(view, legal_moves)
        preferred = choose(sit, plays, can_pass)
        candidates = self._candidates(sit, plays, can_pass, preferred)
        if len(candidates) > 1 and also is not None and also in moves:
            extra = also if isinstance(also, Combination) else None
            if (extra is not None or also.is_pass) and extra not in candidates:
                candidates.append(extra)
        if len(candidates) == 1:
            return Analysis(_as_move(preferred), _as_move(preferred))
        return self._search(view, legal_moves, candidates, preferred, clock)

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
        ranked = sorted(
            score_plays(sit, shortlist(plays, sit.hand, sit.t)), key=lambda gm: (-gm[0], gm[1].key)
        )
        out: list[Combination | None] = [m for _, m in ranked[: self.candidates]]
        if preferred not in out:
            out.append(preferred)
        if can_pass and None not in out:
            out.append(None)
        return out

    def _rng(self, view: View) -> random.Random:
        """The samples' generator: from the seed and the position when seeded."""
        if self.seed is None:
            return self.rng
        text = repr((self.seed, view.seat, view.hand_mask, [(s, str(m)) for s, m in view.history]))
        return random.Random(hashlib.blake2b(text.encode(), digest_size=8).digest())

    def _search(
        self,
        view: View,
        legal_moves: Sequence[Move],
        candidates: list[Combination | None],
        preferred: Combination | None,
        clock: _Clock,
    ) -> Analysis:
        t = deal_tables(view, legal_moves)
        ev = gather(view, t)
        me = view.seat
        start = Sim.from_view(view, t)
        rng = self._rng(view)
        results: list[list[float]] = [[] for _ in candidates]
        done = 0
        stopped = False
        while not stopped:
            if self.samples is not None and done >= self.samples:
                break
            if clock.over():
                stopped = True
                break
            hands = list(sample(ev, rng))
            hands[me] = view.hand_mask
            row: list[float] = []
            for move in candidates:
                sim = start.copy()
                sim.hands = list(hands)
                sim.apply(move)
                if not sim.rollout(rollout_policy, stop=clock.over_soon):
                    stopped = True  # out of time: this sample is dropped for every candidate
                    break
                row.append(sim.scores()[me])
            if stopped:
                break
            for values, value in zip(results, row, strict=True):
                values.append(value)
            done += 1
        base = results[candidates.index(preferred)]
        best, best_edge = preferred, 0.0
        for move, values in zip(candidates, results, strict=True):
            if move is preferred:
                continue
            edge = _paired_edge(values, base)
            if edge > best_edge:
                best, best_edge = move, edge
        seconds = clock.seconds()
        self.last_stats = {
            "samples": float(done),
            "seconds": seconds,
            "edge": best_edge,  # points a deal the choice gained over the heuristic's
            "capped": float(stopped),  # the clock stopped the sampling
        }
        return Analysis(
            _as_move(best),
            _as_move(preferred),
            done,
            seconds,
            stopped,
            {_as_move(m): v for m, v in zip(candidates, results, strict=True)},
        )


class _Clock:
    """The move's time limits: CPU seconds of this thread (the default cap) and wall-clock
    seconds (``budget``), both counted from the start of the decision."""

    def __init__(self, cpu_cap: float | None, wall_budget: float | None) -> None:
        self.cpu0, self.wall0 = time.thread_time(), time.perf_counter()
        self.cpu_cap, self.wall_budget = cpu_cap, wall_budget
        self.over_soon: Callable[[], bool] | None = (
            self.over if cpu_cap is not None or wall_budget is not None else None
        )

    def over(self) -> bool:
        if self.cpu_cap is not None and time.thread_time() - self.cpu0 >= self.cpu_cap:
            return True
        return self.wall_budget is not None and time.perf_counter() - self.wall0 >= self.wall_budget

    def seconds(self) -> float:
        return time.perf_counter() - self.wall0


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
