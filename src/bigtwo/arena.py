"""Bot matches: duplicate deals across processes, scores with confidence intervals, win
rates and `openskill` ratings, saved as JSON and a PNG plot. The ratings and the plot need the
``arena`` extra; without it a summary has everything else and says why the ratings are missing.

*Duplicate*: every deal is replayed once per distinct rotation of the line-up (with four
players and two bots, ``A B A B`` and ``B A B A``; with four bots, each bot in each seat), so
every bot holds every hand and the luck of the cards cancels. With three bots or more, who sits
after whom matters too, so each deal first shuffles the order of the bots (with a generator
seeded from the deal, starting from the bots sorted by label): over the deals every bot sits
after every other, and the seating of a deal doesn't depend on the order the bots were named
in. A bot's *score per deal* is its mean over the seats it held in that deal; deals are
independent (the games within a deal share its cards, so they are not), so the 95%
confidence intervals are t-intervals across deals (`bigtwo.stats`), and so are the pairwise
margins. A bot named twice plays against itself under two labels (``heuristic`` and
``heuristic#2``), a check that the margin between them is nought.

Deals are spread over processes, or a Ray cluster, by `bigtwo.spread`, a task a deal. They are
played through `bigtwo.table.Table`, as ``bigtwo play`` and ``bigtwo simulate`` play them, so
bots announce, claim and play out of turn where the rules allow, and turn order lives in the
table alone.

Outside agents join without touching the bot registry: a line-up may name an agent by module
path (``package.module:attribute`` or ``path/to/file.py:attribute``, `bigtwo.bots.outside`),
which every worker process imports, or hand `Bot` objects and callables ``(view, legal_moves)
-> Move`` over as ``agents`` (played in this process, since such objects may not pickle).

Runs are reproducible: the deals, the bots' seeds and the order of the results depend only on
``seed``, whatever the number of worker processes; the expert runs a fixed number of samples
(``samples``, or its default without the time cap it has in play) — unless it is given a time
budget (``budget``), when its number of samples depends on the machine.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from .bots import Bot, ExpertBot, make_bot
from .bots.expert import DEFAULT_SAMPLES
from .bots.outside import Agent, as_bot, is_agent_path, load_agent, one_line, short_name
from .checks import as_whole, describe
from .engine import Game
from .errors import BigTwoError
from .extras import MissingExtraError, require
from .rules import Rules
from .session import SEED_BITS
from .spread import spread
from .stats import mean_ci
from .table import SessionEnd, Table


class DealRecorder(Protocol):
    """Something that watches the bots' choices deal by deal (`bigtwo.env.dataset`)."""

    def seat(self, bots: Sequence[Bot], labels: Sequence[str] | None = None) -> list[Bot]: ...

    def begin(self, deal: int) -> None: ...

    def end(self, scores: Sequence[float], winner: int | None) -> None: ...


