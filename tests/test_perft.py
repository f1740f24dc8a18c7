"""Move counts from fixed positions ("perft"): the number of legal action sequences to a given
depth, and the number of leads of given 13-card hands, frozen as literals.

The literals were derived once from the subset enumeration in ``reference.py``; the smallest
case is worked by hand in its test.
"""

from __future__ import annotations

import pytest
from reference import reference_perft

import bigtwo
from bigtwo.cards import mask_of
from bigtwo.rules.options import FirstPlay, FlushOrder, Jokers, StraightOrder

CLASSIC = bigtwo.Rules()
TOURNAMENT = bigtwo.Rules.preset("tournament")
BOMBS = bigtwo.Rules(honours_beat_all=True, quads_alone=True, two_pairs=True, smackdown=True)
WILD = bigtwo.Rules(jokers=Jokers.WILD, straight_order=StraightOrder.HONG_KONG)
LOOSE = bigtwo.Rules(
    first_play=FirstPlay.OPTIONAL,
    flush_order=FlushOrder.POKER,
    straight_lengths=(3, 5),
    butterfly=True,
    trips_junk=True,
)

SMALL = ["3D 4D 5D", "6C 7C", "8H 9H", "TS JS"]
DEAL = [
    "3D 3C 4H 5S 6D 7D 8D 9C TC JH",
    "3H 4D 4C 5D 6C 7C 8H 9D QD KD",
    "3S 5C 6H 7H 8C 9H TH QC KH AH",
    "4S 5H 6S 7S 8S 9S TD JD JC 2D",
]
WILD_DEAL = [
    "3D RJ 4H 5S 6D 7D 8D 9C TC JH",
    "3H 4D 4C 5D 6C 7C 8H 9D QD BJ",
    "3S 5C 6H 7H 8C 9H TH QC KH AH",
    "4S 5H 6S 7S 8S 9S TD JD JC 2D",
]


def perft(game: bigtwo.Game, depth: int) -> int:
    """The number of action sequences of ``depth`` moves from ``game`` (shorter if it ends)."""
    if depth == 0 or game.is_over:
        return 1
    return sum(perft(game.play(move), depth - 1) for move in game.legal_moves())


def test_perft_small_deal_by_hand() -> None:
    """core.lead, core.climb: 3♦ is the only opening (no pair, no five-card hand holds it);
    seat 1 answers 6♣, 7♣ or passes; seat 2 then has 8♥, 9♥ or a pass each time: 1, 3, 9."""
    game = bigtwo.Game.deal(CLASSIC, hands=SMALL)
    assert [perft(game, d) for d in (1, 2, 3)] == [1, 3, 9]


@pytest.mark.parametrize(
    ("rules", "hands", "expected"),
    [
        (CLASSIC, DEAL, [3, 20, 151]),
        (TOURNAMENT, DEAL, [1, 11, 88]),
        (BOMBS, DEAL, [3, 20, 151]),
        (LOOSE, DEAL, [25, 119, 763]),
        (WILD, WILD_DEAL, [8, 133, 1060]),
    ],
    ids=["classic", "tournament", "bombs", "loose", "wild"],
)
def test_perft_fixed_deals(rules: bigtwo.Rules, hands: list[str], expected: list[int]) -> None:
    game = bigtwo.Game.deal(rules, hands=hands)
    assert [perft(game, d) for d in (1, 2, 3)] == expected


def test_perft_agrees_with_reference_today() -> None:
    """The frozen numbers still come out of the subset enumeration (the cheapest deal)."""
    masks = [mask_of(bigtwo.parse_cards(h)) for h in DEAL]
    assert [reference_perft(TOURNAMENT, masks, d) for d in (1, 2, 3)] == [1, 11, 88]


RAINBOW = "3S 4H 5D 6C 7S 8H 9D TC JS QH KD AC 2S"
FULL = "3D 3C 3H 3S 4D 5D 6D 7D 8D 9C TC JC QC"


@pytest.mark.parametrize(
    ("rules", "hand", "expected"),
    [
        (CLASSIC, RAINBOW, 23),
        (CLASSIC, FULL, 46),
        (TOURNAMENT, RAINBOW, 22),
        (TOURNAMENT, FULL, 38),
        (BOMBS, FULL, 47),
        (LOOSE, RAINBOW, 35),
        (LOOSE, FULL, 201),
    ],
    ids=[
        "classic-rainbow",
        "classic-full",
        "tournament-rainbow",
        "tournament-full",
        "bombs-full",
        "loose-rainbow",
        "loose-full",
    ],
)
def test_lead_counts_of_13_card_hands(rules: bigtwo.Rules, hand: str, expected: int) -> None:
    """Every combination a 13-card hand may lead. The rainbow hand by hand: 13 singles and one
    straight per window of the pagat order (A2345 … TJQKA: 10), no pair, no flush: 23."""
    rest = [c for c in bigtwo.cards.deck() if c not in bigtwo.parse_cards(hand)][:3]
    game = bigtwo.Game.deal(rules, hands=[hand, *([c] for c in rest)], leader=0)
    assert len(game.legal_moves()) == expected
