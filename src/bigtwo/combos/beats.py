"""Whether one combination may be played on another, and why not when it may not."""

from __future__ import annotations

from .moves import Combination
from .tables import FIVE, FOUR, PAIR, PAIR_RUN_N, SF_PLUS_TWO, SINGLE, TRIPLE, Tables

HONOURS = frozenset({"four_of_a_kind", "straight_flush"})
KIND_WORDS = {
    "single": "a single",
    "pair": "a pair",
    "triple": "a triple",
    "quads": "a four of a kind",
    "two_pair": "two pairs",
    "straight": "a straight",
    "flush": "a flush",
    "full_house": "a full house",
    "four_of_a_kind": "a four of a kind with a fifth card",
    "straight_flush": "a straight flush",
    "butterfly": "a butterfly (two pairs and a card)",
    "triple_junk": "a triple with two odd cards",
    "sisters": "sisters (two consecutive pairs and a card)",
    "five_of_a_kind": "five of a kind",
    "dragon": "a dragon",
    "pair_run": "a run of pairs",
    "straight_flush_plus_two": "a straight flush plus two",
}


def can_lead(combo: Combination, t: Tables) -> bool:
    """Smack-down plays (runs of pairs, and lone fours where fours can't be led) only answer."""
    if combo.family >= PAIR_RUN_N:
        return False
    return not (combo.kind == "quads" and not t.rules.quads_alone)


def beats(new: Combination, old: Combination, t: Tables) -> bool:
    """May ``new`` be played on ``old``?"""
    if new.family == old.family:
        if new.key == -1 and new.family == SINGLE:
            return True  # a valueless joker beats any single (cards.jokers_valueless)
        if t.same_type_only and new.family == FIVE and new.kind != old.kind:
            return False
        if t.rules.no_full_house_on_straight and (new.kind, old.kind) == ("full_house", "straight"):
            return False  # mode.da_lao_er
        return new.key > old.key or (t.allow_equal and new.key == old.key)
    return bomb_beats(new, old, t)


def bomb_beats(new: Combination, old: Combination, t: Tables) -> bool:
    """The ``bomb.*`` and ``combo.sf_plus_two`` rules: plays across families."""
    if not t.has_bombs:
        return False
    r = t.rules
    kind = new.kind
    if r.sf_plus_two:
        if kind == "straight_flush_plus_two":
            return True
        if kind == "four_of_a_kind" and old.family != SF_PLUS_TWO:
            return True
    honours = kind in HONOURS and new.family == FIVE
    if honours and r.honours_beat_all and old.family in (SINGLE, PAIR, TRIPLE):
        return True
    if honours and r.out_of_turn_bombs and old.family != FIVE:
        return True
    if honours and r.override_two and old.family == SINGLE and (old.top & 63) >> 2 == 12:
        return True
    if r.quads_beat_all and new.four_rank >= 0:
        return old.four_rank < 0 or new.four_rank > old.four_rank
    if r.smackdown and (kind == "quads" or new.family >= PAIR_RUN_N):
        return old.family == SINGLE and (old.top & 63) == t.top_face
    return False


def why_not(new: Combination, old: Combination, t: Tables) -> str:
    """A player's explanation of why ``new`` can't be played on ``old``."""
    if new.family != old.family:
        if old.family == FOUR or new.family == FOUR:
            return f"{KIND_WORDS[new.kind]} can't be played on {KIND_WORDS[old.kind]}"
        if new.size != old.size:
            return (
                f"{KIND_WORDS[old.kind]} ({old.size} card{'s' * (old.size > 1)}) is on the"
                f" table: play {old.size} card{'s' * (old.size > 1)} or pass"
            )
        return f"{KIND_WORDS[new.kind]} can't be played on {KIND_WORDS[old.kind]}"
    if t.same_type_only and new.family == FIVE and new.kind != old.kind:
        return f"only {KIND_WORDS[old.kind]} may follow {KIND_WORDS[old.kind]} under these rules"
    if new.key == old.key:
        return f"{new.words} only ties {old.words}; a play must be higher"
    return f"{new.words} doesn't beat {old.words}"
