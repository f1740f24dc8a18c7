"""The replay viewer's and the rules page's endpoints: a record replayed by the engine into
steps with the fairness check, refusals in words for bad input, and no hidden hand in any
answer where the record doesn't reveal it."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from starlette.testclient import TestClient

from bigtwo import Game
from bigtwo.engine.game import Record
from bigtwo.record_files import MAX_RECORD_BYTES, load_record
from bigtwo.rules.catalogue import OPTIONS

from .test_server_hostile import _close, _open, _play_to_end, _room

CARD = re.compile(r"\b(?:[2-9TJQKA][DCHS]|BJ|RJ)\b")


def _played(seed: int = 5) -> Game:
    """A deal played to its end by always taking the first legal move."""
    game = Game.deal(seed=seed)
    while not game.is_over:
        game = game.play(game.legal_moves()[0])
    return game


def _post(client: TestClient, body: str | bytes, **params: Any) -> Any:
    return client.post("/api/replay", content=body, params=params)


def test_a_whole_record_replays_step_by_step_and_verifies(test_client: TestClient) -> None:
    game = _played()
    record = game.record()
    got = _post(test_client, record.dumps())
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["replayed"] is True and body["seat"] is None
    assert body["commitment"] == record.commitment and len(body["commitment"]) == 64
    assert body["verification"] == {"status": "verified", "reason": "", "kept": False}
    steps = body["steps"]
    states = record.states()
    assert len(steps) == len(record.actions) + 1 == len(states)
    for step, state in zip(steps, states, strict=True):  # every hand, as the engine holds it
        assert [len(h.split()) for h in step["hands"]] == [h.bit_count() for h in state.hands]
        assert step["counts"] == [h.bit_count() for h in state.hands]
        assert step["to_move"] == state.to_move
    assert [f"p{s['seat']} {s['move']}" for s in steps[1:]] == list(record.actions)
    assert steps[-1]["end"] == game.end and steps[-1]["winner"] == game.winner
    assert body["scores"] == list(game.scores or ())
    assert any(s["trick"] is not None for s in steps)  # tricks taken are marked
    # the card the first play must hold, until it is played (the board says it as the table)
    assert body["first_play"] == "include" and steps[0]["lead_card"] == "3D"
    assert [s["lead_card"] for s in steps[1:]] == [None] * (len(steps) - 1)


def test_the_check_against_a_kept_commitment(test_client: TestClient) -> None:
    record = _played().record()
    kept = _post(test_client, record.dumps(), kept=record.commitment).json()["verification"]
    assert kept == {"status": "verified", "reason": "", "kept": True}
    other = _played(seed=6).record().commitment
    wrong = _post(test_client, record.dumps(), kept=other).json()["verification"]
    assert wrong["status"] == "forged" and "commitment" in wrong["reason"], wrong
    bad = _post(test_client, record.dumps(), kept="xyz")
    assert bad.status_code == 400 and bad.json()["code"] == "bad_kept"


def test_a_record_that_fails_verification_is_shown_as_such(test_client: TestClient) -> None:
    record = _played().record()
    assert record.result is not None
    scores = [s + 1 for s in record.result["scores"]]
    forged_result = replace(record, result={**record.result, "scores": scores})
    body = _post(test_client, forged_result.dumps()).json()
    assert body["verification"]["status"] == "not_verified"
    assert "result" in body["verification"]["reason"]
    assert body["replayed"] is True and len(body["steps"]) == len(record.actions) + 1

    other = _played(seed=6).record().commitment  # a commitment the deck doesn't open
    body = _post(test_client, replace(record, commitment=other).dumps()).json()
    assert body["verification"]["status"] == "not_verified"
    assert "commitment" in body["verification"]["reason"]
    assert len(body["steps"]) == len(record.actions) + 1  # the play as recorded, unproven

    illegal = replace(record, deck="", salt="", actions=("p0 2S", *record.actions[1:]))
    got = _post(test_client, illegal.dumps())
    assert got.status_code == 422 and got.json()["code"] == "unplayable"
    assert "action 1" in got.json()["message"]


def test_a_seat_export_shows_no_other_hand(test_client: TestClient) -> None:
    game = _played()
    record = game.record()
    export = record.for_seat(1)
    got = _post(test_client, export.dumps())
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["seat"] == 1 and body["replayed"] is False
    assert body["verification"]["status"] == "unprovable"
    first = body["steps"][0]
    assert first["hands"][1] == record.hands[1] if record.hands else False
    assert [h for s, h in enumerate(first["hands"]) if s != 1] == [None] * 3
    never_shown = _never_played(record, 1)
    assert never_shown  # some seat kept cards that no action shows
    assert not never_shown & set(CARD.findall(got.text))
    asked_other = _post(test_client, export.dumps(), seat=2)
    assert asked_other.status_code == 400 and asked_other.json()["code"] == "bad_seat"


def _never_played(record: Record, seat: int) -> set[str]:
    """The cards of the other seats' hands that no action shows."""
    played = {c for a in record.actions for c in CARD.findall(a.split(" ", 1)[1])}
    hands = record.hands or ()
    return {c for s, h in enumerate(hands) if s != seat for c in h.split()} - played


