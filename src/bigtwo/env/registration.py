"""Gymnasium ids, registered when `bigtwo.env` is imported: ``bigtwo/BigTwo-v0`` (any rules,
``rules=`` among the keyword arguments, classic by default) and one id a preset with its
rules fixed, ``bigtwo/BigTwo<Preset>-v0`` (``BigTwoHongKong-v0`` for ``hong-kong``): a
preset's id refuses ``rules=`` naming other rules, which would play them under its name.

>>> import gymnasium
>>> env = gymnasium.make("bigtwo/BigTwoPresident-v0", opponents="greedy")
>>> env.unwrapped.rules.name
'president'
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium.envs.registration import register, registry

from ..errors import BigTwoError
from ..rules.config import Rules
from .aec import rules_of
from .single import BigTwoEnv
from .vector import VectorBigTwo

NAMESPACE = "bigtwo"
ENTRY_POINT = "bigtwo.env.single:BigTwoEnv"
VECTOR_ENTRY_POINT = "bigtwo.env.vector:VectorBigTwo"  # what `gymnasium.make_vec` builds


def preset_id(preset: str) -> str:
    """The id of the environment with ``preset``'s rules."""
    name = "".join(part.capitalize() for part in preset.split("-"))
    return f"{NAMESPACE}/BigTwo{name}-v0"


def env_ids() -> dict[str, dict[str, str]]:
    """Every id this package registers, with the keyword arguments it fixes (a preset's:
    ``rules``, which its entry points check a caller's ``rules=`` against: Gymnasium hands a
    caller's keyword arguments over the id's own)."""
    ids: dict[str, dict[str, str]] = {f"{NAMESPACE}/BigTwo-v0": {}}
    for preset in Rules.presets():
        ids[preset_id(preset)] = {"rules": preset}
    return ids


def preset_rules(preset: str, rules: Rules | str) -> Rules:
    """``preset``'s rules, the rules its id plays; `BigTwoError` if ``rules`` names others."""
    fixed = Rules.preset(preset)
    if rules_of(rules) != fixed:
        shown = rules if isinstance(rules, str) else "other rules"
        raise BigTwoError(
            f"{preset_id(preset)} plays the {preset} rules, not {shown}: for other rules make"
            f" {NAMESPACE}/BigTwo-v0 with rules=..."
        )
    return fixed


def preset_env(preset: str, /, *, rules: Rules | str, **kwargs: Any) -> BigTwoEnv:
    """A preset's id's environment (`BigTwoEnv` under `preset_rules`): its entry point is
    this with ``preset`` bound (`env_<preset>` below), which no keyword of a caller's can
    change."""
    return BigTwoEnv(preset_rules(preset, rules), **_own(preset, kwargs))


def preset_vector(
    preset: str, /, num_envs: int = 1, *, rules: Rules | str, **kwargs: Any
) -> VectorBigTwo:
    """A preset's id's vector environment (`VectorBigTwo` under `preset_rules`)."""
    return VectorBigTwo(num_envs, preset_rules(preset, rules), **_own(preset, kwargs))


def _own(preset: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    if "preset" in kwargs:
        raise BigTwoError(
            f"{preset_id(preset)} plays the {preset} rules: it takes no preset=; for other rules"
            f" make {NAMESPACE}/BigTwo-v0 with rules=..."
        )
    return kwargs


def __getattr__(name: str) -> Any:
    """``env_<preset>`` and ``vector_<preset>`` (``env_hong_kong``): a preset's id's entry
    points, its preset bound. Named by a string, they keep the id's spec savable as JSON."""
    for prefix, make in (("env_", preset_env), ("vector_", preset_vector)):
        preset = name.removeprefix(prefix).replace("_", "-")
        if name.startswith(prefix) and preset in Rules.presets():
            return partial(make, preset)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_envs() -> None:
    """Register `env_ids` with Gymnasium (an id already there is left as it is)."""
    for env_id, kwargs in env_ids().items():
        if env_id in registry:
            continue
        preset = kwargs.get("rules")
        bound = None if preset is None else preset.replace("-", "_")
        register(
            id=env_id,
            entry_point=ENTRY_POINT if bound is None else f"{__name__}:env_{bound}",
            vector_entry_point=(
                VECTOR_ENTRY_POINT if bound is None else f"{__name__}:vector_{bound}"
            ),
            kwargs=kwargs,
        )