@dataclass(frozen=True)
class ArenaConfig:
    """What to play: bot names, the number of deals, the rule set and the expert's budget.
    ``agents``, when given, has one entry a bot: None where the name says what to play (a
    bot's name or a module path), else what plays under that name: another bot's name or
    module path, or a `Bot` or callable."""

    bots: tuple[str, ...]
    deals: int
    rules: str = "classic"
    seed: int = 0
    workers: int | None = None  # processes; None: every core (on Ray: tasks at once)
    budget: float | None = None  # expert: seconds a move (not reproducible)
    samples: int | None = None  # expert: sampled deals a move (reproducible)
    ray: str | None = None  # a Ray cluster's address (`bigtwo.spread`); None: local processes
    agents: tuple[str | Agent | None, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise BigTwoError("an arena needs at least two bots")
        if self.agents and len(self.agents) != len(self.bots):
            raise BigTwoError(
                f"agents needs one entry a bot ({len(self.bots)}), not {len(self.agents)}"
            )
        for agent in self.agents:
            if agent is not None and not isinstance(agent, str) and as_bot(agent) is None:
                raise BigTwoError(
                    "an agent is a Bot or a callable (view, legal_moves) -> move, not"
                    f" {describe(agent)}"
                )
        if self.objects and self.workers not in (None, 1):
            raise BigTwoError(
                "agents given as objects play in this process: leave workers at 1, or name"
                " them by module path"
            )
        if self.objects and self.ray is not None:
            raise BigTwoError(
                "agents given as objects play in this process, not on Ray: name them by module path"
            )
        if self.ray is not None and not (isinstance(self.ray, str) and self.ray.strip()):
            raise BigTwoError(f"a Ray address is a text, not {describe(self.ray)}")
        deals, workers, seed = as_whole(self.deals), as_whole(self.workers), as_whole(self.seed)
        if deals is None:
            raise BigTwoError(f"the number of deals is a whole number, not {describe(self.deals)}")
        if deals < 1:
            raise BigTwoError("the number of deals must be at least 1")
        if self.workers is not None and workers is None:
            raise BigTwoError(f"workers is a whole number or None, not {describe(self.workers)}")
        if workers is not None and workers < 1:
            raise BigTwoError("the number of workers must be at least 1")
        if seed is None or seed.bit_length() > SEED_BITS:
            # checked here, where it is given: every deal's seed is derived from it
            shown = describe(self.seed)
            raise BigTwoError(
                f"seed must be a whole number of at most {SEED_BITS} bits, not {shown}"
            )
        # numpy's integers kept as ints: the deals' seeds are derived from them (numpy's
        # arithmetic would wrap) and arena.json holds them
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "workers", workers)
        object.__setattr__(self, "seed", seed)
        if self.budget is not None and not (math.isfinite(self.budget) and self.budget > 0):
            raise BigTwoError("the expert's budget must be a number of seconds above 0")
        if self.samples is not None and self.samples < 1:
            raise BigTwoError("the expert's samples must be at least 1")
        if self.budget is not None and self.samples is not None:
            raise BigTwoError("give the expert either a budget or samples, not both")

    @property
    def objects(self) -> bool:
        """Whether some agent is an object (not a name), which only this process can play."""
        return any(a is not None and not isinstance(a, str) for a in self.agents)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON values (the agents' objects left out: their names are in
        ``bots``)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "agents"}

    @property
    def labels(self) -> tuple[str, ...]:
        """The bots' names, told apart when one is named more than once: ``heuristic``,
        ``heuristic#2``, …"""
        return labels(self.bots)


@dataclass(frozen=True)
class DealResult:
    """One deal in every rotation: each bot's mean score and its wins, and each game's
    scores by bot for the ratings."""

    deal: int
    mean_score: tuple[float, ...]  # by bot index
    wins: tuple[int, ...]
    seats: tuple[int, ...]  # seat-games each bot played
    games: tuple[tuple[float, ...], ...]  # per game: each bot's mean score (nan if absent)


