"""Hints and reviews for people: what a level's bot would play and why, in a player's words,
and where a finished deal's choices differed from the expert's.

>>> import bigtwo
>>> game = bigtwo.Game.deal(bigtwo.Rules.preset("classic"), seed=7)
>>> h = hint(game.view(game.to_move), game.legal_moves(), "hard")
>>> h.move in game.legal_moves() and bool(h.reason)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import RED_JOKER, Card
from ..checks import instance, seat_number, text, whole_number
from ..combos import Combination, Move, classify_mask
from ..combos.lazy import bot_combos
from ..combos.tables import FIVE, SINGLE
from ..engine.view import View
from ..errors import BigTwoError
from .base import bot_for_level, check_choice, check_seed
from .expert import MAX_SAMPLES, ExpertBot
from .planning import planner_for
from .policy import Reading, Situation
from .situation import situation

_RANK_PLURALS = [
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
    "twos",
]
_FIVE_WORDS = {
    "straight": "straight",
    "flush": "flush",
    "full_house": "full house",
    "four_of_a_kind": "four of a kind",
    "straight_flush": "straight flush",
    "butterfly": "butterfly",
    "sisters": "sisters",
    "triple_junk": "triple with two odd cards",
    "five_of_a_kind": "five of a kind",
}


@dataclass(frozen=True)
class Hint:
    """A suggested move and a one-line reason."""

    move: Move
    reason: str
    level: str


GO_OUT = "go_out"  # the seat could have gone out, winning the deal, and didn't
SEARCH = "search"  # the expert's search found its move better by ``edge`` points a deal
REASONS = (GO_OUT, SEARCH)


@dataclass(frozen=True)
class ReviewNote:
    """One decision where the reviewed seat chose differently from the expert. Why is kept
    as data (``code``, one of `REASONS`, with ``samples`` and ``edge`` for a search) so a
    page can say it in its own language; ``reason`` says it in English."""

    action: int  # index of the action in the deal's history (0 = first action)
    table: str  # what was on the table ("" when leading)
    played: Move
    expert: Move
    code: str  # why the expert prefers its move: one of `REASONS`
    samples: int = 0  # a search: the sampled deals both moves were played out on
    edge: float = 0.0  # a search: points a deal by which the expert's move came out ahead

    @property
    def reason(self) -> str:
        """Why the expert prefers its move, in a player's words."""
        if self.code == GO_OUT:
            return f"play {describe(self.expert)} and go out: it wins the deal"
        return _search_reason(self.expert, self.played, self.samples, self.edge, "your")


def hint(view: View, legal_moves: Sequence[Move], level: str = "hard", seed: int = 0) -> Hint:
    """The move ``level``'s bot (see `LEVELS`) would make, with a one-line reason.

    The expert's advice depends only on the position and ``seed`` (its samples are seeded by
    both), so asking twice gives the same hint, and `review` with the same seed agrees
    (unless the expert's time cap cuts one of the searches short)."""
    check_choice(view, legal_moves)
    foreign = [m for m in legal_moves if isinstance(m, Combination) and m.mask & ~view.hand_mask]
    if foreign:  # another seat's moves: the reason would speak of cards this seat lacks
        raise BigTwoError(f"{describe(foreign[0])} is not in this seat's hand: give its own moves")
    key = text(level, "a level", 100).strip().lower()
    bot = bot_for_level(key, seed)  # refuses an unknown level, listing them
    if isinstance(bot, ExpertBot):
        found = bot.analyse(view, legal_moves)
        move = found.choice
        edge = found.edge(move, found.heuristic)
        if edge > 0:
            reason = _search_reason(move, found.heuristic, found.samples, edge, "the obvious")
            return Hint(move, reason, key)
        return Hint(move, explain(view, legal_moves, move), key)
    move = bot.choose(view, legal_moves)
    if key == "beginner":
        return Hint(move, f"a beginner plays anything legal: {describe(move)}", key)
    if key == "easy":
        return Hint(move, f"play the lowest thing you can: {describe(move)}", key)
    return Hint(move, explain(view, legal_moves, move), key)


def _search_reason(move: Move, other: Move, samples: int, edge: float, whose: str) -> str:
    """Why the search prefers ``move`` to ``other``: a measured result, not a rule of thumb."""
    return (
        f"{describe(move)}: in {samples} sampled deals (the hidden cards dealt to fit what"
        f" you've seen) this scored {edge:.1f} points a deal more than {describe(other)}"
        f" ({whose} play)"
    )


