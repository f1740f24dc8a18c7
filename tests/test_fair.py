"""fair.shuffle, fair.hidden_hands, fair.counts: commitments, secret shuffles and views."""

import hashlib
import json
import random
import secrets
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bigtwo
from bigtwo.engine import commitment as dealing
from conftest import play_out


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


def _documented_layout(rules: bigtwo.Rules, terms: dealing.Terms, deck: str, salt: str) -> bytes:
    """The preimage as docs/records.md writes it: a line per field, each value compact JSON
    (keys sorted, ASCII only), built with json.dumps field by field."""

    def line(name: str, value: object) -> str:
        return f"{name} {json.dumps(value, sort_keys=True, separators=(',', ':'))}\n"

    fields = [
        ("rules", {"preset": rules.name, **rules.to_dict()}),
        ("players", list(terms.players)),
        ("dealer", terms.dealer),
        ("direction", terms.direction),
        ("leader", terms.leader),
        ("exchanges", [list(x) for x in terms.exchanges]),
        ("shuffle", "seeded" if terms.seeded else "secret"),
        ("previous", terms.previous),
        ("deck", deck),
        ("salt", salt),
    ]
    return ("bigtwo-commitment 2\n" + "".join(line(n, v) for n, v in fields)).encode()


def test_fair_shuffle_the_layout_is_pinned() -> None:
    """The bytes a commitment hashes never change for the same deal: commitments made by an
    earlier version still open."""
    rules = bigtwo.Rules.preset("classic")
    terms = dealing.Terms(
        players=("Ann", 'Bo "B" \\ ü', "李", "p3"),
        dealer=1,
        direction=-1,
        leader=2,
        exchanges=((0, 1, 2, "lowest"),),
        seeded=True,
        previous="ab" * 32,
    )
    text = dealing.layout(rules, terms, dealing.shuffle_order(rules, 7), "cd" * 32)
    assert hashlib.sha256(text).hexdigest() == (
        "4bfdd01fec07ad94c5ae6a89c62fd1e5b65d8ac99e0ccd4358c2bf8b88c068b5"
    )


_NAMES = st.text(min_size=1, max_size=12)
_EXCHANGES = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.integers(0, 3),
        st.integers(1, 3),
        st.sampled_from(("lowest", "highest", "choose")),
    ),
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(
    preset=st.sampled_from(bigtwo.Rules.presets()),
    players=st.lists(_NAMES, min_size=4, max_size=4),
    dealer=st.integers(0, 3),
    direction=st.sampled_from((1, -1)),
    leader=st.none() | st.integers(0, 3),
    exchanges=_EXCHANGES,
    seeded=st.booleans(),
    previous=st.sampled_from(("", "0f" * 32)),
    seed=st.integers(0, 2**32),
)
def test_fair_shuffle_the_layout_is_the_documented_one(
    preset: str,
    players: list[str],
    dealer: int,
    direction: int,
    leader: int | None,
    exchanges: list[tuple[int, int, int, str]],
    seeded: bool,
    previous: str,
    seed: int,
) -> None:
    """Whatever the names (quotes, backslashes, any script), the layout is the documented
    lines, each value as json.dumps writes it."""
    rules = bigtwo.Rules.preset(preset)
    terms = dealing.Terms(
        tuple(players), dealer, direction, leader, tuple(exchanges), seeded, previous
    )
    order = dealing.shuffle_order(rules, seed)
    salt = secrets.token_hex(32)
    expected = _documented_layout(rules, terms, bigtwo.format_cards(order), salt)
    assert dealing.layout(rules, terms, order, salt) == expected
