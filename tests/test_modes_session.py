"""Game modes and sessions: ``mode.*`` and ``core.session``."""

from __future__ import annotations

import pytest

from bigtwo import Game, IllegalMoveError, Rules, beats, classify
from bigtwo.cards import Card, cards_of, format_cards, mask_of
from bigtwo.rules.options import Mode
from bigtwo.session import TITLES, DealResult, Session
from conftest import covers, m, moves, play_out

# --- mode.until_last -----------------------------------------------------------------------

UNTIL = ["3D AS", "4D 5D 6D", "7D 8D 2C", "TD JD"]


@covers("mode.until_last", "mode.president")
@pytest.mark.parametrize("mode", [Mode.UNTIL_LAST, Mode.PRESIDENT])
def test_mode_until_last_lead_passes_after_unbeaten_finisher(mode: Mode) -> None:
    game = Game.deal(Rules(mode=mode), hands=UNTIL)
    game = game.play("3D").play("4D").play("7D").play("TD")
    game = game.play("AS")
    assert not game.is_over, "play goes on after the first player is out"
    assert game.out == (0,) and game.view(2).out == (0,)
    assert game.to_move == 1
    game = game.play("pass").play("pass").play("pass")
    # nobody beat the finisher's AS: the next player after seat 0 leads anything
    assert game.table is None and game.to_move == 1
    game = game.play("5D").play("8D").play("JD")
    assert game.out == (0, 3) and game.to_move == 1, "seats out are skipped"
    game = game.play("pass").play("2C")
    assert game.is_over and game.end == "last"
    assert game.winner == 0 and game.out == (0, 3, 2, 1)
    outcome = game.outcome()
    assert outcome is not None and outcome.finish_order == (0, 3, 2, 1)


@covers("mode.until_last")
def test_mode_until_last_finisher_play_may_be_followed() -> None:
    game = Game.deal(Rules(mode=Mode.UNTIL_LAST), hands=UNTIL)
    game = game.play("3D").play("4D").play("7D").play("TD").play("AS")
    game = game.play("pass").play("2C")  # seat 2 follows the finished player's AS
    assert game.table is not None and game.table_seat == 2
    game = game.play("pass").play("pass")
    assert game.table is None and game.to_move == 2, "seat 2 won the trick and leads"


@covers("mode.until_last")
def test_mode_until_last_standard_ends_at_first_out() -> None:
    game = Game.deal(Rules(), hands=UNTIL)
    game = game.play("3D").play("4D").play("7D").play("TD").play("AS")
    assert game.is_over and game.end == "out" and game.winner == 0


@covers("mode.until_last")
def test_mode_until_last_hawaii_preset() -> None:
    rules = Rules.preset("hawaii")
    assert rules.mode is Mode.UNTIL_LAST
    game = play_out(Game.deal(rules, seed=4))
    assert game.end == "last" and sorted(game.out) == [0, 1, 2, 3]
    assert [game.hands[s].bit_count() for s in game.out[:3]] == [0, 0, 0]


# --- mode.president -------------------------------------------------------------------------


def _top(game: Game, hand: int, count: int, highest: bool) -> int:
    order = game.tables.order_key
    ranked = sorted(cards_of(hand), key=lambda c: order[c & 63])
    return mask_of(ranked[-count:] if highest else ranked[:count])