def test_bad_input_gets_a_clear_refusal(test_client: TestClient) -> None:
    cases: list[tuple[str | bytes, int, str, str]] = [
        ("{not json", 400, "bad_record", "bad JSON"),
        ("", 400, "bad_record", "empty"),
        (b"\xff\xfe", 400, "bad_record", "UTF-8"),
        ('{"format": "bigtwo-record", "version": 9}', 400, "bad_record", "version"),
        ('{"format": "bigtwo-session", "version": 1}', 400, "bad_record", "session"),
        ('{"format": "bigtwo-record"}', 400, "bad_record", 'has no "version"'),
        ("x" * (MAX_RECORD_BYTES + 1), 413, "too_large", "bytes"),
    ]
    for body, status, code, words in cases:
        got = _post(test_client, body)
        assert got.status_code == status, (body[:40], got.text)
        answer = got.json()
        assert answer["code"] == code and words in answer["message"], answer


def test_a_rooms_finished_deal_as_a_seat_and_whole(test_client: TestClient) -> None:
    ws = _open(test_client)
    welcome = _room(ws, deals=1)
    code = welcome["room"]
    ws.send_json({"type": "host", "what": "start"})
    _play_to_end(ws)
    _close(ws)
    whole = test_client.get(f"/api/rooms/{code}/replays/0").json()
    assert whole["number"] == 0 and whole["deals"] == 1
    assert whole["verification"]["status"] == "verified"
    assert all(h for h in whole["steps"][0]["hands"])
    last = test_client.get(f"/api/rooms/{code}/replays/last?seat=2")
    body = last.json()
    assert last.status_code == 200 and body["number"] == 0 and body["seat"] == 2
    assert body["verification"]["status"] == "verified"
    for step in body["steps"]:  # the engine's view of seat 2: its hand and no other
        assert step["hands"][2] is not None
        assert [h for s, h in enumerate(step["hands"]) if s != 2] == [None] * 3
    record = load_record(test_client.get(f"/api/rooms/{code}/records/0").text)
    assert not _never_played(record, 2) & set(CARD.findall(last.text))
    assert body["commitment"] == whole["commitment"] == record.commitment
    for url, status in (
        (f"/api/rooms/{code}/replays/1", 404),
        (f"/api/rooms/{code}/replays/x", 400),
        ("/api/rooms/NOSUCHROOM/replays/0", 404),
        (f"/api/rooms/{code}/replays/0?seat=9", 400),
        (f"/api/rooms/{code}/replays/0?seat=-1", 400),
    ):
        got = test_client.get(url)
        assert got.status_code == status and got.json()["code"], url
    for kind in ("replays", "records"):  # a seat out of range, below as above: the range
        for seat in ("9", "-1"):
            got = test_client.get(f"/api/rooms/{code}/{kind}/0?seat={seat}").json()
            assert got["code"] == "bad_seat" and "0 to 3" in got["message"], got
    for text in ("x", "²", "١", "1.0"):  # digits of other scripts are no seat's number here
        answer = test_client.get(f"/api/rooms/{code}/records/0", params={"seat": text})
        got = answer.json()
        assert answer.status_code == 400 and got["code"] == "bad_seat", (text, got)
        assert "a number such as 0" in got["message"], got


