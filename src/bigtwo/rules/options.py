"""The enums that name each rule scheme.

Each member's docstring-like comment names the variation ID(s) it covers in
``shared/variations.md``.
"""

from __future__ import annotations

from enum import Enum, EnumType, StrEnum
from typing import Any

from ..checks import describe
from ..errors import RulesError


class _Words(EnumType):
    """Looks a choice up by its word and refuses anything else with a `RulesError` (the
    standard lookup raises a bare ValueError, or fails to describe a huge number)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not cls._member_map_:  # the functional API: make an enum
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        # a member of another enum is refused even when its word matches (Jokers.NONE is no
        # SuitOrder.NONE)
        plain = isinstance(value, str) and not isinstance(value, Enum)
        member = cls._value2member_map_.get(value) if plain else None
        if member is None:
            choices = ", ".join(str(m) for m in cls._member_map_.values())
            raise RulesError(f"{describe(value)} is not a choice here; choose one of: {choices}")
        return member


class Choice(StrEnum, metaclass=_Words):
    """An enum whose values are the words players type (``--rules`` files, records)."""


class SuitOrder(Choice):
    STANDARD = "standard"  # core.deck: ♠ > ♥ > ♣ > ♦
    BRIDGE = "bridge"  # suits.bridge: ♠ > ♥ > ♦ > ♣
    PUSOY = "pusoy"  # suits.pusoy, suits.penning: ♦ > ♥ > ♠ > ♣
    HEARTS_HIGH = "hearts-high"  # suits.hearts_high: ♥ > ♠ > ♦ > ♣
    NONE = "none"  # suits.none: equal plays cannot beat each other


class Jokers(Choice):
    NONE = "none"
    WILD = "wild"  # cards.jokers_wild
    VALUELESS = "valueless"  # cards.jokers_valueless


class StraightOrder(Choice):
    """Which five-card runs are straights and how they rank (``straight.*``)."""

    PAGAT = "pagat"  # straight.pagat (core.straight)
    BY_TOP_TWO_HIGH = "by-top-two-high"  # straight.by_top_two_high
    HONG_KONG = "hong-kong"  # straight.hong_kong
    MALAYSIA = "malaysia"  # straight.malaysia
    MALAYSIA_2007 = "malaysia-2007"  # straight.malaysia_2007
    SINGAPORE = "singapore"  # straight.singapore
    INDONESIA = "indonesia"  # straight.indonesia
    NO_TWOS = "no-twos"  # straight.no_twos
    TWOS_LOW_ACE_HIGH_END = "twos-low-ace-high-end"  # straight.twos_low_ace_high_end
    ACE_LOW_BETWEEN = "ace-low-between"  # straight.ace_low_between
    JQKA2_TOP = "jqka2-top"  # straight.jqka2_top
    WRAP = "wrap"  # straight.wrap
    A2345_HIGHEST = "a2345-highest"  # straight.a2345_high (first reading)
    TWOS_TOP_A2345_SECOND = "23456-top-a2345-second"  # straight.a2345_high
    TWOS_TOP_A2345_LOWEST = "23456-top-a2345-lowest"  # straight.a2345_high
    NO_A2345 = "no-a2345"  # straight.a2345_high
    TWOS_HIGH = "twos-high"  # straight.twos_high
    TWOS_HIGH_65432_SECOND = "twos-high-65432-second"  # straight.twos_high option
    HK_BOEHNKER = "hk-boehnker"  # straight.hk_boehnker
    INDONESIA_TWOS = "indonesia-twos"  # straight.indonesia_twos


class FlushOrder(Choice):
    SUIT_FIRST = "suit-first"  # core.flush: suit, then highest card, then the next cards
    HIGH_CARD = "high-card"  # flush.by_high_card: highest card, suit only if equal
    POKER = "poker"  # flush.poker: all ranks top down, suit last


class FiveBeating(Choice):
    """How a five-card hand may beat another (``five.*``)."""

    BY_TYPE = "by-type"  # core.five: a higher type beats any lower type
    SAME_TYPE_ONLY = "same-type-only"  # five.same_type_only
    BY_CARD_VALUE = "by-card-value"  # five.by_card_value


class FirstPlay(Choice):
    """What the holder of the lowest card must do on the deal's first play."""

    INCLUDE = "include"  # core.lead: the lead card must be part of the play
    ALONE = "alone"  # start.lead_card_alone
    OPTIONAL = "optional"  # start.lowest_optional


