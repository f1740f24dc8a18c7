"""`Rules`: one frozen, keyword-only dataclass holding every option of a game.

Each field's comment names the variation ID(s) it covers. `Rules.replace` returns a changed copy
and refuses combinations that make no sense with a `RulesError` saying why.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, ClassVar

from ..checks import bare, describe
from ..errors import RulesError
from .options import (
    Announce,
    Choice,
    Direction,
    DrawOnPass,
    FirstLead,
    FirstPlay,
    FiveBeating,
    FlushOrder,
    FourTwos,
    Jokers,
    LastPlayBan,
    Leftover,
    Mode,
    Scoring,
    StraightOrder,
    SuitOrder,
)
from .presets import PRESETS, find_preset

_STRAIGHT_LENGTHS = range(3, 14)


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Every option of one Big Two game; ``Rules()`` is the classic (pagat) game."""

    # --- players and cards ---------------------------------------------------------------
    players: int = 4  # core.deal; 2-4 with one deck, up to 8 with two (cards.two_decks)
    decks: int = 1  # cards.two_decks
    jokers: Jokers = Jokers.NONE  # cards.jokers_wild, cards.jokers_valueless
    suit_order: SuitOrder = SuitOrder.STANDARD  # core.deck, suits.*
    twos_low_on_quads: bool = False  # cards.bomb_flips_twos
    identical_beats: bool = False  # cards.two_decks option: 3♦ may be played on the other 3♦
    # --- combinations --------------------------------------------------------------------
    triples: bool = True  # combo.no_triples when False
    flushes: bool = True  # combo.no_flushes when False
    quads_alone: bool = False  # combo.quads_alone, combo.quads_no_two_pairs
    two_pairs: bool = False  # combo.four_card (with quads_alone)
    quads_kicker: bool = True  # combo.no_quads_kicker when False
    butterfly: bool = False  # combo.butterfly
    trips_junk: bool = False  # combo.trips_junk
    sisters: bool = False  # combo.sisters
    straight_lengths: tuple[int, ...] = (5,)  # combo.long_straights
    dragon_play: bool = False  # combo.dragon_play
    sf_plus_two: bool = False  # combo.sf_plus_two
    five_of_a_kind: bool = False  # combo.five_kind
    five_kind_over_straight_flush: bool = True  # cards.two_decks option
    # --- orders ----------------------------------------------------------------------------
    straight_order: StraightOrder = StraightOrder.PAGAT  # straight.*
    flush_order: FlushOrder = FlushOrder.SUIT_FIRST  # core.flush, flush.*
    five_beating: FiveBeating = FiveBeating.BY_TYPE  # core.five, five.same_type_only/by_card_value
    straight_over_flush: bool = False  # five.straight_over_flush
    royal_only_beats_quads: bool = False  # five.royal_only_beats_quads
    poker_exact: bool = False  # five.poker_exact
    # --- bombs -----------------------------------------------------------------------------
    honours_beat_all: bool = False  # bomb.honours_beat_all
    override_two: bool = False  # bomb.override_two
    quads_beat_all: bool = False  # bomb.quads_beat_all
    smackdown: bool = False  # bomb.smackdown
    out_of_turn_bombs: bool = False  # bomb.out_of_turn
    # --- the first play --------------------------------------------------------------------
    first_play: FirstPlay = FirstPlay.INCLUDE  # core.lead, start.lead_card_alone/lowest_optional
    no_full_house_on_straight: bool = False  # mode.da_lao_er: a full house can't beat a straight
    # --- dealing and starting ----------------------------------------------------------------
    direction: Direction = Direction.COUNTER_CLOCKWISE  # core.deal, deal.clockwise/alternate/race
    cut: bool = True  # core.cut (False: deal.no_cut)
    cards_each: int | None = None  # deal.thirteen_each, deal.two_player_sizes (None: deal all)
    leftover: Leftover = Leftover.TO_LEAD  # deal.leftover_*
    ghost_hand: bool = False  # deal.ghost_hand
    draw_on_pass: DrawOnPass = DrawOnPass.NONE  # deal.draw_on_pass
    reshuffle_stock: bool = False  # deal.draw_on_pass option: played cards become a new stock
    first_lead: FirstLead = FirstLead.LOWEST_CARD  # start.winner_leads/loser_leads/indonesia
    three_player_exchange: bool = False  # start.three_player_exchange
    # --- tricks and the last cards -----------------------------------------------------------
    no_play_after_pass: bool = False  # trick.no_play_after_pass
    one_pass_ends: bool = False  # trick.one_pass_ends
    unbeatable_ends: bool = False  # trick.unbeatable_ends
    three_threes: bool = False  # trick.three_threes
    announce: Announce = Announce.NONE  # last.announce
    precaution: bool = False  # last.precaution
    last_play_ban: LastPlayBan = LastPlayBan.NONE  # last.no_single_two, last.no_two_spades
    # --- immediate wins and redeals ------------------------------------------------------------
    dragon_wins: bool = False  # instant.dragon, instant.grand_dragon
    four_twos: FourTwos = FourTwos.NONE  # instant.four_twos
    four_twos_three_players: bool = False  # instant.four_twos option: also with three players
    golden_whoopin: bool = False  # instant.golden_whoopin
    malta_dragun: bool = False  # instant.malta_dragun
    weak_hand_redeal: bool = False  # redeal.weak_hand
    no_faces_redeal: bool = False  # redeal.no_faces
    # --- modes and scoring ---------------------------------------------------------------------
    mode: Mode = Mode.STANDARD  # core.end, mode.*
    president_free_choice: bool = False  # mode.president option: give any 2 after receiving
    lowest_leads_play_on: bool = False  # suits.penning: lowest card leads the play for places
    scoring: Scoring = Scoring.STANDARD  # core.score, score.*
    three_player_scale: bool = True  # score.three_player: x3 with 17 cards, x2 with 12-16
    winner_only: bool = False  # score.winner_only (settlement: no payments between losers)
    starter_double: bool = False  # score.starter_double
    pairwise_kam: bool = False  # score.pairwise_kam
    twos_finish_double: bool = False  # score.twos_finish
    assistance: bool = False  # score.assistance

    name: str = field(default="custom", compare=False)

    MAX_PLAYERS: ClassVar[dict[int, int]] = {1: 4, 2: 8}

    def __post_init__(self) -> None:
        for f in fields(self):
            value, default = getattr(self, f.name), f.default
            if isinstance(default, bool) and not isinstance(value, bool):
                raise RulesError(
                    f"{f.name} must be true or false, not {describe(value)}",
                    reason="not_yes_no",
                    option=f.name,
                    value=bare(value),
                )
            if isinstance(default, Choice) and not isinstance(value, type(default)):
                enum_type = type(default)
                try:
                    object.__setattr__(self, f.name, enum_type(value))
                except ValueError:
                    choices = ", ".join(m.value for m in enum_type)
                    raise RulesError(
                        f"{f.name} can't be {describe(value)}; choose one of: {choices}",
                        reason="bad_choice",
                        option=f.name,
                        value=bare(value),
                        choices=choices,
                    ) from None
        _check_numbers(self)
        _check(self)

    # ---------------------------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set (``classic``, ``hong-kong``, …); aliases such as ``pusoy-dos`` work."""
        if not isinstance(name, str):
            raise RulesError(f"a rule set is named by text, not {describe(name)}")
        found = find_preset(name)
        return cls(name=found.name, **found.options)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """The names of every preset."""
        return tuple(PRESETS)

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied, e.g. ``rules.replace(flushes=False)``."""
        names = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(
                f"unknown rule option(s): {', '.join(unknown)}",
                reason="unknown_option",
                options=", ".join(unknown),
            )
        if "name" not in changes and self.name != "custom":
            changes["name"] = f"{self.name}+custom"
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (enums by their words): a fresh copy each call."""
        out = dict(self._plain)
        for k in self._lists:
            out[k] = list(out[k])
        return out

    @cached_property
    def _lists(self) -> tuple[str, ...]:
        """The options whose plain value is a list (copied by `to_dict`)."""
        return tuple(k for k, v in self._plain.items() if isinstance(v, list))

    @cached_property
    def _plain(self) -> dict[str, Any]:
        """`to_dict` worked out once (the rules never change; a server stores them with
        every snapshot)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = (
                list(value)
                if isinstance(value, tuple)
                else (value.value if hasattr(value, "value") else value)
            )
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The inverse of `to_dict`; unknown keys are refused."""
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise RulesError(f"rule options are a mapping of names to values, not {describe(data)}")
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(
                f"unknown rule option(s): {', '.join(unknown)}",
                reason="unknown_option",
                options=", ".join(unknown),
            )
        values = dict(data)
        if isinstance(values.get("straight_lengths"), list):  # JSON has lists, not tuples
            values["straight_lengths"] = tuple(values["straight_lengths"])
        try:
            return cls(**values)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    @cached_property
    def narrows_turns(self) -> bool:
        """Do turn rules ever remove plays (``last.*`` bans, precaution, three 3s)?"""
        return self.last_play_ban is not LastPlayBan.NONE or self.precaution or self.three_threes

    @cached_property
    def teams(self) -> tuple[int, ...] | None:
        """Each seat's team in ``mode.teams`` (partners sit opposite: seats 0 and 2 against 1
        and 3), None when everyone plays for themselves."""
        if self.mode is not Mode.TEAMS:
            return None
        return tuple(s % 2 for s in range(self.players))

    @cached_property
    def has_claims(self) -> bool:
        """Can a player announce, or claim a redeal or four 2s?"""
        return (
            self.announce is not Announce.NONE
            or self.weak_hand_redeal
            or self.no_faces_redeal
            or self.golden_whoopin
        )

    @cached_property
    def acts_out_of_turn(self) -> bool:
        """Can a seat ever act when it is not its turn: a claim or announcement, a bomb or
        smack-down out of turn, or an answer in a race for the direction? (Tables ask every
        other seat after each action only when it can.)"""
        return (
            self.has_claims
            or self.out_of_turn_bombs
            or self.smackdown
            or self.direction is Direction.RACE
        )

    @property
    def deck_size(self) -> int:
        return self.decks * (52 + (2 if self.jokers is not Jokers.NONE else 0))


