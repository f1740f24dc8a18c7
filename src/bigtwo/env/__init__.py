"""Reinforcement-learning environments over the table (``pip install bigtwo[rl]``): a
PettingZoo AEC environment (`BigTwoAEC`), a Gymnasium one (`BigTwoEnv`) and many tables
stepped together (`VectorBigTwo`). ``docs/rl.md`` gives the observation and action layouts."""

from __future__ import annotations

from ..bots.outside import CallableBot
from ..extras import require

try:
    from .actions import ActionCodec
    from .aec import BigTwoAEC
    from .observation import DECISIONS, Layout
    from .runner import TableRunner
    from .single import BigTwoEnv
    from .vector import VectorBigTwo
except ImportError:
    require("rl", "bigtwo.env")  # says which extra brings what is missing
    raise

__all__ = [
    "DECISIONS",
    "ActionCodec",
    "BigTwoAEC",
    "BigTwoEnv",
    "CallableBot",
    "Layout",
    "TableRunner",
    "VectorBigTwo",
]
