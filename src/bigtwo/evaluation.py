"""How good is a policy? `evaluate` plays it against opponents on duplicate deals and says, with
a 95% confidence interval, how many points a deal it gains over them.

>>> from bigtwo.evaluation import evaluate
>>> result = evaluate("heuristic", "random", deals=8, seed=1)
>>> result.margin.low > 0  # the hard bot clearly beats random, even on eight deals
True

The policy sits at a table with one opponent in every other seat, and each deal is played once
per seat: the policy holds every hand of the deal once, and so does every opponent (the arena's
duplicate rotation, `bigtwo.arena`, with the order the opponents sit in shuffled per deal). The
*margin* of a deal is the policy's mean score over its seats minus the opponents' mean over
theirs: the points the policy makes with a hand beyond what the opponents make with the same
hand, so the luck of the cards cancels. A policy against copies of itself has a margin of 0 in
expectation (exactly 0 a deal when it plays without randomness).

The interval is a Student t-interval over deals (`bigtwo.stats`): the deals are independent
and alike, while the games within a deal share its cards, so the unit is the deal, never the
game; each deal's margin is already an average over its seatings, so the mean of a few dozen is
close to normal, and the t quantile widens the interval for a variance estimated from few deals
(a percentile bootstrap would be narrower there, and cover less than 95%).

Everything needs the package alone: no optional extra, no registry. Policies and opponents are
`Bot` objects, callables ``(view, legal_moves) -> Move``, bot names (``"heuristic"``) or module
paths (``"mypkg.agents:MyAgent"``, ``"path/to/file.py:make_agent"``: `bigtwo.bots.outside`).
Named bots and module paths are made afresh each game with seeds from ``seed``, so a run
reproduces its numbers; objects given are used as they are, in this process.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from .arena import ArenaConfig, ArenaResult, finite, run_arena
from .bots import Bot
from .bots.outside import Agent
from .checks import describe
from .errors import BigTwoError
from .rules import Rules
from .stats import mean_ci

Player = str | Agent


@dataclass(frozen=True)
class Estimate:
    """A mean over deals and its 95% t-interval (infinite from a single deal)."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        mean, half = mean_ci(values)
        return cls(mean, mean - half, mean + half)

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out 0: the difference is more than chance."""
        return self.low > 0 or self.high < 0

    def to_dict(self) -> dict[str, float | None]:
        return {"mean": self.mean, "low": finite(self.low), "high": finite(self.high)}


@dataclass(frozen=True)
class Evaluation:
    """What `evaluate` found. ``margin``: the policy's points a deal beyond the opponents'
    with the same hands; ``score``: its own mean points a deal; both with 95% t-intervals over
    deals. ``arena`` holds every deal's figures and the margins against each opponent."""

    policy: str
    opponents: tuple[str, ...]
    rules: str
    seed: int
    deals: int
    margin: Estimate
    score: Estimate
    win_rate: float  # of the games the policy played, the share it won
    games: int
    per_deal: tuple[float, ...]  # each deal's margin
    arena: ArenaResult
    interval: str = "95% Student t-interval over duplicate deals"

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON values."""
        return {
            "policy": self.policy,
            "opponents": list(self.opponents),
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "margin": self.margin.to_dict(),
            "score": self.score.to_dict(),
            "win_rate": self.win_rate,
            "games": self.games,
            "interval": self.interval,
            "per_deal": list(self.per_deal),
        }

    def __str__(self) -> str:
        half = (self.margin.high - self.margin.low) / 2
        shown = "± —" if math.isinf(half) else f"± {half:.2f}"
        verdict = "clear" if self.margin.clear else "not clear"
        field = self.opponents
        versus = f"{len(field)} × {field[0]}" if len(set(field)) == 1 else ", ".join(field)
        return (
            f"{self.policy} vs {versus}: {self.margin.mean:+.2f} points a deal"
            f" ({shown}, 95%, {verdict}), wins {self.win_rate:.1%} of {self.games} games,"
            f" {self.deals} duplicate deals, {self.rules} rules"
        )


def evaluate(
    policy: Player,
    opponents: Player | Sequence[Player] = "random",
    deals: int = 100,
    rules: str = "classic",
    *,
    seed: int = 0,
    name: str = "policy",
    workers: int | None = 1,
    samples: int | None = None,
    ray: str | None = None,
) -> Evaluation:
    """Play ``policy`` against ``opponents`` (one for every other seat, or one for all of them)
    on ``deals`` duplicate deals of the preset ``rules``; the margin a deal with its interval.

    ``name`` labels the policy in the results; ``workers`` > 1 plays in that many processes
    when every player is named (objects given play in this process), and ``ray`` on the Ray
    cluster at that address instead (`bigtwo.spread`), with the same numbers; ``samples``
    sets the expert's sampled deals a move."""
    if not isinstance(rules, str):
        raise BigTwoError(f"evaluate takes a rule set's name, not {describe(rules)}")
    if not isinstance(deals, int) or isinstance(deals, bool):
        raise BigTwoError(f"deals is a whole number, not {describe(deals)}")
    players = Rules.preset(rules).players
    field: list[Player] = (
        list(opponents)
        if isinstance(opponents, list | tuple)
        else [cast(Player, opponents)] * (players - 1)
    )
    if len(field) != players - 1:
        raise BigTwoError(
            f"{rules} seats {players}: give {players - 1} opponents or one, not {len(field)}"
        )
    # the policy plays under ``name`` whatever it is, so that a bot, a callable doing what it
    # does and its name seat the very same games
    names = (name, *(_label(p) for p in field))
    agents = (policy, *(None if isinstance(p, str) else p for p in field))
    config = ArenaConfig(
        names, deals, rules, seed, workers=workers, samples=samples, agents=agents, ray=ray
    )
    return _evaluation(run_arena(config))


