"""The conformance harness every front end must pass: a small driver interface over a table
(reset, who is awaited, the actions offered, submit, why_not, views) and a random-playout check.
It runs against the table itself, the RL environments, and a server room played seat by seat
through `bigtwo.client` (tests/server/test_server_conformance.py).

Every deal finishes; cards are conserved at every step; every action offered is accepted and
`why_not` agrees with `submit` on offered and unoffered actions alike; a view holds its own
hand and no other; each finished deal's record replays to the same final state.

A front end that holds the deal in play (``game()``) is checked against it; a remote one shows
only each seat's view, so there the views together are checked (hands where the counts say,
no card in two hands or both held and played) and the whole deal once it is over."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import bigtwo
from bigtwo import BigTwoError, Game, Move, Rules, View
from bigtwo.cards import cards_of
from bigtwo.engine.commitment import full_deck

REFUSALS: set[str] = set()  # the refusal codes the playouts met (a test reads them)


class Driver(Protocol):
    """What the harness needs of a front end."""

    def reset(self, rules: Rules, seed: int) -> None: ...
    def awaiting(self) -> tuple[int, ...]: ...
    def offered(self, seat: int) -> Sequence[Move]: ...
    def submit(self, seat: int, action: Move | str) -> None: ...
    def why_not(self, seat: int, action: Move | str) -> str | None: ...
    def view(self, seat: int) -> View: ...
    def game(self) -> Game | None: ...  # the deal in play, or None where only views are seen
    def finished(self) -> Sequence[Game]: ...
    def done(self) -> bool: ...


def conserved(game: Game) -> None:
    """Every card of the deck is in exactly one place: a hand, the kitty, the stock, or played
    (played cards may go back into the stock when it is reshuffled)."""
    deck = sum(1 << c for c in full_deck(game.rules))
    played = 0
    for _, move in game.history:
        if move.is_play:
            played |= move.mask
    held = 0
    for place in (*game.hands, game.kitty, sum(1 << c for c in game.stock)):
        assert not held & place, "a card is in two places"
        held |= place
    assert (held | played) == deck, "a card went missing or came from outside the deck"
    if not game.rules.reshuffle_stock:
        assert not held & played, "a played card is held again"


def hides(game: Game, view: View, seat: int) -> None:
    assert view.hand_mask == game.hands[seat]
    assert view.counts == tuple(h.bit_count() for h in game.hands)


def pieced(views: Sequence[View]) -> None:
    """What every seat's view shows, put together, is sound: each holds its own hand and as
    many cards as every view counts for it, no card is in two hands, every card is of the
    deck, and (unless played cards go back into the stock) no card held has been played."""
    rules, counts = views[0].rules, views[0].counts
    held = 0
    for seat, view in enumerate(views):
        assert view.seat == seat and view.counts == counts, "the seats' views disagree"
        assert view.hand_mask.bit_count() == counts[seat], "a hand isn't as many as counted"
        assert not held & view.hand_mask, "a card is in two hands"
        held |= view.hand_mask
    played = 0
    for _, move in views[0].history:
        if move.is_play:
            played |= move.mask
    assert not (held | played) & ~sum(1 << c for c in full_deck(rules)), "a card from outside"
    if not rules.reshuffle_stock:
        assert not held & played, "a played card is held again"


def random_actions(rng: random.Random, view: View) -> list[Move | str]:
    """Actions a careless or hostile front end might send: random card sets from the seat's
    hand, a pass, words."""
    hand = list(cards_of(view.hand_mask))
    out: list[Move | str] = ["pass", "announce", "give 3D", "2S 2S", "no"]
    for size in (1, 2, 3, 5):
        if len(hand) >= size:
            out.append(" ".join(str(c) for c in rng.sample(hand, size)))
    return out


def play_through(driver: Driver, rules: Rules, seed: int, max_steps: int = 5000) -> int:
    """Drive a session at random to its end through ``driver``; the number of actions taken."""
    rng = random.Random(seed)
    driver.reset(rules, seed)
    steps = 0
    while not driver.done():
        steps += 1
        assert steps < max_steps, "the session did not end"
        game = driver.game()
        if game is not None:
            conserved(game)
        awaiting = driver.awaiting()
        assert awaiting, "nobody is awaited while a deal is in play"
        seat = rng.choice(awaiting)
        view = driver.view(seat)
        if game is not None:
            hides(game, view, seat)
        else:
            pieced([driver.view(s) for s in range(rules.players)])
        offered = list(driver.offered(seat))
        assert offered, f"seat {seat} is awaited but offered nothing"
        for action in random_actions(rng, view) + offered[:3]:
            agree(driver, seat, action)
        other = rng.randrange(rules.players)
        for action in random_actions(rng, driver.view(other))[:3]:
            agree(driver, other, action)
        choice = rng.choice(offered)
        assert driver.why_not(seat, choice) is None, (seat, choice, driver.why_not(seat, choice))
        driver.submit(seat, choice)
    for game in driver.finished():
        assert game.is_over
        conserved(game)
        assert bigtwo.load_record(game.record().dumps()).replay() == game
    return steps


def agree(driver: Driver, seat: int, action: Move | str) -> None:
    """`why_not` and `submit` agree: a refusal says the same words, an acceptance is taken
    back by resetting nothing (so only refusals are submitted here)."""
    reason = driver.why_not(seat, action)
    if reason is None:
        return
    try:
        driver.submit(seat, action)
    except BigTwoError as exc:
        assert str(exc) == reason, (str(exc), reason)
        assert exc.code == getattr(reason, "code", "bad_input")
        REFUSALS.add(getattr(reason, "code", "?"))
    else:
        raise AssertionError(f"why_not refused {action!r} for seat {seat} but submit took it")
