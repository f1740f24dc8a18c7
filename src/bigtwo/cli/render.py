"""How the terminal shows cards, moves, the table and results, as rich renderables. Only the
terminal commands use this module; everything here reads views and finished deals and draws
nothing but text."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..cards import Card
from ..combos import Combination, Move, tables_for
from ..engine.actions import Give
from ..engine.view import View
from ..rules.options import FirstPlay

_RED_SUITS = (0, 2)  # ♦ and ♥
_RED_JOKER = 52


def card_style(card: Card) -> str:
    """Red suits (and the red joker) in red; black suits bold in the terminal's own colour, so
    they read on dark and light backgrounds alike."""
    if card.suit in _RED_SUITS or card.face == _RED_JOKER:
        return "bold red"
    return "bold"


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


def kind_words(move: Move) -> str:
    """The kind of a play in a few words: ``pair``, ``full house``."""
    return move.kind.replace("_", " ")


def move_text(move: Move, *, own: bool, you: bool = False) -> Text:
    """What a move looks like in the running commentary. Cards given away in an exchange are
    shown only to the giver (``fair.hidden_hands``); ``you`` speaks to the person."""
    if isinstance(move, Combination):
        return cards_text(move.cards) + Text(f"  {kind_words(move)}", style="dim")
    if move.is_pass:
        return Text("pass" if you else "passes", style="dim")
    if isinstance(move, Give):
        n = len(move.cards)
        given = cards_text(move.cards) if own else Text(f"{n} card{'s' * (n > 1)}")
        return Text("give " if you else "gives ") + given
    return Text(f"{'say' if you else 'says'} “{move}”", style="italic")


def action_line(name: str, move: Move, width: int, *, own: bool = False, you: bool = False) -> Text:
    """One line of commentary: who did what. ``you`` names the person as "You"."""
    verb = ("play   " if you else "plays  ") if isinstance(move, Combination) else ""
    who = Text(("You" if you else name).ljust(width), style="green" if you else "cyan")
    return Text("  ") + who + Text("  " + verb) + move_text(move, own=own, you=you)


def trick_note(winner: str, leader: str) -> str:
    """The line that closes a trick: who took it, and who leads if someone else does."""
    return f"trick to {winner}" + ("" if leader == winner else f"; {leader} leads")


def lead_requirement(view: View) -> str:
    """What the deal's first play must hold, in words, or "" once it is made."""
    card = view.lead_card
    if card is None:
        return ""
    rule = view.rules.first_play
    if rule is FirstPlay.ALONE:
        return f"the first play must be {card.symbol()} on its own"
    if rule is FirstPlay.INCLUDE:
        return f"the first play must include {card.symbol()}"
    return ""


def table_status(view: View, names: Sequence[str], order_key: Sequence[int]) -> RenderableType:
    """The picture before a person's move: every other player's card count (whose turn it is,
    who passed this trick), the play to beat and who made it, and the person's hand."""
    width = max(len(n) for n in names)
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
            notes.append(Text("passed", style="dim"))
        if seat == view.table_seat and view.table is not None:
            notes.append(Text("played last", style="yellow"))
        if seat in view.out:
            notes.append(Text("out", style="green"))
        if count == 1:
            notes.append(Text("LAST CARD", style="bold magenta"))
        grid.add_row(
            "▶" if seat == view.to_move else "",
            Text(names[seat].ljust(width), style="green" if seat == view.seat else "cyan"),
            f"{count:>2} card{'s' * (count != 1)}",
            Text("  ").join(notes),
        )
    hand = sorted_cards(view.hand, order_key)
    return Group(grid, table_line(view, names), hand_line(hand))


def table_line(view: View, names: Sequence[str]) -> Text:
    """The play to beat, or who leads."""
    line = Text("  Table  ", style="bold")
    if view.table is None:
        leader = "you" if view.to_move == view.seat else names[view.to_move]
        line.append(f"empty: {leader} lead{'s' * (leader != 'you')}", style="dim")
        requirement = lead_requirement(view)
        if requirement:
            line.append(f" ({requirement})", style="dim")
        return line
    line += cards_text(view.table.cards)
    line.append(f"  {kind_words(view.table)} by {names[view.table_seat]}", style="dim")
    return line


def hand_line(hand: Sequence[Card]) -> Text:
    return (
        Text("  Hand   ", style="bold") + cards_text(hand) + Text(f"  ({len(hand)})", style="dim")
    )


def scores_table(
    names: Sequence[str],
    left: Sequence[Sequence[Card]],
    scores: Sequence[int],
    totals: Sequence[int],
) -> Table:
    """A finished deal: the cards each player was left with, the deal's score and the running
    total."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("player")
    table.add_column("this deal", justify="right")
    table.add_column("total", justify="right", style="bold")
    table.add_column("cards left")
    for seat, name in enumerate(names):
        cards = left[seat]
        shown = cards_text(cards) + Text(f"  ({len(cards)})", style="dim") if cards else Text("")
        table.add_row(Text(name), f"{scores[seat]:+d}", f"{totals[seat]:+d}", shown)
    return table
