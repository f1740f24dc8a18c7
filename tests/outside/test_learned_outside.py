"""The learned bot as docs/rl.md ("The learned bot") and README.md's bot table promise it:
numpy alone when it plays (no torch, Gymnasium or pyarrow, and `import bigtwo` imports no
numpy), a whole deal under every preset, and rules no shipped network reads refused in
words, by the library and by `bigtwo play`. Its speed is a benchmark's matter, not timed here."""

from __future__ import annotations

import subprocess
import sys

import pytest
from cli_run import run_cli

import bigtwo
from bigtwo import BigTwoError, Game, Rules
from bigtwo.table import SessionEnd, Table

PLAYING = """
import sys
import bigtwo
assert "numpy" not in sys.modules, "import bigtwo imported numpy"
game = bigtwo.Game.deal(bigtwo.Rules.preset("tournament"), seed=1)
bot = bigtwo.make_bot("learned", 1)
while not game.is_over:
    game = game.play(bot.choose(game.view(game.to_move), game.legal_moves()))
assert "numpy" in sys.modules
print(sorted(m for m in ("torch", "gymnasium", "pyarrow", "pettingzoo") if m in sys.modules))
"""


def test_the_learned_bot_plays_with_numpy_alone_and_import_bigtwo_imports_none() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PLAYING], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("preset", Rules.presets())
def test_the_learned_bot_plays_a_whole_deal_under_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    seats = [bigtwo.make_bot("learned", 1), *(bigtwo.make_bot("greedy", n) for n in range(2, 5))]
    table = Table(rules, seats[: rules.players], end=SessionEnd(deals=1))
    table.start()  # every seat a bot: the table plays the deal to its end
    for _ in range(10):  # mode.teams: a tied deal is settled by a shootout deal first
        if not table.between_deals:
            break
        table.next_deal()
    assert table.is_over


def test_the_learned_bot_refuses_three_players_in_words() -> None:
    game = Game.deal(Rules(players=3), seed=1)
    with pytest.raises(BigTwoError, match="learned network"):
        bigtwo.make_bot("learned").choose(game.view(game.to_move), game.legal_moves())


def test_bigtwo_play_refuses_a_learned_seat_under_three_players_before_any_deal() -> None:
    done = run_cli(["play", "--players", "3", "--bots", "learned"], stdin=b"quit\n")
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1, done.err
    assert "learned network" in done.err and "Hand" not in done.out
