"""Turn rules that narrow or widen what the player to move may do: ``last.precaution``,
``last.no_single_two``/``last.no_two_spades``, ``trick.three_threes``,
``trick.unbeatable_ends``, and who ``score.assistance`` blames."""

from __future__ import annotations

from ..cards import cards_of, format_cards
from ..combos import PASS, Combination, Move
from ..combos.tables import PAIR, SINGLE, TRIPLE
from ..rules.options import LastPlayBan
from .state import State

_TWO = 12
_TWO_SPADES = 51


def _next_has_one(game: State, seat: int) -> bool:
    nxt = game._after(seat, skip_passed=False)
    return nxt != seat and game.hands[nxt].bit_count() == 1


def _banned_finish(game: State, combo: Combination, hand: int) -> bool:
    """Would ``combo`` end the deal in a way ``last_play_ban`` forbids?"""
    ban = game.rules.last_play_ban
    if ban is LastPlayBan.NONE or combo.mask != hand:
        return False
    faces = [c & 63 for c in cards_of(combo.mask)]
    all_twos = all(f >> 2 == _TWO for f in faces)
    if ban is LastPlayBan.SINGLE_TWO:
        return combo.family == SINGLE and all_twos
    if ban is LastPlayBan.TWOS:
        return combo.family in (SINGLE, PAIR) and all_twos
    if ban is LastPlayBan.TWO_SPADES:
        return combo.family == SINGLE and faces == [_TWO_SPADES]
    return _TWO_SPADES in faces  # ANY_TWO_SPADES


def restrict(game: State, seat: int, moves: list[Move]) -> list[Move]:
    """Drop the plays the turn rules forbid right now."""
    rules = game.rules
    if rules.last_play_ban is not LastPlayBan.NONE:
        hand = game.hands[seat]
        moves = [
            m for m in moves if not (isinstance(m, Combination) and _banned_finish(game, m, hand))
        ]
    if rules.precaution and _next_has_one(game, seat):
        top = _highest_single(game, seat)
        moves = [
            m
            for m in moves
            if not (isinstance(m, Combination) and m.family == SINGLE and m.top != top)
        ]
    return moves


def _highest_single(game: State, seat: int) -> int:
    t = game.tables
    return max(cards_of(game.hands[seat]), key=lambda c: (t.single_key[c & 63], -(c >> 6)))


def refusal(game: State, seat: int, combo: Combination) -> tuple[str, dict[str, str]]:
    """Why the turn rules refuse ``combo`` (empty when they don't), and the refusal's
    parameters: which ``rule`` and its cards in notation, for a front end's own words."""
    if _banned_finish(game, combo, game.hands[seat]):
        words = f"{combo.words} can't be your last play under these rules"
        return words, {"rule": "last_play", "play": format_cards(cards_of(combo.mask))}
    if game.rules.precaution and combo.family == SINGLE and _next_has_one(game, seat):
        top = _highest_single(game, seat)
        if combo.top != top:
            card = cards_of(1 << top)[0]
            words = (
                f"the next player has one card left: play your highest single"
                f" ({card.symbol()}) or a combination"
            )
            return words, {"rule": "precaution", "card": str(card)}
    return "", {}


def must_play(game: State, seat: int, moves: list[Move]) -> bool:
    """``trick.three_threes``: after a lead of three 3s the next player may not pass while they
    can play; with no other triple, that means three 2s."""
    table = game.table
    if not game.rules.three_threes or table is None or table.family != TRIPLE:
        return False
    if (table.mask.bit_length() - 1) & 63 >= 4 or game._log is None or game._log[2] != table:
        return False
    return any(m.is_play for m in moves)


def pass_refusal(game: State, seat: int) -> str:
    return "three 3s were led: play a triple if you can (three 2s if nothing else)"


def unbeatable(game: State, combo: Combination) -> bool:
    """Can no card still out beat ``combo``? Decided for singles, pairs and triples when no
    bomb rule could answer them (``trick.unbeatable_ends``)."""
    t = game.tables
    if t.has_bombs or combo.family not in (SINGLE, PAIR, TRIPLE):
        return False
    outstanding = sum(game.hands) | game.kitty | sum(1 << c for c in game.stock)  # unplayed
    keys = t.single_key
    if combo.family == SINGLE:
        return all(keys[c & 63] <= combo.key for c in cards_of(outstanding)) and not t.allow_equal
    need = combo.size
    by_rank: dict[int, list[int]] = {}
    for c in cards_of(outstanding):
        if (c & 63) < 52:
            by_rank.setdefault((c & 63) >> 2, []).append(keys[c & 63])
    # the best set of a rank is ranked by its top card
    return not any(len(ks) >= need and max(ks) > combo.key for ks in by_rank.values())


def assister(game: State, history: list[tuple[int, Move]]) -> int | None:
    """``score.assistance``: the player who played a single just before the winner's last
    single, holding a higher card that would have stopped it."""
    plays = [(s, m) for s, m in history if m.is_play or m is PASS]
    if len(plays) < 2:
        return None
    (seat_a, move_a), (seat_b, move_b) = plays[-2], plays[-1]
    if seat_b != game.winner or seat_a == seat_b:
        return None
    if not (isinstance(move_a, Combination) and isinstance(move_b, Combination)):
        return None
    if move_a.family != SINGLE or move_b.family != SINGLE:
        return None
    t = game.tables
    before = game.hands[seat_a] | move_a.mask
    if any(t.single_key[c & 63] > move_b.key for c in cards_of(before)):
        return seat_a
    return None
