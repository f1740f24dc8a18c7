"""The heuristic's judgement of a position, on plain values so that both the `heuristic` bot
(from a view) and the expert's rollouts (from a simulated deal) can use it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import RED_JOKER, iter_bits
from ..combos import Combination, Tables, classify_mask
from ..combos.tables import PAIR, SINGLE, TRIPLE
from ..engine.seats import seats_after
from .planning import Planner, planner_for

LEAD_VALUE = 0.4  # winning the trick back: the next lead is ours
CONTROL_KEEP = 1.2  # spending a sure winner on someone else's trick, early
SURE_FINISH = 5.0  # a sure winner now, then our last play
DANGER = 1.5  # a lone card offered to an opponent about to go out
PASS_BELOW = -0.7  # follow unless the play costs the hand this much (passing hoards cards)
# beating the play of an opponent with one or two cards left, who leads next if all pass:
# (cards left, whether nobody else can still stop them) -> what stopping them is worth
STOP_OWNER = {(1, True): 4.0, (1, False): 1.5, (2, True): 1.5, (2, False): 0.75}
FEED = 0.6  # leading a low single to a partner with one card left (mode.teams)
PARTNER_YIELD = 1.5  # beating a partner's play when they have one or two cards left


@dataclass(frozen=True)
class Situation:
    """What one seat knows when it must act."""

    t: Tables
    hand: int
    table: Combination | None  # None: we lead
    unseen: int  # cards that other seats (or the undealt pile) may hold
    opponents: tuple[int, ...]  # card counts of the seats still playing against us
    next_count: int  # cards of the seat that acts after us
    careful: bool = True  # count cards and defend ("hard"); off for "medium"
    owner_count: int = 0  # cards of the opponent whose play is on the table (0: not one)
    owner_next: bool = False  # if we pass, nobody else can beat it before that opponent leads
    partner_count: int = 0  # cards of our partner (mode.teams; 0: none, or out)
    partner_owns: bool = False  # the play on the table is our partner's
    dealt: int = 0  # our hand as dealt (0: not known), which the planner cuts shapes from


class Reading:
    """Facts about the unseen cards, computed once per decision."""

    __slots__ = ("max_count", "top_key")

    def __init__(self, sit: Situation) -> None:
        t = sit.t
        self.max_count = max(sit.opponents, default=0)
        by_rank: dict[int, list[int]] = {}
        top_single = -2
        for c in iter_bits(sit.unseen):
            f = c & 63
            k = t.single_key[f]
            if k > top_single:
                top_single = k
            if f < RED_JOKER:
                by_rank.setdefault(f >> 2, []).append(t.suit_key[f & 3])
        self.top_key = {SINGLE: top_single, PAIR: -1, TRIPLE: -1}
        for rank, suits in by_rank.items():
            base = t.rank_pos[rank] * 4 + max(suits)
            if len(suits) >= 2 and base > self.top_key[PAIR]:
                self.top_key[PAIR] = base
            if len(suits) >= 3 and base > self.top_key[TRIPLE]:
                self.top_key[TRIPLE] = base

    def is_winner(self, combo: Combination, t: Tables) -> bool:
        """Can no unseen set of cards beat ``combo``? (bombs aside)"""
        if combo.size > self.max_count:
            return True
        top = self.top_key.get(combo.family)
        if top is None:
            return False
        return combo.key > top or (combo.key == top and not t.allow_equal and top >= 0)


def table_owner(
    counts: Sequence[int],
    me: int,
    table_seat: int,
    step: int,
    barred: int,
    teams: Sequence[int] | None,
    one_pass: bool,
) -> tuple[int, bool]:
    """``(owner_count, owner_next)`` of a `Situation` when a play is on the table: the cards
    of the opponent who made it (0 when it is ours or a partner's), and whether that opponent
    leads next if we pass: nobody after us who could still beat it (``barred`` seats have
    passed for good; the owner's partners won't) acts before the trick comes back round."""
    n = len(counts)
    if table_seat == me or not 0 <= table_seat < n:
        return 0, False
    if teams is not None and teams[table_seat] == teams[me]:
        return 0, False
    owner = counts[table_seat]
    if not owner or one_pass:
        return owner, owner > 0
    for seat in seats_after(me, n, step):
        if seat == table_seat:
            break
        mate = teams is not None and teams[seat] == teams[table_seat]
        if counts[seat] and not barred >> seat & 1 and not mate:
            return owner, False
    return owner, True


SHORTLIST = 40  # plays judged by the planner at most; more (big hands) are trimmed first
_WEAKEST, _STRONGEST = 4, 2  # of each kind, kept when trimming


def shortlist(plays: Sequence[Combination], hand: int, t: Tables) -> list[Combination]:
    """The plays to judge: all of them when they are few, or the hand is no bigger than the
    planner searches in full (17 or 18 cards with one deck, 13 with two); for a bigger hand
    (two players, or two decks, whose plays number in the hundreds, and judging each costs a
    plan of the hand) of each kind the few weakest (what the heuristic sheds) and strongest
    (what wins a lead back or stops an opponent), and any play that empties the hand."""
    if len(plays) <= SHORTLIST or hand.bit_count() <= planner_for(t).full_search:
        return list(plays)
    by_kind: dict[str, list[Combination]] = {}
    for m in plays:
        by_kind.setdefault(m.kind, []).append(m)
    keep: dict[int, Combination] = {m.mask: m for m in plays if m.mask == hand}
    for group in by_kind.values():
        group.sort(key=lambda m: m.key)
        for m in group[:_WEAKEST] + group[-_STRONGEST:]:
            keep[m.mask] = m
    return [m for m in plays if m.mask in keep]


def choose(sit: Situation, plays: Sequence[Combination], can_pass: bool) -> Combination | None:
    """The play the heuristic makes, or None to pass. ``plays`` must be non-empty unless
    ``can_pass``."""
    if not plays:
        return None
    for m in plays:
        if m.mask == sit.hand:
            return m  # going out wins the deal
    scored = score_plays(sit, shortlist(plays, sit.hand, sit.t))
    best_gain, best = max(scored, key=lambda gm: (gm[0], -gm[1].key))
    if sit.table is not None and can_pass and best_gain < PASS_BELOW:
        return None
    return best


def score_plays(sit: Situation, plays: Sequence[Combination]) -> list[tuple[float, Combination]]:
    """Each play with its gain: how much it lowers the hand's cost, adjusted for winning the
    lead, keeping control and defending."""
    t = sit.t
    pl: Planner = planner_for(t)
    pl.held(sit.hand, sit.dealt)
    base = pl.cost(sit.hand)
    reading = Reading(sit) if sit.careful else None
    low = min(sit.opponents, default=13)
    leading = sit.table is None
    # mode.teams: the team with fewer cards wins when one player goes out, so the partner
    # going out helps only if our cards are then fewer than the opponents'
    ahead = sit.partner_count > 0 and sit.hand.bit_count() < sum(sit.opponents)
    out: list[tuple[float, Combination]] = []
    for m in plays:
        after = sit.hand & ~m.mask
        if not after:
            out.append((100.0, m))
            continue
        rest = pl.cost(after, sit.hand)
        gain = base - rest
        if reading is not None:
            win = reading.is_winner(m, t)
            if win:
                gain += LEAD_VALUE
                if rest < 2.0 and _one_play(after, pl):  # < 2: at most one play
                    gain += SURE_FINISH  # win the lead with it, then go out
                elif not leading and low > 3 and base > 4.0:
                    gain -= CONTROL_KEEP
            gain += _defence(sit, m, pl, win, leading, low)
            if not leading and sit.owner_count:
                gain += STOP_OWNER.get((sit.owner_count, sit.owner_next), 0.0)
            elif sit.partner_owns and 0 < sit.partner_count <= 2 and ahead:
                gain -= PARTNER_YIELD  # let them lead next and go out
            elif leading and sit.partner_count == 1 and m.size == 1 and ahead:
                gain += FEED * (1.0 - pl.strength(m))
        if leading:
            gain += 0.05 * m.size  # shed more cards a lead when it costs nothing
        out.append((gain, m))
    return out


def _one_play(hand: int, pl: Planner) -> bool:
    """Is the hand a single combination (so it goes out in one play)?"""
    return classify_mask(hand, pl.t) is not None


def _defence(
    sit: Situation, m: Combination, pl: Planner, win: bool, leading: bool, low: int
) -> float:
    """Stop an opponent with one or two cards from going out: lead what they can't follow,
    and answer their size with our highest."""
    if low > 2 or m.size > low:
        return 0.0
    if m.size != low and not (low == 2 and m.size == 1 and sit.next_count == 1):
        return 0.0
    strength = pl.strength(m)
    if leading:
        return 2.0 * strength - (0.0 if win else DANGER)
    return 2.0 * strength + (1.0 if sit.next_count <= 2 else 0.5)