@dataclass
class ArenaResult:
    config: ArenaConfig
    deals: list[DealResult] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """Everything worth saving: per-bot score and win rate, pairwise margins, ratings
        (empty without `openskill`, and ``ratings_missing`` says which extra brings them)."""
        names = self.config.labels
        per_bot = []
        for i, name in enumerate(names):
            scores = [d.mean_score[i] for d in self.deals]
            mean, half = mean_ci(scores)
            seats = sum(d.seats[i] for d in self.deals)
            wins = sum(d.wins[i] for d in self.deals)
            per_bot.append(
                {
                    "bot": name,
                    "mean_score": mean,
                    "ci95": finite(half),
                    "win_rate": wins / seats if seats else 0.0,
                    "seat_games": seats,
                }
            )
        margins = []
        for i, a in enumerate(names):
            for j in range(i + 1, len(names)):
                diffs = [d.mean_score[i] - d.mean_score[j] for d in self.deals]
                mean, half = mean_ci(diffs)
                margins.append({"bot": a, "versus": names[j], "margin": mean, "ci95": finite(half)})
        out: dict[str, Any] = {
            "config": self.config.to_dict(),
            "deals_played": len(self.deals),
            "reproducible": self.config.budget is None,
            "bots": per_bot,
            "margins": margins,
            "ratings": [],
            # each deal's mean score by bot, so that runs can be pooled or re-analysed
            "per_deal": [list(d.mean_score) for d in self.deals],
        }
        try:
            out["ratings"] = self.ratings()
        except MissingExtraError as exc:
            out["ratings_missing"] = str(exc)
        return out

    def ratings(self) -> list[dict[str, float | str]]:
        """`openskill` Plackett-Luce ratings from every game, in deal order."""
        require("arena", "rating the bots", ["openskill"])
        from openskill.models import PlackettLuce

        model = PlackettLuce(tau=0.0)  # bots don't change during a run: no drift term
        names = self.config.labels
        current = {n: model.rating(name=n) for n in names}
        for d in self.deals:
            for game in d.games:
                present = [i for i, s in enumerate(game) if not math.isnan(s)]
                if len(present) < 2:
                    continue
                teams = [[current[names[i]]] for i in present]
                rated = model.rate(teams, scores=[game[i] for i in present])
                for i, team in zip(present, rated, strict=True):
                    current[names[i]] = team[0]
        return [
            {"bot": n, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for n, r in current.items()
        ]

    def save(self, out: Path) -> tuple[Path, Path]:
        """Write ``arena.json`` and ``ratings.png`` into ``out``; return their paths."""
        require("arena", "saving the ratings and their plot")
        out.mkdir(parents=True, exist_ok=True)
        summary = self.summary()
        json_path = out / "arena.json"
        json_path.write_text(json.dumps(summary, indent=2, allow_nan=False) + "\n")
        png_path = out / "ratings.png"
        plot_ratings(summary, png_path)
        return json_path, png_path


def finite(x: float) -> float | None:
    """``x``, or None when it is infinite or not a number (JSON has no such numbers): the
    interval of a single deal."""
    return x if math.isfinite(x) else None


def labels(names: Sequence[str]) -> tuple[str, ...]:
    """Each name, with ``#2``, ``#3``, … added to its second and later occurrences."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return tuple(out)


def lineups(bots: int, players: int, order: Sequence[int] | None = None) -> list[tuple[int, ...]]:
    """The distinct rotations of the line-up that seats bot ``order[i % bots]`` at seat ``i``
    (``order`` defaults to the bots as numbered)."""
    seq = tuple(range(bots)) if order is None else tuple(order)
    base = tuple(seq[i % bots] for i in range(players))
    out: list[tuple[int, ...]] = []
    for shift in range(players):
        rotated = base[shift:] + base[:shift]
        if rotated not in out:
            out.append(rotated)
    return out


def deal_lineups(names: Sequence[str], players: int, deal_seed: int) -> list[tuple[int, ...]]:
    """The line-ups a deal is played in, as bot indices by seat. Two bots: ``A B A B`` and
    ``B A B A`` (in naming order). More: the bots sorted by name, shuffled by a generator
    seeded from the deal, then every distinct rotation of that seating."""
    k = len(names)
    if k <= 2:
        return lineups(k, players)
    order = sorted(range(k), key=lambda i: (names[i], i))
    random.Random(f"bigtwo arena seating {deal_seed}").shuffle(order)
    return lineups(k, players, order)


def bots_deal(rules: Rules, bots: Sequence[Bot], seed: int, number: int) -> Game:
    """Deal ``number`` of the session seeded with ``seed``, dealt on its own (no exchanges,
    dealer 0) and played out at a table of ``bots``, one a seat; the finished deal."""
    table = Table(rules, bots, seed=seed, end=SessionEnd(deals=1), skip=number)
    table.start()  # no seat awaits a person: the bots play the deal to its end
    return table.games[0]


def build_bot(name: str, seed: int, config: ArenaConfig, agent: str | Agent | None = None) -> Bot:
    """The bot that plays ``name`` in one seat of one game: ``agent`` when given (a name
    stands for ``name``), else the agent a module path names, else the named bot, seeded
    with ``seed``."""
    if isinstance(agent, str):
        name, agent = agent, None
    if agent is not None:
        bot = as_bot(agent, name)
        assert bot is not None  # checked by the config
        return bot
    if is_agent_path(name):
        return load_agent(name)(seed)
    if name.strip().lower() == "expert":
        # without a budget the expert runs its default number of samples with no time cap,
        # so that a seeded run reproduces its numbers on any machine
        samples = config.samples or (None if config.budget else DEFAULT_SAMPLES)
        return ExpertBot(seed, samples=samples, budget=config.budget)
    return make_bot(name, seed)


def deal_games(
    config: ArenaConfig, deal: int, recorder: DealRecorder | None = None
) -> Iterator[tuple[tuple[int, ...], Game]]:
    """Deal ``deal`` of the run played out in each of its line-ups: (line-up, finished game);
    ``recorder`` sees the bots' choices."""
    rules = Rules.preset(config.rules)
    deal_seed = config.seed * 1_000_003 + deal
    for li, lineup in enumerate(deal_lineups(config.labels, rules.players, deal_seed)):
        bots = [
            build_bot(
                config.bots[b],
                (deal_seed * 31 + li) * 17 + seat,
                config,
                config.agents[b] if config.agents else None,
            )
            for seat, b in enumerate(lineup)
        ]
        if recorder is None:
            yield lineup, bots_deal(rules, bots, config.seed, deal)
            continue
        recorder.begin(deal)
        seated = recorder.seat(bots, [config.labels[b] for b in lineup])
        game = bots_deal(rules, seated, config.seed, deal)
        recorder.end(game.scores or (0,) * len(lineup), game.winner)
        yield lineup, game


class BotExit(RuntimeError):
    """A bot's ``sys.exit()`` during a deal, as an error its message names (``SystemExit: 3``):
    raised as it is, it would end the whole command without a word, or a pool's worker
    process with its deal never answered (the run waiting for ever)."""


def play_deal(config: ArenaConfig, deal: int, recorder: DealRecorder | None = None) -> DealResult:
    """Deal ``deal`` of the run, in every rotation of the line-up (``recorder`` sees the
    bots' choices); `BotExit` if a bot asks to exit."""
    try:
        return _play_deal(config, deal, recorder)
    except SystemExit as exc:
        raise BotExit(one_line(exc)) from exc


def _play_deal(config: ArenaConfig, deal: int, recorder: DealRecorder | None) -> DealResult:
    k = len(config.bots)
    totals, counts, wins = [0.0] * k, [0] * k, [0] * k
    games: list[tuple[float, ...]] = []
    for lineup, game in deal_games(config, deal, recorder):
        scores = game.scores or (0,) * len(lineup)
        in_game = [0.0] * k
        seats_in_game = [0] * k
        for seat, b in enumerate(lineup):
            totals[b] += scores[seat]
            in_game[b] += scores[seat]
            seats_in_game[b] += 1
            counts[b] += 1
            if game.winner == seat:
                wins[b] += 1
        games.append(
            tuple(in_game[b] / seats_in_game[b] if seats_in_game[b] else math.nan for b in range(k))
        )
    return DealResult(
        deal,
        tuple(totals[b] / counts[b] if counts[b] else 0.0 for b in range(k)),
        tuple(wins),
        tuple(counts),
        tuple(games),
    )


def run_arena(
    config: ArenaConfig,
    progress: Callable[[DealResult], None] | None = None,
    recorder: DealRecorder | None = None,
) -> ArenaResult:
    """Play ``config.deals`` duplicate deals, a task a deal, in ``config.workers`` processes or
    on the Ray cluster at ``config.ray`` (`bigtwo.spread`; the results come in deal order
    either way); with a ``recorder`` (which sees every choice the bots make), or with agents
    given as objects, in this process."""
    result = ArenaResult(config)
    if recorder is not None and config.ray is not None:
        raise BigTwoError("a dataset is recorded in this process, not on Ray: leave out one")
    if recorder is not None or config.objects:
        results: Iterator[DealResult] = (
            play_deal(config, d, recorder) for d in range(config.deals)
        )
    else:
        tasks = [(config, d) for d in range(config.deals)]
        results = spread(play_deal, tasks, config.ray, config.workers)
    for r in results:
        result.deals.append(r)
        if progress:
            progress(r)
    return result


def plot_ratings(summary: dict[str, Any], path: Path) -> None:
    """A bar chart of each bot's rating (mu) with error bars of two sigma."""
    require("arena", "the ratings plot", ["matplotlib"])
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = sorted(summary["ratings"], key=lambda r: r["mu"])
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(ratings) + 1.5))
    ax.barh(
        [short_name(r["bot"]) for r in ratings],
        [r["mu"] for r in ratings],
        xerr=[2 * r["sigma"] for r in ratings],
        capsize=4,
        color="#4a7ab5",
    )
    cfg = summary["config"]
    ax.set_xlabel("openskill rating (mu ± 2 sigma)")
    ax.set_title(f"{cfg['rules']}: {summary['deals_played']} duplicate deals, seed {cfg['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
