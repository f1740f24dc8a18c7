"""Checks of what outside code hands to `Game`: fixed hands, a deal made elsewhere, card
exchanges and player names. Each refuses with a `BigTwoError` saying what is wrong, so that
the engine inside only ever sees values it can trust."""

from __future__ import annotations

from ..cards import card_list
from ..checks import Player, describe, player, seat_number, sequence, text, whole_number
from ..errors import BigTwoError
from ..rules.config import Rules
from .commitment import full_deck
from .deal import Deal

# a gift where the giver chooses offers every set of this many cards as a move, so the number
# stays small (the rules' exchanges hand over 1 or 2)
MAX_EXCHANGED = 3
EXCHANGE_WAYS = ("lowest", "highest", "choose")


def check_hands(hands: object, rules: Rules) -> list[str | tuple[int, ...]]:
    """Fixed hands, seat 0 first: one text or list of card ids per player (the cards
    themselves are checked when they are dealt)."""
    given = sequence(hands, "hands", rules.players)
    if len(given) != rules.players:
        raise BigTwoError(f"{len(given)} hands given for {rules.players} players")
    out: list[str | tuple[int, ...]] = []
    for seat, hand in enumerate(given):
        if isinstance(hand, str):
            out.append(text(hand, f"seat {seat}'s hand", 1_000))
        elif isinstance(hand, list | tuple):
            out.append(card_list(hand))
        else:
            raise BigTwoError(
                f"seat {seat}'s hand must be text such as '3D 4C' or a list of card ids,"
                f" not {describe(hand)}"
            )
    return out


def check_origin(origin: object, rules: Rules) -> Deal:
    """A `Deal` that fits ``rules``: one hand per player, every card from the rules' deck and
    dealt once, a dealer at the table and a direction of 1 or -1."""
    if not isinstance(origin, Deal):
        raise BigTwoError(f"the deal must be a Deal, not {describe(origin)}")
    n = rules.players
    if not isinstance(origin.hands, tuple) or len(origin.hands) != n:
        raise BigTwoError(f"the deal must hold {n} hands (a tuple of bitmasks), one per player")
    pack = sum(1 << c for c in full_deck(rules))
    seen = 0
    stock = origin.stock if isinstance(origin.stock, tuple) else None
    if stock is None or not all(isinstance(c, int) and 0 <= c < 128 for c in stock):
        raise BigTwoError("the deal's stock must be a tuple of card ids")
    places = [*origin.hands, origin.kitty, sum(1 << c for c in stock)]
    for place in places:
        if not isinstance(place, int) or isinstance(place, bool) or place < 0 or place & ~pack:
            raise BigTwoError("the deal holds something that is not a set of this deck's cards")
        if place & seen:
            raise BigTwoError("the deal places a card twice")
        seen |= place
    seat_number(origin.dealer, n, "the deal's dealer")
    if origin.direction not in (1, -1) or isinstance(origin.direction, bool):
        raise BigTwoError(f"the deal's direction must be 1 or -1, not {describe(origin.direction)}")
    return origin


def check_exchanges(
    exchanges: object, rules: Rules, origin: Deal | None = None
) -> tuple[tuple[int, int, int, str], ...]:
    """Card exchanges before play: (giver, receiver, how many, "lowest"/"highest"/"choose"),
    no more cards than the giver holds (when the deal is known)."""
    n = rules.players
    out = []
    for item in sequence(exchanges, "exchanges", 4 * n):
        if not isinstance(item, list | tuple) or len(item) != 4:
            raise BigTwoError(
                "an exchange is (giver, receiver, how many, 'lowest'/'highest'/'choose'),"
                f" not {describe(item)}"
            )
        giver, receiver, count, how = item
        giver = seat_number(giver, n, "an exchange's giver")
        receiver = seat_number(receiver, n, "an exchange's receiver")
        if giver == receiver:
            raise BigTwoError(f"seat {giver} can't give cards to itself")
        held = origin.hands[giver].bit_count() if origin is not None else MAX_EXCHANGED
        count = whole_number(count, "the cards exchanged", 1, min(MAX_EXCHANGED, max(held, 1)))
        if how not in EXCHANGE_WAYS:
            raise BigTwoError(
                f"an exchange gives the {' or '.join(EXCHANGE_WAYS)} cards, not {describe(how)}"
            )
        out.append((giver, receiver, count, str(how)))
    return tuple(out)


def player_names(players: object, count: int) -> tuple[Player, ...]:
    """One player (`checks.player`: a name or a bot's seat) for each of ``count`` seats."""
    names = sequence(players, "players", count)
    if len(names) != count:
        raise BigTwoError(f"{len(names)} names given for {count} players")
    return tuple(player(name) for name in names)
