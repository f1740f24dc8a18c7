"""The standard game (the ``classic`` preset): ``core.*`` rules, with the seeds' worked examples.

Straight and flush orders (``core.straight``, ``core.flush``) are in test_rules_orders.py.
"""

from __future__ import annotations

import itertools

import pytest

import bigtwo
from bigtwo import Game, IllegalMoveError, Rules
from conftest import play_all

CLASSIC = Rules.preset("classic")
RANKS_LOW_TO_HIGH = "3456789TJQKA2"
SUITS_LOW_TO_HIGH = "DCHS"


def deck_low_to_high() -> list[str]:
    return [r + s for r in RANKS_LOW_TO_HIGH for s in SUITS_LOW_TO_HIGH]


# -- cards and small combinations -------------------------------------------------------------
def test_core_deck_every_card_in_order() -> None:
    """core.deck: 52 cards, 2 A K … 3 and ♠ ♥ ♣ ♦; a single's strength is rank, then suit."""
    cards = deck_low_to_high()
    assert len(set(cards)) == 52
    for lower, higher in itertools.pairwise(cards):
        assert bigtwo.beats(higher, lower) and not bigtwo.beats(lower, higher), (lower, higher)
    assert bigtwo.beats("3S", "3H") and bigtwo.beats("3H", "3C") and bigtwo.beats("3C", "3D")
    game = Game.deal(CLASSIC, seed=11)
    assert sum(h.bit_count() for h in game.hands) == 52
    assert sum(game.hands).bit_count() == 52  # no card twice


def test_core_single_seed_example() -> None:
    """core.single (001): "A♠ beats A♥, which beats K♠"; a single only answers a single."""
    assert bigtwo.beats("AS", "AH") and bigtwo.beats("AH", "KS")
    assert not bigtwo.beats("KS", "AH") and not bigtwo.beats("AH", "AS")
    assert not bigtwo.beats("2S 2H", "3D") and not bigtwo.beats("2S", "3D 3C")
    combo = bigtwo.classify("QH")
    assert combo is not None and combo.kind == "single"


def test_core_pair_seed_examples() -> None:
    """core.pair: "K♠K♣ beats K♥K♦" (001); "9♠9x beats 9♥9x" and "Q-Q beats J-J" (002);
    by rank, then by the higher suit in the pair."""
    assert bigtwo.beats("KS KC", "KH KD") and not bigtwo.beats("KH KD", "KS KC")
    assert bigtwo.beats("9S 9D", "9H 9C")
    assert bigtwo.beats("QD QC", "JS JH")
    assert bigtwo.beats("2D 2C", "AS AH")
    assert bigtwo.beats("KS KD", "KH KC")  # the spade decides, not the lower card
    assert bigtwo.classify("KS QS") is None
    combo = bigtwo.classify("KS KC")
    assert combo is not None and combo.kind == "pair"


def test_core_triple() -> None:
    """core.triple: "three twos are highest, then aces, kings, etc. down to three threes"; a
    triple only answers a triple."""
    assert bigtwo.beats("2D 2C 2H", "AS AH AC")
    assert bigtwo.beats("4D 4C 4H", "3S 3H 3C")
    assert not bigtwo.beats("3S 3H 3C", "4D 4C 4H")
    assert not bigtwo.beats("2D 2C 2H", "3S 3H") and not bigtwo.beats("AS AH", "3S 3H 3C")
    game = Game.deal(hands=["3D 3C 3H 9D", "4D 4C 4S 9C", "5D 5C 9H 9S", "6D 6C 6H 6S"])
    game = game.play("3D 3C 3H")
    with pytest.raises(IllegalMoveError, match=r"a triple \(3 cards\) is on the table"):
        game.play("4D 4C")
    game = game.play("4D 4C 4S")
    assert [str(m) for m in game.legal_moves()] == ["pass"]


# -- five-card hands ----------------------------------------------------------------------------
def test_core_five_quads_beat_full_house_of_twos() -> None:
    """core.five: "3-3-3-3-5 beats 2-2-2-A-A"; four of a kind is only playable with a fifth card."""
    assert bigtwo.beats("3S 3H 3D 3C 5D", "2S 2H 2D AS AH")
    assert not bigtwo.beats("2S 2H 2D AS AH", "3S 3H 3D 3C 5D")
    assert bigtwo.classify("3S 3H 3D 3C") is None
    assert not bigtwo.beats("3S 3H 3D 3C 5D", "2S")  # a five-card hand never answers a single
    game = Game.deal(
        hands=["3D 3C 3H 3S 9D 9C", "2S 2H 2D AS AH 4D", "5D 6C 7H 8S 9S TD", "JD JC JH QD QC KD"]
    )
    with pytest.raises(IllegalMoveError, match="four of a kind needs a fifth card"):
        game.play("3D 3C 3H 3S")
    game = game.play("3D 3C 3H 3S 9D")
    assert [str(m) for m in game.legal_moves()] == ["pass"]  # 2-2-2-A-A can't answer it


