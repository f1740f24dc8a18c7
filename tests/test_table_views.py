"""The table's views carry where the session stands (totals, deals played, its end), for
seats and spectators alike, through the JSON round trip."""

from __future__ import annotations

from bigtwo import Rules, View, make_bot
from bigtwo.table import SessionEnd, Table


def test_views_carry_the_session() -> None:
    table = Table(
        Rules(),
        [None] + [make_bot("greedy", s) for s in (1, 2, 3)],
        seed=8,
        end=SessionEnd(deals=2, target=50),
    )
    table.start()
    first = table.view(0).session
    assert first is not None and first.deals_played == 0 and first.totals == (0, 0, 0, 0)
    assert (first.deals_target, first.target_score, first.over) == (2, 50, False)
    while not table.between_deals:
        table.submit(0, table.offers(0)[0])
    after = table.spectator_view()
    assert after.session is not None and after.session.deals_played == 1
    assert after.session.totals == table.session.totals != (0, 0, 0, 0)
    assert not after.hand
    assert View.from_dict(after.to_dict()) == after
