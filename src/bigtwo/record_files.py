"""Reading records from outside (a file, a paste, a network message): the one edge where their
text is checked, against one schema, before any of it reaches the engine.

Size caps first, then strict JSON (no duplicate keys, no NaN or Infinity, no nesting deeper than
the format needs, no numbers of thousands of digits), then the schema: every field of the right
type and within its bounds, cards and actions in canonical ASCII notation only (a look-alike
character such as the Kelvin sign is refused, not read as a K), no control characters or lone
surrogates in names. Whatever passes is built into typed values, so the engine can trust them.

>>> from bigtwo import Game
>>> g = Game.deal(seed=3)
>>> load_record(g.record().dumps()).replay() == g
True
>>> load_record('{"format": "bigtwo-record", "version": 2, "version": 2}')
Traceback (most recent call last):
...
bigtwo.errors.BigTwoError: not a game record: the key "version" appears twice
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.functional_validators import AfterValidator

from .cards import parse_cards
from .checks import Player, player
from .engine.game import Record
from .engine.record import FORMAT, VERSION, parse_action
from .errors import BigTwoError, RulesError
from .rules.config import Rules
from .session_record import FORMAT as SESSION_FORMAT
from .session_record import VERSION as SESSION_VERSION
from .session_record import SessionRecord

MAX_RECORD_BYTES = 1 << 20  # a deal's record is a few kilobytes; a megabyte is generous
MAX_SESSION_BYTES = 32 << 20  # up to MAX_DEALS deals
MAX_DEALS = 2000
MAX_ACTIONS = 5000  # a deal's actions: a long two-deck game with draws has a few hundred
MAX_SEATS = 8
MAX_DEPTH = 8  # the format nests objects and lists four deep

_CARD = r"(?:[2-9TJQKA][DCHS]|BJ|RJ)"
_CARDS = rf"(?:{_CARD}(?: {_CARD})*)"
_WORDS = "pass|announce|redeal|whoopin|trade|keep"
_ACTION = rf"^p[0-7] (?:{_WORDS}|give {_CARDS}|{_CARDS})$"


def _player(value: object) -> Player:
    """The one check of whoever sits in a seat (`checks.player`: a name, or a bot by its
    level), which `Game.deal` makes too."""
    try:
        return player(value, "the name")
    except BigTwoError as exc:
        raise ValueError(str(exc)) from None


Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Count = Annotated[int, Field(ge=0, le=108)]
Score = Annotated[int, Field(ge=-100_000, le=100_000)]
Sitter = Annotated[Any, AfterValidator(_player)]  # a name, or {"bot": LEVEL}
Cards = Annotated[str, Field(max_length=400, pattern=rf"^(?:{_CARDS})?$")]
OneCard = Annotated[str, Field(pattern=rf"^{_CARD}$")]
Digest = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
Salt = Annotated[str, Field(pattern=r"^[0-9a-f]{1,64}$")]
Action = Annotated[str, Field(max_length=400, pattern=_ACTION)]
Option = bool | int | str | None | list[int]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False, frozen=True)


M = TypeVar("M", bound=_Strict)
Exchange = tuple[
    Seat, Seat, Annotated[int, Field(ge=1, le=13)], Literal["lowest", "highest", "choose"]
]


class _Deal(_Strict):
    dealer: Seat = 0
    direction: Literal[1, -1] = 1
    counts: Annotated[list[Count], Field(min_length=2, max_length=MAX_SEATS)]
    hands: Annotated[list[Cards], Field(max_length=MAX_SEATS)] | None = None
    exposed: OneCard | None = None
    leader: Seat | None = None
    exchanges: Annotated[list[Exchange], Field(max_length=8)] = []
    shuffle: Literal["seeded", "secret"] | None = None
    seed: Annotated[int, Field(ge=-(2**63), lt=2**63)] | None = None
    commitment: Digest | None = None
    previous: Digest | None = None
    deck: Cards = ""
    salt: Salt | None = None


class _Result(_Strict):
    end: Annotated[str, Field(max_length=40, pattern=r"^[a-z_]+$")] | None
    winner: Seat | None
    scores: Annotated[list[Score], Field(max_length=MAX_SEATS)]


class _Record(_Strict):
    format: Literal["bigtwo-record"]
    version: Literal[1, 2]
    rules: Annotated[dict[Annotated[str, Field(max_length=40)], Option], Field(max_length=120)]
    players: Annotated[list[Sitter], Field(min_length=2, max_length=MAX_SEATS)]
    deal: _Deal
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)]
    result: _Result | None
    viewer: Seat | None = None


class _Session(_Strict):
    format: Literal["bigtwo-session"]
    version: Literal[1]
    rules: Annotated[dict[Annotated[str, Field(max_length=40)], Option], Field(max_length=120)]
    players: Annotated[list[Sitter], Field(min_length=2, max_length=MAX_SEATS)]
    dealer: Seat
    seed: Annotated[int, Field(ge=-(2**63), lt=2**63)] | None
    deals: Annotated[list[_Record], Field(max_length=MAX_DEALS)]
    totals: Annotated[list[Annotated[int, Field(ge=-(10**9), le=10**9)]], Field(max_length=8)]
    settlement: Annotated[
        list[tuple[Seat, Seat, Annotated[float, Field(ge=0, le=1e12)]]], Field(max_length=28)
    ]


def load_record(text: str | bytes) -> Record:
    """Read a deal's record (as `Record.dumps` writes it); `BigTwoError` says what is wrong."""
    data, text = _strict_json(text, MAX_RECORD_BYTES, "game record")
    _expect(data, FORMAT, (1, VERSION), "game record")
    return _record(_validate(_Record, text, "game record"))


