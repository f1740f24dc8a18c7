"""Combinations on demand: a hand's combinations generated lazily, shape by shape, so that a
question ("is there any play?", "the plays of this family", "a few plays of every shape")
costs what its answer costs rather than what every combination of the hand costs.

`hand_combos` (`bigtwo.combos.generate`) builds and caches every combination of a hand, which
is the fastest way for ordinary hands; a hand of 52 cards from two decks with straights of 12
holds over 200,000 distinct plays, and with smack-downs its runs of pairs number in the
billions, so for big hands nothing may be built whole. Here each shape proposes candidate card
sets, read by the reference `classify_mask` (without filling its cache; those that wild jokers
complete are read as `bigtwo.combos.wild` built them), and:

* with two decks only one card set per set of *faces* is proposed (the first deck's copy of a
  card before the second's, as ``Game.legal_moves`` offers them), so duplicates are never
  generated and then thrown away;
* every shape is a list of *groups* (a straight's window, a full house's two ranks, …) whose
  plays come weakest first; `spread` takes the first few of each group, a bounded set of
  representatives that holds the weakest play of every group: enough for bots, which judge
  plays by their shape.

The property tests check that iterating everything gives exactly the combinations that
`hand_combos` gives (one per set of faces).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import combinations, islice, product
from typing import Any

from ..cards import RED_JOKER, iter_bits
from ..rules.options import Jokers
from .classify import classify_mask, combination
from .moves import Combination
from .tables import FIVE, PAIR, PAIR_RUN_N, SINGLE, STRAIGHT_N, TRIPLE, Tables
from .wild import Found, wild_readings

# hands up to this many cards are answered from `hand_combos` (every combination, cached):
# that is faster for them, and the figures of the presets depend on it; fewer where the rules
# add shapes that multiply (a triple or two pairs with odd cards, runs of pairs, a straight
# flush plus two)
EAGER_CARDS = 26
EAGER_CARDS_EXOTIC = 16
_FACES = (1 << 64) - 1
_JOKER_BITS = sum(1 << (c + 64 * d) for c in (RED_JOKER, RED_JOKER + 1) for d in (0, 1))

Group = Callable[[], Iterable[int]]  # the candidate card sets of one group, weakest first
Shape = tuple[int, Iterator[Group]]  # (family it mostly gives, its groups)


def canonical(mask: int, hand: int) -> bool:
    """Does ``mask`` name each card by its first deck's copy wherever ``hand`` holds it and
    the play doesn't (the one card set per set of faces that the engine offers)?"""
    return not ((mask >> 64) & hand & ~mask & _FACES)


def is_big(hand: int, t: Tables) -> bool:
    """Is ``hand`` answered lazily (too many cards to build every combination cheaply)?"""
    return hand.bit_count() > eager_cards(t)


def eager_cards(t: Tables) -> int:
    """The most cards a hand may hold to be built whole under ``t``'s rules."""
    r = t.rules
    exotic = r.butterfly or r.sisters or r.trips_junk or r.sf_plus_two or r.smackdown
    return EAGER_CARDS_EXOTIC if exotic else EAGER_CARDS


# -- one rank's cards ---------------------------------------------------------------------------
_SUBSETS: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _rank_subsets(held: int, k: int, sk: tuple[int, ...]) -> tuple[int, ...]:
    """The canonical ``k``-card subsets of one rank's held cards (8 bits: the first deck's
    four suits, then the second's), weakest first (by their suit keys)."""
    key = (sk, held, k)
    found = _SUBSETS.get(key)
    if found is None:
        bits = [i for i in range(8) if held >> i & 1]
        subs = []
        for group in combinations(bits, k):
            s = sum(1 << i for i in group)
            if (s >> 4) & held & ~s & 15:
                continue  # a second copy chosen while the first stays in hand
            subs.append((max(sk[i & 3] for i in group), sorted(sk[i & 3] for i in group), s))
        subs.sort()
        found = _SUBSETS[key] = tuple(s for _, _, s in subs)
    return found


def _spread_rank(s: int, rank: int) -> int:
    """The card mask of rank subset ``s``."""
    return ((s & 15) << (4 * rank)) | ((s >> 4) << (64 + 4 * rank))


