"""Hand planning: split a hand into the fewest, strongest plays.

A hand's *cost* is the sum over the plays of its best split, each play costing 1 plus up to
``WEAKNESS`` for how easily it is beaten. Fewer plays means fewer tricks to win; strong plays
are cheap because they win tricks back. The bots compare ``cost(hand)`` with
``cost(hand - play)`` to judge a play.

Search works on card *counts* rather than exact cards: a hand is a vector of counts (13 ranks,
4 suits, jokers) packed into one int, 6 bits a field, so removing a combination is a
subtraction and "does it still fit?" is one guarded subtraction. Many suit variants of one
straight or full house then collapse into one shape, which keeps the search small; the price
is that a straight's suits are not tracked (only flushes use the suit fields).

``cost(hand)`` is a pure function of the hand and the tables: the search is exact over the
hand's cheapest shapes (at most ``_MAX_SHAPES``, fewer for hands over 18 cards, or over 13
with two decks; ties broken by the count vector), trying each multiset of them once, and
only whole hands' costs are remembered, so costing one hand never changes what another
costs.
"""

from __future__ import annotations

from ..cards import RED_JOKER, iter_bits
from ..combos import Combination, Tables
from ..combos.lazy import bot_combos, is_big
from ..combos.tables import FIVE, STRAIGHT_N

WEAKNESS = 0.15
_W = 6  # bits per field
_RANK_FIELDS = 13
_SUIT0 = 13
_JOKER = 17
_GUARD = sum(1 << (_W * i + _W - 1) for i in range(18))
_RANKS_ONLY = (1 << (_W * _RANK_FIELDS)) - 1
_JOKER_SHIFT = _W * _JOKER
_REST_FIELDS = _RANKS_ONLY | (63 << _JOKER_SHIFT)  # what groups of one rank depend on
# kinds the count-based remainder handles itself: groups of one rank (and two pairs)
_GROUP_KINDS = frozenset({"single", "pair", "triple", "quads", "two_pair"})
_FIVE_STRENGTH = {
    "sisters": 0.15,
    "butterfly": 0.2,
    "triple_junk": 0.2,
    "straight": 0.3,
    "flush": 0.45,
    "full_house": 0.6,
    "four_of_a_kind": 0.8,
    "straight_flush": 0.9,
    "five_of_a_kind": 0.9,
}
_MAX_SHAPES = 40
# hands up to this size search up to _MAX_SHAPES shapes (one deck: 17 or 18 cards with three
# players; two decks hold more shapes per card); bigger ones their _BIG_HAND_SHAPES cheapest
_FULL_SEARCH_CARDS = {1: 18, 2: 13}
_BIG_HAND_SHAPES = 12
# hands too big to list every combination (`bigtwo.combos.lazy.is_big`: two decks and few
# players, up to 52 cards) search fewer still, so that judging a hundred plays stays quick
_HUGE_HAND_SHAPES = 6
_CACHE_LIMIT = 200_000
# multisets of shapes one cost may try (a bound no one-deck hand of 13 cards reaches)
SEARCH_NODES = 500

Shape = tuple[int, float]  # (count vector, cost of the play)


def _face_vector(face: int) -> int:
    """One card's count vector: its rank and suit fields, or the jokers' field."""
    if face < RED_JOKER:
        return (1 << (_W * (face >> 2))) | (1 << (_W * (_SUIT0 + (face & 3))))
    return 1 << _JOKER_SHIFT if face < RED_JOKER + 2 else 0


# the count vector of each byte's worth of a card mask, by the byte's place (16 bytes: two
# decks of 64 ids, a second deck's card counting as its face)
_BYTE_VECTORS = tuple(
    tuple(
        sum(_face_vector((8 * place + bit) & 63) for bit in range(8) if byte >> bit & 1)
        for byte in range(256)
    )
    for place in range(16)
)


