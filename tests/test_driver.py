"""The bot driver: bots take their turns and make their out-of-turn claims."""

import bigtwo
from bigtwo.driver import play_out
from bigtwo.rules.options import Announce


def test_last_announce_bots_announce_right_after_the_play() -> None:
    """last.announce: a bot left with one card says so before anyone else acts."""
    rules = bigtwo.Rules(announce=Announce.ONE_CARD)
    bots = {seat: bigtwo.make_bot("greedy") for seat in range(4)}
    for seed in range(5):
        game = play_out(bigtwo.Game.deal(rules, seed=seed), bots)
        history = game.history
        for i, (seat, move) in enumerate(history[:-1]):
            left_one = (
                move.is_play
                and sum(m.mask.bit_count() for s, m in history[: i + 1] if s == seat and m.is_play)
                == game.origin.hands[seat].bit_count() - 1
            )
            if left_one:
                assert history[i + 1] == (seat, bigtwo.engine.actions.ANNOUNCE)
        outcome = game.outcome()
        assert outcome is not None and not outcome.forgot_announce


def test_instant_golden_whoopin_a_bot_lays_down_four_twos_before_play() -> None:
    hands = [
        "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3C",
        "2S 2H 2C 2D 4C 5C 6C 7C 8C 9C TC JC QC",
        "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH KC",
        "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AC",
    ]
    game = bigtwo.Game.deal(bigtwo.Rules(golden_whoopin=True), hands=hands)
    game = play_out(game, {seat: bigtwo.make_bot("greedy") for seat in range(4)})
    assert game.end == "golden_whoopin" and game.winner == 1
    assert game.history == [(1, bigtwo.engine.actions.WHOOPIN)]
