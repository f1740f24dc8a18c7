"""A run's evaluations as a CSV file and a plot of strength over training (matplotlib, the
`arena` extra, imported only to draw)."""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ..extras import missing


@dataclass
class EvalRow:
    """The network against one bot of the ladder at one step: its margin a deal (95%)."""

    step: int
    samples: int
    deals: int
    minutes: float
    opponent: str
    margin: float
    low: float
    high: float
    score: float
    win_rate: float
    eval_deals: int


def write_csv(rows: Sequence[EvalRow], path: Path) -> None:
    """Every evaluation so far, a row an opponent and time (the file written afresh)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        names = list(asdict(rows[0])) if rows else []
        writer.writerow(names)
        for row in rows:
            values = asdict(row)
            writer.writerow([_cell(values[k]) for k in names])


def _cell(value: object) -> object:
    if isinstance(value, float):
        return "" if math.isinf(value) else f"{value:.4g}"
    return value


def write_plot(rows: Sequence[EvalRow], path: Path, rules: str) -> bool:
    """The margin a deal against each opponent over the steps, with its 95% interval; False
    (no plot) without matplotlib (the `arena` extra)."""
    if missing("arena", ["matplotlib"]):
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in dict.fromkeys(r.opponent for r in rows):
        mine = [r for r in rows if r.opponent == opponent]
        steps = [r.step for r in mine]
        ax.plot(steps, [r.margin for r in mine], marker="o", label=f"vs 3 × {opponent}")
        finite = [r for r in mine if math.isfinite(r.low)]
        if finite:
            ax.fill_between(
                [r.step for r in finite],
                [r.low for r in finite],
                [r.high for r in finite],
                alpha=0.2,
            )
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("learner steps")
    ax.set_ylabel("points a deal beyond the bots (95%)")
    deals = rows[-1].eval_deals if rows else 0
    ax.set_title(f"{rules}: the network against the ladder, {deals} duplicate deals each")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
