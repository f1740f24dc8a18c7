"""The move features in the environments: the encoder itself lives in `bigtwo.features.moves`
(numpy alone, so that a bot can use it); this module re-exports it under its old name and
adds what only the environments need (how an action is read, the infos' rows)."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

import numpy as np

from ..checks import describe
from ..errors import BigTwoError
from ..features.moves import (
    KINDS,
    MOVE_FEATURES_VERSION,
    MOVE_TYPES,
    Features,
    MoveLayout,
    move_features,
    move_layout,
)

if TYPE_CHECKING:
    from .runner import TableRunner

__all__ = [
    "ACTION_MODES",
    "KINDS",
    "MOVE_FEATURES_VERSION",
    "MOVE_TYPES",
    "OFFERED_ACTIONS",
    "Features",
    "MoveLayout",
    "action_number",
    "check_actions",
    "move_features",
    "move_info",
    "move_layout",
]

# how the environments read an action: an index of the action space (`ActionCodec`), or the
# place of a move among the offered ones (`TableRunner.offered_moves`), none dropped
ACTION_MODES = ("index", "offered")
OFFERED_ACTIONS = 2**31 - 1  # the size of the space of offered places: no bound on a position's


def check_actions(actions: str) -> str:
    if actions not in ACTION_MODES:
        raise BigTwoError(f"actions is one of {', '.join(ACTION_MODES)}, not {actions!r}")
    return actions


def action_number(action: object, actions: str) -> int:
    """``action`` as an int: an int, or any integer that says it is one (``__index__``: numpy's
    integers, a 0-d integer array, a torch scalar). A bool, a float (1.5 is not read as 1),
    text or None is refused in words (`BigTwoError`), saying what an action is under the
    action mode ``actions``."""
    if type(action) is int:  # the usual case, first and cheapest
        return action
    if not isinstance(action, bool | np.bool_):
        try:
            return operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            pass
    what = "the place of an offered move" if actions == "offered" else "an index of the actions"
    shown = describe(action.item() if isinstance(action, np.generic) else action)
    if isinstance(action, np.ndarray):
        shown = f"an array of shape {action.shape} and dtype {action.dtype}"
    raise BigTwoError(f"an action is a whole number ({what}), not {shown}")


def move_info(runner: TableRunner, seat: int) -> dict[str, Any]:
    """``info["move_features"]`` (a row for each move `TableRunner.offered_moves` offers
    ``seat``, none when it is not to act) and ``info["move_actions"]`` (each row's action
    index, -1 past a dynamic space's end)."""
    if seat != runner.seat:
        return {
            "move_features": np.zeros((0, move_layout(runner.rules).size), np.float32),
            "move_actions": np.zeros(0, np.int64),
        }
    moves, indices = runner.offered_moves()
    return {
        "move_features": move_features(runner.view(seat), moves),
        "move_actions": np.array(indices, np.int64),
    }