_LARGEST = 1_000  # no count in a rule set comes near this; larger ones are refused unread
_NAME_LENGTH = 100


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_numbers(rules: Rules) -> None:
    """Counts are whole numbers and the name is text (bools, floats and strings refused)."""
    for name in ("players", "decks"):
        value = getattr(rules, name)
        if not _is_int(value) or abs(value) > _LARGEST:
            raise RulesError(
                f"{name} must be a whole number, not {describe(value)}",
                reason="not_number",
                option=name,
                value=bare(value),
            )
    each = rules.cards_each
    if each is not None and (not _is_int(each) or abs(each) > _LARGEST):
        raise RulesError(
            f"cards_each must be a whole number or none, not {describe(each)}",
            reason="not_number",
            option="cards_each",
            value=bare(each),
        )
    lengths = rules.straight_lengths
    if (
        not isinstance(lengths, tuple | list)
        or len(lengths) > _LARGEST
        or not all(_is_int(n) for n in lengths)
    ):
        raise RulesError(
            f"straight_lengths must be whole numbers, not {describe(lengths)}",
            reason="not_numbers",
            option="straight_lengths",
        )
    if not isinstance(lengths, tuple):
        object.__setattr__(rules, "straight_lengths", tuple(lengths))
    if type(rules.name) is not str or len(rules.name) > _NAME_LENGTH:
        raise RulesError(
            f"name must be text of at most {_NAME_LENGTH} characters, not {describe(rules.name)}",
            reason="name_length",
            limit=_NAME_LENGTH,
        )


