"""The summary a room shows at the end of each deal (``Summary`` in the protocol): nothing of
it is secret any more, so every audience gets the same. Scores, their reasons and the
settlement come from the scoring code and the session (`bigtwo.scoring.reasons`,
`Session.settlement_parts`, `settlement_terms`), never worked out again here."""

from __future__ import annotations

from ..cards import cards_of
from ..engine.codec import cards_text
from ..scoring.reasons import reasons
from ..session import settlement_terms
from ..table import Table
from .protocol import Part, Reason, Summary, Term


def deal_summary(
    table: Table, next_at: float | None, ready: list[int], rematch: list[int]
) -> Summary:
    """The summary of ``table``'s last finished deal (``table.last`` must be one)."""
    game, session = table.last, table.session
    assert game is not None
    n = game.rules.players
    outcome = game.outcome()
    said = reasons(outcome, game.rules) if outcome is not None else ((),) * n
    parts = session.settlement_parts()
    settlement = [
        Part(
            payer=p.payer,
            payee=p.payee,
            amount=p.amount,
            deals=[list(d) for d in parts.get((p.payer, p.payee), [])],
        )
        for p in session.settlement(1.0)
    ]
    return Summary(
        deal=session.deals_played,
        end=game.end,
        winner=game.winner,
        left=[cards_text(tuple(cards_of(hand))) for hand in game.hands],
        scores=list(game.scores or (0,) * n),
        reasons=[[Reason(code=c, params=dict(p)) for c, p in seat] for seat in said],
        totals=list(session.totals),
        settlement=settlement,
        rule=[Term(key=k, params=p) for k, p in settlement_terms(session)],
        ready=ready,
        next_at=next_at,
        rematch=rematch,
    )
