"""What the person is told as a deal of `bigtwo play` begins, read from their view of the deal
as dealt and from the session: a new round's draw, titles, the card exchanges and what they
gave and got, and an extra card dealt to them."""

from __future__ import annotations

from rich.text import Text

from ..cards import Card, cards_of
from ..engine.commitment import full_deck
from ..engine.view import View
from ..rules.options import Leftover
from ..session import TITLES, Session
from .render import cards_text, phrase
from .screen import HUMAN, Screen

_EXTRA_CARD_HOLDER = {  # deal.leftover_*: who is dealt the cards that don't divide evenly
    Leftover.TO_LEAD: "term.extra.lead",
    Leftover.LOWEST_DIAMOND: "term.extra.lowest_diamond",
    Leftover.TO_TWO_SPADES: "term.extra.two_spades",
}
_TITLES = ("title.president", "title.vice_president", "title.vice_scum", "title.scum")


def show_deal_start(screen: Screen, view: View, session: Session) -> None:
    """What the person should know before play starts: titles and the card exchanges
    (``mode.president``, ``start.three_player_exchange``), and an extra card dealt to them
    (``deal.leftover_*``)."""
    names, t = screen.names, screen.t
    you = t("term.you.object")
    if session.drawn:  # start.indonesia_rounds: a new round of ten deals
        cards = ", ".join(
            f"{you if s == HUMAN else names[s]} {Card(c).symbol()}"
            for s, c in enumerate(session.drawn)
        )
        screen.say(t("term.start.round", cards=cards))
    titles = session.titles()
    if titles:
        said = ", ".join(
            f"{names[seat]} {t(_TITLES[TITLES.index(title)])}" for seat, title in titles.items()
        )
        screen.say(t("term.start.titles", titles=said))
    for giver, receiver, count, how in view.exchanges:
        what = {"lowest": ".lowest", "highest": ".highest", "choose": ".choice"}.get(how, "")
        cards = t.count(f"term.cards{what}", count)
        whom = you if receiver == HUMAN else names[receiver]
        if giver == HUMAN:
            screen.say(t("term.start.give.you", whom=whom, cards=cards))
        else:
            screen.say(t("term.start.give", giver=names[giver], whom=whom, cards=cards))
    before, now = _mask(view.dealt), view.hand_mask
    gave, got = before & ~now, now & ~before
    if gave or got:
        received = cards_text(cards_of(got)) if got else Text(t("term.start.none"))
        if gave:
            line = phrase(t, "term.start.swap", gave=cards_text(cards_of(gave)), got=received)
        else:
            line = phrase(t, "term.start.received", got=received)
        screen.console.print(Text("  ") + line)
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
    screen.say(screen.t.count("term.extra", mine, players=n, why=screen.t(why)))


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask
