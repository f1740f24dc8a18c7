"""What a set of cards is under a `Rules`: `classify` names its kind, family and strength.

The reference reading of every combination lives here; the fast move generator
(`bigtwo.combos.generate`) must agree with it, which the property tests check.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ..cards import RED_JOKER, iter_bits
from ..rules.options import FlushOrder, Jokers
from .moves import Combination
from .tables import (
    FIVE,
    FOUR,
    PAIR,
    PAIR_RUN_N,
    SF_PLUS_TWO,
    SINGLE,
    STRAIGHT_N,
    TRIPLE,
    Tables,
)

# (kind, family, key, four_rank, type) for one reading of a set of faces
Reading = tuple[str, int, int, int, int]

_ROYAL = sum(1 << r for r in (7, 8, 9, 10, 11))  # T J Q K A


def read_faces(faces: list[int], t: Tables) -> Reading | None:
    """The best reading of natural cards (face ids 0-51, repeats allowed), or None."""
    n = len(faces)
    rules = t.rules
    sk = t.suit_key
    rp = t.rank_pos
    if n == 1:
        return ("single", SINGLE, t.single_key[faces[0]], -1, 0)
    groups: dict[int, list[int]] = {}
    for f in faces:
        groups.setdefault(f >> 2, []).append(f)

    def top(fs: list[int]) -> int:
        return max(sk[f & 3] for f in fs)

    if len(groups) == 1:
        rank = faces[0] >> 2
        k = rp[rank] * 4 + top(faces)
        if n == 2:
            return ("pair", PAIR, k, -1, 0)
        if n == 3:
            return ("triple", TRIPLE, k, -1, 0) if rules.triples else None
        if n == 4:
            if rules.quads_alone or rules.smackdown:
                return ("quads", FOUR, (1 << 8) | k, rp[rank], 1)
            return None
        if n == 5 and rules.five_of_a_kind:
            return _five("five_of_a_kind", k, k, t, rp[rank])
        return None
    if n == 5:
        return _read_five(faces, groups, t)
    if n == 4 and rules.two_pairs and all(len(g) == 2 for g in groups.values()):
        hi = max(groups, key=lambda r: rp[r])
        return ("two_pair", FOUR, rp[hi] * 4 + top(groups[hi]), -1, 0)
    if n == 7 and rules.sf_plus_two:
        best = _best_straight_flush(faces, t)
        if best is not None:
            return ("straight_flush_plus_two", SF_PLUS_TWO, best, -1, 0)
    if len(groups) == n and n in t.straights:
        found = t.straights[n].get(sum(1 << r for r in groups))
        if found is not None:
            level, tie = found
            kind = "dragon" if n == 13 and rules.dragon_play else "straight"
            return (kind, STRAIGHT_N + n, level * 4 + sk[groups[tie][0] & 3], -1, 0)
    if rules.smackdown and n >= 6 and n % 2 == 0 and all(len(g) == 2 for g in groups.values()):
        positions = sorted(rp[r] for r in groups)
        if positions[-1] - positions[0] == len(positions) - 1:
            hi = max(groups, key=lambda r: rp[r])
            return ("pair_run", PAIR_RUN_N + n // 2, rp[hi] * 4 + top(groups[hi]), -1, 0)
    return None


def _five(kind: str, within: int, value: int, t: Tables, four_rank: int = -1) -> Reading:
    """A five-card reading: ``within`` orders the type, ``value`` is its card value."""
    typ = t.five_type[kind]
    key = value if t.by_value else (typ << 32) | within
    return (kind, FIVE, key, four_rank, typ)


def _best_straight_flush(faces: list[int], t: Tables) -> int | None:
    best = None
    for sub in combinations(faces, 5):
        if len({f & 3 for f in sub}) == 1 and len({f >> 2 for f in sub}) == 5:
            found = t.straights[5].get(sum(1 << (f >> 2) for f in sub))
            if found is not None:
                level, tie = found
                tie_face = next(f for f in sub if f >> 2 == tie)
                k = level * 4 + t.suit_key[tie_face & 3]
                best = k if best is None else max(best, k)
    return best


def _read_five(faces: list[int], groups: dict[int, list[int]], t: Tables) -> Reading | None:
    rules = t.rules
    rp, sk, single = t.rank_pos, t.suit_key, t.single_key
    flush = len({f & 3 for f in faces}) == 1
    readings: list[Reading] = []
    if len(groups) == 5:
        found = t.straights[5].get(sum(1 << r for r in groups))
        if found is not None:
            level, tie = found
            tie_face = groups[tie][0]
            within, value = level * 4 + sk[tie_face & 3], single[tie_face]
            if flush and not rules.sf_plus_two:
                reading = _five("straight_flush", within, value, t)
                if rules.royal_only_beats_quads and sum(1 << r for r in groups) == _ROYAL:
                    typ = t.five_type["four_of_a_kind"] + 3
                    key = value if t.by_value else (typ << 32) | within
                    reading = ("straight_flush", FIVE, key, -1, typ)
                readings.append(reading)
            readings.append(_five("straight", within, value, t))
    if flush and rules.flushes:
        readings.append(_five("flush", _flush_key(faces, t), max(single[f] for f in faces), t))
    sizes = sorted((len(g) for g in groups.values()), reverse=True)
    by_size = sorted(groups.items(), key=lambda kv: (len(kv[1]), rp[kv[0]]), reverse=True)
    main_rank, main = by_size[0]
    main_key = rp[main_rank] * 4 + max(sk[f & 3] for f in main)
    if sizes == [3, 2]:
        readings.append(_five("full_house", main_key, main_key, t))
    elif sizes == [4, 1] and rules.quads_kicker:
        readings.append(_five("four_of_a_kind", main_key, main_key, t, rp[main_rank]))
    elif sizes == [2, 2, 1]:
        (r1, _), (r2, _) = by_size[0], by_size[1]
        if rules.butterfly:
            readings.append(_five("butterfly", main_key, main_key, t))
        if rules.sisters and abs(rp[r1] - rp[r2]) == 1:
            readings.append(_five("sisters", main_key, main_key, t))
    elif sizes == [3, 1, 1] and rules.trips_junk:
        readings.append(_five("triple_junk", main_key, main_key, t))
    if not readings:
        return None
    return max(readings, key=lambda rd: (rd[4], rd[2]))


def _flush_key(faces: list[int], t: Tables) -> int:
    ranks = sorted((t.rank_pos[f >> 2] for f in faces), reverse=True)
    packed = 0
    for r in ranks:
        packed = (packed << 4) | r
    suit = t.suit_key[faces[0] & 3]
    order = t.rules.flush_order
    if order is FlushOrder.SUIT_FIRST:
        return (suit << 20) | packed
    if order is FlushOrder.HIGH_CARD:
        return (ranks[0] << 18) | (suit << 16) | (packed & 0xFFFF)
    return (packed << 2) | suit


def _wild_candidates(natural: list[int], t: Tables) -> list[int]:
    """Faces a wild joker might usefully stand for next to ``natural`` cards."""
    best_suit = max(range(4), key=lambda s: (t.suit_key[s], t.suit_rank[s]))
    suits = {best_suit} | {f & 3 for f in natural}
    return [rank * 4 + s for rank in range(13) for s in sorted(suits)]


def read_with_wilds(natural: list[int], wilds: int, t: Tables) -> Reading | None:
    """The best reading when ``wilds`` jokers may stand for any card (``cards.jokers_wild``)."""
    best: Reading | None = None
    for sub in combinations_with_replacement(_wild_candidates(natural, t), wilds):
        reading = read_faces(natural + list(sub), t)
        if reading is not None and (best is None or _preference(reading) > _preference(best)):
            best = reading
    return best


def _preference(rd: Reading) -> tuple[int, int, int]:
    return (0 if rd[1] < STRAIGHT_N else -1, rd[4], rd[2])


def combination(mask: int, reading: Reading) -> Combination:
    """The `Combination` of card set ``mask`` read as ``reading``."""
    kind, family, key, four_rank, _ = reading
    top = mask.bit_length() - 1 if family == SINGLE else -1
    return Combination(mask, kind, family, key, four_rank, top)


def classify_mask(mask: int, t: Tables) -> Combination | None:
    """The `Combination` a set of cards (a bitmask) forms, or None; cached per tables."""
    cache = t.combo_cache
    if mask in cache:
        return cache[mask]
    faces = [c & 63 for c in iter_bits(mask)]
    natural = [f for f in faces if f < RED_JOKER]
    wilds = len(faces) - len(natural)
    reading: Reading | None
    if not wilds:
        reading = read_faces(natural, t)
    elif t.rules.jokers is Jokers.WILD:
        reading = (
            ("single", SINGLE, t.single_key[faces[0]], -1, 0)
            if len(faces) == 1
            else read_with_wilds(natural, wilds, t)
        )
    elif t.rules.jokers is Jokers.VALUELESS and len(faces) == 1:
        reading = ("single", SINGLE, -1, -1, 0)
    else:
        reading = None
    combo = None if reading is None else combination(mask, reading)
    if len(cache) > 400_000:
        cache.clear()
    cache[mask] = combo
    return combo
