"""Bots' decisions at a table: each bot's own turn, and what bots do when it isn't their turn
(announcing a last card right after the play that leaves it, laying down four 2s, playing a
bomb or a smack-down out of turn, answering the first play in a race for the direction).

Bots see only views; this module is the one place that hands them views and legal moves and
applies what they choose. When each is asked is the table's business (`bigtwo.table`), which
the terminal game, simulations and the arena all drive.

A bot decides its out-of-turn plays with an ``out_of_turn(view, plays) -> Move | None`` method
when it has one (None declines), else with the heuristic's judgement that every bot shares
(`bots.side_actions.out_of_turn_play`). Announcements come before any out-of-turn play, since
an announcement is due before anyone else acts. In a race (``deal.race``) the neighbour whose
turn it is answers first: the other neighbour, when it is a bot, races only if that one passes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .bots import Bot
from .bots.side_actions import out_of_turn_play, side_action
from .combos import Move
from .engine.game import Game
from .engine.seats import racer, seats_after

Observer = Callable[[Game, int, Move, Game], None]  # (before, seat, move, after)


def _quiet(before: Game, seat: int, move: Move, after: Game) -> None:
    pass


def _others(game: Game) -> list[int]:
    """The seats other than the one to move, in turn order from the next."""
    return seats_after(game.to_move, game.rules.players, game.direction)


def _racer(game: Game) -> int | None:
    """The neighbour who may answer the first play out of turn (``deal.race``), if any."""
    if game.direction != 0 or game.table is None:
        return None
    return racer(game.table_seat, game.rules.players)


def out_of_turn(bot: Bot, game: Game, seat: int, plays: Sequence[Move]) -> Move | None:
    """The play ``bot`` at ``seat`` makes out of turn now, or None to decline."""
    own = getattr(bot, "out_of_turn", None)
    view = game.view(seat)
    if callable(own):
        choice: Move | None = own(view, plays)
        return choice
    return out_of_turn_play(view, plays)


def bot_claim(game: Game, bots: Mapping[int, Bot]) -> tuple[int, Move] | None:
    """What some bot seat other than the one to move does right now, if anything: a claim
    (an announcement first of all), else an out-of-turn play."""
    if game.is_over or not game.rules.acts_out_of_turn:
        return None
    offered = {s: game.moves(s).candidates() for s in _others(game) if s in bots}
    for seat, legal in offered.items():
        claims = [m for m in legal if not (m.is_play or m.is_pass)]
        if claims:
            choice = side_action(game.view(seat), claims)
            if choice is not None:
                return seat, choice
    racer = _racer(game)
    for seat, legal in offered.items():
        if seat == racer:
            continue  # the seat to move answers first, a person too (`bot_turn` for a bot)
        plays = [m for m in legal if m.is_play]
        if plays:
            move = out_of_turn(bots[seat], game, seat, plays)
            if move is not None:
                return seat, move
    return None


def bot_turn(game: Game, bots: Mapping[int, Bot], observe: Observer = _quiet) -> Game:
    """The bot to move chooses and plays. In a race, when it passes, the other neighbour (a
    bot) may answer first instead."""
    seat = game.to_move
    move = bots[seat].choose(game.view(seat), game.moves())
    racer = _racer(game)
    if move.is_pass and racer is not None and racer != seat and racer in bots:
        plays = [m for m in game.moves(racer).candidates() if m.is_play]
        raced = out_of_turn(bots[racer], game, racer, plays) if plays else None
        if raced is not None:
            seat, move = racer, raced
    after = game.play(move, seat=seat)
    observe(game, seat, move, after)
    return after
