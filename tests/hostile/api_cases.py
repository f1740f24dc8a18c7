"""Hostile calls of the Python API, each with the words its refusal must contain."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import bigtwo
from bigtwo import Card, Combination, Game, Jokers, Rules, SuitOrder
from bigtwo.bots import ExpertBot, HeuristicBot, RandomBot
from bigtwo.session import Session
from conftest import play_out


@dataclass(frozen=True)
class Api:
    """``call()`` must raise a `BigTwoError` whose message contains ``refusal``."""

    category: str
    id: str
    call: Callable[[], object]
    refusal: str


def _game() -> Game:
    return Game.deal(seed=1)


def _over() -> Game:
    game = Game.deal(seed=2)
    game = play_out(game)
    return game


def _view() -> bigtwo.View:
    return _game().view(0)


CASES = [
    # -- cards: ids, lists and text -------------------------------------------------------
    Api("cards", "id-200", lambda: Card(200), "200 is not a card id"),
    Api("cards", "id-54", lambda: Card(54), "54 is not a card id"),
    Api("cards", "id-negative", lambda: Card(-1), "-1 is not a card id"),
    Api("cards", "id-bool", lambda: Card(True), "True is not a card id"),
    Api("cards", "id-float", lambda: Card(3.0), "3.0 is not a card id"),  # type: ignore[arg-type]
    Api("cards", "id-text", lambda: Card("3D"), "'3D' is not a card id"),  # type: ignore[arg-type]
    Api("cards", "of-rank", lambda: Card.of(13, 0), "rank must be a whole number from 0 to 12"),
    Api("cards", "of-suit", lambda: Card.of(0, 4), "suit must be a whole number from 0 to 3"),
    Api("cards", "of-copy", lambda: Card.of(0, 0, 2), "copy must be a whole number from 0 to 1"),
    Api("cards", "format-huge", lambda: bigtwo.format_cards([10**30]), "of 31 digits"),
    Api("cards", "format-giant", lambda: bigtwo.format_cards([10**5000]), "of 5001 digits"),
    Api("cards", "format-nan", lambda: bigtwo.format_cards([math.nan]), "nan is not a card id"),
    Api("cards", "format-bytes", lambda: bigtwo.format_cards(b"3D"), "not bytes"),  # type: ignore[arg-type]
    Api("cards", "format-int", lambda: bigtwo.format_cards(5), "not 5"),  # type: ignore[arg-type]
    Api("cards", "format-too-many", lambda: bigtwo.format_cards([0] * 10**6), "more than 108"),
    Api(
        "cards",
        "format-endless",
        lambda: bigtwo.format_cards(itertools.repeat(0)),
        "more than 108 cards",
    ),
    Api("cards", "format-symbols", lambda: bigtwo.format_cards("3D", symbols=1), "symbols"),  # type: ignore[arg-type]
    Api("cards", "parse-none", lambda: bigtwo.parse_cards(None), "not None"),  # type: ignore[arg-type]
    Api("cards", "parse-bytes", lambda: bigtwo.parse_cards(b"3D"), "not bytes"),  # type: ignore[arg-type]
    Api("cards", "parse-megabyte", lambda: bigtwo.parse_cards("Z" * 10**6), "'ZZZZ"),
    Api("cards", "parse-kelvin", lambda: bigtwo.parse_cards("\u212a" + "S"), "can't read"),
    Api("cards", "parse-long-s", lambda: bigtwo.parse_cards("K\u017f"), "can't read"),
    Api("cards", "parse-fullwidth", lambda: bigtwo.parse_cards("３D"), "can't read"),
    Api("cards", "parse-thrice", lambda: bigtwo.parse_cards("3D 3D 3D"), "more than twice"),
    Api("cards", "from-text-two", lambda: Card.from_text("3D 4D"), "is not one card"),
    # -- combinations ---------------------------------------------------------------------
    Api(
        "combos",
        "classify-endless",
        lambda: bigtwo.classify(itertools.count()),
        "54 is not a card id",
    ),
    Api("combos", "classify-twice", lambda: bigtwo.classify([0, 0]), "given twice"),
    Api("combos", "classify-rules-text", lambda: bigtwo.classify("3D", "classic"), "a Rules"),  # type: ignore[arg-type]
    Api("combos", "beats-nested", lambda: bigtwo.beats([[0]], "3D"), "not a card id"),  # type: ignore[list-item]
    Api("combos", "beats-none", lambda: bigtwo.beats(None, "3D"), "not None"),  # type: ignore[arg-type]
    Api("combos", "combination-text-mask", lambda: Combination("3", "pair", 1, 0), "bitmask"),  # type: ignore[arg-type]
    Api("combos", "combination-bad-bits", lambda: Combination(1 << 60, "single", 0, 0), "bitmask"),
    Api("combos", "combination-negative", lambda: Combination(-1, "single", 0, 0), "bitmask"),
    # -- rules ----------------------------------------------------------------------------
    Api("rules", "players-huge", lambda: Rules(players=10**5000), "of 5001 digits"),
    Api("rules", "players-nan", lambda: Rules(players=math.nan), "players must be a whole"),  # type: ignore[arg-type]
    Api("rules", "players-bool", lambda: Rules(players=True), "players must be a whole"),
    Api("rules", "decks-float", lambda: Rules(decks=2.0), "decks must be a whole"),  # type: ignore[arg-type]
    Api("rules", "wrong-enum", lambda: Rules(suit_order=Jokers.NONE), "can't be Jokers.NONE"),  # type: ignore[arg-type]
    Api("rules", "enum-call", lambda: SuitOrder(Jokers.NONE), "not a choice here"),
    Api("rules", "enum-giant", lambda: Jokers(10**5000), "not a choice here"),
    Api("rules", "lengths-nested", lambda: Rules(straight_lengths=[[5]]), "straight_lengths"),  # type: ignore[arg-type]
    Api("rules", "name-megabyte", lambda: Rules(name="x" * 10**6), "at most 100"),
    Api("rules", "preset-escape", lambda: Rules.preset("\x1b[2J"), "'\\x1b[2J'"),
    Api("rules", "preset-bytes", lambda: Rules.preset(b"classic"), "named by text"),  # type: ignore[arg-type]
    Api("rules", "from-dict-list", lambda: Rules.from_dict([1]), "mapping"),  # type: ignore[arg-type]
    Api("rules", "replace-unknown", lambda: Rules().replace(nope=1), "unknown rule option"),
    # -- games ----------------------------------------------------------------------------
    Api("game", "leader-99", lambda: Game.deal(seed=1, leader=99), "leader must be"),
    Api("game", "dealer-negative", lambda: Game.deal(seed=1, dealer=-1), "dealer must be"),
    Api("game", "direction-2", lambda: Game.deal(seed=1, direction=2), "direction must be"),
    Api("game", "seed-float", lambda: Game.deal(seed=1.5), "seed must be a whole"),  # type: ignore[arg-type]
    Api("game", "seed-giant", lambda: Game.deal(seed=10**5000), "of 5001 digits"),
    Api("game", "rules-text", lambda: Game.deal("classic"), "a Rules"),  # type: ignore[arg-type]
    Api("game", "hands-int", lambda: Game.deal(hands=5), "hands must be"),  # type: ignore[arg-type]
    Api("game", "hands-three", lambda: Game.deal(hands=["3D", "4D", "5D"]), "3 hands given"),
    Api("game", "hand-id-200", lambda: Game.deal(hands=[[200], [1], [2], [3]]), "200"),
    Api(
        "game",
        "exchange-count",
        lambda: Game.deal(seed=1, exchanges=[(0, 1, 13, "choose")]),
        "the cards exchanged must be",
    ),
    Api(
        "game",
        "exchange-self",
        lambda: Game.deal(seed=1, exchanges=[(0, 0, 1, "lowest")]),
        "can't give cards to itself",
    ),
    Api(
        "game",
        "exchange-how",
        lambda: Game.deal(seed=1, exchanges=[(0, 1, 1, "all")]),
        "an exchange gives",
    ),
    Api("game", "from-deal-not-deal", lambda: Game.from_deal(Rules(), "deal"), "must be a Deal"),  # type: ignore[arg-type]
    Api("game", "construct", lambda: Game(), "Game.deal"),
    Api("game", "legal-moves-63", lambda: _game().legal_moves(63), "not 63"),
    Api("game", "legal-moves-bool", lambda: _game().legal_moves(True), "not True"),
    Api("game", "play-seat-float", lambda: _game().play("3D", seat=0.0), "not 0.0"),  # type: ignore[arg-type]
    Api("game", "play-none", lambda: _game().play(None), "a move is"),  # type: ignore[arg-type]
    Api("game", "play-megabyte", lambda: _game().play("3D " * 400_000), "at most 1000"),
    Api(
        "game",
        "play-foreign-bits",
        lambda: _game().play(Combination(1, "single", 0, 0), seat=1),
        "you don't hold",
    ),
    Api("game", "parse-move-bytes", lambda: _game().parse_move(b"pass"), "must be text"),  # type: ignore[arg-type]
    Api("game", "view-text", lambda: _game().view("0"), "not '0'"),  # type: ignore[arg-type]
    Api("game", "record-names", lambda: _game().record(["a", "b"]), "2 names given"),
    Api(
        "game", "record-long-name", lambda: _game().record(["x" * 25, "b", "c", "d"]), "at most 24"
    ),
    Api("game", "over", lambda: _over().play("pass"), "the deal is over"),
    # -- views, records and sessions ------------------------------------------------------
    Api("view", "seat-99", lambda: bigtwo.View(**{**_view().__dict__, "seat": 99}), "seat"),
    Api("view", "hand-ints", lambda: bigtwo.View(**{**_view().__dict__, "hand": (0, 1)}), "hand"),
    Api(
        "view",
        "commitment",
        lambda: bigtwo.View(**{**_view().__dict__, "commitment": "x"}),
        "commitment",
    ),
    Api("record", "for-seat-9", lambda: _over().record().for_seat(9), "not 9"),
    Api("record", "replay-upto-negative", lambda: _over().record().replay(-1), "upto"),
    Api(
        "names", "escape", lambda: Game.deal(seed=1, players=["a\x1b[2J", "b", "c", "d"]), "U+001B"
    ),
    Api("names", "bidi", lambda: Game.deal(seed=1, players=["a", "\u202eb", "c", "d"]), "U+202E"),
    Api(
        "names",
        "zero-width",
        lambda: Session.start(Rules(), players=["a", "b\u200b", "c", "d"]),
        "U+200B",
    ),
    Api("record", "load-bytes", lambda: bigtwo.load_record(b"{}"), 'no "format"'),
    Api("record", "load-number", lambda: bigtwo.load_record(5), "is text, not int"),  # type: ignore[arg-type]
    Api("session", "totals-short", lambda: Session(Rules(), totals=(1,)), "totals must be 4"),
    Api("session", "seed-huge", lambda: Session.start(Rules(), seed=2**80), "64 bits"),
    Api("session", "stake-nan", lambda: Session.start(Rules()).settlement(math.nan), "stake"),
    Api("session", "finish-none", lambda: Session.start(Rules()).finish(None), "a Game"),  # type: ignore[arg-type]
    Api(
        "session", "finish-unfinished", lambda: Session.start(Rules()).finish(_game()), "isn't over"
    ),
    # -- bots -----------------------------------------------------------------------------
    Api("bots", "make-none", lambda: bigtwo.make_bot(None), "must be text"),  # type: ignore[arg-type]
    Api("bots", "make-seed-text", lambda: bigtwo.make_bot("greedy", "1"), "seed must be"),  # type: ignore[arg-type]
    Api("bots", "make-long", lambda: bigtwo.make_bot("x" * 10**6), "at most 100"),
    Api("bots", "choose-empty", lambda: RandomBot(1).choose(_view(), []), "non-empty list"),
    Api("bots", "choose-no-view", lambda: HeuristicBot().choose(None, [bigtwo.PASS]), "View"),  # type: ignore[arg-type]
    Api("bots", "expert-budget-nan", lambda: ExpertBot(budget=math.nan), "budget"),
    Api("bots", "expert-samples-huge", lambda: ExpertBot(samples=10**9), "samples must be"),
]
