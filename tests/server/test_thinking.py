"""A room's expert bots search in a worker process, not in the thread beside the event loop:
their moves are the same as thought anywhere, a worker that dies costs no move, and the
workers end with the hub."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator

import pytest

from bigtwo import Game, make_bot
from bigtwo.server import thinking
from bigtwo.server.protocol import Create, Host
from bigtwo.server.room import Room
from bigtwo.server.thinking import Apart


@pytest.fixture
def workers() -> Iterator[None]:
    before = set(multiprocessing.active_children())
    yield
    thinking.close()
    assert set(multiprocessing.active_children()) == before  # ended with the close


def _positions(count: int) -> list[Game]:
    """Positions of a deal played by greedy bots, a few moves apart."""
    game, bot, found = Game.deal(seed=11), make_bot("greedy", 1), []
    while not game.is_over and len(found) < count:
        found.append(game)
        for _ in range(3):
            if game.is_over:
                break
            game = game.play(bot.choose(game.view(game.to_move), game.moves()))
    return found


def _children() -> set[multiprocessing.process.BaseProcess]:
    return set(multiprocessing.active_children())


def test_an_expert_moves_as_it_would_in_this_process(workers: None) -> None:
    before = _children()
    for game in _positions(4):
        seat = game.to_move
        apart, here = Apart(make_bot("expert", 5)), make_bot("expert", 5)
        view = game.view(seat)
        assert apart.choose(view, game.moves()) == here.choose(view, game.moves())
    assert _children() - before, "no worker process thought the moves"
    assert (apart.name, apart.level) == (here.name, here.level)


def test_a_worker_that_dies_costs_no_move(workers: None) -> None:
    game = _positions(1)[0]
    view = game.view(game.to_move)
    expected = make_bot("expert", 5).choose(view, game.moves())
    bot = Apart(make_bot("expert", 5))
    before = _children()
    assert bot.choose(view, game.moves()) == expected
    for worker in _children() - before:
        worker.kill()
        worker.join(10)
    assert bot.choose(view, game.moves()) == expected  # worked out here this once
    assert bot.choose(view, game.moves()) == expected  # and by a new worker after
    assert _children() - before, "a new worker thinks the next move"


def test_a_room_seats_its_experts_apart_and_its_other_bots_here(workers: None) -> None:
    create = Create(type="create", name="Ann", seats=["expert", "hard", "learned"])
    room = Room.create("THINKROOM", create)
    room.host_action(0, Host(type="host", what="start"), now=0.0)
    assert room.table is not None
    for seated in (room, Room.from_dict(room.to_dict())):  # as opened, and as stored
        assert seated.table is not None
        kinds = {seat: type(bot) for seat, bot in seated.table.bots.items()}
        assert kinds[1] is Apart and Apart not in (kinds[2], kinds[3]), kinds
