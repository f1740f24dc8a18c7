"""Reinforcement-learning environments over the table (``pip install bigtwo[rl]``): a
PettingZoo AEC environment (`BigTwoAEC`), a Gymnasium one (`BigTwoEnv`) and many tables
stepped together as a Gymnasium vector environment (`VectorBigTwo`). ``docs/rl.md`` gives the
observation and action layouts. Importing it registers the Gymnasium ids
(`registration`): ``bigtwo/BigTwo-v0`` and one a preset."""

from __future__ import annotations

from ..bots.outside import CallableBot
from ..extras import require

try:
    from ..features.observation import DECISIONS, Layout
    from .actions import ActionCodec
    from .aec import BigTwoAEC
    from .moves import MOVE_FEATURES_VERSION, MoveLayout, move_features
    from .registration import register_envs
    from .runner import TableRunner
    from .single import BigTwoEnv
    from .state import StateLayout
    from .vector import VectorBigTwo
except ImportError:
    require("rl", "bigtwo.env")  # says which extra brings what is missing
    raise

register_envs()

__all__ = [
    "DECISIONS",
    "MOVE_FEATURES_VERSION",
    "ActionCodec",
    "BigTwoAEC",
    "BigTwoEnv",
    "CallableBot",
    "Layout",
    "MoveLayout",
    "StateLayout",
    "TableRunner",
    "VectorBigTwo",
    "move_features",
]
