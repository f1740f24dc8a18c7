"""What the API writes, the reader reads: one limit and one check for players' names, kept by
every writer (`Game.deal`, the server, the terminal, the browser's field) and the record reader;
every record and session the API can write loads back, replays and verifies."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import bigtwo
from bigtwo.checks import NAME_LENGTH, player_name
from bigtwo.record_files import load_session_record
from bigtwo.server.room import RoomError
from bigtwo.server.room import _name as server_name
from bigtwo.session import Session
from bigtwo.session_record import SessionRecord
from conftest import play_out

WEB = Path(bigtwo.__file__).parent / "web"
PRESETS = bigtwo.Rules.presets()

# what a name may hold: any character but control, format (bidi, zero-width), surrogate and
# private-use ones; not only spaces
name_text = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co")), min_size=1, max_size=NAME_LENGTH
).filter(str.strip)
ODD = (
    "Zoë 大老二 👍",  # accents, CJK, an emoji
    "  padded  ",  # spaces around: a name is kept as given
    "\"\\'<b>{}[]",  # JSON's and HTML's own characters
    "שלום عالم",  # right-to-left letters (the bidi controls themselves are refused)
    "e\u0301\u0301\u0301",  # combining marks
    "a\u00a0b\u3000c",  # no-break and ideographic spaces
    "\u2028\u2029",  # line and paragraph separators: plain text, escaped where shown
    "W" * NAME_LENGTH,  # at the limit
)


def test_one_name_limit_for_every_writer_and_reader() -> None:
    at_limit, over = "n" * NAME_LENGTH, "n" * (NAME_LENGTH + 1)
    names = [at_limit, "b", "c", "d"]
    record = bigtwo.Game.deal(seed=1, players=names).record()
    assert bigtwo.load_record(record.dumps()).players == tuple(names)
    with pytest.raises(bigtwo.BigTwoError, match=f"at most {NAME_LENGTH}"):
        bigtwo.Game.deal(seed=1, players=[over, "b", "c", "d"])
    data = json.loads(record.dumps())
    data["players"][0] = over
    with pytest.raises(bigtwo.BigTwoError, match=rf"players\.0: .*at most {NAME_LENGTH}"):
        bigtwo.load_record(json.dumps(data))
    assert server_name(f"  {at_limit}  ") == at_limit  # people's typing is trimmed first
    with pytest.raises(RoomError, match=f"at most {NAME_LENGTH}"):
        server_name(over)
    # the browser's field and its refusal say the same limit
    field = (WEB / "js" / "name-field.js").read_text(encoding="utf-8")
    assert re.findall(r"maxlength: (\d+)", field) == [str(NAME_LENGTH)]
    words = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert f"at most {NAME_LENGTH} characters" in words["error.bad_name"]


@pytest.mark.parametrize(
    "name,reason",
    [("", "empty"), ("   ", "empty"), ("a\u202eb", "U+202E"), ("a\x1bb", "U+001B"), (5, "text")],
)
def test_a_name_every_reader_refuses_is_refused_by_every_writer(name: object, reason: str) -> None:
    with pytest.raises(bigtwo.BigTwoError, match=re.escape(reason)):
        player_name(name)
    with pytest.raises(bigtwo.BigTwoError, match=re.escape(reason)):
        bigtwo.Game.deal(seed=1, players=[name, "b", "c", "d"])
    data = json.loads(bigtwo.Game.deal(seed=1).record().dumps())
    data["players"][0] = name
    with pytest.raises(bigtwo.BigTwoError, match=r"players\.0"):
        bigtwo.load_record(json.dumps(data))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    names=st.lists(name_text, min_size=8, max_size=8),
    seed=st.integers(0, 2**32),
    secret=st.booleans(),
)
@example(preset="classic", names=[*ODD], seed=1, secret=False)
def test_every_deal_the_api_writes_loads_back_and_verifies(
    preset: str, names: list[str], seed: int, secret: bool
) -> None:
    rules = bigtwo.Rules.preset(preset)
    players = names[: rules.players]
    game = play_out(bigtwo.Game.deal(rules, seed=None if secret else seed, players=players))
    record = game.record()
    read = bigtwo.load_record(record.dumps())
    assert read == record
    assert read.replay() == game
    assert read.verify() == []
    for seat in range(rules.players):
        export = record.for_seat(seat)
        assert bigtwo.load_record(export.dumps()) == export
        assert read.verify(export) == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    names=st.lists(name_text, min_size=8, max_size=8),
    seed=st.integers(0, 2**32),
)
@example(preset="president", names=[*ODD], seed=4)
def test_every_session_the_api_writes_loads_back_and_verifies(
    preset: str, names: list[str], seed: int
) -> None:
    rules = bigtwo.Rules.preset(preset)
    session = Session.start(rules, seed, players=names[: rules.players])
    games = []
    for _ in range(3):
        game = play_out(session.next_deal())
        session = session.finish(game)
        games.append(game)
    record = SessionRecord.of(session, games)
    read = load_session_record(record.dumps())
    assert read == record
    assert read.verify() == []