@covers("mode.president")
def test_mode_president_titles_and_exchanges_across_two_deals() -> None:
    rules = Rules.preset("president")
    assert rules.mode is Mode.PRESIDENT
    session = Session.start(rules, seed=12)
    assert session.titles() == {} and session.exchanges() == ()
    first = session.next_deal()
    assert first.hands == first.origin.hands, "the first deal has no exchange"
    first = play_out(first)
    order = first.out
    assert first.end == "last" and len(order) == 4
    session = session.finish(first)
    titles = session.titles()
    assert titles == {
        order[0]: "President",
        order[1]: "Vice-President",
        order[2]: "Vice-Scum",
        order[3]: "Scum",
    }
    assert set(titles.values()) == set(TITLES)
    pres, vice, vscum, scum = order
    assert set(session.exchanges()) == {
        (scum, pres, 2, "highest"),
        (pres, scum, 2, "lowest"),
        (vscum, vice, 1, "highest"),
        (vice, vscum, 1, "lowest"),
    }
    second = session.next_deal()
    dealt = second.origin.hands
    scum_top = _top(second, dealt[scum], 2, True)
    pres_low = _top(second, dealt[pres], 2, False)
    vscum_top = _top(second, dealt[vscum], 1, True)
    vice_low = _top(second, dealt[vice], 1, False)
    assert second.hands[pres] == dealt[pres] & ~pres_low | scum_top
    assert second.hands[scum] == dealt[scum] & ~scum_top | pres_low
    assert second.hands[vice] == dealt[vice] & ~vice_low | vscum_top
    assert second.hands[vscum] == dealt[vscum] & ~vscum_top | vice_low
    assert [h.bit_count() for h in second.hands] == [13] * 4
    assert second.in_play, "automatic exchanges need no decision"
    lowest = second.tables.lowest(sum(second.hands))
    assert second.hands[second.to_move] >> lowest & 1
    # and the second deal's finishing order makes the next titles
    second = play_out(second, policy=1)
    session = session.finish(second)
    assert session.titles()[second.out[0]] == "President"
    assert session.titles()[second.out[-1]] == "Scum"
    assert session.deals_played == 2


@covers("mode.president")
def test_mode_president_free_choice_give() -> None:
    rules = Rules.preset("president").replace(president_free_choice=True)
    session = Session.start(rules, seed=3)
    first = play_out(session.next_deal())
    session = session.finish(first)
    pres, _, _, scum = first.out
    assert (pres, scum, 2, "choose") in session.exchanges()
    game = session.next_deal()
    dealt = game.origin.hands
    scum_top = _top(game, dealt[scum], 2, True)
    # the President has already received the Scum's two highest, and now chooses
    assert game.hands[pres] & scum_top == scum_top
    assert game.to_move == pres and not game.in_play and game.awaiting == (pres,)
    options = game.legal_moves()
    assert len(options) == 15 * 14 // 2, "any two of the President's 15 cards"
    assert all(str(mv).startswith("give ") for mv in options)
    with pytest.raises(IllegalMoveError, match="must first give 2 cards"):
        game.play(str(cards_of(game.hands[pres])[0]))
    gift = cards_of(scum_top)[0], cards_of(dealt[pres])[-1]  # even a card just received
    game = game.play(f"give {gift[0]} {gift[1]}")
    assert game.in_play
    assert game.hands[scum] & mask_of(gift) == mask_of(gift)
    assert game.hands[pres] & mask_of(gift) == 0
    assert [h.bit_count() for h in game.hands] == [13] * 4
    lowest = game.tables.lowest(sum(game.hands))
    assert game.hands[game.to_move] >> lowest & 1
    # fair.hidden_hands: a seat's record shows the chosen cards only to giver and receiver
    record = game.record()
    given = f"p{pres} give {format_cards(cards_of(mask_of(gift)))}"
    for seat in range(4):
        actions = record.for_seat(seat).actions
        if seat in (pres, scum):
            assert given in actions
        else:
            assert given not in actions and f"p{pres} give 2 cards" in actions


@covers("mode.president")
def test_mode_president_fixed_deal_exchanges() -> None:
    hands = [
        "3D 3C 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C 3H",
        "4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H 2D",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S",
    ]
    # seat 3 was President, seat 0 Scum; seat 2 Vice-President, seat 1 Vice-Scum
    exchanges = [(0, 3, 2, "highest"), (3, 0, 2, "lowest"), (1, 2, 1, "highest")]
    exchanges.append((2, 1, 1, "lowest"))
    game = Game.deal(Rules(mode=Mode.PRESIDENT), hands=hands, exchanges=exchanges)
    assert game.hands[3] == m("5S 6S 7S 8S 9S TS JS QS KS AS 2S KD AD")
    assert game.hands[0] == m("3D 3C 4D 5D 6D 7D 8D 9D TD JD QD 3S 4S")
    assert game.hands[2] == m("5H 6H 7H 8H 9H TH JH QH KH AH 2H 2D 2C")
    assert game.hands[1] == m("4C 5C 6C 7C 8C 9C TC JC QC KC AC 3H 4H")
    assert game.to_move == 0 and str(game.lead_card) == "3D"


