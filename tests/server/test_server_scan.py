"""The hidden-card scan itself: quiet on what a room really sends (a tied team game and its
shootout too), and failing on a card planted where its receiver may not see it (a state, an
event, an error, a spectator's view, the shootout)."""

from __future__ import annotations

import copy
import json
from functools import partial
from typing import Any

import pytest
from follower import with_states

import bigtwo.server.room
from bigtwo.server.fanout import Fanout, Told, state_frame
from bigtwo.server.protocol import Act, Create, Host, encode, error
from bigtwo.server.room import Room
from bigtwo.table import Table

from .hidden_cards import Deal, cards_in, scan

Session = tuple[dict[int | None, list[dict[str, Any]]], list[Deal], Room]
ALONE = Create(type="create", name="Ann", seats=["random"] * 3, deals=1)


def _session(create: Create = ALONE, seed: int | None = None) -> Session:
    """A session of a room played by seat 0 (always the first offer) among bots, as seat 0's
    and a spectator's messages would carry it; its table shuffled from ``seed`` if given."""
    room = Room.create("SCANROOM", create)
    got: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
    told: Told = {}
    for seat, messages in got.items():  # the state each was sent on entering
        messages.append(json.loads(state_frame(room, seat, told)))

    def tell(events: list[Any]) -> None:  # the frames the server sends (`Fanout`)
        change = Fanout(room, events)
        for seat, messages in got.items():
            base = messages[-1].get("seq", 0)
            messages += [json.loads(f) for f in change.frames_for(seat, base, told)]
        change.keep(told)

    with pytest.MonkeyPatch.context() as patch:  # the room deals when it starts
        if seed is not None:
            patch.setattr(bigtwo.server.room, "Table", partial(Table, seed=seed))
        events, _ = room.host_action(0, Host(type="host", what="start"), now=0.0)
    tell(events)
    n = 0
    while room.status == "playing":
        offers = room.state_for(0)["offers"]
        n += 1
        events, _ = room.act(0, Act(type="act", id=str(n), action=offers[0]), now=0.0)
        tell(events)
    deals = [Deal.from_record(g.record().dumps()) for g in room.finished]
    for seat, messages in got.items():
        assert {m["type"] for m in messages[1:]} == {"update"}  # each change patched
        got[seat] = with_states(messages)[1:]  # the states they lead to, beside them
    return got, deals, room


@pytest.fixture(scope="module")
def session() -> Session:
    return _session()


@pytest.fixture(scope="module")
def shootout() -> Session:
    """A team game whose deal ties and the five-card shootout that settles it: two records
    played at one count of deals (the first seed that ties, the same on every run)."""
    teams = Create(type="create", name="Ann", preset="teams", seats=["easy"] * 3, deals=1)
    for seed in range(100):
        got, deals, room = _session(teams, seed)
        if len(deals) == 2:
            return got, deals, room
    raise AssertionError("no team game of the first 100 seeds tied")


def test_what_a_room_sends_passes(session: Any) -> None:
    got, deals, _ = session
    assert len(deals) == 1 and len(got[0]) > 3
    assert scan(0, got[0], deals) == []
    assert scan(None, got[None], deals) == []


def test_a_shootout_is_told_from_the_tied_deal_by_its_commitment(shootout: Session) -> None:
    got, deals, room = shootout
    playing = [m["state"] for m in got[0] if m["state"]["room"]["status"] == "playing"]
    assert {s["room"]["deals_played"] for s in playing} == {0}  # the shootout isn't counted
    shown = [s["view"]["commitment"] for s in playing]
    assert {d.commitment for d in deals} == set(shown) and room.status == "over"
    # seat 0's shootout hand holds cards others held in the tied deal: by its count of deals
    # the hand would look like someone else's
    assert deals[1].held[0] & deals[0].hidden_from(0)
    assert scan(0, got[0], deals) == []
    assert scan(None, got[None], deals) == []


