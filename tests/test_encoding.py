"""The action encoding (``bigtwo.encoding``, ``docs/encoding.md``): at every step of random
playouts, for every seat that may act, the mask equals the legal moves and encode/decode are
inverse; the fixed layout is pinned; the sizes in the docs are the sizes the code builds."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigtwo import BigTwoError, Game, Rules, parse_cards
from bigtwo.cards import mask_of
from bigtwo.combos import PASS, Combination
from bigtwo.encoding import (
    ENCODING_VERSION,
    FIRST_CARDS,
    SIDE_ACTIONS,
    action_mask,
    decode,
    encode,
    fixed_space,
    is_fixed,
    space_size,
)
from bigtwo.engine.actions import ANNOUNCE, KEEP, REDEAL, TRADE, WHOOPIN, Give, hidden_give
from bigtwo.rules.options import Announce, Direction, Jokers, Leftover
from bigtwo.session import Session

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = Rules.preset("classic")


def _cases() -> list[tuple[str, Rules, int]]:
    out = [(name, Rules.preset(name), 1) for name in Rules.presets()]
    out += [
        ("president-free-choice", CLASSIC.replace(mode="president", president_free_choice=True), 3),
        (
            "trade-3p-exchange",
            Rules(players=3, leftover=Leftover.TRADE_HIDDEN, three_player_exchange=True),
            3,
        ),
        ("valueless-jokers-3p", CLASSIC.replace(players=3, jokers=Jokers.VALUELESS), 1),
        (
            "claims-race",
            Rules(
                direction=Direction.RACE,
                announce=Announce.ONE_CARD,
                weak_hand_redeal=True,
                golden_whoopin=True,
            ),
            2,
        ),
        # dynamic spaces
        ("two-decks-6p", CLASSIC.replace(players=6, decks=2), 1),
        ("wild-jokers", CLASSIC.replace(jokers=Jokers.WILD), 1),
        ("smackdown", Rules(smackdown=True), 1),
    ]
    return out


CASES = _cases()


def _check_position(game: Game, seat: int) -> int:
    rules = game.rules
    legal = game.legal_moves(seat)
    view = game.view(seat)
    mask = action_mask(view, legal)
    ones = {i for i, bit in enumerate(mask) if bit}
    indices = [encode(m, rules, legal) for m in legal]
    assert len(set(indices)) == len(legal), "two legal moves share an index"
    assert ones == set(indices)
    size = space_size(rules)
    if size is not None:
        assert len(mask) == size
        assert indices == [encode(m, rules) for m in legal], "a fixed index needs no position"
    for i, move in zip(indices, legal, strict=True):
        back = decode(i, rules, view, legal)
        assert back == move and type(back) is type(move)
        if isinstance(move, Combination):
            assert back.kind == move.kind and back.key == move.key
    return len(legal)


@pytest.mark.parametrize(("rules", "deals"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_mask_is_the_legal_moves_and_indices_round_trip(rules: Rules, deals: int) -> None:
    assert sum(_check_position(game, seat) for game, seat in _positions(rules, deals))


def _positions(rules: Rules, deals: int) -> Iterator[tuple[Game, int]]:
    """Every seat that may act at every step of random deals (plays preferred to passes)."""
    rng = random.Random(rules.name)
    session = Session.start(rules, seed=rng.randrange(10**6))
    for _ in range(deals):
        game = session.next_deal()
        while not game.is_over:
            for seat in game.awaiting:
                yield game, seat
            seat = rng.choice(game.awaiting)
            moves = game.legal_moves(seat)
            plays = [m for m in moves if m.is_play]
            move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(moves)
            game = game.play(move, seat=seat)
        session = session.finish(game)


def test_the_cases_cover_gifts_trades_and_claims() -> None:
    """The playouts above offer gifts, trades and side actions, so their indices are checked."""
    seen: set[str] = set()
    for _, rules, deals in CASES[len(Rules.presets()) : -3]:
        for game, seat in _positions(rules, deals):
            seen |= {m.kind for m in game.legal_moves(seat)}
    assert {"give", "trade", "keep", "announce"} <= seen, seen


def test_the_fixed_layout_is_pinned() -> None:
    """Version 1's layout: a network trained on it keeps its meaning."""
    assert ENCODING_VERSION == 1
    assert SIDE_ACTIONS == (ANNOUNCE, REDEAL, WHOOPIN, TRADE, KEEP)
    assert [encode(a, CLASSIC) for a in (PASS, *SIDE_ACTIONS)] == [0, 1, 2, 3, 4, 5]
    assert FIRST_CARDS == 6
    space = fixed_space(CLASSIC)
    assert space.plays[:2] == (1, 2)  # 3D, then 3C
    assert encode(Give(1), CLASSIC) == space.gifts  # the first gift: 3D alone
    assert encode(Give(mask_of(parse_cards("3D 3C"))), CLASSIC) == space.gifts + 52
    assert encode(Give(mask_of(parse_cards("3D 3C 3H"))), CLASSIC) == space.gifts + 52 + 1326
    assert space_size(CLASSIC) == 6 + 19_898 + 52 + 1_326 + 22_100