@covers("mode.president")
def test_mode_president_three_players() -> None:
    rules = Rules.preset("president").replace(players=3)
    session = Session.start(rules, seed=2)
    first = play_out(session.next_deal())
    session = session.finish(first)
    pres, _, scum = first.out
    assert session.titles() == {pres: "President", scum: "Scum"}
    assert set(session.exchanges()) == {(scum, pres, 2, "highest"), (pres, scum, 2, "lowest")}


# --- mode.teams --------------------------------------------------------------------------------

# the seeds' example: Mike (seat 0) 4 cards, Dave (seat 2) 5, Lionel (seat 1) 10, and Brendan
# (seat 3) plays his last card
MIKE = "4D 5D 6D 7D"
LIONEL = "8D 9D TD JD QD KD AD 2D 4C 5C"
DAVE = "6C 7C 8C 9C TC"


def _team_game(dave: str = DAVE) -> Game:
    game = Game.deal(Rules.preset("teams"), hands=[MIKE, LIONEL, dave, "3D"])
    return game.play("3D")


@covers("mode.teams")
def test_mode_teams_fewer_cards_team_wins() -> None:
    game = _team_game()
    assert game.is_over and game.end == "out" and game.winner == 3
    counts = [h.bit_count() for h in game.hands]
    assert counts == [4, 10, 5, 0]
    outcome = game.outcome()
    assert outcome is not None and outcome.teams == (0, 1, 0, 1)
    team_cards = [counts[0] + counts[2], counts[1] + counts[3]]
    assert team_cards == [9, 10], "Mike and Dave hold fewer: their team wins"
    session = Session.start(game.rules, seed=1).finish(game)
    assert not session.shootout and session.deals_played == 1


@covers("mode.teams")
def test_mode_teams_fewer_cards_team_scores_ahead() -> None:
    game = _team_game()
    session = Session.start(game.rules, seed=1).finish(game)
    assert session.team_totals[0] > session.team_totals[1]
    assert game.scores is not None
    assert game.scores[0] + game.scores[2] > game.scores[1] + game.scores[3]


@covers("mode.teams", "core.session")
def test_mode_teams_tie_goes_to_shootouts_until_decided() -> None:
    tied = _team_game(dave="6C 7C 8C 9C TC JC")  # 4 + 6 against 10 + 0
    assert tied.end == "out"
    session = Session.start(tied.rules, seed=5)
    session = session.finish(tied)
    assert session.shootout and session.deals_played == 0 and session.totals == (0, 0, 0, 0)
    shootout = session.next_deal()
    assert shootout.rules.cards_each == 5 and shootout.rules.mode is Mode.TEAMS
    assert [h.bit_count() for h in shootout.hands] == [5, 5, 5, 5]
    lowest = shootout.tables.lowest(sum(shootout.hands))
    assert shootout.lead_card == Card(lowest), "the lowest card holder starts"
    assert shootout.hands[shootout.to_move] >> lowest & 1
    # another tie: another shootout
    session = session.finish(tied)
    assert session.shootout and session.deals_played == 0 and session.shuffles == 2
    again = session.next_deal()
    assert [h.bit_count() for h in again.hands] == [5] * 4
    assert again.origin.order != shootout.origin.order
    # a decided shootout settles the original game
    decided = play_out(again)
    counts = [h.bit_count() for h in decided.hands]
    if counts[0] + counts[2] == counts[1] + counts[3]:
        decided = _team_game()
    session = session.finish(decided)
    assert not session.shootout and session.deals_played == 1
    assert session.next_deal().rules.cards_each is None


@covers("mode.teams")
def test_mode_teams_needs_four_players() -> None:
    from bigtwo import RulesError

    with pytest.raises(RulesError, match="4 players"):
        Rules(mode=Mode.TEAMS, players=3)


# --- mode.da_lao_er ------------------------------------------------------------------------------


DLE_HANDS = ["3D 4C 5H 6S 7D 9H", "8D 8C 8H KD KC 4D", "9D TD", "JD QD"]


