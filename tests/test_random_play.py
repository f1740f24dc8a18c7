"""Many complete random deals under many random `Rules` (2-8 players, two decks, jokers),
checking the invariants at every step: cards are conserved, every view's counts are exact
(``fair.counts``), no view holds another seat's card (``fair.hidden_hands``), every deal ends and
the scores sum to zero."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import rules_strategy

import bigtwo
from bigtwo.rules.options import Jokers

GAMES = 40 if os.environ.get("CI") else 60
MAX_ACTIONS = 2000  # far beyond any real deal: reaching it means the deal never ends


def _playable(rules: bigtwo.Rules) -> bool:
    """Random full deals that stay quick: a hand's combinations grow steeply with its size
    when jokers are wild or junk cards join pairs and triples."""
    cards_each = rules.deck_size // rules.players
    if rules.jokers is Jokers.WILD:
        return cards_each <= 14
    if rules.butterfly or rules.trips_junk or rules.sisters or rules.sf_plus_two:
        return cards_each <= 18
    return cards_each <= 27


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(rules_strategy(max_players=8).filter(_playable), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(rules: bigtwo.Rules, seed: int) -> None:
    """fair.counts, fair.hidden_hands: at every step of a random deal."""
    rng = random.Random(seed)
    game = bigtwo.Game.deal(rules, seed=seed)
    dealt = sum(game.hands)
    for _ in range(MAX_ACTIONS):
        _check_step(game, dealt)
        if game.is_over:
            break
        moves = game.legal_moves()
        game = game.play(moves[rng.randrange(len(moves))])
    assert game.is_over, "the deal never ended"
    scores = game.scores
    assert scores is not None and sum(scores) == 0


def _check_step(game: bigtwo.Game, dealt: int) -> None:
    played = 0
    for _, move in game.history:
        assert not played & move.mask
        played |= move.mask
    held = 0
    for hand in game.hands:
        assert not held & hand
        held |= hand
    assert held | played == dealt and not held & played
    counts = tuple(h.bit_count() for h in game.hands)
    for seat in range(game.rules.players):
        view = game.view(seat)
        assert view.counts == counts  # fair.counts
        assert view.hand_mask == game.hands[seat]
        others = held & ~game.hands[seat]
        assert not view.hand_mask & others  # fair.hidden_hands
        assert not _cards_in(view) & others


def _cards_in(view: bigtwo.View) -> int:
    """Every card the view shows anywhere outside the seat's own hand: the table and history."""
    m = view.table.mask if view.table is not None else 0
    return m | view.played_mask
