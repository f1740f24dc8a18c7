"""Views that can go anywhere (``fair.hidden_hands``): at every step of random playouts of every
preset and of a few option sets (two decks, jokers, exchanges, trades, races and bombs out of
turn), for every seat and a spectator:
- the JSON round trip ``View.from_dict(json.loads(json.dumps(view.to_dict())))`` gives an equal
  view;
- a bot given the round-tripped view chooses what it chooses given the original;
- no ``to_dict`` names a card hidden from its receiver: the JSON text names no card another
  seat holds, nor an undealt or stock card, unless the receiver saw it played, shown or given.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bigtwo import BigTwoError, Game, Rules, View, make_bot
from bigtwo.bots import Bot
from bigtwo.combos import Combination
from bigtwo.combos.moves import PASS
from bigtwo.engine.actions import Give
from bigtwo.engine.view import SPECTATOR, SessionSummary
from bigtwo.rules.options import Direction, Jokers, Leftover
from bigtwo.session import Session

STEP_BOUND = 2000
_CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:([2-9TJQKA])([DCHS])|(RJ|BJ))\*?(?![0-9A-Za-z])")
_RANKS, _SUITS = "3456789TJQKA2", "DCHS"


def _cases() -> list[tuple[str, Rules, int]]:
    """(id, rules, deals): every preset, then option sets the presets don't reach."""
    out = [(name, Rules.preset(name), 1) for name in Rules.presets()]
    classic = Rules.preset("classic")
    out += [
        ("president-free-choice", classic.replace(mode="president", president_free_choice=True), 3),
        ("two-decks-6p", classic.replace(players=6, decks=2), 1),
        ("wild-jokers", classic.replace(jokers=Jokers.WILD), 1),
        ("valueless-jokers-3p", classic.replace(players=3, jokers=Jokers.VALUELESS), 1),
        (
            "trade-hidden-3p-exchange",
            Rules(players=3, leftover=Leftover.TRADE_HIDDEN, three_player_exchange=True),
            3,
        ),
        ("race-bombs", Rules(direction=Direction.RACE, out_of_turn_bombs=True), 1),
    ]
    return out


CASES = _cases()


def _faces(text: str) -> set[int]:
    """The card faces named anywhere in ``text``."""
    out = set()
    for m in _CARD_WORD.finditer(text):
        if m.group(3):
            out.add(52 if m.group(3) == "RJ" else 53)
        else:
            out.add(_RANKS.index(m.group(1)) * 4 + _SUITS.index(m.group(2)))
    return out


def _mask_faces(mask: int) -> set[int]:
    return {c & 63 for c in range(128) if mask >> c & 1}


def _hidden_faces(game: Game, seat: int) -> set[int]:
    """Faces ``seat`` (or a spectator) may not know the place of: other hands, undealt and
    stock cards, less every face it saw (its own hand, plays, shown cards, its own gifts)."""
    shown = game.spectator_view().shown
    hidden = game.kitty | sum(1 << c for c in game.stock)
    for s, h in enumerate(game.hands):
        if s != seat:
            hidden |= h
    own = game.hands[seat] | game.origin.hands[seat] if seat >= 0 else 0  # held, or dealt
    seen = own | sum(1 << c for c in shown)
    for actor, move in game.history:
        if move.is_play:
            seen |= move.mask
        elif isinstance(move, Give) and seat >= 0:
            receiver = next(r for g, r, _, how in game.setup[1] if g == actor and how == "choose")
            if seat in (actor, receiver):
                seen |= move.mask
    return _mask_faces(hidden) - _mask_faces(seen)


def _check_views(game: Game, bots: dict[tuple[int, str], tuple[Bot, Bot]]) -> None:
    legal = game.legal_moves() if not game.is_over else []
    for seat in (*range(game.rules.players), SPECTATOR):
        view = game.view(seat) if seat >= 0 else game.spectator_view()
        assert replace(view) == view  # built unchecked, it passes the constructor's checks
        data = view.to_dict()
        text = json.dumps(data)
        again = View.from_dict(json.loads(text))
        assert again == view
        assert again.to_dict() == data
        for (_, move), (_, _, kind) in zip(view.history, data["history"], strict=True):
            assert kind == (move.kind if isinstance(move, Combination) else None)
        public = {k: v for k, v in data.items() if k != "lead_card"}  # the lead card is public
        leaked = _faces(json.dumps(public)) & _hidden_faces(game, seat)
        assert not leaked, f"seat {seat}'s view names hidden cards {sorted(leaked)}"
        if seat == game.to_move and legal:
            for kind in ("heuristic", "greedy"):
                first, second = bots[(seat, kind)]
                assert first.choose(view, legal) == second.choose(again, legal)