@covers("mode.da_lao_er")
def test_mode_da_lao_er_no_flushes() -> None:
    rules = Rules.preset("da-lao-er")
    assert classify("3D 5D 7D 9D JD", rules) is None
    assert classify("3D 5D 7D 9D JD", Rules()) is not None
    game = Game.deal(rules, hands=["3D 5D 7D 9D JD", "4D", "6D", "8D"])
    assert "3D 5D 7D 9D JD" not in moves(game)
    with pytest.raises(IllegalMoveError, match="not a combination"):
        game.play("3D 5D 7D 9D JD")


@covers("mode.da_lao_er")
def test_mode_da_lao_er_no_full_house_on_straight() -> None:
    rules = Rules.preset("da-lao-er")
    hands = DLE_HANDS
    assert not beats("8D 8C 8H KD KC", "3D 4C 5H 6S 7D", rules)
    game = Game.deal(rules, hands=hands)
    game = game.play("3D 4C 5H 6S 7D")
    assert "8D 8C 8H KD KC" not in moves(game), "a full house can't beat a straight"
    classic = Game.deal(Rules(), hands=hands).play("3D 4C 5H 6S 7D")
    assert "8D 8C 8H KD KC" in moves(classic)


@covers("mode.da_lao_er")
def test_mode_da_lao_er_bombs_out_of_turn() -> None:
    rules = Rules.preset("da-lao-er")
    hands = [
        "3D 9C JH",
        "4D TD",
        "5D 5C 5H 5S 6C 7S",
        "8D QH",
    ]
    game = Game.deal(rules, hands=hands).play("3D")
    assert game.to_move == 1
    assert 2 in game.awaiting
    bomb = "5D 5C 5H 5S 6C"
    assert bomb in moves(game, 2), "four of a kind out of turn beats a single"
    game = game.play(bomb, seat=2)
    assert game.table_seat == 2 and game.to_move == 3
    assert game.hands[2] == m("7S")
    # a straight flush, out of turn, on a pair
    hands = ["3D 3C 9C", "4D 4C", "5S 6S 7S 8S 9S TD", "8D 8H"]
    game = Game.deal(rules, hands=hands).play("3D 3C")
    assert "5S 6S 7S 8S 9S" in moves(game, 2)
    game = game.play("5S 6S 7S 8S 9S", seat=2)
    assert game.table_seat == 2
    # the classic game allows no such thing
    classic = Game.deal(Rules(), hands=hands).play("3D 3C")
    assert classic.awaiting == (1,) and classic.legal_moves(2) == []


# --- core.session ------------------------------------------------------------------------------


@covers("core.session")
def test_core_session_running_totals_winner_deals_and_settlement() -> None:
    session = Session.start(Rules(), seed=31)
    assert session.totals == (0, 0, 0, 0) and session.deals_played == 0
    running = [0, 0, 0, 0]
    for deal_no in range(4):
        game = session.next_deal()
        assert game.origin.dealer == session.dealer
        game = play_out(game, policy=deal_no % 2)
        assert game.scores is not None and sum(game.scores) == 0
        running = [a + b for a, b in zip(running, game.scores, strict=True)]
        session = session.finish(game)
        assert session.totals == tuple(running)
        assert session.dealer == game.winner, "the winner deals the next"
        assert session.results[-1].winner == game.winner
        assert session.results[-1].scores == game.scores
    assert session.deals_played == 4
    stake = 0.25
    payments = session.settlement(stake)
    pairs = {(min(p.payer, p.payee), max(p.payer, p.payee)) for p in payments}
    assert len(pairs) == len(payments), "one payment per pair at most"
    net = [0.0] * 4
    for p in payments:
        assert p.amount > 0
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    # pagat: each pair settles the difference of their penalty points (the winner's 0)
    expected = [0.0] * 4
    for r in session.results:
        lost = [max(-x, 0) for x in r.scores]
        for i in range(4):
            expected[i] += sum(lost[j] - lost[i] for j in range(4)) * stake
    assert net == pytest.approx(expected)


