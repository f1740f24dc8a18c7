"""The shape of a view as the protocol sends it (`bigtwo.View.to_dict`, ``docs/views.md``), for
the published JSON Schema and the page's TypeScript declarations. Only read for the schema:
the server sends what ``to_dict`` writes without checking it again (a test checks ``to_dict``
against this shape for every preset). Every key is always there; ``extra="forbid"`` makes the
schema say no other key is, so a key ``to_dict`` gains fails that test until it is declared.

The rule options are made from `Rules`' own fields, so a new option needs no change here."""

from __future__ import annotations

import typing
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from pydantic import ConfigDict, with_config

# typing_extensions' TypedDict: pydantic reads its fields on Python < 3.12
from typing_extensions import TypedDict

from ..engine.view import EXCHANGE_WAYS, VIEW_VERSION
from ..rules.config import Rules

_CLOSED = ConfigDict(extra="forbid")

if TYPE_CHECKING:
    Version: TypeAlias = int
    Way: TypeAlias = str
else:  # the engine's own words, so the schema follows them
    Version, Way = Literal[VIEW_VERSION], Literal[EXCHANGE_WAYS]
# an exchange or trade: [giver, receiver (-1: the leftover trade), count, how]
Exchange = tuple[int, int, int, Way]
# a history entry: [seat, move as text, a play's combination kind or null]
HistoryEntry = tuple[int, str, str | None]


def _option(kind: Any) -> Any:
    """An option's type as `Rules.to_dict` writes it: a choice as one of its words, a tuple as
    a list."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        return Literal[tuple(m.value for m in kind)]
    if typing.get_origin(kind) is tuple:
        return list[typing.get_args(kind)[0]]  # type: ignore[misc]
    return kind


def _rule_options() -> Any:
    hints = typing.get_type_hints(Rules)
    shape = {"preset": str} | {f.name: _option(hints[f.name]) for f in fields(Rules)}
    made = TypedDict("RuleOptions", shape)  # type: ignore[misc]  # made from the fields
    made.__doc__ = "The deal's rules as records write them: every option, and the preset's name."
    return with_config(_CLOSED)(made)


if TYPE_CHECKING:
    RuleOptions = dict[str, Any]
else:
    RuleOptions = _rule_options()


@with_config(_CLOSED)
class SessionData(TypedDict):
    """Where the session stands: every seat's total, the deals played, the deal count or
    target score played to (null: neither), whether it is over."""

    totals: list[int]
    deals_played: int
    deals_target: int | None
    target_score: int | None
    over: bool


@with_config(_CLOSED)
class ViewData(TypedDict):
    """One seat's view, or a spectator's (``seat`` -1, ``hand`` and ``dealt`` empty), as
    ``docs/views.md`` tells it: cards as text (a second deck's card marked ``*``), moves as
    text, each history entry ``[seat, move, kind]`` (``kind`` a play's combination kind,
    null for any other move)."""

    view: Version  # the layout's version
    seat: int
    rules: RuleOptions
    hand: str
    counts: list[int]
    to_move: int
    table: str | None
    table_seat: int
    passed: list[int]
    history: list[HistoryEntry]
    lead_card: str | None
    winner: int | None
    commitment: str
    out: list[int]
    stock_count: int
    shown: str
    end: str | None
    direction: Literal[1, -1, 0]
    twos_low: bool
    announce_due: bool
    pending: Exchange | None
    may_act: list[int]
    exchanges: list[Exchange]
    dealt: str
    session: SessionData | None
