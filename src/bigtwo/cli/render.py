"""How the terminal shows cards, moves, the table and results, as rich renderables. Only the
terminal commands use this module; everything here reads views and finished deals and draws
nothing but text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import Card
from ..combos import Combination, Move, tables_for
from ..engine.actions import Give
from ..engine.view import View
from ..i18n import Catalogue
from ..rules.options import FirstPlay

_RED_SUITS = (0, 2)  # ♦ and ♥
_RED_JOKER = 52


def card_style(card: Card) -> str:
    """Red suits (and the red joker) in red; black suits bold in the terminal's own colour, so
    they read on dark and light backgrounds alike."""
    if card.suit in _RED_SUITS or card.face == _RED_JOKER:
        return "bold red"
    return "bold"


def pad(text: str, cells: int) -> str:
    """``text`` filled with spaces to ``cells`` terminal columns (a Chinese character takes
    two)."""
    return text + " " * max(cells - cell_len(text), 0)


def phrase(t: Catalogue, key: str, style: str = "", **parts: Text | str) -> Text:
    """The catalogue's sentence for ``key`` as rich text, its placeholders filled with
    ``parts`` keeping their own styles (coloured cards inside a sentence)."""
    out = Text(style=style)
    pieces = re.split(r"\{(\w+)\}", t.template(key))
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            out.append(piece)
        elif piece in parts:
            out.append(parts[piece])
        else:
            out.append("{" + piece + "}")
    return out


def cards_text(cards: Iterable[int]) -> Text:
    """Cards with suit symbols, coloured by suit: ``3♦ 3♠``."""
    out = Text()
    for i, c in enumerate(cards):
        card = Card(c)
        if i:
            out.append(" ")
        out.append(card.symbol(), style=card_style(card))
    return out


def sorted_cards(cards: Iterable[int], order_key: Sequence[int]) -> list[Card]:
    """Cards weakest first, by rank then suit strength as the deal ranks them."""
    return sorted((Card(c) for c in cards), key=lambda c: (order_key[c.face], c.copy))


def hand_order(view: View) -> Sequence[int]:
    """The strength order of the view's deal (2s flipped low or not), to sort cards by."""
    return tables_for(view.rules, view.twos_low).order_key


def kind_words(move: Move, t: Catalogue) -> str:
    """The kind of a play in a few words: ``pair``, ``full house``."""
    return t(f"term.kind.{move.kind}")


def move_text(move: Move, t: Catalogue, *, own: bool, you: bool = False) -> Text:
    """What a move looks like in the running commentary. Cards given away in an exchange are
    shown only to the giver (``fair.hidden_hands``); ``you`` speaks to the person."""
    person = ".you" if you else ""
    if isinstance(move, Combination):
        return cards_text(move.cards) + Text(f"  {kind_words(move, t)}", style="dim")
    if move.is_pass:
        return Text(t(f"term.move.pass{person}"), style="dim")
    if isinstance(move, Give):
        n = len(move.cards)
        given = cards_text(move.cards) if own else Text(t.count("term.cards", n))
        return phrase(t, f"term.move.give{person}", cards=given)
    return Text(t(f"term.move.say{person}", move=move), style="italic")


def action_line(
    name: str, move: Move, width: int, t: Catalogue, *, own: bool = False, you: bool = False
) -> Text:
    """One line of commentary: who did what. ``you`` names the person as "You"."""
    verb = ""
    if isinstance(move, Combination):
        verbs = t("term.move.play.you"), t("term.move.play")
        verb = pad(verbs[0] if you else verbs[1], max(map(cell_len, verbs)) + 2)
    who = Text(pad(t("term.you") if you else name, width), style="green" if you else "cyan")
    return Text("  ") + who + Text("  " + verb) + move_text(move, t, own=own, you=you)


def trick_note(winner: str, leader: str, t: Catalogue) -> str:
    """The line that closes a trick: who took it, and who leads if someone else does."""
    if leader == winner:
        return t("term.trick_to", winner=winner)
    return t("term.trick_to.lead", winner=winner, leader=leader)


def lead_requirement(view: View, t: Catalogue) -> str:
    """What the deal's first play must hold, in words, or "" once it is made."""
    card = view.lead_card
    if card is None:
        return ""
    rule = view.rules.first_play
    if rule is FirstPlay.ALONE:
        return t("term.first.alone", card=card.symbol())
    if rule is FirstPlay.INCLUDE:
        return t("term.first.include", card=card.symbol())
    return ""


def table_status(
    view: View, names: Sequence[str], order_key: Sequence[int], t: Catalogue
) -> RenderableType:
    """The picture before a person's move: every other player's card count (whose turn it is,
    who passed this trick), the play to beat and who made it, and the person's hand."""
    width = max(cell_len(n) for n in names)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=1)
    grid.add_column()
    grid.add_column()
    grid.add_column()
    n = len(names)
    for seat in range(n):
        count = view.counts[seat]
        notes = []
        if seat in view.passed:
            notes.append(Text(t("term.status.passed"), style="dim"))
        if seat == view.table_seat and view.table is not None:
            notes.append(Text(t("term.status.last"), style="yellow"))
        if seat in view.out:
            notes.append(Text(t("term.status.out"), style="green"))
        if count == 1:
            notes.append(Text(t("term.status.last_card"), style="bold magenta"))
        grid.add_row(
            "▶" if seat == view.to_move else "",
            Text(pad(names[seat], width), style="green" if seat == view.seat else "cyan"),
            t.count("term.cards", count, count=f"{count:>2}"),
            Text("  ").join(notes),
        )
    hand = sorted_cards(view.hand, order_key)
    return Group(grid, table_line(view, names, t), hand_line(hand, t))


def _label(t: Catalogue, key: str) -> Text:
    """``Table`` or ``Hand`` at the start of a line, the two padded alike."""
    width = max(cell_len(t("term.table")), cell_len(t("term.hand"))) + 2
    return Text("  " + pad(t(key), width), style="bold")


def table_line(view: View, names: Sequence[str], t: Catalogue) -> Text:
    """The play to beat, or who leads."""
    line = _label(t, "term.table")
    if view.table is None:
        if view.to_move == view.seat:
            line.append(t("term.table.empty.you"), style="dim")
        else:
            line.append(t("term.table.empty", name=names[view.to_move]), style="dim")
        requirement = lead_requirement(view, t)
        if requirement:
            line.append(f" ({requirement})", style="dim")
        return line
    line += cards_text(view.table.cards)
    by = t("term.table.by", kind=kind_words(view.table, t), name=names[view.table_seat])
    line.append(f"  {by}", style="dim")
    return line


def hand_line(hand: Sequence[Card], t: Catalogue) -> Text:
    return _label(t, "term.hand") + cards_text(hand) + Text(f"  ({len(hand)})", style="dim")


def scores_table(
    names: Sequence[str],
    left: Sequence[Sequence[Card]],
    scores: Sequence[int],
    totals: Sequence[int],
    t: Catalogue,
) -> Table:
    """A finished deal: the cards each player was left with, the deal's score and the running
    total."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column(t("term.column.player"))
    table.add_column(t("term.column.deal"), justify="right")
    table.add_column(t("term.column.total"), justify="right", style="bold")
    table.add_column(t("term.column.left"))
    for seat, name in enumerate(names):
        cards = left[seat]
        shown = cards_text(cards) + Text(f"  ({len(cards)})", style="dim") if cards else Text("")
        table.add_row(
            Text(name),
            t.number(scores[seat], signed=True),
            t.number(totals[seat], signed=True),
            shown,
        )
    return table
