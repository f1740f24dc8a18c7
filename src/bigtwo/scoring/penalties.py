"""Penalty systems: what each loser of a deal pays, as ``base × rate × doublings``.

The base is the number of cards left (or their values), the rate depends on how many cards are
left (and whether the player never played), and the doublings look at the cards themselves.
Every rate names a rate for any count, so the systems serve 2 to 8 players and hands of any
size: above the seeds' largest hand (13 cards) the top rate holds, as pagat says of three
players ("the payment per card from a player holding more than 13 cards is the same").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import COPY_STRIDE
from ..combos import classify_mask, tables_for
from ..combos.straights import five_card_table
from ..rules.config import Rules
from ..rules.options import Scoring
from .outcome import JOKERS, Outcome, naturals, rank_counts, twos

Rate = Callable[[int, bool], int]  # (cards left, never played) -> points a card

FOURS = frozenset({"four_of_a_kind", "quads", "five_of_a_kind"})
STRAIGHT_FLUSHES = frozenset({"straight_flush", "straight_flush_plus_two"})


# --- rates ---------------------------------------------------------------------------------
def standard_rate(n: int, fresh: bool) -> int:
    """``core.score`` / ``score.wikipedia``: 1 a card, 2 with 10 or more, 3 for a player who
    never played (pagat: "all 13"; 13 or more cards count as that)."""
    return 3 if fresh or n >= 13 else 2 if n >= 10 else 1


def three_player_rate(n: int, fresh: bool) -> int:
    """``score.three_player``: with 17-card hands, 3 a card with all 17 (or never having
    played), 2 with 12 to 16 ("more than 11 and less than 17"), else 1."""
    return 3 if fresh or n >= 17 else 2 if n >= 12 else 1


def heavy_rate(n: int, fresh: bool) -> int:
    """``score.heavy``: 2 a card with 8-9, 3 with 10-12, 4 with 13 (or never having played)."""
    return 4 if fresh or n >= 13 else 3 if n >= 10 else 2 if n >= 8 else 1


def compound_rate(n: int, fresh: bool) -> int:
    """``score.compound``: doubled with 8 or more cards and doubled again with 10 or more
    (40 for 10 cards, 52 for 13); the 2s double it further (see `twos_doubling`)."""
    return (2 if n >= 8 else 1) * (2 if n >= 10 else 1)


def flat_rate(n: int, fresh: bool) -> int:
    """``score.flat`` and ``score.twos_double``: one point a card, no doubling by count."""
    return 1


def card_values_rate(n: int, fresh: bool) -> int:
    """``score.card_values``: the cards' values, doubled for a player with 10 or more cards."""
    return 2 if n >= 10 else 1


def da_lao_er_rate(n: int, fresh: bool) -> int:
    """``mode.da_lao_er``: 1 a card with 10 or fewer, 2 a card with 11 or more."""
    return 2 if n >= 11 else 1


def indonesia_rate(n: int, fresh: bool) -> int:
    """``score.indonesia``: double with 11 or 12 cards, triple with 13 (or never having played)."""
    return 3 if fresh or n >= 13 else 2 if n >= 11 else 1


def standard_penalty(cards: int) -> int:
    """``core.score``: one point a card, doubled with 10-12 cards, tripled with 13 or more.

    >>> [standard_penalty(n) for n in (3, 11, 8, 13)]
    [3, 22, 8, 39]
    """
    return cards * standard_rate(cards, False)


# --- bases ----------------------------------------------------------------------------------
def card_count(hand: int) -> int:
    return hand.bit_count()


def _valued(values: tuple[int, ...]) -> Callable[[int], int]:
    """A base adding up a value for each rank (3 … 2); a joker is valued as a 2."""

    def base(hand: int) -> int:
        counts = rank_counts(naturals(hand))
        return (
            sum(v * c for v, c in zip(values, counts, strict=True))
            + values[-1] * (hand & JOKERS).bit_count()
        )

    return base


# scale A: 3-10 one point, J Q K two, A three, 2 four (pagat lists 2 among the numerals and
# then as four points; the later, specific value wins)
card_values_a = _valued((1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4))
card_values_b = _valued(tuple(range(1, 14)))  # scale B: 3 = 1, 4 = 2 … A = 12, 2 = 13
indonesia_cards = _valued((1,) * 12 + (5,))  # score.indonesia: 3 to A one point, a 2 five


# --- doublings --------------------------------------------------------------------------------
def no_doubling(hand: int, outcome: Outcome, rules: Rules) -> int:
    return 1


def twos_doubling(hand: int, outcome: Outcome, rules: Rules) -> int:
    """``score.twos_double`` and ``score.compound``: doubled for each 2 left in the hand."""
    return 1 << twos(hand)


