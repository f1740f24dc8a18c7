"""`bigtwo train`: a value network trained by self-play (deep Monte Carlo), with checkpoints,
resumption and evaluation against the bot ladder as it goes."""

from __future__ import annotations

import math
import shlex
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from ..bots import make_bot
from ..errors import BigTwoError
from ..extras import require
from ..rules.config import Rules
from .common import check_seed_option, fail, make_console, out_option, user_errors

if TYPE_CHECKING:
    from ..train.trainer import TrainConfig

MAX_WORKERS = 256
MAX_STEPS = 10**9
MAX_MINUTES = 60 * 24 * 365
MAX_PAST_SELVES = 64
MAX_ROUND_DEALS = 1_000_000
MAX_LAYERS = 8
MAX_WIDTH = 4096
# the options that make a run, kept in its checkpoint (the rest say how a sitting runs): each
# sets the `TrainConfig` setting of its name, but for the one named otherwise there
RUN_OPTIONS = frozenset(
    {"rules", "seed", "eval_every", "eval_deals", "ladder", "opponents", "self_share", "held"}
    | {"past_selves", "round_deals", "ahead", "lr", "start_from", "hidden", "warm_rounds"}
    | {"past_selves_from"}
)
SETTING_OF = {"past_selves": "pool_size", "past_selves_from": "pool_whole"}


