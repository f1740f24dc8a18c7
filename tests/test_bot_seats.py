"""Bots kept by their level, named where they are shown: a room's records write a bot's seat as
``{"bot": "easy"}`` (bound by the commitment like a name), each front end names it in its
reader's language from the catalogue (``easy bot 2``), and records written before, whose bots
have English names, still load, verify and show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bigtwo import Game, load_record, load_session_record
from bigtwo.checks import BotSeat, player
from bigtwo.cli.records import replay_command
from bigtwo.engine.commitment import layout
from bigtwo.errors import BigTwoError
from bigtwo.i18n import catalogue
from bigtwo.server.protocol import Create, Host
from bigtwo.server.replay import replay
from bigtwo.server.room import Room
from bigtwo.session_record import SessionRecord

OLD = Path(__file__).with_name("golden") / "record-english-bots.json"


def finished_room() -> Room:
    """Ann and three bots; Ann goes away, so the bots (and her stand-in) play the deal out."""
    msg = Create(type="create", name="Ann", seats=["easy", "easy", "hard"], deals=1)
    room = Room.create("ABCD2345", msg)
    room.host_action(0, Host(type="host", what="start"), now=0.0)
    room.set_away(0, True, now=1.0)
    assert room.finished
    return room


def test_a_rooms_record_keeps_its_bots_by_level_and_binds_them() -> None:
    room = finished_room()
    game = room.finished[0]
    written = json.loads(game.record().dumps())
    assert written["players"] == ["Ann", {"bot": "easy"}, {"bot": "easy"}, {"bot": "hard"}]
    assert [s["name"] for s in room.summary()["seats"]] == ["Ann", "", "", ""]
    record = load_record(json.dumps(written))
    assert record.players == ("Ann", BotSeat("easy"), BotSeat("easy"), BotSeat("hard"))
    assert record.audit()[0] == []
    bytes_ = layout(record.rules, record.terms, [], "")
    assert b'players ["Ann",{"bot":"easy"},{"bot":"easy"},{"bot":"hard"}]\n' in bytes_
    # the commitment binds the level: a record that swaps one no longer opens it
    written["players"][3] = {"bot": "easy"}
    assert any("commitment" in p for p in load_record(json.dumps(written)).audit()[0])
    written["players"][3] = "hard bot"
    assert any("commitment" in p for p in load_record(json.dumps(written)).audit()[0])


def test_a_stored_room_and_its_session_record_keep_the_levels() -> None:
    room = finished_room()
    again = Room.loads(json.dumps(room.to_dict()))
    assert again.table is not None
    assert again.table.session.players == room.table.session.players  # type: ignore[union-attr]
    assert again.table.session.players[1] == BotSeat("easy")
    session = SessionRecord.of(room.table.session, room.finished)  # type: ignore[union-attr]
    back = load_session_record(session.dumps())
    assert back.players[3] == BotSeat("hard") and back.deals[0].players[3] == BotSeat("hard")


def test_the_replay_sends_the_level_for_the_page_to_name() -> None:
    record = finished_room().finished[0].record()
    assert replay(record)["players"][1:] == [{"bot": "easy"}, {"bot": "easy"}, {"bot": "hard"}]


def test_each_language_names_a_bot_by_its_level_and_seat() -> None:
    assert catalogue("en").bot("easy", 1) == "easy bot 2"
    assert catalogue("zh-Hant").bot("hard", 3) == catalogue("zh-Hant")("kind.hard") + " 4"
    assert catalogue("vi").bot("easy", 1) != catalogue("en").bot("easy", 1)
    assert catalogue("en").bot("greedy", 2) == "greedy 3"  # a level with no name: its code


@pytest.mark.parametrize(
    "mark",
    [{"bot": "Easy!"}, {"bot": 3}, {"bot": ""}, {"bot": "easy", "seat": 1}, {"level": "easy"}],
)
def test_a_bad_bot_mark_is_refused_in_words(mark: object) -> None:
    with pytest.raises(BigTwoError, match=r"bot|name"):
        player(mark)
    with pytest.raises(BigTwoError, match=r"bot|name"):
        Game.deal(seed=1, players=["Ann", mark, "Bo", "Cy"])  # type: ignore[list-item]
    text = json.loads(OLD.read_text(encoding="utf-8"))
    text["players"][1] = mark
    with pytest.raises(BigTwoError, match=r"game record field players\.1: .*(bot|name)"):
        load_record(json.dumps(text))


def test_a_record_from_before_with_english_bot_names_still_verifies_and_shows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = load_record(OLD.read_text(encoding="utf-8"))
    assert record.players == ("Ann", "easy bot", "easy bot", "hard bot")
    assert record.audit()[0] == []
    assert replay(record)["players"] == ["Ann", "easy bot", "easy bot", "hard bot"]
    replay_command(OLD)
    shown = capsys.readouterr().out
    assert "easy bot" in shown and "easy bot 2" not in shown


def test_the_terminal_names_a_bot_as_the_table_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deal.json"
    path.write_text(finished_room().finished[0].record().dumps(), encoding="utf-8")
    replay_command(path)
    shown = capsys.readouterr().out
    assert "easy bot 2" in shown and "easy bot 3" in shown and "hard bot 4" in shown
    assert "bot" + '"' not in shown  # never the record's {"bot": …} mark
