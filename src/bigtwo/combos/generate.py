"""Fast generation of every combination in a hand, built from the hand's structure (ranks,
suits, runs) rather than from all subsets, and cached per `Tables`.

Common combinations are read directly from the structure that produced them (a pair is known
to be a pair) with the same keys as the reference `classify_mask`; rarer ones (runs of pairs,
butterflies and the like) are produced as candidate card sets that `classify_mask` reads.
Combinations holding wild jokers come from `bigtwo.combos.wild`, read from their shapes too.
The property tests check the result against every subset of a hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ..cards import RED_JOKER, iter_bits
from ..rules.options import Jokers
from .beats import bomb_beats, can_lead
from .classify import _flush_key, classify_mask
from .moves import Combination
from .tables import FIVE, FOUR, PAIR, SINGLE, STRAIGHT_N, TRIPLE, Tables
from .wild import wild_readings

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
_RECENT = 8  # hands remembered per Tables: enough for each seat's previous hand
_COMBO_CACHE_LIMIT = 400_000

Card = tuple[int, int]  # (bit, face): one card of a hand
Pair = tuple[int, int]  # (mask, key) of a pair or triple
_NONE: list[Pair] = []  # no pairs (shared: never added to)
_SUITS = [sum(1 << (c + 64 * d) for c in range(s, 52, 4) for d in (0, 1)) for s in range(4)]
_JOKERS = sum(1 << (c + 64 * d) for c in (RED_JOKER, RED_JOKER + 1) for d in (0, 1))


def _rank_cards(rank: int, held: int) -> list[Card]:
    """The cards of ``rank`` that ``held`` names (bits 0-3: the first deck's suits, 4-7 the
    second's), in card id order."""
    out = []
    for i in range(8):
        if held >> i & 1:
            card = 4 * rank + (i & 3) + 64 * (i >> 2)
            out.append((1 << card, card & 63))
    return out


# by rank * 256 + held: every rank's cards, for each set of them a hand may hold; and their bits
_RANK_CARDS = [_rank_cards(rank, held) for rank in range(13) for held in range(256)]
_RANK_BITS = [[b for b, _ in cards] for cards in _RANK_CARDS]


class HandCombos:
    """Every combination a hand holds: ``leads`` (playable on an empty table), ``by_family``
    (everything, grouped for following) and ``bombs`` (plays that may cross families)."""

    __slots__ = ("_by_family", "bombs", "combos", "leads")

    def __init__(self, combos: list[Combination], t: Tables) -> None:
        self.combos = combos
        # only smack-down answers can't lead (see can_lead), so most rules skip the check
        self.leads = [c for c in combos if can_lead(c, t)] if t.rules.smackdown else combos
        self._by_family: dict[int, list[Combination]] | None = None
        self.bombs = (
            [c for c in combos if c.kind in _BOMB_KINDS or c.four_rank >= 0] if t.has_bombs else []
        )

    @property
    def by_family(self) -> dict[int, list[Combination]]:
        """The combinations by family (grouped when first asked: a lead needs no grouping)."""
        if self._by_family is None:
            by_family: dict[int, list[Combination]] = {}
            for c in self.combos:
                group = by_family.get(c.family)
                if group is None:
                    by_family[c.family] = [c]
                else:
                    group.append(c)
            self._by_family = by_family
        return self._by_family

    def following(self, last: Combination, t: Tables) -> list[Combination]:
        """Every combination that may be played on ``last``."""
        same = self.by_family.get(last.family, ())
        key = last.key
        if last.family == FIVE and t.same_type_only:
            kind = last.kind
            out = [c for c in same if c.kind == kind and c.key > key]
        elif t.allow_equal:
            out = [c for c in same if c.key >= key]
        else:
            out = [c for c in same if c.key > key]
        if last.kind == "straight" and t.rules.no_full_house_on_straight:
            out = [c for c in out if c.kind != "full_house"]  # mode.da_lao_er
        if last.family == SINGLE and t.rules.jokers is Jokers.VALUELESS:
            # a valueless joker may be played on any single, even the other joker
            out.extend(c for c in same if c.key == -1 and c not in out)
        if self.bombs:
            out.extend(c for c in self.bombs if c.family != last.family and bomb_beats(c, last, t))
        return out


def hand_combos(hand: int, t: Tables, within: int = 0) -> HandCombos:
    """The (cached) combinations of ``hand``, a bitmask of cards. ``within``, a hand known to
    have held ``hand`` (the seat's dealt hand), is cut down to it when its combinations are
    cached: on a server, hundreds of tables' hands pass between one seat's turns, and the
    recent hands no longer hold the seat's own."""
    plan = _plan(t)
    found = plan.hands.get(hand)
    if found is not None:
        return found
    combos = _from_held(hand, within, plan) if plan.shrinkable else None
    result = HandCombos(_Builder(hand, t).combos() if combos is None else combos, t)
    if len(plan.hands) > _CACHE_LIMIT:
        plan.hands.clear()
    plan.hands[hand] = result
    if plan.shrinkable:
        plan.recent[plan.turn % _RECENT] = (hand, result.combos)
        plan.turn += 1
    return result


def is_cached(hand: int, t: Tables) -> bool:
    """Have ``hand``'s combinations under ``t`` been built and kept (benchmarks time fresh
    hands only)?"""
    return hand in _plan(t).hands


def forget_hands(t: Tables) -> None:
    """Forget the hands built under ``t`` (their card sets stay cached): a rebuild must give
    the same combinations in the same order, which the tests check."""
    _plan(t).hands.clear()


def _from_held(hand: int, within: int, plan: _Plan) -> list[Combination] | None:
    """The combinations of ``hand`` cut down from those of ``within`` if they are cached and
    it holds ``hand``, else from a recent hand (`_from_recent`)."""
    held = plan.hands.get(within) if within and not hand & ~within else None
    if held is not None:
        return [c for c in held.combos if not c.mask & ~hand]
    return _from_recent(hand, plan)


def _from_recent(hand: int, plan: _Plan) -> list[Combination] | None:
    """The combinations of ``hand`` taken from a recent hand that holds it (the same seat
    before its last play), in the order a fresh build would give; None if there is none."""
    for held, combos in plan.recent:
        if not hand & ~held:
            return [c for c in combos if not c.mask & ~hand]
    return None


# -- what one Rules allows, worked out once -----------------------------------------------
class _Plan:
    """Per-`Tables` facts the builder needs on every hand."""

    def __init__(self, t: Tables) -> None:
        r = t.rules
        # five-card hands are read directly unless a rule adds readings that compete with the
        # common ones (a two-deck flush can be a butterfly; a straight flush can need two more)
        self.direct_five = not (
            r.butterfly or r.sisters or r.trips_junk or r.sf_plus_two or r.royal_only_beats_quads
        )
        self.typ = {kind: typ << 32 for kind, typ in t.five_type.items()}
        self.fours = r.quads_alone or r.smackdown
        self.wild = r.jokers is Jokers.WILD
        # a hand's combinations are those of any larger hand that lie inside it; shrinking a
        # recent hand keeps the build order only where every shape is built directly (wild
        # jokers' too: each shape lists its card sets in an order that removing cards keeps)
        self.shrinkable = self.direct_five and not r.smackdown
        self.recent: list[tuple[int, list[Combination]]] = [(0, [])] * _RECENT
        self.turn = 0
        # (length, table, rank tuple per window): 5 first, the rest as ``combo.long_straights``
        self.runs = [
            (n, table, [(w, tuple(q for q in range(13) if w >> q & 1)) for w in table])
            for n, table in sorted(t.straights.items(), key=lambda kv: kv[0] != 5)
        ]
        # five-card straights: (window, its ranks, where its tie-break rank is among them,
        # level, tie-break rank)
        self.fives = [
            (w, ranks, ranks.index(table[w][1]), *table[w])
            for n, table, windows in self.runs
            if n == 5
            for w, ranks in windows
        ]
        # singles, pairs and triples of one rank's cards, as built once: (combinations,
        # pairs, triples), the last two as (mask, key) for the shapes built from them
        self.same_rank: dict[int, tuple[list[Combination], list[Pair], list[Pair]]] = {}
        self.hands: dict[int, HandCombos] = {}  # each hand's combinations, once built


def _plan(t: Tables) -> _Plan:
    plan: _Plan | None = t.generator
    if plan is None:
        plan = t.generator = _Plan(t)
    return plan


# -- building a hand's combinations ---------------------------------------------------------
class _Builder:
    """Finds the combinations of one hand; each card set is read once."""

    def __init__(self, hand: int, t: Tables) -> None:
        self.hand, self.t, self.plan = hand, t, _plan(t)
        self.cache = t.combo_cache
        self.seen: set[int] = set()
        self.out: list[Combination] = []
        # which cards of each rank the hand holds: the first deck's four, then the second's
        second = hand >> 64
        self.held = [(hand >> s & 15) | (second >> s & 15) << 4 for s in range(0, 52, 4)]
        self.jokers = _bits(hand & _JOKERS)
        self.naturals = hand & ~_JOKERS  # jokers join combinations only in _wild

    @property
    def by_rank(self) -> list[list[Card]]:
        """Each rank's cards, in card id order."""
        return [_RANK_CARDS[r << 8 | h] for r, h in enumerate(self.held)]

    def suit_cards(self, least: int) -> list[list[Card]]:
        """The natural cards of each suit that holds at least ``least`` of them (card id
        order); fewer, as no cards."""
        out: list[list[Card]] = []
        for suit_mask in _SUITS:
            here = self.hand & suit_mask
            out.append(
                [(1 << c, c & 63) for c in iter_bits(here)] if here.bit_count() >= least else []
            )
        return out

    def combos(self) -> list[Combination]:
        if len(self.cache) > _COMBO_CACHE_LIMIT:
            self.cache.clear()
        rules, plan = self.t.rules, self.plan
        for b in self.jokers:
            self.read(b)
        pairs: list[list[Pair]] = [_NONE] * 13  # (mask, key) of each rank's pairs
        trips: list[list[Pair]] = [_NONE] * 13
        memo, out = plan.same_rank, self.out
        triples = False
        for rank, held in enumerate(self.held):
            if not held:
                continue
            known = memo.get(rank << 8 | held)
            if known is None:
                cards = _RANK_CARDS[rank << 8 | held]
                known = memo[rank << 8 | held] = self._same_rank(rank, cards)
            out.extend(known[0])
            if held & (held - 1):  # two cards or more
                pairs[rank], trips[rank] = known[1], known[2]
                triples = triples or bool(known[2])
                if held >= 15 and held.bit_count() > 3:
                    self._fours_and_fives(rank, _RANK_CARDS[rank << 8 | held])
        self._runs()
        if rules.flushes:
            self._flushes()
        if triples:
            self._full_houses(pairs, trips)
        if rules.two_pairs:
            self._two_pairs(pairs)
        if not plan.direct_five or rules.smackdown:
            self._exotic_shapes(pairs, trips)
        if self.jokers and plan.wild:
            self._wild()
        return self.out

    def _wild(self) -> None:
        """Every combination holding wild jokers: natural card sets that ``w`` jokers complete,
        with each choice of ``w`` of the hand's jokers."""
        found = wild_readings(self.by_rank, len(self.jokers), self.t)
        for w in range(1, len(self.jokers) + 1):
            if not found[w]:
                continue
            for wild in combinations(self.jokers, w):
                j = sum(wild)
                for m, (_, reading) in found[w].items():
                    mask = j | m
                    if reading is None:
                        self.read(mask)  # two readings tie: the reference decides
                    elif not self.cached(mask):
                        kind, family, key, four_rank, _ = reading
                        self.add(mask, kind, family, key, four_rank)

    # each card set goes through one of these two, at most once
    def read(self, mask: int) -> None:
        """Add ``mask`` if it is a combination (the reference reading)."""
        if mask in self.seen:
            return
        self.seen.add(mask)
        combo = classify_mask(mask, self.t)
        if combo is not None:
            self.out.append(combo)

    def add(self, mask: int, kind: str, family: int, key: int, four_rank: int = -1) -> None:
        """Add a combination whose reading is known from how it was built (the shapes built
        this way never repeat a card set, so no check is needed)."""
        top = mask.bit_length() - 1 if family == SINGLE else -1
        combo = self.cache[mask] = Combination(mask, kind, family, key, four_rank, top)
        self.out.append(combo)

    def cached(self, mask: int) -> bool:
        """Add the combination of ``mask`` if it was read before; was it?"""
        combo = self.cache.get(mask)
        if combo is None:
            return False
        self.out.append(combo)
        return True

    def five(self, mask: int, kind: str, within: int, value: int, four_rank: int = -1) -> None:
        key = value if self.t.by_value else self.plan.typ[kind] | within
        self.add(mask, kind, FIVE, key, four_rank)

    # -- shapes ---------------------------------------------------------------------------
    def _same_rank(
        self, rank: int, cards: list[Card]
    ) -> tuple[list[Combination], list[Pair], list[Pair]]:
        """Singles, pairs and triples of one rank's cards, which no other card changes: built
        once per `Tables` (as the combinations, and pairs and triples as (mask, key))."""
        t, rules = self.t, self.t.rules
        sk, base = t.suit_key, t.rank_pos[rank] * 4
        out, self.out = self.out, []
        pairs: list[Pair] = []
        trips: list[Pair] = []
        for bit, face in cards:
            if not self.cached(bit):
                self.add(bit, "single", SINGLE, t.single_key[face])
        for size in (2, 3):
            for group in combinations(cards, size):
                mask = sum(b for b, _ in group)
                key = base + max(sk[f & 3] for _, f in group)
                if size == 2:
                    pairs.append((mask, key))
                    if not self.cached(mask):
                        self.add(mask, "pair", PAIR, key)
                else:
                    trips.append((mask, key))
                    if rules.triples and not self.cached(mask):
                        self.add(mask, "triple", TRIPLE, key)
        built, self.out = self.out, out
        return built, pairs, trips

    def _fours_and_fives(self, rank: int, cards: list[Card]) -> None:
        """Fours (alone, or with a kicker) and five of a kind of one rank's cards."""
        t, rules = self.t, self.t.rules
        sk, base = t.suit_key, t.rank_pos[rank] * 4
        for size in (4, 5):
            for group in combinations(cards, size):
                mask = sum(b for b, _ in group)
                key = base + max(sk[f & 3] for _, f in group)
                if size == 4:
                    self._four(mask, key, t.rank_pos[rank], sum(b for b, _ in cards))
                elif rules.five_of_a_kind and not self.cached(mask):
                    self.five(mask, "five_of_a_kind", key, key, t.rank_pos[rank])

    def _four(self, mask: int, key: int, pos: int, whole_rank: int) -> None:
        if self.plan.fours and not self.cached(mask):
            self.add(mask, "quads", FOUR, (1 << 8) | key, pos)
        if self.t.rules.quads_kicker:
            for kicker in _bits(self.naturals & ~whole_rank):
                if not self.plan.direct_five:
                    self.read(mask | kicker)  # other shapes may come back to this set
                elif not self.cached(mask | kicker):
                    self.five(mask | kicker, "four_of_a_kind", key, key, pos)

    def _runs(self) -> None:
        """Straights of every allowed length (straight flushes among the five-card ones)."""
        cache, out, held = self.cache, self.out, self.held
        presence = 0
        for r, h in enumerate(held):
            if h:
                presence |= 1 << r
        plan = self.plan
        if plan.direct_five:
            self._fives(presence)
        for n, table, windows in plan.runs:
            if n == 5 and plan.direct_five:
                continue
            read_only = n == 5 or (n == 7 and self.t.rules.sf_plus_two)
            for window, ranks in windows:
                if presence & window != window:
                    continue
                for run in product(*[_RANK_BITS[r << 8 | held[r]] for r in ranks]):
                    mask = sum(run)
                    if read_only:
                        self.read(mask)  # flushes and others may reach this set again
                        continue
                    known = cache.get(mask)
                    if known is not None:
                        out.append(known)
                    else:
                        self._straight_n(mask, n, table[window])

    def _fives(self, presence: int) -> None:
        """Five-card straights and straight flushes, read directly."""
        cache, out, held, t = self.cache, self.out, self.held, self.t
        sk, single, typ, by_value = t.suit_key, t.single_key, self.plan.typ, t.by_value
        for window, ranks, at, level, _ in self.plan.fives:
            if presence & window != window:
                continue
            for run in product(*[_RANK_BITS[r << 8 | held[r]] for r in ranks]):
                mask = sum(run)
                known = cache.get(mask)
                if known is not None:
                    out.append(known)
                    continue
                tie = (run[at].bit_length() - 1) & 63
                kind = "straight_flush" if mask & _SUITS[tie & 3] == mask else "straight"
                within, value = level * 4 + sk[tie & 3], single[tie]
                key = value if by_value else typ[kind] | within
                combo = cache[mask] = Combination(mask, kind, FIVE, key)
                out.append(combo)

    def _straight_n(self, mask: int, n: int, found: tuple[int, int]) -> None:
        level, tie = found
        tie_face = next(f for f in (c & 63 for c in iter_bits(mask)) if f >> 2 == tie)
        kind = "dragon" if n == 13 and self.t.rules.dragon_play else "straight"
        self.add(mask, kind, STRAIGHT_N + n, level * 4 + self.t.suit_key[tie_face & 3])

    def _flushes(self) -> None:
        t, cache, out = self.t, self.cache, self.out
        single, straights = t.single_key, t.straights[5]
        direct = self.plan.direct_five
        for suit_mask in _SUITS:
            here = self.hand & suit_mask
            if here.bit_count() < 5:
                continue
            for group in combinations(_bits(here), 5):
                mask = sum(group)
                if not direct:
                    self.read(mask)
                    continue
                known = cache.get(mask)
                if known is not None:
                    if known.kind != "straight_flush":  # those came with the straights
                        out.append(known)
                    continue
                faces = [(b.bit_length() - 1) & 63 for b in group]
                ranks = 0
                for f in faces:
                    ranks |= 1 << (f >> 2)
                if ranks in straights:
                    continue  # a straight flush, found with the straights
                self.five(mask, "flush", _flush_key(faces, t), max(single[f] for f in faces))

    def _full_houses(
        self, pairs: list[list[tuple[int, int]]], trips: list[list[tuple[int, int]]]
    ) -> None:
        direct = self.plan.direct_five
        paired = [b for b in range(13) if pairs[b]]
        for a in range(13):
            for trip, key in trips[a]:
                for b in paired:
                    if b == a:
                        continue
                    for pair, _ in pairs[b]:
                        if not direct:
                            self.read(trip | pair)
                        elif not self.cached(trip | pair):
                            self.five(trip | pair, "full_house", key, key)

    def _two_pairs(self, pairs: list[list[tuple[int, int]]]) -> None:
        rp = self.t.rank_pos
        paired = sorted((r for r in range(13) if pairs[r]), key=lambda r: rp[r])
        for i, lo in enumerate(paired):
            for hi in paired[i + 1 :]:
                for x, _ in pairs[lo]:
                    for y, key in pairs[hi]:
                        if not self.cached(x | y):
                            self.add(x | y, "two_pair", FOUR, key)

    def _exotic_shapes(
        self, pairs: list[list[tuple[int, int]]], trips: list[list[tuple[int, int]]]
    ) -> None:
        """Butterflies, sisters, triples with junk, runs of pairs and straight flushes plus
        two: candidate sets for the reference reading."""
        for mask in _exotic_candidates(self, pairs, trips):
            self.read(mask)


def _exotic_candidates(
    b: _Builder, pairs: list[list[tuple[int, int]]], trips: list[list[tuple[int, int]]]
) -> Iterator[int]:
    t, rules, hand = b.t, b.t.rules, b.naturals
    rank_mask = [sum(bit for bit, _ in cards) for cards in b.by_rank]
    paired = [r for r in range(13) if pairs[r]]
    if rules.butterfly or rules.sisters:
        for x, y in combinations(paired, 2):
            if rules.butterfly or abs(t.rank_pos[x] - t.rank_pos[y]) == 1:
                junk = _bits(hand & ~(rank_mask[x] | rank_mask[y]))
                for (p, _), (q, _) in product(pairs[x], pairs[y]):
                    yield from (p | q | j for j in junk)
    if rules.trips_junk:
        for a in range(13):
            if trips[a]:
                rest = _bits(hand & ~rank_mask[a])
                for trip, _ in trips[a]:
                    yield from (trip | j1 | j2 for j1, j2 in combinations(rest, 2))
    if rules.smackdown:
        order = sorted(paired, key=lambda r: t.rank_pos[r])
        for i in range(len(order)):
            j = i
            while j + 1 < len(order) and t.rank_pos[order[j + 1]] == t.rank_pos[order[j]] + 1:
                j += 1
                if j - i + 1 >= 3:
                    for run in product(*([m for m, _ in pairs[r]] for r in order[i : j + 1])):
                        yield sum(run)
    if rules.sf_plus_two:
        yield from _sf_plus_two(b)


def _sf_plus_two(b: _Builder) -> Iterator[int]:
    table = b.t.straights[5]
    for cards in b.suit_cards(5):
        for group in combinations(cards, 5):
            ranks = 0
            for _, f in group:
                ranks |= 1 << (f >> 2)
            if ranks in table:
                m = sum(bit for bit, _ in group)
                yield from (m | x | y for x, y in combinations(_bits(b.naturals & ~m), 2))


# -- helpers --------------------------------------------------------------------------------
def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