def command(
    ctx: typer.Context,
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            "-r",
            help="Rule set (bigtwo rules); with --start-from, the start network's unless named.",
        ),
    ] = "classic",
    out: Annotated[
        Path, out_option("Folder for the checkpoint, evaluation.csv/.png and network.npz.")
    ] = Path("training"),
    minutes: Annotated[
        float | None,
        typer.Option("--minutes", help="Stop after this many minutes (of this sitting)."),
    ] = None,
    steps: Annotated[
        int | None,
        typer.Option("--steps", help="Stop at this learner step, counted from the run's start."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the network and the deals.")] = 0,
    resume: Annotated[
        bool, typer.Option("--resume", help="Carry on the run saved in --out, as it was.")
    ] = False,
    eval_every: Annotated[
        int, typer.Option("--eval-every", help="Learner steps between evaluations.")
    ] = 500,
    eval_deals: Annotated[
        int, typer.Option("--eval-deals", help="Duplicate deals against each bot of the ladder.")
    ] = 24,
    ladder: Annotated[
        str, typer.Option("--ladder", help="Bots to evaluate against, comma-separated.")
    ] = "random,greedy,heuristic",
    opponents: Annotated[
        str,
        typer.Option(
            "--opponents",
            help="Bots that sit beside the network's past selves in the deals it does not hold"
            " every seat of, comma-separated.",
        ),
    ] = "heuristic,greedy",
    self_share: Annotated[
        float,
        typer.Option(
            "--self-share",
            help="Share of the deals in which the network holds every seat (in the rest as"
            " many as --held says).",
        ),
    ] = 0.5,
    held: Annotated[
        str,
        typer.Option(
            "--held",
            help="Seats the network may hold in the deals it does not hold every seat of"
            " (one drawn a deal), comma-separated.",
        ),
    ] = "1,2",
    past_selves: Annotated[
        int,
        typer.Option(
            "--past-selves",
            help="Past versions of the network kept to sit beside the --opponents (0: the"
            " bots alone).",
        ),
    ] = 4,
    past_selves_from: Annotated[
        str,
        typer.Option(
            "--past-selves-from",
            help="Which past selves are kept: the newest (recent), or a sample drawn evenly"
            " from the whole run (whole).",
        ),
    ] = "recent",
    round_deals: Annotated[
        int,
        typer.Option(
            "--round-deals",
            help="Deals played a round before the learner takes them in: more keeps more"
            " --workers busy.",
        ),
    ] = 32,
    ahead: Annotated[
        bool,
        typer.Option(
            "--ahead",
            help="Play the next round while the learner takes in this one (that round is then"
            " played by the network as it was a round earlier): pays with many --workers.",
        ),
    ] = False,
    lr: Annotated[
        float,
        typer.Option("--lr", help="The learning rate of Adam, the optimiser."),
    ] = 1e-3,
    start_from: Annotated[
        Path | None,
        typer.Option(
            "--start-from",
            metavar="NETWORK",
            help="Start the network as this one (a run's network.npz, or a shipped network's"
            " file) instead of at random.",
        ),
    ] = None,
    hidden: Annotated[
        str | None,
        typer.Option(
            "--hidden",
            metavar="WIDTHS",
            help="The network's hidden layers, comma-separated widths (default: 128,64); with"
            " --start-from, that network grown to them, wider and deeper, scoring as before.",
        ),
    ] = None,
    warm_rounds: Annotated[
        int,
        typer.Option(
            "--warm-rounds",
            help="Rounds of 32 deals imitating the heuristic bot before self-play (default:"
            " none; measured no better a start, docs/rl.md).",
        ),
    ] = 0,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            help="Processes playing the self-play deals (with --ray: tasks at once, at most).",
        ),
    ] = 1,
    ray: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="Play the self-play deals on the Ray cluster at ADDRESS (local, auto, HOST:PORT"
            " or ray://HOST:PORT; the ray extra).",
        ),
    ] = None,
) -> None:
    """Train a network that scores offered moves by the points they lead to (deep Monte Carlo)
    by self-play against itself, its past selves and the bots; export it for the `learned`
    bot."""
    if minutes is None and steps is None:
        fail("say how long to train: --minutes, --steps or both")
    if minutes is not None and not (math.isfinite(minutes) and 0 < minutes <= MAX_MINUTES):
        fail(f"--minutes must be a number above 0, at most {MAX_MINUTES:,}, not {minutes:g}")
    if steps is not None and not 1 <= steps <= MAX_STEPS:
        fail(f"--steps must be between 1 and {MAX_STEPS:,}, not {steps}")
    if not 1 <= eval_every <= MAX_STEPS:
        fail(f"--eval-every must be at least 1, not {eval_every}")
    if not 1 <= eval_deals <= 100_000:
        fail(f"--eval-deals must be between 1 and 100,000, not {eval_deals}")
    if not 0 <= warm_rounds <= MAX_STEPS:
        fail(f"--warm-rounds must be 0 or more, not {warm_rounds}")
    if not (math.isfinite(self_share) and 0 <= self_share <= 1):
        fail(f"--self-share must be between 0 and 1, not {self_share:g}")
    if not (math.isfinite(lr) and 0 < lr <= 1):
        fail(f"--lr must be a number above 0, at most 1, not {lr:g}")
    if not 0 <= past_selves <= MAX_PAST_SELVES:
        fail(f"--past-selves must be between 0 and {MAX_PAST_SELVES}, not {past_selves}")
    if past_selves_from not in ("recent", "whole"):
        fail(f"--past-selves-from takes recent or whole, not {past_selves_from!r}")
    from ..train.selfplay import CHUNK  # here: numpy loads after the CLI sets its threads

    if not CHUNK <= round_deals <= MAX_ROUND_DEALS:
        fail(f"--round-deals must be between {CHUNK} and {MAX_ROUND_DEALS:,}, not {round_deals}")
    if not 1 <= workers <= MAX_WORKERS:
        fail(f"--workers must be between 1 and {MAX_WORKERS}, not {workers}")
    check_seed_option(seed)
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file; name a folder for the run")
    given = _given(ctx)  # the options typed, not left at their defaults
    with user_errors():
        if start_from is not None and not start_from.is_file():
            raise BigTwoError(f"--start-from {start_from}: no such file")
        if start_from is not None and "rules" not in given:
            rules = _rules_of(start_from)  # the start network's: not classic by default
        chosen = Rules.preset(rules)
        names = _bots(ladder, "--ladder", "random,greedy,heuristic")
        if len(set(names)) < len(names):  # (an opponent named twice is drawn twice as often)
            twice = sorted({n for n in names if names.count(n) > 1})
            raise BigTwoError(f"--ladder names {', '.join(twice)} twice: each bot is one rung")
        field = _bots(opponents, "--opponents", "heuristic,greedy")
        seats = _seats(held, chosen.players)
        widths = () if hidden is None else _widths(hidden)
        require("train", "bigtwo train", ["torch"])
        from ..train.trainer import TrainConfig, Trainer, mapper

        config = TrainConfig(
            rules=chosen.name,
            seed=seed,
            eval_every=eval_every,
            eval_deals=eval_deals,
            ladder=names,
            opponents=field,
            self_share=self_share,
            held=seats,
            pool_size=past_selves,
            pool_whole=past_selves_from == "whole",
            round_deals=round_deals,
            lr=lr,
            ahead=ahead,
            warm_rounds=warm_rounds,
            start_from="" if start_from is None else str(start_from),
        )
        if widths and start_from:  # the start network grown to them
            config = replace(config, grow_to=widths)
        elif widths:  # a fresh network's layers
            config = replace(config, hidden=widths)
        trainer = Trainer.open(out, config, resume)
        if resume:
            _same_run(trainer.config, config, widths, given)
        out.mkdir(parents=True, exist_ok=True)  # refused now, not after the training
        with tempfile.TemporaryFile(dir=out):
            pass
    console = make_console()
    c = trainer.config
    if resume:
        console.print(
            f"resuming {out} at step {trainer.counters.step:,} ({c.rules} rules, seed {c.seed})"
        )
    progress = Progress(
        TextColumn("train"),
        BarColumn(),
        TextColumn("step {task.completed:,.0f}"),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    total = None if steps is None else float(steps)
    with user_errors():
        where, let_go = mapper(workers, ray)
    with progress:
        task = progress.add_task("train", total=total, status="", completed=trainer.counters.step)

        def advance(t: Trainer) -> None:
            n = t.counters
            status = f"loss {n.loss:.3f} · {n.deals:,} deals"
            if t.evaluations and t.evaluations[-1].step == n.step:
                latest = [e for e in t.evaluations if e.step == n.step]
                status += " · " + ", ".join(f"{e.opponent} {e.margin:+.2f}" for e in latest)
                for e in latest:
                    progress.console.print(
                        f"step {n.step:,}: vs 3 × {e.opponent} {e.margin:+.2f} a deal"
                        f" [{e.low:+.2f}, {e.high:+.2f}]",
                        markup=False,
                    )
            progress.update(task, completed=n.step, status=status)

        try:
            seconds = None if minutes is None else minutes * 60
            with user_errors():
                trainer.train(steps, seconds, where, advance)
        except KeyboardInterrupt:
            console.print(f"stopped at step {trainer.counters.step:,}; --resume carries on")
        finally:
            let_go()
    with user_errors():
        if not trainer.evaluations or trainer.evaluations[-1].step != trainer.counters.step:
            trainer.evaluate()
            trainer.save()  # with it: a resumed run's evaluation.csv keeps this sitting's last row
        exported = trainer.export(out / "network.npz", shlex.join(["bigtwo", *sys.argv[1:]]))
    n = trainer.counters
    console.print(
        f"{n.step:,} steps · {n.samples:,} samples · {n.deals:,} deals ·"
        f" {n.seconds / 60:.1f} minutes · {c.rules} rules · seed {c.seed}",
        markup=False,
    )
    for e in [e for e in trainer.evaluations if e.step == n.step]:
        console.print(
            f"vs 3 × {e.opponent}: {e.margin:+.2f} points a deal [{e.low:+.2f}, {e.high:+.2f}],"
            f" {e.eval_deals} duplicate deals",
            markup=False,
        )
    console.print(
        f"saved {out / 'checkpoint.pt'}, {out / 'evaluation.csv'} and {exported}", markup=False
    )


def _bots(names: str, option: str, example: str) -> tuple[str, ...]:
    """The bots an option names, comma-separated; an unknown one is refused with the known."""
    found = tuple(n.strip().lower() for n in names.split(",") if n.strip())
    if not found:
        raise BigTwoError(f"{option} names no bot; e.g. {option} {example}")
    for name in found:
        make_bot(name)
    return found


def _rules_of(start: Path) -> str:
    """The preset a network file was made for: ``--start-from`` without ``--rules`` trains
    under it (a tournament network trained on under classic rules by default would be a
    mistake no message showed)."""
    from ..bots.learned.network import Network

    preset = Network.load(start).meta.get("preset")
    if not isinstance(preset, str):
        raise BigTwoError(
            f"--start-from {start} was made for rules that are no preset: name them with --rules"
        )
    return preset


def _widths(text: str) -> tuple[int, ...]:
    """The layer widths ``--hidden`` names: one to eight whole numbers from 1 to 4,096."""
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= MAX_LAYERS or not all(
        p.isdigit() and 1 <= int(p) <= MAX_WIDTH for p in parts
    ):
        raise BigTwoError(
            f"--hidden takes 1 to {MAX_LAYERS} layer widths from 1 to {MAX_WIDTH:,},"
            f" comma-separated, such as 256,256,128, not {text!r}"
        )
    return tuple(int(p) for p in parts)


def _seats(text: str, players: int) -> tuple[int, ...]:
    """The seat counts ``--held`` names: whole numbers from 1 to one fewer than the players."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts or not all(p.isdigit() and 1 <= int(p) < players for p in parts):
        raise BigTwoError(
            f"--held takes seat counts from 1 to {players - 1}, comma-separated, not {text!r}"
        )
    return tuple(int(p) for p in parts)


def _given(ctx: typer.Context) -> set[str]:
    """The parameters typed on this command line (not left at their defaults)."""
    sources = {name: ctx.get_parameter_source(name) for name in ctx.params}
    return {
        name for name, source in sources.items() if getattr(source, "name", "") == "COMMANDLINE"
    }


def _same_run(
    saved: TrainConfig, asked: TrainConfig, widths: tuple[int, ...], given: set[str]
) -> None:
    """Refuse a run's setting typed with ``--resume`` that differs from the run's own: it
    would not be used, and the exported network's meta would name a command it didn't follow
    (a setting typed as the run has it, as when its command is run again with ``--resume``, is
    fine)."""
    for name in sorted(given & RUN_OPTIONS):
        key = SETTING_OF.get(name, name)
        kept, typed = getattr(saved, key), getattr(asked, key)
        if name == "hidden":
            kept, typed = saved.grow_to or saved.hidden, widths
        elif name == "past_selves_from":
            kept, typed = ("whole" if v else "recent" for v in (kept, typed))
        elif name == "start_from":
            kept = kept and str(Path(kept).resolve())
            typed = typed and str(Path(typed).resolve())
        if kept != typed:
            option = "--" + name.replace("_", "-")
            raise BigTwoError(
                f"--resume carries on the run in its checkpoint as it was started: {option} is"
                f" {_shown(kept)} there, not {_shown(typed)} (a new --out with --start-from its"
                " network.npz starts a run that changes it)"
            )


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) or "none"
    return f"{value:g}" if isinstance(value, float) else str(value) if value != "" else "none"
