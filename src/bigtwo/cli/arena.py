"""`bigtwo arena`: duplicate matches between bots, with confidence intervals and ratings."""

from __future__ import annotations

import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..arena import ArenaConfig, BotExit, DealResult, run_arena
from ..bots import make_bot
from ..bots.expert import MAX_SAMPLES
from ..bots.outside import is_agent_path, load_agent, one_line, short_name
from ..errors import BigTwoError
from ..extras import require
from ..rules.config import Rules
from ..spread import connect
from .common import SEED_LIMIT, deals_progress, fail, make_console, out_option, user_errors
from .datasets import DATASET_HELP, close_dataset, dataset_recorder

MAX_DEALS = 1_000_000
MAX_WORKERS = 256
MAX_BUDGET = 3600.0  # seconds a move
DEFAULT_BOTS = "expert,heuristic,greedy,random"
DEFAULT_RIVAL = "heuristic"  # what an outside agent meets when --bots is not given


def command(
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help=f"Bots to match, comma-separated (2 to 4 usual; default {DEFAULT_BOTS}, or"
            f" {DEFAULT_RIVAL} beside --bot). Module paths as --bot takes are welcome too.",
        ),
    ] = None,
    agents: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            metavar="MODULE:ATTRIBUTE",
            help="An agent of your own, by module path: package.module:attribute or"
            " path/to/file.py:attribute (a Bot, a class or factory making one, or a function"
            " (view, legal_moves) -> move). Repeatable; plays beside --bots.",
        ),
    ] = None,
    deals: Annotated[int, typer.Option("--deals", "-d", help="Duplicate deals to play.")] = 100,
    rules: Annotated[str, typer.Option("--rules", "-r", help="Rule set (bigtwo rules).")] = (
        "classic"
    ),
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Processes (default: every core).")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Spread the deals over the Ray cluster at ADDRESS (local, auto, HOST:PORT or"
            " ray://HOST:PORT; the 'ray' extra). --workers then caps the deals at once.",
        ),
    ] = None,
    budget: Annotated[
        float | None,
        typer.Option("--budget", help="Expert's seconds a move (results then vary by machine)."),
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option("--samples", help="Expert's sampled deals a move (reproducible)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and the bots.")] = 0,
    out: Annotated[Path, out_option("Folder for arena.json and ratings.png.")] = Path(
        "arena-results"
    ),
    dataset: Annotated[
        Path | None,
        typer.Option("--dataset", help=DATASET_HELP + " Deals are then played in this process."),
    ] = None,
) -> None:
    """Match bots on the same deals with the seats rotated, so the luck of the cards cancels;
    report mean score a deal with 95% confidence intervals, win rates and ratings."""
    named = bots if bots is not None else (DEFAULT_RIVAL if agents else DEFAULT_BOTS)
    names = tuple(spec.strip() for spec in [*(agents or []), *named.split(",")] if spec.strip())
    names = tuple(n if is_agent_path(n) else n.lower() for n in names)
    outside = [n for n in names if is_agent_path(n)]
    if len(names) < 2:
        fail("name at least two bots, e.g. --bots heuristic,greedy")
    if deals < 1:
        fail("--deals must be at least 1")
    if deals > MAX_DEALS:
        fail(f"--deals can be at most {MAX_DEALS:,}")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if workers is not None and workers > MAX_WORKERS:
        fail(f"--workers can be at most {MAX_WORKERS}")
    if budget is not None and not (math.isfinite(budget) and 0 < budget <= MAX_BUDGET):
        fail(f"--budget must be a number of seconds above 0, at most {MAX_BUDGET:g}, not {budget}")
    if samples is not None and samples < 1:
        fail("--samples must be at least 1")
    if samples is not None and samples > MAX_SAMPLES:
        fail(f"--samples can be at most {MAX_SAMPLES:,}")
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        fail("--seed must be a whole number between -2**63 and 2**63")
    if budget is not None and samples is not None:
        fail("give the expert either --budget or --samples, not both")
    if ray is not None and dataset is not None:
        fail("--dataset records the deals in this process: leave out --ray or --dataset")
    with user_errors():
        if outside and "" not in sys.path:
            sys.path.insert(0, "")  # package.module paths import from here, as python -m does
        for name in names:
            if is_agent_path(name):
                load_agent(name)(0)  # refused now, in one line, rather than mid-run
            else:
                make_bot(name)
        chosen = Rules.preset(rules)
        if len(names) > chosen.players:
            raise BigTwoError(f"{len(names)} bots for {chosen.players} seats")
        config = ArenaConfig(names, deals, rules, seed, workers, budget, samples, ray=ray)
        require("arena", "bigtwo arena")
        if ray is not None:
            connect(ray)  # a bad address or a missing extra refused now, before any deal
    recorder = dataset_recorder(Rules.preset(rules), dataset)
    prepare_out(out)
    console = make_console()
    progress = deals_progress("arena", console)
    with progress:
        task = progress.add_task("deals", total=deals)

        def advance(_: DealResult) -> None:
            progress.advance(task)

        try:
            result = run_arena(config, advance, recorder)
        except Exception as exc:
            if not outside:
                raise
            # an agent from outside failed: say so in a line, not with our traceback
            said = str(exc) if isinstance(exc, BotExit) else one_line(exc)  # SystemExit: 3
            fail(f"the run stopped when a bot failed: {said}")
    written = close_dataset(recorder)
    summary = result.summary()
    try:
        json_path, png_path = result.save(out)
    except OSError as exc:
        fail(f"couldn't save the results in {out}: {exc.strerror or exc}")
    console.print(
        f"{deals} duplicate deal{'s' * (deals != 1)} · {chosen.name} rules · seed {seed}"
        + ("" if summary["reproducible"] else " · timed expert: not reproducible")
    )
    ratings = {r["bot"]: r for r in summary["ratings"]}
    table = Table(box=None, padding=(0, 2), show_edge=False)
    for column in ("bot", "mean score/deal", "± 95%", "win rate", "rating", "± 2σ"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in sorted(summary["bots"], key=lambda r: -r["mean_score"]):
        r = ratings[row["bot"]]
        table.add_row(
            short_name(row["bot"]),
            f"{row['mean_score']:+.2f}",
            interval(row["ci95"]),
            f"{row['win_rate']:.1%}",
            f"{r['mu']:.1f}",
            f"{2 * float(r['sigma']):.1f}",
        )
    console.print(table)
    margins = Table(box=None, padding=(0, 2), show_edge=False)
    for column in ("match", "margin/deal", "± 95%", "clear?"):
        margins.add_column(column, justify="left" if column == "match" else "right")
    for m in summary["margins"]:
        clear = m["ci95"] is not None and abs(m["margin"]) > m["ci95"]
        margins.add_row(
            f"{short_name(m['bot'])} − {short_name(m['versus'])}",
            f"{m['margin']:+.2f}",
            interval(m["ci95"]),
            "yes" if clear else "no",
        )
    console.print(margins)
    console.print(f"saved {json_path} and {png_path}")
    if written:
        console.print(written)


def interval(half: float | None) -> str:
    """A confidence interval's half-width; a dash when one deal gives none."""
    return "—" if half is None else f"{half:.2f}"


def prepare_out(out: Path) -> None:
    """Make the results folder and check that the results can be written there, so that a bad
    ``--out`` is refused before any deal is played."""
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file; name a folder for arena.json and ratings.png")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        fail(f"--out {out}: part of that path is a file, not a folder")
    except PermissionError:
        fail(f"--out {out}: not allowed to create that folder")
    except OSError as exc:
        fail(f"--out {out}: can't create that folder ({exc.strerror or exc})")
    for name in ("arena.json", "ratings.png"):
        target = out / name
        if target.is_dir():
            fail(f"--out {out}: {target} is a folder, so the results can't be written there")
        if target.exists() and not os.access(target, os.W_OK):
            fail(f"--out {out}: not allowed to overwrite {target}")
    try:
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as exc:
        fail(f"--out {out}: can't write files there ({exc.strerror or exc})")