def test_another_seats_card_in_the_shootout_is_caught(shootout: Session) -> None:
    got, deals, _ = shootout
    messages = copy.deepcopy(got[0])
    later = [
        i for i, m in enumerate(messages) if m["state"]["view"]["commitment"] == deals[1].commitment
    ]
    i = later[len(later) // 2]
    card = _unplayed_of(deals[1], 1, [messages[later[-1]]])
    messages[i]["state"]["view"]["hand"] += f" {card}"
    leaks = scan(0, messages, deals)
    assert [(x.index, x.record, set(x.cards)) for x in leaks] == [(i, 1, {card})]


def _mid(messages: list[dict[str, Any]]) -> int:
    """A message in the middle of the deal."""
    return len(messages) // 2


def _unplayed_of(deal: Deal, seat: int, messages: list[dict[str, Any]]) -> str:
    """A card another seat than 0 still holds at the end of the deal (never shown to
    anyone): ``seat``'s, or, if that seat went out, the next one's."""
    final = messages[-1]["state"]["view"]
    public = cards_in(final["history"])
    for other in (seat, 1, 2, 3):
        left = sorted(deal.held[other] - public)
        if left:
            return left[0]
    raise AssertionError("every seat but 0 went out")


def test_another_seats_card_in_an_error_is_caught(session: Any) -> None:
    got, deals, _ = session
    messages = copy.deepcopy(got[0])
    card = _unplayed_of(deals[0], 1, messages)
    i = _mid(messages)
    messages.insert(i, json.loads(encode(error("not_yours", f"seat 1 holds {card}"))))
    leaks = scan(0, messages, deals)
    assert [(x.index, set(x.cards)) for x in leaks] == [(i, {card})]


def test_another_seats_hand_in_a_state_is_caught(session: Any) -> None:
    got, deals, _ = session
    messages = copy.deepcopy(got[0])
    i = _mid(messages)
    card = _unplayed_of(deals[0], 2, messages)
    messages[i]["state"]["view"]["hand"] += f" {card}"
    assert [x.index for x in scan(0, messages, deals)] == [i]


def test_another_seats_card_in_a_patch_is_caught(session: Any) -> None:
    """Protocol 2: a card planted in what an update's patch sets is caught at that update
    (and in the states that carry it on)."""
    got, deals, _ = session
    messages = copy.deepcopy(got[0])
    for m in messages[1:]:  # the states as the patches make them (the first: the base)
        del m["state"]
    i = _mid(messages)
    card = _unplayed_of(deals[0], 1, got[0])
    messages[i]["patch"].append(["=", ["view", "note"], f"seat 1 holds {card}"])
    leaks = scan(0, messages, deals)
    assert leaks and leaks[0].index == i and set(leaks[0].cards) == {card}


def test_a_hand_in_a_spectators_view_is_caught(session: Any) -> None:
    got, deals, _ = session
    messages = copy.deepcopy(got[None])
    i = _mid(messages)
    messages[i]["state"]["view"]["hand"] = got[0][i]["state"]["view"]["hand"]
    leaks = scan(None, messages, deals)
    assert [x.index for x in leaks] == [i] and leaks[0].cards


def test_a_card_before_it_is_played_is_caught_and_after_is_not(session: Any) -> None:
    got, deals, _ = session
    messages = copy.deepcopy(got[0])
    final = messages[-1]["state"]["view"]["history"]

    def playing_with(card: str) -> list[int]:
        return [
            i
            for i, m in enumerate(messages)
            if card in cards_in(m["state"]["view"]["history"])
            and m["state"]["room"]["status"] == "playing"
        ]

    # a card another seat played while the deal went on (the bots choose at random)
    seat, card = next(
        (s, c)
        for s, m, _ in final[len(final) // 2 :]
        if s != 0 and m != "pass"
        for c in sorted(cards_in(m))
        if playing_with(c)
    )
    early = next(
        i for i, m in enumerate(messages) if card not in cards_in(m["state"]["view"]["history"])
    )
    late = max(playing_with(card))
    for i in (early, late):
        messages[i]["events"].append({"kind": "chat", "seat": seat, "move": card, "data": {}})
    assert [x.index for x in scan(0, messages, deals)] == [early]


def test_a_two_deck_card_is_told_from_its_copy() -> None:
    assert cards_in({"hand": "3D 3D* 10H", "token": "x-9S-y", "n": ["AS*", "XAS"]}) == {
        "3D",
        "3D*",
        "AS*",
    }
