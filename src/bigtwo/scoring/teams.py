"""``mode.teams``: two against two, partners sitting opposite, the team with fewer cards wins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..rules.config import Rules
from .outcome import DRAGUN_LOST, Outcome

SeatScores = Callable[[Outcome, Rules, Sequence[int], bool], tuple[int, ...]]


def winning_team(outcome: Outcome) -> int:
    """The team holding fewer cards when a player goes out; a tie (which the session settles
    by a five-card shootout) goes to the team of the player who went out, and so does an
    immediate win."""
    assert outcome.teams is not None
    if outcome.instant is not None:
        return outcome.teams[outcome.winner]
    totals: dict[int, int] = {}
    for seat, team in enumerate(outcome.teams):
        totals[team] = totals.get(team, 0) + outcome.left[seat].bit_count()
    best = min(totals.values())
    own = outcome.teams[outcome.winner]
    return own if totals[own] == best else min(t for t, v in totals.items() if v == best)


def team_scores(outcome: Outcome, rules: Rules, seat_scores: SeatScores) -> tuple[int, ...]:
    """Partners share one score. The deal is scored as if the winning team's player who went
    out (or, when the other team's player went out, the winning team's player with fewest
    cards) had won: the losing team's players pay their own penalties under the system,
    the winning team's players pay nothing. Each player then scores the team's total, so each
    member of the winning team gets all the points and each member of the losing team loses
    them (zero-sum with teams of equal size).

    A forgotten announcement and an assistance penalty only count when the player who went
    out is on the winning team; ``score.pairwise_kam`` doesn't apply (the winning team's
    cards pay nothing and so reduce nothing).
    """
    assert outcome.teams is not None
    teams = outcome.teams
    if outcome.instant == DRAGUN_LOST:  # the holder's team loses; its payments are shared
        own = seat_scores(replace(outcome, teams=None), rules, (), False)
    else:
        team = winning_team(outcome)
        winners = [s for s in range(outcome.players) if teams[s] == team]
        if teams[outcome.winner] != team:
            lead = min(winners, key=lambda s: (outcome.left[s].bit_count(), s))
            outcome = replace(outcome, winner=lead, assister=None, forgot_announce=False)
        payers = [s for s in range(outcome.players) if teams[s] != team]
        own = seat_scores(replace(outcome, teams=None), rules, payers, False)
    totals: dict[int, int] = {}
    for seat, points in enumerate(own):
        totals[teams[seat]] = totals.get(teams[seat], 0) + points
    return tuple(totals[teams[s]] for s in range(outcome.players))
