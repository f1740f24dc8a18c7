"""The server's storage on SQLite and on a real PostgreSQL: migrations apply (twice is a
no-op; on PostgreSQL the columns written each action are compressed with lz4), a batch
commits rooms, actions and records together, and a room played through the store comes back
from it exactly (each seat's view and offers equal), deal records included, though most of
its changes are stored as patches of a few hundred bytes; a room stored by the schema before
patches loads, and one missing a change is refused as unreadable."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from bigtwo.record_files import load_record
from bigtwo.server.accounts import Directory
from bigtwo.server.protocol import Act, Create, Host
from bigtwo.server.room import Room, RoomError
from bigtwo.server.store import MIGRATIONS, SNAPSHOT_EVERY, Store, Write


def _code() -> str:
    return secrets.token_hex(5).upper()


def test_migrations_apply_once(database_url: str) -> None:
    Store(database_url).close()
    store = Store(database_url)  # a second start finds the schema current
    with store.engine.connect() as conn:
        version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
    assert version == "0010"
    store.close()


def test_the_columns_written_each_action_are_compressed_with_lz4_on_postgresql(
    postgres_url: str,
) -> None:
    store = Store(postgres_url)
    with store.engine.connect() as conn:
        found = conn.execute(
            sa.text(
                "SELECT c.relname, a.attname, a.attcompression FROM pg_attribute a"
                " JOIN pg_class c ON c.oid = a.attrelid"
                " WHERE (c.relname, a.attname) IN"
                " (('rooms', 'data'), ('changes', 'events'), ('records', 'body'))"
                " ORDER BY c.relname"
            )
        ).all()
    store.close()
    assert [tuple(r) for r in found] == [
        ("changes", "events", "l"),
        ("records", "body", "l"),
        ("rooms", "data", "l"),
    ]


def test_a_batch_commits_together(database_url: str) -> None:
    store = Store(database_url)
    a, b = _code(), _code()
    room = {"code": a, "status": "playing", "public": True, "seq": 1}
    store.write(
        [
            Write(room, {"type": "create"}, 0, 0.9),  # a snapshot: the room's row
            Write({**room, "seq": 2}, {"type": "act", "action": "3D"}, 0, 1.0, patch=[]),
            Write({**room, "seq": 3}, {"type": "act", "action": "pass"}, 1, 1.1, ("{}",), 0, []),
            Write({**room, "code": b, "status": "closed"}, None, None, 1.2),
        ]
    )
    stored = {code: form for code, form in store.rooms()}
    assert b not in stored  # closed rooms stay out
    text, tail, seq = stored[a]  # the snapshot and the changes after it, the last its version
    assert (json.loads(text)["seq"], tail, seq) == (1, [(2, "[]"), (3, "[]")], 3)
    assert [x["action"] for x in store.actions(a) if x["type"] == "act"] == ["3D", "pass"]
    assert store.record(a, 0) == "{}" and store.record(a, 1) is None
    with pytest.raises(sa.exc.IntegrityError):  # a record is written once
        store.write([Write({**room, "seq": 4}, None, None, 2.0, ("{}",), 0, [])])
    assert store.rooms()[0][1][2] == 3  # the failed batch left nothing
    with pytest.raises(sa.exc.IntegrityError):  # and a change too
        store.write([Write({**room, "seq": 3}, None, None, 2.0, (), 0, [])])
    store.close()


def test_a_change_in_play_writes_one_row_and_a_snapshot_the_rooms_row(tmp_path: Path) -> None:
    """The room's row is written with a snapshot only (one process): a change in play is
    its row of ``changes`` alone, the action in it; a snapshot drops the changes before."""
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    room = _played(0)
    store.write([room.write({"type": "create"}, 0)])
    with store.engine.connect() as conn:
        row = conn.execute(sa.text("SELECT seq, updated FROM rooms")).one()
    since: list[str] = []  # the actions since the last snapshot, its own included
    for step in range(SNAPSHOT_EVERY + 2):
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
        write = room.write({"type": "act", "id": str(step)}, 0)
        store.write([write])
        with store.engine.connect() as conn:
            now = conn.execute(sa.text("SELECT seq, updated FROM rooms")).one()
            kept = conn.execute(sa.text("SELECT count(*) FROM changes")).scalar()
        if write.patch is not None:
            assert now == row and kept == room.seq - row[0] + 1
            since.append(str(step))
        else:
            assert now[0] == room.seq and kept == 1
            row, since = now, [str(step)]
    assert 1 < len(since) < SNAPSHOT_EVERY  # a snapshot came, and changes after it
    assert [a["id"] for a in store.actions(room.code)] == since
    store.close()


def test_a_room_comes_back_from_the_store_exactly(database_url: str) -> None:
    store = Store(database_url)
    room = Room.create(
        _code(),
        Create(
            type="create", name="Ann", seats=["easy", "random", "easy"], deals=2, turn_seconds=30
        ),
    )
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    store.write([room.write(None, None)])
    records: list[str] = []
    sizes: dict[bool, list[int]] = {True: [], False: []}  # patch or not: bytes stored
    steps = 0
    while room.status == "playing":
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(steps), action=offers[-1]), now=100.0 + steps)
        write = room.write({"action": offers[-1]}, 0)
        records += write.records
        store.write([write])
        patched = write.patch is not None
        sizes[patched].append(len(json.dumps(write.patch if patched else write.room)))
        [(text, tail, seq)] = [s for c, s in Store(database_url).rooms() if c == room.code]
        assert len(tail) <= SNAPSHOT_EVERY  # patches before a snapshot are not replayed
        back = Room.loads(text, tail, seq)
        for seat in (0, 1, 2, 3, None):
            assert back.state_for(seat) == room.state_for(seat)
        steps += 1
    assert room.status == "over" and len(records) == 2
    assert len(sizes[True]) > 0.9 * steps  # most changes: a patch, a tenth of a snapshot
    assert sum(sizes[True]) / len(sizes[True]) < sum(sizes[False]) / len(sizes[False]) / 10
    for number, text in enumerate(records):
        stored = store.record(room.code, number)
        assert stored == text
        assert load_record(stored).verify() == []
    store.close()


def _played(steps: int) -> Room:
    room = Room.create(_code(), Create(type="create", name="Ann", seats=["easy"] * 3))
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    for step in range(steps):
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
    return room


def _schema_at(url: str, revision: str) -> sa.Engine:
    """An engine on a new database at ``url`` whose schema stops at migration ``revision``."""
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
    return engine


def older_database(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest, revision: str
) -> tuple[str, sa.Engine]:
    """A new database of ``kind`` (``sqlite``, ``postgresql``: a throwaway cluster's) whose
    schema stops at migration ``revision``: its URL and an engine on it."""
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.db'}"
    else:
        url = request.getfixturevalue("postgres_cluster").database()
    return url, _schema_at(url, revision)


def write_in_play(engine: sa.Engine, room: Room) -> None:
    """``room`` in play written whole as a snapshot, the way versions from 0006 on wrote one."""
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO rooms (code, status, public, seq, data, updated, snap)"
                " VALUES (:code, 'playing', false, :seq, :data, 1.0, :seq)"
            ),
            {"code": room.code, "seq": room.seq, "data": json.dumps(room.write(None, None).room)},
        )


def test_a_room_stored_before_patches_loads_and_goes_on_in_patches(tmp_path: Path) -> None:
    """A room written whole by the schema before (0005: no ``snap``, no ``patch``) loads as it
    was, and its next changes are patches on it."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = _schema_at(url, "0005")
    room = _played(5)
    with engine.begin() as conn:  # as the version before wrote a change
        conn.execute(
            sa.text(
                "INSERT INTO rooms (code, status, public, seq, data, updated)"
                " VALUES (:code, 'playing', 0, :seq, :data, 1.0)"
            ),
            {"code": room.code, "seq": room.seq, "data": json.dumps(room.to_dict())},
        )
    engine.dispose()
    store = Store(url)
    [(code, stored)] = store.rooms()
    assert code == room.code
    back = Room.loads(*stored)
    for seat in (0, 1, 2, 3, None):
        assert back.state_for(seat) == room.state_for(seat)
    for step in range(3):
        offers = back.state_for(0)["offers"]
        back.act(0, Act(type="act", id=f"b{step}", action=offers[-1]), now=200.0 + step)
        write = back.write(None, None)
        assert write.patch is not None
        store.write([write])
    again = Room.loads(*store.rooms()[0][1])
    assert again.to_dict() == back.to_dict()
    store.close()


def test_a_room_stored_by_0006_loads_and_goes_on_in_rows_of_its_own(tmp_path: Path) -> None:
    """A room the version before stored (0006: its row's ``seq`` its version, the action in
    ``actions``) loads as it was after the migration, and goes on in rows of ``changes``
    that carry their action, its row untouched until a snapshot."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = _schema_at(url, "0006")
    room = _played(2)
    snapshot = room.write(None, None)
    with engine.begin() as conn:  # as the version before wrote a snapshot, then patches
        conn.execute(
            sa.text(
                "INSERT INTO rooms (code, status, public, seq, data, updated, snap)"
                " VALUES (:code, 'playing', 0, :seq, :data, 1.0, :seq)"
            ),
            {"code": room.code, "seq": room.seq, "data": json.dumps(snapshot.room)},
        )
        for step in range(3):
            offers = room.state_for(0)["offers"]
            room.act(0, Act(type="act", id=f"o{step}", action=offers[-1]), now=150.0 + step)
            patch = room.write(None, None).patch
            values = {"code": room.code, "seq": room.seq, "patch": json.dumps(patch)}
            conn.execute(sa.text("UPDATE rooms SET seq = :seq WHERE code = :code"), values)
            conn.execute(
                sa.text(
                    "INSERT INTO changes (room, seq, at, patch) VALUES (:code, :seq, 2, :patch)"
                ),
                values,
            )
            conn.execute(
                sa.text(
                    "INSERT INTO actions (room, seq, seat, body, at)"
                    " VALUES (:code, :seq, 0, '{}', 2)"
                ),
                values,
            )
    engine.dispose()
    store = Store(url)
    with store.engine.connect() as conn:
        indexes = {i["name"] for i in sa.inspect(conn).get_indexes("changes")}
    assert "changes_at" not in indexes  # only a shared database prunes by it
    [(code, stored)] = store.rooms()
    back = Room.loads(*stored)
    assert code == room.code and back.to_dict() == room.to_dict()
    with store.engine.connect() as conn:
        row = conn.execute(sa.text("SELECT seq, updated FROM rooms")).one()
    offers = back.state_for(0)["offers"]
    back.act(0, Act(type="act", id="n0", action=offers[-1]), now=200.0)
    write = back.write({"type": "act", "id": "n0"}, 0)
    assert write.patch is not None
    store.write([write])
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT seq, updated FROM rooms")).one() == row
    assert Room.loads(*store.rooms()[0][1]).to_dict() == back.to_dict()
    assert [a.get("id") for a in store.actions(room.code)] == ["n0"]
    store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_holding_todays_rooms_gains_the_people_tables(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Migration 0008 on a database at 0007 that holds a room in play: the room loads as it
    was and goes on; people, sessions, the audit log and the sign-in tables are there, and a
    guest and its session are written to them."""
    url, engine = older_database(kind, tmp_path, request, "0007")
    room = _played(3)
    write_in_play(engine, room)
    engine.dispose()
    store = Store(url)
    with store.engine.connect() as conn:
        tables = set(sa.inspect(conn).get_table_names())
    assert {"people", "sessions", "audit", "passkeys", "recovery_codes", "passwords"} <= tables
    [(code, stored)] = store.rooms()
    back = Room.loads(*stored)
    assert code == room.code and back.to_dict() == room.to_dict() and back.people == {}
    directory = Directory(store.engine)
    session, secret = directory.new_guest("Firefox, Linux", "127.0.0.1")
    assert directory.session(secret) == session
    assert [a["action"] for a in directory.audit(session.person.id)] == ["guest_created"]
    back.people[0] = session.person.id  # a room names its person, and keeps them
    offers = back.state_for(0)["offers"]
    back.act(0, Act(type="act", id="n0", action=offers[-1]), now=300.0)
    store.write([back.write({"type": "act", "id": "n0"}, 0)])
    assert Room.loads(*store.rooms()[0][1]).people == {0: session.person.id}
    store.close()


def test_a_room_missing_a_change_is_unreadable(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    room = _played(0)
    store.write([room.write(None, None)])
    for step in range(3):
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
        store.write([room.write(None, None)])
    text, tail, seq = store.rooms()[0][1]
    assert Room.loads(text, tail, seq).to_dict() == room.to_dict()
    for damaged in (tail[1:], tail[:-1], [*tail[:1], (tail[1][0], None), *tail[2:]]):
        with pytest.raises(RoomError) as refused:
            Room.loads(text, damaged, seq)
        assert refused.value.code == "unreadable"
    store.close()


def test_a_stored_room_holds_its_rules_once_and_one_stored_with_copies_still_loads() -> None:
    """The session, the deal and the last deal each carry the rules; a stored room names
    the room's own instead of repeating them (they were most of every snapshot written)."""
    room = Room.create(_code(), Create(type="create", name="Ann", seats=["easy"] * 3))
    room.host_action(0, Host(type="host", what="start"), now=100.0)
    for step in range(20):  # into the second deal: a last deal is kept
        offers = room.state_for(0)["offers"]
        room.act(0, Act(type="act", id=str(step), action=offers[-1]), now=100.0 + step)
    stored = json.loads(json.dumps(room.to_dict()))
    rules = stored["rules"]
    assert json.dumps(stored).count(json.dumps(rules)) == 1
    copies = {  # as rooms were stored before: each part with its copy
        key: {**part, "rules": rules} if isinstance(part, dict) and "rules" in part else part
        for key, part in stored["table"].items()
    }
    assert sum(1 for part in copies.values() if isinstance(part, dict) and "rules" in part) >= 2
    for form in (stored, {**stored, "table": copies}):
        back = Room.from_dict(form)
        for seat in (0, 1, 2, 3, None):
            assert back.state_for(seat) == room.state_for(seat)
        assert back.to_dict() == stored


def _plain(value: object, path: str = "$") -> str | None:
    """Where ``value`` is not a JSON value as read back (a tuple, a key that isn't text)."""
    if isinstance(value, dict):
        for key, item in value.items():
            found = f"key {key!r}" if type(key) is not str else _plain(item, f"{path}.{key}")
            if found:
                return found
    elif isinstance(value, list):
        return next((f for i, v in enumerate(value) if (f := _plain(v, f"{path}[{i}]"))), None)
    elif not (value is None or type(value) in (bool, int, float, str)):
        return f"{path}: {type(value).__name__}"
    return None


def test_the_form_kept_as_the_next_patchs_base_is_plain_and_its_own(tmp_path: Path) -> None:
    """The room's form is kept as the base of the next patch as it is built, not read back from
    JSON text: it must be JSON values as they read back, share nothing a later change alters,
    and the room read back from the store must be the room kept (host actions, two deals)."""
    store = Store(f"sqlite:///{tmp_path / 'rooms.db'}")
    seats = ["open", "easy", "easy"]
    room = Room.create(_code(), Create(type="create", name="Ann", seats=seats, deals=2))
    store.write([room.write({"type": "create"}, 0)])
    room.join("Bob", 1)
    room.host_action(0, Host(type="host", what="seat", seat=2, kind="random"), now=1.0)
    room.host_action(0, Host(type="host", what="start"), now=1.0)
    kept: list[tuple[dict[str, object], str]] = []
    step = 0
    while room.status == "playing":
        write = room.write({"n": step}, 0)
        store.write([write])
        assert _plain(write.room) is None, _plain(write.room)
        kept.append((write.room, json.dumps(write.room, sort_keys=True)))
        awaited = room.state_for(0)["awaiting"]
        seat = awaited[0] if awaited else 0
        offers = room.state_for(seat)["offers"]
        step += 1
        if offers:
            room.act(seat, Act(type="act", id=str(step), action=offers[-1]), now=2.0)
        else:
            room.deadline = 0.0
            room.expire(now=3.0)
    store.write([room.write(None, None)])
    assert all(json.dumps(form, sort_keys=True) == text for form, text in kept)  # unaltered
    [(_, stored)] = [s for s in store.rooms() if s[0] == room.code] or [(None, None)]
    assert stored is None or Room.loads(*stored).to_dict() == room.to_dict()
    store.close()