def load_session_record(text: str | bytes) -> SessionRecord:
    """Read a session's record (as `SessionRecord.dumps` writes it)."""
    data, text = _strict_json(text, MAX_SESSION_BYTES, "session record")
    _expect(data, SESSION_FORMAT, (SESSION_VERSION,), "session record")
    model = _validate(_Session, text, "session record")
    rules = _rules(model.rules, "session record")
    n = rules.players
    if len(model.players) != n or model.dealer >= n or len(model.totals) != n:
        raise BigTwoError(
            f"session record should name {n} players and give {n} totals", reason="seats", players=n
        )
    return SessionRecord(
        rules=rules,
        players=tuple(model.players),
        dealer=model.dealer,
        seed=model.seed,
        deals=tuple(_record(d) for d in model.deals),
        totals=tuple(model.totals),
        settlement=tuple((a, b, c) for a, b, c in model.settlement),
    )


def is_session_record(text: str | bytes) -> bool:
    """Does ``text`` claim to be a session's record (rather than a deal's)?"""
    head = text[:200] if isinstance(text, str) else text[:200].decode("utf-8", "replace")
    return f'"{SESSION_FORMAT}"' in head


# -- the steps --------------------------------------------------------------------------------
def _strict_json(text: str | bytes, cap: int, what: str) -> tuple[Any, str]:
    """The JSON value of ``text`` (and the text), refused beyond what a record can be."""
    if not isinstance(text, str | bytes):
        raise BigTwoError(f"a {what} is text, not {type(text).__name__}", reason="not_text")
    if len(text) > cap:
        raise BigTwoError(
            f"not a {what}: {len(text):,} bytes is more than the {cap:,} allowed",
            reason="too_big",
            length=len(text),
            limit=cap,
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BigTwoError(
                f"not a {what}: the file is not UTF-8 text", reason="not_utf8"
            ) from None
    if not text.strip():
        raise BigTwoError(f"not a {what}: it is empty", reason="empty")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BigTwoError(
            f"not a {what}: bad JSON at line {exc.lineno} ({exc.msg})",
            reason="json",
            line=exc.lineno,
        ) from None
    except RecursionError:
        raise BigTwoError(f"not a {what}: it nests far too deep", reason="too_deep") from None
    except ValueError as exc:  # a duplicate key, NaN, or a number of thousands of digits
        raise BigTwoError(f"not a {what}: {exc}", reason="json_value") from None
    if _depth(data) > MAX_DEPTH:
        raise BigTwoError(f"not a {what}: it nests deeper than the format does", reason="too_deep")
    return data, text


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f'the key "{key[:40]}" appears twice')
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record can hold")


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    children = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    )
    return max((_depth(c, level + 1) for c in children), default=level)


