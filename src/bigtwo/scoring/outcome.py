"""`Outcome`, what scoring may know about a finished deal, and small readings of its cards."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import COPY_STRIDE, RED_JOKER

_TWO = 12  # the rank of a 2 (3 is 0)
# a 2 in either deck: four bits in the first 64 and the same four in the second deck
TWOS = (0xF << (_TWO * 4)) | (0xF << (_TWO * 4 + COPY_STRIDE))
JOKERS = (0b11 << RED_JOKER) | (0b11 << (RED_JOKER + COPY_STRIDE))

# the end of a deal the others never got to play in, as the engine names it
INSTANT_WINS = frozenset({"dragon", "grand_dragon", "four_twos", "golden_whoopin", "malta_dragun"})
DRAGUN_LOST = "malta_dragun_lost"  # instant.malta_dragun: the holder (``winner``) loses at once


@dataclass(frozen=True)
class Outcome:
    """What scoring may look at: who won, the hands dealt and left, who led, every play.

    ``winner`` is the seat that went out (or won at once); for ``"malta_dragun_lost"`` it is the
    seat whose dealt dragun loses at once.
    """

    winner: int
    dealt: tuple[int, ...]  # each seat's hand as dealt (bitmasks)
    left: tuple[int, ...]  # each seat's cards at the end
    starter: int  # the seat that made the deal's first play
    plays: tuple[tuple[int, int], ...]  # every play as (seat, card mask), in order
    finish_order: tuple[int, ...] = ()  # seats in the order they went out (winner first)
    unbeaten: tuple[tuple[int, int], ...] = ()  # plays that won their trick: (seat, mask)
    assister: int | None = None  # who could have stopped the winner's last single and didn't
    forgot_announce: bool = False  # the winner never announced "last card" (last.announce)
    instant: str | None = None  # an immediate win: "dragon", "four_twos", "malta_dragun", …
    teams: tuple[int, ...] | None = None  # each seat's team in mode.teams

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.left)

    @property
    def players(self) -> int:
        return len(self.left)

    def fresh(self, seat: int) -> bool:
        """Did ``seat`` never play? (Such a player pays the top rate.) Read from the cards:
        the seat still holds every card it was dealt."""
        dealt = self.dealt[seat]
        return dealt != 0 and dealt & ~self.left[seat] == 0

    def last_play(self) -> int:
        """The winner's finishing play as a mask: the four 2s laid down for a golden whoopin',
        nothing (0) for another immediate win or when the winner's last play isn't the last."""
        if self.instant == "golden_whoopin":
            return self.dealt[self.winner] & TWOS
        if self.instant is not None or not self.plays or self.plays[-1][0] != self.winner:
            return 0
        return self.plays[-1][1]

    def finished(self) -> tuple[int, ...]:
        """Every seat by place: ``finish_order`` completed by the fewest cards left (then the
        seats in order after the winner) for seats it doesn't name."""
        n = self.players
        order = [s for s in dict.fromkeys((self.winner, *self.finish_order)) if 0 <= s < n]
        rest = [s for s in range(n) if s not in order]
        rest.sort(key=lambda s: (self.counts[s], (s - self.winner) % n))
        return (*order, *rest)


def twos(mask: int) -> int:
    """How many 2s (of either deck) a set of cards holds; jokers are not 2s."""
    return (mask & TWOS).bit_count()


def naturals(mask: int) -> int:
    """The cards of ``mask`` other than jokers."""
    return mask & ~JOKERS


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank (3 … 2) ``mask`` holds, both decks together."""
    counts = [0] * 13
    for copy in (0, COPY_STRIDE):
        for rank in range(13):
            counts[rank] += (mask >> (copy + rank * 4) & 0xF).bit_count()
    return counts
