"""The learned bot: a network (`network.Network`, numpy alone) that values every offered move,
and `bot.LearnedBot`, which plays the best. ``make_bot("learned")`` plays the network shipped
for the table's rules. numpy is imported when the first learned bot is made, not when
`bigtwo` is imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import BigTwoError
from ...rules.config import Rules
from ..base import register

if TYPE_CHECKING:
    from .bot import LearnedBot


@register("learned")
def make_learned(seed: int | None = None) -> LearnedBot:
    """A learned bot playing the shipped networks."""
    from .bot import LearnedBot

    return LearnedBot(seed=seed)


def why_not(rules: Rules) -> str | None:
    """Why the shipped learned bot can't play ``rules`` (no shipped network reads them), in
    words; None when it can. A server asks before seating one."""
    from .bot import network_for

    try:
        network_for(rules)
    except BigTwoError as exc:
        return str(exc)
    return None
