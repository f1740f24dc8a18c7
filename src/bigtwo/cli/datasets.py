"""``--dataset FILE.parquet`` of `bigtwo simulate` and `bigtwo arena`: every decision the
bots make, written as a decision dataset (`bigtwo.env.dataset`, the ``rl`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..extras import require
from ..rules.config import Rules
from .common import fail, user_errors

if TYPE_CHECKING:
    from ..env.dataset import DecisionRecorder

DATASET_HELP = "Write every decision the bots make to this Parquet file (needs the rl extra)."


def dataset_recorder(rules: Rules, path: Path | None) -> DecisionRecorder | None:
    """A recorder writing to ``path`` (None without one); a one-line refusal when the ``rl``
    extra is missing or the file can't be written."""
    if path is None:
        return None
    with user_errors():
        require("rl", "--dataset")
    if path.is_dir() or not path.parent.is_dir():
        fail(f"--dataset must name a file in an existing folder, not {path}")
    from ..env.dataset import DecisionRecorder

    return DecisionRecorder(rules, path)


def close_dataset(recorder: DecisionRecorder | None) -> str:
    """Finish the file; a line saying what was written (empty without a recorder)."""
    if recorder is None:
        return ""
    try:
        rows = recorder.close()
    except OSError as exc:
        fail(f"couldn't write the dataset {recorder.path}: {exc.strerror or exc}")
    dropped = f" ({recorder.dropped} past the action space left out)" * bool(recorder.dropped)
    return f"{rows} decision{'s' * (rows != 1)} written to {recorder.path}{dropped}"
