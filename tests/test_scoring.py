"""Every scoring system and modifier on concrete deals, the seeds' worked examples, and the
zero-sum property of the systems that are zero-sum.

Test names (or parametrize ids) carry the variation IDs they cover.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo.cards import Card, deck, mask_of
from bigtwo.combos import to_mask
from bigtwo.rules.config import Rules
from bigtwo.rules.options import Scoring, StraightOrder
from bigtwo.scoring import Outcome, score, standard_penalty
from bigtwo.scoring.penalties import honours_held
from bigtwo.scoring.settle import pairwise
from bigtwo.scoring.systems import place_points, taiwan_loser

PLAYED = 1 << 117  # a marker card in the dealt hands: "this seat has played something"


def covers(*ids: str) -> pytest.MarkDecorator:
    """Put the variation IDs a test covers in its parametrize id (names can't hold dots)."""
    return pytest.mark.parametrize("rule_id", ids)


def junk(n: int, seat: int = 0) -> int:
    """``n`` cards (up to 24) with no 2, no four of a kind and no straight flush."""
    return mask_of(Card.of(r % 12, (r + seat + r // 12) % 4) for r in range(n))


def deal(
    left: list[int | str],
    winner: int = 0,
    *,
    last: str | None = None,
    dealt: list[int] | None = None,
    **fields: object,
) -> Outcome:
    """An Outcome from each seat's cards left (a count for `junk` cards, or card text). A seat
    with 13 or more cards never played; the others did. ``last`` is the winner's last play."""
    hands = [junk(h, s) if isinstance(h, int) else to_mask(h) for s, h in enumerate(left)]
    if dealt is None:
        dealt = [h if h.bit_count() >= 13 else h | PLAYED for h in hands]
    plays = ((winner, to_mask(last)),) if last else ()
    base: dict[str, object] = {"starter": (winner + 1) % len(left), "plays": plays}
    base.update(fields)
    return Outcome(winner, tuple(dealt), tuple(hands), **base)  # type: ignore[arg-type]


def rules(scoring: Scoring = Scoring.STANDARD, **options: object) -> Rules:
    return Rules(scoring=scoring, **options)  # type: ignore[arg-type]


# --- core.score / score.wikipedia -----------------------------------------------------------------
@covers("core.score", "score.wikipedia")
def test_core_score_wikipedia_example(rule_id: str) -> None:
    """core.score and score.wikipedia: losers with 3, 11 and 8 cards; the winner takes 33."""
    assert score(deal([0, 3, 11, 8]), rules()) == (33, -3, -22, -8)


@covers("score.wikipedia")
@pytest.mark.parametrize(
    ("cards", "paid"),
    [(1, 1), (9, 9), (10, 20), (12, 24), (13, 39)],
    ids=str,
)
def test_score_wikipedia_rates(cards: int, paid: int, rule_id: str) -> None:
    assert score(deal([0, cards]), rules()) == (paid, -paid)
    assert standard_penalty(cards) == paid


@covers("score.wikipedia")
def test_score_wikipedia_none_played_triples(rule_id: str) -> None:
    """score.wikipedia: -3 a card for a player who never played, whatever the count (here 12
    of a 12-card hand), -2 a card for one who played down to 12."""
    never = deal([0, 12], dealt=[PLAYED, junk(12, 1)])
    assert score(never, rules()) == (36, -36)
    assert score(deal([0, 12]), rules()) == (24, -24)


# --- score.three_player ---------------------------------------------------------------------------
@covers("score.three_player")
@pytest.mark.parametrize(
    ("cards", "on", "off"),
    [(17, 51, 51), (16, 32, 48), (12, 24, 24), (11, 11, 22), (9, 9, 9)],
    ids=lambda v: str(v),
)
def test_score_three_player(cards: int, on: int, off: int, rule_id: str) -> None:
    """score.three_player: with 17-card hands, x3 with 17 cards, x2 with 12-16; turned off, the
    standard (pagat) rate, where 13 or more cards pay 3 a card."""
    left: list[int | str] = [0, cards, 5]
    dealt = [junk(17, s) | (PLAYED if s != 1 or cards < 17 else 0) for s in range(3)]
    o = deal(left, dealt=dealt)
    assert score(o, rules(three_player_scale=True))[1] == -on
    assert score(o, rules(three_player_scale=False))[1] == -off


@covers("score.three_player")
def test_score_three_player_only_for_three(rule_id: str) -> None:
    """score.three_player: four players dealt 13 keep the standard scale (11 cards: 22)."""
    assert score(deal([0, 11, 1, 1]), rules(three_player_scale=True))[1] == -22


# --- score.twos_double ----------------------------------------------------------------------------
@covers("score.twos_double")
def test_score_twos_double(rule_id: str) -> None:
    """score.twos_double: one point a card, doubled for each unused 2 (5 cards, two 2s: 20)."""
    o = deal([0, "3D 5C 9H 2S 2D", 4])
    assert score(o, rules(Scoring.TWOS_DOUBLE)) == (24, -20, -4)


# --- score.doubling_004 ---------------------------------------------------------------------------
EXAMPLE_004 = [
    "",  # North wins with a 2 as the last discard
    "5D 7C 9S",  # East: 3 cards
    "5H 6H 7H 8H 9H 3D 4C JD QS",  # West: 9 cards with an unused straight flush
    "3C 4D 6C 8D TC QC KD 2C",  # South: 8 cards with an unused 2
]


@covers("score.doubling_004")
def test_score_doubling_004_example(rule_id: str) -> None:
    """score.doubling_004, seed 004's example: -6, -36, -32, and the winner +74."""
    o = deal(EXAMPLE_004, last="2S")
    assert score(o, rules(Scoring.DOUBLING_004)) == (74, -6, -36, -32)


@covers("score.doubling_004")
def test_score_doubling_004_finish_does_not_stack(rule_id: str) -> None:
    """score.doubling_004: finishing with four 2s (a 2 and a four of a kind) doubles once."""
    o = deal(["", "5D 7C 9S"], last="2S 2H 2C 2D 3S")
    assert score(o, rules(Scoring.DOUBLING_004)) == (6, -6)
    plain = deal(["", "5D 7C 9S"], last="3S 4S 5S 6S 8D")  # a straight: no doubling
    assert score(plain, rules(Scoring.DOUBLING_004)) == (3, -3)


@covers("score.doubling_004")
def test_score_doubling_004_held_fours(rule_id: str) -> None:
    """score.doubling_004: an unused four of a kind doubles; each 2 doubles again; 10 cards
    pay the standard 2 a card first (10 x 2 x 2 x 2 = 80)."""
    o = deal(["", "9D 9C 9H 9S 3D 4C 5H 6S 2D KS"], last="AS")
    assert score(o, rules(Scoring.DOUBLING_004)) == (80, -80)


@covers("score.doubling_004")
def test_honours_held_counts_each_card_once(rule_id: str) -> None:
    """score.doubling_004: a four of a kind uses its rank, so it doesn't also make a straight
    flush; two disjoint straight flushes count twice; the straight order decides."""
    r = rules()
    assert honours_held(to_mask("5H 6H 7H 8H 9H TH JH QH KH AH"), r) == 2
    assert honours_held(to_mask("5H 6H 7H 8H 9H 9D 9C 9S"), r) == 1
    assert honours_held(to_mask("AH 2H 3H 4H 5H"), r) == 1
    assert honours_held(to_mask("AH 2H 3H 4H 5H"), rules(straight_order=StraightOrder.NO_TWOS)) == 0


# --- score.winner_only ----------------------------------------------------------------------------
@covers("score.winner_only")
def test_score_winner_only(rule_id: str) -> None:
    """score.winner_only: only the winner collects, which is what a deal's scores say anyway;
    with pairwise payments it drops those between losers."""
    o = deal([0, 10, 2, 5])
    assert score(o, rules(winner_only=True)) == score(o, rules())
    both = score(o, rules(pairwise_kam=True, winner_only=True))
    assert both == (27, -20, -2, -5)


# --- score.starter_double -------------------------------------------------------------------------
@covers("score.starter_double")
def test_score_starter_double(rule_id: str) -> None:
    """score.starter_double: the doubling for 10 or more cards only for the deal's starter."""
    o = deal([0, 11, 11, 3], starter=1)
    assert score(o, rules(starter_double=True)) == (36, -22, -11, -3)


# --- score.heavy ----------------------------------------------------------------------------------
@covers("score.heavy")
@pytest.mark.parametrize(
    ("cards", "paid"), [(7, 7), (8, 16), (9, 18), (10, 30), (12, 36), (13, 52)], ids=str
)
def test_score_heavy(cards: int, paid: int, rule_id: str) -> None:
    """score.heavy: x2 with 8-9 cards, x3 with 10-12, x4 with 13."""
    assert score(deal([0, cards]), rules(Scoring.HEAVY)) == (paid, -paid)


# --- score.compound -------------------------------------------------------------------------------
@covers("score.compound")
def test_score_compound_example(rule_id: str) -> None:
    """score.compound, pagat's example: nine cards with two 2s lose 9 x 2 x 2 x 2 = 72."""
    o = deal([0, "3D 4C 5H 6S 8D 9C JH 2S 2D"])
    assert score(o, rules(Scoring.COMPOUND)) == (72, -72)


@covers("score.compound")
@pytest.mark.parametrize(("cards", "paid"), [(7, 7), (8, 16), (10, 40), (11, 44)], ids=str)
def test_score_compound_by_count(cards: int, paid: int, rule_id: str) -> None:
    """score.compound: x2 with 8 or more, again x2 with 10 or more (40 for 10, 44 for 11)."""
    assert score(deal([0, cards]), rules(Scoring.COMPOUND)) == (paid, -paid)


# --- score.pairwise_kam ---------------------------------------------------------------------------
@covers("score.pairwise_kam")
def test_score_pairwise_kam_example(rule_id: str) -> None:
    """score.pairwise_kam, pagat's example: with 10 cards you pay 20 to the winner but only 8
    to a player with two cards (10 - 2 is below the doubling)."""
    o = deal([0, 10, 2, 5])
    owed = pairwise(o, rules(pairwise_kam=True), [1, 2, 3])
    assert owed[1, 0] == 20 and owed[1, 2] == 8 and owed[1, 3] == 5
    assert owed[3, 2] == 3 and owed[2, 0] == 2 and (2, 1) not in owed
    assert score(o, rules(pairwise_kam=True)) == (27, -33, 9, -3)


@covers("score.pairwise_kam")
def test_score_pairwise_kam_doubles_by_difference(rule_id: str) -> None:
    """score.pairwise_kam: 12 cards against 1 pays 11 x 2; against the winner 12 x 2."""
    o = deal([0, 12, 1])
    assert score(o, rules(pairwise_kam=True)) == (25, -46, 21)


# --- score.flat -----------------------------------------------------------------------------------
@covers("score.flat")
def test_score_flat(rule_id: str) -> None:
    """score.flat: one point a card, no doubling (3, 11 and 8 cards: 22 to the winner)."""
    assert score(deal([0, 3, 11, 8]), rules(Scoring.FLAT)) == (22, -3, -11, -8)


# --- score.twos_finish ----------------------------------------------------------------------------
@covers("score.twos_finish")
@pytest.mark.parametrize(
    ("last", "factor"),
    [("2S", 2), ("2S 2H", 2), ("2S 2H 2D", 2), ("AS", 1), ("AS 2D 3C 4H 5S", 1)],
    ids=["single", "pair", "triple", "ace", "straight-with-a-2"],
)
def test_score_twos_finish(last: str, factor: int, rule_id: str) -> None:
    """score.twos_finish: a last play made of 2s only doubles every penalty."""
    o = deal([0, 3, 11, 8], last=last)
    expected = tuple(v * factor for v in (33, -3, -22, -8))
    assert score(o, rules(twos_finish_double=True)) == expected


# --- score.card_values ----------------------------------------------------------------------------
@covers("score.card_values")
@pytest.mark.parametrize(
    ("scoring", "hand", "paid"),
    [
        (Scoring.CARD_VALUES_A, "3D TC JH AS 2D", 1 + 1 + 2 + 3 + 4),
        (Scoring.CARD_VALUES_B, "3D TC JH AS 2D", 1 + 8 + 9 + 12 + 13),
        (Scoring.CARD_VALUES_A, "3D 4D 5D 6D 7D 8D 9D TD JD QD", 2 * (8 + 2 + 2)),
    ],
    ids=["A", "B", "doubled"],
)
def test_score_card_values(scoring: Scoring, hand: str, paid: int, rule_id: str) -> None:
    """score.card_values: scale A (3-10 = 1, J Q K = 2, A = 3, 2 = 4), scale B (3 = 1 … A = 12,
    2 = 13), doubled for a player with 10 or more cards."""
    assert score(deal(["", hand]), rules(scoring)) == (paid, -paid)


# --- score.taiwan_loser ---------------------------------------------------------------------------
@covers("score.taiwan_loser")
def test_score_taiwan_loser(rule_id: str) -> None:
    """score.taiwan_loser: only the player with most cards pays, a fixed stake of 1."""
    assert score(deal([0, 3, 11, 8]), rules(Scoring.TAIWAN_LOSER)) == (1, 0, -1, 0)


@covers("score.taiwan_loser")
def test_score_taiwan_loser_tie_by_highest_card(rule_id: str) -> None:
    """score.taiwan_loser: among players tied on most cards, the holder of the highest card
    (2♠ beats 2♥ in the standard suit order) is the loser."""
    o = deal(["", "3D 4D 2H", "3C 4C 2S", "5D"])
    assert taiwan_loser(o, rules(Scoring.TAIWAN_LOSER), [1, 2, 3]) == 2
    assert score(o, rules(Scoring.TAIWAN_LOSER)) == (1, 0, -1, 0)


# --- score.pusoy_dos ------------------------------------------------------------------------------
@covers("score.pusoy_dos")
@pytest.mark.parametrize(
    ("last", "points"),
    [("AS", 1), ("2S", 2), ("2S 2H", 4), ("2S 2H 2C", 8), ("2S 2H 2C 2D 3D", 16)],
    ids=["no-2", "one-2", "two-2s", "three-2s", "four-2s"],
)
def test_score_pusoy_dos(last: str, points: int, rule_id: str) -> None:
    """score.pusoy_dos: the winner scores 1, or 2/4/8/16 for 1/2/3/4 twos; the others 0."""
    assert score(deal([0, 3, 11, 8], last=last), rules(Scoring.PUSOY_DOS)) == (points, 0, 0, 0)


# --- score.ranking --------------------------------------------------------------------------------
@covers("score.ranking")
def test_score_ranking(rule_id: str) -> None:
    """score.ranking: 5, 3, 1, 0 by finishing order; the option records only the order."""
    o = deal([0, 0, 0, 4], winner=2, finish_order=(2, 0, 3, 1))
    assert score(o, rules(Scoring.RANKING)) == (3, 0, 5, 1)
    assert score(o, rules(Scoring.RANKING_ORDER)) == (0, 0, 0, 0)


@covers("score.ranking")
def test_score_ranking_other_sizes_and_short_order(rule_id: str) -> None:
    """score.ranking: 1, 0 for two players; 13 … 1, 0 for eight; when play stopped at the
    first player out, the others are placed by the fewest cards left."""
    assert [place_points(p, 2) for p in range(2)] == [1, 0]
    assert [place_points(p, 8) for p in range(8)] == [13, 11, 9, 7, 5, 3, 1, 0]
    o = deal([6, 0, 2, 9], winner=1)
    assert score(o, rules(Scoring.RANKING)) == (1, 5, 3, 0)


# --- score.indonesia ------------------------------------------------------------------------------
@covers("score.indonesia")
def test_score_indonesia(rule_id: str) -> None:
    """score.indonesia, negated so that higher is better: the winner ends with a pair of 2s
    (+20); a loser's unbeaten four of a kind +20; losers 1 a card and 5 a 2, x2 with 11-12
    cards, x3 with 13."""
    quads = "9D 9C 9H 9S 3D"
    o = deal(
        ["", "3C 5C 6D 8H 2D", 11, 13],
        last="2S 2H",
        unbeaten=((1, to_mask(quads)), (0, to_mask("2S 2H"))),
    )
    assert score(o, rules(Scoring.INDONESIA)) == (20, 20 - 9, -22, -39)


@covers("score.indonesia")
def test_score_indonesia_special_ending_doubles(rule_id: str) -> None:
    """score.indonesia: a straight flush ending the deal earns 2 x 40 plus the finishing 5;
    four 2s earn 80 (but twice that, and 40 for the 2s, when they end the deal)."""
    sf = "5H 6H 7H 8H 9H"
    o = deal(["", 3], last=sf, plays=((0, to_mask(sf)),), unbeaten=((0, to_mask(sf)),))
    assert score(o, rules(Scoring.INDONESIA)) == (85, -3)
    twos = "2S 2H 2C 2D 3D"
    o = deal(["", 3], last=twos, unbeaten=((0, to_mask(twos)),))
    assert score(o, rules(Scoring.INDONESIA)) == (160 + 40, -3)
    o = deal(["3D", 3], winner=1, last="4D", unbeaten=((0, to_mask(twos)),))
    assert score(o, rules(Scoring.INDONESIA)) == (80 - 1, 5)


# --- score.assistance -----------------------------------------------------------------------------
@covers("score.assistance")
def test_score_assistance(rule_id: str) -> None:
    """score.assistance: the assister pays the other losers' penalties too; they pay nothing."""
    o = deal([0, 3, 11, 8], assister=3, last="AS")
    assert score(o, rules(assistance=True)) == (33, 0, 0, -33)
    assert score(o, rules(assistance=False)) == (33, -3, -22, -8)


@covers("score.assistance")
def test_score_assistance_taiwan_and_pairwise(rule_id: str) -> None:
    """score.assistance: under the loser-pays system the assister pays the stake; with
    pairwise payments it makes the other losers' payments (what it is owed cancels)."""
    o = deal([0, 3, 11, 8], assister=1)
    assert score(o, rules(Scoring.TAIWAN_LOSER, assistance=True)) == (1, -1, 0, 0)
    plain = score(o, rules(pairwise_kam=True))
    helped = score(o, rules(pairwise_kam=True, assistance=True))
    assert sum(helped) == 0 and helped[0] == plain[0] and helped[2] == 0


# --- the deal's ending ----------------------------------------------------------------------------
def full_deal(winner: int = 0, instant: str = "dragon") -> Outcome:
    hands = tuple(mask_of(deck()[s::4]) for s in range(4))  # 13 cards each, none played
    return Outcome(winner, hands, hands, (winner + 1) % 4, (), instant=instant)


@covers("instant.dragon")
def test_instant_dragon_scores(rule_id: str) -> None:
    """instant.dragon: the others score as if they never played: 39 each under pagat's
    scale, 3 x 3 x 13 = 117 to the winner under triple scoring."""
    assert score(full_deal(2), rules()) == (-39, -39, 117, -39)


@covers("instant.golden_whoopin")
def test_instant_golden_whoopin_scores(rule_id: str) -> None:
    """instant.golden_whoopin: the losers' card counts are tripled, even under flat scoring;
    under Pusoy Dos the four 2s laid down score 16."""
    assert score(full_deal(0, "golden_whoopin"), rules(Scoring.FLAT)) == (117, -39, -39, -39)
    dragon = score(full_deal(0, "dragon"), rules(Scoring.FLAT))
    assert dragon == (39, -13, -13, -13)
    hands = full_deal().dealt
    twos = to_mask("2D 2C 2H 2S")
    dealt = (hands[0] | twos, *(h & ~twos for h in hands[1:]))
    o = Outcome(0, dealt, dealt, 1, (), instant="golden_whoopin")
    assert score(o, rules(Scoring.PUSOY_DOS)) == (16, 0, 0, 0)


@covers("instant.malta_dragun")
def test_instant_malta_dragun_lost_scores(rule_id: str) -> None:
    """instant.malta_dragun: a dragun with a pair of 3s loses at once; its holder pays each
    other player what an unplayed hand pays (39 under the standard scale)."""
    o = full_deal(1, "malta_dragun_lost")
    assert score(o, rules()) == (39, -117, 39, 39)


@covers("last.announce")
def test_last_announce_forgot(rule_id: str) -> None:
    """last.announce: the winner who forgot takes every other player's penalty; they score 0."""
    o = deal([0, 3, 11, 8], forgot_announce=True, last="AS")
    assert score(o, rules()) == (-33, 0, 0, 0)
    assert score(o, rules(assistance=True)) == (-33, 0, 0, 0)


@covers("mode.da_lao_er")
@pytest.mark.parametrize(("cards", "paid"), [(5, 5), (10, 10), (11, 22), (13, 26)], ids=str)
def test_mode_da_lao_er_scoring(cards: int, paid: int, rule_id: str) -> None:
    """mode.da_lao_er: losers pay 1 a card with 10 or fewer, 2 a card with 11 or more."""
    assert score(deal([0, cards]), rules(Scoring.DA_LAO_ER)) == (paid, -paid)


# --- mode.teams -----------------------------------------------------------------------------------
@covers("mode.teams")
def test_mode_teams_example(rule_id: str) -> None:
    """mode.teams, the seeds' example: Brendan goes out, but Mike (4) and Dave (5) hold 9
    cards against Lionel's 10, so Mike and Dave's team wins; Lionel's 10 cards (20 points) are
    what the team collects, and partners share the score."""
    mike, lionel, dave, brendan = 0, 1, 2, 3
    o = deal([4, 10, 5, 0], winner=brendan, teams=(0, 1, 0, 1), last="AS")
    assert score(o, rules()) == (20, -20, 20, -20)
    assert (mike, dave) == (0, 2) and lionel == 1


@covers("mode.teams")
def test_mode_teams_outgoing_team_wins(rule_id: str) -> None:
    """mode.teams: the player going out for the team with fewer cards wins as usual."""
    o = deal([0, 3, 2, 11], winner=0, teams=(0, 1, 0, 1), last="AS")
    assert score(o, rules()) == (25, -25, 25, -25)


# --- the zero-sum property ------------------------------------------------------------------------
ZERO_SUM = [
    Scoring.STANDARD,
    Scoring.FLAT,
    Scoring.TWOS_DOUBLE,
    Scoring.DOUBLING_004,
    Scoring.HEAVY,
    Scoring.COMPOUND,
    Scoring.CARD_VALUES_A,
    Scoring.CARD_VALUES_B,
    Scoring.DA_LAO_ER,
    Scoring.TAIWAN_LOSER,
    Scoring.RANKING_ORDER,
]


@st.composite
def outcomes(draw: st.DrawFn) -> Outcome:
    """A random finished deal for 2 to 8 players (two decks above four)."""
    players = draw(st.integers(2, 8))
    cards = draw(st.permutations(deck(2 if players > 4 else 1)))
    size = min(len(cards) // players, 17)
    dealt = [mask_of(cards[s * size : (s + 1) * size]) for s in range(players)]
    winner = draw(st.integers(0, players - 1))
    instant = draw(st.sampled_from([None, None, None, "dragon", "golden_whoopin", DRAGUN]))
    left, plays = [], []
    for s in range(players):
        mine = cards[s * size : (s + 1) * size]
        keep = size if instant else 0 if s == winner else draw(st.integers(0, size))
        left.append(mask_of(mine[:keep]))
        if not instant and keep < size:
            plays.append((s, mask_of(mine[keep : keep + 5])))
    if plays and not instant:
        plays.append(plays.pop(next(i for i, p in enumerate(plays) if p[0] == winner)))
    seat = st.integers(0, players - 1)
    return Outcome(
        winner,
        tuple(dealt),
        tuple(left),
        draw(seat),
        tuple(plays),
        unbeaten=tuple(draw(st.lists(st.sampled_from(plays), max_size=2))) if plays else (),
        assister=draw(st.none() | seat),
        instant=instant,
        teams=(0, 1, 0, 1) if players == 4 and draw(st.booleans()) else None,
    )


DRAGUN = "malta_dragun_lost"


@settings(max_examples=300, deadline=None)
@given(
    outcomes(),
    st.sampled_from(ZERO_SUM),
    st.sampled_from(list(StraightOrder)),
    st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_zero_sum_systems_sum_to_zero(
    outcome: Outcome, scoring: Scoring, order: StraightOrder, flags: list[bool]
) -> None:
    """Every zero-sum system, with every modifier, sums to zero for random deals."""
    names = (
        "three_player_scale",
        "winner_only",
        "starter_double",
        "pairwise_kam",
        "twos_finish_double",
        "assistance",
    )
    r = rules(scoring, straight_order=order, **dict(zip(names, flags, strict=True)))
    scores = score(outcome, r)
    assert len(scores) == outcome.players
    assert sum(scores) == 0


@settings(max_examples=100, deadline=None)
@given(outcomes(), st.sampled_from(list(Scoring)))
def test_every_system_scores_every_deal(outcome: Outcome, scoring: Scoring) -> None:
    """Every system gives one integer a seat; the winner never scores below a loser, except
    after a losing dragun or a forgotten announcement (not generated here)."""
    scores = score(outcome, rules(scoring))
    assert len(scores) == outcome.players and all(isinstance(v, int) for v in scores)
    if outcome.instant != DRAGUN and outcome.teams is None:
        assert scores[outcome.winner] == max(scores) or scoring is Scoring.INDONESIA


@covers("last.announce")
def test_forgetting_leaves_the_table(rule_id: str) -> None:
    """last.announce is the one penalty ending that doesn't sum to zero: points leave."""
    o = replace(deal([0, 3, 11, 8], last="AS"), forgot_announce=True)
    assert sum(score(o, rules(Scoring.FLAT))) == -22
