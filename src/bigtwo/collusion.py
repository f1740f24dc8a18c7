"""A collusion review from game records (``fair.collusion``): how often each player let another
player's play stand while holding cards that beat it. Colluding partners "hold" their winners
against each other; the review shows, for every ordered pair of players, the share of chances to
beat the other's play that were passed up, next to that player's share against everyone else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .engine.game import Record


@dataclass(frozen=True)
class PairStats:
    """How ``player`` answered ``other``'s plays when it could have beaten them."""

    player: str
    other: str
    chances: int  # turns where player could beat other's play on the table
    let_stand: int  # of those, the turns where player passed

    @property
    def rate(self) -> float:
        return self.let_stand / self.chances if self.chances else 0.0


def review(records: Iterable[Record]) -> list[PairStats]:
    """Every ordered pair of players seen in ``records``, most suspicious (highest rate of
    letting the other's play stand) first."""
    chances: dict[tuple[str, str], int] = {}
    passed: dict[tuple[str, str], int] = {}
    for record in records:
        for before, action in zip(record.states(), record.actions, strict=False):
            seat = int(action.split()[0][1:])
            if before.table is None or seat != before.to_move or seat == before.table_seat:
                continue
            if not before.has_play():
                continue
            pair = (str(record.players[seat]), str(record.players[before.table_seat]))
            chances[pair] = chances.get(pair, 0) + 1
            if action.split()[1:] == ["pass"]:
                passed[pair] = passed.get(pair, 0) + 1
    stats = [PairStats(a, b, n, passed.get((a, b), 0)) for (a, b), n in chances.items()]
    return sorted(stats, key=lambda s: (-s.rate, -s.chances, s.player, s.other))
