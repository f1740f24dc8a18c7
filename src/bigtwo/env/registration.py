"""Gymnasium ids, registered when `bigtwo.env` is imported: ``bigtwo/BigTwo-v0`` (any rules,
``rules=`` among the keyword arguments, classic by default) and one id a preset with its
rules fixed, ``bigtwo/BigTwo<Preset>-v0`` (``BigTwoHongKong-v0`` for ``hong-kong``).

>>> import gymnasium
>>> env = gymnasium.make("bigtwo/BigTwoPresident-v0", opponents="greedy")
>>> env.unwrapped.rules.name
'president'
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from ..rules.config import Rules

NAMESPACE = "bigtwo"
ENTRY_POINT = "bigtwo.env.single:BigTwoEnv"
VECTOR_ENTRY_POINT = "bigtwo.env.vector:VectorBigTwo"  # what `gymnasium.make_vec` builds


def preset_id(preset: str) -> str:
    """The id of the environment with ``preset``'s rules."""
    name = "".join(part.capitalize() for part in preset.split("-"))
    return f"{NAMESPACE}/BigTwo{name}-v0"


def env_ids() -> dict[str, dict[str, str]]:
    """Every id this package registers, with the keyword arguments it fixes."""
    ids: dict[str, dict[str, str]] = {f"{NAMESPACE}/BigTwo-v0": {}}
    for preset in Rules.presets():
        ids[preset_id(preset)] = {"rules": preset}
    return ids


def register_envs() -> None:
    """Register `env_ids` with Gymnasium (an id already there is left as it is)."""
    for env_id, kwargs in env_ids().items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point=ENTRY_POINT,
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs=kwargs,
            )
