"""The bot driver: bots take their turns and make their out-of-turn claims."""

import pytest

import bigtwo
from bigtwo.arena import bots_deal
from bigtwo.bots.side_actions import TRADE_MIN, side_action, trade_gain
from bigtwo.cards import deck, format_cards, mask_of
from bigtwo.combos import Move
from bigtwo.driver import bot_claim, bot_turn
from bigtwo.engine.actions import KEEP, TRADE
from bigtwo.engine.deal import Deal
from bigtwo.rules.options import Announce, Direction, Leftover
from bigtwo.session import Session
from conftest import bots_play_out as play_out
from conftest import settle_claims


def test_last_announce_bots_announce_right_after_the_play() -> None:
    """last.announce: a bot left with one card says so before anyone else acts."""
    rules = bigtwo.Rules(announce=Announce.ONE_CARD)
    bots = {seat: bigtwo.make_bot("greedy") for seat in range(4)}
    for seed in range(5):
        game = play_out(bigtwo.Game.deal(rules, seed=seed), bots)
        history = game.history
        for i, (seat, move) in enumerate(history[:-1]):
            left_one = (
                move.is_play
                and sum(m.mask.bit_count() for s, m in history[: i + 1] if s == seat and m.is_play)
                == game.origin.hands[seat].bit_count() - 1
            )
            if left_one:
                assert history[i + 1] == (seat, bigtwo.engine.actions.ANNOUNCE)
        outcome = game.outcome()
        assert outcome is not None and not outcome.forgot_announce


def test_instant_golden_whoopin_a_bot_lays_down_four_twos_before_play() -> None:
    hands = [
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C",
        "2S 2H 2C 2D 4C 5C 6C 7C 8C 9C TC JC QC",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH KC",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AC",
    ]
    game = bigtwo.Game.deal(bigtwo.Rules(golden_whoopin=True), hands=hands)
    game = play_out(game, {seat: bigtwo.make_bot("greedy") for seat in range(4)})
    assert game.end == "golden_whoopin" and game.winner == 1
    assert game.history == [(1, bigtwo.engine.actions.WHOOPIN)]


def _out_of_turn_plays(game: bigtwo.Game) -> list[tuple[int, Move]]:
    """The plays in ``game``'s history made by a seat whose turn it was not."""
    out = []
    state = bigtwo.Game.from_deal(game.rules, game.origin)
    for seat, move in game.history:
        if move.is_play and seat != state.to_move:
            out.append((seat, move))
        state = state.play(move, seat=seat)
    return out


def test_bomb_out_of_turn_a_bot_bombs_out_of_turn_under_da_lao_er() -> None:
    """bomb.out_of_turn: the driver offers bots their out-of-turn bombs, and a bot plays one."""
    seat0 = "3D 4C 5H 6S 7D 8C 8S TD JC QH KS AD 2C"
    seat2 = "9C 9D 9H 9S 4S 5D 5C 7S 7H TS JS QS KD"
    taken = set(bigtwo.parse_cards(f"{seat0} {seat2}"))
    rest = [c for c in deck() if c not in taken]
    hands = [seat0, format_cards(rest[0::2]), seat2, format_cards(rest[1::2])]
    game = bigtwo.Game.deal(bigtwo.Rules.preset("da-lao-er"), hands=hands)
    game = play_out(game, {seat: bigtwo.make_bot("heuristic") for seat in range(4)})
    assert game.is_over
    bombs = [(s, m) for s, m in _out_of_turn_plays(game) if m.kind == "four_of_a_kind"]
    assert bombs and bombs[0][0] == 2
    assert str(bombs[0][1]) == "4S 9D 9C 9H 9S"


def test_bomb_out_of_turn_bots_decline_what_is_not_worth_it() -> None:
    """Declining is a bot's pass: a bomb is offered at every step, and most are not played."""
    rules = bigtwo.Rules.preset("da-lao-er")
    offered = made = 0
    for seed in range(40):
        game = bigtwo.Game.deal(rules, seed=seed)
        bots = {seat: bigtwo.make_bot("heuristic") for seat in range(4)}
        while not game.is_over:
            for seat in range(4):
                if seat != game.to_move and any(m.is_play for m in game.legal_moves(seat)):
                    offered += 1
            claim = bot_claim(game, bots)
            if claim is not None:
                made += claim[1].is_play
                game = game.play(claim[1], seat=claim[0])
            else:
                game = bot_turn(game, bots)
    assert 0 < made < offered


def test_deal_race_the_other_neighbour_answers_when_the_bot_to_move_passes() -> None:
    """deal.race: bots race for the direction; every deal replays legally."""
    rules = bigtwo.Rules(direction=Direction.RACE)
    directions = set()
    for seed in range(30):
        game = play_out(
            bigtwo.Game.deal(rules, seed=seed),
            {seat: bigtwo.make_bot("heuristic") for seat in range(4)},
        )
        directions.add(game.direction)
        for seat, _ in _out_of_turn_plays(game):
            assert seat == (game.history[0][0] - 1) % 4  # only the leader's other neighbour
    assert directions == {1, -1}