def _check(r: Rules) -> None:
    """Refuse option combinations that make no sense."""
    if r.decks not in (1, 2):
        raise RulesError("decks must be 1 or 2", reason="decks")
    top = Rules.MAX_PLAYERS[r.decks]
    if not isinstance(r.players, int) or not 2 <= r.players <= top:
        raise RulesError(
            f"{r.players} {'player' if r.players == 1 else 'players'} can't play with"
            f" {'one deck' if r.decks == 1 else 'two decks'}: use 2 to {top}"
            + (" (two decks allow up to 8)" if r.decks == 1 else ""),
            reason="players",
            players=r.players,
            decks=r.decks,
            top=top,
        )
    if r.five_of_a_kind and r.decks == 1 and r.jokers is not Jokers.WILD:
        raise RulesError(
            "five of a kind needs two decks or wild jokers",
            reason="conflict",
            options="five_of_a_kind, decks, jokers",
        )
    if r.identical_beats and r.decks == 1:
        raise RulesError(
            "identical plays exist only with two decks",
            reason="conflict",
            options="identical_beats, decks",
        )
    if not r.quads_kicker and not r.quads_alone:
        raise RulesError(
            "four of a kind can be refused as a five-card hand only where it may be played alone"
            " (set quads_alone)",
            reason="conflict",
            options="quads_kicker, quads_alone",
        )
    bad = [n for n in r.straight_lengths if n not in _STRAIGHT_LENGTHS]
    if bad or len(set(r.straight_lengths)) != len(r.straight_lengths):
        raise RulesError(
            "straight lengths must be distinct numbers from 3 to 13",
            reason="conflict",
            options="straight_lengths",
        )
    if r.sf_plus_two and r.royal_only_beats_quads:
        raise RulesError(
            "with straight flush plus two, a straight flush is not a five-card hand",
            reason="conflict",
            options="sf_plus_two, royal_only_beats_quads",
        )
    if r.quads_beat_all and (r.royal_only_beats_quads or r.sf_plus_two):
        raise RulesError(
            "with quads_beat_all every four of a kind beats every straight flush, so a royal"
            " flush or a straight flush plus two can't beat it",
            reason="conflict",
            options="quads_beat_all, royal_only_beats_quads, sf_plus_two",
        )
    if r.quads_beat_all and r.five_beating is not FiveBeating.BY_TYPE:
        raise RulesError(
            "with quads_beat_all a four of a kind beats every five-card hand, which needs"
            " five_beating=by-type",
            reason="conflict",
            options="quads_beat_all, five_beating",
        )
    if r.poker_exact and r.flush_order is not FlushOrder.POKER:
        raise RulesError(
            "poker-exact ranking compares flushes like poker: set flush_order=poker",
            reason="conflict",
            options="poker_exact, flush_order",
        )
    _check_deal(r)
    _check_speed(r)
    if r.five_beating is not FiveBeating.BY_TYPE and (
        r.straight_over_flush or r.royal_only_beats_quads
    ):
        raise RulesError(
            "the order of five-card types matters only when a higher type beats a lower one"
            " (five_beating=by-type)",
            reason="conflict",
            options="five_beating, straight_over_flush, royal_only_beats_quads",
        )


