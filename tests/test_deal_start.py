"""Dealing, starting and direction: ``core.cut``, ``deal.*`` and ``start.*``.

Each test plays or deals a concrete situation under one rule and names the rule's ID.
Seats play 0, 1, 2, 3 counter-clockwise (seat + 1 is next); clockwise runs seat - 1.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import bigtwo
from bigtwo import PASS, Game, IllegalMoveError, Rules, RulesError
from bigtwo.cards import Card, cards_of, deck, format_cards, mask_of, parse_cards
from bigtwo.engine.deal import deal_out
from bigtwo.rules.options import (
    Direction,
    DrawOnPass,
    FirstLead,
    FirstPlay,
    Leftover,
)
from bigtwo.session import ROUND_LENGTH, Session
from conftest import covers, m, play_out


def text(mask: int) -> str:
    return format_cards(cards_of(mask))


def holder(game: Game, card: str) -> int:
    bit = m(card)
    return next(s for s, h in enumerate(game.hands) if h & bit)


def ordered(hands: Sequence[str], extra: str = "", first: int = 1) -> tuple[Card, ...]:
    """A deck order that deals ``hands`` (seat 0 first) one card at a time, starting with seat
    ``first`` and going to the right, with ``extra`` left over at the end; the rest of the
    pack follows ``extra`` so that the order is a whole deck."""
    n = len(hands)
    queues = [list(parse_cards(h)) for h in hands]
    out: list[Card] = []
    for i in range(sum(len(q) for q in queues)):
        out.append(queues[(first + i) % n].pop(0))
    out.extend(parse_cards(extra))
    used = mask_of(out)
    out.extend(c for c in deck() if not used >> c & 1)
    return tuple(out)


def split_deck(leftover: str, players: int = 3) -> list[str]:
    """The pack without ``leftover``, dealt round so that seat 0 holds 3D (unless it's the
    leftover), seat 1 holds 3C and 2S goes to seat 2 (unless it's the leftover)."""
    cards = [c for c in deck() if c not in parse_cards(leftover)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    fixed = {"3D": 0, "3C": 1, "2S": 2, "4D": 2}
    rest = []
    for c in cards:
        if str(c) in fixed:
            hands[fixed[str(c)]].append(c)
        else:
            rest.append(c)
    size = len(cards) // players
    for c in rest:
        seat = next(s for s in range(players) if len(hands[s]) < size)
        hands[seat].append(c)
    return [format_cards(h) for h in hands]


def three_player_game(rules: Rules, leftover: str, *, leader: int | None = None) -> Game:
    hands = split_deck(leftover)
    origin = deal_out(ordered(hands, leftover), rules)
    return Game.from_deal(rules, origin, leader)


# --- core.cut and deal.no_cut -------------------------------------------------------------

CUT_TABLE = {  # pagat: count from the dealer in the direction of play up to the rank
    "dealer": "A59K",
    "right": "26T",
    "opposite": "37J",
    "left": "48Q",
}


def cut_place(rank_char: str) -> int:
    return next(i for i, ranks in enumerate(CUT_TABLE.values()) if rank_char in ranks)


@covers("core.cut")
@pytest.mark.parametrize("direction", [1, -1], ids=["counter-clockwise", "clockwise"])
def test_core_cut_exposed_card_chooses_first_receiver(direction: int) -> None:
    rules = Rules(direction="clockwise" if direction == -1 else "counter-clockwise")
    seen: set[int] = set()
    for seed in range(60):
        dealer = seed % 4
        game = Game.deal(rules, seed=seed, dealer=dealer, direction=direction)
        origin = game.origin
        assert origin.exposed >= 0, "core.cut: a card is exposed"
        exposed = Card(origin.exposed)
        assert exposed in origin.order  # it stays in the pack
        place = cut_place(str(exposed)[0])
        first = (dealer + direction * place) % 4
        first_card = origin.order[0]
        assert game.hands[first] >> first_card & 1, (seed, exposed, first)
        # and the deal then runs on in the direction of play, one card at a time
        second = (first + direction) % 4
        assert game.hands[second] >> origin.order[1] & 1
        assert game.hands[first] >> origin.order[4] & 1
        assert [h.bit_count() for h in game.hands] == [13] * 4
        seen.add(place)
    assert seen == {0, 1, 2, 3}, "every place of the cut table came up"


@covers("core.cut")
def test_core_cut_known_card_ranks() -> None:
    """The table itself, card by card, through `first_receiver`."""
    from bigtwo.engine.deal import first_receiver

    rules = Rules()
    for ranks, place in zip(CUT_TABLE.values(), range(4), strict=True):
        for r in ranks:
            for suit in "DCHS":
                card = parse_cards(r + suit)[0]
                assert first_receiver(rules, 1, 1, card) == (1 + place) % 4
                assert first_receiver(rules, 1, -1, card) == (1 - place) % 4


@covers("deal.no_cut")
def test_deal_no_cut_starts_right_of_dealer() -> None:
    rules = Rules(cut=False)
    for dealer in range(4):
        game = Game.deal(rules, seed=11 + dealer, dealer=dealer)
        origin = game.origin
        assert origin.exposed == -1
        right = (dealer + 1) % 4
        assert game.hands[right] >> origin.order[0] & 1
        assert game.hands[dealer] >> origin.order[-1] & 1, "the deal ends with the dealer"


# --- deal.clockwise, deal.alternate, deal.race ----------------------------------------------

FOUR = ["3D 9S KH", "4D 8S QH", "5D 7S JH", "6D TS AH"]


@covers("deal.clockwise")
def test_deal_clockwise_play_goes_to_seat_minus_one() -> None:
    rules = Rules(direction=Direction.CLOCKWISE)
    game = Game.deal(rules, hands=FOUR)
    assert game.direction == -1
    assert game.to_move == 0
    game = game.play("3D")
    assert game.to_move == 3
    game = game.play("6D").play("7S")
    assert game.to_move == 1
    # and dealing goes clockwise too: the first card to the dealer's left
    dealt = Game.deal(rules.replace(cut=False), seed=4, dealer=2)
    assert dealt.origin.direction == -1
    assert dealt.hands[1] >> dealt.origin.order[0] & 1
    assert dealt.hands[0] >> dealt.origin.order[1] & 1


@covers("deal.clockwise", "start.indonesia_rounds")
def test_deal_clockwise_indonesia_preset_session() -> None:
    rules = Rules.preset("indonesia")
    assert rules.direction is Direction.CLOCKWISE
    session = Session.start(rules, seed=3)
    assert session.direction() == -1
    game = session.next_deal()
    assert game.direction == -1
    seat = game.to_move
    game = game.play(game.legal_moves()[0])
    assert game.to_move == (seat - 1) % 4


@covers("deal.alternate", "core.session")
def test_deal_alternate_direction_every_deal() -> None:
    rules = Rules(direction=Direction.ALTERNATE)
    session = Session.start(rules, seed=8)
    ways = []
    for _ in range(4):
        game = session.next_deal()
        ways.append(game.direction)
        assert game.origin.direction == game.direction
        seat = game.to_move
        after = game.play(game.legal_moves()[0])
        assert after.to_move == (seat + game.direction) % 4
        session = session.finish(play_out(game))
    assert ways == [1, -1, 1, -1]


@covers("deal.alternate")
def test_deal_alternate_direction_given_to_deal() -> None:
    rules = Rules(direction=Direction.ALTERNATE)
    game = Game.deal(rules, hands=FOUR, direction=-1)
    assert game.play("3D").to_move == 3
    game = Game.deal(rules, hands=FOUR, direction=1)
    assert game.play("3D").to_move == 1


@covers("deal.race")
def test_deal_race_left_neighbour_answers_first() -> None:
    rules = Rules(direction=Direction.RACE)
    game = Game.deal(rules, hands=FOUR)
    game = game.play("3D")
    # both neighbours of the leader may answer; seat 1 is asked first, seat 3 may race
    assert set(game.awaiting) == {1, 3}
    assert any(mv.is_play for mv in game.legal_moves(3))
    assert game.legal_moves(2) == []
    game = game.play("6D", seat=3)
    assert game.direction == -1
    assert game.to_move == 2
    game = game.play("pass").play("pass")  # seats 2 and 1
    assert game.to_move == 0
    game = game.play("pass")
    assert game.table is None and game.to_move == 3  # 6D won the trick
    game = game.play("TS")
    assert game.to_move == 2, "the race fixed clockwise for the rest of the deal"


@covers("deal.race")
def test_deal_race_right_neighbour_answers_first() -> None:
    rules = Rules(direction=Direction.RACE)
    game = Game.deal(rules, hands=FOUR).play("3D")
    game = game.play("4D", seat=1)
    assert game.direction == 1 and game.to_move == 2
    assert game.awaiting == (2,), "the race is over"
    with pytest.raises(IllegalMoveError):
        game.play("6D", seat=3)


@covers("deal.race")
def test_deal_race_pass_by_right_neighbour_sets_counter_clockwise() -> None:
    rules = Rules(direction=Direction.RACE)
    game = Game.deal(rules, hands=FOUR).play("3D").play("pass")
    assert game.direction == 1 and game.to_move == 2


# --- leftovers with three players (deal.leftover_*) -----------------------------------------


def _check_three(game: Game) -> None:
    total = sum(h.bit_count() for h in game.hands) + game.kitty.bit_count()
    assert total == 52
    for a in range(3):
        for b in range(a + 1, 3):
            assert game.hands[a] & game.hands[b] == 0
        assert game.hands[a] & game.kitty == 0


@covers("deal.leftover_to_lead")
def test_deal_leftover_to_lead_holder_of_3d() -> None:
    rules = Rules(players=3, cut=False)  # to-lead is the default
    assert rules.leftover is Leftover.TO_LEAD
    game = three_player_game(rules, "AH")
    assert [h.bit_count() for h in game.hands] == [18, 17, 17]
    assert game.hands[0] & m("AH 3D") == m("AH 3D")
    assert game.kitty == 0
    assert game.to_move == 0 and game.lead_card == parse_cards("3D")[0]
    _check_three(game)


@covers("deal.leftover_to_lead")
def test_deal_leftover_to_lead_when_3d_is_the_leftover() -> None:
    rules = Rules(players=3, cut=False)
    game = three_player_game(rules, "3D")
    # the next lowest card, 3C, is in seat 1: that player takes the 3D and leads with it
    assert game.hands[1] & m("3C 3D") == m("3C 3D")
    assert [h.bit_count() for h in game.hands] == [17, 18, 17]
    assert game.to_move == 1 and str(game.lead_card) == "3D"
    _check_three(game)


@covers("deal.leftover_to_lead")
def test_deal_leftover_to_lead_shuffled() -> None:
    rules = Rules(players=3)
    for seed in range(10):
        game = Game.deal(rules, seed=seed)
        counts = sorted(h.bit_count() for h in game.hands)
        assert counts == [17, 17, 18]
        assert game.hands[game.to_move].bit_count() == 18
        assert game.hands[game.to_move] & m("3D")


@covers("deal.leftover_discard")
def test_deal_leftover_discard() -> None:
    rules = Rules(players=3, cut=False, leftover=Leftover.DISCARD)
    game = three_player_game(rules, "2S")
    assert [h.bit_count() for h in game.hands] == [17, 17, 17]
    assert game.kitty == m("2S")
    assert game.to_move == 0 and str(game.lead_card) == "3D"
    for seat in range(3):
        assert m("2S") & game.view(seat).hand_mask == 0
    _check_three(game)
    # discarding the 3D: the lowest dealt card, 3C, leads
    game = three_player_game(rules, "3D")
    assert game.kitty == m("3D") and game.to_move == 1 and str(game.lead_card) == "3C"
    with pytest.raises(IllegalMoveError, match="3♣"):
        game.play(str(cards_of(game.hands[1] & ~m("3C"))[0]))


@covers("deal.leftover_discard")
def test_deal_leftover_discard_lowest_never_2s() -> None:
    rules = Rules(players=3, cut=False, leftover=Leftover.DISCARD_LOWEST)
    # whatever card would be left over, the lowest card leaves instead
    game = three_player_game(rules, "2S")
    assert game.kitty == m("3D")
    assert [h.bit_count() for h in game.hands] == [17, 17, 17]
    assert any(h & m("2S") for h in game.hands), "2S is dealt, not put aside"
    assert str(game.lead_card) == "3C" and game.to_move == holder(game, "3C")
    _check_three(game)
    for seed in range(8):
        shuffled = Game.deal(rules, seed=seed)
        assert shuffled.kitty == m("3D")
        assert str(shuffled.lead_card) == "3C"


@covers("deal.leftover_lowest_diamond")
def test_deal_leftover_lowest_diamond() -> None:
    rules = Rules(players=3, cut=False, leftover=Leftover.LOWEST_DIAMOND)
    game = three_player_game(rules, "AH")
    assert game.hands[0] & m("AH 3D") == m("AH 3D")  # 3D holder is the lowest diamond's too
    # with 3D as the leftover the kitty goes to the holder of 4D (seat 2), not of 3C (seat 1)
    game = three_player_game(rules, "3D")
    assert game.hands[2] & m("3D 4D") == m("3D 4D")
    assert game.hands[1] & m("3D") == 0
    assert game.to_move == 2
    _check_three(game)
    # in bridge order 3C is the lowest card, but the kitty still goes to the 3D holder
    bridge = rules.replace(suit_order=bigtwo.SuitOrder.BRIDGE)
    game = three_player_game(bridge, "KS")
    assert game.hands[0] & m("KS 3D") == m("KS 3D")
    assert game.to_move == 1 and str(game.lead_card) == "3C"


@covers("deal.leftover_trade")
@pytest.mark.parametrize("leftover", [Leftover.TRADE_SHOWN, Leftover.TRADE_HIDDEN])
def test_deal_leftover_trade(leftover: Leftover) -> None:
    rules = Rules(players=3, cut=False, leftover=leftover)
    game = three_player_game(rules, "2S")
    assert game.kitty == m("2S")
    assert [h.bit_count() for h in game.hands] == [17, 17, 17]
    # the 3D holder decides first
    assert game.to_move == 0 and not game.in_play
    assert {str(mv) for mv in game.legal_moves()} == {"trade", "keep"}
    with pytest.raises(IllegalMoveError, match="trade"):
        game.play("3D")
    for seat in range(3):
        shown = game.view(seat).shown
        if leftover is Leftover.TRADE_SHOWN:
            assert format_cards(shown) == "2S", "the extra card lies face up"
        else:
            assert shown == (), "the extra card is face down"
    traded = game.play("trade")
    assert traded.hands[0] & m("2S") and not traded.hands[0] & m("3D")
    assert traded.kitty == m("3D")
    # 3D is out of play, so the 3C holder leads
    assert traded.to_move == 1 and str(traded.lead_card) == "3C"
    # everyone saw the 3D go into the kitty
    assert all(format_cards(traded.view(s).shown) == "3D" for s in range(3))
    kept = game.play("keep")
    assert kept.kitty == m("2S") and kept.to_move == 0 and str(kept.lead_card) == "3D"
    face_up = "2S" if leftover is Leftover.TRADE_SHOWN else ""
    assert all(format_cards(kept.view(s).shown) == face_up for s in range(3)), "still face up"
    kept.play("3D")


@covers("deal.leftover_trade")
def test_deal_leftover_trade_previous_winner_leads() -> None:
    rules = Rules(players=3, cut=False, leftover=Leftover.TRADE_HIDDEN)
    game = three_player_game(rules, "2S", leader=2)
    assert game.to_move == 0 and {str(mv) for mv in game.legal_moves()} == {"trade", "keep"}
    game = game.play("trade")
    assert game.to_move == 2 and game.lead_card is None
    game.play(str(cards_of(game.hands[2])[-1]))  # any card leads


@covers("deal.leftover_2s_or_3d")
def test_deal_leftover_2s_or_3d_goes_to_two_of_spades() -> None:
    rules = Rules(players=3, cut=False, leftover=Leftover.TO_TWO_SPADES)
    game = three_player_game(rules, "AH")
    assert game.hands[2] & m("AH 2S") == m("AH 2S")
    assert game.to_move == 0, "the 3D still leads"
    _check_three(game)
    # when 2S itself is the extra card it goes to the 3D holder
    game = three_player_game(rules, "2S")
    assert game.hands[0] & m("2S 3D") == m("2S 3D")


# --- deal.ghost_hand -------------------------------------------------------------------------


@covers("deal.ghost_hand")
def test_deal_ghost_hand_hidden_and_unplayed() -> None:
    rules = Rules(players=3, ghost_hand=True, cut=False)
    for seed in range(6):
        game = Game.deal(rules, seed=seed)
        assert [h.bit_count() for h in game.hands] == [13, 13, 13]
        ghost = game.kitty
        assert ghost.bit_count() == 13
        assert ghost >> game.origin.order[-1] & 1, "the ghost gets the last card dealt"
        assert sum(game.hands) | ghost == mask_of(deck())
        lowest = game.tables.lowest(sum(game.hands))
        assert game.lead_card == Card(lowest)
        assert not ghost >> lowest & 1
        rng_moves = 0
        while not game.is_over:
            for seat in range(3):
                view = game.view(seat)
                assert view.hand_mask & ghost == 0
                assert view.played_mask & ghost == 0
                assert sum(view.counts) == sum(h.bit_count() for h in game.hands)
                assert len(view.counts) == 3
            moves = game.legal_moves()
            game = game.play(moves[(seed + rng_moves) % len(moves)])
            rng_moves += 1
        assert game.kitty == ghost
    # a ghost hand holding the 3D: the lowest dealt card leads instead
    found = False
    for seed in range(40):
        game = Game.deal(rules, seed=seed)
        if game.kitty & m("3D"):
            found = True
            assert game.lead_card != parse_cards("3D")[0]
            assert game.to_move == holder(game, str(game.lead_card))
            break
    assert found


# --- deal.draw_on_pass -----------------------------------------------------------------------

TWO_HANDS = [
    "3D 5D 7D 9D JD KD 2D 3S 5S 7S 9S JS KS",
    "4D 6D 8D TD QD AD 4S 6S 8S TS QS AS 2S",
]
STOCK = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H"


def draw_game(rules: Rules) -> Game:
    origin = deal_out(ordered(TWO_HANDS, STOCK), rules)
    return Game.from_deal(rules, origin)


@covers("deal.draw_on_pass")
def test_deal_draw_on_pass_one_card() -> None:
    rules = Rules(players=2, cut=False, cards_each=13, draw_on_pass=DrawOnPass.ONE)
    game = draw_game(rules)
    assert [h.bit_count() for h in game.hands] == [13, 13]
    assert [text(1 << c) for c in game.stock[:2]] == ["3C", "4C"]
    assert game.view(0).stock_count == 26 and game.kitty == 0
    game = game.play("3D")
    game = game.play("pass")
    assert game.hands[1] & m("3C"), "the passer draws the top card"
    assert game.hands[1].bit_count() == 14 and len(game.stock) == 25
    assert game.view(1).hand_mask & m("3C")
    assert game.view(0).hand_mask & m("3C") == 0
    assert game.view(0).counts == (12, 14) and game.view(0).stock_count == 25
    game = game.play("5D 5S")
    game = game.play("pass")
    assert game.hands[1].bit_count() == 15 and game.hands[1] & m("4C")


@covers("deal.draw_on_pass")
def test_deal_draw_on_pass_play_size() -> None:
    rules = Rules(players=2, cut=False, cards_each=13, draw_on_pass=DrawOnPass.PLAY_SIZE)
    game = draw_game(rules).play("3D 3S")
    game = game.play("pass")
    assert game.hands[1] & m("3C 4C") == m("3C 4C") and game.hands[1].bit_count() == 15
    game = game.play("5D 7D 9D JD KD")  # a flush
    game = game.play("pass")
    assert game.hands[1].bit_count() == 20 and len(game.stock) == 19


@covers("deal.draw_on_pass")
def test_deal_draw_on_pass_empty_stock_and_reshuffle() -> None:
    hands = [
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2D 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2H 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    ]
    for reshuffle in (False, True):
        rules = Rules(
            players=2,
            cut=False,
            cards_each=24,
            draw_on_pass=DrawOnPass.ONE,
            reshuffle_stock=reshuffle,
        )
        origin = deal_out(ordered(hands, "AC 2C AS 2S"), rules)
        game = Game.from_deal(rules, origin)
        assert len(game.stock) == 4
        played = 0
        for lead in ("3D", "4D", "5D", "6D"):
            game = game.play(lead).play("pass")
            played |= m(lead)
        assert game.stock == () and game.hands[1].bit_count() == 28
        game = game.play("7D").play("pass")
        played |= m("7D")
        if not reshuffle:
            assert game.hands[1].bit_count() == 28, "an empty stock: play goes on without drawing"
        else:
            drawn = game.hands[1] & played
            assert game.hands[1].bit_count() == 29
            assert drawn.bit_count() == 1 and not drawn & m("7D"), (
                "a played card, not the one on the table, is drawn from the new stock"
            )
            assert len(game.stock) == 3
            assert mask_of(game.stock) | drawn == played & ~m("7D")
            # the record replays the same reshuffle
            replayed = bigtwo.load_record(game.record().dumps()).replay()
            assert replayed.hands == game.hands and replayed.stock == game.stock


@covers("deal.draw_on_pass")
def test_deal_draw_on_pass_needs_stock() -> None:
    with pytest.raises(bigtwo.RulesError):
        Rules(players=3, draw_on_pass=DrawOnPass.ONE)
    with pytest.raises(bigtwo.RulesError):
        Rules(players=2, cards_each=13, reshuffle_stock=True)


# --- deal.two_player_sizes and deal.thirteen_each --------------------------------------------


@covers("deal.two_player_sizes")
@pytest.mark.parametrize("size", [13, 17, 21, None])
def test_deal_two_player_sizes(size: int | None) -> None:
    rules = Rules(players=2, cards_each=size)
    each = size or 26
    lowest_not_3d = 0
    for seed in range(30):
        game = Game.deal(rules, seed=seed)
        assert [h.bit_count() for h in game.hands] == [each, each]
        assert game.kitty.bit_count() == 52 - 2 * each, "the rest is set aside unused"
        assert game.stock == ()
        lowest = game.tables.lowest(sum(game.hands))
        assert game.lead_card == Card(lowest) and game.hands[game.to_move] >> lowest & 1
        assert all(mv.mask >> lowest & 1 for mv in game.legal_moves())
        assert game.view(1 - game.to_move).hand_mask & game.kitty == 0
        lowest_not_3d += lowest != 0
    if size is not None:
        assert lowest_not_3d > 0, "some deals leave the 3D out and a higher card leads"


@covers("deal.two_player_sizes")
def test_deal_two_player_sizes_fixed_lowest_leads() -> None:
    rules = Rules(players=2, cards_each=13)
    game = Game.deal(rules, hands=["4C 9D TD", "4H 5S 6S"])
    assert game.to_move == 0 and str(game.lead_card) == "4C"
    with pytest.raises(IllegalMoveError, match="4♣"):
        game.play("9D")
    game = game.play("4C").play("4H")
    assert game.to_move == 0


@covers("deal.thirteen_each")
@pytest.mark.parametrize("players", [2, 3])
def test_deal_thirteen_each(players: int) -> None:
    rules = Rules(players=players, cards_each=13)
    for seed in range(12):
        game = Game.deal(rules, seed=seed)
        assert [h.bit_count() for h in game.hands] == [13] * players
        assert game.kitty.bit_count() == 52 - 13 * players
        lowest = game.tables.lowest(sum(game.hands))
        assert game.to_move == next(s for s, h in enumerate(game.hands) if h >> lowest & 1)
        assert game.lead_card == Card(lowest)


# --- start.* -----------------------------------------------------------------------------------


@covers("start.winner_leads")
def test_start_winner_leads_with_any_play() -> None:
    rules = Rules(first_lead=FirstLead.WINNER)
    session = Session.start(rules, seed=21)
    assert session.leader() is None
    first = session.next_deal()
    assert first.lead_card == parse_cards("3D")[0]
    assert first.to_move == holder(first, "3D")
    done = play_out(first)
    session = session.finish(done)
    assert session.leader() == done.winner
    second = session.next_deal()
    assert second.to_move == done.winner and second.lead_card is None
    # any play: every single in the hand is a legal lead, 3D or not
    singles = {mv.mask for mv in second.legal_moves() if mv.mask.bit_count() == 1}
    assert singles == {1 << c for c in cards_of(second.hands[done.winner])}


@covers("start.winner_leads")
def test_start_winner_leads_fixed_deal() -> None:
    game = Game.deal(Rules(), hands=FOUR, leader=2)
    assert game.to_move == 2
    game = game.play("JH")
    assert game.to_move == 3


@covers("start.winner_leads")
def test_start_winner_leads_hong_kong() -> None:
    session = Session.start(Rules.preset("hong-kong"), seed=5)
    done = play_out(session.next_deal())
    session = session.finish(done)
    assert session.next_deal().to_move == done.winner
    assert session.dealer == done.winner


def _ended(hands: list[str]) -> Game:
    """Seat 0 goes out at once with its single 3D; the others keep what they were dealt."""
    game = Game.deal(Rules(first_lead=FirstLead.LOSER), hands=hands)
    game = game.play("3D")
    assert game.is_over and game.winner == 0
    return game


@covers("start.loser_leads")
def test_start_loser_leads_most_cards() -> None:
    game = _ended(["3D", "4D 5D", "6D 7D 8D", "9D TD JD QD KH"])
    assert bigtwo.session.loser_to_lead(game) == 3
    session = Session.start(game.rules, seed=1).finish(game)
    assert session.leader() == 3 and session.dealer == 3


@covers("start.loser_leads")
def test_start_loser_leads_tie_fewest_cards_in_largest_combination() -> None:
    # seats 1 and 2 both hold five cards; seat 1's largest play is a pair, seat 2's a triple
    game = _ended(["3D", "4D 4C 6D 8H TS", "5D 5C 5H 7D 9S", "JD QH"])
    assert bigtwo.session.loser_to_lead(game) == 1
    # a five-card hand is larger than any pair: the player with only a pair leads
    game = _ended(["3D", "4D 5C 6H 7S 8D", "9D 9C JH QS KD", "JD QH"])
    assert bigtwo.session.loser_to_lead(game) == 2


@covers("start.loser_leads")
def test_start_loser_leads_tie_weakest_combination() -> None:
    game = _ended(["3D", "KD KC 6D 8H TS", "5D 5C 7H 9D JS", "JD QH"])
    assert bigtwo.session.loser_to_lead(game) == 2, "5-5 is weaker than K-K"
    session = Session.start(game.rules, seed=2).finish(game)
    nxt = session.next_deal()
    assert nxt.to_move == 2 and nxt.lead_card is None
    assert nxt.origin.dealer == 2


@covers("start.lead_card_alone")
def test_start_lead_card_alone() -> None:
    rules = Rules(first_play=FirstPlay.ALONE)
    game = Game.deal(rules, hands=["3D 3S 4D 5D 6D 7S", "8D", "9D", "TD"])
    assert [str(mv) for mv in game.legal_moves()] == ["3D"]
    for bad in ("3D 3S", "3D 4D 5D 6D 7S", "4D"):
        with pytest.raises(IllegalMoveError, match="3♦ on its own"):
            game.play(bad)
    game = game.play("3D")
    assert game.to_move == 1
    # the classic rule lets it be part of a combination
    classic = Game.deal(Rules(), hands=["3D 3S 4D 5D 6D 7S", "8D", "9D", "TD"])
    assert "3D 3S" in {str(mv) for mv in classic.legal_moves()}


@covers("start.lowest_optional")
def test_start_lowest_optional() -> None:
    rules = Rules(first_play=FirstPlay.OPTIONAL)
    hands = ["3D 9S 9H", "4D", "5D", "6D"]
    game = Game.deal(rules, hands=hands)
    assert game.to_move == 0, "the holder of the lowest card still leads"
    legal = {str(mv) for mv in game.legal_moves()}
    assert {"9H 9S", "9S", "3D"} <= legal
    game = game.play("9H 9S")
    assert game.hands[0] == m("3D") and game.to_move == 1
    with pytest.raises(IllegalMoveError, match="must include"):
        Game.deal(Rules(), hands=hands).play("9H 9S")


@covers("start.indonesia_rounds")
def test_start_indonesia_rounds_of_ten_deals() -> None:
    rules = Rules.preset("indonesia")
    assert rules.first_lead is FirstLead.INDONESIA_ROUNDS and ROUND_LENGTH == 10
    session = Session.start(rules, seed=4)
    leaders = []
    for deal_no in range(ROUND_LENGTH + 2):
        game = session.next_deal()
        if deal_no % ROUND_LENGTH == 0:
            assert game.lead_card is not None and str(game.lead_card) == "3D"
            assert game.to_move == holder(game, "3D")
            leaders.append(None)
        else:
            previous = session.results[-1].winner
            assert game.to_move == previous and game.lead_card is None
            leaders.append(previous)
        session = session.finish(play_out(game, policy=deal_no % 2))
    assert leaders[0] is None and leaders[ROUND_LENGTH] is None
    assert all(x is not None for x in leaders[1:ROUND_LENGTH])


@covers("start.three_player_exchange")
def test_start_three_player_exchange() -> None:
    rules = Rules(players=3, three_player_exchange=True)
    session = Session.start(rules, seed=9)
    first = session.next_deal()
    assert first.in_play, "no exchange before the first deal"
    done = play_out(first)
    session = session.finish(done)
    winner = done.winner
    assert winner is not None
    counts = [h.bit_count() for h in done.hands]
    loser = max((s for s in range(3) if s != winner), key=lambda s: counts[s])
    assert session.exchanges() == ((loser, winner, 1, "highest"), (winner, loser, 1, "choose"))
    game = session.next_deal()
    dealt = game.origin.hands
    order = game.tables.order_key
    top = max(cards_of(dealt[loser]), key=lambda c: order[c])
    assert game.hands[winner] >> top & 1, "the loser's highest card went to the winner"
    assert not game.hands[loser] >> top & 1
    assert game.to_move == winner and not game.in_play
    moves = game.legal_moves()
    assert all(str(mv).startswith("give ") and mv.mask.bit_count() == 1 for mv in moves)
    assert len(moves) == game.hands[winner].bit_count()
    assert game.awaiting == (winner,)
    unwanted = cards_of(game.hands[winner])[0]
    with pytest.raises(IllegalMoveError, match="must first give"):
        game.play(PASS)
    game = game.play(f"give {unwanted}")
    assert game.hands[loser] >> unwanted & 1 and game.in_play
    assert [h.bit_count() for h in game.hands] == [h.bit_count() for h in dealt]
    lowest = game.tables.lowest(sum(game.hands))
    assert game.lead_card == Card(lowest) and game.hands[game.to_move] >> lowest & 1


@covers("deal.ghost_hand", "deal.draw_on_pass")
def test_ghost_hand_is_the_stock_when_passing_draws() -> None:
    rules = Rules(players=3, ghost_hand=True, draw_on_pass=DrawOnPass.ONE)
    game = Game.deal(rules, seed=1)
    assert len(game.stock) == 13 and game.kitty == 0
    assert [h.bit_count() for h in game.hands] == [13, 13, 13]
    assert not any(game.hands[s] >> c & 1 for s in range(3) for c in game.stock)
    game = game.play(game.legal_moves()[0])
    passer = game.to_move
    drawn = game.stock[0]
    after = game.play("pass")
    assert after.hands[passer] >> drawn & 1 and len(after.stock) == 12
    assert all(after.view(s).stock_count == 12 for s in range(3))


@covers("deal.leftover_trade", "deal.ghost_hand")
def test_trading_the_lead_card_needs_the_one_extra_card() -> None:
    for extra in ({"ghost_hand": True}, {"cards_each": 13}):
        with pytest.raises(RulesError, match="one extra card"):
            Rules(players=3, leftover=Leftover.TRADE_SHOWN, **extra)
