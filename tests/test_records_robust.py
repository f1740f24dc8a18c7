"""Records that were tampered with or damaged: refused in words, never a traceback; seat
exports that hide everything another seat could rebuild the deal from (fair.hidden_hands)."""

from __future__ import annotations

import contextlib
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_forgery import classic, session_of

import bigtwo
from bigtwo import BigTwoError
from bigtwo.record_files import _Deal, _Record, load_session_record
from bigtwo.server.replay import ReplayError, replay
from conftest import play_out


def finished(seed: int = 11) -> bigtwo.Game:
    game = bigtwo.Game.deal(seed=seed)
    game = play_out(game)
    return game


def test_fair_hidden_hands_seat_export_drops_the_seed() -> None:
    record = finished().record()
    assert record.seed == 11
    export = bigtwo.load_record(record.for_seat(1).dumps())
    assert export.seed is None and export.deck == "" and export.salt == ""
    assert "seed" not in json.loads(record.for_seat(1).dumps())["deal"]
    problems = export.verify()
    assert len(problems) == 1 and "seat 1's view" in problems[0]


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = data
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        if last.isdigit():
            target[int(last)] = value
        else:
            target[last] = value

    return mutate


DAMAGE: dict[str, Mutation] = {
    "deck-duplicate": _set("deal.deck", "3D 3D"),
    "deck-number": _set("deal.deck", 12),
    "dealer-null": _set("deal.dealer", None),
    "dealer-out-of-range": _set("deal.dealer", 9),
    "direction-null": _set("deal.direction", None),
    "direction-two": _set("deal.direction", 2),
    "exposed-empty": _set("deal.exposed", ""),
    "exposed-two-cards": _set("deal.exposed", "3D 4D"),
    "action-null": _set("actions.0", None),
    "action-no-seat": _set("actions.0", "3D"),
    "rules-text": _set("rules", "x"),
    "rules-unknown-option": _set("rules.frob", 1),
    "players-short": _set("players", ["a"]),
    "counts-text": _set("deal.counts", "13"),
    "hands-number": _set("deal.hands", 5),
    "salt-null": _set("deal.salt", None),
    "exchanges-bad": _set("deal.exchanges", [[1, 2]]),
    "result-text": _set("result", "won"),
}


@pytest.mark.parametrize("damage", list(DAMAGE), ids=lambda d: f"fair.shuffle-{d}")
def test_damaged_records_are_refused_or_fail_verification_in_words(damage: str) -> None:
    data = json.loads(finished().record().dumps())
    DAMAGE[damage](data)
    try:
        record = bigtwo.load_record(json.dumps(data))
    except BigTwoError as exc:
        assert str(exc)
        return
    problems = record.verify()
    assert problems and all(isinstance(p, str) and p for p in problems)
    with pytest.raises(BigTwoError):
        record.replay()


@pytest.mark.parametrize(
    "field,value",
    [("scores", [40, -7, -5, -6]), ("winner", 2), ("end", "dragon")],
    ids=["fair.shuffle-scores", "fair.shuffle-winner", "fair.shuffle-end"],
)
def test_verify_compares_the_recorded_result_with_the_play(field: str, value: object) -> None:
    record = finished().record()
    assert record.verify() == []
    data = json.loads(record.dumps())
    data["result"][field] = value
    problems = bigtwo.load_record(json.dumps(data)).verify()
    assert any("recorded result" in p for p in problems)


