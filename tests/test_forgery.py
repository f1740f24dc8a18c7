"""fair.shuffle: forged records, tried as an attacker would, and the reason each is refused.

Every field that decides a deal is changed alone (the record no longer opens its commitment)
and changed with the commitment recomputed to match (only a commitment a player kept before
play catches that, unless the field is one the committed deck or the session decides). Whole
sessions lose, reorder, repeat and swap deals."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import bigtwo
from bigtwo.engine.commitment import shuffle_order
from bigtwo.engine.deal import deal_out, exposed_card
from bigtwo.engine.proof import revealed_order
from bigtwo.session import Session
from bigtwo.session_record import SessionRecord
from conftest import play_out

Data = dict[str, Any]


@cache
def classic() -> str:
    """A finished classic deal, seeded (so that its seed is checked too)."""
    return play_out(bigtwo.Game.deal(seed=31, players=("ann", "bo", "cy", "di"))).record().dumps()


@cache
def secret() -> str:
    """A finished deal shuffled in secret."""
    return play_out(bigtwo.Game.deal(bigtwo.Rules.preset("classic"))).record().dumps()


def session_of(rules: bigtwo.Rules, deals: int, seed: int | None = 4) -> SessionRecord:
    s = Session.start(rules, seed, players=tuple("abcdefgh"[: rules.players]))
    games = []
    while s.deals_played < deals:
        g = play_out(s.next_deal())
        s = s.finish(g)
        games.append(g)
    return SessionRecord.of(s, games)


@cache
def president() -> str:
    rules = bigtwo.Rules.preset("classic").replace(mode="president", president_free_choice=True)
    return session_of(rules, 3).dumps()


@cache
def winner_leads() -> str:
    return session_of(bigtwo.Rules.preset("classic").replace(first_lead="winner"), 3).dumps()


def recommit(data: Data) -> None:
    """What a forger does after changing a deal: commit to it afresh."""
    record = bigtwo.load_record(json.dumps(data))
    data["deal"]["commitment"] = hashlib.sha256(record.layout()).hexdigest()


def redeal_hands(data: Data) -> None:
    """Make the hands, counts and exposed card the ones the (forged) deck deals."""
    record = bigtwo.load_record(json.dumps(data))
    order = revealed_order(record.rules, record.deck)
    out = deal_out(order, record.rules, record.terms, exposed_card(order, record.rules))
    data["deal"]["hands"] = [
        bigtwo.format_cards([bigtwo.Card(c) for c in _cards(h)]) for h in out.hands
    ]
    data["deal"]["counts"] = [h.bit_count() for h in out.hands]
    if out.exposed >= 0:
        data["deal"]["exposed"] = bigtwo.format_cards([out.exposed])


def _cards(mask: int) -> list[int]:
    return [c for c in range(128) if mask >> c & 1]


def reshuffle(data: Data) -> None:
    order = shuffle_order(bigtwo.Rules.preset("classic"), 99)
    data["deal"]["deck"] = bigtwo.format_cards(order)
    data["deal"].pop("seed", None)
    data["deal"]["shuffle"] = "secret"


def setter(path: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        *head, last = path.split(".")
        node = data
        for key in head:
            node = node[int(key)] if key.isdigit() else node[key]
        if value is KeyError:
            node.pop(last)
        else:
            node[int(last) if last.isdigit() else last] = value

    return change


def swap_cards(data: Data) -> None:
    hands = [h.split() for h in data["deal"]["hands"]]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    data["deal"]["hands"] = [" ".join(h) for h in hands]


def swap_players(data: Data) -> None:
    p = data["players"]
    p[0], p[1] = p[1], p[0]


# (name, change, what the refusal says); each against the classic seeded deal
ALONE: dict[str, tuple[Callable[[Data], None], str]] = {
    "deck": (reshuffle, "do not open"),
    "deck-two-cards-swapped": (
        lambda d: setter("deal.deck", " ".join(_swapped(d["deal"]["deck"].split())))(d),
        "do not open",
    ),
    "salt": (setter("deal.salt", "ab" * 32), "do not open"),
    "salt-short": (setter("deal.salt", "ab" * 16), "256 bits"),
    "rules-option": (setter("rules.flushes", False), "do not open"),
    "rules-preset-name": (setter("rules.preset", "hong-kong"), "do not open"),
    "players-swapped": (swap_players, "do not open"),
    "player-renamed": (setter("players.0", "mallory"), "do not open"),
    "dealer": (setter("deal.dealer", 2), "do not open"),
    "direction": (setter("deal.direction", -1), "clockwise (-1), which these rules never deal"),
    "leader-added": (setter("deal.leader", 1), "lowest card leads"),
    "exchange-added": (setter("deal.exchanges", [[0, 1, 1, "highest"]]), "never do"),
    "shuffle-flag": (setter("deal.shuffle", "secret"), "do not open"),
    "seed-changed": (setter("deal.seed", 32), "does not shuffle"),
    "seed-removed": (setter("deal.seed", KeyError), "no seed is revealed"),
    "previous": (setter("deal.previous", "cd" * 32), "do not open"),
    "previous-not-hex": (setter("deal.previous", "nope"), "deal.previous"),
    "hands": (swap_cards, "hands are not the ones"),
    "counts": (setter("deal.counts", [14, 12, 13, 13]), "counts"),
    "exposed": (setter("deal.exposed", "2S"), "exposed card"),
    "exposed-removed": (setter("deal.exposed", KeyError), "exposed card"),
    "commitment": (setter("deal.commitment", "ef" * 32), "do not open"),
    "winner": (setter("result.winner", 3), "recorded result"),
    "scores": (setter("result.scores", [30, -10, -10, -10]), "recorded result"),
    "action": (setter("actions.0", "p1 pass"), "not legal"),
}


def _swapped(cards: list[str]) -> list[str]:
    cards[0], cards[5] = cards[5], cards[0]
    return cards


@pytest.mark.parametrize("name", list(ALONE), ids=lambda n: f"fair.shuffle-{n}")
def test_fair_shuffle_a_field_changed_alone_is_refused(name: str) -> None:
    data = json.loads(classic())
    change, reason = ALONE[name]
    change(data)
    try:
        problems = bigtwo.load_record(json.dumps(data)).verify()
    except bigtwo.BigTwoError as exc:  # refused as it is read
        problems = [str(exc)]
    assert problems and reason in problems[0], problems


# (name, change): the forger rebuilds hands and recommits; only a kept commitment catches it
RECOMMITTED: dict[str, Callable[[Data], None]] = {
    "new-shuffle": reshuffle,
    "new-salt": setter("deal.salt", "ab" * 32),
    "rules-option": setter("rules.flushes", False),
    "players-swapped": swap_players,
    "dealer": setter("deal.dealer", 2),
    "previous": setter("deal.previous", "cd" * 32),
}


@pytest.mark.parametrize("name", list(RECOMMITTED), ids=lambda n: f"fair.shuffle-{n}")
def test_fair_shuffle_a_recommitted_forgery_fails_against_the_kept_commitment(name: str) -> None:
    genuine = bigtwo.load_record(classic())
    data = json.loads(classic())
    RECOMMITTED[name](data)
    redeal_hands(data)
    data["actions"], data["result"] = [], None  # the recorded play no longer fits: drop it
    recommit(data)
    stripped = bigtwo.load_record(json.dumps(data))
    assert "incomplete" in stripped.verify()[0], "a record without its play proves nothing"
    forged = play_out(stripped.replay()).record()  # a whole play of the forged deal
    assert forged.verify() == [], "alone, the forgery is consistent: say so, prove no more"
    problems = forged.verify(genuine.commitment)
    assert problems and problems[0].startswith("FORGED"), problems
    export = genuine.for_seat(2)
    problems = forged.verify(export)
    assert problems and problems[0].startswith("FORGED"), problems


def test_fair_shuffle_recommitted_fields_the_rules_decide_are_refused_anyway() -> None:
    """Exchanges in a classic game, a leader where the 3♦ leads, hands the deck doesn't deal:
    no recomputed commitment makes them consistent."""
    for change, reason in (
        (setter("deal.exchanges", [[0, 1, 2, "choose"]]), "never do"),
        (setter("deal.leader", 2), "lowest card leads"),
        (swap_cards, "hands are not the ones"),
        (setter("deal.exposed", "9H"), "exposed card"),
        (setter("deal.direction", 0), "never deals"),
        (setter("deal.dealer", 7), "there are 4 seats"),
    ):
        data = json.loads(classic())
        change(data)
        try:
            recommit(data)
        except bigtwo.BigTwoError:
            continue  # not even a record: refused at the edge
        problems = bigtwo.load_record(json.dumps(data)).verify()
        assert problems and reason in problems[0], (reason, problems)


def test_fair_shuffle_a_secret_deal_given_a_seed_is_refused() -> None:
    data = json.loads(secret())
    data["deal"]["seed"] = 5
    problems = bigtwo.load_record(json.dumps(data)).verify()
    assert problems and "secret, yet a seed is given" in problems[0]
    data["deal"]["shuffle"] = "seeded"
    recommit(data)
    problems = bigtwo.load_record(json.dumps(data)).verify()
    assert problems and "does not shuffle" in problems[0]


def test_fair_shuffle_genuine_records_verify_against_every_kept_form() -> None:
    record = bigtwo.load_record(classic())
    assert record.verify() == []
    assert record.verify(record.commitment.upper()) == []
    for seat in range(4):
        assert record.verify(record.for_seat(seat)) == []
    with pytest.raises(bigtwo.BigTwoError, match="64 hex digits"):
        record.verify("12345")


def test_fair_shuffle_a_kept_export_catches_a_changed_hand_or_play() -> None:
    genuine = bigtwo.load_record(classic())
    export = genuine.for_seat(0)
    data = json.loads(classic())
    data["actions"] = data["actions"][:1]
    data["result"] = None
    problems = bigtwo.load_record(json.dumps(data)).verify(export)
    assert problems and "actions differ" in problems[0]


def test_fair_shuffle_seeded_deals_hide_their_seed_and_deck() -> None:
    """The salt is secret even for a seeded deal: two deals from one seed commit differently,
    and neither commitment can be recomputed from the seed alone."""
    a, b = bigtwo.Game.deal(seed=1), bigtwo.Game.deal(seed=1)
    assert a.hands == b.hands and a.origin.commitment != b.origin.commitment
    assert a.origin.salt != b.origin.salt and len(a.origin.salt) == 64


# -- sessions --------------------------------------------------------------------------------
def session_data(which: Callable[[], str]) -> Data:
    return copy.deepcopy(json.loads(which()))


def verify_session(data: Data, kept: tuple[str, ...] = ()) -> list[str]:
    return bigtwo.load_session_record(json.dumps(data)).verify(kept)


SESSION_FORGERIES: dict[str, tuple[Callable[[Data], None], str]] = {
    "first-deal-removed": (lambda d: d["deals"].pop(0), "not chained"),
    "middle-deal-removed": (lambda d: d["deals"].pop(1), "not chained"),
    "deals-reordered": (lambda d: d["deals"].reverse(), "not chained"),
    "deal-repeated": (lambda d: d["deals"].insert(1, d["deals"][0]), "not chained"),
    "seeds-swapped": (
        lambda d: _swap(d["deals"][0]["deal"], d["deals"][1]["deal"], "seed"),
        "deal 1:",
    ),
    "totals": (lambda d: d["totals"].__setitem__(0, 999), "totals"),
    "settlement": (lambda d: d["settlement"].pop(), "settlement"),
    "session-seed": (setter("seed", 5), "seed"),
    "first-dealer": (setter("dealer", 3), "dealer"),
}


def _swap(a: Data, b: Data, key: str) -> None:
    a[key], b[key] = b[key], a[key]


@pytest.mark.parametrize("name", list(SESSION_FORGERIES), ids=lambda n: f"fair.shuffle-{n}")
def test_fair_shuffle_a_forged_session_is_refused(name: str) -> None:
    data = session_data(president)
    assert verify_session(data) == []
    change, reason = SESSION_FORGERIES[name]
    change(data)
    problems = verify_session(data)
    assert problems and reason in problems[0], problems


@pytest.mark.parametrize(
    "field,value",
    [("dealer", 0), ("leader", 0), ("exchanges", []), ("direction", -1)],
    ids=lambda v: f"fair.shuffle-owed-{v}",
)
def test_fair_shuffle_a_recommitted_deal_on_terms_the_session_did_not_owe(
    field: str, value: Any
) -> None:
    """Deal 3 re-dealt by a forger on other terms, committed afresh and re-chained: the
    session's own rules say what deal 3 was owed, so it is refused without a kept commitment."""
    which = president if field == "exchanges" else winner_leads
    data = session_data(which)
    deal = data["deals"][2]
    if deal["deal"].get(field) == value:
        value = 1 if field in ("dealer", "leader") else value
    deal["deal"][field] = value
    deal["actions"], deal["result"] = [], None
    redeal_hands(deal)
    recommit(deal)
    problems = verify_session(data)
    assert problems and "deal 3:" in problems[0], problems


def test_fair_shuffle_a_dropped_last_deal_fails_against_its_kept_commitment() -> None:
    data = session_data(president)
    kept = data["deals"][-1]["deal"]["commitment"]
    data["deals"].pop()
    problems = verify_session(data, (kept,))
    assert problems and problems[0].startswith("FORGED"), problems


def test_fair_shuffle_a_chosen_gift_is_checked_against_what_the_rules_allowed() -> None:
    data = session_data(president)
    deal = next(d for d in data["deals"] if any(" give " in a for a in d["actions"]))
    number = data["deals"].index(deal) + 1
    index = next(i for i, a in enumerate(deal["actions"]) if " give " in a)
    seat = deal["actions"][index].split()[0]
    deal["actions"][index] = f"{seat} give 2S 2H 2D"  # three cards, and maybe not even held
    problems = verify_session(data)
    assert problems and f"deal {number}:" in problems[0] and "not legal" in problems[0]


def test_fair_shuffle_genuine_sessions_verify() -> None:
    for which in (president, winner_leads):
        data = session_data(which)
        assert verify_session(data) == []
        kept = tuple(d["deal"]["commitment"] for d in data["deals"])
        assert verify_session(data, kept) == []