class LazyHand:
    """The combinations of one hand, generated on demand (see the module's docstring)."""

    def __init__(self, hand: int, t: Tables) -> None:
        self.hand, self.t, self.rules = hand, t, t.rules
        second = hand >> 64
        self.held = [(hand >> s & 15) | (second >> s & 15) << 4 for s in range(0, 52, 4)]
        self.jokers = [b for b in (1 << c for c in iter_bits(hand & _JOKER_BITS))]
        self.naturals = hand & ~_JOKER_BITS
        self.sk = tuple(t.suit_key)

    # -- pieces ---------------------------------------------------------------------------
    def subsets(self, rank: int, k: int) -> list[int]:
        held = self.held[rank]
        if held.bit_count() < k:
            return []
        return [_spread_rank(s, rank) for s in _rank_subsets(held, k, self.sk)]

    def ranks_by_strength(self) -> list[int]:
        rp = self.t.rank_pos
        return sorted(range(13), key=lambda r: rp[r])

    def singles_outside(self, exclude: int) -> list[int]:
        """Canonical single cards of the hand's natural cards outside ``exclude``, weakest
        first."""
        out: list[int] = []
        for r in self.ranks_by_strength():
            out.extend(m for m in self.subsets(r, 1) if not m & exclude)
        return out

    # -- shapes, each a list of groups --------------------------------------------------------
    def shapes(self, families: frozenset[int] | None = None) -> Iterator[Shape]:
        """The hand's shapes as (family, groups); ``families`` limits them to those that may
        give one of those families (None: all)."""
        r = self.rules

        def wanted(*fams: int) -> bool:
            return families is None or any(f in families for f in fams)

        if wanted(SINGLE):
            yield SINGLE, self._same_rank(1)
        if wanted(PAIR):
            yield PAIR, self._same_rank(2)
        if wanted(TRIPLE):
            yield TRIPLE, self._same_rank(3)
        if wanted(4, FIVE):
            for k in range(4, 9):
                yield FIVE if k == 5 else 4, self._same_rank(k)
        if wanted(4) and r.two_pairs:
            yield 4, self._pair_pairs()
        for n, table in sorted(self.t.straights.items()):
            fam = FIVE if n == 5 else STRAIGHT_N + n
            if wanted(fam) or (n == 5 and wanted(7)):
                counted = n != 5 and not (n == 7 and r.sf_plus_two)
                yield fam, self._runs(table, counted)
        if wanted(FIVE, 7):
            if r.flushes or r.sf_plus_two:
                yield FIVE, self._flushes()
            yield FIVE, self._full_houses()
            if r.quads_kicker:
                yield FIVE, self._four_kicker()
            if r.butterfly or r.sisters:
                yield FIVE, self._pairs_and_card()
            if r.trips_junk:
                yield FIVE, self._triple_and_two()
        if r.smackdown and (families is None or any(f >= PAIR_RUN_N for f in families)):
            yield PAIR_RUN_N, self._pair_runs()
        if r.sf_plus_two and wanted(7):
            yield 7, self._sf_plus_two()
        if self.jokers and (r.jokers is Jokers.WILD):
            yield 0, self._wild()
        elif self.jokers and wanted(SINGLE):
            yield SINGLE, iter([partial(list, self._canonical_jokers(1))])

    def _same_rank(self, k: int) -> Iterator[Group]:
        for r in self.ranks_by_strength():
            subs = self.subsets(r, k)
            if subs:
                yield partial(list, subs)

    def _pair_pairs(self) -> Iterator[Group]:
        ranks = [r for r in self.ranks_by_strength() if self.held[r].bit_count() >= 2]
        for i, lo in enumerate(ranks):
            for hi in ranks[i + 1 :]:
                yield partial(_product, [self.subsets(hi, 2), self.subsets(lo, 2)])

    def _runs(self, table: dict[int, tuple[int, int]], counted: bool = False) -> Iterator[Group]:
        """Straights of one length by window, the tie-break rank varying fastest; ``counted``:
        no other shape reaches these card sets, so they may be counted without listing them
        (`Runs`)."""
        presence = sum(1 << r for r in range(13) if self.held[r])
        for window, (_, tie) in sorted(table.items(), key=lambda kv: kv[1]):
            if presence & window != window:
                continue
            ranks = [q for q in range(13) if window >> q & 1 and q != tie] + [tie]
            parts = [self.subsets(q, 1) for q in ranks]
            yield Runs(parts) if counted else partial(_product, parts)

    def _flushes(self) -> Iterator[Group]:
        for suit in sorted(range(4), key=lambda s: self.sk[s]):
            cards = []
            for r in self.ranks_by_strength():
                for copy in (0, 1):
                    c = 64 * copy + 4 * r + suit
                    if self.hand >> c & 1:
                        cards.append(1 << c)
            if len(cards) < 5:
                continue
            yield partial(_choose, cards, 5, self.hand)

    def _full_houses(self) -> Iterator[Group]:
        order = self.ranks_by_strength()
        for a in order:
            if self.held[a].bit_count() < 3:
                continue
            for b in order:
                if b != a and self.held[b].bit_count() >= 2:
                    yield partial(_product, [self.subsets(b, 2), self.subsets(a, 3)])

    def _four_kicker(self) -> Iterator[Group]:
        for a in self.ranks_by_strength():
            if self.held[a].bit_count() < 4:
                continue
            whole = _spread_rank(self.held[a], a)
            yield partial(_product, [self.singles_outside(whole), self.subsets(a, 4)])

    def _pairs_and_card(self) -> Iterator[Group]:
        rp = self.t.rank_pos
        ranks = [r for r in self.ranks_by_strength() if self.held[r].bit_count() >= 2]
        for i, x in enumerate(ranks):
            for y in ranks[i + 1 :]:
                if not self.rules.butterfly and abs(rp[x] - rp[y]) != 1:
                    continue
                both = _spread_rank(self.held[x], x) | _spread_rank(self.held[y], y)
                junk = self.singles_outside(both)  # the odd card varies first: weakest first
                yield partial(_product, [self.subsets(x, 2), self.subsets(y, 2), junk])

    def _triple_and_two(self) -> Iterator[Group]:
        for a in self.ranks_by_strength():
            if self.held[a].bit_count() < 3:
                continue
            rest = self.singles_outside(_spread_rank(self.held[a], a))
            junk = [x | y for x, y in combinations(rest, 2)]
            yield partial(_product, [junk, self.subsets(a, 3)])

    def _pair_runs(self) -> Iterator[Group]:
        rp = self.t.rank_pos
        order = [r for r in self.ranks_by_strength() if self.held[r].bit_count() >= 2]
        for i in range(len(order)):
            j = i
            while j + 1 < len(order) and rp[order[j + 1]] == rp[order[j]] + 1:
                j += 1
                if j - i + 1 >= 3:
                    ranks = order[i : j + 1]
                    yield Runs([self.subsets(q, 2) for q in ranks])

    def _sf_plus_two(self) -> Iterator[Group]:
        table = self.t.straights[5]
        for group in self._flushes():
            for m in group():
                ranks = 0
                for c in iter_bits(m):
                    ranks |= 1 << ((c & 63) >> 2)
                if ranks in table:
                    rest = [1 << c for c in iter_bits(self.naturals & ~m)]
                    yield partial(_plus_two, m, rest, self.hand)

    def _canonical_jokers(self, w: int) -> Iterator[int]:
        for group in combinations(self.jokers, w):
            j = sum(group)
            if canonical(j, self.hand):
                yield j

    def _wild(self) -> Iterator[Group]:
        """Every card set holding wild jokers (and single jokers): the natural sets that the
        jokers complete, from the wild shapes of `bigtwo.combos.wild`."""
        yield partial(list, self._canonical_jokers(1))
        by_rank = [
            [(1 << c, c & 63) for c in iter_bits(_spread_rank(self.held[r], r))] for r in range(13)
        ]
        found = wild_readings(by_rank, len(self.jokers), self.t)
        for w in range(1, len(self.jokers) + 1):
            for j in self._canonical_jokers(w):
                yield partial(_completed, j, found[w], self.hand, self.t)

    def count(
        self,
        families: frozenset[int] | None = None,
        accept: Callable[[Combination], bool] | None = None,
        by_strength: bool = False,
        must_hold: int = 0,
    ) -> int:
        """``sum(1 for _ in iter_combos(families, None, accept, ...))``, with runs counted as
        products when ``by_strength`` says that ``accept`` looks only at a combination's kind,
        family and strength, and (``must_hold``) whether it holds that card."""
        total = 0
        size = self.hand.bit_count()
        seen: set[int] = set()
        for _, groups in self.shapes(families):
            for group in groups:
                if (
                    by_strength
                    and isinstance(group, Runs)
                    and sum(p[0].bit_count() for p in group.parts if p) != size
                ):
                    held = _holding(group, must_hold)
                    if held is not None:
                        total += _count_runs(held, self.t, families, accept)
                    continue
                total += sum(1 for _ in self._read_group(group(), families, accept, seen))
        return total

    def _read_group(
        self,
        masks: Iterable[int],
        families: frozenset[int] | None,
        accept: Callable[[Combination], bool] | None,
        seen: set[int],
    ) -> Iterator[Combination]:
        """The legal combinations among a group's card sets, each read once (``seen``)."""
        for mask in masks:
            if mask in seen:
                continue
            combo = _read(mask, self.t)
            if combo is None:
                continue
            if mask.bit_count() > 3:
                seen.add(mask)
            if families is not None and combo.family not in families:
                continue
            if canonical(mask, self.hand) and (accept is None or accept(combo)):
                yield combo

    # -- reading ------------------------------------------------------------------------------
    def iter_combos(
        self,
        families: frozenset[int] | None = None,
        per_group: int | None = None,
        accept: Callable[[Combination], bool] | None = None,
        by_strength: bool = False,
        must_hold: int = 0,
    ) -> Iterator[Combination]:
        """Every combination (each card set once) that ``accept`` accepts, shape by shape,
        each group weakest first; ``per_group`` keeps only the first few of each group (of
        its first few candidate card sets). ``by_strength``: ``accept`` looks only at a
        combination's kind, family and strength, so runs (`Runs`) are read only with the
        last-part choices it takes (a run of pairs that nothing of the hand can follow is
        never listed: there may be billions); ``must_hold``: it also asks that a play hold
        that card (the first play's lead card), so runs are read only with it."""
        t, hand = self.t, self.hand
        size = hand.bit_count()
        seen: set[int] = set()
        for _, groups in self.shapes(families):
            for group in groups:
                if (
                    by_strength
                    and accept is not None
                    and isinstance(group, Runs)
                    and sum(p[0].bit_count() for p in group.parts if p) != size
                ):
                    held = _holding(group, must_hold)
                    lasts = [] if held is None else _accepted_lasts(held, t, families, accept)
                    if held is None or not lasts:
                        continue
                    group = Runs([*held.parts[:-1], lasts])
                if per_group is None:
                    yield from self._read_group(group(), families, accept, seen)
                    continue
                masks = islice(group(), 8 * per_group + 8)
                yield from islice(self._read_group(masks, families, accept, seen), per_group)


