"""Robustness: random play of every preset at every legal player count (two decks for five to
eight players), and of a few rule mixes the presets don't reach, through whole sessions.

At every step, acting as any seat the game is waiting on, the invariants hold:
- each card is in exactly one place: a hand, the kitty (extra cards, ghost hand), the stock, or
  played (gone from the game);
- every view's counts, hand and stock count match the game, and no view shows a card another
  seat holds, nor the ghost hand, kitty or stock;
- the deal's record replays to the same state;
- the deal ends within a step bound (plays are preferred 70% of the time, so that deals where
  passing draws cards end).
"""

from __future__ import annotations

import random

import pytest

from bigtwo import Game, Rules, RulesError, load_record
from bigtwo.cards import cards_of
from bigtwo.engine.actions import Give
from bigtwo.rules.options import (
    Announce,
    Direction,
    DrawOnPass,
    FirstLead,
    FourTwos,
    LastPlayBan,
    Leftover,
    Mode,
)
from bigtwo.session import Session
from conftest import covers

STEP_BOUND = 3000
PLAY_BIAS = 0.7
DEALS = 8


def _cases() -> list[tuple[str, Rules, int]]:
    """(id, rules, deals) for every preset and player count, and some mixes."""
    out: list[tuple[str, Rules, int]] = []
    for name in Rules.presets():
        base = Rules.preset(name)
        for players in (2, 3, 4):
            try:
                rules = base.replace(players=players)
            except RulesError:
                continue  # e.g. teams needs four
            out.append((f"{name}-{players}p", rules, DEALS))
        for players in (5, 6, 7, 8):
            try:
                rules = base.replace(players=players, decks=2)
            except RulesError:
                continue
            out.append((f"{name}-{players}p-2decks", rules, 2))
    mixes: dict[str, Rules] = {
        "draw-one-2p": Rules(players=2, cards_each=13, draw_on_pass=DrawOnPass.ONE),
        "draw-size-reshuffle-3p": Rules(
            players=3,
            cards_each=13,
            draw_on_pass=DrawOnPass.PLAY_SIZE,
            reshuffle_stock=True,
        ),
        "draw-reshuffle-2p": Rules(
            players=2, cards_each=21, draw_on_pass=DrawOnPass.ONE, reshuffle_stock=True
        ),
        "ghost-3p": Rules(players=3, ghost_hand=True),
        "trade-shown-3p": Rules(players=3, leftover=Leftover.TRADE_SHOWN),
        "trade-hidden-3p-exchange": Rules(
            players=3, leftover=Leftover.TRADE_HIDDEN, three_player_exchange=True
        ),
        "discard-lowest-3p": Rules(players=3, leftover=Leftover.DISCARD_LOWEST),
        "lowest-diamond-3p": Rules(players=3, leftover=Leftover.LOWEST_DIAMOND),
        "two-spades-3p-loser": Rules(
            players=3, leftover=Leftover.TO_TWO_SPADES, first_lead=FirstLead.LOSER
        ),
        "president-free-choice": Rules.preset("president").replace(president_free_choice=True),
        "race-claims": Rules(
            direction=Direction.RACE,
            announce=Announce.ONE_CARD,
            weak_hand_redeal=True,
            no_faces_redeal=True,
            golden_whoopin=True,
        ),
        "alternate-winner-leads": Rules(
            direction=Direction.ALTERNATE, first_lead=FirstLead.WINNER, cut=False
        ),
        "turn-rules": Rules(
            precaution=True,
            three_threes=True,
            unbeatable_ends=True,
            last_play_ban=LastPlayBan.ANY_TWO_SPADES,
        ),
        "one-pass-no-play-after-pass": Rules(
            one_pass_ends=True, no_play_after_pass=True, last_play_ban=LastPlayBan.TWOS
        ),
        "instant-wins": Rules(
            dragon_wins=True, malta_dragun=True, four_twos=FourTwos.REDEAL, mode=Mode.UNTIL_LAST
        ),
        "teams-claims": Rules(mode=Mode.TEAMS, announce=Announce.ONE_OR_TWO),
    }
    out += [(name, rules, DEALS) for name, rules in mixes.items()]
    return out


CASES = _cases()


def _stock_mask(stock: tuple[int, ...]) -> int:
    m = 0
    for c in stock:
        m |= 1 << c
    return m


