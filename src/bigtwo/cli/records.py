"""Game records at the command line: writing each deal of `bigtwo play`, `bigtwo replay` to
read a deal move by move, and `bigtwo verify` to check its fairness proof (``fair.shuffle``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ..cards import cards_of, parse_cards
from ..checks import BotSeat
from ..engine.commitment import kept_digest
from ..engine.game import Game, Record
from ..engine.record import parse_action
from ..errors import BigTwoError
from ..i18n import FALLBACK, Catalogue, catalogue
from ..record_files import (
    MAX_SESSION_BYTES,
    is_session_record,
    load_record,
    load_session_record,
)
from ..session import Session
from ..session_record import SessionRecord
from .common import fail, make_console, shown, user_errors
from .outcomes import ending_words
from .render import action_line, cards_text, sorted_cards, trick_note

NOT_FAIR = 1  # verify's exit code when the proof fails; 2 stays for unreadable input


class RecordWriter:
    """Writes each finished deal's record: deal 1 to ``save`` and later deals next to it
    (``game-2.json``, …), and every deal into ``directory`` under a time-stamped name; beside
    them, the session so far as one record (``game-session.json``), which `verify` checks as a
    whole. A deal left unfinished is written the same way, with no result."""

    def __init__(self, save: Path | None = None, directory: Path | None = None) -> None:
        if save is not None and not save.parent.is_dir():
            raise BigTwoError(f"can't save to {save}: there is no folder {save.parent}")
        if save is not None and save.is_dir():
            raise BigTwoError(f"can't save to {save}: it is a folder (use --record-dir for one)")
        if directory is not None:
            if directory.exists() and not directory.is_dir():
                raise BigTwoError(f"{directory} is a file, not a folder for records")
            directory.mkdir(parents=True, exist_ok=True)
        self.save, self.directory = save, directory
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        self.games: list[Game] = []

    @property
    def active(self) -> bool:
        return self.save is not None or self.directory is not None

    def paths(self, number: int | str) -> list[Path]:
        """Where deal ``number``'s record goes (or the session's, for ``"session"``)."""
        out = []
        if self.save is not None:
            s = self.save
            out.append(s if number == 1 else s.with_name(f"{s.stem}-{number}{s.suffix}"))
        if self.directory is not None:
            tail = f"deal-{number:02d}" if isinstance(number, int) else number
            out.append(self.directory / f"bigtwo-{self.stamp}-{tail}.json")
        return out

    def write(self, session: Session, game: Game) -> list[Path]:
        """Write ``game`` (the deal ``session`` has just finished) and the session so far."""
        self.games.append(game)
        written = self._write(session.shuffles, game.record().dumps())
        self._write("session", SessionRecord.of(session, self.games).dumps())
        return written

    def write_unfinished(self, session: Session, record: Record) -> list[Path]:
        """Write ``record``, the deal in play when the person stopped, as it went (``result``
        null: `bigtwo replay` shows it, `bigtwo verify` calls it incomplete). The session's
        record keeps to the finished deals, the only ones it can hold."""
        return self._write(session.shuffles + 1, record.dumps())

    def _write(self, number: int | str, text: str) -> list[Path]:
        paths = self.paths(number)
        for path in paths:
            path.write_text(text + "\n", encoding="utf-8")
        return paths


def read_record(path: Path) -> Record:
    """The record in ``path``; every problem a person can cause ends in a one-line message."""
    with user_errors():
        return load_record(read_capped(path))


def read_capped(path: Path) -> bytes:
    """The bytes of ``path``, read no further than one past the largest record there is (the
    reader then refuses it for its size)."""
    with path.open("rb") as stream:
        return stream.read(MAX_SESSION_BYTES + 1)


# -- replay ----------------------------------------------------------------------------------
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON), e.g. from play --save.")],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Show only what this seat could see.")
    ] = None,
) -> None:
    """Print a recorded deal move by move: the hands, each action, and the result."""
    record = read_record(file)
    n = len(record.counts)
    if seat is not None and not 0 <= seat < n:
        fail(f"there is no seat {seat}: this deal has seats 0 to {n - 1}")
    if record.viewer is not None and seat not in (None, record.viewer):
        fail(f"this record is seat {record.viewer}'s view; it can't show seat {seat}'s")
    console = make_console()
    hidden = record.hands is None or any(h == "" for h in record.hands)
    if hidden:
        _replay_view(console, record)
        return
    with user_errors():
        states = record.states()
    _replay_states(console, record, states, seat)


def _header(console: Console, record: Record, seat: int | None) -> list[str]:
    names = [  # a name is text from the file, shown as text; a bot goes by its level
        _english().bot(p.level, s) if isinstance(p, BotSeat) else shown(p)
        for s, p in enumerate(record.players)
    ]
    n = len(names)
    console.print(
        Text(shown(record.rules.name), style="bold"),
        Text(
            f"· {n} players · dealer {names[record.dealer]}"
            + (f" · seed {record.seed}" if record.seed is not None else "")
        ),
    )
    if record.commitment:
        console.print(Text(f"  commitment {record.commitment}", style="dim"))
    if seat is not None:
        console.print(Text(f"  as seen by {names[seat]} (seat {seat})", style="italic"))
    return names


def _replay_states(console: Console, record: Record, states: list[Game], seat: int | None) -> None:
    names = _header(console, record, seat)
    width = max(len(x) for x in names)
    first = states[0]
    order_key = first.tables.order_key
    console.print(Text("Hands at the start", style="bold"))
    for s, hand in enumerate(first.hands):
        shown = seat is None or s == seat
        cards = cards_text(sorted_cards(cards_of(hand), order_key)) if shown else Text("")
        count = Text(f"  ({hand.bit_count()})" if shown else f"{hand.bit_count()} cards", "dim")
        console.print(Text(f"  {names[s].ljust(width)}  ") + cards + count)
    console.print(Text("Play", style="bold"))
    for number, (before, after) in enumerate(pairwise(states), start=1):
        actor, move = after.history[-1]
        own = seat is None or actor == seat
        console.print(
            Text(f"{number:>3}") + action_line(names[actor], move, width, _english(), own=own)
        )
        if before.table is not None and after.table is None and not after.is_over:
            note = trick_note(names[before.table_seat], names[after.to_move], _english())
            console.print(Text(f"     {' ' * width}  {note}", style="dim"))
    _result(console, names, states[-1])


def _english() -> Catalogue:
    """Records are listed in English, the language their names and notes are written in."""
    return catalogue(FALLBACK)


def _result(console: Console, names: Sequence[str], game: Game) -> None:
    if not game.is_over:
        console.print(Text("The record stops before the deal is over.", style="yellow"))
        return
    console.print(Text(ending_words(game.end, game.winner, names, _english()), style="bold"))
    scores = game.scores or (0,) * len(names)
    width = max(len(x) for x in names)
    for s, hand in enumerate(game.hands):
        left = hand.bit_count()
        console.print(
            f"  {names[s].ljust(width)}  {scores[s]:+4d}   {left} card{'s' * (left != 1)} left",
            markup=False,
        )


def _replay_view(console: Console, record: Record) -> None:
    """A seat's-view export can't be replayed (other hands are hidden): list what it says."""
    viewer = record.viewer
    names = _header(console, record, viewer)
    width = max(len(x) for x in names)
    hands = record.hands or ()
    console.print(Text("Hands at the start", style="bold"))
    for s, count in enumerate(record.counts):
        text = hands[s] if s < len(hands) else ""
        cards = cards_text(parse_cards(text)) if text else Text(f"{count} cards", "dim")
        console.print(Text(f"  {names[s].ljust(width)}  ") + cards)
    console.print(Text("Play", style="bold"))
    for number, action in enumerate(record.actions, start=1):
        with user_errors():
            actor, text = parse_action(action, len(names))
        line = Text(f"{number:>3}  {names[actor].ljust(width)}  ")
        try:
            line += cards_text(parse_cards(text))
        except BigTwoError:
            line.append(shown(text), style="dim")
        console.print(line)
    result = record.result or {}
    if result:
        console.print(
            Text(
                ending_words(result.get("end"), result.get("winner"), names, _english()),
                style="bold",
            )
        )
        scores = result.get("scores") or []
        for name, points in zip(names, scores, strict=False):
            console.print(f"  {name.ljust(width)}  {points:+4d}", markup=False)


# -- verify ----------------------------------------------------------------------------------
def verify_command(
    file: Annotated[Path, typer.Argument(help="A deal's or a session's record (JSON).")],
    commitment: Annotated[
        list[str] | None,
        typer.Option(
            "--commitment",
            metavar="HEX",
            help="A commitment you kept from before play (64 hex digits); may be repeated.",
        ),
    ] = None,
    kept: Annotated[
        Path | None,
        typer.Option("--kept", help="Your seat's export of the deal, kept from the table."),
    ] = None,
    show_layout: Annotated[
        bool,
        typer.Option("--layout", help="Print the bytes the commitment hashes, and stop."),
    ] = False,
) -> None:
    """Check a deal's (or a whole session's) fairness proof.

    The deal revealed after play must open the commitment published before it, and everything
    it decides (hands, exposed card, leader, exchanges, result) must follow from it. Against a
    commitment a player kept, a forged record can't pass. Exit code 0 when verified, 1 when
    forged or inconsistent, 2 when unreadable."""
    console = make_console()
    with user_errors():  # a commitment mistyped is unreadable input (2), never a forgery (1)
        kept_digests = [kept_digest(c) for c in commitment or ()]
        text = read_capped(file)
        export = read_record(kept) if kept is not None else None
        if is_session_record(text):
            session = load_session_record(text)
            problems = session.verify([*kept_digests, *([export] if export else [])])
            deals = len(session.deals)
            what = f"the session's {deals} deal{'s' * (deals != 1)}"
        else:
            record = load_record(text)
            if show_layout:
                sys.stdout.buffer.write(record.layout())
                return
            problems = _verify_deal(record, kept_digests, export)
            what = "the deal"
    if problems:
        headline = "FORGED" if "FORGED" in problems[0] else "NOT VERIFIED"
        console.print(Text(f"{headline}: this record does not prove {what} fair.", "bold red"))
        reason = shown(problems[0].removeprefix("FORGED: "))
        console.print(f"  - {reason}", markup=False, highlight=False)
        raise typer.Exit(NOT_FAIR)
    against = bool(kept_digests or export)
    title = f"VERIFIED: {what} checks out" + (
        " against the commitment you kept." if against else " as far as the record can prove."
    )
    console.print(Text(title, style="bold green"))
    for line in (
        "each deal opens the commitment published before its play",
        "the hands, exposed card and stock are the ones the committed deck deals",
        "the dealer, direction, leader and exchanges are the committed ones",
        "every recorded move is legal and the result is the one the play gives",
    ):
        console.print(f"  ✓ {line}")
    if not against:
        console.print(
            "  A forger who rewrites a whole record can commit to a new deck; the shuffle itself"
            " is proven only against a commitment a player kept before play: --commitment HEX"
            " (shown when the deal began) or --kept with that player's seat export.",
            markup=False,
            highlight=False,
        )


def _verify_deal(record: Record, digests: list[str], export: Record | None) -> list[str]:
    """One deal against each kept commitment and export (or alone, with none)."""
    checks: list[str | Record | None] = [*digests, *([export] if export else [])] or [None]
    for kept in checks:
        problems = record.verify(kept)
        if problems:
            return problems
    return []
