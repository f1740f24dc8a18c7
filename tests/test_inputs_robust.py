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