class Runs:
    """A group of runs (straights of a length other than five, runs of pairs): one set from
    each part (a rank), every choice the same kind and family, its strength set by the last
    part alone (the tie-break rank, or the top pair). No other shape gives these card sets, so
    `LazyHand.count` counts them as a product instead of listing them (a run of ten pairs from
    two decks has millions of choices)."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[list[int]]) -> None:
        self.parts = parts

    def __call__(self) -> Iterator[int]:
        return _product(self.parts)


def _product(parts: list[list[int]]) -> Iterator[int]:
    """Every union of one set from each part; the last part varies fastest."""
    for run in product(*parts):
        yield sum(run)


def _completed(j: int, found: Found, hand: int, t: Tables) -> Iterator[int]:
    """The card sets that jokers ``j`` complete from ``found``'s natural sets, each read as
    it was built (left in the lazy cache for `_read`): reading one by the reference means
    trying every card each joker may stand for, which made a 27-card hand with two jokers take
    over a minute for its tens of thousands of sets."""
    cache = _lazy_cache(t)
    for m, (_, reading) in found.items():
        if not canonical(m, hand):
            continue
        mask = j | m
        if reading is not None and mask.bit_count() > 3 and mask not in cache:
            if len(cache) >= _LAZY_CACHE_LIMIT:
                cache.clear()
            cache[mask] = combination(mask, reading)
        yield mask


def _choose(cards: list[int], k: int, hand: int) -> Iterator[int]:
    for group in combinations(cards, k):
        m = sum(group)
        if canonical(m, hand):
            yield m


def _plus_two(m: int, rest: list[int], hand: int) -> Iterator[int]:
    for x, y in combinations(rest, 2):
        if canonical(m | x | y, hand):
            yield m | x | y


# readings of lazily generated card sets, per Tables: bounded apart from `classify_mask`'s
# cache, which ordinary hands fill, so that big hands can't crowd it (or memory) out
_LAZY_CACHE_LIMIT = 100_000
_LAZY_CACHES: weakref.WeakKeyDictionary[Tables, dict[int, Combination | None]] = (
    weakref.WeakKeyDictionary()
)


def _lazy_cache(t: Tables) -> dict[int, Combination | None]:
    cache = _LAZY_CACHES.get(t)
    if cache is None:
        cache = _LAZY_CACHES[t] = {}
    return cache


def _holding(group: Runs, card: int) -> Runs | None:
    """``group`` restricted to the runs that hold ``card`` (a bit; 0: no restriction), or
    None when none does."""
    if not card:
        return group
    parts = group.parts
    for i, part in enumerate(parts):
        with_card = [o for o in part if o & card]
        if with_card:
            return Runs([*parts[:i], with_card, *parts[i + 1 :]])
    return None


def _accepted_lasts(
    group: Runs,
    t: Tables,
    families: frozenset[int] | None,
    accept: Callable[[Combination], bool],
) -> list[int]:
    """The choices of ``group``'s last part whose runs ``accept`` takes."""
    parts = group.parts
    if any(not p for p in parts):
        return []
    base = sum(p[0] for p in parts[:-1])
    out = []
    for last in parts[-1]:
        combo = _read(base | last, t)
        if combo is None or (families is not None and combo.family not in families):
            continue
        if accept(combo):
            out.append(last)
    return out


