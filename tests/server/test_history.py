"""A person's own data over HTTP: their games (paged, theirs only), statistics, profile,
export and deletion; the operator's routes (404 to anyone else) and `bigtwo admin`, each
action in the audit log; a suspended person refused a seat in their language."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from typer.testing import CliRunner

from bigtwo.cli.app import app as cli
from bigtwo.i18n import catalogue
from bigtwo.record_files import load_record
from bigtwo.server.accounts.tables import PEOPLE
from bigtwo.server.app import make_app
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room
from bigtwo.server.settings import Settings
from bigtwo.server.store import Store, sqlite_url

WS = "/ws?protocol=2"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "app.db")


@pytest.fixture
def app(db: str) -> Any:
    return make_app(db, Settings(bot_pace="instant", pause=0.0))


def _client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


ann = pytest.fixture(_client)
bo = pytest.fixture(_client)


def _me(client: TestClient) -> dict[str, Any]:
    body: dict[str, Any] = client.get("/api/me").json()
    return body


def _post(client: TestClient, path: str, body: object) -> Any:
    csrf = _me(client)["csrf"]
    return client.post(path, content=json.dumps(body), headers={"X-CSRF-Token": csrf})


def _played(store: Store, person: str, name: str, deals: int) -> Room:
    """A room where ``person`` (as ``name``) played ``deals`` deals against bots, stored."""
    msg = Create(type="create", name=name, seats=["easy"] * 3, deals=deals)
    room = Room.create(secrets.token_hex(5).upper(), msg)
    room.people[0] = person
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    store.write([room.write({"type": "create"}, 0)])
    step = 0
    while room.status == "playing":
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
        store.write([room.write({"type": "act", "id": str(step)}, 0)])
        step += 1
    return room


def _account(db: str, person: str) -> None:
    engine = sa.create_engine(db)
    with engine.begin() as conn:
        conn.execute(sa.update(PEOPLE).where(PEOPLE.c.id == person).values(kind="account"))
    engine.dispose()


def test_my_games_are_mine_paged_and_open_as_records(
    app: Any, ann: TestClient, bo: TestClient
) -> None:
    store = app.state.hub.store
    a, b = _me(ann)["person"], _me(bo)["person"]
    _played(store, a["id"], "Ann", 3)
    _played(store, b["id"], "Bo", 1)
    mine = ann.get("/api/me/games?size=2").json()
    assert mine["total"] == 3 and len(mine["games"]) == 2
    rest = ann.get("/api/me/games?size=2&page=1").json()["games"]
    rows = mine["games"] + rest
    assert len(rows) == 3 and len({(g["room"], g["number"]) for g in rows}) == 3
    assert all(g["players"][0] == "Ann" and g["seat"] == 0 for g in rows)
    theirs = bo.get("/api/me/games").json()
    assert theirs["total"] == 1 and theirs["games"][0]["players"][0] == "Bo"
    game = rows[0]
    record = load_record(ann.get(game["record"]).text)
    assert record.verify() == [] and record.result["scores"][0] == game["points"]  # type: ignore[index]
    assert game["replay"] == f"#replay&room={game['room']}&seat=0&deal={game['number'] + 1}"
    stats = ann.get("/api/me/stats").json()
    [classic] = stats["presets"]
    assert classic["deals"] == 3 and classic["wins"] == sum(g["won"] for g in rows)
    assert classic["average"] == round(sum(g["points"] for g in rows) / 3, 2)
    assert [s["total"] for s in stats["series"]][-1] == sum(g["points"] for g in rows)
    bad = ann.get("/api/me/games?page=-1")
    assert bad.status_code == 400 and bad.json()["params"]["field"] == "page"
    ann.cookies.clear()
    assert ann.get("/api/me/games").status_code == 401  # nobody: nothing to read


def test_a_profile_is_checked_and_the_dataset_consent_logged(db: str, ann: TestClient) -> None:
    _me(ann)  # a guest
    assert ann.get("/api/me/profile").json()["profile"]["dataset"] is False
    answer = _post(ann, "/api/me/profile", {"initials": "AL", "colour": "#aa3300", "dataset": True})
    assert answer.status_code == 200 and answer.json()["profile"]["initials"] == "AL"
    for body, field in (
        ({"colour": "red"}, "colour"),
        ({"languages": ["xx"]}, "languages"),
        ({"preset": "nope"}, "preset"),
        ({"bot_level": "godlike"}, "bot_level"),
        ({"initials": "ABCD"}, "initials"),
        ({"avatar": "x.png"}, "avatar"),
    ):
        refused = _post(ann, "/api/me/profile", body)
        assert refused.status_code == 400 and refused.json()["params"]["field"] == field
    kept = ann.get("/api/me/profile").json()["profile"]
    assert (kept["colour"], kept["dataset"], kept["languages"]) == ("#aa3300", True, [])
    _post(ann, "/api/me/profile", {"languages": ["vi", "en"], "dataset": False})
    audit = [a["action"] for a in ann.get("/api/me/export").json()["audit"]]
    assert audit[-2:] == ["dataset_given", "dataset_withdrawn"]


def test_export_and_delete(app: Any, ann: TestClient, bo: TestClient) -> None:
    store = app.state.hub.store
    a, b = _me(ann)["person"], _me(bo)["person"]
    room = _played(store, a["id"], "Ann", 1)
    _played(store, b["id"], "Bo", 1)
    export = ann.get("/api/me/export")
    assert export.headers["content-disposition"].startswith("attachment;")
    body = export.json()
    assert body["person"]["id"] == a["id"]
    # what docs/privacy.md lists, and no key that is always empty (chat is never stored)
    listed = {"person", "profile", "games", "sessions", "passkeys", "audit"}
    assert set(body) == {"format", "version", *listed}
    assert [g["room"] for g in body["games"]] == [room.code] and len(body["sessions"]) == 1
    wrong = _post(ann, "/api/me/delete", {"handle": "someone-else"})
    assert wrong.status_code == 400 and wrong.json()["code"] == "confirm_handle"
    with ann.websocket_connect(WS) as ws:
        assert ws.receive_json()["type"] == "hello"
        done = _post(ann, "/api/me/delete", {"handle": a["handle"]})
        assert done.status_code == 200
        assert ws.receive_json()["code"] == "signed_out"  # its sockets closed
    assert load_record(store.record(room.code, 0)).players[0] == "Ann"  # as played
    engine = store.engine
    with engine.connect() as conn:
        left = {
            t: conn.execute(
                sa.text(f"SELECT count(*) FROM {t} WHERE person = :p"), {"p": a["id"]}
            ).scalar()
            for t in ("results", "sessions", "profiles")
        }
        gone = conn.execute(sa.select(PEOPLE).where(PEOPLE.c.id == a["id"])).first()
        logged = conn.execute(
            sa.text("SELECT action FROM audit WHERE person = :p ORDER BY id DESC"), {"p": a["id"]}
        ).scalar()
    assert left == {"results": 0, "sessions": 0, "profiles": 0} and gone is None
    assert logged == "account_deleted"
    assert _me(ann)["person"]["id"] != a["id"]  # the browser is somebody new
    assert bo.get("/api/me/games").json()["total"] == 1  # the others' games stay


def test_the_operator_page_is_for_operators_and_a_suspension_holds(
    db: str, ann: TestClient, bo: TestClient
) -> None:
    a, b = _me(ann)["person"], _me(bo)["person"]
    assert ann.get("/api/admin/attention").status_code == 404
    suspend = {"action": "suspend", "handle": b["handle"], "reason": "spam"}
    assert _post(ann, "/api/admin/act", suspend).status_code == 404
    _account(db, a["id"])
    runner = CliRunner()
    granted = runner.invoke(cli, ["admin", "grant", a["handle"], "--database", db])
    assert granted.exit_code == 0, granted.output
    assert ann.get("/api/admin/attention").json()["operators"] == [a["handle"]]
    with bo.websocket_connect(WS + "&lang=vi") as ws:
        assert ws.receive_json()["type"] == "hello"
        done = _post(ann, "/api/admin/act", suspend)
        assert done.json() == {"done": "suspend", "handle": b["handle"], "closed": 1}
        assert ws.receive_json()["code"] == "signed_out"
    assert ann.get("/api/admin/attention").json()["suspended"] == [b["handle"]]
    assert _me(bo)["person"]["id"] == b["id"]  # still themselves, not a fresh guest
    with bo.websocket_connect(WS + "&lang=vi") as ws:
        ws.receive_json()
        ws.send_json({"type": "create", "name": "Bo", "seats": ["easy"] * 3})
        refused = ws.receive_json()
    assert refused["code"] == "suspended"
    assert refused["message"] == catalogue("vi")("error.suspended")
    missing = _post(ann, "/api/admin/act", {"action": "restore", "handle": "nobody-here"})
    assert missing.status_code == 404 and missing.json()["code"] == "no_person"
    restored = runner.invoke(cli, ["admin", "restore", b["handle"], "--database", db])
    assert restored.exit_code == 0
    listed = runner.invoke(cli, ["admin", "attention", "--database", db, "--json"])
    assert json.loads(listed.output)["suspended"] == []
    guest = runner.invoke(cli, ["admin", "grant", b["handle"], "--database", db])
    assert guest.exit_code == 2 and "guest" in guest.output
    engine = sa.create_engine(db)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT action, actor FROM audit WHERE action LIKE 'operator_%' ORDER BY id")
        ).all()
    engine.dispose()
    assert [tuple(r) for r in rows] == [
        ("operator_grant", None),
        ("operator_suspend", a["id"]),
        ("operator_restore", None),
    ]


def test_the_page_is_told_who_operates_and_the_operator_reads_the_audit_log(
    db: str, ann: TestClient, bo: TestClient
) -> None:
    a, b = _me(ann)["person"], _me(bo)["person"]
    assert _me(ann)["operator"] is False
    assert ann.get("/api/admin/audit").status_code == 404
    _account(db, a["id"])
    runner = CliRunner()
    assert runner.invoke(cli, ["admin", "grant", a["handle"], "--database", db]).exit_code == 0
    assert _me(ann)["operator"] is True and _me(bo)["operator"] is False
    assert bo.get("/api/admin/audit").status_code == 404
    _post(ann, "/api/admin/act", {"action": "suspend", "handle": b["handle"], "reason": "spam"})
    lines = ann.get("/api/admin/audit?size=2").json()["lines"]
    assert len(lines) == 2
    assert lines[0] == {
        "at": lines[0]["at"],
        "action": "operator_suspend",
        "handle": b["handle"],
        "actor": a["handle"],
        "by_server": False,
        "detail": {"handle": b["handle"], "reason": "spam"},
    }
    assert lines[1]["action"] == "operator_grant" and lines[1]["by_server"] is True
    assert ann.get("/api/admin/audit?size=x").json()["code"] == "bad_field"


def test_the_games_given_to_the_dataset_are_exported_as_decisions(
    app: Any, db: str, ann: TestClient, bo: TestClient, tmp_path: Path
) -> None:
    from bigtwo.env.dataset import load

    store = app.state.hub.store
    a, b = _me(ann)["person"], _me(bo)["person"]
    _post(ann, "/api/me/profile", {"dataset": True})
    given = _played(store, a["id"], "Ann", 1)
    _played(store, b["id"], "Bo", 1)  # not given
    out = tmp_path / "human.parquet"
    done = CliRunner().invoke(cli, ["admin", "dataset", str(out), "--database", db])
    assert done.exit_code == 0, done.output
    rows = load(out)
    record = load_record(store.record(given.code, 0))
    turns = sum(1 for action in record.actions if action.startswith("p0 "))
    assert set(rows["bot"]) == {"person"} and set(rows["seat"]) == {0}
    assert 0 < len(rows["action"]) <= turns and "from 1 deals" in done.output
