"""Big Two (deuces, dai di, pusoy dos, capsa, 大老二): rules engine, bots and tools.

>>> import bigtwo
>>> bigtwo.format_cards(bigtwo.parse_cards("3d 4D 5♠ 10h TC 2S"))
'3D 4D 5S TH TC 2S'
>>> game = bigtwo.Game.deal(bigtwo.Rules.preset("classic"), seed=7)
>>> game.play(game.legal_moves()[0]).to_move != game.to_move
True
"""

from .bots import Bot, make_bot
from .cards import Card, format_cards, parse_cards
from .combos import PASS, Combination, Move, beats, classify
from .engine import Deal, Game, Record, View
from .errors import BigTwoError, IllegalMoveError, NotationError, RulesError
from .record_files import load_record, load_session_record
from .rules import (
    FirstPlay,
    FiveBeating,
    FlushOrder,
    Jokers,
    Rules,
    Scoring,
    StraightOrder,
    SuitOrder,
)

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "BigTwoError",
    "Bot",
    "Card",
    "Combination",
    "Deal",
    "FirstPlay",
    "FiveBeating",
    "FlushOrder",
    "Game",
    "IllegalMoveError",
    "Jokers",
    "Move",
    "NotationError",
    "Record",
    "Rules",
    "RulesError",
    "Scoring",
    "StraightOrder",
    "SuitOrder",
    "View",
    "beats",
    "classify",
    "format_cards",
    "load_record",
    "load_session_record",
    "make_bot",
    "parse_cards",
]