def _count_runs(
    group: Runs,
    t: Tables,
    families: frozenset[int] | None,
    accept: Callable[[Combination], bool] | None,
) -> int:
    """How many of ``group``'s card sets are combinations ``accept`` takes, without listing
    them: the other parts multiply whatever the last part's choice allows."""
    parts = group.parts
    rest = 1
    for p in parts[:-1]:
        rest *= len(p)
    if not rest:
        return 0
    base = sum(p[0] for p in parts[:-1])
    total = 0
    for last in parts[-1]:
        combo = _read(base | last, t)
        if combo is None or (families is not None and combo.family not in families):
            continue
        if accept is None or accept(combo):
            total += rest
    return total


def _read(mask: int, t: Tables) -> Combination | None:
    """`classify_mask` with a bounded cache of its own for card sets of four or more cards."""
    if mask.bit_count() <= 3:
        return classify_mask(mask, t)  # few and recurring: the shared cache
    cache = _lazy_cache(t)
    if mask in cache:
        return cache[mask]
    shared = t.combo_cache
    if mask in shared:
        return shared[mask]
    size = len(shared)
    combo = classify_mask(mask, t)
    if len(shared) > size:
        del shared[mask]
    if len(cache) >= _LAZY_CACHE_LIMIT:
        cache.clear()
    cache[mask] = combo
    return combo


