"""The table step machine (``bigtwo.table``): sessions with people and bots, offers, timeouts,
session ends, and the conformance harness run against it for every preset."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from conformance import play_through

import bigtwo
from bigtwo import BigTwoError, Game, Move, NotationError, Rules, View
from bigtwo.table import DECLINE, Event, SessionEnd, Table


class TableDriver:
    """The conformance driver over `Table`: people in ``people``, greedy bots elsewhere."""

    def __init__(self, people: Sequence[int] | None = None, deals: int = 2) -> None:
        self.people, self.deals = people, deals
        self.table: Table

    def reset(self, rules: Rules, seed: int) -> None:
        people = range(rules.players) if self.people is None else self.people
        seats = [
            None if s in people else bigtwo.make_bot("greedy", seed + s)
            for s in range(rules.players)
        ]
        self.table = Table(rules, seats, seed=seed, end=SessionEnd(deals=self.deals))
        self.table.start()
        self._settle()

    def _settle(self) -> None:
        while self.table.between_deals:
            self.table.next_deal()

    def awaiting(self) -> tuple[int, ...]:
        return self.table.awaiting

    def offered(self, seat: int) -> Sequence[Move]:
        return self.table.offers(seat)

    def submit(self, seat: int, action: Move | str) -> None:
        self.table.submit(seat, action)
        self._settle()

    def why_not(self, seat: int, action: Move | str) -> str | None:
        return self.table.why_not(seat, action)

    def view(self, seat: int) -> View:
        return self.table.view(seat)

    def game(self) -> Game | None:
        return self.table.game

    def finished(self) -> Sequence[Game]:
        return self.table.games

    def done(self) -> bool:
        return self.table.is_over


@pytest.mark.parametrize("preset", Rules.presets())
def test_conformance_every_preset_with_people_in_every_seat(preset: str) -> None:
    assert play_through(TableDriver(), Rules.preset(preset), seed=3) > 0


@pytest.mark.parametrize("preset", Rules.presets())
def test_conformance_every_preset_with_one_person_among_bots(preset: str) -> None:
    assert play_through(TableDriver(people=[0], deals=3), Rules.preset(preset), seed=5) > 0


@pytest.mark.parametrize(
    "changes",
    [
        {"mode": "president", "president_free_choice": True},
        {"out_of_turn_bombs": True, "smackdown": True},
        {"direction": "race"},
        {"announce": "one-card"},
        {"leftover": "trade-shown", "players": 3},
        {"players": 6, "decks": 2},
        {"weak_hand_redeal": True, "golden_whoopin": True},
    ],
    ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()),
)
def test_conformance_house_rules_with_people_and_bots(changes: dict[str, object]) -> None:
    rules = Rules.preset("classic").replace(**changes)
    for people in ([0], [0, 2], None):
        play_through(TableDriver(people=people, deals=3), rules, seed=11)


def bots(n: int, seed: int = 1) -> list[bigtwo.Bot | None]:
    return [bigtwo.make_bot("greedy", seed + s) for s in range(n)]


def test_a_table_of_bots_plays_a_session_to_its_end_in_one_call_per_deal() -> None:
    table = Table(Rules(), bots(4), seed=2, end=SessionEnd(deals=3))
    events = table.start()
    while not table.is_over:
        assert table.awaiting == () and table.between_deals
        events = table.next_deal()
    assert [e.kind for e in events][-2:] == ["deal_over", "session_over"]
    assert table.session.deals_played == 3
    assert events[-1].data["totals"] == table.session.totals
    with pytest.raises(BigTwoError, match="the session is over"):
        table.next_deal()


def test_finished_deals_are_handed_over_once_and_the_last_stays_shown() -> None:
    """A long-running table (a server's) hands its finished deals to storage and keeps only
    the last in memory; the session's totals still count every deal."""
    table = Table(Rules(), bots(4), seed=3, end=SessionEnd(deals=3))
    table.start()
    first = table.take_finished()
    assert len(first) == 1 and table.games == [] and table.last is first[0]
    table.next_deal()
    table.next_deal()
    rest = table.take_finished()
    assert len(rest) == 2 and rest[-1] is table.last and table.take_finished() == []
    assert table.session.deals_played == 3


def test_a_table_may_begin_at_a_later_deal_of_its_seeded_session() -> None:
    """``skip``: the first deal is shuffled as that deal of the seeded session would be (and
    dealt as a first deal: by seat 0, without exchanges)."""
    whole = Table(Rules(), bots(4), seed=6, end=SessionEnd(deals=3))
    whole.start()
    whole.next_deal()
    later = Table(Rules(), bots(4), seed=6, end=SessionEnd(deals=1), skip=1)
    later.start()
    assert whole.games[1].origin.order == later.games[0].origin.order
    assert whole.games[0].origin.order != later.games[0].origin.order
    assert later.games[0].origin.dealer == 0


def test_the_deal_as_dealt_and_every_legal_move_stay_on_offer_to_a_front_end() -> None:
    """`dealt_view` shows a person's hand as dealt after bots have played on, and after the
    deal; `legal` counts every move the rules allow, where an offer lists only its kind."""
    rules = Rules().replace(out_of_turn_bombs=True)
    table = Table(rules, [None, *bots(3)], seed=3, end=SessionEnd(deals=1))
    table.start()
    dealt = table.dealt_view(0)
    assert table.dealt is not None and dealt == table.dealt.view(0)
    assert len(dealt.hand) == 13 and dealt.history == ()
    legal = table.legal(0)
    assert legal.total() >= len(table.offers(0)) > 0
    while table.awaiting:
        table.submit(0, table.offers(0)[0])
    assert table.dealt_view(0) == dealt


def test_session_end_by_target_score() -> None:
    table = Table(Rules(), bots(4), seed=4, end=SessionEnd(target=20))
    table.start()
    while not table.is_over:
        table.next_deal()
    assert any(abs(t) >= 20 for t in table.session.totals)
    before = table.session.results[:-1]
    assert all(abs(sum(r.scores[s] for r in before)) < 20 for s in range(4))


def test_events_tell_what_happened_in_order() -> None:
    table = Table(Rules(), bots(4), seed=9, end=SessionEnd(deals=1))
    events = table.start()
    kinds = [e.kind for e in events]
    assert kinds[0] == "deal" and len(events[0].data["commitment"]) == 64
    game = table.games[0]
    acts = [(e.seat, e.move) for e in events if e.kind == "act"]
    assert acts == game.history
    tricks = [e for e in events if e.kind == "trick"]
    assert tricks and all(e.seat is not None for e in tricks)


def test_a_person_to_move_is_awaited_and_a_wrong_action_is_refused_with_the_engine_reason() -> None:
    seats: list[bigtwo.Bot | None] = [None, *bots(4)[1:]]
    for seed in range(40):
        table = Table(Rules(), seats, seed=seed)
        table.start()
        game = table.game
        assert game is not None
        if game.to_move == 0 and game.table is None:
            break
    assert table.awaiting == (0,)
    reason = table.why_not(0, "pass")
    assert reason is not None and "lead" in reason
    with pytest.raises(BigTwoError, match="lead"):
        table.submit(0, "pass")
    assert table.why_not(1, "3S") == "seat 1 is a bot's; it acts by itself"
    assert table.why_not(0, DECLINE) == "nothing is offered to you to decline"
    for blank in ("", "   "):  # no text is no move, not a decline of an offer never made
        refusal = table.why_not(0, blank)
        assert refusal is not None and refusal.code == "no_cards", refusal
        with pytest.raises(BigTwoError, match="type some cards"):
            table.submit(0, blank)
    move = table.offers(0)[0]
    events = table.submit(0, move)
    assert events[0] == Event("act", 0, move)


def test_text_that_is_not_cards_is_refused_by_submit_with_why_nots_code_and_params() -> None:
    """docs/refusals.md: every refusal carries a stable code, `submit`'s as `why_not`'s."""
    table = Table(Rules(), [None, *bots(4)[1:]], seed=1)
    table.start()
    seat = table.awaiting[0]
    for text in ["zz", "3D 3X", "3D 3D 3D"]:
        said = table.why_not(seat, text)
        assert said is not None and said.code == "bad_input" and said.params["reason"]
        with pytest.raises(NotationError) as refused:
            table.submit(seat, text)
        assert (refused.value.code, refused.value.params, str(refused.value)) == (
            said.code,
            said.params,
            said,
        )


def test_timeout_passes_or_makes_the_forced_play() -> None:
    seats: list[bigtwo.Bot | None] = [None, None, None, None]
    table = Table(Rules(), seats, seed=3, end=SessionEnd(deals=1))
    table.start()
    while not table.is_over:
        seat = table.awaiting[0]
        game = table.game
        assert game is not None
        must_lead = game.table is None
        events = table.timeout(seat)
        assert events[0] == Event("timeout", seat)
        move = events[1].move
        assert move is not None
        assert move.is_pass != must_lead
        if must_lead and game.lead_card is not None:
            assert move.mask == 1 << game.lead_card, "the forced opening: the lead card alone"
    assert table.session.deals_played == 1


def test_an_offer_to_announce_is_made_after_the_persons_own_play_and_may_be_declined() -> None:
    rules = Rules(announce="one-card")
    for seed in range(200):
        table = Table(rules, [None, *bots(4)[1:]], seed=seed, end=SessionEnd(deals=1))
        table.start()
        while not table.is_over and table.offer is None:
            seat = table.awaiting[0]
            plays = [m for m in table.offers(seat) if m.is_play]
            table.submit(seat, max(plays, key=lambda m: m.mask.bit_count()) if plays else "pass")
        if table.offer is not None:
            break
    assert table.offer is not None and table.offer.kind == "announce"
    offered = table.offers(0)
    assert offered == [bigtwo.engine.actions.ANNOUNCE, DECLINE]
    table.submit(0, "no")
    assert table.offer is None


def test_gift_events_hide_the_cards_from_seats_outside_the_exchange() -> None:
    rules = Rules(players=3, mode="president", president_free_choice=True)
    table = Table(rules, bots(3), seed=6, end=SessionEnd(deals=3))
    events = table.start()
    while not table.is_over:
        events += table.next_deal()
    gifts = [e for e in events if e.kind == "act" and e.move is not None and e.move.kind == "give"]
    assert gifts
    for event in gifts:
        receiver = event.data["receiver"]
        outsider = next(s for s in range(3) if s not in (event.seat, receiver))
        assert event.seen_by(receiver) == event
        hidden = event.seen_by(outsider).move
        assert hidden is not None and str(hidden).startswith("give ") and "card" in str(hidden)


def test_a_table_refuses_nonsense_in_words() -> None:
    with pytest.raises(BigTwoError, match="3 seats given for 4 players"):
        Table(Rules(), [None, None, None])
    with pytest.raises(BigTwoError, match="deals must be a whole number"):
        SessionEnd(deals=0)
    with pytest.raises(BigTwoError, match="deals to skip must be a count"):
        Table(Rules(), bots(4), skip=-1)
    table = Table(Rules(), bots(4))
    with pytest.raises(BigTwoError, match="no deal is in play"):
        table.view(0)
    with pytest.raises(BigTwoError, match="nothing has been dealt"):
        table.dealt_view(0)
    table.start()
    with pytest.raises(BigTwoError, match="started already"):
        table.start()


def test_refusals_carry_a_documented_code_and_why_not_agrees_with_submit() -> None:
    """Every refusal met while random actions are thrown at the table (plays not held, wrong
    turns, passes on the lead, …) carries a code from `docs/refusals.md`, the same one from
    `why_not` and from `submit`."""
    from pathlib import Path

    from conformance import REFUSALS

    for preset in ("classic", "pusoy-dos"):
        play_through(TableDriver(people=[0, 2], deals=1), Rules.preset(preset), seed=21)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "refusals.md").read_text("utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", doc, re.M))
    assert documented >= REFUSALS, REFUSALS - documented
    assert {"not_your_turn", "not_held", "no_combination", "must_lead"} <= REFUSALS


