"""fair.shuffle, fair.hidden_hands, fair.counts: commitments, secret shuffles and views."""

import json
import random
import secrets
from dataclasses import replace

import pytest
from conftest import play_out
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bigtwo
from bigtwo.engine import commitment as dealing


def test_fair_shuffle_commitment_is_known_before_play_and_verifies_after() -> None:
    game = bigtwo.Game.deal(seed=21)
    commitment = game.view(1).commitment
    assert len(commitment) == 64 and commitment == game.origin.commitment
    game = play_out(game)
    record = bigtwo.load_record(game.record().dumps())
    assert record.commitment == commitment
    assert record.verify() == []


def test_fair_shuffle_detects_a_tampered_deck_or_salt() -> None:
    record = play_out(bigtwo.Game.deal(seed=5)).record()
    swapped = record.deck.split()
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert record.verify() == []
    assert "do not open" in replace(record, deck=" ".join(swapped)).verify()[0]
    assert "do not open" in replace(record, salt="00" * 32).verify()[0]
    assert "256 bits" in replace(record, salt="00" * 16).verify()[0]


def test_fair_shuffle_without_a_seed_draws_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    class Recording(secrets.SystemRandom):
        def shuffle(self, x):  # type: ignore[no-untyped-def]
            calls.append(len(x))
            super().shuffle(x)

    monkeypatch.setattr(dealing.secrets, "SystemRandom", Recording)
    game = bigtwo.Game.deal()
    assert calls == [52]
    assert game.origin.seed is None and len(game.origin.salt) == 64
    assert play_out(game).record().verify() == []


def test_fair_hidden_hands_and_counts_in_views_and_seat_exports() -> None:
    game = bigtwo.Game.deal(bigtwo.Rules(players=3, ghost_hand=True), seed=3)
    for seat in range(3):
        view = game.view(seat)
        own = view.hand_mask
        assert own == game.hands[seat]
        assert view.counts == (13, 13, 13)  # fair.counts: exact counts for everyone
        assert not own & game.kitty  # the ghost hand is in no view
    export = game.record().for_seat(1)
    assert export.hands is not None and export.hands[0] == export.hands[2] == ""
    assert export.deck == "" and export.salt == ""
    assert export.counts == (13, 13, 13)


PRESETS = bigtwo.Rules.presets()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), secret=st.booleans())
def test_fair_shuffle_a_genuine_record_of_any_preset_verifies(
    preset: str, seed: int, secret: bool
) -> None:
    rules = bigtwo.Rules.preset(preset)
    game = bigtwo.Game.deal(rules, seed=None if secret else seed)
    rng = random.Random(seed)
    while not game.is_over:
        game = game.play(rng.choice(game.legal_moves()))
    record = bigtwo.load_record(game.record().dumps())
    assert record.verify() == []
    assert record.verify(game.view(0).commitment) == []
    assert record.verify(record.for_seat(rules.players - 1)) == []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_fair_hidden_hands_a_seat_export_never_holds_what_opens_another_hand(
    preset: str, seed: int, steps: int
) -> None:
    """Mid-deal, a seat's export carries the commitment but nothing that opens it: no deck,
    salt or seed, no other seat's cards."""
    rules = bigtwo.Rules.preset(preset)
    game = bigtwo.Game.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game = game.play(rng.choice(game.legal_moves()))
    full = game.record()
    for seat in range(rules.players):
        export = full.for_seat(seat).to_dict()
        deal = export["deal"]
        assert not {"deck", "salt", "seed"} & set(deal), deal.keys()
        assert deal["commitment"] == full.commitment and deal["shuffle"] == "seeded"
        for other, hand in enumerate(deal["hands"]):
            assert hand == ("" if other != seat else full.hands[seat])
        text = json.dumps(export)
        assert full.salt not in text and full.deck not in text