def _expect(data: Any, fmt: str, versions: tuple[int, ...], what: str) -> None:
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise BigTwoError(f'not a {what} (no "format": "{fmt}")', reason="format", format=fmt)
    if "version" not in data:  # said as any other missing field, not as a version "None"
        raise BigTwoError(f'{what} has no "version"', reason="missing", field="version")
    version = data["version"]
    if isinstance(version, bool) or version not in versions:
        shown = repr(version)[:20]
        raise BigTwoError(
            f"{what} version {shown} is not supported ({' or '.join(map(str, versions))})",
            reason="version",
            version=shown,
            versions=", ".join(map(str, versions)),
        )


def _validate(model: type[M], text: str, what: str) -> M:
    """The schema's check, on the text itself (JSON arrays are the format's tuples)."""
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the top level"
        if first["type"] == "missing":
            raise BigTwoError(f'{what} has no "{where}"', reason="missing", field=where) from None
        if first["type"] == "extra_forbidden":
            raise BigTwoError(
                f'{what} has a field it should not: "{where[:60]}"',
                reason="extra",
                field=where[:60],
            ) from None
        reason = str(first.get("msg", "is bad"))[:200].replace("\n", " ")
        reason = reason.removeprefix("Value error, ")  # a check of ours says it in words
        raise BigTwoError(f"{what} field {where}: {reason}", reason="field", field=where) from None


def _rules(options: dict[str, Any], what: str) -> Rules:
    values = dict(options)
    name = values.pop("preset", "custom")
    if not isinstance(name, str):
        raise BigTwoError(f"{what}: the preset is named by text", reason="rules")
    try:
        return Rules.from_dict({**values, "name": name})
    except RulesError as exc:
        raise BigTwoError(f"{what}: {exc}", reason="rules") from None


def _record(model: _Record) -> Record:
    rules = _rules(model.rules, "game record")
    n = rules.players
    deal = model.deal
    if len(model.players) != n or len(deal.counts) != n:
        raise BigTwoError(
            f"game record should name {n} players and give {n} card counts",
            reason="seats",
            players=n,
        )
    if deal.hands is not None and len(deal.hands) != n:
        raise BigTwoError(f"game record should give {n} hands", reason="seats", players=n)
    seats = [deal.dealer, deal.leader or 0, model.viewer or 0]
    seats += [s for x in deal.exchanges for s in x[:2]]
    seats += [parse_action(a, MAX_SEATS)[0] for a in model.actions]
    if model.result is not None:
        seats.append(model.result.winner or 0)
        if len(model.result.scores) != n:
            raise BigTwoError(
                f"game record's result should give {n} scores", reason="seats", players=n
            )
    if max(seats) >= n:
        raise BigTwoError(
            f"game record names seat {max(seats)}; there are {n} seats",
            reason="no_seat",
            seat=max(seats),
            players=n,
        )
    shuffle = deal.shuffle or ("seeded" if deal.seed is not None else "secret")
    return Record(
        rules=rules,
        players=tuple(model.players),
        hands=tuple(deal.hands) if deal.hands is not None else None,
        counts=tuple(deal.counts),
        actions=tuple(model.actions),
        commitment=deal.commitment or "",
        seed=deal.seed,
        deck=deal.deck,
        salt=deal.salt or "",
        dealer=deal.dealer,
        direction=deal.direction,
        exposed=_one_card(deal.exposed),
        leader=deal.leader,
        exchanges=tuple((a, b, c, d) for a, b, c, d in deal.exchanges),
        result=model.result.model_dump() if model.result is not None else None,
        viewer=model.viewer,
        previous=deal.previous or "",
        seeded=shuffle == "seeded",
        version=model.version,
    )


def _one_card(text: str | None) -> int:
    return -1 if text is None else int(parse_cards(text)[0])
