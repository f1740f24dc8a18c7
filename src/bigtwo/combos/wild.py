"""Wild jokers (``cards.jokers_wild``): every combination that holds a joker, built from the
shapes of the hand's natural cards with the jokers filling the gaps.

For each number ``w`` of jokers, each family proposes the natural card sets that ``w`` jokers
complete into one of its combinations, with the strongest reading the jokers can give it in
that family (a pair's joker takes the top suit, a flush's jokers the top ranks, …). A card set
that several families reach keeps the strongest proposal, so it reads as the reference
`classify_mask` reads it: the best reading over every card the jokers might stand for. When
two different readings tie (a run of pairs and a straight of the same length and key), the
set is left to the reference reading. The property tests compare the result with every subset.
"""

from __future__ import annotations

from itertools import combinations, product

from .classify import _ROYAL, Reading, _flush_key
from .tables import (
    FIVE,
    FOUR,
    PAIR,
    PAIR_RUN_N,
    SF_PLUS_TWO,
    STRAIGHT_N,
    TRIPLE,
    Tables,
)

Pref = tuple[int, int, int]  # how the reference ranks readings: (family class, type, key)
Proposal = tuple[Pref, Reading]
# per natural card set: the best proposal, or (its preference, None) when two readings tie
Found = dict[int, tuple[Pref, Reading | None]]
Natural = tuple[int, int, int]  # (bit, suit key, face) of one natural card
Group = tuple[int, int, int]  # (rank, number of natural cards, their highest suit key)
_AMBIGUOUS: Reading | None = None


def wild_readings(by_rank: list[list[tuple[int, int]]], jokers: int, t: Tables) -> list[Found]:
    """For ``w`` = 1 … ``jokers``: natural card sets (bitmasks) that ``w`` wild jokers make a
    combination, each with its reading (None: left to the reference reading)."""
    return _Wild(by_rank, jokers, t).run()


