"""Suite-wide options and the helpers tests share: reading cards, listing moves, and playing
deals out (by a fixed policy, by bots' turns alone, or with every bot decision the table
makes, for deals a table can't deal: fixed hands, an observer at every step)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import postgres
import pytest

import bigtwo
from bigtwo import Game
from bigtwo.bots import Bot
from bigtwo.cards import mask_of, parse_cards
from bigtwo.driver import Observer, bot_claim, bot_turn

STEP_LIMIT = 20_000  # no real deal takes this many actions; a runaway loop fails instead


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="deeper runs: the fuzzers try many more examples",
    )


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[postgres.Cluster]:
    """One throwaway PostgreSQL cluster for the run, started when a test first needs it;
    each user takes a fresh database on it (`postgres.Cluster.database`)."""
    reason = postgres.why_not()
    if reason is not None:
        pytest.skip(reason)
    with postgres.cluster() as running:
        yield running


def covers(*ids: str) -> pytest.MarkDecorator:
    """Name the variation IDs a test covers in its id (test names can't hold dots)."""
    return pytest.mark.parametrize((), [pytest.param(id="+".join(ids))])


def m(text: str) -> int:
    """The cards written in ``text`` as a mask."""
    return mask_of(parse_cards(text))


def moves(game: Game, seat: int | None = None) -> set[str]:
    """The legal moves of ``seat`` (the player to move by default) as text."""
    return {str(mv) for mv in game.legal_moves(seat)}


def play_all(game: Game, actions: str) -> Game:
    """Play moves separated by ``|`` in turn order."""
    for move in actions.split("|"):
        game = game.play(move.strip())
    return game


def play_out(game: Game, policy: int = 0) -> Game:
    """Play to the end, the player to move always taking their first (policy 0) or last
    (policy 1) legal play, or their first legal move when they have no play."""
    for _ in range(STEP_LIMIT):
        if game.is_over:
            return game
        options = game.legal_moves()
        plays = [mv for mv in options if mv.is_play] or options
        game = game.play(plays[0] if policy == 0 else plays[-1])
    raise AssertionError("the deal did not end")


def bots_play(rules: bigtwo.Rules, bots: Sequence[Bot], seed: int) -> Game:
    """A whole deal of bots' own turns (seat ``s`` plays ``bots[s % len(bots)]``), checking
    that every bot's choice is legal."""
    game = Game.deal(rules, seed=seed)
    for _ in range(STEP_LIMIT):
        if game.is_over:
            return game
        seat = game.to_move
        legal = game.legal_moves()
        move = bots[seat % len(bots)].choose(game.view(seat), legal)
        assert move in legal, f"{bots[seat % len(bots)].name} chose illegal {move}"
        game = game.play(move)
    raise AssertionError("the deal never ended")


def _quiet(before: Game, seat: int, move: object, after: Game) -> None:
    pass


def settle_claims(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """Apply everything the bots do out of turn before the player to move acts, as the table
    does before each turn."""
    while not game.is_over:
        claim = bot_claim(game, bots)
        if claim is None:
            break
        seat, move = claim
        after = game.play(move, seat=seat)
        observe(game, seat, move, after)
        game = after
    return game


def bots_play_out(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """Play ``game`` to its end with a bot in every seat, as a table of bots orders their
    decisions (`bigtwo.table.Table` plays dealt deals; this also plays fixed hands), telling
    ``observe`` every action."""
    for _ in range(STEP_LIMIT):
        game = settle_claims(game, bots, observe)
        if game.is_over:
            return game
        game = bot_turn(game, bots, observe)
    raise AssertionError(f"the deal did not end within {STEP_LIMIT} actions: {game!r}")


def untrained_network(rules: bigtwo.Rules, hidden: tuple[int, ...] = (32, 16), seed: int = 0):
    """A learned bot's network with random weights (no training), fitted to ``rules``' input
    size: what the tests play the learned bot with, as no test needs trained weights."""
    from bigtwo.bots.learned.network import Network

    return Network.random(rules, hidden=hidden, seed=seed)


@pytest.fixture
def untrained_weights(tmp_path: Path) -> Path:
    """A folder laid out as the package's ``weights/`` (``classic.npz``, ``tournament.npz``)
    holding untrained networks: stands in for the shipped files in tests."""
    for seed, preset in enumerate(("classic", "tournament")):
        untrained_network(bigtwo.Rules.preset(preset), seed=seed).save(tmp_path / f"{preset}.npz")
    return tmp_path


def make_package(folder: Path, name: str, modules: dict[str, str]) -> Path:
    """A Python package ``name`` in ``folder`` with these modules (name -> source)."""
    package = folder / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, source in modules.items():
        (package / f"{module}.py").write_text(source)
    return package
