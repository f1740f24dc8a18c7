"""The bot ladder: every bot legal under many rule sets, hidden-hand sampling consistent with
the view, levels, hints and reviews."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bigtwo
from bigtwo.bots import LEVELS, ExpertBot, bot_for_level, make_bot
from bigtwo.bots.knowledge import played_mask
from bigtwo.bots.learned.bot import LearnedBot
from bigtwo.bots.sampling import gather, sample
from bigtwo.rules.options import (
    Announce,
    DrawOnPass,
    FiveBeating,
    Jokers,
    LastPlayBan,
    StraightOrder,
    SuitOrder,
)
from conftest import bots_play, untrained_network

VARIANTS: dict[str, dict[str, object]] = {
    "bridge-suits": {"suit_order": SuitOrder.BRIDGE},
    "no-suits": {"suit_order": SuitOrder.NONE},
    "two-decks-6p": {"decks": 2, "players": 6, "five_of_a_kind": True},
    "two-decks-identical": {"decks": 2, "players": 5, "identical_beats": True},
    "jokers-wild": {"jokers": Jokers.WILD},
    "jokers-valueless": {"jokers": Jokers.VALUELESS},
    "four-card": {"quads_alone": True, "two_pairs": True, "quads_kicker": False},
    "shapes": {"butterfly": True, "sisters": True, "trips_junk": True},
    "long-straights": {"straight_lengths": (3, 4, 5, 6)},
    "bombs": {"honours_beat_all": True, "quads_beat_all": True, "override_two": True},
    "smackdown": {"smackdown": True},
    "sf-plus-two": {"sf_plus_two": True},
    "same-type": {"five_beating": FiveBeating.SAME_TYPE_ONLY},
    "no-triples-flushes": {"triples": False, "flushes": False},
    "hong-kong": {"straight_order": StraightOrder.HONG_KONG, "twos_low_on_quads": True},
    "strict-trick": {"no_play_after_pass": True, "one_pass_ends": False},
    "one-pass": {"one_pass_ends": True},
    "last-card": {
        "announce": Announce.ONE_CARD,
        "precaution": True,
        "last_play_ban": LastPlayBan.SINGLE_TWO,
    },
    "three-players-draw": {"players": 3, "cards_each": 13, "draw_on_pass": DrawOnPass.ONE},
    "two-players": {"players": 2},
}


def _rule_sets() -> list[tuple[str, bigtwo.Rules]]:
    out = [(name, bigtwo.Rules.preset(name)) for name in bigtwo.Rules.presets()]
    base = bigtwo.Rules.preset("classic")
    for name, changes in VARIANTS.items():
        try:
            out.append((name, base.replace(**changes)))
        except bigtwo.RulesError:
            continue  # the engine refuses this combination; nothing to play
    return out


RULE_SETS = _rule_sets()


@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_every_bot_plays_legally(name: str, rules: bigtwo.Rules) -> None:
    bots: list[bigtwo.Bot] = [
        make_bot("heuristic", 1),
        ExpertBot(2, samples=2),
        make_bot("greedy", 3),
        make_bot("random", 4),
        make_bot("medium", 5),
    ]
    for seed in range(3):
        rng = random.Random(seed)
        rng.shuffle(bots)
        bots_play(rules, bots, seed)


@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_the_learned_bot_plays_legally(name: str, rules: bigtwo.Rules) -> None:
    """In every seat, with a network fitted to the rules' input size (untrained: any network
    must pick among the offered moves alone)."""
    bot = LearnedBot(untrained_network(rules, seed=6))
    for seed in range(2):
        assert bots_play(rules, [bot], seed).is_over


@pytest.mark.parametrize("preset", ["classic", "tournament"])
def test_heuristic_many_deals_legal(preset: str) -> None:
    rules = bigtwo.Rules.preset(preset)
    bots: list[bigtwo.Bot] = [make_bot("heuristic", s) for s in range(4)]
    for seed in range(40):
        assert bots_play(rules, bots, seed).is_over


def test_levels_name_the_ladder() -> None:
    assert list(LEVELS) == ["beginner", "easy", "medium", "hard", "expert"]
    for level in LEVELS:
        bot = bot_for_level(level, seed=1)
        assert isinstance(bot, bigtwo.Bot)
        assert bot.level == level
        assert make_bot(level, seed=1).name == bot.name
    with pytest.raises(bigtwo.BigTwoError):
        bot_for_level("grandmaster")


def test_expert_is_reproducible_with_a_seed() -> None:
    rules = bigtwo.Rules.preset("classic")
    a = bots_play(rules, [ExpertBot(7, samples=4), make_bot("heuristic")], seed=11)
    b = bots_play(rules, [ExpertBot(7, samples=4), make_bot("heuristic")], seed=11)
    assert a.history == b.history


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 45),
    preset=st.sampled_from(["classic", "tournament", "two-decks-6p", "three-players-draw"]),
    sample_seed=st.integers(0, 1_000),
)
def test_sampled_hands_fit_the_view(seed: int, steps: int, preset: str, sample_seed: int) -> None:
    rules = dict(RULE_SETS)[preset]
    game = bigtwo.Game.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_moves()
        game = game.play(legal[rng.randrange(len(legal))])
    if game.is_over:
        return
    view = game.view(game.to_move)
    hands = sample(gather(view), random.Random(sample_seed))
    own, played = view.hand_mask, played_mask(view)
    assert hands[view.seat] == 0
    for seat, hand in enumerate(hands):
        if seat == view.seat:
            continue
        assert hand.bit_count() == view.counts[seat]
        assert hand & own == 0
        if rules.draw_on_pass is DrawOnPass.NONE or not rules.reshuffle_stock:
            assert hand & played == 0
    seen = 0
    for hand in hands:
        assert hand & seen == 0  # no card twice
        seen |= hand


@pytest.mark.parametrize("level", list(LEVELS))
def test_hint_gives_a_legal_move_and_a_reason(level: str) -> None:
    from bigtwo.bots.explain import hint

    game = bigtwo.Game.deal(bigtwo.Rules.preset("tournament"), seed=3)
    rng = random.Random(3)
    for _ in range(12):
        legal = game.legal_moves()
        h = hint(game.view(game.to_move), legal, level)
        assert h.move in legal
        assert h.reason and "\n" not in h.reason
        game = game.play(legal[rng.randrange(len(legal))])


def test_review_lists_only_differences_from_the_expert() -> None:
    from bigtwo.bots.explain import review

    rules = bigtwo.Rules.preset("classic")
    game = bots_play(rules, [make_bot("random", 1), make_bot("heuristic", 2)], seed=8)
    notes = review(game, seat=0, samples=3)
    assert notes, "a random player's deal should leave something to review"
    history = game.history
    for note in notes:
        seat, played = history[note.action]
        assert seat == 0 and played == note.played
        assert note.expert != note.played and note.reason


def test_advice_is_refused_in_words_for_another_seats_moves_or_an_unfinished_deal() -> None:
    from bigtwo.bots.explain import hint, review

    game = bigtwo.Game.deal(bigtwo.Rules.preset("classic"), seed=3)
    other = (game.to_move + 1) % 4
    # the moves of the seat to play, asked about from another seat's view
    with pytest.raises(bigtwo.BigTwoError, match="is not in this seat's hand"):
        hint(game.view(other), game.legal_moves(), "hard")
    game = game.play(game.legal_moves()[-1])
    with pytest.raises(bigtwo.BigTwoError, match="finished deal"):
        review(game, seat=0, samples=2)  # no notes would read as "no mistakes"


@pytest.mark.parametrize(
    "rules",
    [
        bigtwo.Rules(players=3, leftover="trade-shown", cut=False),
        bigtwo.Rules(players=3, leftover="discard-lowest"),
    ],
    ids=["deal.leftover_trade", "deal.leftover_discard"],
)
def test_sampling_leaves_the_undealt_cards_the_table_knows(rules: bigtwo.Rules) -> None:
    for seed in range(6):
        game = bigtwo.Game.deal(rules, seed=seed)
        if game.pending:
            game = game.play("keep")
        view = game.view(game.to_move)
        shown = sum(1 << c for c in view.shown)
        assert shown, "the extra card is public"
        ev = gather(view)
        assert not any(shown >> c & 1 for c in ev.pool)
        for hand in sample(ev, random.Random(seed)):
            assert hand & shown == 0
