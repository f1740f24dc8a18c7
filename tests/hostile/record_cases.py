"""Hostile record files, each with the words its refusal must contain. Every case is a whole
file's bytes, built from a genuine record with one thing made hostile."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import bigtwo
from conftest import play_out


@dataclass(frozen=True)
class RecordCase:
    """Reading ``data()`` as a record must raise a `BigTwoError` containing ``refusal``."""

    category: str
    id: str
    data: Callable[[], bytes]
    refusal: str


@cache
def genuine() -> str:
    game = bigtwo.Game.deal(seed=11)
    game = play_out(game)
    return game.record().dumps()


def edited(change: Callable[[dict[str, Any]], object]) -> Callable[[], bytes]:
    def build() -> bytes:
        data = json.loads(genuine())
        change(data)
        return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")

    return build


def put(path: str, value: object) -> Callable[[], bytes]:
    def change(data: dict[str, Any]) -> None:
        *head, last = path.split(".")
        node: Any = data
        for key in head:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value

    return edited(change)


def raw(text: str | bytes) -> Callable[[], bytes]:
    return lambda: text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")


def replaced(old: str, new: str, count: int = 1) -> Callable[[], bytes]:
    """The genuine text with ``old`` replaced by ``new`` (for what json.dumps can't write)."""
    return lambda: genuine().replace(old, new, count).encode("utf-8", "surrogatepass")


def nested(depth: int) -> Callable[[], bytes]:
    return replaced('"actions": [', '"actions": [' + "[" * depth + "]" * depth + ", ")


R = RecordCase
CASES = [
    # -- not a record at all ---------------------------------------------------------------
    R("file", "empty", raw(b""), "it is empty"),
    R("file", "blank", raw(b" \n\t "), "it is empty"),
    R("file", "binary", raw(bytes(range(256))), "not UTF-8 text"),
    R("file", "latin-1", raw('{"players": "Zoë"}'.encode("latin-1")), "not UTF-8 text"),
    R("file", "text", raw("hello"), "bad JSON"),
    R("file", "truncated", lambda: genuine()[:-40].encode(), "bad JSON"),
    R("file", "array", raw("[1, 2, 3]"), 'no "format"'),
    R("file", "string", raw('"bigtwo-record"'), 'no "format"'),
    R("file", "null", raw("null"), 'no "format"'),
    R("file", "other-format", put("format", "pgn"), 'no "format"'),
    R("file", "huge", lambda: b" " * (2 << 20) + genuine().encode(), "more than the"),
    R("file", "megabyte-name", put("players.0", "x" * (1 << 20)), "more than the"),
    # -- versions --------------------------------------------------------------------------
    R("version", "future", put("version", 3), "version 3 is not supported"),
    R("version", "text", put("version", "2"), "version '2' is not supported"),
    R("version", "bool", put("version", True), "is not supported"),
    R("version", "missing", edited(lambda d: d.pop("version")), 'has no "version"'),
    # -- strict JSON -----------------------------------------------------------------------
    R(
        "json",
        "duplicate-top-key",
        replaced('"actions":', '"actions": [], "actions":'),
        'key "actions" appears twice',
    ),
    R(
        "json",
        "duplicate-deal-key",
        replaced('"dealer":', '"dealer": 1, "dealer":'),
        'key "dealer" appears twice',
    ),
    R("json", "nan-score", replaced('"scores": [', '"scores": [NaN, '), "NaN is not a number"),
    R("json", "infinity-seed", replaced('"seed": 11', '"seed": Infinity'), "Infinity is not"),
    R("json", "minus-infinity", replaced('"dealer": 0', '"dealer": -Infinity'), "-Infinity is not"),
    R("json", "deep-1000", nested(1000), "nests"),
    R("json", "deep-100000", nested(100_000), "nests"),
    R("json", "deep-20", nested(20), "nests deeper than the format"),
    R(
        "json",
        "huge-int-5000-digits",
        replaced('"seed": 11', '"seed": ' + "9" * 5000),
        "not a game record",
    ),
    R("json", "huge-int-300-digits", replaced('"seed": 11', '"seed": ' + "9" * 300), "deal.seed"),
    R("json", "lone-surrogate-escape", replaced('"p0"', '"\\ud800"'), "game record"),
    R("json", "lone-low-surrogate", replaced('"p1"', '"\\udfffx"'), "game record"),
    # -- wrong types -----------------------------------------------------------------------
    R("types", "scores-text", put("result.scores", ["1", "2", "3", "4"]), "result.scores.0"),
    R("types", "scores-float", put("result.scores", [1.5, 0, 0, 0]), "result.scores.0"),
    R("types", "scores-null", put("result.scores", None), "result.scores"),
    R("types", "winner-text", put("result.winner", "1"), "result.winner"),
    R("types", "winner-bool", put("result.winner", True), "result.winner"),
    R("types", "result-list", put("result", [1, 2]), "result"),
    R("types", "players-numbers", put("players", [1, 2, 3, 4]), "players.0"),
    R("types", "players-text", put("players", "abcd"), "players"),
    R("types", "actions-number", put("actions.0", 5), "actions.0"),
    R("types", "actions-object", put("actions", {"a": 1}), "actions"),
    R("types", "counts-bool", put("deal.counts", [True, 13, 13, 13]), "deal.counts.0"),
    R("types", "dealer-float", put("deal.dealer", 0.0), "deal.dealer"),
    R("types", "dealer-text", put("deal.dealer", "0"), "deal.dealer"),
    R("types", "direction-text", put("deal.direction", "1"), "deal.direction"),
    R("types", "seed-float", put("deal.seed", 11.0), "deal.seed"),
    R("types", "deal-list", put("deal", []), "deal"),
    R("types", "rules-nested-list", put("rules.players", [[4]]), "rules.players"),
    R("types", "rules-object", put("rules.flushes", {"x": 1}), "rules.flushes"),
    R("types", "rules-bad-value", put("rules.players", "four"), "players"),
    R("types", "rules-bool-count", put("rules.players", True), "players"),
    R("types", "rules-lengths-null", put("rules.straight_lengths", None), "straight_lengths"),
    R("types", "rules-lengths-text", put("rules.straight_lengths", "5"), "straight_lengths"),
    R("types", "rules-unknown", put("rules.frobnicate", 1), "unknown rule option"),
    R("types", "exchange-short", put("deal.exchanges", [[0, 1]]), "deal.exchanges.0"),
    R("types", "exchange-how", put("deal.exchanges", [[0, 1, 1, "best"]]), "deal.exchanges.0.3"),
    R(
        "types",
        "exchange-huge-count",
        put("deal.exchanges", [[0, 1, 10**6, "choose"]]),
        "deal.exchanges.0.2",
    ),
    R("types", "extra-field", put("deal.extra", 1), 'should not: "deal.extra"'),
    R("types", "viewer-text", put("viewer", "0"), "viewer"),
    # -- out of range ----------------------------------------------------------------------
    R("range", "action-seat-9", put("actions.0", "p9 3D"), "actions.0"),
    R("range", "action-seat-5-of-4", put("actions.0", "p5 3D"), "seat 5; there are 4"),
    R("range", "dealer-99", put("deal.dealer", 99), "deal.dealer"),
    R("range", "dealer-negative", put("deal.dealer", -1), "deal.dealer"),
    R("range", "leader-negative", put("deal.leader", -1), "deal.leader"),
    R("range", "winner-7", put("result.winner", 7), "seat 7; there are 4"),
    R("range", "viewer-6", put("viewer", 6), "seat 6; there are 4"),
    R("range", "count-200", put("deal.counts", [200, 13, 13, 13]), "deal.counts.0"),
    R("range", "score-huge", put("result.scores", [10**12, 0, 0, 0]), "result.scores.0"),
    R("range", "players-too-few", put("players", ["a"]), "players"),
    R("range", "players-nine", put("players", list("abcdefghi")), "players"),
    R("range", "seed-2-to-64", put("deal.seed", 2**64), "deal.seed"),
    R("range", "exchange-seat-9", put("deal.exchanges", [[0, 9, 1, "lowest"]]), "deal.exchanges"),
    R("range", "scores-five", put("result.scores", [0, 0, 0, 0, 0]), "4 scores"),
    R("range", "counts-three", put("deal.counts", [13, 13, 13]), "4 card counts"),
    R("range", "hands-five", put("deal.hands", ["3D"] * 5), "4 hands"),
    R("range", "actions-10000", put("actions", ["p0 pass"] * 10_000), "actions"),
    # -- cards and actions in anything but canonical notation -----------------------------
    R(
        "cards",
        "kelvin-sign-rank",
        edited(lambda d: d["deal"]["hands"].__setitem__(0, "\u212aS " + d["deal"]["hands"][0])),
        "deal.hands.0",
    ),
    R("cards", "full-width-digit", put("deal.exposed", "\uff13D"), "deal.exposed"),
    R("cards", "full-width-action", put("actions.0", "p0 \uff13D"), "actions.0"),
    R("cards", "suit-symbol-in-deck", replaced('"deck": "', '"deck": "3\u2666 '), "deal.deck"),
    R(
        "cards",
        "lower-case-hand",
        edited(lambda d: d["deal"]["hands"].__setitem__(0, d["deal"]["hands"][0].lower())),
        "deal.hands.0",
    ),
    R("cards", "unknown-card", put("deal.exposed", "1D"), "deal.exposed"),
    R("cards", "exposed-two-cards", put("deal.exposed", "3D 4D"), "deal.exposed"),
    R("cards", "deck-900-kilobytes", put("deal.deck", "3D " * 300_000), "at most 400"),
    R("cards", "deck-long", put("deal.deck", " ".join(["3D"] * 200)), "deal.deck"),
    R("cards", "action-ten-for-t", put("actions.0", "p0 10D"), "actions.0"),
    R("cards", "action-trailing-space", put("actions.0", "p0 3D "), "actions.0"),
    R("cards", "action-newline", put("actions.0", "p0 3D\np1 pass"), "actions.0"),
    R("cards", "salt-upper-case", put("deal.salt", "AB" * 32), "deal.salt"),
    R("cards", "commitment-short", put("deal.commitment", "ab" * 16), "deal.commitment"),
    R("cards", "commitment-unicode", put("deal.commitment", "\u0661" * 64), "deal.commitment"),
    # -- names that would take over a terminal ---------------------------------------------
    R("names", "ansi-escape", put("players.0", "\x1b[2J\x1b[31mred"), "U+001B"),
    R("names", "bidi-override", put("players.1", "evil\u202egnp.exe"), "U+202E"),
    R("names", "zero-width", put("players.1", "a\u200bb"), "U+200B"),
    R("names", "newline", put("players.2", "two\nlines"), "U+000A"),
    R("names", "nul", put("players.2", "nul\x00"), "U+0000"),
    R("names", "bell", put("players.3", "\x07"), "U+0007"),
    R("names", "empty", put("players.3", ""), "players.3"),
    R("names", "long", put("players.3", "n" * 25), "at most 24"),
    R("names", "private-use", put("players.0", "\ue000"), "U+E000"),
]
