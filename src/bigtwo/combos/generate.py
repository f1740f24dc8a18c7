"""Fast generation of every combination in a hand, built from the hand's structure (ranks,
suits, runs) rather than from all subsets; `classify_mask` names each candidate, and a hand's
combinations are cached per `Tables`."""

from __future__ import annotations

from itertools import combinations, product

from ..cards import RED_JOKER
from ..rules.options import Jokers
from .beats import bomb_beats, can_lead
from .classify import classify_mask
from .moves import Combination
from .tables import FIVE, SINGLE, Tables

_BOMB_KINDS = frozenset(
    {
        "four_of_a_kind",
        "straight_flush",
        "straight_flush_plus_two",
        "quads",
        "five_of_a_kind",
        "pair_run",
    }
)
_CACHE_LIMIT = 50_000


class HandCombos:
    """Every combination a hand holds: ``leads`` (playable on an empty table), ``by_family``
    (everything, grouped for following) and ``bombs`` (plays that may cross families)."""

    __slots__ = ("bombs", "by_family", "leads")

    def __init__(self, combos: list[Combination], t: Tables) -> None:
        self.leads = [c for c in combos if can_lead(c, t)]
        self.by_family: dict[int, list[Combination]] = {}
        for c in combos:
            self.by_family.setdefault(c.family, []).append(c)
        self.bombs = (
            [c for c in combos if c.kind in _BOMB_KINDS or c.four_rank >= 0] if t.has_bombs else []
        )

    def following(self, last: Combination, t: Tables) -> list[Combination]:
        """Every combination that may be played on ``last``."""
        same = self.by_family.get(last.family, ())
        key = last.key
        if last.family == FIVE and t.same_type_only:
            kind = last.kind
            out = [c for c in same if c.kind == kind and c.key > key]
        elif t.allow_equal:
            out = [c for c in same if c.key >= key]
        elif key == -1 or last.family != SINGLE or t.rules.jokers is not Jokers.VALUELESS:
            out = [c for c in same if c.key > key]
        else:  # a valueless joker may be played on any single
            out = [c for c in same if c.key > key or c.key == -1]
        if self.bombs:
            out.extend(c for c in self.bombs if c.family != last.family and bomb_beats(c, last, t))
        return out


def hand_combos(hand: int, t: Tables) -> HandCombos:
    """The (cached) combinations of ``hand``, a bitmask of cards."""
    found = t.hand_cache.get(hand)
    if found is not None:
        return found
    combos = [c for c in (classify_mask(m, t) for m in _candidate_masks(hand, t)) if c is not None]
    result = HandCombos(combos, t)
    if len(t.hand_cache) > _CACHE_LIMIT:
        t.hand_cache.clear()
    t.hand_cache[hand] = result
    return result


def _candidate_masks(hand: int, t: Tables) -> list[int]:
    """Card sets that may be combinations: a superset, deduplicated, that `classify` filters."""
    rules = t.rules
    by_rank: list[list[int]] = [[] for _ in range(13)]
    by_suit: list[list[int]] = [[], [], [], []]
    jokers: list[int] = []
    m = hand
    while m:
        low = m & -m
        m ^= low
        face = (low.bit_length() - 1) & 63
        if face >= RED_JOKER:
            jokers.append(low)
        else:
            by_rank[face >> 2].append(low)
            by_suit[face & 3].append(low)
    out: list[int] = [*jokers]
    five: set[int] = set()
    pairs: list[list[int]] = [[] for _ in range(13)]
    trips: list[list[int]] = [[] for _ in range(13)]
    presence = 0
    for rank, cards in enumerate(by_rank):
        if not cards:
            continue
        presence |= 1 << rank
        out.extend(cards)
        if len(cards) < 2:
            continue
        pairs[rank] = [a | b for a, b in combinations(cards, 2)]
        out.extend(pairs[rank])
        if len(cards) >= 3:
            trips[rank] = [sum(c) for c in combinations(cards, 3)]
            if rules.triples:
                out.extend(trips[rank])
            if len(cards) >= 4:
                quads = [sum(c) for c in combinations(cards, 4)]
                if rules.quads_alone or rules.smackdown:
                    out.extend(quads)
                if rules.quads_kicker:
                    rest = hand & ~sum(cards)
                    five.update(q | k for q in quads for k in _bits_of(rest))
                if len(cards) >= 5 and rules.five_of_a_kind:
                    five.update(sum(c) for c in combinations(cards, 5))
    for length, table in t.straights.items():
        for window in table:
            if presence & window == window:
                sets = map(sum, product(*(by_rank[r] for r in _ranks_of(window))))
                if length == 5:
                    five.update(sets)
                else:
                    out.extend(sets)
    if rules.flushes:
        for cards in by_suit:
            if len(cards) >= 5:
                five.update(map(sum, combinations(cards, 5)))
    for a in range(13):
        if trips[a]:
            for b in range(13):
                if b != a and pairs[b]:
                    five.update(x | y for x in trips[a] for y in pairs[b])
    _add_pair_shapes(hand, by_rank, pairs, trips, t, out, five)
    if rules.sf_plus_two:
        out.extend(_sf_plus_two(hand, by_suit, t))
    if jokers and rules.jokers is Jokers.WILD:
        out.extend(_with_wilds(hand, jokers, t))
    out.extend(five)
    return out


