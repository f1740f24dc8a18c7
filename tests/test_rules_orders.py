"""Straight orders (``straight.*``), flush orders (``flush.*``) and the five-card order
(``five.*``): every order exactly as its row in variations.md lists it.

Each straight row is written out here low to high from the row's own words, not from the
engine's scheme table, so that a slip in either shows up as a failing pair.
"""

from __future__ import annotations

import itertools

import pytest

import bigtwo
from bigtwo import FiveBeating, FlushOrder, Rules, StraightOrder

CLASSIC = Rules.preset("classic")
NORMAL = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]
# one mixed suit pattern for level comparisons, and a strong one that must not rescue a run
PLAIN, STRONG = "DCDCH", "SSSSH"


def run(ranks: str, suits: str = PLAIN) -> str:
    """A five-card run written low to high, e.g. ``run("A2345")`` -> ``"AD 2C 3D 4C 5H"``."""
    return " ".join(r + s for r, s in zip(ranks, suits, strict=True))


def straight_rules(order: StraightOrder) -> Rules:
    return CLASSIC.replace(straight_order=order)


# ID -> (scheme, levels low -> high; a tuple is a level of runs that rank equal, runs that
# must not be straights at all)
ROWS: dict[str, tuple[StraightOrder, list[str | tuple[str, ...]], list[str]]] = {
    "straight.pagat": (
        StraightOrder.PAGAT,
        ["A2345", "23456", *NORMAL],
        ["JQKA2", "QKA23", "KA234"],  # no wrap: K-A-2, 2-A-K-Q-J, 3-2-A-K-Q
    ),
    "straight.by_top_two_high": (
        StraightOrder.BY_TOP_TWO_HIGH,
        # 001: "3-4-5-6-7 < 2-3-4-5-6 ... The largest straight is J-Q-K-A-2"; runs holding a 2
        # then compare the next cards: 2-6-5-4-3 < 2-A-5-4-3 < 2-A-K-Q-J
        [*NORMAL, "23456", "A2345", "JQKA2"],
        ["QKA23", "KA234"],
    ),
    "straight.hong_kong": (
        StraightOrder.HONG_KONG,
        [*NORMAL, "23456", "A2345"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.malaysia": (
        StraightOrder.MALAYSIA,
        [*NORMAL, "A2345", "23456"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.malaysia_2007": (
        StraightOrder.MALAYSIA_2007,
        [*NORMAL, ("A2345", "23456")],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.singapore": (
        StraightOrder.SINGAPORE,
        ["A2345", *NORMAL, "23456"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.indonesia": (
        StraightOrder.INDONESIA,
        [*NORMAL, "JQKA2"],
        ["A2345", "23456", "QKA23", "KA234"],
    ),
    "straight.no_twos": (
        StraightOrder.NO_TWOS,
        [*NORMAL],
        ["A2345", "23456", "JQKA2", "QKA23", "KA234"],
    ),
    "straight.twos_low_ace_high_end": (
        StraightOrder.TWOS_LOW_ACE_HIGH_END,
        ["23456", *NORMAL, "A2345"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.ace_low_between": (
        StraightOrder.ACE_LOW_BETWEEN,
        ["23456", *NORMAL[:-1], "A2345", "TJQKA"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.jqka2_top": (
        StraightOrder.JQKA2_TOP,
        [*NORMAL, "23456", "JQKA2"],
        ["A2345", "QKA23", "KA234"],
    ),
    "straight.wrap": (
        StraightOrder.WRAP,
        ["QKA23", "KA234", "A2345", "23456", *NORMAL, "JQKA2"],
        [],
    ),
    "straight.a2345_high": (  # "Some play that A-2-3-4-5 is the highest"
        StraightOrder.A2345_HIGHEST,
        ["23456", *NORMAL, "A2345"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.a2345_high-23456_top": (  # "2-3-4-5-6 is highest, beating A-2-3-4-5, which in
        StraightOrder.TWOS_TOP_A2345_SECOND,  # turn beats A-K-Q-J-10"
        [*NORMAL, "A2345", "23456"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.a2345_high-a2345_lowest": (  # "2-3-4-5-6 is highest, but A-2-3-4-5 is lowest"
        StraightOrder.TWOS_TOP_A2345_LOWEST,
        ["A2345", *NORMAL, "23456"],
        ["JQKA2", "QKA23", "KA234"],
    ),
    "straight.a2345_high-no_a2345": (  # "Some do not allow A-2-3-4-5 ... at all"
        StraightOrder.NO_A2345,
        ["23456", *NORMAL],
        ["A2345", "JQKA2", "QKA23", "KA234"],
    ),
    "straight.twos_high": (  # "2-A-K-Q-J ... the highest ... and 6-5-4-3-2 is lowest"
        StraightOrder.TWOS_HIGH,
        ["23456", *NORMAL, "JQKA2"],
        ["A2345", "QKA23", "KA234"],
    ),
    "straight.twos_high-65432_second": (  # "2AKQJ beats 26543 ... 26543 beats AKQJT"
        StraightOrder.TWOS_HIGH_65432_SECOND,
        [*NORMAL, "23456", "JQKA2"],
        ["A2345", "QKA23", "KA234"],
    ),
    "straight.hk_boehnker": (  # "the highest ... is 2-A-K-Q-J and the lowest is 7-6-5-4-3"
        StraightOrder.HK_BOEHNKER,
        [*NORMAL, "JQKA2"],
        ["A2345", "23456", "QKA23", "KA234"],
    ),
    "straight.indonesia_twos": (  # "straights containing a two ... beat all other straights"
        StraightOrder.INDONESIA_TWOS,
        [*NORMAL, ("A2345", "23456")],
        ["JQKA2", "QKA23", "KA234"],
    ),
}


def _adjacent_pairs() -> list[object]:
    cases = []
    for rid, (order, levels, _) in ROWS.items():
        for lo, hi in itertools.pairwise(levels):
            for a in (lo,) if isinstance(lo, str) else lo:
                for b in (hi,) if isinstance(hi, str) else hi:
                    cases.append(pytest.param(order, a, b, id=f"{rid}:{a}<{b}"))
    return cases


@pytest.mark.parametrize(("order", "low", "high"), _adjacent_pairs())
def test_straight_order_adjacent_pairs(order: StraightOrder, low: str, high: str) -> None:
    """Each step of each row: the higher run beats the lower whatever the suits, never back."""
    rules = straight_rules(order)
    for name in (low, high):
        combo = bigtwo.classify(run(name), rules)
        assert combo is not None and combo.kind == "straight", name
    assert bigtwo.beats(run(high), run(low, STRONG), rules)
    assert not bigtwo.beats(run(low, STRONG), run(high), rules)


def _invalid_runs() -> list[object]:
    return [
        pytest.param(order, bad, id=f"{rid}:{bad}")
        for rid, (order, _, invalid) in ROWS.items()
        for bad in invalid
    ]


@pytest.mark.parametrize(("order", "ranks"), _invalid_runs())
def test_straight_order_invalid_runs(order: StraightOrder, ranks: str) -> None:
    """Runs a row leaves out are no straight (and no straight flush) under that row."""
    rules = straight_rules(order)
    assert bigtwo.classify(run(ranks), rules) is None
    suited = bigtwo.classify(run(ranks, "HHHHH"), rules)
    assert suited is not None and suited.kind == "flush"


@pytest.mark.parametrize("rid", list(ROWS))
def test_straight_order_is_complete(rid: str) -> None:
    """A row's runs are the only five-card straights it allows (all 13 windows tried)."""
    order, levels, _ = ROWS[rid]
    allowed = {r for lv in levels for r in ((lv,) if isinstance(lv, str) else lv)}
    line = "3456789TJQKA2" * 2
    rules = straight_rules(order)
    for start in range(13):
        ranks = line[start : start + 5]  # spelled as the rows spell them: ..., JQKA2, A2345
        is_straight = bigtwo.classify(run(ranks), rules) is not None
        assert is_straight == (ranks in allowed), ranks


@pytest.mark.parametrize(
    ("order", "first", "second", "card"),
    [
        # straight.hong_kong / malaysia / malaysia_2007 / singapore / jqka2_top /
        # indonesia_twos: "suit of the 2"
        pytest.param(StraightOrder.HONG_KONG, "A2345", "A2345", "2", id="straight.hong_kong"),
        pytest.param(StraightOrder.MALAYSIA, "23456", "23456", "2", id="straight.malaysia"),
        pytest.param(
            StraightOrder.MALAYSIA_2007, "A2345", "23456", "2", id="straight.malaysia_2007"
        ),
        pytest.param(
            StraightOrder.MALAYSIA_2007, "23456", "A2345", "2", id="straight.malaysia_2007-back"
        ),
        pytest.param(StraightOrder.SINGAPORE, "23456", "23456", "2", id="straight.singapore"),
        pytest.param(StraightOrder.JQKA2_TOP, "23456", "23456", "2", id="straight.jqka2_top"),
        pytest.param(
            StraightOrder.INDONESIA_TWOS, "A2345", "23456", "2", id="straight.indonesia_twos"
        ),
        pytest.param(
            StraightOrder.INDONESIA_TWOS, "23456", "A2345", "2", id="straight.indonesia_twos-back"
        ),
        # straight.twos_low_ace_high_end / ace_low_between: "suit of the A"
        pytest.param(
            StraightOrder.TWOS_LOW_ACE_HIGH_END,
            "A2345",
            "A2345",
            "A",
            id="straight.twos_low_ace_high_end",
        ),
        pytest.param(
            StraightOrder.ACE_LOW_BETWEEN, "A2345", "A2345", "A", id="straight.ace_low_between"
        ),
        # straight.by_top_two_high: the biggest card, the 2, breaks ties
        pytest.param(
            StraightOrder.BY_TOP_TWO_HIGH, "JQKA2", "JQKA2", "2", id="straight.by_top_two_high"
        ),
        # core.straight / straight.pagat: the suit of the top card (5-4-3-2-A: the 5)
        pytest.param(StraightOrder.PAGAT, "A2345", "A2345", "5", id="straight.pagat-A2345"),
        pytest.param(StraightOrder.PAGAT, "9TJQK", "9TJQK", "K", id="core.straight-9TJQK"),
    ],
)
def test_straight_tie_breaking_card(
    order: StraightOrder, first: str, second: str, card: str
) -> None:
    """Equal straights: only the suit of the row's named card decides, not the other cards."""
    rules = straight_rules(order)
    i, j = first.index(card), second.index(card)
    hi = "".join("S" if k == i else "D" for k in range(5))  # the named card a spade
    lo = "".join("H" if k == j else "S" for k in range(5))  # every other card a spade
    assert bigtwo.beats(run(first, hi), run(second, lo), rules)
    assert not bigtwo.beats(run(second, lo), run(first, hi), rules)


def test_core_straight_pagat_example() -> None:
    """core.straight: "K-Q-J-10-9 beats Q-J-10-9-8, which beats Q-J-10-9-8" (suits lost in 002:
    the second Q-J-10-9-8 has a lower top card); A2345 lowest, 10JQKA with A♠ highest."""
    assert bigtwo.beats("KD QC JD TC 9D", "QS JS TS 9S 8H")
    assert bigtwo.beats("QS JD TC 9D 8C", "QH JS TS 9S 8S")
    assert not bigtwo.beats("QH JS TS 9S 8S", "QS JD TC 9D 8C")
    assert bigtwo.beats("6D 5C 4D 3C 2D", "5S 4S 3S 2S AH")  # 2-3-4-5-6 beats 5-4-3-2-A
    assert bigtwo.beats("7D 6C 5D 4C 3D", "6S 5S 4S 3S 2H")
    for bad in ("KD AC 2D 3C 4D", "JD QC KD AC 2D", "QD KC AD 2C 3D"):
        assert bigtwo.classify(bad) is None, bad
    top = "AS KD QC JD TC"
    assert all(not bigtwo.beats(run(r, "HHSSS"), top) for r in [*NORMAL, "A2345", "23456"])


def test_core_straight_played_in_a_game() -> None:
    """core.straight in play: A-2-3-4-5 leads (with 3♦), 2-3-4-5-6 answers, K-A-2-3-4 is refused."""
    game = bigtwo.Game.deal(
        hands=[
            "AD 2C 3D 4C 5H 9S",
            "2D 3C 4D 5C 6H 9H",
            "KD AC 2H 3H 4H 9C",
            "TD JD QD KH AH 9D",
        ]
    )
    game = game.play("AD 2C 3D 4C 5H")
    with pytest.raises(bigtwo.IllegalMoveError):
        game.play("3C 4D 5C 6H 9H")
    game = game.play("2D 3C 4D 5C 6H")
    with pytest.raises(bigtwo.IllegalMoveError, match="not a combination"):
        game.play("KD AC 2H 3H 4H")
    game = game.play("pass")
    game = game.play("TD JD QD KH AH")
    assert game.table is not None and game.table.kind == "straight"


# -- flushes ---------------------------------------------------------------------------------
def flush_rules(order: FlushOrder) -> Rules:
    return CLASSIC.replace(flush_order=order)


def test_core_flush_suit_then_top_card_then_next() -> None:
    """core.flush (002): "9-7-6-5-3 beats 2-J-9-6-4, which beats A-K-Q-10-7" — the symbols were
    lost; read as 9♠-high in spades over a heart flush led by the 2♥, over A♥-K♥-Q♥-10♥-7♥."""
    rules = CLASSIC
    assert bigtwo.beats("9S 7S 6S 5S 3S", "2H JH 9H 6H 4H", rules)
    assert bigtwo.beats("2H JH 9H 6H 4H", "AH KH QH TH 7H", rules)
    assert bigtwo.beats("9S 7S 6S 5S 3S", "AH KH QH TH 7H", rules)
    assert not bigtwo.beats("2H JH 9H 6H 4H", "9S 7S 6S 5S 3S", rules)
    # 000: "♠3-4-5-6-8 flush can beat a ♥A-K-Q-10-8 flush"
    assert bigtwo.beats("3S 4S 5S 6S 8S", "AH KH QH TH 8H", rules)
    # same suit, same top card: the next card decides (core.flush "then the next cards")
    assert bigtwo.beats("KC QC 9C 5C 3C", "KC JC 9C 5C 3C", rules)
    assert bigtwo.beats("KC QC 9C 5C 4C", "KC QC 9C 5C 3C", rules)
    assert not bigtwo.beats("KC QC 9C 5C 3C", "KC QC 9C 5C 4C", rules)


def test_flush_by_high_card() -> None:
    """flush.by_high_card (002): "2-J-7-5-3 beats A-J-10-7-6, which beats A-K-J-9-8" — suits
    lost; the first in the lowest suit, and A-J-10-7-6 must hold the higher suit to beat
    A-K-J-9-8 (same top rank: suit decides). 000: "A-6-5-4-3 of diamonds defeating
    K-Q-J-10-8 in spades"."""
    rules = flush_rules(FlushOrder.HIGH_CARD)
    assert bigtwo.beats("2D JD 7D 5D 3D", "AS JS TS 7S 6S", rules)
    assert bigtwo.beats("AS JS TS 7S 6S", "AH KH JH 9H 8H", rules)
    assert not bigtwo.beats("AH KH JH 9H 8H", "AS JS TS 7S 6S", rules)
    assert bigtwo.beats("AD 6D 5D 4D 3D", "KS QS JS TS 8S", rules)
    assert not bigtwo.beats("KS QS JS TS 8S", "AD 6D 5D 4D 3D", rules)
    assert not bigtwo.beats("AD 6D 5D 4D 3D", "KS QS JS TS 8S", CLASSIC)  # suit first


def test_flush_poker() -> None:
    """flush.poker (002): "A-K-J-9-8 beats A-J-10-7-6 because the king is higher than the jack";
    the suit only when all five ranks are equal (000: "A-Q-J-10-9 in clubs beats A-Q-J-10-8")."""
    rules = flush_rules(FlushOrder.POKER)
    assert bigtwo.beats("AD KD JD 9D 8D", "AS JS TS 7S 6S", rules)
    assert not bigtwo.beats("AS JS TS 7S 6S", "AD KD JD 9D 8D", rules)
    assert bigtwo.beats("AC QC JC TC 9C", "AS QS JS TS 8S", rules)
    assert bigtwo.beats("AS QS JS TS 8S", "AH QH JH TH 8H", rules)  # all ranks equal: suit
    assert not bigtwo.beats("AH QH JH TH 8H", "AS QS JS TS 8S", rules)


# -- the order of five-card types -----------------------------------------------------------
STRAIGHT, FLUSH = "4D 5C 6H 7S 8D", "3C 5C 9C JC KC"
FULL_HOUSE, QUADS = "7D 7C 7H 6S 6D", "9D 9C 9H 9S 3D"
STRAIGHT_FLUSH, ROYAL = "9H TH JH QH KH", "TS JS QS KS AS"


def test_core_five_type_order() -> None:
    """core.five: straight < flush < full house < four of a kind + 1 < straight flush, any
    higher type beating any lower one."""
    chain = ["6D 7C 8H 9S TD", FLUSH, "3D 3C 3H 4S 4D", "3S 3H 3D 3C 4C", "3H 4H 5H 6H 7H"]
    for i, lower in enumerate(chain):
        for higher in chain[i + 1 :]:
            assert bigtwo.beats(higher, lower), (higher, lower)
            assert not bigtwo.beats(lower, higher), (lower, higher)


def test_five_straight_over_flush() -> None:
    """five.straight_over_flush: a straight beats a flush, the rest of the order stays."""
    rules = CLASSIC.replace(straight_over_flush=True)
    assert bigtwo.beats(STRAIGHT, FLUSH, rules)
    assert not bigtwo.beats(FLUSH, STRAIGHT, rules)
    assert bigtwo.beats("3D 4C 5H 6S 7D", "9S JS QS KS 2S", rules)  # lowest straight, best flush
    assert bigtwo.beats(FULL_HOUSE, STRAIGHT, rules)
    assert not bigtwo.beats(STRAIGHT, FLUSH)  # not without the option


def test_five_royal_only_beats_quads() -> None:
    """five.royal_only_beats_quads (002): "A-K-Q-J-10 beats 2-2-2-2-6, which beats 3-3-3-3-8,
    which beats K-Q-J-10-9"."""
    rules = CLASSIC.replace(royal_only_beats_quads=True)
    royal, twos, threes, kq = "AH KH QH JH TH", "2S 2H 2C 2D 6D", "3S 3H 3C 3D 8D", "KS QS JS TS 9S"
    assert bigtwo.beats(royal, twos, rules)
    assert bigtwo.beats(twos, threes, rules)
    assert bigtwo.beats(threes, kq, rules)
    assert not bigtwo.beats(kq, threes, rules)
    assert not bigtwo.beats(twos, royal, rules)
    assert bigtwo.beats(kq, FULL_HOUSE, rules)  # a straight flush still beats a full house
    assert bigtwo.beats(kq, threes)  # not without the option


def test_five_same_type_only() -> None:
    """five.same_type_only ("no poker rules"): "a full house can not be played over a straight";
    a straight still beats a lower straight."""
    rules = CLASSIC.replace(five_beating=FiveBeating.SAME_TYPE_ONLY)
    assert not bigtwo.beats(FULL_HOUSE, STRAIGHT, rules)
    assert not bigtwo.beats(STRAIGHT_FLUSH, FULL_HOUSE, rules)
    assert bigtwo.beats("5D 6C 7H 8S 9D", STRAIGHT, rules)
    assert bigtwo.beats("8D 8C 8S 3S 3D", FULL_HOUSE, rules)
    game = bigtwo.Game.deal(
        rules,
        hands=["3D 4C 5H 6S 7D 8H", "9D 9C 9H 5S 5D 8D", "8C 9S TD JC QH AS", "2S 2H 2C 2D KD KH"],
    )
    game = game.play("3D 4C 5H 6S 7D")
    with pytest.raises(bigtwo.IllegalMoveError, match="only a straight may follow a straight"):
        game.play("9D 9C 9H 5S 5D")
    assert all(m.is_pass for m in game.legal_moves())
    game = game.play("pass").play("8C 9S TD JC QH")
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # 2222+K is no straight


def test_five_by_card_value() -> None:
    """five.by_card_value (001): "4-5-6-7-8 can be played on top of 7-7-7-6-6 even though full
    house is higher than straight"; the full house's value is its triple, the straight's its
    tie-break card."""
    rules = CLASSIC.replace(five_beating=FiveBeating.BY_CARD_VALUE)
    assert bigtwo.beats("4D 5C 6H 7S 8D", "7D 7C 7H 6S 6D", rules)
    assert not bigtwo.beats("7D 7C 7H 6S 6D", "4D 5C 6H 7S 8D", rules)
    assert bigtwo.beats("8S 8H 8D 3C 3D", "4D 5C 6H 7S 8C", rules)  # 8♠ over 8♣
    assert not bigtwo.beats("9S 9H 9D 9C 3D", "TD JC QH KS AD", rules)  # quads 9 < ace
    assert bigtwo.beats("3C 5C 9C JC AC", "KD KC KH 4S 4D", rules)  # flush A♣ over the Ks


def test_five_poker_exact() -> None:
    """five.poker_exact (000/001): poker ranking, "except for the full house 2, which is higher
    than full house Ace, and a hand must be won exactly, not just by a tiebreaker of suit"."""
    rules = CLASSIC.replace(poker_exact=True, flush_order=FlushOrder.POKER)
    assert bigtwo.beats("2D 2C 2H 3S 3D", "AS AH AD KS KD", rules)
    assert not bigtwo.beats("4S 5S 6S 7S 8H", "4D 5D 6D 7D 8C", rules)
    assert not bigtwo.beats("4D 5C 6H 7S 8S", "4C 5D 6D 7C 8H", rules)  # equal straights
    assert bigtwo.beats("4D 5C 6H 7S 8S", "4C 5D 6D 7C 8H")  # suit decides without the rule
    assert not bigtwo.beats("AS KS JS 9S 8S", "AH KH JH 9H 8H", rules)  # equal flushes
    assert bigtwo.beats("AH KH JH 9H 8H", "AS KS JS 9S 7S", rules)  # the 8 decides
    assert bigtwo.beats(STRAIGHT_FLUSH, QUADS, rules)
    game = bigtwo.Game.deal(
        rules, hands=["3D 4C 5H 6S 7D 9C", "3C 4D 5D 6C 7H TD", "3H 4H", "3S 4S"]
    )
    game = game.play("3D 4C 5H 6S 7D")
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # 3-4-5-6-7♥ only ties