def check(game: Game) -> None:
    """Every invariant of one state."""
    rules = game.rules
    n = rules.players
    origin = game.origin
    hands = game.hands
    assert len(hands) == n
    # each card in exactly one place
    seen = 0
    for h in hands:
        assert h & seen == 0, "a card is in two hands"
        seen |= h
    assert game.kitty & seen == 0, "a hand holds a card of the kitty"
    stock = _stock_mask(game.stock)
    assert stock.bit_count() == len(game.stock), "a card is twice in the stock"
    assert stock & (seen | game.kitty) == 0, "a stock card is also held"
    held = seen | game.kitty | stock
    dealt = sum(origin.hands) | origin.kitty | _stock_mask(origin.stock)
    assert dealt.bit_count() == rules.deck_size, "the whole pack is dealt somewhere"
    assert held & ~dealt == 0, "a card came from nowhere"
    played = 0
    for _, move in game.history:
        if move.is_play:
            assert move.mask & played == 0 or rules.reshuffle_stock, "a card was played twice"
            played |= move.mask
    gone = dealt & ~held
    if rules.reshuffle_stock:
        assert gone & ~played == 0
    else:
        assert gone == played, "the cards out of play are exactly the cards played"
    if not rules.acts_out_of_turn:  # so tables ask nobody but the seat to move
        assert not any(game.legal_moves(s) for s in range(n) if s != game.to_move)
    # views
    counts = tuple(h.bit_count() for h in hands)
    traded = any(str(mv) == "trade" for _, mv in game.history)
    public = (
        rules.leftover is Leftover.TRADE_SHOWN
        or (rules.leftover is Leftover.TRADE_HIDDEN and traded)
        or (
            rules.leftover is Leftover.DISCARD_LOWEST
            and rules.cards_each is None
            and not rules.ghost_hand
        )
    )
    shown = game.kitty if public else 0  # the undealt cards everyone knows
    for seat in range(n):
        view = game.view(seat)
        assert view.counts == counts
        assert view.hand == cards_of(hands[seat])
        assert view.stock_count == len(game.stock)
        assert view.to_move == game.to_move and view.end == game.end
        others = seen & ~hands[seat]
        assert view.hand_mask & (others | game.kitty | stock) == 0
        shown_mask = sum(1 << c for c in view.shown)
        assert shown_mask == shown
        if view.table is not None:
            assert view.table.mask & held == 0 or rules.reshuffle_stock
        for actor, move in view.history:
            if isinstance(move, Give):
                continue  # see test_exchange_gift_hidden_from_other_seats
            if move.is_play and not rules.reshuffle_stock:
                assert move.mask & (seen | game.kitty | stock) == 0
            elif not move.is_play:
                assert move.mask == 0 or actor == seat


def same_state(a: Game, b: Game) -> None:
    assert a.hands == b.hands
    assert a.kitty == b.kitty and a.stock == b.stock
    assert a.to_move == b.to_move and a.end == b.end and a.winner == b.winner
    assert (a.table.mask if a.table else None) == (b.table.mask if b.table else None)
    assert a.out == b.out and a.scores == b.scores
    assert [str(m) for _, m in a.history] == [str(m) for _, m in b.history]


def replays(game: Game) -> None:
    again = load_record(game.record().dumps()).replay()
    same_state(game, again)


def step(game: Game, rng: random.Random) -> Game:
    seat = rng.choice(game.awaiting)
    moves = game.legal_moves(seat)
    assert moves, f"seat {seat} is awaited but has no move"
    plays = [m for m in moves if m.is_play]
    move = rng.choice(plays) if plays and rng.random() < PLAY_BIAS else rng.choice(moves)
    return game.play(move, seat=seat)


def play_deal(game: Game, rng: random.Random) -> Game:
    check(game)
    audit = rng.randrange(1, 60)
    for steps in range(STEP_BOUND):
        if game.is_over:
            assert game.awaiting == () and game.legal_moves() == []
            assert game.scores is not None and len(game.scores) == game.rules.players
            replays(game)
            return game
        game = step(game, rng)
        check(game)
        if steps == audit:
            replays(game)
    raise AssertionError(f"the deal did not end in {STEP_BOUND} steps")


@pytest.mark.parametrize(
    ("rules", "deals"), [(r, d) for _, r, d in CASES], ids=[c[0] for c in CASES]
)
def test_random_sessions_keep_invariants(rules: Rules, deals: int) -> None:
    rng = random.Random(f"{rules.name}|{rules.players}|{rules.decks}")
    session = Session.start(rules, seed=rng.randrange(10**6))
    finished = 0
    for _ in range(deals * 3):
        game = play_deal(session.next_deal(), rng)
        session = session.finish(game)
        finished = session.deals_played
        if finished >= deals:
            break
    assert len(session.totals) == rules.players
    assert finished == deals or session.shuffles == deals * 3, "redeals and shootouts aside"
    assert len(session.results) == finished


def test_every_preset_and_player_count_is_covered() -> None:
    ids = {c[0] for c in CASES}
    for name in Rules.presets():
        assert any(i.startswith(f"{name}-") for i in ids), name
    assert "classic-2p" in ids and "classic-3p" in ids and "classic-8p-2decks" in ids


@covers("mode.president", "fair.hidden_hands")
def test_exchange_gift_hidden_from_other_seats() -> None:
    rules = Rules.preset("president").replace(president_free_choice=True)
    session = Session.start(rules, seed=3)
    rng = random.Random(1)
    first = play_deal(session.next_deal(), rng)
    session = session.finish(first)
    _, vice, vscum, scum = first.out
    game = session.next_deal()
    gift = game.legal_moves()[0]
    game = game.play(gift)
    for seat in (vice, vscum):
        view = game.view(seat)
        revealed = 0
        for _, move in view.history:
            revealed |= move.mask
        assert revealed & game.hands[scum] == 0
