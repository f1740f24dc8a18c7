"""What the person is told as a deal of `bigtwo play` begins, read from their view of the deal
as dealt and from the session: a new round's draw, titles, the card exchanges and what they
gave and got, and an extra card dealt to them."""

from __future__ import annotations

from rich.text import Text

from ..cards import Card, cards_of
from ..engine.commitment import full_deck
from ..engine.view import View
from ..rules.options import Leftover
from ..session import Session
from .render import cards_text
from .screen import HUMAN, Screen

_EXTRA_CARD_HOLDER = {  # deal.leftover_*: who is dealt the cards that don't divide evenly
    Leftover.TO_LEAD: "the holder of the lowest card",
    Leftover.LOWEST_DIAMOND: "the holder of the lowest diamond",
    Leftover.TO_TWO_SPADES: "the holder of 2♠ (or of the lowest card)",
}


def show_deal_start(screen: Screen, view: View, session: Session) -> None:
    """What the person should know before play starts: titles and the card exchanges
    (``mode.president``, ``start.three_player_exchange``), and an extra card dealt to them
    (``deal.leftover_*``)."""
    names = screen.names
    if session.drawn:  # start.indonesia_rounds: a new round of ten deals
        cards = ", ".join(
            f"{'you' if s == HUMAN else names[s]} {Card(c).symbol()}"
            for s, c in enumerate(session.drawn)
        )
        screen.say(
            f"A new round of ten deals: everyone drew a card ({cards}); the highest deals,"
            " and the 3♦ leads."
        )
    titles = session.titles()
    if titles:
        screen.say(
            "Titles: " + ", ".join(f"{names[seat]} {title}" for seat, title in titles.items())
        )
    for giver, receiver, count, how in view.exchanges:
        what = {"lowest": "lowest ", "highest": "highest "}.get(how, "")
        cards = f"{count} {what}card{'s' * (count > 1)}"
        if how == "choose":
            cards = f"{count} card{'s' * (count > 1)} of their choice"
        who = "You give" if giver == HUMAN else f"{names[giver]} gives"
        whom = "you" if receiver == HUMAN else names[receiver]
        screen.say(f"{who} {whom} {cards}.")
    before, now = _mask(view.dealt), view.hand_mask
    gave, got = before & ~now, now & ~before
    if gave or got:
        line = Text("  ")
        if gave:
            line += Text("You gave ") + cards_text(cards_of(gave)) + Text("; ")
        line += Text("you received ") + (cards_text(cards_of(got)) if got else Text("none"))
        screen.console.print(line)
    _say_extra_cards(screen, view)


def _say_extra_cards(screen: Screen, view: View) -> None:
    """Tell the person when the cards that don't divide evenly went to them."""
    rules, n = view.rules, view.players
    deck = len(full_deck(rules))
    why = _EXTRA_CARD_HOLDER.get(rules.leftover)
    if not deck % n or why is None or rules.cards_each is not None or rules.ghost_hand:
        return
    mine = len(view.dealt) - deck // n
    if mine <= 0:
        return
    cards = "the extra card is" if mine == 1 else f"{mine} extra cards are"
    screen.say(f"With {n} players the cards don't divide evenly: {cards} yours, as {why}.")


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