def test_core_fullhouse_by_its_triple() -> None:
    """core.fullhouse (002): "9-9-9-4-4 beats 8-8-8-K-K"; the pair doesn't count."""
    assert bigtwo.beats("9D 9C 9H 4S 4D", "8S 8H 8C KS KH")
    assert not bigtwo.beats("8S 8H 8C 2S 2H", "9D 9C 9H 4S 4D")
    combo = bigtwo.classify("9D 9C 9H 4S 4D")
    assert combo is not None and combo.kind == "full_house"


def test_core_quads_by_its_four() -> None:
    """core.quads: four of a kind + any card, ranked by the four, whatever the fifth card."""
    assert bigtwo.beats("4D 4C 4H 4S 3D", "3D 3C 3H 3S 2S")
    assert not bigtwo.beats("3D 3C 3H 3S 2S", "4D 4C 4H 4S 5D")
    combo = bigtwo.classify("4D 4C 4H 4S 3D")
    assert combo is not None and combo.kind == "four_of_a_kind"


def test_core_straightflush_as_straight_then_suit() -> None:
    """core.straightflush: ranked as straights, suit breaking ties; the royal flush in ♠ is the
    best five-card hand (002)."""
    assert bigtwo.beats("4D 5D 6D 7D 8D", "3S 4S 5S 6S 7S")  # rank first
    assert bigtwo.beats("4S 5S 6S 7S 8S", "4H 5H 6H 7H 8H")  # then suit
    assert bigtwo.beats("AD 2D 3D 4D 5D", "2S 2H 2D 2C AS")  # even the lowest beats any four
    assert bigtwo.beats("2D 3D 4D 5D 6D", "AS 2S 3S 4S 5S")  # A2345 lowest, as in straights
    royal = "TS JS QS KS AS"
    others = ["TH JH QH KH AH", "2S 2H 2D 2C AH", "9S TS JS QS KS", "2D 2C 2H AD AC"]
    assert all(bigtwo.beats(royal, o) and not bigtwo.beats(o, royal) for o in others)
    combo = bigtwo.classify(royal)
    assert combo is not None and combo.kind == "straight_flush"


# -- the deal and the play --------------------------------------------------------------------
def test_core_deal_one_at_a_time_counter_clockwise() -> None:
    """core.deal: all 52 cards dealt one at a time in the direction of play, 13 each; the
    player after seat s (counter-clockwise, to the right) is s + 1."""
    rules = CLASSIC.replace(cut=False)  # deal.no_cut: the first card goes right of the dealer
    game = Game.deal(rules, seed=3, dealer=2)
    assert [h.bit_count() for h in game.hands] == [13, 13, 13, 13]
    order = game.origin.order
    for i, card in enumerate(order):
        assert game.hands[(2 + 1 + i) % 4] >> card & 1, (i, str(card))
    leader = game.to_move
    game = game.play(game.legal_moves()[0])
    assert game.to_move == (leader + 1) % 4


def test_core_lead_three_of_diamonds() -> None:
    """core.lead: the holder of 3♦ leads the first trick, and the play must include it."""
    game = Game.deal(hands=["4D 5D", "3C 3H", "3D 3S 4C", "5C 6C"])
    assert game.to_move == 2
    assert game.lead_card == bigtwo.Card.from_text("3D")
    moves = game.legal_moves()
    assert {str(m) for m in moves} == {"3D", "3D 3S"}
    with pytest.raises(IllegalMoveError, match="must include 3♦"):
        game.play("3S")
    with pytest.raises(IllegalMoveError, match="can't pass"):
        game.play("pass")
    game = game.play("3D 3S")
    assert game.to_move == 3


def test_core_climb_same_size_higher_and_jumping_back() -> None:
    """core.climb: each play matches the lead's size and beats the last play; a player may pass
    and still play on a later turn of the same trick (002's South/East/North/West example)."""
    game = Game.deal(hands=["4S 9D", "JH 6C 6D 3C", "2S 5C", "AH 7C"], leader=0)
    game = game.play("4S")  # South
    with pytest.raises(IllegalMoveError, match="play 1 card or pass"):
        game.play("6C 6D")
    with pytest.raises(IllegalMoveError, match="doesn't beat"):
        game.play("3C")
    game = play_all(game, "JH | pass | AH | pass | pass")  # East, North, West, South, East
    assert game.to_move == 2 and str(game.table) == "AH"
    game = game.play("2S")  # North passed earlier and may still play
    game = play_all(game, "pass | pass | pass")
    assert game.table is None and game.to_move == 2


