"""Refusals in every language, from one catalogue, and counts that follow CLDR.

- Every ``reason`` a refusal's parameters can carry has its catalogue sentence
  (``error.CODE.REASON``), using only the parameters sent with it: read from the sources.
- The server says a refusal in the connection's language (``?lang=``, else Accept-Language),
  with the parameters as sent; HTTP refusals too.
- A count picks ``KEY.<category>`` by CLDR's plural rules, in languages whose rules differ
  from English's (Polish, Arabic), with a catalogue made in the test.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from bigtwo import Game, Rules
from bigtwo.errors import BigTwoError
from bigtwo.i18n import Catalogue, catalogue, plural_category
from bigtwo.refusal_words import say
from bigtwo.rules.changes import load_rules
from bigtwo.server.protocol import Upgrade
from bigtwo.table import Table

SRC = Path(__file__).resolve().parents[2] / "src" / "bigtwo"
EN = json.loads((SRC / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
# the refusal codes under which each module's reasons reach a person: an error made there is
# passed on with its parameters as these codes (`room._typed`, `room.create`, `table.why_not`)
PASSED_AS = {
    "cards.py": ("bad_input",),
    "checks.py": ("bad_name", "bad_text"),
    "record_files.py": ("bad_record",),  # `replay.uploaded`, a record as read
    "engine/record.py": ("unplayable",),  # `replay.replay`: its deal rebuilt,
    "engine/game.py": ("unplayable",),  # and its actions played
    "engine/commitment.py": ("bad_kept",),
    "rules/changes.py": ("bad_rules",),
    "rules/config.py": ("bad_rules",),
    "rules/presets.py": ("bad_rules",),
    "server/room.py": ("bad_text",),  # `_typed`, given its code by its one caller, the chat
}
MADE_WITH_CODE = {"RoomError": 0, "ProtocolError": 0, "ReplayError": 1, "IllegalMoveError": 1}
MADE_WITHOUT_CODE = ("BigTwoError", "NotationError", "RulesError")
DEFAULT_CODE = {"IllegalMoveError": "bad_argument"}  # a program's mistake
# reasons only a program can cause (a value of the wrong type): said through `error.CODE`
PROGRAMS_ONLY = {"not_text"}


def _reason_sites() -> list[tuple[str, str, str, frozenset[str]]]:
    """(where, code, reason, parameters) of every error made with a ``reason``."""
    sites = []
    for path in SRC.rglob("*.py"):
        where = str(path.relative_to(SRC))
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(call, ast.Call):
                continue
            given = {k.arg: k.value for k in call.keywords if k.arg}
            reason = given.get("reason")
            if not (isinstance(reason, ast.Constant) and isinstance(reason.value, str)):
                continue
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            if name not in (*MADE_WITH_CODE, *MADE_WITHOUT_CODE):
                continue  # (a socket's close reason, say)
            params = frozenset(given) - {"reason"}
            code = None
            if name in MADE_WITH_CODE:
                position = MADE_WITH_CODE[name]
                default = ast.Constant(DEFAULT_CODE.get(name))
                code = call.args[position] if len(call.args) > position else default
            if isinstance(code, ast.Constant) and code.value is not None:
                codes: tuple[str, ...] = (str(code.value),)
            else:  # made in a module whose errors are passed on, or with a helper's code
                assert where in PASSED_AS, f"{where}: which refusal says its reasons?"
                codes = PASSED_AS[where]
            sites += [(f"{where}:{call.lineno}", c, reason.value, params) for c in codes]
    return sites


def test_every_reason_has_a_sentence_with_only_its_parameters() -> None:
    sites = _reason_sites()
    assert {"not_a_card", "unknown_option", "bad_choice", "conflict", "too_long"} <= {
        s[2] for s in sites
    }
    assert {("bad_argument", "no_seat"), ("bad_record", "field"), ("unplayable", "illegal")} <= {
        (s[1], s[2]) for s in sites
    }  # a program's mistake (the engine's default code), a record's faults
    missing, wrong = [], []
    for where, code, reason, params in sites:
        if reason in PROGRAMS_ONLY:
            continue
        text = EN.get(f"error.{code}.{reason}")
        if text is None:
            missing.append(f"{where}: error.{code}.{reason}")
        elif not set(re.findall(r"\{(\w+)\}", text)) <= params:
            wrong.append(f"{where}: error.{code}.{reason} uses more than {sorted(params)}")
    assert missing == [] and wrong == []


def test_a_rule_change_that_makes_no_sense_is_said_in_the_language() -> None:
    try:
        load_rules("classic", None, ["suit_order=purple"])
    except BigTwoError as exc:
        params = exc.params
        said = say(catalogue("vi"), "bad_rules", params, str(exc))
    assert params["reason"] == "bad_choice" and params["option"] == "suit_order"
    assert said.startswith("suit_order không thể là “purple”; hãy chọn một trong:")
    assert "choose" not in said


def _refusal(preset: str, changes: list[str]) -> BigTwoError:
    try:
        load_rules(preset, None, changes)
    except BigTwoError as exc:
        return exc
    raise AssertionError(f"{preset} {changes} was taken")


def test_a_rules_refusal_carries_the_bare_value_and_the_sentence_quotes_it() -> None:
    """A client that words the refusal itself shows the value as typed, not in the English
    message's quotes; the catalogues quote it as their language does, once; what a terminal
    would interpret is still escaped."""
    cases = [
        (("nope", []), "name", "nope"),
        (("classic", ["nonexistent=1"]), "text", "nonexistent=1"),
        (("classic", ["flushes=maybe"]), "value", "maybe"),
        (("classic", ["players=many"]), "value", "many"),
        (("classic", ["suit_order=purple\x1b"]), "value", "purple\\x1b"),
    ]
    for (preset, changes), name, bare in cases:
        exc = _refusal(preset, changes)
        assert exc.params[name] == bare, exc.params
        assert f"'{bare}'" in str(exc)  # the English message keeps its quotes
        key = f"error.bad_rules.{exc.params['reason']}"
        for lang, (left, right) in {"en": "“”", "zh-Hant": "「」", "ms": "“”"}.items():
            assert f"{left}{bare}{right}" in catalogue(lang)(key, **exc.params), (lang, key)


def _ws(client: TestClient, query: str, headers: dict[str, str] | None = None) -> Any:
    return client.websocket_connect(f"/ws?protocol=2{query}", headers=headers or {})


def test_a_refusal_to_a_vietnamese_connection_is_in_vietnamese(test_client: TestClient) -> None:
    with _ws(test_client, "&lang=vi-VN") as ws:
        assert ws.receive_json() == {"type": "hello", "version": 2, "lang": "vi"}
        ws.send_json(
            {
                "type": "create",
                "name": "Ann",
                "seats": ["random"] * 3,
                "id": "c1",
                "options": {"flushes": "maybe"},
            }
        )
        refused = ws.receive_json()
    assert refused["type"] == "error" and refused["id"] == "c1"
    assert refused["code"] == "bad_rules"
    assert refused["params"] == {"reason": "not_yes_no", "option": "flushes", "value": "maybe"}
    assert refused["message"] == "flushes là yes hoặc no, không phải “maybe”."


def test_accept_language_chooses_when_the_address_does_not(test_client: TestClient) -> None:
    with _ws(test_client, "", {"accept-language": "fr, zh-TW;q=0.8"}) as ws:
        assert ws.receive_json()["lang"] == "zh-Hant"
        ws.send_json({"type": "chat", "text": "hi"})
        refused = ws.receive_json()
    assert refused["code"] == "not_seated"
    assert refused["message"] == catalogue("zh-Hant")("error.not_seated")
    with _ws(test_client, "") as ws:  # nothing asked: English, the engine's own sentence
        assert ws.receive_json()["lang"] == "en"
    answer = test_client.get("/api/rules/nothing", headers={"accept-language": "id"})
    assert answer.status_code == 404
    assert answer.json()["message"] == catalogue("id")("error.no_preset")


def test_plural_forms_follow_cldr() -> None:
    polish = Catalogue(
        "pl",
        {"cards": "{count} kart", "cards.one": "{count} karta", "cards.few": "{count} karty"},
    )
    assert [polish.count("cards", n) for n in (1, 2, 5, 22, 25, 112)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "25 kart",
        "112 kart",
    ]
    arabic = Catalogue("ar", {"k": "other", "k.zero": "zero", "k.two": "two", "k.few": "few"})
    assert [arabic.count("k", n) for n in (0, 1, 2, 3, 11, 100)] == [
        "zero",
        "other",
        "two",
        "few",
        "other",
        "other",
    ]  # no `k.one` or `k.many` here: the plain key
    assert plural_category("fil", 2) == "one" and plural_category("zh-Hant", 1) == "other"
    assert catalogue("vi").count("term.cards", 1) == "1 lá"
    assert catalogue("en").count("term.cards", 1200) == "1,200 cards"
    assert catalogue("id").number(-1500, signed=True) == "-1.500"


def test_a_records_fault_is_said_in_the_language(test_client: TestClient) -> None:
    """An uploaded record's faults (what its file holds, a move it can't replay, a kept
    commitment mistyped) each have their own sentence, not the English one inside another."""
    game = Game.deal(seed=5)
    game = game.play(game.legal_moves()[0])
    record = game.record()
    illegal = replace(record, deck="", salt="", actions=("p0 2S",))
    vi = {"accept-language": "vi"}
    cases = [
        ('{"format": "bigtwo-record", "version": 2}', {}, "bad_record", "missing"),
        ('{"format": "bigtwo-record", "version": 2,', {}, "bad_record", "json"),
        ('{"format": "other"}', {}, "bad_record", "format"),
        (illegal.dumps(), {}, "unplayable", "illegal"),
        (record.dumps(), {"kept": "xyz"}, "bad_kept", "not_digest"),
    ]
    t = catalogue("vi")
    for body, query, code, reason in cases:
        answer = test_client.post("/api/replay", content=body, params=query, headers=vi).json()
        assert (answer["code"], answer["params"]["reason"]) == (code, reason), answer
        assert t.has(f"error.{code}.{reason}")
        said = say(t, code, answer["params"], "")
        assert answer["message"] == said and "{" not in said, answer
        english = test_client.post("/api/replay", content=body, params=query).json()
        assert english["message"] != said and english["params"] == answer["params"]
    assert "Nước đi thứ 1" in say(t, "unplayable", {"reason": "illegal", "number": 1}, "")


def test_a_programs_mistake_and_the_upgrade_are_said_in_the_language(
    test_client: TestClient,
) -> None:
    table = Table(Rules(), [None, None, None, None], seed=1)
    table.start()
    refused = table.why_not(7, "pass")
    assert refused is not None and refused.code == "bad_argument"
    assert refused.params == {"reason": "no_seat"}
    said = say(catalogue("id"), refused.code, refused.params, str(refused))
    assert said == "Kursi itu tidak ada."
    with test_client.websocket_connect("/ws?lang=vi") as ws:  # no protocol asked: an old page
        told = ws.receive_json()
    assert told["type"] == "upgrade"
    assert told["message"] == catalogue("vi")("upgrade.message") != Upgrade().message