def test_rules_in_words_for_a_preset_and_a_room(test_client: TestClient) -> None:
    preset = test_client.get("/api/rules/hong-kong").json()
    assert preset["name"] == preset["preset"] == "hong-kong"
    assert [o["name"] for o in preset["options"]] == list(OPTIONS)
    assert not any(o["changed"] for o in preset["options"])
    assert all(o["value"] and o["meaning"] for o in preset["options"])
    assert test_client.get("/api/rules/nonsense").json()["code"] == "no_preset"

    ws = _open(test_client)
    code = _room(ws, preset="classic", options={"flushes": "no"})["room"]
    rules = test_client.get(f"/api/rooms/{code}/rules").json()
    assert rules["preset"] == "classic" and rules["name"] != "classic"
    changed = {o["name"]: o["value"] for o in rules["options"] if o["changed"]}
    assert changed == {"flushes": "no"}
    _close(ws)
    missing = test_client.get("/api/rooms/NOSUCHROOM/rules")
    assert missing.status_code == 404 and missing.json()["code"] == "no_room"
    assert json.loads(missing.text)["message"]


def test_the_rules_list_says_how_each_option_is_set(test_client: TestClient) -> None:
    """The form that opens a room draws a control per option from ``/api/rules`` and starts it
    at the preset's value: every option has a group and a control, and each preset's value,
    written back as the form writes it, reads as the same value."""
    from bigtwo.rules.changes import option_change
    from bigtwo.rules.config import Rules

    listed = test_client.get("/api/rules").json()
    assert [o["name"] for o in listed["options"]] == list(OPTIONS)
    for option in listed["options"]:
        assert option["group"] and option["ids"] and option["meaning"], option
        assert option["control"] in ("yes-no", "choice", "number", "lengths"), option
    choices = {o["name"]: o["choices"] for o in listed["options"] if o["control"] == "choice"}
    assert choices["suit_order"][0] == "standard" and "pusoy" in choices["suit_order"]
    bounds = {o["name"]: (o["min"], o["max"]) for o in listed["options"] if "min" in o}
    assert bounds["players"] == (2, 8) and bounds["straight_lengths"] == (3, 13)

    def as_typed(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ",".join(str(v) for v in value)
        return "none" if value is None else str(value)

    for preset in listed["presets"]:
        rules = Rules.preset(preset["name"])
        assert preset["options"] == rules.to_dict()
        for option in listed["options"]:
            name = option["name"]
            _, value = option_change(f"{name}={as_typed(preset['options'][name])}")
            assert rules.replace(**{name: value}) == rules, (preset["name"], name)


def test_a_room_as_anyone_may_see_it_before_sitting(test_client: TestClient) -> None:
    ws = _open(test_client)
    code = _room(ws, preset="hong-kong", seats=["easy", "open", "hard"])["room"]
    got = test_client.get(f"/api/rooms/{code}")
    assert got.status_code == 200, got.text
    room = got.json()
    assert room["code"] == code and room["preset"] == "hong-kong" and room["players"] == 4
    assert [(s["kind"], s["name"]) for s in room["seats"]][:1] == [("person", "host")]
    assert [s["kind"] for s in room["seats"]] == ["person", "easy", "open", "hard"]
    assert not CARD.search(got.text)  # nobody's cards, not even the count's faces
    _close(ws)
    missing = test_client.get("/api/rooms/NOSUCHROOM")
    assert missing.status_code == 404 and missing.json()["code"] == "no_room"


def test_the_page_travels_compressed_to_a_browser_that_takes_gzip(test_client: TestClient) -> None:
    raw = test_client.get("/js/app.js", headers={"Accept-Encoding": "identity"})
    packed = test_client.get("/js/app.js", headers={"Accept-Encoding": "gzip"})
    assert raw.headers.get("content-encoding") is None
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.text == raw.text  # httpx undoes the gzip
    assert int(packed.headers["content-length"]) < len(raw.content) / 2
    assert packed.headers["content-security-policy"] == raw.headers["content-security-policy"]
