"""The hand planner: a hand's cost is a pure function of the hand and the rules, whatever was
costed before and whichever superset its combinations were read from."""

from __future__ import annotations

import random

import pytest

import bigtwo
from bigtwo.bots.planning import Planner
from bigtwo.combos import tables_for, to_mask

THREE_PLAYERS = bigtwo.Rules.preset("classic").replace(players=3)


def test_cost_does_not_depend_on_a_parent_costed_first() -> None:
    # 17 cards (three players) hold the 12-card hand plus a diamond flush; costing the parent
    # used to leave a memo for the 12 cards made without their T-J-Q-K-A straight
    t = tables_for(THREE_PLAYERS)
    hand = to_mask("5H 5S 6H 7C 7S TS JC QH QS KD AC 2H")
    parent = hand | to_mask("8D TD QD AD 2D")
    fresh = Planner(t).cost(hand)
    assert fresh == pytest.approx(6.459375)  # with the straight T♠ J♣ Q♥ K♦ A♣
    used = Planner(t)
    used.cost(parent)
    assert used.cost(hand) == fresh
    assert used.cost(hand, parent) == fresh


@pytest.mark.parametrize(
    "rules",
    [
        bigtwo.Rules.preset("classic"),
        THREE_PLAYERS,
        bigtwo.Rules.preset("classic").replace(decks=2),
    ],
    ids=["classic", "three-players", "two-decks"],
)
def test_cost_is_the_same_whatever_came_before(rules: bigtwo.Rules) -> None:
    t = tables_for(rules)
    rng = random.Random(3)
    shared = Planner(t)
    for d in range(6):
        game = bigtwo.Game.deal(rules, seed=d)
        for seat in range(rules.players):
            hand = game.view(seat).hand_mask
            cards = [c for c in range(128) if hand >> c & 1]
            subs = [hand]
            for _ in range(4):  # parts of the hand, costed after the whole (as bots do)
                keep = rng.sample(cards, rng.randrange(1, len(cards)))
                subs.append(sum(1 << c for c in keep))
            for sub in subs:
                fresh = Planner(t).cost(sub)
                assert shared.cost(sub, hand) == fresh
                assert shared.cost(sub) == fresh


def test_a_plays_strength_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every play of every hand is judged by its strength, and the same card sets come back
    all the time: the planner remembers each, and what it remembers is what it worked out."""
    from bigtwo.combos import classify_mask

    t = tables_for(bigtwo.Rules())
    planner = Planner(t)
    combos = [classify_mask(to_mask(cards), t) for cards in ("3D", "2S", "3D 3C", "5D 6C 7H 8S 9D")]
    fresh = [Planner(t)._strength(c) for c in combos if c is not None]
    assert [planner.strength(c) for c in combos if c is not None] == fresh
    monkeypatch.setattr(Planner, "_strength", lambda self, c: pytest.fail("worked out again"))
    assert [planner.strength(c) for c in combos if c is not None] == fresh


@pytest.mark.parametrize("preset", ["classic", "taiwan", "vietnam"])
def test_a_later_hand_has_its_shapes_cut_from_the_dealt_hand(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's hand shrinks play by play: the planner cuts each later hand's shapes from the
    dealt hand's, found once, rather than reading the hand's combinations again; the shapes
    and the costs are those of a planner that read them afresh."""
    t = tables_for(bigtwo.Rules.preset(preset))
    rng = random.Random(preset)
    pack = list(range(52))
    for _ in range(20):
        rng.shuffle(pack)
        dealt = sum(1 << c for c in pack[:13])
        hand = dealt & ~sum(1 << c for c in rng.sample(pack[:13], rng.randrange(1, 8)))
        fresh = Planner(t)
        want = (fresh.flat_shapes(hand), fresh.cost(hand))
        cut = Planner(t)
        cut.flat_shapes(dealt)
        monkeypatch.setattr(cut, "shapes", lambda _hand: pytest.fail("the hand was read again"))
        cut.held(hand, dealt)
        assert (cut.flat_shapes(hand), cut.cost(hand)) == want
        monkeypatch.undo()
