"""A game as JSON values for storage (a server keeps its rooms with it): the dealer's full
record of the deal (hands, deck, salt and seed included) and every action so far. Reading it
back replays the actions through the engine, so a stored game can't hold a state play could
not reach. Never for players: they get views.

>>> from bigtwo import Game
>>> g = Game.deal(seed=5)
>>> g = g.play(g.legal_moves()[0])
>>> game_from_dict(game_to_dict(g))[1] == g
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..checks import describe
from ..errors import BigTwoError
from ..rules.config import Rules
from .game import Game
from .record import Record

_TUPLES = ("players", "hands", "counts", "actions")


def game_to_dict(game: Game) -> dict[str, Any]:
    record = game.record()
    out: dict[str, Any] = {f.name: getattr(record, f.name) for f in fields(record)}
    out["rules"] = record.rules.to_dict()
    for key in (*_TUPLES, "exchanges"):
        if out[key] is not None:
            out[key] = [list(x) if isinstance(x, tuple) else x for x in out[key]]
    return out


def game_from_dict(data: object) -> tuple[Game, Game]:
    """The game as dealt and as it stands, from what `game_to_dict` wrote."""
    if not isinstance(data, dict):
        raise BigTwoError(f"a game snapshot is a mapping, not {describe(data)}")
    try:
        values = dict(data)
        values["rules"] = Rules.from_dict(values["rules"])
        for key in _TUPLES:
            if values[key] is not None:
                values[key] = tuple(values[key])
        values["exchanges"] = tuple(tuple(x) for x in values["exchanges"])
        states = Record(**values).states()
    except (KeyError, TypeError, ValueError) as exc:
        raise BigTwoError(f"not a game snapshot: {exc}") from None
    return states[0], states[-1]