def _step(game: Game, rng: random.Random) -> Game:
    seat = rng.choice(game.awaiting)
    moves = game.legal_moves(seat)
    plays = [m for m in moves if m.is_play]
    move = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(moves)
    return game.play(move, seat=seat)


@pytest.mark.parametrize(("rules", "deals"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_views_round_trip_hide_and_steer_bots_alike(rules: Rules, deals: int) -> None:
    rng = random.Random(rules.name)
    session = Session.start(rules, seed=rng.randrange(10**6))
    for _ in range(deals):
        game = session.next_deal()
        bots = {
            (s, k): (make_bot(k, seed=s), make_bot(k, seed=s))
            for s in range(rules.players)
            for k in ("heuristic", "greedy")
        }
        for _ in range(STEP_BOUND):
            _check_views(game, bots)
            if game.is_over:
                break
            game = _step(game, rng)
        assert game.is_over
        session = session.finish(game)


def test_the_cases_reach_what_they_are_for() -> None:
    """Exchanges with a chosen gift, a trade, two decks, jokers, a race: each case reaches the
    state it is in the list for, so the test above checks views of it."""
    rules = dict((c[0], c[1]) for c in CASES)
    session = Session.start(rules["president-free-choice"], seed=5)
    game = session.next_deal()
    rng = random.Random(2)
    while not game.is_over:
        game = _step(game, rng)
    game = session.finish(game).next_deal()
    view = game.spectator_view()
    assert view.pending is not None and view.pending[3] == "choose"
    gift = game.legal_moves()[0]
    after = game.play(gift)
    giver, receiver, count, _ = view.pending
    outsider = next(s for s in range(4) if s not in (giver, receiver))
    assert str(after.view(outsider).history[-1][1]) == f"give {count} card{'s' * (count > 1)}"
    assert after.view(receiver).history[-1][1] == gift
    assert str(after.spectator_view().history[-1][1]).startswith(f"give {count} card")


def test_new_fields_follow_the_game() -> None:
    game = Game.deal(Rules(direction=Direction.RACE, twos_low_on_quads=True), seed=11)
    view = game.view(game.to_move)
    assert view.direction == game.direction == 0
    assert view.twos_low == game.tables.twos_low
    assert view.may_act[0] == game.to_move and view.pending is None
    assert game.spectator_view().seat == SPECTATOR and game.spectator_view().hand == ()
    trade = Game.deal(Rules(players=3, leftover=Leftover.TRADE_SHOWN), seed=4)
    assert trade.view(0).pending == (trade.to_move, -1, 0, "trade")


def test_may_act_names_no_other_seats_secret_options() -> None:
    """With bombs out of turn, ``awaiting`` may name a seat because it holds a bomb; another
    seat's view names it only if it is to move or has an announcement due."""
    rules = Rules(out_of_turn_bombs=True)
    rng = random.Random(3)
    found = 0
    for seed in range(30):
        game = Game.deal(rules, seed=seed)
        while not game.is_over:
            for seat in range(4):
                mine = game.view(seat).may_act
                assert mine[0] == game.to_move
                assert set(mine) <= set(game.awaiting)
                assert (seat in mine) == (seat in game.awaiting)
                secret = set(game.awaiting) - {game.to_move, seat}
                found += bool(secret)
                assert not secret & set(mine)
            game = _step(game, rng)
    assert found, "no seat ever had a secret out-of-turn option: the test proves nothing"


def test_session_summary_round_trips() -> None:
    game = Game.deal(seed=1)
    summary = SessionSummary(totals=(3, -1, 0, 7), deals_played=2, deals_target=8, over=False)
    view = replace(game.view(0), session=summary)
    assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    with pytest.raises(BigTwoError, match="session"):
        replace(game.view(0), session=SessionSummary(totals=(1, 2)))
    with pytest.raises(BigTwoError, match="deals_target"):
        SessionSummary(totals=(0, 0, 0, 0), deals_target=0)


def _good() -> dict[str, Any]:
    game = Game.deal(seed=2)
    game = game.play(game.legal_moves()[0])
    return game.view(1).to_dict()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"view": 3}, "version 1 or 2"),
        ({"view": True}, "version 1 or 2"),
        ({"hand": "3D ZZ"}, "hand"),
        ({"hand": "3D 3D"}, "twice"),
        ({"hand": 5}, "hand must be text"),
        ({"table": "3D 4S"}, "no combination"),
        ({"history": [[0, "jump", None]]}, "can't read 'jump'"),
        ({"history": [[0]]}, "history"),
        ({"history": [[0, "pass"]]}, "history entry"),
        ({"history": [[0, "3C", "pair"]]}, "kind for '3C'"),
        ({"history": [[0, "3C 3D", None]]}, "kind for '3C 3D'"),
        ({"history": [[0, "pass", "single"]]}, "kind for 'pass'"),
        ({"history": [[9, "pass", None]]}, "history"),
        ({"seat": -2}, "seat"),
        ({"seat": SPECTATOR}, "hand of a spectator"),
        ({"seat": SPECTATOR, "hand": "", "announce_due": True}, "announce_due of a spectator"),
        ({"seat": SPECTATOR, "hand": ""}, "dealt hand of a spectator"),
        ({"exchanges": [[0, 1, 2]]}, "exchange"),
        ({"exchanges": [[0, 9, 2, "lowest"]]}, "exchanges"),
        ({"counts": [13, 13]}, "counts"),
        ({"direction": 2}, "direction"),
        ({"twos_low": "no"}, "twos_low"),
        ({"pending": [0, 1, 2]}, "pending"),
        ({"pending": [0, 1, 2, "steal"]}, "pending"),
        ({"may_act": [0, 7]}, "may_act"),
        ({"session": {"totals": [0]}}, "session"),
        ({"rules": {"preset": "classic"}}, "rules"),
        ({"rules": "classic"}, "rules"),
        ({"commitment": "xyz"}, "commitment"),
    ],
)
def test_from_dict_refuses_bad_input_in_words(change: dict[str, Any], words: str) -> None:
    data = {**_good(), **change}
    with pytest.raises(BigTwoError, match=words):
        View.from_dict(data)


