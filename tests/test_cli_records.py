"""`bigtwo simulate`, `replay` and `verify` end to end through the installed command."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest
from test_cli_support import plain, spawn

import bigtwo


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A deal played to the end by `bigtwo play --save`, every move typed as 'hint' says."""
    from test_cli_support import play_by_hints

    path = tmp_path_factory.mktemp("records") / "deal.json"
    child = spawn("play", "--seed", "11", "--pace", "0", "--save", str(path), "--name", "Ann")
    play_by_hints(child)
    child.sendline("n")
    child.expect(pexpect.EOF)
    return path


def output(*args: str) -> tuple[str, int]:
    child = spawn(*args)
    child.expect(pexpect.EOF)
    child.close()
    return plain(child.before), child.exitstatus or 0


def test_replay_shows_every_hand_each_action_and_the_result(record: Path) -> None:
    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    text, code = output("replay", str(record))
    assert code == 0
    assert "Hands at the start" in text and "Ann" in text
    assert text.count("cards left") == 4
    for seat, hand in enumerate(rec.hands or ()):
        first = bigtwo.parse_cards(hand)[0].symbol()
        assert first in text, seat
    last = len(rec.actions)
    assert f"\n{last:>3}  " in text
    assert "wins the deal" in text


def test_replay_for_one_seat_hides_the_other_hands(record: Path) -> None:
    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    text, code = output("replay", str(record), "--seat", "1")
    assert code == 0
    assert "as seen by greedy-1" in text
    assert text.count("13 cards") == 3
    for seat in (0, 2, 3):  # no other hand appears as a line of cards
        shown = " ".join(c.symbol() for c in bigtwo.parse_cards((rec.hands or ())[seat])[:4])
        assert shown not in text


def test_verify_says_a_played_deal_was_fair(record: Path) -> None:
    text, code = output("verify", str(record))
    assert code == 0
    assert "VERIFIED" in text and "NOT" not in text and "FORGED" not in text
    assert "proven only against a commitment a player kept" in " ".join(text.split())


def test_verify_against_the_commitment_shown_at_the_table(record: Path) -> None:
    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    text, code = output("verify", str(record), "--commitment", rec.commitment)
    assert code == 0 and "against the commitment you kept" in text
    text, code = output("verify", str(record), "--commitment", "ab" * 32)
    assert code == 1 and "FORGED" in text
    text, code = output("verify", str(record), "--commitment", "xyz")
    assert code == 2 and "64 hex digits" in text


def test_verify_layout_hashes_to_the_commitment(record: Path) -> None:
    import hashlib
    import subprocess
    import sys

    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    bigtwo_cmd = Path(sys.executable).with_name("bigtwo")
    raw = subprocess.run(
        [str(bigtwo_cmd), "verify", str(record), "--layout"], capture_output=True, check=True
    ).stdout
    assert raw.startswith(b"bigtwo-commitment 2\n")
    assert hashlib.sha256(raw).hexdigest() == rec.commitment


def test_verify_a_whole_session_written_beside_the_deals(record: Path) -> None:
    session = record.with_name("deal-session.json")
    text, code = output("verify", str(session))
    assert code == 0 and "VERIFIED: the session's 1 deal checks out" in text


def test_verify_says_a_tampered_deal_was_not_proven_fair(record: Path, tmp_path: Path) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    deck = data["deal"]["deck"].split()
    deck[0], deck[-1] = deck[-1], deck[0]
    data["deal"]["deck"] = " ".join(deck)
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    text, code = output("verify", str(forged))
    assert code == 1
    assert "NOT VERIFIED" in text and "do not open the record's commitment" in text


@pytest.mark.parametrize(
    ("typed", "interrupt"),
    [(b"3d\nquit\ny\n", False), (b"3d\n", False), (b"3d\n", True)],
    ids=["quit", "end-of-input", "ctrl-c"],
)
def test_a_first_deal_left_unfinished_is_saved_as_far_as_it_went(
    tmp_path: Path, typed: bytes, interrupt: bool
) -> None:
    """Quitting deal 1 (by word, Ctrl-D or Ctrl-C) still writes ``--save``'s record: the deal
    so far, its result null, which replay shows stopping short and verify calls incomplete;
    no session record, since no deal finished."""
    from cli_run import run_cli

    path = tmp_path / "deal.json"
    played = run_cli(["play", "--seed", "5", "--pace", "0", "--save", str(path)], typed,
                     interrupt=interrupt)  # fmt: skip
    assert played.code == 0, played.err
    said = f"Record of the unfinished deal saved to {path}"
    assert "".join(said.split()) in "".join(played.out.split())  # a long path wraps anywhere
    rec = bigtwo.load_record(path.read_text(encoding="utf-8"))
    assert rec.result is None and rec.actions[0] == "p0 3D" and len(rec.actions) >= 4
    assert not (tmp_path / "deal-session.json").exists()
    replayed = run_cli(["replay", str(path)])
    assert replayed.code == 0 and "The record stops before the deal is over." in replayed.out
    verified = run_cli(["verify", str(path)])
    assert verified.code == 1 and "incomplete" in verified.out + verified.err


def test_simulate_reports_each_seat() -> None:
    text, code = output(
        "simulate", "--games", "40", "--rules", "classic", "--bots", "random,greedy", "--seed", "3"
    )
    assert code == 0
    assert "40 deals · classic rules · 4 players · seed 3" in text
    rows = [r for r in map(str.split, text.splitlines()) if len(r) == 6 and r[0].isdigit()]
    assert [r[1] for r in rows] == ["random", "greedy", "random", "greedy"]
    wins = sum(int(r[4]) for r in rows)
    assert wins == 40
    assert all(r[5].endswith("%") for r in rows)
    assert abs(sum(float(r[2]) for r in rows)) < 0.05  # classic scores sum to zero each deal


def test_an_unfinished_deal_that_cant_be_saved_is_said_and_the_goodbye_still_comes() -> None:
    """A ``--save`` path that can't be written (here under /proc) is said on standard error
    when the player stops, the goodbye comes all the same, and the exit code says it failed."""
    from cli_run import run_cli

    path = "/proc/bigtwo-deal.json"
    played = run_cli(["play", "--seed", "5", "--pace", "0", "--save", path], b"3d\n",
                     interrupt=True)  # fmt: skip
    assert played.code == 2, played.out
    assert "Goodbye." in played.out
    assert played.err.startswith("bigtwo: ") and "bigtwo-deal.json" in played.err
