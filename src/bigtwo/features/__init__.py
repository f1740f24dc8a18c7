"""What a network reads, with numpy alone: a seat's observation (`Layout`) and the offered
moves described by their cards (`MoveLayout`, `move_features`). The environments
(`bigtwo.env`) and the learned bot (`bigtwo.bots.learned`) both read positions through these,
so a network sees the same numbers in training and in play."""

from .moves import KINDS, MOVE_FEATURES_VERSION, MOVE_TYPES, MoveLayout, move_features
from .observation import DECISIONS, OBSERVATION_VERSION, Layout, decision_of

__all__ = [
    "DECISIONS",
    "KINDS",
    "MOVE_FEATURES_VERSION",
    "MOVE_TYPES",
    "OBSERVATION_VERSION",
    "Layout",
    "MoveLayout",
    "decision_of",
    "move_features",
]