def test_every_person_with_a_claim_is_offered_it_before_the_first_play() -> None:
    """redeal.weak_hand: two people whose hands may claim a redeal are each asked, in seat
    order, before anyone plays; declining passes the question on."""
    rules = Rules(weak_hand_redeal=True, no_faces_redeal=True)
    for seed in range(3000):
        table = Table(rules, [None, None, None, None], seed=seed, end=SessionEnd(deals=1))
        table.start()
        game = table.game
        assert game is not None
        claimers = [s for s in range(4) if any(m.kind == "redeal" for m in game.legal_moves(s))]
        if len(claimers) >= 2:
            break
    else:
        pytest.skip("no deal in the seeds tried gives two people a claim")
    asked = []
    while table.offer is not None and table.offer.kind == "claim":
        asked.append(table.offer.seat)
        table.submit(table.offer.seat, "no")
    assert asked == claimers


def test_offer_before_people_offers_out_of_turn_plays_before_a_persons_turn_once_each() -> None:
    """Without it, a table of people offers no out-of-turn play (a person plays one when they
    like); with it (an environment stepping one decision at a time) every other person who
    holds a bomb is asked before the person to move, each play on the table once, and a
    snapshot keeps the setting."""
    rules = Rules().replace(out_of_turn_bombs=True, smackdown=True)
    for flag in (False, True):
        asked: list[tuple[int, int, int, int]] = []  # seat asked, to move, the table
        for seed in range(6):
            table = Table(
                rules, [None] * 4, seed=seed, end=SessionEnd(deals=1), offer_before_people=flag
            )
            table.start()
            while not table.is_over:
                game = table.game
                assert game is not None
                seat = table.awaiting[0]
                offer = table.offer
                if offer is not None and offer.kind == "out_of_turn":
                    assert offer.seat != game.to_move and game.to_move in table.people
                    key = (offer.seat, game.table.mask if game.table else 0, game.table_seat)
                    assert key not in [(s, m, t) for s, _, m, t in asked]  # once a play
                    asked.append((offer.seat, game.to_move, *key[1:]))
                    if flag and len(asked) == 1:
                        assert Table.from_dict(table.to_dict()).offer_before_people
                    table.submit(seat, DECLINE)
                    assert table.awaiting == (game.to_move,)  # the turn goes on
                    continue
                table.submit(seat, table.offers(seat)[0])
        assert bool(asked) is flag


def test_a_table_can_start_with_a_deal_given_to_it() -> None:
    """`Table.start(game)` plays a deal whose cards were drawn elsewhere (an OpenSpiel game's
    chance nodes), not the session's shuffle; a deal of other rules or one already under way
    is refused."""
    game = Game.deal(Rules(), hands=["3D 4D", "5D 6D", "7D 8D", "9D TD"])
    table = Table(Rules(), [None] * 4, end=SessionEnd(deals=1))
    table.start(game)
    assert table.game == game and table.awaiting == (0,)
    table.submit(0, "3D")
    assert table.view(1).hand == game.view(1).hand
    with pytest.raises(BigTwoError, match="fresh deal of this table's rules"):
        Table(Rules(), [None] * 4).start(game.play("3D"))
    with pytest.raises(BigTwoError, match="fresh deal of this table's rules"):
        Table(Rules.preset("hong-kong"), [None] * 4).start(game)
    with pytest.raises(BigTwoError, match="game must be a Game"):
        Table(Rules(), [None] * 4).start("3D 4D")  # type: ignore[arg-type]