def test_a_views_history_names_each_plays_kind_and_version_1_still_reads() -> None:
    """Each entry says what its play is, as the play's event did; a version 1 view, whose
    entries had no kind, reads back to the same view."""
    game = Game.deal(seed=2)
    game = game.play(game.legal_moves()[0]).play(PASS)
    game = game.play(next(m for m in game.legal_moves() if m.is_play))
    view = game.view(1)
    data = view.to_dict()
    kinds = [kind for _, _, kind in data["history"]]
    assert kinds == [m.kind if isinstance(m, Combination) else None for _, m in view.history]
    assert "single" in kinds and None in kinds
    old = {**data, "view": 1, "history": [entry[:2] for entry in data["history"]]}
    assert View.from_dict(old) == view
    with pytest.raises(BigTwoError, match="history entry"):
        View.from_dict({**old, "history": data["history"]})


def test_from_dict_refuses_missing_and_extra_fields() -> None:
    data = _good()
    with pytest.raises(BigTwoError, match="has no hand"):
        View.from_dict({k: v for k, v in data.items() if k != "hand"})
    with pytest.raises(BigTwoError, match="should not"):
        View.from_dict({**data, "hands": []})
    with pytest.raises(BigTwoError, match="mapping"):
        View.from_dict([data])


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(sorted(_good())), value=_JSON)
def test_from_dict_reads_any_damage_to_a_view_or_refuses_it(key: str, value: object) -> None:
    data = {**_good(), key: value}
    with contextlib.suppress(BigTwoError):  # anything but a BigTwoError fails the test
        View.from_dict(data)


def test_the_leak_check_sees_a_leak() -> None:
    """The scan above would catch a view that named another seat's cards."""
    game = Game.deal(seed=6)
    other = json.dumps(game.view(1).to_dict())
    assert _faces(other) & _hidden_faces(game, 0)
    assert not _faces(json.dumps(game.spectator_view().to_dict())) - {game.opening}


def test_a_view_tells_the_exchanges_and_its_own_dealt_hand_only() -> None:
    """mode.president: the second deal begins with exchanges; each seat's view holds their
    terms and that seat's cards as dealt, a spectator's no cards."""
    rules = Rules.preset("classic").replace(mode="president")
    session = Session.start(rules, seed=3)
    first = session.next_deal()
    while not first.is_over:
        first = first.play(first.legal_moves()[0])
    game = session.finish(first).next_deal()
    assert game.setup[1] and game.spectator_view().exchanges == game.setup[1]
    for seat in range(4):
        view = game.view(seat)
        assert view.hand_mask != view_mask(view.dealt) or seat not in _parties(game)
        assert view_mask(view.dealt) == game.origin.hands[seat]
    assert game.spectator_view().dealt == ()


def view_mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def _parties(game: Game) -> set[int]:
    return {s for g, r, _, _ in game.setup[1] for s in (g, r)}