class Planner:
    """Hand costs under one set of tables, memoised (count vectors repeat endlessly)."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        r = t.rules
        self.quads_alone, self.triples, self.two_pairs = r.quads_alone, r.triples, r.two_pairs
        self.rank_pos = t.rank_pos
        self._rest: dict[int, float] = {}
        self._shapes: dict[int, dict[int, list[tuple[float, int]]]] = {}
        self._costs: dict[int, float] = {}  # by hand: pure, so safe to remember
        self._nodes = SEARCH_NODES
        self._flat: dict[int, list[tuple[float, int, int]]] = {}
        self._approx: dict[tuple[int, int | None], float] = {}  # big hands: by (hand, within)
        self._strengths: dict[tuple[int, str, int], float] = {}  # by (mask, kind, family)
        self.full_search = _FULL_SEARCH_CARDS.get(r.decks, 13)

    # -- vectors ---------------------------------------------------------------------------
    def vector(self, mask: int) -> int:
        out, tables = 0, iter(_BYTE_VECTORS)
        while mask:  # a byte of the mask at a time: a hand is counted in four to fifteen steps
            out += next(tables)[mask & 255]
            mask >>= 8
        return out

    def group_vector(self, mask: int) -> int:
        """Count vector of a shape that ignores suits (all but flush-like shapes)."""
        return self.vector(mask) & _REST_FIELDS

    # -- costs -----------------------------------------------------------------------------
    def play_cost(self, strength: float) -> float:
        return 1.0 + WEAKNESS * (1.0 - strength)

    def strength(self, combo: Combination) -> float:
        """0 (easily beaten) to 1 (rarely beaten), from kind and top rank (remembered: every
        play of every hand is judged by it, and the same card sets come back all the time)."""
        key = (combo.mask, combo.kind, combo.family)
        found = self._strengths.get(key)
        if found is None:
            if len(self._strengths) > _CACHE_LIMIT:
                self._strengths.clear()
            found = self._strengths[key] = self._strength(combo)
        return found

    def _strength(self, combo: Combination) -> float:
        top = max((c & 63 for c in iter_bits(combo.mask)), key=lambda f: self.t.order_key[f])
        top_pos = self.rank_pos[top >> 2] / 12 if top < RED_JOKER else 1.0
        if combo.family == FIVE:
            return min(1.0, _FIVE_STRENGTH.get(combo.kind, 0.3) + 0.15 * top_pos)
        if combo.family >= STRAIGHT_N:
            return 0.3 + 0.5 * top_pos
        return top_pos

    def rest_cost(self, vec: int) -> float:
        """Cost of cards played only as groups of one rank (singles, pairs, triples, …)."""
        key = vec & _REST_FIELDS
        found = self._rest.get(key)
        if found is not None:
            return found
        cost = 1.0 * ((key >> _JOKER_SHIFT) & 63)  # jokers: top singles
        pairs: list[float] = []
        for rank in range(13):
            n = (key >> (_W * rank)) & 31
            if not n:
                continue
            s = self.rank_pos[rank] / 12
            each = self.play_cost(s)
            if self.quads_alone:
                cost += (n // 4) * self.play_cost(1.0)
                n %= 4
            if self.triples:
                cost += (n // 3) * each
                n %= 3
            pairs.extend([s] * (n // 2))
            cost += (n % 2) * each
        if self.two_pairs and len(pairs) > 1:
            pairs.sort()
            while len(pairs) > 1:  # the two lowest pairs go together
                pairs.pop(0)
                cost += self.play_cost(pairs.pop(0))
        cost += sum(self.play_cost(s) for s in pairs)
        if len(self._rest) > _CACHE_LIMIT:
            self._rest.clear()
        self._rest[key] = cost
        return cost

    def shapes(self, hand: int) -> dict[int, list[tuple[float, int]]]:
        """The hand's combinations that are not groups of one rank, by count vector: each
        vector's plays as (cost, mask), cheapest first."""
        found = self._shapes.get(hand)
        if found is not None:
            return found
        shapes: dict[int, list[tuple[float, int]]] = {}
        for c in bot_combos(hand, self.t).leads:
            if c.kind in _GROUP_KINDS or c.mask >> RED_JOKER & 3 or c.mask >> (64 + RED_JOKER) & 3:
                continue
            flushlike = c.kind in ("flush", "straight_flush")
            vec = self.vector(c.mask) if flushlike else self.group_vector(c.mask)
            shapes.setdefault(vec, []).append((self.play_cost(self.strength(c)), c.mask))
        for plays in shapes.values():
            plays.sort()
        if len(self._shapes) > _CACHE_LIMIT:
            self._shapes.clear()
        self._shapes[hand] = shapes
        return shapes

    def cost(self, hand: int, within: int | None = None) -> float:
        """The cost of the hand's best split into plays (0 for an empty hand). ``within``, a
        superset of ``hand`` whose combinations are known, saves finding them again (the
        result is the same). For a superset too big to list every combination
        (`bigtwo.combos.lazy.is_big`) its representatives stand in for the hand's own: the
        result is then a pure function of ``(hand, within)``, not remembered as the hand's."""
        if not hand:
            return 0.0
        found = self._costs.get(hand)
        if found is not None:
            return found
        approx = within is not None and within != hand and is_big(within, self.t)
        if approx:
            key = (hand, within)
            found = self._approx.get(key)
            if found is None:
                self._nodes = SEARCH_NODES
                found = self._solve(self.vector(hand), self.search_shapes(hand, within))
                if len(self._approx) > _CACHE_LIMIT:
                    self._approx.clear()
                self._approx[key] = found
            return found
        self._nodes = SEARCH_NODES
        found = self._solve(self.vector(hand), self.search_shapes(hand, within))
        if len(self._costs) > _CACHE_LIMIT:
            self._costs.clear()
        self._costs[hand] = found
        return found

    def search_shapes(self, hand: int, within: int | None = None) -> list[Shape]:
        """The shapes the search may use for ``hand``: the cheapest play of each count vector,
        cheapest first (ties by vector, so the list depends on the hand alone), capped."""
        n = hand.bit_count()
        cap = (
            _MAX_SHAPES
            if n <= self.full_search
            else _HUGE_HAND_SHAPES
            if is_big(hand, self.t)
            else _BIG_HAND_SHAPES
        )
        # every play by (cost, vector, mask): the first fitting play of each vector is its
        # cheapest, and the vectors come cheapest first (ties by vector), so the scan stops
        # once ``cap`` vectors are found
        out: list[Shape] = []
        found: set[int] = set()
        for cost, vec, mask in self.flat_shapes(hand if within is None else within):
            if vec in found or mask & ~hand:
                continue
            found.add(vec)
            out.append((vec, cost))
            if len(out) >= cap:
                break
        return out

    def held(self, hand: int, dealt: int) -> None:
        """``hand`` is what is left of ``dealt`` (a seat's hand as dealt): its shapes are cut
        from the dealt hand's (found once a deal) rather than found again at every play (a
        hand's shapes are every combination of it that is no group of one rank, so those of a
        smaller hand are the larger one's that lie inside it, in the same sorted order). Not
        for hands too big to list every combination, whose representatives are not cut so."""
        if hand == dealt or hand in self._flat or not dealt or hand & ~dealt:
            return
        if is_big(dealt, self.t):
            return
        larger = self.flat_shapes(dealt)
        if len(self._flat) > _CACHE_LIMIT:
            self._flat.clear()
        self._flat[hand] = [shape for shape in larger if not shape[2] & ~hand]

    def flat_shapes(self, hand: int) -> list[tuple[float, int, int]]:
        """`shapes` as one list of (cost, vector, mask), sorted."""
        found = self._flat.get(hand)
        if found is None:
            found = sorted(
                (cost, vec, mask)
                for vec, plays in self.shapes(hand).items()
                for cost, mask in plays
            )
            if len(self._flat) > _CACHE_LIMIT:
                self._flat.clear()
            self._flat[hand] = found
        return found

    def _solve(self, vec: int, shapes: list[Shape]) -> float:
        """The cheapest split of ``vec`` into some of ``shapes`` (each fits ``vec``) and
        groups of one rank. Exact: every multiset of shapes is tried once, in list order,
        up to `SEARCH_NODES` of them (then the best found so far: hands of many small
        disjoint shapes, such as 26 cards with straights of three, have millions)."""
        best = self.rest_cost(vec)
        self._nodes -= 1
        if self._nodes < 0:
            return best
        for i, (svec, scost) in enumerate(shapes):
            rest = vec - svec
            fit = [s for s in shapes[i:] if ((rest | _GUARD) - s[0]) & _GUARD == _GUARD]
            total = scost + (self._solve(rest, fit) if fit else self.rest_cost(rest))
            if total < best:
                best = total
        return best


_PLANNERS: dict[int, tuple[Tables, Planner]] = {}


def planner_for(t: Tables) -> Planner:
    """The (cached) planner of a set of tables."""
    found = _PLANNERS.get(id(t))
    if found is None or found[0] is not t:
        found = (t, Planner(t))
        _PLANNERS[id(t)] = found
    return found[1]
