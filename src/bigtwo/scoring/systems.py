"""The systems that don't charge every loser a penalty: ``score.taiwan_loser``,
``score.pusoy_dos``, ``score.ranking`` (and its no-points option) and ``score.indonesia``."""

from __future__ import annotations

from collections.abc import Sequence

from ..combos import tables_for
from ..rules.config import Rules
from ..rules.options import Scoring
from .outcome import Outcome, rank_counts, twos
from .penalties import FOURS, STRAIGHT_FLUSHES, kind_of, penalty
from .settle import Owed, settle, twos_finish

TAIWAN_STAKE = 1  # score.taiwan_loser: the fixed amount, one stake (the session sets its worth)


def taiwan_loser(outcome: Outcome, rules: Rules, payers: Sequence[int]) -> int:
    """``score.taiwan_loser``: the one loser among ``payers``: the player with most cards;
    among ties, the one holding the highest card (by the rules' card order, the second deck's
    copy above the first), then the first of them in seat order after the winner.

    pagat's list of how the loser is found is cut off after its heading; this is the reading
    ``variations.md`` gives for it.
    """
    keys = tables_for(rules).single_key
    n, w = outcome.players, outcome.winner

    def rank(seat: int) -> tuple[int, int, int]:
        hand = outcome.left[seat]
        top = max(((keys[c & 63], c >> 6) for c in range(128) if hand >> c & 1), default=(-2, 0))
        return hand.bit_count(), top[0] * 2 + top[1], -((seat - w) % n)

    return max(payers, key=rank)


def taiwan_owed(outcome: Outcome, rules: Rules, payers: Sequence[int]) -> Owed:
    """The single loser pays the winner the fixed stake; nobody else pays."""
    return {(taiwan_loser(outcome, rules, payers), outcome.winner): TAIWAN_STAKE}


def pusoy_dos(outcome: Outcome) -> tuple[int, ...]:
    """``score.pusoy_dos``: positive points; the winner scores 1, doubled for each 2 in the
    finishing play (2, 4, 8, 16 for one to four 2s; with two decks it goes on doubling); the
    others score nothing. A golden whoopin' finishes with its four 2s (16); another immediate
    win has no finishing play (1). A winner who forgot to announce (``last.announce``) takes
    the others' penalties, which are nothing here, and forfeits the points."""
    scores = [0] * outcome.players
    if not outcome.forgot_announce:
        scores[outcome.winner] = 1 << twos(outcome.last_play())
    return tuple(scores)


def place_points(place: int, players: int) -> int:
    """``score.ranking``: 5, 3, 1, 0 for four players; in general the last place scores 0 and
    each place above it two more, starting from 1 (2 players: 1, 0; 8: 13, 11, … 1, 0).

    >>> [place_points(p, 4) for p in range(4)]
    [5, 3, 1, 0]
    """
    return 0 if place == players - 1 else 2 * (players - 1 - place) - 1


def ranking(outcome: Outcome, points: bool) -> tuple[int, ...]:
    """``score.ranking``: points by place in ``finish_order`` (completed by the fewest cards
    left when play stopped at the first player out). The option (``points`` False) records
    only the order: every seat scores 0. Penalties for assistance and for a forgotten
    announcement don't apply to ranks (as the seeds say of assistance)."""
    n = outcome.players
    scores = [0] * n
    if points:
        for place, seat in enumerate(outcome.finished()):
            scores[seat] = place_points(place, n)
    return tuple(scores)


def special_value(mask: int, rules: Rules) -> int:
    """``score.indonesia``: what an unbeaten honour earns: four of a kind 20 (four 2s 80), a
    straight flush 40; other plays nothing."""
    kind = kind_of(mask, rules)
    if kind in FOURS:
        return 80 if rank_counts(mask)[12] >= 4 else 20
    return 40 if kind in STRAIGHT_FLUSHES else 0


def indonesia(outcome: Outcome, rules: Rules, payers: Sequence[int]) -> tuple[int, ...]:
    """``score.indonesia`` (Harold Hutabarat via pagat), where the table's own tally counts
    lower as better. This project keeps one convention for every system, higher is better,
    so each seat's score is the tally negated:

    * an unbeaten four of a kind +20, straight flush +40, four 2s +80, doubled when it is the
      play that ends the deal (held or beaten honours earn nothing);
    * the winner +5, or +10 for each 2 in the finishing play (+20 for a pair of 2s);
    * each loser −1 a card from 3 to A and −5 a 2 (a joker as a 2), doubled with 11-12 cards,
      tripled with 13 (or never having played).

    Not zero-sum. The penalty modifiers act on the losers' card points: 2s finishing doubles
    them, an assister pays them all, and a winner who forgot to announce pays them all instead
    of collecting the finishing points while the losers pay nothing.
    """
    n, w = outcome.players, outcome.winner
    cards = [penalty(s, outcome, rules) if s in payers else 0 for s in range(n)]
    if rules.twos_finish_double and twos_finish(outcome):
        cards = [2 * c for c in cards]
    scores = [0] * n
    if outcome.forgot_announce:
        scores[w] = -sum(cards)
    else:
        k = twos(outcome.last_play())
        scores[w] = 10 * k if k else 5
        a = outcome.assister
        if rules.assistance and a is not None and a in payers:
            cards = [sum(cards) if s == a else 0 for s in range(n)]
        scores = [v - c for v, c in zip(scores, cards, strict=True)]
    ending = outcome.plays[-1] if outcome.plays and outcome.instant is None else None
    for seat, mask in outcome.unbeaten:
        value = special_value(mask, rules)
        scores[seat] += 2 * value if (seat, mask) == ending else value
    return tuple(scores)


def non_penalty(outcome: Outcome, rules: Rules, payers: Sequence[int]) -> tuple[int, ...]:
    """The scores of a system in this module (``rules.scoring`` must be one of them)."""
    s = rules.scoring
    if s is Scoring.TAIWAN_LOSER:
        return settle(taiwan_owed(outcome, rules, payers), outcome, rules)
    if s is Scoring.PUSOY_DOS:
        return pusoy_dos(outcome)
    if s in (Scoring.RANKING, Scoring.RANKING_ORDER):
        return ranking(outcome, s is Scoring.RANKING)
    return indonesia(outcome, rules, payers)
