"""Hostile command lines and standard input, each with the one line the command must answer
(exit code 2), or, for the end of input and Ctrl-C, the goodbye it must say (exit code 0)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bigtwo import Game, Rules
from bigtwo.bots import make_bot
from bigtwo.session import Session
from conftest import bots_play_out, play_out

ESC = "\x1b[31m"
BIDI = "\u202e"
SURROGATE_BYTES = b"\xed\xa0\x80"  # a lone surrogate, as UTF-8 would write it


@dataclass(frozen=True)
class Cli:
    """``bigtwo ARGV`` with ``stdin`` exits with ``code``; with 2, standard error is one line
    holding ``refusal``; otherwise standard output holds it. ``output`` must appear on
    standard output, ``never`` nowhere."""

    category: str
    id: str
    argv: tuple[str, ...]
    refusal: str
    stdin: bytes = b""
    code: int = 2
    decode: str = "strict"  # "surrogateescape": standard input as under the C locale
    interrupt: bool = False  # Ctrl-C once standard input is used up
    output: tuple[str, ...] = ()
    never: tuple[str, ...] = field(default=())


def one_deal(seed: int) -> bytes:
    """The lines that play deal 1 of ``bigtwo play --seed SEED`` to its end (seat 0 plays as
    the greedy bot would), leaving the 'Play another deal?' prompt next."""
    bots = {seat: make_bot("greedy", seed * 100 + seat) for seat in range(1, 4)}
    bots[0] = make_bot("greedy")
    typed: list[str] = []

    def note(_before: object, seat: int, move: object, _after: object) -> None:
        if seat == 0:
            typed.append(str(move))

    bots_play_out(Session.start(Rules(), seed).next_deal(), bots, note)
    return "".join(f"{line}\n" for line in typed).encode()


def hostile_names_record() -> tuple[str, str]:
    """A finished deal's record, and a seat's export of it, whose players are named with
    markup, a terminal escape and a bidi override (written to a temporary folder)."""
    game = Game.deal(seed=3, players=["[red]Ann[/]", "[bold]B", "[/]evil", "D"])
    game = play_out(game)
    record = game.record()
    folder = Path(tempfile.mkdtemp(prefix="bigtwo-hostile-"))
    atexit.register(shutil.rmtree, folder, True)
    full, seat = folder / "names.json", folder / "seat1.json"
    full.write_text(record.dumps(), encoding="utf-8")
    seat.write_text(record.for_seat(1).dumps(), encoding="utf-8")
    return str(full), str(seat)


PLAY = ("play", "--seed", "1", "--pace", "0")
NAMES, SEAT_VIEW = hostile_names_record()

CASES = [
    # -- numbers ----------------------------------------------------------------------------
    Cli("options", "pace-nan", (*PLAY[:3], "--pace", "nan"), "--pace must be a number"),
    Cli("options", "pace-inf", (*PLAY[:3], "--pace", "inf"), "--pace must be a number"),
    Cli("options", "pace-negative", (*PLAY[:3], "--pace", "-1"), "--pace must be a number"),
    Cli("options", "pace-hour", (*PLAY[:3], "--pace", "3600"), "from 0 to 60"),
    Cli("options", "pace-text", ("play", "--pace", "fast"), "Invalid value for '--pace'"),
    Cli("options", "games-negative", ("simulate", "--games", "-1"), "--games must be at least 1"),
    Cli("options", "games-zero", ("simulate", "--games", "0"), "--games must be at least 1"),
    Cli("options", "games-huge", ("simulate", "--games", "9" * 30), "--games can be at most"),
    Cli(
        "options",
        "games-digits",
        ("simulate", "--games", "9" * 5000),
        "Invalid value for '--games'",
    ),
    Cli("options", "games-float", ("simulate", "--games", "1.5"), "Invalid value for '--games'"),
    Cli("options", "seed-huge", ("simulate", "--seed", "9" * 40), "--seed must be"),
    Cli("options", "seed-huge-play", ("play", "--seed", "9" * 40), "--seed must be"),
    Cli("options", "players-zero", ("simulate", "--players", "0"), "0 players can't play"),
    Cli("options", "players-huge", ("simulate", "--players", "9" * 30), "players must be a"),
    Cli(
        "options",
        "set-digits",
        ("simulate", "--set", "cards_each=" + "9" * 5000),
        "cards_each is a small whole number",
    ),
    Cli(
        "options",
        "set-lengths",
        ("simulate", "--set", "straight_lengths=5,x"),
        "straight_lengths is a list of numbers",
    ),
    Cli("options", "set-no-value", ("simulate", "--set", "flushes"), "can't read option"),
    Cli("options", "set-bool", ("simulate", "--set", "flushes=maybe"), "flushes is yes or no"),
    Cli("options", "set-choice", ("simulate", "--set", "jokers=[red]x"), "'[red]x'"),
    Cli("options", "arena-deals", ("arena", "--deals", "-5"), "--deals must be at least 1"),
    Cli("options", "arena-workers", ("arena", "--workers", "100000"), "--workers can be at most"),
    Cli("options", "arena-budget-nan", ("arena", "--budget", "nan"), "--budget must be"),
    Cli("options", "arena-samples", ("arena", "--samples", "9" * 20), "--samples can be at most"),
    # -- text from the command line -----------------------------------------------------------
    Cli("text", "rules-escape", ("play", "--rules", f"x{ESC}"), "'x\\x1b[31m'", never=(ESC,)),
    Cli("text", "rules-megabyte", ("simulate", "--rules", "x" * 1_000_000), "no rule set called"),
    Cli("text", "rules-markup", ("rules", "[/]"), "no rule set called '[/]'"),
    Cli("text", "bots-empty", ("simulate", "--bots", ",,"), "name at least one bot"),
    Cli("text", "bots-escape", ("simulate", "--bots", f"a{ESC}"), "no bot called", never=(ESC,)),
    Cli("text", "bots-long", ("simulate", "--bots", "b" * 10_000), "at most 100"),
    Cli("text", "hint-unknown", ("play", "--hint", "oracle"), "no bot called 'oracle'"),
    Cli("text", "name-empty", ("play", "--name", " "), "--name can't be empty"),
    Cli("text", "name-escape", ("play", "--name", f"Ann{ESC}"), "\\x1b[31m", never=(ESC,)),
    Cli("text", "name-bidi", ("play", "--name", f"Ann{BIDI}x"), "\\u202e", never=(BIDI,)),
    Cli("text", "name-newline", ("play", "--name", "Ann\nBob"), "\\x0a"),
    Cli("text", "name-surrogate", ("play", "--name", "Ann\udced"), "\\udced"),
    Cli("text", "name-long", ("play", "--name", "A" * 25), "at most 24"),
    Cli("text", "unknown-option-escape", ("simulate", f"--x{ESC}"), "No such option", never=(ESC,)),
    Cli("text", "replay-missing-escape", ("replay", f"no{ESC}.json"), "no such file", never=(ESC,)),
    # -- standard input at the prompt -----------------------------------------------------------
    Cli(
        "stdin",
        "binary",
        PLAY,
        "standard input is not text",
        stdin=bytes(range(256)) * 4,
        output=("Goodbye.",),
    ),
    Cli(
        "stdin",
        "binary-c-locale",
        PLAY,
        "aren't text",
        stdin=b"\x00\x01\xff\n",
        decode="surrogateescape",
        output=("Goodbye.",),
    ),
    Cli("stdin", "nul", PLAY, "aren't text (\\x00)", stdin=b"3d\x00\n"),
    Cli(
        "stdin",
        "escape-line",
        PLAY,
        "aren't text (\\x1b)",
        stdin=ESC.encode() + b"\n",
        never=(ESC,),
    ),
    Cli("stdin", "bidi-line", PLAY, "aren't text (\\u202e)", stdin=BIDI.encode() + b"3d\n"),
    Cli("stdin", "surrogate-utf8", PLAY, "not text", stdin=b"pass" + SURROGATE_BYTES + b"\n"),
    Cli(
        "stdin",
        "surrogate-c-locale",
        PLAY,
        "aren't text (\\udced)",
        stdin=b"pass" + SURROGATE_BYTES + b"\n",
        decode="surrogateescape",
    ),
    Cli(
        "stdin",
        "ten-megabytes",
        PLAY,
        "a line of 10000000 characters",
        stdin=b"3" * 10_000_000 + b"\n",
        output=("Goodbye.",),
    ),
    Cli(
        "stdin",
        "long-line-later",
        PLAY,
        "a line of 2000 characters",
        stdin=b"hand\n" + b"x" * 2000 + b"\n",
    ),
    Cli("stdin", "eof-at-first-prompt", PLAY, "Goodbye.", code=0),
    Cli("stdin", "ctrl-c-at-first-prompt", PLAY, "Goodbye.", code=0, interrupt=True),
    Cli("stdin", "eof-at-leave-question", PLAY, "Goodbye.", stdin=b"quit\n", code=0),
    Cli(
        "stdin",
        "ctrl-c-at-leave-question",
        PLAY,
        "Goodbye.",
        stdin=b"quit\n",
        code=0,
        interrupt=True,
    ),
    Cli(
        "stdin",
        "markup-typed",
        PLAY,
        "can't read '[red]x'",
        stdin=b"[red]x\n",
        code=0,
        output=("[red]x",),
    ),
    Cli("stdin", "windows-line-ends", PLAY, "Goodbye.", stdin=b"hand\r\n", code=0),
    Cli(
        "stdin",
        "ctrl-c-after-a-deal",
        PLAY,
        "After 1 deal",
        stdin=one_deal(1),
        code=0,
        interrupt=True,
        output=("Goodbye.", "Settling up"),
    ),
    Cli(
        "stdin",
        "eof-after-a-deal",
        PLAY,
        "After 1 deal",
        stdin=one_deal(1),
        code=0,
        output=("Goodbye.",),
    ),
    Cli(
        "stdin",
        "binary-after-a-deal",
        PLAY,
        "aren't text (\\udcff)",
        stdin=one_deal(1) + b"\xff\n",
        decode="surrogateescape",
        output=("After 1 deal", "Goodbye."),
    ),
    # -- text from a record -------------------------------------------------------------------
    Cli(
        "record",
        "replay-names",
        ("replay", NAMES),
        "[bold]B",
        code=0,
        output=("[red]Ann[/]", "  [/]evil        -1"),
    ),
    Cli(
        "record",
        "replay-seat-names",
        ("replay", NAMES, "--seat", "1"),
        "[bold]B",
        code=0,
        output=("as seen by [bold]B",),
    ),
    Cli(
        "record",
        "replay-export-names",
        ("replay", SEAT_VIEW),
        "[/]evil",
        code=0,
        output=("[red]Ann[/]",),
    ),
    Cli("record", "replay-seat-99", ("replay", NAMES, "--seat", "99"), "there is no seat 99"),
    Cli(
        "record",
        "replay-seat-digits",
        ("replay", NAMES, "--seat", "9" * 5000),
        "Invalid value for '--seat'",
    ),
]
