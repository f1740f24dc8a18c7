"""fair.shuffle, fair.hidden_hands, fair.counts: commitments, secret shuffles and views."""

import secrets
from dataclasses import replace

import pytest

import bigtwo
from bigtwo.engine import commitment as dealing


def test_fair_shuffle_commitment_is_known_before_play_and_verifies_after() -> None:
    game = bigtwo.Game.deal(seed=21)
    commitment = game.view(1).commitment
    assert len(commitment) == 64 and commitment == game.origin.commitment
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    record = bigtwo.load_record(game.record().dumps())
    assert record.commitment == commitment
    assert record.verify() == []


def test_fair_shuffle_detects_a_tampered_deck_or_salt() -> None:
    record = bigtwo.Game.deal(seed=5).record()
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
    assert game.record().verify() == []


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