def honours_held(hand: int, rules: Rules) -> int:
    """How many fours of a kind and straight flushes ``hand`` holds, each card counted once:
    every four of a rank first (a rank held four times or more goes to its fours), then
    straight flushes of the rules' straight order among the other cards, lowest first.
    Jokers are not counted."""
    counts = rank_counts(naturals(hand))
    fours = sum(c // 4 for c in counts)
    free = [[0] * 13 for _ in range(4)]  # free[suit][rank]: copies not in a four
    for rank in range(13):
        if counts[rank] < 4:
            for suit in range(4):
                bit = rank * 4 + suit
                free[suit][rank] = (hand >> bit & 1) + (hand >> (COPY_STRIDE + bit) & 1)
    runs = sorted(five_card_table(rules.straight_order).items(), key=lambda item: item[1])
    flushes = 0
    for suit in range(4):
        for ranks, _ in runs:
            members = [r for r in range(13) if ranks >> r & 1]
            while all(free[suit][r] for r in members):
                for r in members:
                    free[suit][r] -= 1
                flushes += 1
    return fours + flushes


def kind_of(mask: int, rules: Rules) -> str | None:
    combo = classify_mask(mask, tables_for(rules)) if mask else None
    return None if combo is None else combo.kind


def finish_doubles_004(outcome: Outcome, rules: Rules) -> bool:
    """``score.doubling_004``: the winner's last play holds a 2 or is a four of a kind or a
    straight flush (one doubling, however many of these it is)."""
    last = outcome.last_play()
    return bool(twos(last)) or kind_of(last, rules) in FOURS | STRAIGHT_FLUSHES


def doubling_004(hand: int, outcome: Outcome, rules: Rules) -> int:
    """``score.doubling_004``: doubled for each unused 2, four of a kind and straight flush
    left in the hand, and once more if the winner finished with one of them."""
    finish = 2 if finish_doubles_004(outcome, rules) else 1
    return (1 << (twos(hand) + honours_held(hand, rules))) * finish


# --- the systems ----------------------------------------------------------------------------
@dataclass(frozen=True)
class System:
    """A penalty system: ``base(hand) × rate(cards, never played) × doubling(hand, …)``.
    ``by_count`` says the base is the card count, so ``score.pairwise_kam`` can apply."""

    base: Callable[[int], int]
    rate: Rate
    doubling: Callable[[int, Outcome, Rules], int] = no_doubling
    by_count: bool = True


SYSTEMS: dict[Scoring, System] = {
    Scoring.STANDARD: System(card_count, standard_rate),
    Scoring.FLAT: System(card_count, flat_rate),
    Scoring.TWOS_DOUBLE: System(card_count, flat_rate, twos_doubling),
    Scoring.DOUBLING_004: System(card_count, standard_rate, doubling_004),
    Scoring.HEAVY: System(card_count, heavy_rate),
    Scoring.COMPOUND: System(card_count, compound_rate, twos_doubling),
    Scoring.CARD_VALUES_A: System(card_values_a, card_values_rate, by_count=False),
    Scoring.CARD_VALUES_B: System(card_values_b, card_values_rate, by_count=False),
    Scoring.DA_LAO_ER: System(card_count, da_lao_er_rate),
    Scoring.INDONESIA: System(indonesia_cards, indonesia_rate, by_count=False),
}


def rate_of(system: System, outcome: Outcome, rules: Rules) -> Rate:
    """The system's rate, or the three-player rate for the Wikipedia scales when three players
    were dealt more than 13 cards and ``three_player_scale`` is on."""
    big = outcome.players == 3 and max(h.bit_count() for h in outcome.dealt) > 13
    if big and rules.three_player_scale and system.rate is standard_rate:
        return three_player_rate
    return system.rate


def rate_for(seat: int, cards: int, fresh: bool, outcome: Outcome, rules: Rules) -> int:
    """The points a card ``seat`` pays for ``cards`` cards (a count or a difference of counts;
    ``fresh``: the payer never played and pays the winner).

    A golden whoopin' (``instant.golden_whoopin``) triples every loser's count whatever the
    system's rate; with ``score.starter_double`` the rate's doubling (and tripling) by count
    applies only to the player who made the deal's first play, everyone else paying the flat
    rate.
    """
    if outcome.instant == "golden_whoopin":
        return 3
    if rules.starter_double and seat != outcome.starter:
        return 1
    system = SYSTEMS[rules.scoring]
    return rate_of(system, outcome, rules)(cards, fresh)


def penalty(seat: int, outcome: Outcome, rules: Rules) -> int:
    """What ``seat`` pays under the rules' penalty system (before modifiers such as
    ``score.twos_finish``)."""
    system = SYSTEMS[rules.scoring]
    hand = outcome.left[seat]
    rate = rate_for(seat, hand.bit_count(), outcome.fresh(seat), outcome, rules)
    return system.base(hand) * rate * system.doubling(hand, outcome, rules)
