"""The library as README.md's "The library in a few lines" and docs/views.md, docs/encoding.md
promise it, checked from the documents alone: the snippet's every line, arguments refused at
the edge with a `BigTwoError`, views that hold what their seat may know and nothing more."""

from __future__ import annotations

import json
import re

import pytest

import bigtwo
from bigtwo import BigTwoError, Game, IllegalMoveError, Rules, RulesError
from bigtwo.encoding import ENCODING_VERSION, action_mask, decode, encode, space_size

CLASSIC = Rules.preset("classic")
CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(\*?)(?![A-Za-z0-9])")


def _finished(seed: int) -> Game:
    game = Game.deal(CLASSIC, seed=seed)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    return game


def test_the_readme_snippet_plays_a_deal_and_answers_as_its_comments_say() -> None:
    game = Game.deal(CLASSIC, seed=7)
    start = game
    finished = _finished(7)
    assert finished.winner in range(4)
    assert sum(finished.scores) == 0  # classic scoring is zero-sum
    assert bigtwo.classify("3S 3H 3D 3C 5D", CLASSIC).kind == "four_of_a_kind"
    assert bigtwo.beats("KS KC", "KH KD", CLASSIC) is True
    changed = CLASSIC.replace(flushes=False, straight_order="hong-kong")
    assert changed.flushes is False and changed.straight_order.value == "hong-kong"
    with pytest.raises(IllegalMoveError, match="the first play must include 3♦"):
        start.play("4D")
    text = finished.record().dumps()
    assert bigtwo.load_record(text).replay() == finished
    assert start.has_play() is True
    assert start.count_moves() == len(start.legal_moves())
    first_straight = next(start.moves_of_kind("straight"), None)
    assert first_straight is None or bigtwo.classify(str(first_straight), CLASSIC).kind == (
        "straight"
    )
    assert all(start.is_legal(mv) for mv in start.legal_moves())
    bot_move = bigtwo.make_bot("greedy").choose(start.view(start.to_move), start.legal_moves())
    assert bot_move in start.legal_moves()


def test_a_move_in_legal_moves_is_exactly_what_play_accepts() -> None:
    game = Game.deal(CLASSIC, seed=3)
    offered = {str(mv) for mv in game.legal_moves()}
    hand = game.view(game.to_move).hand
    singles = [str(c) for c in bigtwo.parse_cards(bigtwo.format_cards(hand))]
    for text in singles:
        if text in offered:
            game.play(text)
        else:
            with pytest.raises(IllegalMoveError):
                game.play(text)


def test_rules_replace_that_makes_no_sense_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        CLASSIC.replace(players=9)
    with pytest.raises(RulesError):
        CLASSIC.replace(straight_order="no-such-order")


@pytest.mark.parametrize("written", ["3d", "3D", "3♦", "3♦ "])
def test_cards_are_read_in_any_common_notation(written: str) -> None:
    assert bigtwo.format_cards(bigtwo.parse_cards(written)) == "3D"


@pytest.mark.parametrize("written", ["10S", "TS", "10s", "T♠", "10♠"])
def test_ten_is_read_as_10_or_t_and_written_ts(written: str) -> None:
    assert bigtwo.format_cards(bigtwo.parse_cards(written)) == "TS"


@pytest.mark.parametrize(
    "call",
    [
        lambda: bigtwo.Card(200),
        lambda: bigtwo.Card(-1),
        lambda: bigtwo.Card(True),
        lambda: Game.deal(CLASSIC, seed=1).legal_moves(63),
        lambda: Game.deal(CLASSIC, seed=1).legal_moves(True),
        lambda: Game.deal(CLASSIC, seed=1).view(4),
        lambda: Game.deal(CLASSIC, seed=1).view(-2),
        lambda: Game.deal(CLASSIC, leader=99),
        lambda: Game.deal(CLASSIC, seed=float("nan")),  # type: ignore[arg-type]
        lambda: Game.deal(CLASSIC, seed=10**4000),
        lambda: Game.deal(CLASSIC, seed="7"),  # type: ignore[arg-type]
        lambda: Rules.preset("no-such-preset"),
        lambda: Rules.preset(""),
        lambda: bigtwo.parse_cards("3X"),
        lambda: bigtwo.parse_cards("\u202e3D"),
        lambda: bigtwo.load_record(""),
        lambda: bigtwo.load_record("{}"),
        lambda: bigtwo.load_record("[" * 100_000),
        lambda: bigtwo.load_record("x" * 10_000_000),
        lambda: bigtwo.make_bot("no-such-bot"),
        lambda: bigtwo.make_bot("greedy", float("inf")),  # type: ignore[arg-type]
        lambda: Game.deal(CLASSIC, seed=1).play(""),
        lambda: Game.deal(CLASSIC, seed=1).play("pass pass"),
        lambda: Game.deal(CLASSIC, seed=1).play(None),  # type: ignore[arg-type]
    ],
)
def test_a_bad_argument_is_a_bigtwo_error_that_says_what_was_wrong(call: object) -> None:
    with pytest.raises(BigTwoError) as caught:
        call()  # type: ignore[operator]
    message = str(caught.value)
    assert message and "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: bigtwo.classify("3D 3D", CLASSIC), id="classify"),
        pytest.param(lambda: bigtwo.beats("2S 2S", "3D 3C", CLASSIC), id="beats"),
    ],
)
def test_one_deck_rules_refuse_a_card_written_twice(call: object) -> None:
    with pytest.raises(BigTwoError, match="given twice, but these rules have one deck"):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    "name", ["a" * 25, "", "   ", "a\u202eb", "a\x1bb", "a\u200bb", "\ue000", "\ud800"]
)
def test_game_deal_refuses_a_name_docs_records_md_refuses(name: str) -> None:
    with pytest.raises(BigTwoError):
        Game.deal(CLASSIC, seed=1, players=[name, "Bo", "Cy", "Di"])


