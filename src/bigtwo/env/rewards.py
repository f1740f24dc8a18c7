"""What a seat is paid when a deal ends, as the environments' ``reward`` option picks it.

- ``"points"``: the deal's points under the rules' scoring (the table's own scores).
- ``"normalised"``: the points divided by the deal's largest absolute score, so every deal
  pays in [-1, 1] whatever the scoring system (the biggest winner or loser at ±1).
- ``"win"``: 1 to the deal's winner (and its partners when playing in teams), -1 to everyone
  else; 0 to all in a deal that ends with no winner (a redeal).

>>> [round(float(r), 3) for r in deal_rewards("normalised", (6, -3, -2, -1), 0, None)]
[1.0, -0.5, -0.333, -0.167]
>>> deal_rewards("win", (6, -1, -2, -3), 0, None).tolist()
[1.0, -1.0, -1.0, -1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ..errors import BigTwoError

REWARDS = ("points", "normalised", "win")


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise BigTwoError(f"reward is one of {', '.join(REWARDS)}, not {kind!r}")
    return kind


def deal_rewards(
    kind: str, scores: Sequence[float], winner: int | None, teams: Sequence[int] | None
) -> npt.NDArray[np.float32]:
    """Each seat's reward for a deal that ended with ``scores`` and ``winner``; ``teams``
    each seat's team (`Rules.teams`) or None."""
    points = np.asarray(scores, np.float32)
    if kind == "points":
        return points
    if kind == "normalised":
        top = float(np.abs(points).max(initial=0.0))
        return points / top if top else points
    if winner is None:
        return np.zeros_like(points)
    won = [
        s == winner or (teams is not None and teams[s] == teams[winner]) for s in range(len(points))
    ]
    return np.where(won, 1.0, -1.0).astype(np.float32)
