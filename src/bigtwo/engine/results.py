"""What a finished deal comes to: the `Outcome` scoring reads, each seat's score, and the
result as records write it."""

from __future__ import annotations

from typing import Any

from ..scoring import Outcome, score
from . import turns
from .state import State, unroll


def outcome(state: State) -> Outcome | None:
    """What scoring needs to know about a finished deal (None before, and for a draw or a
    redeal)."""
    if state.end == "malta_dragun_lost":  # scoring names the losing holder in ``winner``
        return Outcome(
            winner=state.to_move,
            dealt=state.origin.hands,
            left=state.hands,
            starter=state.to_move,
            plays=(),
            instant=state.end,
        )
    if state.winner is None:
        return None
    history = state.history
    plays = tuple((s, m.mask) for s, m in history if m.is_play)
    return Outcome(
        winner=state.winner,
        dealt=state.origin.hands,
        left=state.hands,
        starter=state.starter,
        plays=plays,
        finish_order=state.out or (state.winner,),
        unbeaten=tuple((s, m.mask) for s, m in unroll(state.unbeaten) if m is not None),
        assister=turns.assister(state, history),
        forgot_announce=bool(state.missed >> state.winner & 1),
        instant=state.end if state.end not in ("out", "last") else None,
        teams=state.rules.teams,
    )


def scores(state: State) -> tuple[int, ...] | None:
    """Each seat's score once the deal is over (None before); a draw or a redeal scores
    nothing."""
    if state.end is None:
        return None
    found = outcome(state)
    return (0,) * state._n if found is None else score(found, state.rules)


def result_of(state: State) -> dict[str, Any] | None:
    """A finished deal's result as records write it (None while it is in play)."""
    if state.end is None:
        return None
    return {"end": state.end, "winner": state.winner, "scores": list(scores(state) or ())}