def test_core_trick_ends_when_all_others_pass() -> None:
    """core.trick: when every other player passes in succession the last player to play leads
    anything."""
    game = Game.deal(hands=["3D 9D 9C 5S", "4D 6C", "4C 7C", "4H 8C"])
    game = play_all(game, "3D | 4D | 4C | 4H")
    assert game.table is not None and game.to_move == 0
    game = play_all(game, "9D | pass | pass | pass")
    assert game.table is None and game.to_move == 0  # seat 0 leads afresh
    assert "9C 5S" not in {str(m) for m in game.legal_moves()}
    game = game.play("9C")  # any single, pair, ...: here a single lower than the 9♦
    assert game.table is not None and str(game.table) == "9C"


def test_core_end_as_soon_as_one_player_is_out() -> None:
    """core.end: the deal ends the moment one player has no cards; nobody plays on."""
    game = Game.deal(hands=["3D 2S", "4D 5D", "6D 7D", "8D 9D"])
    game = play_all(game, "3D | 4D | 6D | 8D | 2S")
    assert game.is_over and game.winner == 0
    assert [h.bit_count() for h in game.hands] == [0, 1, 1, 1]
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the deal is over"):
        game.play("5D")


def test_core_counts_visible_to_every_seat() -> None:
    """core.counts: every seat's view shows every player's exact card count, never the cards."""
    game = Game.deal(hands=["3D 4D 5D", "6D 7D", "8D", "9D TD JD QD"])
    game = play_all(game, "3D | 6D | 8D")
    for seat in range(4):
        view = game.view(seat)
        assert view.counts == (2, 1, 0, 4)
        assert view.hand == bigtwo.parse_cards(["4D 5D", "7D", "", "9D TD JD QD"][seat])


@pytest.mark.parametrize(
    ("hands", "moves", "expected"),
    [
        pytest.param(
            [
                "3D 2S",
                "4D 5C 6C 7C",
                "5D 8C 9C TC JC QC KC AC 3H 4H 5H 6H",
                "6D 7H 8H 9H TH JH QH KH AH",
            ],
            "3D | 4D | 5D | 6D | 2S",
            (33, -3, -22, -8),
            id="core.score-001-example",
        ),
        pytest.param(
            [
                "3D 2S",
                "3C 3H 3S 4C 4H 4S 5C 5H 5S 6C 6H 6S 7C",
                "4D 8C 8H 8S 9C 9H 9S TC TH TS JC",
                "5D JH JS QC QH QS KC KH KS AC",
            ],
            "3D | pass | 4D | 5D | 2S",
            (39 + 20 + 9, -39, -20, -9),
            id="core.score-13-10-9",
        ),
    ],
)
def test_core_score(hands: list[str], moves: str, expected: tuple[int, ...]) -> None:
    """core.score: 1 a card with 9 or fewer, 2 a card with 10-12, 3 a card with all 13; the
    winner gains what the others lose (001: 3, 11, 8 cards -> -3, -22, -8, winner +33)."""
    game = play_all(Game.deal(CLASSIC, hands=hands), moves)
    assert game.is_over and game.winner == 0
    assert game.scores == expected


@pytest.mark.parametrize(
    ("first_play", "rule", "words"),
    [
        ("include", "first_play_include", "the first play must include 3♦"),
        ("alone", "first_play_alone", "the first play must be 3♦ on its own"),
        ("optional", None, "play any combination"),
    ],
)
def test_a_pass_on_the_first_lead_is_refused_for_what_that_play_must_be(
    first_play: str, rule: str | None, words: str
) -> None:
    """core.lead, start.lead_card_alone, start.lowest_optional: the refusal of a pass on the
    deal's first lead names what the first play must be, not "any combination"."""
    game = Game.deal(Rules(first_play=first_play), seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        game.play("pass")
    assert refused.value.code == "must_lead" and str(refused.value).endswith(words)
    assert refused.value.params.get("rule") == rule
    # once the first play is made, a later lead may be any combination again
    game = game.play(next(m for m in game.legal_moves() if not m.is_pass))
    while game.table is not None:
        game = game.play("pass")
    with pytest.raises(IllegalMoveError) as refused:
        game.play("pass")
    assert str(refused.value).endswith("play any combination")
    assert "rule" not in refused.value.params
