"""fair.collusion: the review counts the chances a player passed up to beat another's play."""

import bigtwo
from bigtwo.collusion import review


def test_fair_collusion_review_counts_passed_up_chances() -> None:
    game = bigtwo.Game.deal(hands=["3D 4D 9S", "5D 6D 7D", "8C 2S KS", "TD JD QD"])
    game = game.play("3D")  # seat 0 leads
    game = game.play("5D")  # seat 1 beats it
    game = game.play("pass")  # seat 2 could beat 5D (8C, KS, 2S) and lets it stand
    game = game.play("pass")  # seat 3 could beat it too (TD) and passes
    game = game.play("9S")  # seat 0 beats 5D
    game = game.play("pass")  # seat 1 can't beat 9S: no chance counted
    game = game.play("KS")  # seat 2 beats seat 0's 9S
    stats = {(s.player, s.other): s for s in review([game.record(["a", "b", "c", "d"])])}
    assert stats[("c", "b")].chances == 1 and stats[("c", "b")].let_stand == 1
    assert stats[("d", "b")].rate == 1.0
    assert stats[("c", "a")].chances == 1 and stats[("c", "a")].let_stand == 0
    # b beat a's 3D once; on a's 9S b had nothing higher, so that was no chance
    assert (stats[("b", "a")].chances, stats[("b", "a")].let_stand) == (1, 0)
