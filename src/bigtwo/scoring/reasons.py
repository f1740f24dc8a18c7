"""Why each seat scored what it did in a finished deal, as codes with their numbers, read
from the same pieces `score` multiplies (the system's base, rate and doublings, and the
modifiers of `settle`), so that a front end can say "11 cards, ×2 for that many" without
working the rules out again. Each seat gets a tuple of ``(code, params)``:

* ``won`` (the winner collects), ``instant`` (won at once, before anyone played);
* ``cards`` ``count`` (one point a card), ``values`` ``count``, ``points`` (the cards' values);
* ``rate.many`` / ``rate.never_played`` / ``rate.whoopin`` ``factor``, ``count``: the
  rate by the cards left, for never having played, for a golden whoopin';
* ``twos`` ``count``, ``factor``; ``honours`` ``count``, ``factor``; ``finish_004``;
  ``twos_finish``; ``pairwise``; ``assisted``; ``forgot`` (a forgotten last-card call);
* ``team`` (a team's score), ``places`` (a points system: ``scoring`` names it),
  ``dragun_lost``.

>>> o = Outcome(0, (0,) * 4, (0, 0b111, 0b11111111111, 0b11111111), 1, ())
>>> reasons(o, Rules())[2]
(('cards', {'count': 11}), ('rate.many', {'factor': 2, 'count': 11}))
"""

from __future__ import annotations

from ..rules.config import Rules
from ..rules.options import Scoring
from .outcome import DRAGUN_LOST, INSTANT_WINS, Outcome, twos
from .penalties import SYSTEMS, doubling_004, finish_doubles_004, honours_held, rate_for
from .penalties import twos_doubling as doubles_twos
from .settle import twos_finish

Reason = tuple[str, dict[str, int | str]]


def reasons(outcome: Outcome, rules: Rules) -> tuple[tuple[Reason, ...], ...]:
    """Each seat's reasons for its score in the deal ``outcome`` under ``rules``."""
    n, w = outcome.players, outcome.winner
    out: list[list[Reason]] = [[] for _ in range(n)]
    system = SYSTEMS.get(rules.scoring)
    if outcome.teams is not None:
        return tuple((("team", {}),) for _ in range(n))
    if outcome.instant == DRAGUN_LOST:
        out[w].append(("dragun_lost", {}))
        return tuple(map(tuple, out))
    if system is None or rules.scoring is Scoring.INDONESIA:
        return tuple((("places", {"scoring": rules.scoring.value}),) for _ in range(n))
    out[w].append(("instant", {}) if outcome.instant in INSTANT_WINS else ("won", {}))
    for seat in range(n):
        if seat != w:
            out[seat] += _payer(seat, outcome, rules)
    if outcome.forgot_announce:
        out[w].append(("forgot", {}))
    return tuple(map(tuple, out))


def _payer(seat: int, outcome: Outcome, rules: Rules) -> list[Reason]:
    """What a loser's penalty is made of: base, rate, doublings, then the modifiers."""
    system = SYSTEMS[rules.scoring]
    hand = outcome.left[seat]
    count = hand.bit_count()
    said: list[Reason] = [
        ("cards", {"count": count})
        if system.by_count
        else ("values", {"count": count, "points": system.base(hand)})
    ]
    fresh = outcome.fresh(seat)
    rate = rate_for(seat, count, fresh, outcome, rules)
    if rate > 1:
        if outcome.instant == "golden_whoopin":
            why = "whoopin"
        elif fresh and rate != rate_for(seat, count, False, outcome, rules):
            why = "never_played"
        else:
            why = "many"
        said.append((f"rate.{why}", {"factor": rate, "count": count}))
    held = twos(hand)
    if system.doubling in (doubles_twos, doubling_004) and held:
        said.append(("twos", {"count": held, "factor": 1 << held}))
    if system.doubling is doubling_004:
        honours = honours_held(hand, rules)
        if honours:
            said.append(("honours", {"count": honours, "factor": 1 << honours}))
        if finish_doubles_004(outcome, rules):
            said.append(("finish_004", {}))
    if rules.pairwise_kam and system.by_count:
        said.append(("pairwise", {}))
    if rules.twos_finish_double and twos_finish(outcome):
        said.append(("twos_finish", {}))
    if rules.assistance and outcome.assister == seat:
        said.append(("assisted", {}))
    return said