# -- bounded stand-ins for `HandCombos`, for bots ------------------------------------------------
PER_GROUP = 1  # plays kept of each group of a big hand (the weakest first)
_BOUNDED_LIMIT = 256  # big hands remembered per Tables


class BoundedCombos:
    """`HandCombos`' interface over a big hand's representatives (`PER_GROUP` plays of every
    group): what bots plan and simulate with, bounded whatever the hand."""

    __slots__ = ("bombs", "combos", "leads")

    def __init__(self, hand: int, t: Tables) -> None:
        from .beats import can_lead
        from .generate import _BOMB_KINDS

        self.combos = list(LazyHand(hand, t).iter_combos(None, PER_GROUP))
        self.leads = [c for c in self.combos if can_lead(c, t)]
        self.bombs = (
            [c for c in self.combos if c.kind in _BOMB_KINDS or c.four_rank >= 0]
            if t.has_bombs
            else []
        )

    def following(self, last: Combination, t: Tables) -> list[Combination]:
        from .beats import beats

        return [c for c in self.combos if beats(c, last, t)]


_BOUNDED: dict[tuple[int, int], BoundedCombos] = {}


def bot_combos(hand: int, t: Tables) -> Any:
    """The combinations bots consider: every one (`hand_combos`) for an ordinary hand, the
    bounded representatives (`BoundedCombos`) for a big one. Both offer ``leads``,
    ``combos``, ``bombs`` and ``following(last, t)``."""
    if not is_big(hand, t):
        from .generate import hand_combos

        return hand_combos(hand, t)
    key = (id(t), hand)
    found = _BOUNDED.get(key)
    if found is None:
        if len(_BOUNDED) >= _BOUNDED_LIMIT:
            _BOUNDED.clear()
        found = _BOUNDED[key] = BoundedCombos(hand, t)
    return found