def _one_deal(rules: Rules, scores: tuple[int, ...], winner: int) -> Session:
    result = DealResult(scores, winner, (), (0,) * len(scores), "out", winner)
    return Session(rules, totals=scores, results=(result,))


@covers("core.session", "score.winner_only")
def test_core_session_pagat_example_settlement() -> None:
    # losers with 3, 11 and 8 cards: each pair settles the difference of what they lost
    session = _one_deal(Rules(), (33, -3, -22, -8), 0)
    owed = {(p.payer, p.payee): p.amount for p in session.settlement(1)}
    assert owed == {(1, 0): 3, (2, 0): 22, (3, 0): 8, (2, 1): 19, (3, 1): 5, (2, 3): 14}
    # the winner collects exactly its score either way
    only = _one_deal(Rules(winner_only=True), (33, -3, -22, -8), 0)
    assert {(p.payer, p.payee): p.amount for p in only.settlement(1)} == {
        (1, 0): 3,
        (2, 0): 22,
        (3, 0): 8,
    }
    # a deal scored as payments (an assister paid for everyone) settles as scored
    assisted = _one_deal(Rules(assistance=True), (33, -33, 0, 0), 0)
    assert {(p.payer, p.payee): p.amount for p in assisted.settlement(1)} == {(1, 0): 33}
    # two deals won by different players net out between each pair
    second = DealResult((-5, 10, -4, -1), 1, (), (5, 0, 4, 1), "out", 1)
    both = Session(
        Rules(winner_only=True), totals=(28, 7, -26, -9), results=(*only.results, second)
    ).settlement(1)
    assert {(p.payer, p.payee): p.amount for p in both} == {
        (0, 1): 2,  # 1 owed 0 three, then 0 owed 1 five
        (2, 0): 22,
        (3, 0): 8,
        (2, 1): 4,
        (3, 1): 1,
    }


@covers("core.session", "score.pusoy_dos", "score.winner_only")
def test_core_session_point_systems_settle_pairwise_differences() -> None:
    # pagat: "each pair of players settles up according to the difference between their
    # scores": under Pusoy Dos points each loser pays the winner the difference
    pusoy = Rules.preset("philippines")
    owed = {(p.payer, p.payee): p.amount for p in _one_deal(pusoy, (2, 0, 0, 0), 0).settlement(1)}
    assert owed == {(1, 0): 2, (2, 0): 2, (3, 0): 2}
    # ranking points 5/3/1/0: every pair settles; winner-only keeps the debts to the winner
    ranking = Rules().replace(scoring="ranking")
    ranks = _one_deal(ranking, (5, 3, 1, 0), 0)
    owed = {(p.payer, p.payee): p.amount for p in ranks.settlement(1)}
    assert owed == {(1, 0): 2, (2, 0): 4, (3, 0): 5, (2, 1): 2, (3, 1): 3, (3, 2): 1}
    only = _one_deal(ranking.replace(winner_only=True), (5, 3, 1, 0), 0)
    assert {(p.payer, p.payee): p.amount for p in only.settlement(1)} == {
        (1, 0): 2,
        (2, 0): 4,
        (3, 0): 5,
    }


@covers("core.session")
def test_core_session_finish_refuses_unfinished_deal() -> None:
    from bigtwo import BigTwoError

    session = Session.start(Rules(), seed=1)
    with pytest.raises(BigTwoError):
        session.finish(session.next_deal())


@covers("mode.president", "cards.two_decks")
def test_chosen_gifts_with_two_decks_are_offered_once_and_replay() -> None:
    rules = Rules.preset("president").replace(decks=2, players=6, president_free_choice=True)
    session = Session.start(rules, seed=0)
    game = session.next_deal()
    game = play_out(game)
    game = session.finish(game).next_deal()
    assert game.pending and game.pending[0][3] == "choose"
    gifts = game.legal_moves()
    assert len({str(g) for g in gifts}) == len(gifts), "identical cards make one gift"
    for gift in gifts:
        assert game.play(gift) == game.play(str(gift))
    done = game.play(gifts[-1])
    while not done.is_over:
        done = done.play(done.legal_moves()[0])
    import bigtwo

    assert bigtwo.load_record(done.record().dumps()).replay() == done
