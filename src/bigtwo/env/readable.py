"""The table in words: the acting seat's ``info`` fields and the text `render` shows.

Cards and moves are written in the notation `parse_cards` and `Game.parse_move` read back
(``3D 3S``, ``pass``); `render` uses suit symbols (``3♦ 3♠``)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..cards import cards_of, cards_text, format_cards
from ..combos import Combination, Move
from ..errors import BigTwoError

if TYPE_CHECKING:
    from .runner import TableRunner

RECENT = 8  # the deal's last actions `render` lists
RENDER_VIEWS = ("table", "seat")  # every hand face up, or what one seat sees


def seat_info(runner: TableRunner, seat: int) -> dict[str, Any]:
    """What ``seat`` may read about its position: ``seat``; ``decision``, the kind of decision
    it faces (`observation.DECISIONS`, None when it is not to act); ``hand``; ``to_beat``, the
    play to beat ("" when leading); ``moves``, each offered action index with its move as
    text (empty when it is not to act)."""
    table = runner.table
    game = table.game or table.last  # read directly: a `View` costs more than the info
    acting = seat == runner.seat
    return {
        "seat": seat,
        "decision": runner.decision(seat) if acting else None,
        "hand": "" if game is None else hand_text(game.hands[seat]),
        "to_beat": "" if game is None or game.table is None else str(game.table),
        "moves": {i: move_text(m) for i, m in runner.offers().items()} if acting else {},
    }


@lru_cache(maxsize=4096)
def hand_text(mask: int) -> str:
    """The cards of a bitmask as text, kept: a hand stays the same over the steps its seat
    waits or passes, and the same plays are offered again and again (written out afresh,
    the offered moves' text was a tenth of a step)."""
    return cards_text(cards_of(mask))


def move_text(move: Move) -> str:
    """``str(move)``: a play's text (its cards) from `hand_text`'s kept texts."""
    return hand_text(move.mask) if type(move) is Combination else str(move)


def table_text(runner: TableRunner, seat: int | None = None) -> str:
    """The table with every hand face up, or with ``seat``'s hand alone (what it sees)."""
    table = runner.table
    view = table.spectator_view() if seat is None else table.view(seat)
    game = table.game or table.last
    acting = runner.seat
    head = f"{runner.rules.name}: deal {table.session.shuffles}"
    if acting is not None:
        head += f", seat {acting} to act ({runner.decision(acting)})"
    elif table.is_over:
        head += ", session over"
    lines = [head + (f", seen by seat {seat}" if seat is not None else "")]
    for s, n in enumerate(view.counts):
        marks = " (to act)" * (s == acting) + " passed" * (s in view.passed)
        marks += " out" * (s in view.out)
        hand = ""
        if seat is None and game is not None:
            hand = "  " + format_cards(cards_of(game.hands[s]), symbols=True)
        elif s == seat:
            hand = "  " + format_cards(view.hand, symbols=True)
        lines.append(f"  seat {s}: {n} cards{marks}{hand}")
    to_beat = "-"
    if view.table is not None:
        to_beat = (
            f"{format_cards(cards_of(view.table.mask), symbols=True)} (seat {view.table_seat})"
        )
    lines.append(f"  to beat: {to_beat}")
    recent = [
        f"{s}: {format_cards(cards_of(m.mask), symbols=True) if m.mask else m}"
        for s, m in view.history[-RECENT:]
    ]
    lines.append(f"  last actions (seat: move): {'; '.join(recent) if recent else '-'}")
    lines.append(f"  totals: {list(table.session.totals)}")
    return "\n".join(lines) + "\n"


RENDER_MODES = ("ansi", "human")


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise BigTwoError(f"render_mode is None or one of {', '.join(RENDER_MODES)}, not {mode!r}")
    return mode


def check_render_view(view: str) -> str:
    if view not in RENDER_VIEWS:
        raise BigTwoError(f"render_view is one of {', '.join(RENDER_VIEWS)}, not {view!r}")
    return view


def show(runner: TableRunner, mode: str | None, seat: int | None = None) -> str | None:
    """`table_text` as the libraries' render modes want it: printed for ``"human"``, else
    returned as text."""
    text = table_text(runner, seat)
    if mode == "human":
        print(text, end="")
        return None
    return text
