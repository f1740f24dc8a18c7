"""The learned bot: a network (`network.Network`, numpy alone) that values every offered move,
and `bot.LearnedBot`, which plays the best. ``make_bot("learned")`` plays the network shipped
for the table's rules. numpy is imported when the first learned bot is made, not when
`bigtwo` is imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import register

if TYPE_CHECKING:
    from .bot import LearnedBot


@register("learned")
def make_learned(seed: int | None = None) -> LearnedBot:
    """A learned bot playing the shipped networks."""
    from .bot import LearnedBot

    return LearnedBot(seed=seed)