def _trade_game(leftover: Leftover, extra: str, holder: str) -> bigtwo.Game:
    """Three players, one extra card: seat 0 holds ``holder`` (3♦ among them)."""
    taken = set(bigtwo.parse_cards(f"{extra} {holder}"))
    rest = [c for c in deck() if c not in taken]
    need = 17 - len(bigtwo.parse_cards(holder))
    hands = [
        bigtwo.parse_cards(holder) + tuple(rest[:need]),
        tuple(rest[need : need + 17]),
        tuple(rest[need + 17 :]),
    ]
    rules = bigtwo.Rules(players=3, cut=False, leftover=leftover)
    origin = Deal(hands=tuple(mask_of(h) for h in hands), kitty=mask_of(bigtwo.parse_cards(extra)))
    game = bigtwo.Game.from_deal(rules, origin)
    assert game.to_move == 0 and {str(m) for m in game.legal_moves()} == {"trade", "keep"}
    return game


# 3♦ is a loose single here: no other 3 or diamond, no 4 (so no straight through it)
LOOSE_3D = "3D 5C 5H 6C 6H 8C 8H 8S 9C 9S TC TH JC JH QS KH AC"


@pytest.mark.parametrize("extra", ["2S", "5D", "KS"])
def test_deal_leftover_trade_a_face_up_card_that_helps_is_taken(extra: str) -> None:
    """deal.leftover_trade: a face-up 2 (or a card that joins the hand's 5s, or a king) is
    worth more than the loose 3♦ it replaces."""
    game = _trade_game(Leftover.TRADE_SHOWN, extra, LOOSE_3D)
    view = game.view(0)
    assert format_cards(view.shown) == extra
    assert trade_gain(view) >= TRADE_MIN
    assert side_action(view, game.legal_moves()) == TRADE
    assert bigtwo.make_bot("heuristic").choose(view, game.legal_moves()) == TRADE


def test_deal_leftover_trade_the_lead_card_is_kept_for_a_card_that_adds_little() -> None:
    game = _trade_game(Leftover.TRADE_SHOWN, "4S", LOOSE_3D)  # a lone 4 for a lone 3
    assert 0 <= trade_gain(game.view(0)) < TRADE_MIN
    assert side_action(game.view(0), game.legal_moves()) == KEEP


def test_deal_leftover_trade_face_down_the_decision_does_not_peek() -> None:
    """A face-down extra card is judged by the average unseen card, so the decision is the
    same whatever the card is; here a face-up 2 is taken, a face-down card is not."""
    decisions = set()
    for extra in ("2S", "4S", "5D", "KS"):
        game = _trade_game(Leftover.TRADE_HIDDEN, extra, LOOSE_3D)
        assert game.view(0).shown == ()
        decisions.add(side_action(game.view(0), game.legal_moves()))
    assert decisions == {KEEP}


def test_deal_race_a_bot_neighbour_waits_for_the_person_to_move() -> None:
    """deal.race: when the neighbour to move is a person, the bot on the leader's other side
    does not race ahead of them."""
    rules = bigtwo.Rules(direction=Direction.RACE)
    checked = 0
    for seed in range(40):
        game = bigtwo.Game.deal(rules, seed=seed)
        leader = game.to_move
        game = game.play(game.legal_moves()[0])
        person = game.to_move
        if game.direction != 0 or person == leader:
            continue
        bots = {s: bigtwo.make_bot("heuristic") for s in range(4) if s != person}
        after = settle_claims(game, bots)
        assert after.history == game.history, "nobody raced before the person answered"
        checked += 1
    assert checked


@pytest.mark.parametrize(
    "rules",
    [
        bigtwo.Rules(announce=Announce.ONE_CARD),
        bigtwo.Rules.preset("da-lao-er"),
        bigtwo.Rules(direction=Direction.RACE),
    ],
    ids=["announce", "bombs", "race"],
)
def test_the_tests_bot_playout_asks_the_bots_in_the_tables_order(rules: bigtwo.Rules) -> None:
    """The shared helper that plays fixed deals with bots (`conftest.bots_play_out`) makes the
    same deal as a table of the same bots."""
    for seed in range(4):
        at_table = bots_deal(rules, [bigtwo.make_bot("heuristic", s) for s in range(4)], seed, 0)
        bots = {s: bigtwo.make_bot("heuristic", s) for s in range(4)}
        alone = play_out(Session.start(rules, seed).next_deal(), bots)
        assert alone.history == at_table.history and alone.scores == at_table.scores
