"""Issue 12's rules details: the tournament preset's straights in plain words, the Indonesian
draw for the dealer after every ten deals, and the words that explain a session's settlement."""

from __future__ import annotations

import bigtwo
from bigtwo.bots import make_bot
from bigtwo.combos import classify
from bigtwo.session import DealResult, Session, settlement_words
from conftest import bots_play_out


def test_tournament_says_which_straights_exist_and_whose_rule_it_follows() -> None:
    from bigtwo.rules.presets import PRESETS

    rules = bigtwo.Rules.preset("tournament")
    assert classify("AS 2D 3C 4H 5S", rules) is None
    assert classify("2D 3C 4H 5S 6S", rules) is None
    assert classify("JS QD KC AH 2S", rules) is not None
    preset = PRESETS["tournament"]
    assert "A-2-3-4-5 and 2-3-4-5-6 are not straights" in preset.summary
    assert "Boehnker" in preset.sources and "seed 001" in preset.sources


def _session(rules: bigtwo.Rules, deals: int, seed: int) -> list[Session]:
    s = Session.start(rules, seed=seed)
    out = []
    while s.deals_played < deals:
        game = bots_play_out(s.next_deal(), {k: make_bot("greedy", k) for k in range(4)})
        s = s.finish(game)
        out.append(s)
    return out


def test_indonesian_rounds_draw_for_the_dealer_every_ten_deals() -> None:
    rules = bigtwo.Rules.preset("indonesia")
    states = _session(rules, 21, seed=5)
    for s in states:
        if s.deals_played % 10 == 0:
            assert len(s.drawn) == 4
            key = bigtwo.combos.tables_for(rules).single_key
            assert s.dealer == max(range(4), key=lambda seat: key[s.drawn[seat] & 63])
            assert s.leader() is None  # the 3♦ leads the round's first deal
        else:
            assert s.drawn == ()
    again = _session(rules, 10, seed=5)[-1]
    assert again.drawn == states[9].drawn  # a seeded session repeats its draw


def test_no_draw_without_indonesian_rounds() -> None:
    assert all(s.drawn == () for s in _session(bigtwo.Rules(), 10, seed=1))


def test_settlement_words_say_why_money_differs_from_totals() -> None:
    s = Session(
        bigtwo.Rules(),
        totals=(33, -3, -22, -8),
        results=(DealResult((33, -3, -22, -8), 0, (), (0, 3, 11, 8), "out", 0),),
    )
    words = " ".join(settlement_words(s))
    assert "standard scoring" in words
    assert "a loser also pays each loser who lost less" in words
    only = Session(bigtwo.Rules().replace(winner_only=True), results=s.results, totals=s.totals)
    assert "the money is the totals" in " ".join(settlement_words(only))
