"""`bigtwo play` end to end: the installed command on a pseudo-terminal, as a person uses it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pexpect
from test_cli_support import (
    ANOTHER,
    BIGTWO,
    PROMPT,
    first_deal,
    interrupt,
    plain,
    play_by_hints,
    seed_where_you_lead,
    spawn,
)

import bigtwo


def test_play_a_full_deal_by_typing_moves_and_save_its_record(tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    child = spawn("play", "--seed", "5", "--pace", "0", "--save", str(record))
    child.expect("Hand")
    typed = play_by_hints(child)
    assert typed, "the deal needed at least one move from seat 0"
    transcript = plain(child.before)
    child.sendline("n")
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Record saved to" in transcript
    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    game = rec.replay()
    assert game.is_over and rec.verify() == []
    mine = [a.split(" ", 1)[1] for a in rec.actions if a.startswith("p0 ")]
    assert mine == typed


def test_the_table_shows_counts_the_last_play_and_a_sorted_hand() -> None:
    child = spawn("play", "--seed", str(seed_where_you_lead()), "--pace", "0")
    child.expect("Your lead › ")
    screen = plain(child.before)
    for seat in (1, 2, 3):
        assert f"greedy-{seat}  13 cards" in screen
    assert "the first play must include 3♦" in screen
    hand = screen.split("Hand")[-1].split("(13)")[0].split()
    assert hand[0] == "3♦" and len(hand) == 13
    child.sendline("quit")
    child.expect(r"\[y/N\] ")
    child.sendline("y")
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)


def test_bad_input_gets_a_reason_and_the_prompt_again() -> None:
    seed = seed_where_you_lead()
    hand = bigtwo.cards.cards_of(first_deal(seed).hands[0])
    odd = next(c for c in hand if c.rank != hand[0].rank)
    child = spawn("play", "--seed", str(seed), "--pace", "0", color=True)
    child.expect("Your lead › ")
    assert "\x1b[1;31m3♦" in (child.before or ""), "red suits are red on a colour terminal"
    for typed, reason in (
        ("pass", "you have the lead, so you can't pass"),
        ("4x", "can't read '4x' as a card"),
        (f"3d {odd}", f"3♦ {odd.symbol()} is not a combination"),
        ("3d 3d", "3♦ is named 2 times"),
        ("no", "nothing is offered to you to decline"),  # the table reads the words itself
    ):
        child.sendline(typed)
        child.expect(reason)
        child.expect("Your lead › ")
    child.sendline("help")
    child.expect("hint")
    child.expect("Your lead › ")
    child.sendline("3d")  # accepted: the game goes on to the next prompt
    child.expect([PROMPT, ANOTHER])
    interrupt(child)
    child.expect(pexpect.EOF)
    assert "Traceback" not in (child.before or "")


def test_quit_asks_first_and_eof_says_goodbye() -> None:
    child = spawn("play", "--seed", "2", "--pace", "0")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Leave in the middle of this deal\? \[y/N\] ")
    child.sendline("n")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_play_works_from_a_pipe_without_a_terminal() -> None:
    run = subprocess.run(
        [str(BIGTWO), "play", "--seed", "2", "--rules", "hk", "--players", "3"],
        input="hint\nrules\nnonsense\n",
        capture_output=True,
        text=True,
        timeout=30,
        env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    out = run.stdout
    assert "hard (heuristic) would" in out and "why: " in out
    assert "straight_order = hong-kong" in out
    assert "can't read 'nonsense'" in out
    assert out.rstrip().endswith("Goodbye.")
    assert "\x1b[" not in out


def test_play_with_six_players_and_two_decks_to_the_end_of_a_deal() -> None:
    # cards.two_decks: five to eight players take two decks; typed hints play the deal out
    moves = "".join("hint\n" for _ in range(3)) + "pass\n" * 200
    args = ["play", "--seed", "4", "--players", "6", "--pace", "0", "--set", "flushes=no"]
    run = subprocess.run(
        [str(BIGTWO), *args],
        input=moves + "n\n",
        capture_output=True,
        text=True,
        timeout=120,
        env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "classic+custom rules" in out and out.count("greedy-") >= 5
    assert "(17)" in out, "two decks deal 104 cards: 17 to each of six, two left over"
    assert "After 1 deal" in out or "Goodbye." in out


def test_fair_shuffle_a_secret_deal_shows_its_commitment_before_play(tmp_path: Path) -> None:
    """Without --seed the deal is shuffled in secret; its commitment is on screen before the
    first play, and the saved record (and session record) verify against it."""
    import re

    record = tmp_path / "deal.json"
    child = spawn("play", "--pace", "0", "--save", str(record))
    child.expect("Hand")
    shown = re.findall(r"commitment ([0-9a-f]{64})", plain(child.before))
    assert len(shown) == 1
    play_by_hints(child)
    child.sendline("n")
    child.expect(pexpect.EOF)
    rec = bigtwo.load_record(record.read_text(encoding="utf-8"))
    assert not rec.seeded and rec.seed is None and rec.commitment == shown[0]
    assert rec.verify(shown[0]) == []
    assert rec.players[0] == "player" and rec.players[1] == "greedy-1"
    session = record.with_name("deal-session.json").read_text(encoding="utf-8")
    assert bigtwo.load_session_record(session).verify((shown[0],)) == []


def test_a_near_miss_of_a_command_is_named_once_and_a_command_typed_right_not_at_all() -> None:
    from cli_run import run_cli

    ran = run_cli(["play", "--seed", "5", "--pace", "0"], b"pas\npass\n")
    assert ran.out.count("did you mean") == 1, ran.out
    assert "(did you mean 'pass'?)" in " ".join(ran.out.split())
    # the lead's pass is refused for what the first play must be, with no suggestion
    assert "the first play must include 3♦\n" in ran.out
