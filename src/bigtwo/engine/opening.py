"""What a dealt hand may claim before play: immediate wins (``instant.*``) and redeals
(``redeal.*``).

>>> from bigtwo.cards import mask_of, parse_cards
>>> hand_points(mask_of(parse_cards("JS QS KS AS 2S 3D")))
15
>>> dragon(mask_of(parse_cards("3D 4C 5H 6S 7D 8C 9H TS JD QC KH AS 2D")))
'dragon'
"""

from __future__ import annotations

from ..rules.config import Rules
from ..rules.options import FourTwos

_POINTS = {8: 1, 9: 2, 10: 3, 11: 4, 12: 5}  # J Q K A 2 (redeal.weak_hand)
_TWO = 12


def rank_counts(hand: int) -> list[int]:
    """How many cards of each rank (3 … 2) a hand holds, over both decks."""
    counts = [0] * 13
    m = hand
    while m:
        low = m & -m
        m ^= low
        face = (low.bit_length() - 1) & 63
        if face < 52:
            counts[face >> 2] += 1
    return counts


def hand_points(hand: int) -> int:
    """J 1, Q 2, K 3, A 4, 2 5, others 0."""
    return sum(_POINTS.get(r, 0) * n for r, n in enumerate(rank_counts(hand)))


def may_redeal(hand: int, rules: Rules) -> bool:
    """May this hand be shown for a redeal?"""
    if rules.weak_hand_redeal and hand_points(hand) <= 3:
        return True
    counts = rank_counts(hand)
    return rules.no_faces_redeal and not (counts[8] or counts[9] or counts[10])


def dragon(hand: int) -> str | None:
    """``"grand_dragon"`` for a suited A-to-2 run, ``"dragon"`` for one of every rank."""
    if not all(rank_counts(hand)):
        return None
    for suit in range(4):
        if all(hand >> (r * 4 + suit) & 1 or hand >> (64 + r * 4 + suit) & 1 for r in range(13)):
            return "grand_dragon"
    return "dragon"


def malta_dragun(hand: int) -> str | None:
    """Six pairs and one card among 13 dealt cards: ``"win"``, or ``"lose"`` if one pair is
    of 3s (the dragun bla-bajd)."""
    counts = rank_counts(hand)
    if sum(counts) != 13 or sum(n // 2 for n in counts) != 6:
        return None
    return "lose" if counts[0] >= 2 else "win"


def holds_four_twos(hand: int) -> bool:
    return rank_counts(hand)[_TWO] >= 4


def instant_result(hands: tuple[int, ...], rules: Rules) -> tuple[str, int] | None:
    """An immediate result of the deal, as (what, seat), checked in seat order."""
    four_twos_apply = rules.four_twos is not FourTwos.NONE and (
        rules.players == 4 or (rules.players == 3 and rules.four_twos_three_players)
    )
    for seat, hand in enumerate(hands):
        if rules.dragon_wins:
            found = dragon(hand)
            if found:
                return found, seat
        if rules.malta_dragun:
            found = malta_dragun(hand)
            if found:
                return ("malta_dragun" if found == "win" else "malta_dragun_lost"), seat
        if four_twos_apply and holds_four_twos(hand):
            return {
                FourTwos.WIN: "four_twos",
                FourTwos.DRAW: "draw",
                FourTwos.REDEAL: "redeal",
            }[rules.four_twos], seat
    return None