class _Wild:
    def __init__(self, by_rank: list[list[tuple[int, int]]], jokers: int, t: Tables) -> None:
        self.t, self.rules, self.jokers = t, t.rules, jokers
        rp, sk = t.rank_pos, t.suit_key
        self.rp = rp
        self.top_sk = max(sk)  # a joker standing alone in a group takes the top suit
        self.desc = sorted(range(13), key=lambda r: -rp[r])  # ranks, strongest first
        self.pos_rank = [0] * 13
        for r in range(13):
            self.pos_rank[rp[r]] = r
        self.cards: list[list[Natural]] = [[(b, sk[f & 3], f) for b, f in cs] for cs in by_rank]
        self.suits: list[list[Natural]] = [[], [], [], []]
        for cs in self.cards:
            for card in cs:
                self.suits[card[2] & 3].append(card)
        self.found: list[Found] = [{} for _ in range(jokers + 1)]
        self._subsets: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def run(self) -> list[Found]:
        r = self.rules
        self._same_rank()
        self._straights()
        if r.flushes:
            self._flushes()
        self._full_houses()
        if r.quads_kicker:
            self._fours_with_kicker()
        if r.two_pairs:
            self._two_pairs()
        if r.butterfly or r.sisters:
            self._pairs_and_card()
        if r.trips_junk:
            self._triple_and_two()
        if r.smackdown:
            self._pair_runs()
        if r.sf_plus_two:
            self._sf_plus_two()
        return self.found

    # -- helpers ----------------------------------------------------------------------------
    def put(self, w: int, mask: int, proposal: Proposal) -> None:
        """Keep the stronger reading of ``mask`` with ``w`` jokers."""
        d = self.found[w]
        pref, reading = proposal
        held = d.get(mask)
        if held is None or pref > held[0]:
            d[mask] = proposal
        elif pref == held[0] and held[1] is not None and held[1] != reading:
            d[mask] = (pref, _AMBIGUOUS)

    def subsets(self, rank: int, k: int) -> list[tuple[int, int]]:
        """(mask, highest suit key) of every ``k`` natural cards of ``rank``."""
        key = (rank, k)
        found = self._subsets.get(key)
        if found is None:
            found = [
                (sum(c[0] for c in g), max(c[1] for c in g))
                for g in combinations(self.cards[rank], k)
            ]
            self._subsets[key] = found
        return found

    def best_rank_but(self, *ranks: int) -> int:
        """The strongest rank not among ``ranks`` (free for jokers to form)."""
        return next(r for r in self.desc if r not in ranks)

    def group_key(self, rank: int, top: int) -> int:
        return self.rp[rank] * 4 + top

    def five(self, kind: str, within: int, value: int, four_rank: int = -1) -> Proposal:
        t = self.t
        typ = t.five_type[kind]
        key = value if t.by_value else (typ << 32) | within
        return (0, typ, key), (kind, FIVE, key, four_rank, typ)

    def straight_flush(self, within: int, value: int, window: int) -> Proposal:
        if not (self.rules.royal_only_beats_quads and window == _ROYAL):
            return self.five("straight_flush", within, value)
        t = self.t  # combo.royal_only_beats_quads: a royal flush ranks above a four
        typ = t.five_type["four_of_a_kind"] + 3
        key = value if t.by_value else (typ << 32) | within
        return (0, typ, key), ("straight_flush", FIVE, key, -1, typ)

    # -- one rank: pairs, triples, fours and five of a kind ----------------------------------
    def _same_rank(self) -> None:
        r, rp, top_sk = self.rules, self.rp, self.top_sk
        allowed = {2: True, 3: r.triples, 4: r.quads_alone or r.smackdown, 5: r.five_of_a_kind}
        sizes = [n for n, ok in allowed.items() if ok]
        for n in sizes:
            for w in range(1, min(self.jokers, n) + 1):
                c = n - w
                for rank in (self.desc[0],) if c == 0 else range(13):
                    subs = [(0, 0)] if c == 0 else self.subsets(rank, c)
                    if not subs:
                        continue
                    k = rp[rank] * 4 + top_sk
                    proposal: Proposal
                    if n == 2:
                        proposal = (0, 0, k), ("pair", PAIR, k, -1, 0)
                    elif n == 3:
                        proposal = (0, 0, k), ("triple", TRIPLE, k, -1, 0)
                    elif n == 4:
                        key = (1 << 8) | k
                        proposal = (0, 1, key), ("quads", FOUR, key, rp[rank], 1)
                    else:
                        proposal = self.five("five_of_a_kind", k, k, rp[rank])
                    for m, _ in subs:
                        self.put(w, m, proposal)

    # -- runs: straights of every length, straight flushes ---------------------------------
    def _straights(self) -> None:
        t, rp, top_sk = self.t, self.rp, self.top_sk
        sf = not self.rules.sf_plus_two
        for n, table in t.straights.items():
            kind = "dragon" if n == 13 and self.rules.dragon_play else "straight"
            for w in range(1, min(self.jokers, n) + 1):
                if n == 5 and w == 5:
                    continue
                for window, (level, tie) in table.items():
                    ranks = [q for q in range(13) if window >> q & 1]
                    for holes in combinations(ranks, w):
                        rest = [self.cards[q] for q in ranks if q not in holes]
                        if not all(rest):
                            continue
                        kept = [q for q in ranks if q not in holes]
                        tie_at = kept.index(tie) if tie in kept else -1
                        for pick in product(*rest):
                            m = 0
                            for c in pick:
                                m |= c[0]
                            tie_sk = top_sk if tie_at < 0 else pick[tie_at][1]
                            if n != 5:
                                key = level * 4 + tie_sk
                                self.put(w, m, ((-1, 0, key), (kind, STRAIGHT_N + n, key, -1, 0)))
                                continue
                            within, value = level * 4 + tie_sk, rp[tie] * 4 + tie_sk
                            self.put(w, m, self.five("straight", within, value))
                            suit = pick[0][2] & 3
                            if sf and all(c[2] & 3 == suit for c in pick):
                                s_sk = pick[0][1]
                                within, value = level * 4 + s_sk, rp[tie] * 4 + s_sk
                                self.put(w, m, self.straight_flush(within, value, window))

    # -- flushes: the jokers take the top ranks of the suit -----------------------------------
    def _flushes(self) -> None:
        t = self.t
        top, second = self.desc[0], self.desc[1]
        for suit, cards in enumerate(self.suits):
            value = self.rp[top] * 4 + t.suit_key[suit]
            for w in range(1, min(self.jokers, 4) + 1):
                for group in combinations(cards, 5 - w):
                    faces = [c[2] & 63 for c in group]
                    wild = [top * 4 + suit] * w
                    if all(f >> 2 == top for f in faces):
                        wild[-1] = second * 4 + suit  # five of one rank would be no flush
                    m = 0
                    for c in group:
                        m |= c[0]
                    self.put(w, m, self.five("flush", _flush_key(faces + wild, t), value))

    # -- shapes of groups: full houses, fours with a card, two pairs, … -----------------------
    def _full_houses(self) -> None:
        """A triple and a pair; either group may be partly or wholly jokers."""
        jokers, top_sk = self.jokers, self.top_sk
        for a in range(13):
            for ca in (1, 2, 3):
                for trip, hi in self.subsets(a, ca):
                    k = self.group_key(a, hi if ca == 3 else top_sk)
                    proposal = self.five("full_house", k, k)
                    if 5 - ca <= jokers:
                        self.put(5 - ca, trip, proposal)  # the pair all jokers
                    for b in range(13):
                        if b == a:
                            continue
                        for cb in (1, 2):
                            w = 5 - ca - cb
                            if 1 <= w <= jokers:
                                for pair, _ in self.subsets(b, cb):
                                    self.put(w, trip | pair, proposal)
        for b in range(13):  # the triple all jokers, of the best rank the pair leaves
            k = self.group_key(self.best_rank_but(b), top_sk)
            proposal = self.five("full_house", k, k)
            for cb in (1, 2):
                if 5 - cb <= jokers:
                    for pair, _ in self.subsets(b, cb):
                        self.put(5 - cb, pair, proposal)

    def _fours_with_kicker(self) -> None:
        jokers, top_sk, rp = self.jokers, self.top_sk, self.rp
        for a in range(13):
            for ca in (1, 2, 3, 4):
                for four, hi in self.subsets(a, ca):
                    k = self.group_key(a, hi if ca == 4 else top_sk)
                    proposal = self.five("four_of_a_kind", k, k, rp[a])
                    if 5 - ca <= jokers:
                        self.put(5 - ca, four, proposal)  # the kicker a joker
                    w = 4 - ca
                    if 1 <= w <= jokers:
                        for b in range(13):
                            if b != a:
                                for kicker, _ in self.subsets(b, 1):
                                    self.put(w, four | kicker, proposal)
        if jokers >= 4:  # four jokers and a kicker
            for b in range(13):
                f = self.best_rank_but(b)
                k = self.group_key(f, top_sk)
                proposal = self.five("four_of_a_kind", k, k, rp[f])
                for kicker, _ in self.subsets(b, 1):
                    self.put(4, kicker, proposal)

    def _two_pairs(self) -> None:
        jokers, top_sk, rp = self.jokers, self.top_sk, self.rp

        def reading(k: int) -> Proposal:
            return (0, 0, k), ("two_pair", FOUR, k, -1, 0)

        for a in range(13):
            for ca in (1, 2):
                for pa, hi_a in self.subsets(a, ca):
                    ka = self.group_key(a, hi_a if ca == 2 else top_sk)
                    if 4 - ca <= jokers:  # the other pair all jokers
                        f = self.best_rank_but(a)
                        k = self.group_key(f, top_sk) if rp[f] > rp[a] else ka
                        self.put(4 - ca, pa, reading(k))
                    for b in range(a + 1, 13):
                        for cb in (1, 2):
                            w = 4 - ca - cb
                            if not 1 <= w <= jokers:
                                continue
                            for pb, hi_b in self.subsets(b, cb):
                                kb = self.group_key(b, hi_b if cb == 2 else top_sk)
                                self.put(w, pa | pb, reading(ka if rp[a] > rp[b] else kb))
        if jokers >= 4:
            self.put(4, 0, reading(self.group_key(self.desc[0], top_sk)))

    def _three_ranks(self, count: int, most: int) -> list[tuple[int, list[Group]]]:
        """Natural card sets of ``count`` cards in exactly three ranks, at most ``most`` of a
        rank: (mask, [(rank, cards, highest suit key), …])."""
        out: list[tuple[int, list[Group]]] = []

        def walk(rank: int, left: int, mask: int, groups: list[Group]) -> None:
            if len(groups) == 3:
                if left == 0:
                    out.append((mask, groups))
                return
            if rank == 13 or left < 3 - len(groups):
                return
            walk(rank + 1, left, mask, groups)
            for k in range(1, min(most, left) + 1):
                for m, hi in self.subsets(rank, k):
                    walk(rank + 1, left - k, mask | m, [*groups, (rank, k, hi)])

        walk(0, count, 0, [])
        return out

    # Butterflies, sisters and triples with junk rank below full houses, and the jokers make a
    # full house of any natural cards in one or two ranks that could make one of them: only
    # natural cards in three ranks can be read as one of these.
    def _pairs_and_card(self) -> None:
        """Butterflies (two pairs and a card) and sisters (two pairs of next ranks and a card):
        two of the three ranks are the pairs."""
        r, rp, top_sk = self.rules, self.rp, self.top_sk
        for w in (1, 2):
            if w > self.jokers:
                break
            for m, groups in self._three_ranks(5 - w, 2):
                best_b = best_s = -1
                for lone in range(3):
                    if groups[lone][1] != 1:
                        continue
                    low, high = sorted(
                        (g for i, g in enumerate(groups) if i != lone), key=lambda g: rp[g[0]]
                    )
                    q, k, hi = high  # the higher pair decides
                    key = self.group_key(q, hi if k == 2 else top_sk)
                    best_b = max(best_b, key)
                    if rp[q] - rp[low[0]] == 1:
                        best_s = max(best_s, key)
                if r.butterfly and best_b >= 0:
                    self.put(w, m, self.five("butterfly", best_b, best_b))
                if r.sisters and best_s >= 0:
                    self.put(w, m, self.five("sisters", best_s, best_s))

    def _triple_and_two(self) -> None:
        """A triple with two odd cards (``combo.trips_junk``): a pair and a joker make the
        triple, or the best of three lone cards and two jokers."""
        rp, top_sk = self.rp, self.top_sk
        for w in (1, 2):
            if w > self.jokers:
                break
            for m, groups in self._three_ranks(5 - w, 2):  # 2 1 1 or 1 1 1
                pairs = [g[0] for g in groups if g[1] == 2]
                key = max(rp[q] for q in pairs or [g[0] for g in groups]) * 4 + top_sk
                self.put(w, m, self.five("triple_junk", key, key))

    # -- runs of pairs and straight flushes plus two -----------------------------------------
    def _pair_runs(self) -> None:
        """Runs of three or more pairs of next ranks (``bomb.smackdown``)."""
        top_sk, pos_rank, jokers = self.top_sk, self.pos_rank, self.jokers
        # per rank: (mask, jokers needed, top suit key of the pair) for each way to hold it
        ways = [
            [(0, 2, top_sk)]
            + [(m, 1, top_sk) for m, _ in self.subsets(q, 1)]
            + [(m, 0, s) for m, s in self.subsets(q, 2)]
            for q in pos_rank
        ]
        for lo in range(13):
            # runs from ``lo``: (mask, jokers used) of the pairs below the top one
            below = [(0, 0)]
            for hi in range(lo, 13):
                if hi - lo >= 2:
                    n = hi - lo + 1
                    for m, used in below:
                        for pm, need, top in ways[hi]:
                            w = used + need
                            if 1 <= w <= jokers:
                                key = hi * 4 + top
                                reading: Reading = ("pair_run", PAIR_RUN_N + n, key, -1, 0)
                                self.put(w, m | pm, ((-1, 0, key), reading))
                below = [
                    (m | pm, used + need)
                    for m, used in below
                    for pm, need, _ in ways[hi]
                    if used + need <= jokers
                ]
                if not below:
                    break

    def _sf_plus_two(self) -> None:
        """A straight flush, gaps filled by jokers, and two more cards (``combo.sf_plus_two``)."""
        naturals = [c for cs in self.cards for c in cs]
        table = self.t.straights[5]
        kind = "straight_flush_plus_two"
        for suit in range(4):
            here: list[list[Natural]] = [[] for _ in range(13)]
            for card in self.suits[suit]:
                here[card[2] >> 2].append(card)
            for window, (level, _) in table.items():
                ranks = [q for q in range(13) if window >> q & 1]
                for w in range(1, self.jokers + 1):
                    for gaps in range(0, min(w, 4) + 1):
                        extras = 2 - (w - gaps)
                        if extras < 0:
                            continue
                        for holes in combinations(ranks, gaps):
                            rest = [here[q] for q in ranks if q not in holes]
                            if not all(rest):
                                continue
                            for pick in product(*rest):
                                core = sum(c[0] for c in pick)
                                key = level * 4 + pick[0][1]  # every card of one suit
                                reading: Reading = (kind, SF_PLUS_TWO, key, -1, 0)
                                others = [c[0] for c in naturals if not c[0] & core]
                                for extra in combinations(others, extras):
                                    self.put(w, core | sum(extra), ((0, 0, key), reading))
