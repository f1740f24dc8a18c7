"""Scoring systems: pure functions from a finished deal (an `Outcome`) to each seat's score.

Every system scores a deal with 2 to 8 players; higher is always better (Indonesia's tally,
where lower is better, is negated). ``score`` picks the system named by ``rules.scoring``:

* penalty systems (`penalties.SYSTEMS`): each loser pays the winner ``base × rate ×
  doublings``, so the deal sums to zero: ``core.score``/``score.wikipedia`` (STANDARD),
  ``score.three_player``, ``score.flat``, ``score.twos_double``, ``score.doubling_004``,
  ``score.heavy``, ``score.compound``, ``score.card_values`` (A and B), ``mode.da_lao_er``;
* `systems`: ``score.taiwan_loser`` (zero-sum), ``score.pusoy_dos``, ``score.ranking`` and
  ``score.indonesia`` (positive or mixed points);
* modifiers (`settle`): ``score.pairwise_kam``, ``score.twos_finish``, ``score.starter_double``
  (in the rate), ``score.winner_only``, ``score.assistance``, ``last.announce``;
* the deal's ending: an immediate win (``instant.*``) leaves the others with their whole hands,
  which they never played, so they pay the top rate for them (39 each, 117 to the winner under
  the standard scale); a golden whoopin' triples each loser's count; a Malta dragun with a pair
  of 3s makes its holder pay every other player; ``mode.teams`` is scored by `teams`.

``score.winner_only`` changes no deal's scores under the systems where only the winner is paid
anyway (all but ``score.pairwise_kam``, where it drops the payments between losers); what it
changes is the session's settlement, which then nets only what each loser paid each winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.config import Rules
from ..rules.options import Scoring
from .outcome import DRAGUN_LOST, Outcome
from .penalties import SYSTEMS, penalty, standard_penalty
from .settle import Owed, net, pairwise, settle, to_winner
from .systems import TAIWAN_STAKE, non_penalty, place_points
from .teams import team_scores


def score(outcome: Outcome, rules: Rules) -> tuple[int, ...]:
    """Each seat's score for a finished deal under ``rules``.

    >>> o = Outcome(0, (0,) * 4, (0, 0b111, 0b11111111111, 0b11111111), 1, ())
    >>> score(o, Rules())
    (33, -3, -22, -8)
    """
    if outcome.teams is not None:
        return team_scores(outcome, rules, seat_scores)
    payers = [s for s in range(outcome.players) if s != outcome.winner]
    return seat_scores(outcome, rules, payers, rules.pairwise_kam)


def seat_scores(
    outcome: Outcome, rules: Rules, payers: Sequence[int], by_pairs: bool
) -> tuple[int, ...]:
    """The scores when ``payers`` are the players who lost to ``outcome.winner`` (everyone
    else, unless team mates are spared); ``by_pairs`` asks for ``score.pairwise_kam``, which
    applies to the systems whose base is the card count."""
    if outcome.instant == DRAGUN_LOST:
        return dragun_lost(outcome, rules)
    system = SYSTEMS.get(rules.scoring)
    if system is None or rules.scoring is Scoring.INDONESIA:
        return non_penalty(outcome, rules, payers)
    owed = (pairwise if by_pairs and system.by_count else to_winner)(outcome, rules, payers)
    return settle(owed, outcome, rules)


def dragun_lost(outcome: Outcome, rules: Rules) -> tuple[int, ...]:
    """``instant.malta_dragun``: a dealt dragun with a pair of 3s loses at once. Its holder
    (``outcome.winner``) pays every other player what a loser holding that unplayed hand would
    pay a winner (the stake under ``score.taiwan_loser``); zero-sum. Without penalties:
    Pusoy Dos scores nothing, ranking puts the holder last and everyone else first,
    Indonesia charges the holder its card points once."""
    holder, n = outcome.winner, outcome.players
    others = [s for s in range(n) if s != holder]
    s = rules.scoring
    if s in SYSTEMS and s is not Scoring.INDONESIA:
        pays = penalty(holder, outcome, rules)
    elif s is Scoring.TAIWAN_LOSER:
        pays = TAIWAN_STAKE
    elif s is Scoring.RANKING:
        return tuple(0 if seat == holder else place_points(0, n) for seat in range(n))
    elif s is Scoring.INDONESIA:
        return tuple(-penalty(holder, outcome, rules) if seat == holder else 0 for seat in range(n))
    else:
        return (0,) * n
    owed: Owed = {(holder, seat): pays for seat in others}
    return net(owed, n)


__all__ = ["Outcome", "score", "standard_penalty"]