def explain(view: View, legal_moves: Sequence[Move], move: Move) -> str:
    """Why ``move`` is a sensible choice here, in a player's words."""
    if not move.is_pass and not move.is_play:
        return f"{move}: it can only help you"
    sit = situation(view, legal_moves)
    plays = [m for m in legal_moves if isinstance(m, Combination)]
    if move.is_pass:
        if not plays:
            return f"pass: nothing you hold beats {describe(view.table)}" if view.table else "pass"
        return f"pass: beating {describe(view.table)} would break up your hand or waste a winner"
    assert isinstance(move, Combination)
    after = sit.hand & ~move.mask
    if not after:
        return f"play {describe(move)} and go out"
    reading = Reading(sit)
    win = reading.is_winner(move, sit.t)
    low = min(sit.opponents, default=13)
    kept = _strongest(after, sit)
    keep = f" and keep {kept}" if kept else ""
    if low <= 2 and move.size == low:
        who = "one card" if low == 1 else "two cards"
        return (
            f"an opponent has {who} left: {'lead' if view.table is None else 'play'}"
            f" {describe(move)}, as high as you can, to stop them going out"
        )
    if view.table is None:
        if win and _single_play(after, sit):
            return f"lead {describe(move)}, which nobody can beat, then go out with the rest"
        if win:
            return f"lead {describe(move)}: nobody can beat it, so the lead comes back to you"
        if move.size >= 4:
            return f"lead {describe(move)} to shed {move.size} cards at once{keep}"
        lowest = "lowest " if _is_lowest(move, plays) else ""
        return f"lead your {lowest}{_kind(move)} {_cards(move)} to get rid of it early{keep}"
    if win:
        return f"take the trick with {describe(move)}: nobody can beat it, and you lead next"
    still = f", and you keep {kept}" if kept else ""
    return f"beat {describe(view.table)} with {describe(move)}: it fits your plan{still}"


def review(
    game_or_record: Any, seat: int, samples: int | None = None, seed: int = 0
) -> list[ReviewNote]:
    """The decisions of ``seat`` in a finished deal (a `Game` or a `Record`) that the expert
    calls mistakes: where it would have chosen differently *and* its search found its choice
    clearly better than the move played (by the expert's own margin), or the seat could have
    gone out and didn't. With the default ``samples`` (the expert's default setting) and the
    same ``seed``, the expert is the one `hint` asks, so a move equal to the hint in that
    position is never a mistake."""
    from ..engine.game import Game, Record

    if isinstance(game_or_record, Game):
        game_or_record = game_or_record.record()
    record = instance(game_or_record, Record, "review's deal", "a Game or a Record")
    seat_number(seat, len(record.counts))
    if samples is not None:
        whole_number(samples, "samples", 1, MAX_SAMPLES)
    check_seed(seed)
    states = record.states()
    if not states[-1].is_over:  # no notes would read as "no mistakes"
        raise BigTwoError("review takes a finished deal; this one is still being played")
    notes: list[ReviewNote] = []
    for index, state in enumerate(states[:-1]):
        after = states[index + 1]
        history = after.history
        if len(history) <= len(state.history):
            continue
        actor, played = history[-1]
        if actor != seat or state.to_move != seat:
            continue
        legal = state.legal_moves(seat)
        if len(legal) < 2:
            continue
        view = state.view(seat)
        if not (played.is_play or played.is_pass):
            continue  # announcements, claims and gifts: the expert never searches them
        out = [m for m in legal if m.is_play and m.mask == view.hand_mask]
        if out and played not in out:
            notes.append(ReviewNote(index, _table(view), played, out[0], GO_OUT))
            continue
        expert = ExpertBot(seed) if samples is None else ExpertBot(seed, samples=samples)
        found = expert.analyse(view, legal, also=played)
        best = found.choice
        edge = found.edge(best, played)
        if best == played or edge <= 0:
            continue
        notes.append(ReviewNote(index, _table(view), played, best, SEARCH, found.samples, edge))
    return notes


def _table(view: View) -> str:
    return describe(view.table) if view.table is not None else ""


def describe(move: Move | None) -> str:
    """A move in a player's words: ``"4♣"``, ``"the pair of aces"``, ``"pass"``."""
    if move is None:
        return "nothing"
    if move.is_pass:
        return "pass"
    if not isinstance(move, Combination):
        return str(move)
    if move.kind == "single":
        return _cards(move)
    return f"the {_kind(move)} {_cards(move)}"


def _cards(move: Move) -> str:
    """The cards by rank and suit (a second deck's copy sorts with its face)."""
    return " ".join(Card(c).symbol() for c in sorted(move.cards, key=lambda c: (c & 63, c)))


def _kind(move: Combination) -> str:
    ranks = {(c & 63) >> 2 for c in move.cards if (c & 63) < RED_JOKER}
    rank = _RANK_PLURALS[ranks.pop()] if len(ranks) == 1 else ""
    if move.kind == "pair":
        return f"pair of {rank}" if rank else "pair"
    if move.kind == "triple":
        return f"three {rank}" if rank else "triple"
    if move.kind == "quads":
        return f"four {rank}" if rank else "four of a kind"
    if move.kind == "two_pair":
        return "two pairs"
    return _FIVE_WORDS.get(move.kind, move.kind.replace("_", " "))


def _strongest(hand: int, sit: Situation) -> str:
    """The best thing left in ``hand``, in words, when it is worth mentioning."""
    pl = planner_for(sit.t)
    combos = [c for c in bot_combos(hand, sit.t).leads if c.family in (SINGLE, 2, FIVE)]
    if not combos:
        return ""
    best = max(combos, key=lambda c: (pl.strength(c) + 0.1 * (c.size > 1), c.size))
    if pl.strength(best) < 0.75:
        return ""
    return f"your {_cards(best)}" if best.kind == "single" else describe(best)


def _single_play(hand: int, sit: Situation) -> bool:
    return classify_mask(hand, sit.t) is not None


def _is_lowest(move: Combination, plays: list[Combination]) -> bool:
    same = [p for p in plays if p.family == move.family]
    return all(move.key <= p.key for p in same)
