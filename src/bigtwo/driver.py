"""Playing a deal with bots: each bot's own turns, and the claims bots make when it isn't their
turn (announcing a last card right after the play that leaves it, laying down four 2s).

Bots see only views; this module is the one place that hands them views and legal moves and
applies what they choose, so that the terminal game, simulations and the arena drive bots alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .bots import Bot
from .bots.side_actions import side_action
from .combos import Move
from .engine.game import Game

Observer = Callable[[Game, int, Move, Game], None]  # (before, seat, move, after)
STEP_LIMIT = 20_000  # a bound no real deal reaches; it keeps a runaway loop from hanging


def _quiet(before: Game, seat: int, move: Move, after: Game) -> None:
    pass


def bot_claim(game: Game, bots: Mapping[int, Bot]) -> tuple[int, Move] | None:
    """A claim some bot seat other than the one to move makes right now, if any."""
    for seat in game.awaiting[1:]:
        if seat not in bots:
            continue
        claims = [m for m in game.legal_moves(seat) if not (m.is_play or m.is_pass)]
        if claims:
            choice = side_action(game.view(seat), claims)
            if choice is not None:
                return seat, choice
    return None


def settle_claims(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """Apply every claim the bots make before the player to move acts."""
    while not game.is_over:
        claim = bot_claim(game, bots)
        if claim is None:
            break
        seat, move = claim
        after = game.play(move, seat=seat)
        observe(game, seat, move, after)
        game = after
    return game


def bot_turn(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """The bot to move chooses and plays."""
    seat = game.to_move
    move = bots[seat].choose(game.view(seat), game.legal_moves())
    after = game.play(move, seat=seat)
    observe(game, seat, move, after)
    return after


def play_out(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """Play the deal to its end with a bot in every seat."""
    for _ in range(STEP_LIMIT):
        game = settle_claims(game, bots, observe)
        if game.is_over:
            return game
        game = bot_turn(game, bots, observe)
    raise RuntimeError(f"the deal did not end within {STEP_LIMIT} actions: {game!r}")