def _add_pair_shapes(
    hand: int,
    by_rank: list[list[int]],
    pairs: list[list[int]],
    trips: list[list[int]],
    t: Tables,
    out: list[int],
    five: set[int],
) -> None:
    """Two pairs, butterflies, sisters, triples with junk and runs of pairs, where allowed."""
    rules = t.rules
    paired = [r for r in range(13) if pairs[r]]
    if rules.two_pairs or rules.butterfly or rules.sisters:
        for a, b in combinations(paired, 2):
            both = [x | y for x in pairs[a] for y in pairs[b]]
            if rules.two_pairs:
                out.extend(both)
            sisters = rules.sisters and abs(t.rank_pos[a] - t.rank_pos[b]) == 1
            if rules.butterfly or sisters:
                junk = hand & ~(sum(by_rank[a]) | sum(by_rank[b]))
                five.update(p | j for p in both for j in _bits_of(junk))
    if rules.trips_junk:
        for a in range(13):
            if trips[a]:
                rest = _bits_of(hand & ~sum(by_rank[a]))
                five.update(x | j1 | j2 for x in trips[a] for j1, j2 in combinations(rest, 2))
    if rules.smackdown:
        order = sorted(paired, key=lambda r: t.rank_pos[r])
        for i in range(len(order)):
            j = i
            while j + 1 < len(order) and t.rank_pos[order[j + 1]] == t.rank_pos[order[j]] + 1:
                j += 1
                if j - i + 1 >= 3:
                    out.extend(map(sum, product(*(pairs[r] for r in order[i : j + 1]))))


def _sf_plus_two(hand: int, by_suit: list[list[int]], t: Tables) -> list[int]:
    out: list[int] = []
    table = t.straights[5]
    for cards in by_suit:
        if len(cards) < 5:
            continue
        for sub in combinations(cards, 5):
            m = sum(sub)
            ranks = 0
            for b in sub:
                ranks |= 1 << (((b.bit_length() - 1) & 63) >> 2)
            if ranks in table:
                out.extend(m | x | y for x, y in combinations(_bits_of(hand & ~m), 2))
    return out


def _with_wilds(hand: int, jokers: list[int], t: Tables) -> list[int]:
    """Sets that use wild jokers: every joker subset with natural cards that could fit around
    it (same rank, same suit, or inside a straight window)."""
    natural = _bits_of(hand & ~sum(jokers))
    sizes = {2, 5} | ({3} if t.rules.triples else set()) | set(t.straights)
    if t.rules.quads_alone or t.rules.two_pairs or t.rules.smackdown:
        sizes.add(4)
    if t.rules.sf_plus_two:
        sizes.add(7)
    windows = {n: list(tbl) for n, tbl in t.straights.items()}
    out: list[int] = []
    for j in range(1, len(jokers) + 1):
        for wild in combinations(jokers, j):
            wmask = sum(wild)
            for size in sizes:
                k = size - j
                if k < 0:
                    continue
                for sub in combinations(natural, k):
                    if _could_fit(sub, size, windows):
                        out.append(wmask | sum(sub))
    return out


def _could_fit(sub: tuple[int, ...], size: int, windows: dict[int, list[int]]) -> bool:
    faces = [(b.bit_length() - 1) & 63 for b in sub]
    ranks = {f >> 2 for f in faces}
    if len(ranks) <= 3 or len({f & 3 for f in faces}) == 1:
        return True
    if len(ranks) != len(faces):
        return False
    rmask = sum(1 << r for r in ranks)
    return any(rmask & ~w == 0 for w in windows.get(size, ()))


def _bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


_RANKS_OF: dict[int, tuple[int, ...]] = {}


def _ranks_of(window: int) -> tuple[int, ...]:
    found = _RANKS_OF.get(window)
    if found is None:
        found = _RANKS_OF[window] = tuple(r for r in range(13) if window >> r & 1)
    return found
