"""`bigtwo simulate`: many deals between bots, and how each seat fared."""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..arena import DealRecorder, bots_deal
from ..bots import make_bot
from ..checks import describe
from ..rules.config import Rules
from .common import (
    RULE_OPTIONS_HELP,
    bot_lineup,
    check_seed_option,
    deals_progress,
    fail,
    load_rules,
    make_console,
    user_errors,
)
from .datasets import DATASET_HELP, close_dataset, dataset_recorder

MAX_GAMES = 10_000_000


@dataclass
class SeatTally:
    """One seat's results over the simulated deals."""

    bot: str
    wins: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def spread(self) -> float:
        """Half-width of a 95% confidence interval of the mean score."""
        n = len(self.scores)
        if n < 2:
            return 0.0
        mean = self.mean
        variance = sum((s - mean) ** 2 for s in self.scores) / (n - 1)
        return 1.96 * math.sqrt(variance / n)


def _nothing() -> None:
    pass


def simulate(
    rules: Rules,
    lineup: list[str],
    games: int,
    seed: int,
    on_deal: Callable[[], None] = _nothing,
    recorder: DealRecorder | None = None,
) -> tuple[list[SeatTally], int]:
    """Play ``games`` deals with ``lineup`` in seats 0, 1, …; the tallies and the number of
    deals that ended without a winner (draws, redeals). ``on_deal`` runs after each deal;
    ``recorder`` sees every choice the bots make."""
    seating = [make_bot(name, seed * 100 + seat) for seat, name in enumerate(lineup)]
    if recorder is not None:
        seating = recorder.seat(seating)
    tallies = [SeatTally(name) for name in lineup]
    undecided = 0
    for i in range(games):
        if recorder is not None:
            recorder.begin(i)
        game = bots_deal(rules, seating, seed, i)  # deal i of the session seeded with seed
        scores = game.scores or (0,) * len(lineup)
        if recorder is not None:
            recorder.end(scores, game.winner)
        for seat, tally in enumerate(tallies):
            tally.scores.append(scores[seat])
        if game.winner is None:
            undecided += 1
        else:
            tallies[game.winner].wins += 1
        on_deal()
    return tallies, undecided


def command(
    games: Annotated[int, typer.Option("--games", "-g", help="How many deals to play.")] = 100,
    rules: Annotated[
        str, typer.Option("--rules", "-r", help="Rule set (bigtwo rules).")
    ] = "classic",
    bots: Annotated[
        str,
        typer.Option("--bots", help="Bots by seat, comma-separated, repeated to fill the table."),
    ] = "random,greedy",
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deals and bots (default: random).")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Players a deal (5 to 8 play with two decks)."),
    ] = None,
    options: Annotated[
        list[str] | None, typer.Option("--set", help=RULE_OPTIONS_HELP, metavar="NAME=VALUE")
    ] = None,
    dataset: Annotated[Path | None, typer.Option("--dataset", help=DATASET_HELP)] = None,
) -> None:
    """Play bot against bot and report each seat's mean score a deal and win rate."""
    if games < 1:
        fail("--games must be at least 1")
    if games > MAX_GAMES:
        fail(f"--games can be at most {MAX_GAMES:,}, not {describe(games)}")
    check_seed_option(seed)
    with user_errors():
        chosen = load_rules(rules, players, options or ())
        lineup = bot_lineup(bots, chosen.players, chosen)
    used_seed = seed if seed is not None else secrets.randbelow(10**6)
    recorder = dataset_recorder(chosen, dataset)
    console = make_console()
    progress = deals_progress("simulating", console)
    with progress:
        task = progress.add_task("deals", total=games)
        tallies, undecided = simulate(
            chosen, lineup, games, used_seed, lambda: progress.advance(task), recorder
        )
    written = close_dataset(recorder)
    console.print(
        f"{games} deal{'s' * (games != 1)} · {chosen.name} rules · {chosen.players} players"
        f" · seed {used_seed}"
    )
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for column, justify in (
        ("seat", "right"),
        ("bot", "left"),
        ("mean score/deal", "right"),
        ("± 95%", "right"),
        ("wins", "right"),
        ("win rate", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for seat, tally in enumerate(tallies):
        table.add_row(
            str(seat),
            tally.bot,
            f"{tally.mean:+.2f}",
            f"{tally.spread:.2f}",
            str(tally.wins),
            f"{tally.wins / games:.1%}",
        )
    console.print(table)
    if undecided:
        console.print(f"{undecided} deal{'s' * (undecided != 1)} ended without a winner.")
    if written:
        console.print(written)
