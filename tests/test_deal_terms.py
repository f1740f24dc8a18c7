"""A shuffled deal's terms are checked by one function (`proof.terms_problems`): `Game.deal`
refuses what `verify` would, and so does a record's replay; a deal laid out by hand is a
position and may start as no shuffle does."""

from __future__ import annotations

import json
import re

import pytest
from test_forgery import recommit, redeal_hands

import bigtwo
from conftest import play_out

NEVER = [
    ({"exchanges": [(0, 1, 1, "lowest")]}, "cards are exchanged before play"),
    ({"leader": 2}, "the lowest card leads"),
    ({"direction": -1}, "clockwise (-1), which these rules never deal"),
]


@pytest.mark.parametrize("terms,reason", NEVER, ids=["exchanges", "leader", "direction"])
def test_game_deal_refuses_terms_verify_refuses(terms: dict[str, object], reason: str) -> None:
    """Classic rules never exchange, never name a leader and play counter-clockwise: a shuffled
    deal on those terms is refused when dealt, when its record is replayed and by verify, in
    the same words (one check); a deal laid out by hand is a position and may start so."""
    with pytest.raises(bigtwo.BigTwoError, match=re.escape(reason)):
        bigtwo.Game.deal(seed=7, **terms)  # type: ignore[arg-type]
    with pytest.raises(bigtwo.BigTwoError, match=re.escape(reason)):
        bigtwo.Game.deal(**terms)  # type: ignore[arg-type]  # a secret shuffle too
    data = json.loads(play_out(bigtwo.Game.deal(seed=7)).record().dumps())
    key, value = next(iter(terms.items()))
    data["deal"][key] = [list(x) for x in value] if key == "exchanges" else value  # type: ignore[attr-defined]
    redeal_hands(data)  # a forger's whole work: the hands the new terms deal, recommitted
    recommit(data)
    forged = bigtwo.load_record(json.dumps(data))
    assert reason in forged.verify()[0]
    with pytest.raises(bigtwo.BigTwoError, match=re.escape(reason)):
        forged.replay()
    hands = ["3D 4D", "5D 6D", "7D 8D", "9D TD"]
    assert bigtwo.Game.deal(hands=hands, **terms)  # type: ignore[arg-type]


def test_a_committed_deals_terms_cant_be_replaced_afterwards() -> None:
    rules = bigtwo.Rules.preset("classic").replace(first_lead="winner")
    game = bigtwo.Game.deal(rules, seed=2)
    with pytest.raises(bigtwo.BigTwoError, match="commitment binds its leader"):
        bigtwo.Game.from_deal(rules, game.origin, leader=1)
    assert bigtwo.Game.from_deal(rules, game.origin) == game
