"""The straight orders (``straight.*``) as data: which runs are straights and how they rank.

A scheme is a list of levels from lowest to highest; a level holds one or more runs that rank
equal (then the suit of the tie-break card decides). A run is written low to high, e.g.
``"A2345"``; ``"A2345:2"`` means the suit of its 2 breaks ties, otherwise its last card does.
"""

from __future__ import annotations

from ..cards import RANKS
from ..rules.options import StraightOrder

_NORMAL = ["34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]

Level = tuple[str, ...]

SCHEMES: dict[StraightOrder, list[str | Level]] = {
    StraightOrder.PAGAT: ["A2345", "23456", *_NORMAL],
    # 001: "rank is determined by the value of the biggest card", 2 high, then the next cards.
    StraightOrder.BY_TOP_TWO_HIGH: [*_NORMAL, "23456:2", "A2345:2", "JQKA2:2"],
    StraightOrder.HONG_KONG: [*_NORMAL, "23456:2", "A2345:2"],
    StraightOrder.MALAYSIA: [*_NORMAL, "A2345:2", "23456:2"],
    StraightOrder.MALAYSIA_2007: [*_NORMAL, ("A2345:2", "23456:2")],
    StraightOrder.SINGAPORE: ["A2345", *_NORMAL, "23456:2"],
    StraightOrder.INDONESIA: [*_NORMAL, "JQKA2"],
    StraightOrder.NO_TWOS: [*_NORMAL],
    StraightOrder.TWOS_LOW_ACE_HIGH_END: ["23456", *_NORMAL, "A2345:A"],
    StraightOrder.ACE_LOW_BETWEEN: ["23456", *_NORMAL[:-1], "A2345:A", "TJQKA"],
    StraightOrder.JQKA2_TOP: [*_NORMAL, "23456:2", "JQKA2"],
    StraightOrder.WRAP: ["QKA23", "KA234", "A2345", "23456", *_NORMAL, "JQKA2"],
    StraightOrder.A2345_HIGHEST: ["23456", *_NORMAL, "A2345:2"],
    StraightOrder.TWOS_TOP_A2345_SECOND: [*_NORMAL, "A2345:2", "23456:2"],
    StraightOrder.TWOS_TOP_A2345_LOWEST: ["A2345", *_NORMAL, "23456:2"],
    StraightOrder.NO_A2345: ["23456", *_NORMAL],
    StraightOrder.TWOS_HIGH: ["23456", *_NORMAL, "JQKA2"],
    StraightOrder.TWOS_HIGH_65432_SECOND: [*_NORMAL, "23456:2", "JQKA2"],
    StraightOrder.HK_BOEHNKER: [*_NORMAL, "JQKA2"],
    StraightOrder.INDONESIA_TWOS: [*_NORMAL, ("A2345:2", "23456:2")],
}


def _rank(ch: str) -> int:
    return RANKS.index(ch)


def _run_mask(run: str) -> int:
    m = 0
    for ch in run:
        m |= 1 << _rank(ch)
    return m


def five_card_table(order: StraightOrder) -> dict[int, tuple[int, int]]:
    """Rank set (13-bit mask) of each five-card straight -> (level, tie-break rank)."""
    table: dict[int, tuple[int, int]] = {}
    for level, entry in enumerate(SCHEMES[order]):
        for item in (entry,) if isinstance(entry, str) else entry:
            run, _, tie = item.partition(":")
            table[_run_mask(run)] = (level, _rank(tie or run[-1]))
    return table


def _line(order: StraightOrder) -> str:
    """The rank line that runs of other lengths follow under ``order``."""
    runs = {
        r.partition(":")[0] for e in SCHEMES[order] for r in ((e,) if isinstance(e, str) else e)
    }
    if order is StraightOrder.WRAP:
        return "3456789TJQKA23456789TJQKA"
    if "A2345" in runs:
        return "A23456789TJQKA"
    if "JQKA2" in runs:
        return "3456789TJQKA2"
    return "3456789TJQKA"


def run_table(order: StraightOrder, length: int) -> dict[int, tuple[int, int]]:
    """Straights of ``length`` cards: rank set -> (level, tie-break rank).

    Five-card straights follow the scheme exactly; other lengths (``combo.long_straights``)
    run along the scheme's line (ace low and high where the scheme lets A2345 stand, 2 high
    where JQKA2 stands), ranked by their position, the top card breaking ties; a 13-card run
    (a dragon) is broken by the suit of its 2.
    """
    if length == 5:
        return five_card_table(order)
    line = _line(order)
    table: dict[int, tuple[int, int]] = {}
    seen_positions = 0
    for start in range(len(line) - length + 1):
        run = line[start : start + length]
        if len(set(run)) != length:
            continue
        mask = _run_mask(run)
        tie = _rank("2") if length == 13 else _rank(run[-1])
        table[mask] = (seen_positions, tie)  # a later (higher) window wins a repeated rank set
        seen_positions += 1
    return table
