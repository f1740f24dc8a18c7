"""Hostile records: each case is refused in words as it is read, and `bigtwo verify` and
`bigtwo replay` answer every one in a subprocess held to 2 s of CPU and 256 MB, with one line
on standard error and exit code 2."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from record_cases import CASES, RecordCase, genuine

import bigtwo

BIGTWO = str(Path(sys.executable).with_name("bigtwo"))
CPU_SECONDS = 2
MEMORY = 256 << 20


def test_the_corpus_is_large_and_every_case_is_named_once() -> None:
    ids = [f"{c.category}/{c.id}" for c in CASES]
    assert len(ids) == len(set(ids)) and len(ids) >= 90


def test_the_genuine_record_reads_and_verifies() -> None:
    assert bigtwo.load_record(genuine()).verify() == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.category}-{c.id}")
def test_a_hostile_record_is_refused_in_words_as_it_is_read(case: RecordCase) -> None:
    with pytest.raises(bigtwo.BigTwoError) as caught:
        bigtwo.load_record(case.data())
    message = str(caught.value)
    assert case.refusal in message, message
    assert "\n" not in message and len(message) < 400


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIGTWO, *args], capture_output=True, text=True, preexec_fn=_limited, timeout=60
    )


def _answer(command: str, case: RecordCase, folder: Path) -> subprocess.CompletedProcess[str]:
    """``bigtwo COMMAND`` on the case written to a file, within the limits."""
    path = folder / "hostile.json"
    path.write_bytes(case.data())
    return _run(command, str(path))


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.category}-{c.id}")
def test_verify_answers_a_hostile_record_in_one_line_within_limits(
    case: RecordCase, tmp_path: Path
) -> None:
    done = _answer("verify", case, tmp_path)
    assert done.returncode == 2, (done.returncode, done.stderr[-300:])
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr[-300:]
    assert case.refusal in done.stderr or case.category in ("names", "json")


@pytest.mark.parametrize("case", CASES[::9], ids=lambda c: f"{c.category}-{c.id}")
def test_replay_answers_a_hostile_record_in_one_line_within_limits(
    case: RecordCase, tmp_path: Path
) -> None:
    done = _answer("replay", case, tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-300:]


def test_a_choose_gift_of_many_cards_is_checked_without_listing_every_gift(
    tmp_path: Path,
) -> None:
    """A president record edited so that the Scum must choose 13 of 26 cards (10 million
    possible gifts): verify refuses the count the rules never ask, replay refuses the exchange,
    both at once; a genuine choice replays without listing the possible gifts."""
    rules = bigtwo.Rules.preset("classic").replace(
        players=2, mode="president", president_free_choice=True
    )
    game = bigtwo.Game.deal(rules, seed=3, exchanges=[(0, 1, 2, "choose")])
    gift = " ".join(str(c) for c in game.view(0).hand[:2])
    game = game.play(f"give {gift}")
    assert bigtwo.load_record(game.record().dumps()).replay() == game
    data = json.loads(game.record().dumps())
    data["deal"]["exchanges"] = [[0, 1, 13, "choose"]]
    thirteen = " ".join(str(c) for c in bigtwo.parse_cards(data["deal"]["hands"][0])[:13])
    data["actions"] = [f"p0 give {thirteen}"]
    path = tmp_path / "gift.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = _run("verify", str(path))
    words = " ".join(done.stdout.split())
    assert done.returncode == 1 and "NOT VERIFIED" in words, done.stderr[-300:]
    assert "is not one the rules make" in words
    done = _run("replay", str(path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-300:]