def test_the_sizes_in_the_docs_are_the_sizes_built() -> None:
    text = (ROOT / "docs" / "encoding.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| ([\d,]+) \|", text, re.MULTILINE))
    assert set(rows) == set(Rules.presets())
    for name, size in rows.items():
        assert int(size.replace(",", "")) == space_size(Rules.preset(name)), name


def test_two_decks_wild_jokers_and_long_runs_are_dynamic() -> None:
    for rules in (
        CLASSIC.replace(players=6, decks=2),
        CLASSIC.replace(jokers=Jokers.WILD),
        Rules(smackdown=True),
        Rules(dragon_play=True),
    ):
        assert not is_fixed(rules) and space_size(rules) is None
        game = Game.deal(rules, seed=1)
        with pytest.raises(BigTwoError, match="legal moves"):
            encode(game.legal_moves()[0], rules)
        with pytest.raises(BigTwoError, match="no fixed action space"):
            fixed_space(rules)


_FIXED = [
    CLASSIC,
    Rules.preset("tournament"),
    Rules.preset("vietnam"),
    CLASSIC.replace(players=3, jokers=Jokers.VALUELESS),
]
_VIEWS = [Game.deal(r, seed=3).view(0) for r in _FIXED]


@settings(max_examples=400, deadline=None)
@given(which=st.integers(0, len(_FIXED) - 1), where=st.floats(0, 1, exclude_max=True))
def test_every_fixed_index_decodes_and_encodes_back(which: int, where: float) -> None:
    rules, view = _FIXED[which], _VIEWS[which]
    size = space_size(rules)
    assert size is not None
    index = int(where * size)
    try:
        move = decode(index, rules, view)
    except BigTwoError as exc:  # a set that is a play only with the 2s the other way
        assert "no combination in this deal" in str(exc)
        return
    assert encode(move, rules) == index


@settings(max_examples=200, deadline=None)
@given(cards=st.sets(st.integers(0, 51), min_size=1, max_size=3))
def test_gifts_round_trip(cards: set[int]) -> None:
    gift = Give(mask_of(cards))
    index = encode(gift, CLASSIC)
    assert fixed_space(CLASSIC).gifts <= index < (space_size(CLASSIC) or 0)
    assert decode(index, CLASSIC, _VIEWS[0]) == gift


def test_bad_input_is_refused_in_words() -> None:
    view = _VIEWS[0]
    for bad, words in [
        (lambda: encode("3D", CLASSIC), "a Move"),  # type: ignore[arg-type]
        (lambda: encode(hidden_give(2), CLASSIC), "no index"),
        (lambda: encode(Give(mask_of(parse_cards("3D 4D 5D 6D"))), CLASSIC), "gift of 4"),
        (lambda: decode(-1, CLASSIC, view), "whole number"),
        (lambda: decode(10**9, CLASSIC, view), "past the end"),
        (lambda: decode(True, CLASSIC, view), "whole number"),
        (lambda: decode(6, Rules.preset("vietnam"), view), "other rules"),
        (lambda: encode(PASS, "classic"), "a Rules"),  # type: ignore[arg-type]
        (lambda: action_mask(view, "pass"), "list of moves"),  # type: ignore[arg-type]
    ]:
        with pytest.raises(BigTwoError, match=words):
            bad()
    two = CLASSIC.replace(players=6, decks=2)
    game = Game.deal(two, seed=2)
    with pytest.raises(BigTwoError, match="past the"):
        decode(10**6, two, game.view(0), game.legal_moves(0))
    with pytest.raises(BigTwoError, match="not among"):
        encode(Give(1), two, game.legal_moves())
