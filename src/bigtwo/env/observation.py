"""The observation's layout, under its old name: it lives in `bigtwo.features.observation`
(numpy alone, so that a bot can use it); ``docs/rl.md`` lists every field."""

from __future__ import annotations

from ..features.observation import (
    DECISIONS,
    OBSERVATION_VERSION,
    Layout,
    Vector,
    decision_of,
    placed,
)

__all__ = ["DECISIONS", "OBSERVATION_VERSION", "Layout", "Vector", "decision_of", "placed"]