class Scoring(Choice):
    """How a finished deal is scored (``core.score`` and ``score.*``)."""

    STANDARD = "standard"  # core.score, score.wikipedia: 1/2/3 a card (10+ doubles, 13 triples)
    FLAT = "flat"  # score.flat: one point a card, no doubling
    TWOS_DOUBLE = "twos-double"  # score.twos_double
    DOUBLING_004 = "doubling-004"  # score.doubling_004
    HEAVY = "heavy"  # score.heavy
    COMPOUND = "compound"  # score.compound
    CARD_VALUES_A = "card-values-a"  # score.card_values, scale A
    CARD_VALUES_B = "card-values-b"  # score.card_values, scale B
    TAIWAN_LOSER = "taiwan-loser"  # score.taiwan_loser
    PUSOY_DOS = "pusoy-dos"  # score.pusoy_dos
    RANKING = "ranking"  # score.ranking: 5, 3, 1, 0 by finishing order
    RANKING_ORDER = "ranking-order"  # score.ranking option: no points, just the order
    INDONESIA = "indonesia"  # score.indonesia
    DA_LAO_ER = "da-lao-er"  # mode.da_lao_er: 1 a card with 10 or fewer, 2 a card with 11+


class Direction(Choice):
    """Which way play (and the deal) goes round the table."""

    COUNTER_CLOCKWISE = "counter-clockwise"  # core.deal: to the right, as in China
    CLOCKWISE = "clockwise"  # deal.clockwise
    ALTERNATE = "alternate"  # deal.alternate: changes every deal
    RACE = "race"  # deal.race: the first of the leader's neighbours to act sets it


class Leftover(Choice):
    """Cards that don't divide evenly (three players with one deck: 17 each and one over)."""

    TO_LEAD = "to-lead"  # deal.leftover_to_lead: to the holder of the lowest card
    DISCARD = "discard"  # deal.leftover_discard
    DISCARD_LOWEST = "discard-lowest"  # deal.leftover_discard option: the lowest cards leave
    LOWEST_DIAMOND = "lowest-diamond"  # deal.leftover_lowest_diamond
    TRADE_SHOWN = "trade-shown"  # deal.leftover_trade: the 3♦ holder may swap it for the card
    TRADE_HIDDEN = "trade-hidden"  # deal.leftover_trade, the extra card face down
    TO_TWO_SPADES = "to-two-spades"  # deal.leftover_2s_or_3d: to the holder of 2♠


class DrawOnPass(Choice):
    NONE = "none"
    ONE = "one"  # deal.draw_on_pass: a player who passes draws a card
    PLAY_SIZE = "play-size"  # deal.draw_on_pass option: as many cards as the play needed


class FirstLead(Choice):
    """Who leads each deal of a session."""

    LOWEST_CARD = "lowest-card"  # core.lead: the holder of the lowest card, every deal
    WINNER = "winner"  # start.winner_leads
    LOSER = "loser"  # start.loser_leads
    INDONESIA_ROUNDS = "indonesia-rounds"  # start.indonesia_rounds: 3♦ opens each ten deals


class Announce(Choice):
    NONE = "none"
    ONE_CARD = "one-card"  # last.announce
    ONE_OR_TWO = "one-or-two"  # last.announce, Indonesia


class LastPlayBan(Choice):
    """Plays that may not end a deal."""

    NONE = "none"
    SINGLE_TWO = "single-two"  # last.no_single_two: a single 2
    TWOS = "twos"  # last.no_single_two option: a single or a pair of 2s
    TWO_SPADES = "two-spades"  # last.no_two_spades: a single 2♠
    ANY_TWO_SPADES = "any-two-spades"  # last.no_two_spades option: any play holding 2♠


class FourTwos(Choice):
    NONE = "none"
    WIN = "win"  # instant.four_twos: an immediate win
    DRAW = "draw"  # instant.four_twos option: an automatic draw
    REDEAL = "redeal"  # instant.four_twos option: a compulsory redeal


class Mode(Choice):
    STANDARD = "standard"  # core.end: the deal ends when one player is out
    UNTIL_LAST = "until-last"  # mode.until_last
    PRESIDENT = "president"  # mode.president (plays until the last, titles and exchanges)
    TEAMS = "teams"  # mode.teams