def _label(player: Player) -> str:
    if isinstance(player, str):
        return player.strip()
    if isinstance(player, Bot):
        return player.name
    return str(getattr(player, "__name__", type(player).__name__))


def _evaluation(result: ArenaResult) -> Evaluation:
    """The policy's (entrant 0's) figures from the arena's deals."""
    config = result.config
    margins = [
        d.mean_score[0] - math.fsum(d.mean_score[1:]) / (len(d.mean_score) - 1)
        for d in result.deals
    ]
    return Evaluation(
        policy=config.labels[0],
        opponents=config.bots[1:],
        rules=config.rules,
        seed=config.seed,
        deals=len(result.deals),
        margin=Estimate.of(margins),
        score=Estimate.of([d.mean_score[0] for d in result.deals]),
        win_rate=sum(d.wins[0] for d in result.deals)
        / max(1, sum(d.seats[0] for d in result.deals)),
        games=sum(d.seats[0] for d in result.deals),
        per_deal=tuple(margins),
        arena=result,
    )


# What the learned bot is measured against: the published self-play agent takes this many
# points a deal from the heuristic when one heuristic plays three of it (tournament rules).
PUBLISHED_TAKE = 1.9


@dataclass(frozen=True)
class Footing:
    """A learned agent against the heuristic on the published agent's footing: ``outnumbered``
    is one ``heuristic`` against three of the agent, ``alone`` one agent against three
    heuristics, both on the same duplicate deals."""

    outnumbered: Evaluation
    alone: Evaluation

    @property
    def taken(self) -> Estimate:
        """The points a deal the lone heuristic loses (its own score, negated)."""
        s = self.outnumbered.score
        return Estimate(-s.mean, -s.high, -s.low)

    @property
    def beats_published(self) -> bool:
        """Whether the heuristic surely loses at least `PUBLISHED_TAKE` a deal (the whole
        interval at or above it)."""
        return self.taken.low >= PUBLISHED_TAKE

    @property
    def scores_alone(self) -> bool:
        """Whether the lone agent surely scores above 0 against three heuristics."""
        return self.alone.score.low > 0

    def __str__(self) -> str:
        # the lone heuristic's own score: "loses -1.96" (its negation, `taken`) misleads
        s, a = self.outnumbered.score, self.alone.score
        return (
            f"one heuristic against three {self.alone.policy}: scores {s.mean:+.2f} a deal"
            f" (95% {s.low:+.2f} to {s.high:+.2f}; against the published agent it loses"
            f" {PUBLISHED_TAKE}, so {-PUBLISHED_TAKE:+.1f} or less is the target)\n"
            f"one {self.alone.policy} against three heuristics: scores {a.mean:+.2f} a deal"
            f" (95% {a.low:+.2f} to {a.high:+.2f})\n"
            f"{self.alone.deals} duplicate deals, {self.alone.rules} rules, seed {self.alone.seed}"
        )


def footing(
    agent: Player = "learned",
    deals: int = 1000,
    rules: str = "tournament",
    *,
    seed: int = 0,
    workers: int | None = 1,
) -> Footing:
    """Measure ``agent`` (the shipped learned bot by default, or any `Player`) on the footing
    the published self-play agent was measured on (`Footing`), ``deals`` duplicate deals each
    way, with 95% t-intervals over deals."""
    name = _label(agent) if not isinstance(agent, str) else agent.strip()
    players = Rules.preset(rules).players
    outnumbered = evaluate(
        "heuristic",
        [agent] * (players - 1),
        deals,
        rules,
        seed=seed,
        name="heuristic",
        workers=workers,
    )
    alone = evaluate(agent, "heuristic", deals, rules, seed=seed, name=name, workers=workers)
    return Footing(outnumbered, alone)