@pytest.mark.parametrize("name", ["😀" * 24, "日本語の名前", "Zoë", "a" * 24])
def test_a_name_of_up_to_24_code_points_is_kept_exactly_and_loads_back(name: str) -> None:
    game = Game.deal(CLASSIC, seed=1, players=[name, "Bo", "Cy", "Di"])
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    text = game.record().dumps()
    assert json.loads(text)["players"][0] == name
    assert bigtwo.load_record(text).replay() == game


def _cards_of(data: object) -> set[str]:
    text = json.dumps(data)
    return {face + star for face, star in CARD.findall(text)}


@pytest.mark.parametrize("preset", ["classic", "president", "teams", "hong-kong"])
def test_a_seat_view_and_its_json_hold_no_card_of_another_hand(preset: str) -> None:
    game = Game.deal(Rules.preset(preset), seed=5)
    for _ in range(40):
        if game.is_over:
            break
        for seat in range(game.rules.players):
            view = game.view(seat)
            assert _round_trips(view)
            assert set(bigtwo.format_cards(view.hand).split()) <= _cards_of(view.to_dict())
            played = {c for _, mv in view.history for c in _cards_named(mv)}
            own = set(bigtwo.format_cards(view.hand).split()) | set(
                bigtwo.format_cards(view.dealt).split()
            )
            others = {
                c
                for s in range(game.rules.players)
                if s != seat
                for c in bigtwo.format_cards(game.view(s).hand).split()
            }
            leaked = (_cards_of(view.to_dict()) & others) - own - played - _lead_card(view)
            assert not leaked, (preset, seat, leaked)
        spectator = game.spectator_view()
        assert spectator.seat == -1 and not spectator.hand
        everyone = {
            c
            for s in range(game.rules.players)
            for c in bigtwo.format_cards(game.view(s).hand).split()
        }
        seen = _cards_of(spectator.to_dict()) & everyone
        assert seen <= _lead_card(spectator), (preset, seen)
        game = game.play(game.legal_moves()[0])


def _round_trips(view: bigtwo.View) -> bool:
    data = view.to_dict()
    assert data["view"] == 2
    return bigtwo.View.from_dict(json.loads(json.dumps(data))) == view


def _cards_named(move: object) -> set[str]:
    return {face for face, _ in CARD.findall(str(move))}


def _lead_card(view: bigtwo.View) -> set[str]:
    """The card the first play must include is public by rule (docs/views.md)."""
    lead = getattr(view, "lead_card", None)
    return set() if lead is None else set(bigtwo.format_cards([lead]).split())


def test_a_second_decks_card_is_marked_with_a_star_in_a_view() -> None:
    game = Game.deal(Rules(players=6, decks=2), seed=2)
    hands = " ".join(game.view(s).to_dict()["hand"] for s in range(6))
    assert "*" in hands


@pytest.mark.parametrize("bad", [{}, {"view": 2}, {"view": 1, "seat": "x"}, [], "view", None])
def test_view_from_dict_refuses_anything_else_with_a_bigtwo_error(bad: object) -> None:
    with pytest.raises(BigTwoError):
        bigtwo.View.from_dict(bad)  # type: ignore[arg-type]


def test_the_encodings_documented_indices_hold() -> None:
    assert ENCODING_VERSION == 1
    assert space_size(CLASSIC) == 43_382
    view = Game.deal(CLASSIC, seed=1).view(0)
    assert [str(decode(i, CLASSIC, view)) for i in (0, 6, 7, 57)] == ["pass", "3D", "3C", "2S"]
    assert str(decode(6 + 19_898, CLASSIC, view)) == "give 3D"
    assert space_size(CLASSIC.replace(jokers="valueless")) == 46_195


SIZES = {
    "classic": 43_382, "hong-kong": 43_382, "taiwan": 43_382, "singapore": 38_222,
    "malaysia": 43_382, "indonesia": 43_382, "philippines": 43_382, "vietnam": 41_342,
    "hawaii": 43_382, "malta": 43_382, "da-lao-er": 38_274, "president": 43_382,
    "teams": 43_382, "tournament": 44_559,
}  # fmt: skip


@pytest.mark.parametrize(("preset", "size"), SIZES.items())
def test_each_presets_action_space_is_the_size_the_table_gives(preset: str, size: int) -> None:
    assert space_size(Rules.preset(preset)) == size


def test_encode_and_the_mask_agree_with_the_legal_moves() -> None:
    game = Game.deal(CLASSIC, seed=4)
    moves = game.legal_moves()
    mask = action_mask(game.view(game.to_move), moves)
    assert len(mask) == 43_382
    assert sorted(i for i, bit in enumerate(mask) if bit) == sorted(
        encode(mv, CLASSIC) for mv in moves
    )


@pytest.mark.parametrize("bad", [-1, 43_382, 10**30, True, 3.0, "6", None])
def test_decode_refuses_an_index_that_is_no_action(bad: object) -> None:
    view = Game.deal(CLASSIC, seed=1).view(0)
    with pytest.raises(BigTwoError):
        decode(bad, CLASSIC, view)  # type: ignore[arg-type]


def test_a_dynamic_space_needs_the_positions_legal_moves() -> None:
    rules = Rules(players=6, decks=2)
    assert space_size(rules) is None
    game = Game.deal(rules, seed=1)
    with pytest.raises(BigTwoError):
        encode(game.legal_moves()[0], rules)
