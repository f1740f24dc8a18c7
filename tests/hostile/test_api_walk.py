"""Every public callable, every parameter, every bad value: the answer is a `BigTwoError` that
says what was wrong, or (where this table says the value is fine) a normal result; never any
other exception and never a silent acceptance.

The callables are found by introspection (`bigtwo.__all__` and the public methods and
constructors of the classes below), so a new method or parameter fails this test until it is
given a valid call in `VALID` and, where a bad-looking value is in fact fine, an entry in
`ACCEPTS`. Adding to either table is a decision about the public surface.
"""

from __future__ import annotations

import enum
import inspect
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import bigtwo
from bigtwo import BigTwoError, FlushOrder, Jokers, Rules
from bigtwo.bots import ExpertBot, GreedyBot, HeuristicBot, RandomBot, hint, review
from bigtwo.bots.heuristic import MediumBot
from bigtwo.engine.game import Record
from bigtwo.session import Session
from conftest import play_out


def _deep(levels: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(levels):
        out = [out]
    return out


BAD: dict[str, Any] = {
    "negative": -1,
    "huge": 10**30,
    "giant": 10**5000,  # more digits than Python will turn into text
    "float": 1.5,
    "nan": math.nan,
    "inf": math.inf,
    "bool": True,
    "none": None,
    "text": "x",
    "long_text": "x" * 1_000_000,
    "bytes": b"\x00\xff",
    "nested": [[[[]]]],
    "deep": _deep(100_000),
    "dict": {"a": 1},
    "enum": Jokers.WILD,  # FlushOrder.POKER where a Jokers is wanted
    "object": object(),
}

# Values from BAD that a parameter takes as valid, with the reason.
ACCEPTS: dict[tuple[str, str], set[str]] = {
    # a seed may be any whole number of up to 128 bits, negative too, or none (a secret shuffle)
    ("Game.deal", "seed"): {"none", "negative", "huge"},
    ("make_bot", "seed"): {"none", "negative", "huge"},
    **{
        (f"{b}.__init__", "seed"): {"none", "negative", "huge"}
        for b in ("RandomBot", "GreedyBot", "HeuristicBot", "MediumBot", "ExpertBot")
    },
    ("Session", "seed"): {"none", "negative"},  # 64 bits: each deal's seed is derived from it
    ("Session.start", "seed"): {"none", "negative"},
    # optional arguments
    ("classify", "rules"): {"none"},
    ("beats", "rules"): {"none"},
    ("Game.deal", "rules"): {"none"},
    ("Game.deal", "hands"): {"none"},
    ("Game.deal", "leader"): {"none"},
    ("Game.deal", "direction"): {"none", "negative"},  # -1: clockwise
    ("Game.from_deal", "leader"): {"none"},
    ("Game.legal_moves", "seat"): {"none"},
    ("Game.moves", "seat"): {"none"},
    ("Game.has_play", "seat"): {"none"},
    ("Game.count_moves", "seat"): {"none"},
    ("Game.moves_of_kind", "seat"): {"none"},
    ("Game.moves_beating", "seat"): {"none"},
    ("Game.is_legal", "seat"): {"none"},
    ("Game.play", "seat"): {"none"},
    ("Game.parse_move", "seat"): {"none"},
    ("Game.record", "players"): {"none"},
    ("Record.of", "players"): {"none"},
    ("Record.replay", "upto"): {"none"},
    ("Game.deal", "players"): {"none"},
    ("Session.start", "players"): {"none"},
    ("Record.verify", "kept"): {"none"},
    ("Record.audit", "kept"): {"none"},
    ("Record.states", "upto"): {"none"},
    ("Session", "next_leader"): {"none"},
    ("ExpertBot.__init__", "samples"): {"none"},
    ("ExpertBot.__init__", "budget"): {"none", "float"},  # seconds
    ("ExpertBot.analyse", "also"): {"none"},
    ("hint", "seed"): {"none", "negative", "huge"},  # as the bots take it
    ("review", "seed"): {"none", "negative", "huge"},
    ("review", "samples"): {"none"},
    ("Rules", "cards_each"): {"none"},
    ("View", "table"): {"none"},
    ("View", "lead_card"): {"none"},
    ("View", "winner"): {"none"},
    ("View", "table_seat"): {"negative"},  # -1: nobody has played yet
    ("View", "end"): {"none", "text", "long_text"},  # a label the engine writes
    ("View", "direction"): {"negative"},  # -1: clockwise
    ("View", "twos_low"): {"bool"},
    ("View", "announce_due"): {"bool"},
    ("View", "pending"): {"none"},  # no exchange or trade awaited
    ("View", "session"): {"none"},  # a deal outside a table's session
    ("Session.settlement", "stake"): {"float"},  # money per point
    # true/false options
    ("format_cards", "symbols"): {"bool"},
    ("HeuristicBot.__init__", "careful"): {"bool"},
    ("Session", "shootout"): {"bool"},
    # a Combination is labelled by whoever builds it; `Game.play` reads only its cards
    ("Combination", "kind"): {"text", "long_text"},
    **{
        ("Combination", p): {"negative", "huge", "giant"}
        for p in ("family", "key", "four_rank", "top")
    },
    # `Rules` takes bools for its yes/no options and any text as a name up to 100 characters
    ("Rules", "name"): {"text"},
}
for _field in inspect.signature(Rules).parameters.values():
    if isinstance(_field.default, bool):
        ACCEPTS[("Rules", _field.name)] = {"bool"}

# Left out of the walk, with the reason.
NOT_WALKED = {
    "Bot": "a typing Protocol: it is implemented, never constructed",
    "Deal": "its constructor is checked where a Game is made from it (Game.from_deal); the"
    " deal-commitment work owns the class",
    "Record": "its constructor takes a record's fields: records are checked when loaded",
    "BigTwoError": "exceptions take any message",
    "IllegalMoveError": "exceptions take any message",
    "NotationError": "exceptions take any message",
    "RulesError": "exceptions take any message",
    "PASS": "an object, not a callable",
    "Move": "the base class takes no arguments",
}


def _game() -> bigtwo.Game:
    game = bigtwo.Game.deal(seed=3)
    for _ in range(3):
        game = game.play(game.legal_moves()[0])
    return game


def _finished() -> bigtwo.Game:
    game = bigtwo.Game.deal(seed=4)
    game = play_out(game)
    return game


GAME, FINISHED = _game(), _finished()
VIEW = GAME.view(GAME.to_move)
RECORD = FINISHED.record()


def _session_text() -> str:
    from bigtwo.session import Session
    from bigtwo.session_record import SessionRecord

    session = Session.start(Rules(), seed=1)
    return SessionRecord.of(session.finish(FINISHED), [FINISHED]).dumps()


# receivers of the methods walked, by class name
RECEIVERS: dict[str, Callable[[], object]] = {
    "Card": lambda: bigtwo.Card(5),
    "Rules": Rules,
    "Game": lambda: GAME,
    "View": lambda: VIEW,
    "Record": lambda: RECORD,
    "Session": lambda: Session.start(Rules(), seed=1),
    "Combination": lambda: GAME.legal_moves()[0],
    "RandomBot": lambda: RandomBot(1),
    "GreedyBot": lambda: GreedyBot(1),
    "HeuristicBot": lambda: HeuristicBot(1),
    "MediumBot": lambda: MediumBot(1),
    "ExpertBot": lambda: ExpertBot(1, samples=2),
}
CHOICE = {"view": VIEW, "legal_moves": GAME.legal_moves()}

# a valid call of each walked callable: required arguments, and any the walk must not leave
# at their defaults
VALID: dict[str, dict[str, Any]] = {
    "parse_cards": {"text": "3D 4D"},
    "format_cards": {"cards": [0, 1]},
    "classify": {"cards": "3D 3S"},
    "beats": {"new": "3S", "previous": "3D"},
    "load_record": {"text": RECORD.dumps()},
    "load_session_record": {"text": _session_text()},
    "make_bot": {"name": "greedy"},
    "Card": {"card_id": 5},
    "Card.of": {"rank": 1, "suit": 2},
    "Card.from_text": {"text": "QH"},
    "Combination": {"mask": 3, "kind": "pair", "family": 1, "key": 0},
    "Rules": {},
    "Rules.preset": {"name": "classic"},
    "Rules.replace": {"players": 3},
    "Rules.from_dict": {"data": {"players": 3}},
    "Game.deal": {"seed": 1},
    "Game.from_deal": {"rules": Rules(), "origin": GAME.origin},
    "Game.legal_moves": {},
    "Game.moves": {},
    "Game.has_play": {},
    "Game.count_moves": {},
    "Game.moves_of_kind": {"kind": "single"},
    "Game.moves_beating": {"play": "3S"},
    "Game.is_legal": {"move": "pass"},
    "Game.play": {"move": "pass"},
    "Game.parse_move": {"text": "pass"},
    "Game.view": {"seat": 1},
    "View.from_dict": {"data": VIEW.to_dict()},
    "Game.record": {},
    "Game.to_dict": {},
    "Game.from_dict": {"data": GAME.to_dict()},
    "View": {name: getattr(VIEW, name) for name in inspect.signature(bigtwo.View).parameters},
    "Record.of": {"game": FINISHED},
    "Record.for_seat": {"seat": 1},
    "Record.replay": {},
    "Record.verify": {},
    "Record.audit": {},
    "Record.states": {},
    "Session": {"rules": Rules()},
    "Session.start": {"rules": Rules()},
    "Session.finish": {"game": FINISHED},
    "Session.settlement": {},
    "Session.from_dict": {"data": Session.start(Rules()).to_dict()},
    **{
        f"{b}.__init__": {}
        for b in ("RandomBot", "GreedyBot", "HeuristicBot", "MediumBot", "ExpertBot")
    },
    "ExpertBot.__init__": {"samples": 2},
    **{
        f"{b}.choose": CHOICE
        for b in ("RandomBot", "GreedyBot", "HeuristicBot", "MediumBot", "ExpertBot")
    },
    "ExpertBot.analyse": CHOICE,
    "hint": {**CHOICE, "level": "easy"},
    "review": {"game_or_record": FINISHED, "seat": 0, "samples": 2},
}
for _enum in (
    bigtwo.FirstPlay,
    bigtwo.FiveBeating,
    FlushOrder,
    Jokers,
    bigtwo.Scoring,
    bigtwo.StraightOrder,
    bigtwo.SuitOrder,
):
    VALID[_enum.__name__] = {"value": next(iter(_enum)).value}


@dataclass(frozen=True)
class Target:
    """One callable of the public surface and the parameters the walk tries."""

    label: str
    call: Callable[..., object]
    params: tuple[str, ...]


def _params(fn: Callable[..., object], skip_first: bool) -> tuple[str, ...]:
    sig = inspect.signature(fn)
    out = []
    for p in sig.parameters.values():
        if p.kind is p.VAR_POSITIONAL:
            continue
        if p.kind is p.VAR_KEYWORD:
            out.append("**")
            continue
        out.append(p.name)
    return tuple(out[1:] if skip_first and out and out[0] in ("self", "cls") else out)


def _methods(cls: type, receiver: Callable[[], object]) -> Iterator[Target]:
    for name, member in inspect.getmembers(cls):
        if name.startswith("_") or name in vars(int) or name in vars(object):
            continue
        static = inspect.getattr_static(cls, name)
        if isinstance(static, property | enum.property) or not callable(member):
            continue
        if isinstance(static, classmethod | staticmethod):
            yield Target(f"{cls.__name__}.{name}", member, _params(member, False))
        else:
            bound = getattr(receiver(), name)
            yield Target(f"{cls.__name__}.{name}", bound, _params(bound, False))


def surface() -> list[Target]:
    """Every callable the walk covers."""
    out: list[Target] = []
    for name in bigtwo.__all__:
        if name in NOT_WALKED:
            continue
        obj = getattr(bigtwo, name)
        if isinstance(obj, type) and issubclass(obj, enum.Enum):
            out.append(Target(name, obj, ("value",)))
        elif isinstance(obj, type):
            out.append(Target(name, obj, _params(obj, False)))
        else:
            out.append(Target(name, obj, _params(obj, False)))
    classes: list[type] = [
        bigtwo.Card,
        Rules,
        bigtwo.Game,
        bigtwo.View,
        Record,
        Session,
        bigtwo.Combination,
    ]
    bots: list[type] = [RandomBot, GreedyBot, HeuristicBot, MediumBot, ExpertBot]
    for cls in classes:
        out.extend(_methods(cls, RECEIVERS[cls.__name__]))
    out.append(Target("Session", Session, _params(Session, False)))
    for cls in bots:
        out.append(Target(f"{cls.__name__}.__init__", cls, _params(cls, False)))
        out.extend(_methods(cls, RECEIVERS[cls.__name__]))
    for fn in (hint, review):  # the bots' advice to people
        out.append(Target(fn.__name__, fn, _params(fn, False)))
    return out


SURFACE = surface()
for _t in SURFACE:
    if not _t.params:  # nothing to walk: the call itself must work (or refuse in words)
        VALID.setdefault(_t.label, {})
# constructors that refuse every call: the class is made another way
REFUSES_ALWAYS = {"Game": "a Game is made by Game.deal or Game.from_deal"}


def _bad_for(label: str, param: str, bad: str) -> Any:
    value = BAD[bad]
    if bad == "enum" and label in ("Jokers", "Rules") and param in ("value", "jokers"):
        return FlushOrder.POKER
    return value


def _call(target: Target, param: str, value: Any) -> object:
    args = dict(VALID[target.label])
    if param == "**":
        args = {"players": value}
    else:
        args[param] = value
    return target.call(**args)


def test_every_public_callable_has_a_valid_call() -> None:
    missing = sorted(t.label for t in SURFACE if t.label not in VALID)
    assert not missing, f"give these a valid call in VALID (and decide what they accept): {missing}"
    assert len(SURFACE) >= 50


CASES = [
    pytest.param(t, p, b, id=f"{t.label}-{p}-{b}") for t in SURFACE for p in t.params for b in BAD
]


@pytest.mark.parametrize("target,param,bad", CASES)
def test_a_bad_argument_is_refused_in_words(target: Target, param: str, bad: str) -> None:
    value = _bad_for(target.label, param, bad)
    accepted = bad in ACCEPTS.get((target.label, param), set())
    try:
        _call(target, param, value)
    except BigTwoError as exc:
        assert str(exc).strip(), "a refusal must say what was wrong"
        assert len(str(exc)) < 600, "a refusal is a sentence, not a dump of the input"
        return
    assert accepted, f"{target.label}({param}={bad}) was accepted silently"


@pytest.mark.parametrize("target", [t for t in SURFACE if t.label in VALID], ids=lambda t: t.label)
def test_the_valid_call_works(target: Target) -> None:
    """The table's valid calls are valid, so a refusal above is about the bad value."""
    if target.label in REFUSES_ALWAYS:
        with pytest.raises(BigTwoError, match=r"Game\.deal"):
            target.call(**VALID[target.label])
        return
    target.call(**VALID[target.label])


def test_the_examples_of_the_issue_are_refused() -> None:
    with pytest.raises(BigTwoError, match="not a card id"):
        bigtwo.Card(200)
    with pytest.raises(BigTwoError, match="not a card id"):
        bigtwo.format_cards([10**30])
    with pytest.raises(BigTwoError, match="leader must be a whole number from 0 to 3"):
        bigtwo.Game.deal(seed=1, leader=99)
    with pytest.raises(BigTwoError, match="seat must be a whole number from 0 to 3, not 63"):
        bigtwo.Game.deal(seed=1).legal_moves(63)
