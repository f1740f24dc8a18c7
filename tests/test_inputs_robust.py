"""Whatever outside code or a person passes in is refused with a `BigTwoError` that says what
was wrong, never a raw Python error; and a replayed record equals the game it came from."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import bigtwo
from bigtwo import BigTwoError, NotationError, Rules, RulesError


@pytest.mark.parametrize(
    "call,error,words",
    [
        (lambda: bigtwo.parse_cards(None), NotationError, "text"),
        (lambda: bigtwo.parse_cards(["3D"]), NotationError, "text"),
        (lambda: Rules.preset(None), RulesError, "named by text"),
        (lambda: bigtwo.Game.deal(seed=1).play(None), bigtwo.IllegalMoveError, "a move is"),
        (lambda: Rules().replace(decks=2.0, players=6), RulesError, "decks must be a whole"),
        (lambda: Rules().replace(players="4"), RulesError, "players must be a whole"),
        (lambda: Rules().replace(cards_each=True), RulesError, "cards_each"),
        (lambda: Rules().replace(straight_lengths=(5.0,)), RulesError, "straight_lengths"),
        (lambda: Rules().replace(straight_lengths="5"), RulesError, "straight_lengths"),
        (lambda: Rules().replace(name=None), RulesError, "name must be text"),
    ],
    ids=lambda x: "" if callable(x) or isinstance(x, type) else f"core.deck-{x}",
)
def test_bad_arguments_are_refused_in_words(
    call: Callable[[], object], error: type[BigTwoError], words: str
) -> None:
    with pytest.raises(error, match=words):
        call()


def test_core_deck_notation_takes_pasted_emoji_suits_and_formats_text() -> None:
    # phones add an emoji presentation selector after the suit symbol: ♥️
    assert bigtwo.parse_cards("3♥\ufe0f 4♣\ufe0e") == bigtwo.parse_cards("3H 4C")
    assert bigtwo.format_cards("3d 10h ts") == "3D TH TS"
    assert bigtwo.format_cards("3d 10h", symbols=True) == "3♦ 10♥"


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules().replace(decks=2, players=6), Rules.preset("president")],
    ids=["core.deal", "cards.two_decks", "mode.president"],
)
def test_a_replayed_record_equals_the_game(rules: Rules) -> None:
    for seed in range(5):
        game = bigtwo.Game.deal(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            moves = game.legal_moves()
            game = game.play(moves[rng.randrange(len(moves))])
        again = bigtwo.load_record(game.record().dumps()).replay()
        assert again == game and hash(again) == hash(game)
        assert again != bigtwo.Game.deal(rules, seed=seed)


def test_core_deal_a_card_dealt_to_two_seats_is_named() -> None:
    with pytest.raises(BigTwoError, match="seat 1: 6H is dealt twice"):
        bigtwo.Game.deal(hands=["3D 6H", "6H 4D", "5D 7D", "8D 9D"])
    with pytest.raises(BigTwoError, match="seat 0: 3D is dealt twice"):
        bigtwo.Game.deal(hands=["3D 3D", "5H 4D", "5D 7D", "8D 9D"])


@pytest.mark.parametrize(
    "call",
    [
        lambda: Rules(straight_lengths=None),
        lambda: Rules(straight_lengths=5),
        lambda: bigtwo.format_cards(5),
        lambda: bigtwo.Game.deal(seed=1).play("3D", seat="0"),
        lambda: bigtwo.Game.deal(seed=1).view("0"),
    ],
    ids=[
        "core.deck-lengths-none",
        "core.deck-lengths-int",
        "core.deck-format",
        "seat-text",
        "view-text",
    ],
)
def test_wrongly_typed_arguments_are_refused_in_words(call: Callable[[], object]) -> None:
    with pytest.raises(BigTwoError):
        call()


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3, ghost_hand=True, draw_on_pass="one", cards_each=13, jokers="wild"),
        Rules(players=3, ghost_hand=True, draw_on_pass="one"),
        Rules(players=2, cards_each=13, draw_on_pass="one", jokers="valueless"),
        Rules(players=3, cards_each=13),
        Rules(players=6, decks=2, jokers="wild"),
    ],
    ids=[
        "deal.ghost_hand+jokers",
        "deal.ghost_hand",
        "deal.draw_on_pass",
        "deal.thirteen_each",
        "cards.two_decks",
    ],
)
def test_every_card_is_dealt_somewhere(rules: Rules) -> None:
    from bigtwo.engine.deal import full_deck

    for seed in range(4):
        game = bigtwo.Game.deal(rules, seed=seed)
        stock = sum(1 << c for c in game.stock)
        places = [*game.hands, game.kitty, stock]
        assert sum(p.bit_count() for p in places) == len(full_deck(rules))
        everything = 0
        for p in places:
            assert p & everything == 0
            everything |= p


def test_a_seat_export_stays_that_seats() -> None:
    game = bigtwo.Game.deal(seed=2)
    export = game.record().for_seat(1)
    again = bigtwo.load_record(export.dumps())
    assert again.for_seat(1).dumps() == export.dumps()
    with pytest.raises(BigTwoError, match="seat 1's view"):
        again.for_seat(0)


def test_core_session_settles_totals_given_without_deals() -> None:
    from bigtwo.session import Session

    owed = {
        (p.payer, p.payee): p.amount
        for p in Session(Rules(), totals=(33, -3, -22, -8)).settlement()
    }
    assert owed == {(1, 0): 3, (2, 0): 22, (3, 0): 8}
