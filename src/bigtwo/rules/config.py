"""`Rules`: one frozen, keyword-only dataclass holding every option of a game.

Each field's comment names the variation ID(s) it covers. `Rules.replace` returns a changed copy
and refuses combinations that make no sense with a `RulesError` saying why.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from ..errors import RulesError
from .options import (
    Choice,
    FirstPlay,
    FiveBeating,
    FlushOrder,
    Jokers,
    Scoring,
    StraightOrder,
    SuitOrder,
)

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
    # --- turns and scoring -----------------------------------------------------------------
    no_play_after_pass: bool = False  # trick.no_play_after_pass
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
                raise RulesError(f"{f.name} must be true or false, not {value!r}")
            if isinstance(default, Choice) and not isinstance(value, type(default)):
                enum_type = type(default)
                try:
                    object.__setattr__(self, f.name, enum_type(value))
                except ValueError:
                    choices = ", ".join(m.value for m in enum_type)
                    raise RulesError(
                        f"{f.name} can't be {value!r}; choose one of: {choices}"
                    ) from None
        if not isinstance(self.straight_lengths, tuple):
            object.__setattr__(self, "straight_lengths", tuple(self.straight_lengths))
        _check(self)

    # ---------------------------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set (``classic``, ``hong-kong``, …); aliases such as ``pusoy-dos`` work."""
        from .presets import preset

        return preset(name)

    @classmethod
    def presets(cls) -> tuple[str, ...]:
        """The names of every preset."""
        from .presets import preset_names

        return preset_names()

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` applied, e.g. ``rules.replace(flushes=False)``."""
        names = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(unknown)}")
        if "name" not in changes and self.name != "custom":
            changes["name"] = f"{self.name}+custom"
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values (enums by their words)."""
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
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(unknown)}")
        values = dict(data)
        if "straight_lengths" in values:
            values["straight_lengths"] = tuple(values["straight_lengths"])
        try:
            return cls(**values)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    @property
    def deck_size(self) -> int:
        return self.decks * (52 + (2 if self.jokers is not Jokers.NONE else 0))


def _check(r: Rules) -> None:
    """Refuse option combinations that make no sense."""
    if r.decks not in (1, 2):
        raise RulesError("decks must be 1 or 2")
    top = Rules.MAX_PLAYERS[r.decks]
    if not isinstance(r.players, int) or not 2 <= r.players <= top:
        raise RulesError(
            f"{r.players} players can't play with {r.decks} deck(s): use 2 to {top}"
            + (" (two decks allow up to 8)" if r.decks == 1 else "")
        )
    if r.five_of_a_kind and r.decks == 1 and r.jokers is not Jokers.WILD:
        raise RulesError("five of a kind needs two decks or wild jokers")
    if r.identical_beats and r.decks == 1:
        raise RulesError("identical plays exist only with two decks")
    if not r.quads_kicker and not r.quads_alone:
        raise RulesError(
            "four of a kind can be refused as a five-card hand only where it may be played alone"
            " (set quads_alone)"
        )
    bad = [n for n in r.straight_lengths if n not in _STRAIGHT_LENGTHS]
    if bad or len(set(r.straight_lengths)) != len(r.straight_lengths):
        raise RulesError("straight lengths must be distinct numbers from 3 to 13")
    if r.sf_plus_two and r.royal_only_beats_quads:
        raise RulesError("with straight flush plus two, a straight flush is not a five-card hand")
    if r.poker_exact and r.flush_order is not FlushOrder.POKER:
        raise RulesError("poker-exact ranking compares flushes like poker: set flush_order=poker")
    if r.five_beating is not FiveBeating.BY_TYPE and (
        r.straight_over_flush or r.royal_only_beats_quads
    ):
        raise RulesError(
            "the order of five-card types matters only when a higher type beats a lower one"
            " (five_beating=by-type)"
        )