# Option sets refused because they can't be played in time (issue 12): every accepted set
# must deal, play and let every bot decide within the engine's targets (a random deal in 2 s,
# the heuristic in 20 ms a move at the 95th percentile, the expert in 1 s). Each entry is
# (what is refused, why); `_check_speed` applies them and docs/rules.md lists them.
SPEED_REFUSALS: tuple[tuple[str, str], ...] = (
    (
        "wild jokers with two decks and fewer than 4 players",
        "hands of 36 cards or more with up to four wild jokers have too many ways for the"
        " jokers to complete combinations (every straight, flush and full house the hand"
        " nearly holds) to be read in time; a deal did not finish in minutes",
    ),
    (
        "wild jokers with two decks, fewer than 6 players and a five-card hand of pairs or a"
        " triple with odd cards (butterfly, sisters, trips_junk)",
        "the odd cards multiply the jokers' readings: with 22 to 27 cards a hand a deal took"
        " 2 to 3 s and more (6 to 8 players, at most 18 cards each, play in time)",
    ),
    (
        "wild jokers with two decks, 4 players and straights of other lengths than five",
        "the jokers can complete every run of each length in 27-card hands: a deal took up to"
        " 3 s (5 or more players play in time)",
    ),
    (
        "wild jokers with two decks, drawing on a pass and smack-downs",
        "drawing lets a hand grow far past the cards dealt, and the smack-downs a 45-card hand"
        " with four wild jokers can make were not all read in 20 s",
    ),
)