def test_verify_command_on_damaged_records_says_why(tmp_path: Path) -> None:
    data = json.loads(finished().record().dumps())
    data["deal"]["deck"] = "3D 3D"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command, code in (("verify", 1), ("replay", 2)):
        run = subprocess.run(
            [sys.executable, "-m", "bigtwo", command, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        both = run.stdout + run.stderr
        assert run.returncode == code, both
        assert "Traceback" not in both
        assert "not one whole deck" in both


# -- a record with a field left out is never verified -------------------------------------------
CLASSIC = bigtwo.Rules.preset("classic")


def _sources() -> list[dict[str, Any]]:
    """Finished deals that, between them, hold every field a deal's record may leave out: a
    classic seeded deal (exposed card, seed), a president session's second deal (exchanges,
    previous), a winner-leads session's second deal (leader) and a clockwise deal (direction,
    dealer)."""
    rules = bigtwo.Rules.preset("classic")
    sessions = [
        session_of(rules.replace(mode="president", president_free_choice=True), 2),
        session_of(rules.replace(first_lead="winner"), 2),
    ]
    clockwise = play_out(bigtwo.Game.deal(CLASSIC.replace(direction="clockwise"), seed=5, dealer=2))
    return [
        json.loads(classic()),
        json.loads(clockwise.record().dumps()),
        *(json.loads(s.dumps())["deals"][1] for s in sessions),
    ]


def _status(record: bigtwo.Record) -> str:
    """What the server's replay endpoint says of the record (`verification.status`)."""
    try:
        return str(replay(record)["verification"]["status"])
    except ReplayError as exc:
        return exc.code


def _not_verified(data: dict[str, Any], field: str = "") -> str:
    """Why a record is not verified: refused as read, or the first problem verify finds (and
    then the server's replay agrees it is not verified)."""
    try:
        record = bigtwo.load_record(json.dumps(data))
    except BigTwoError as exc:
        return f"unreadable: {exc}"
    problems = record.verify()
    assert problems, f"a record without {field} was called verified"
    assert _status(record) != "verified", problems
    return problems[0]


def test_every_field_a_record_may_leave_out_is_never_verified_without_it() -> None:
    """Field by field, from every source that holds it: a record without the field either
    says the very same (its absence means that value) or is not verified, by `verify` and by
    the server's replay alike."""
    optional = {f"deal.{k}" for k, f in _Deal.model_fields.items() if not f.is_required()}
    optional |= {k for k, f in _Record.model_fields.items() if not f.is_required()}
    sources = _sources()
    tried: dict[str, list[str]] = {}
    for field in sorted(optional - {"viewer"}):
        key = field.removeprefix("deal.")
        tried[field] = []
        for source in (s for s in sources if key in s["deal"]):
            data = copy.deepcopy(source)
            del data["deal"][key]
            with contextlib.suppress(BigTwoError):
                if bigtwo.load_record(json.dumps(data)) == bigtwo.load_record(json.dumps(source)):
                    continue  # its absence says the same: nothing is missing
            tried[field].append(_not_verified(data, field))
    export = json.loads(bigtwo.load_record(classic()).for_seat(1).dumps())
    del export["viewer"]  # an export passed off as a full record
    tried["viewer"] = [_not_verified(export, "viewer")]
    assert set(tried) == optional, "a field the schema lets a record leave out is untried"
    assert tried.pop("deal.shuffle") == [], "the seed says how it was shuffled"
    assert all(tried.values()), [k for k, v in tried.items() if not v]
    assert "the exposed card" in tried["deal.exposed"][0]
    assert "incomplete" in tried["deal.hands"][0]
    assert "no commitment" in tried["deal.commitment"][0]
    data = json.loads(classic())
    del data["deal"]["commitment"]  # a shuffled deal, not one laid out by hand
    assert _status(bigtwo.load_record(json.dumps(data))) == "not_verified"


@pytest.mark.parametrize("cut", ["result", "last-action", "every-action"])
def test_a_record_cut_short_or_without_its_result_is_incomplete(cut: str) -> None:
    for data in (json.loads(classic()), json.loads(session_of(CLASSIC, 2).dumps())):
        deal = data["deals"][-1] if "deals" in data else data
        deal["actions"] = {"result": deal["actions"], "last-action": deal["actions"][:-1]}.get(
            cut, []
        )
        deal["result"] = None
        if "deals" in data:
            problems = load_session_record(json.dumps(data)).verify()
            assert problems and "deal 2: the record is incomplete" in problems[0], problems
            continue
        record = bigtwo.load_record(json.dumps(data))
        problems = record.verify()
        assert problems and "incomplete" in problems[0], problems
        status = replay(record)["verification"]
        assert status["status"] == "not_verified" and "incomplete" in status["reason"]


def test_a_session_without_deals_proves_nothing() -> None:
    data = json.loads(session_of(CLASSIC, 1).dumps())
    data["deals"], data["totals"], data["settlement"] = [], [0, 0, 0, 0], []
    assert "no deals" in load_session_record(json.dumps(data)).verify()[0]


def _verify(*args: str) -> tuple[int, str]:
    run = subprocess.run(
        [sys.executable, "-m", "bigtwo", "verify", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return run.returncode, run.stdout + run.stderr


def test_verify_command_calls_an_incomplete_record_not_verified(tmp_path: Path) -> None:
    data = json.loads(classic())
    data["result"] = None
    path = tmp_path / "no-result.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, said = _verify(str(path))
    assert code == 1 and "NOT VERIFIED" in said and "result is left out" in said, said


@pytest.mark.parametrize("kept", ["12345", "zz" * 32, "ab" * 33, ""])
def test_a_mistyped_commitment_is_unreadable_for_a_session_as_for_a_deal(
    tmp_path: Path, kept: str
) -> None:
    session = session_of(CLASSIC, 2)
    genuine = session.deals[0].commitment
    for name, text in (("deal", session.deals[0].dumps()), ("session", session.dumps())):
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        code, said = _verify(str(path), "--commitment", genuine, "--commitment", kept)
        assert code == 2 and "64 hex digits" in said and "FORGED" not in said, (name, said)
    with pytest.raises(BigTwoError, match="64 hex digits"):
        session.verify([kept])