def _check_speed(r: Rules) -> None:
    """Refuse the option sets of `SPEED_REFUSALS`."""
    if r.jokers is not Jokers.WILD or r.decks != 2:
        return
    if r.players < 4:
        what, why = SPEED_REFUSALS[0]
        raise RulesError(
            f"{what} can't be played in time: {why}",
            reason="too_slow",
            options="jokers, decks, players",
        )
    if r.players < 6 and (r.butterfly or r.sisters or r.trips_junk):
        what, why = SPEED_REFUSALS[1]
        raise RulesError(
            f"{what} can't be played in time: {why}",
            reason="too_slow",
            options="jokers, decks, players, butterfly, sisters, trips_junk",
        )
    if r.players < 5 and any(n != 5 for n in r.straight_lengths):
        what, why = SPEED_REFUSALS[2]
        raise RulesError(
            f"{what} can't be played in time: {why}",
            reason="too_slow",
            options="jokers, decks, players, straight_lengths",
        )
    if r.draw_on_pass is not DrawOnPass.NONE and r.smackdown:
        what, why = SPEED_REFUSALS[3]
        raise RulesError(
            f"{what} can't be played in time: {why}",
            reason="too_slow",
            options="jokers, decks, draw_on_pass, smackdown",
        )


def _check_deal(r: Rules) -> None:
    """Refuse dealing and mode options that can't work with this many players and cards."""
    deck = r.deck_size
    if r.cards_each is not None:
        if not isinstance(r.cards_each, int) or r.cards_each < 1:
            raise RulesError(
                "cards_each must be a positive number of cards",
                reason="conflict",
                options="cards_each",
            )
        if r.cards_each * r.players > deck:
            raise RulesError(
                f"{r.players} players can't each get {r.cards_each} cards from {deck}",
                reason="conflict",
                options="players, cards_each, decks",
            )
    if r.ghost_hand and (r.players != 3 or r.decks != 1 or r.cards_each not in (None, 13)):
        raise RulesError(
            "the ghost hand is a three-player deal of four 13-card hands",
            reason="conflict",
            options="ghost_hand, players, decks, cards_each",
        )
    if r.draw_on_pass is not DrawOnPass.NONE and r.cards_each is None and not r.ghost_hand:
        raise RulesError(
            "drawing on a pass needs a stock: set cards_each (e.g. 13)",
            reason="conflict",
            options="draw_on_pass, cards_each",
        )
    if r.reshuffle_stock and r.draw_on_pass is DrawOnPass.NONE:
        raise RulesError(
            "reshuffling the stock only matters when passing draws cards",
            reason="conflict",
            options="reshuffle_stock, draw_on_pass",
        )
    if r.mode is Mode.TEAMS and r.players != 4:
        raise RulesError(
            "team play is two against two: it needs 4 players",
            reason="conflict",
            options="mode, players",
        )
    if r.three_player_exchange and r.players != 3:
        raise RulesError(
            "the loser-to-winner exchange is a three-player rule",
            reason="conflict",
            options="three_player_exchange, players",
        )
    if r.leftover in (Leftover.TRADE_SHOWN, Leftover.TRADE_HIDDEN) and r.decks != 1:
        raise RulesError(
            "trading the 3♦ for the extra card is a one-deck rule",
            reason="conflict",
            options="leftover, decks",
        )
    if r.leftover in (Leftover.TRADE_SHOWN, Leftover.TRADE_HIDDEN) and (
        r.ghost_hand or r.cards_each is not None
    ):
        raise RulesError(
            "trading the 3♦ is for the one extra card left when every card is dealt; it can't"
            " go with a ghost hand or a set number of cards each",
            reason="conflict",
            options="leftover, ghost_hand, cards_each",
        )
    if r.lowest_leads_play_on and r.mode not in (Mode.UNTIL_LAST, Mode.PRESIDENT):
        raise RulesError(
            "the lowest card leads the play for places only when play goes on",
            reason="conflict",
            options="lowest_leads_play_on, mode",
        )
    if r.president_free_choice and r.mode is not Mode.PRESIDENT:
        raise RulesError(
            "president_free_choice is an option of the president mode",
            reason="conflict",
            options="president_free_choice, mode",
        )
