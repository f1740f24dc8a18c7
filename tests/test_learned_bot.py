"""The learned bot: made by name like any bot, playing the network shipped for the table's
rules (or the nearest that fits, or refusing in words), the move its network values most,
and never importing torch. Untrained networks stand in for the shipped files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bigtwo import BigTwoError, Game, Rules, make_bot
from bigtwo.bots.learned.bot import LearnedBot, network_for, shipped
from bigtwo.bots.learned.network import Network, inputs
from conftest import bots_play, untrained_network

SRC = Path(__file__).resolve().parents[1] / "src"


def test_made_by_name_beside_the_ladder() -> None:
    bot = make_bot("learned", seed=3)
    assert isinstance(bot, LearnedBot) and bot.name == "learned" and bot.network is None
    assert make_bot(" Learned ").name == "learned"


def test_it_plays_the_move_its_network_values_most() -> None:
    rules = Rules.preset("classic")
    net = untrained_network(rules, seed=4)
    bot = LearnedBot(net)
    game = Game.deal(rules, seed=2)
    for _ in range(30):
        if game.is_over:
            break
        view, legal = game.view(game.to_move), game.legal_moves()
        values = net.scores(inputs(view, legal))
        move = bot.choose(view, legal)
        assert move == legal[int(np.argmax(values))]
        game = game.play(move)


def test_it_plays_the_shipped_network_of_the_tables_rules(untrained_weights: Path) -> None:
    assert list(shipped(untrained_weights)) == ["classic", "tournament"]
    classic = Network.load(untrained_weights / "classic.npz")
    tournament = Network.load(untrained_weights / "tournament.npz")
    for preset, expected in (("classic", classic), ("tournament", tournament)):
        found = network_for(Rules.preset(preset), untrained_weights)
        assert found.meta == expected.meta
        assert all((a == b).all() for a, b in zip(found.weights, expected.weights, strict=True))
    # other rules of the same input size: the nearest shipped one (hong-kong differs from
    # classic in fewer options than from tournament)
    near = Rules.preset("hong-kong").to_dict()
    differ = {
        name: sum(1 for k, v in near.items() if k != "name" and net.meta["rules"].get(k) != v)
        for name, net in (("classic", classic), ("tournament", tournament))
    }
    nearest = min(differ, key=differ.__getitem__)
    assert differ["classic"] != differ["tournament"]
    assert network_for(Rules.preset("hong-kong"), untrained_weights).meta["preset"] == nearest
    bot = LearnedBot(folder=untrained_weights)
    assert bots_play(Rules.preset("tournament"), [bot], 1).is_over


def test_rules_no_shipped_network_reads_are_refused_in_words(
    untrained_weights: Path, tmp_path: Path
) -> None:
    three = Rules(players=3)
    with pytest.raises(BigTwoError) as caught:
        network_for(three, untrained_weights)
    words = str(caught.value)
    assert "no learned network fits these rules (custom: 598 numbers a move)" in words
    assert "the package ships classic (659), tournament (659)" in words
    assert "LearnedBot(Network.load(path))" in words
    empty = tmp_path / "none"
    with pytest.raises(BigTwoError, match="the package ships none"):
        LearnedBot(folder=empty).choose(*_position(Rules.preset("classic")))
    mine = LearnedBot(untrained_network(Rules.preset("classic")))
    with pytest.raises(BigTwoError, match=r"reads 659 numbers a move .* give 598"):
        mine.choose(*_position(three))
    with pytest.raises(BigTwoError, match="plays a Network, not str"):
        LearnedBot("classic.npz")  # type: ignore[arg-type]


def _position(rules: Rules):
    """A position offering more than one move (a lone move is played without a network)."""
    game = Game.deal(rules, seed=1)
    while len(game.legal_moves()) < 2:
        game = game.play(game.legal_moves()[0])
    return game.view(game.to_move), game.legal_moves()


def test_playing_imports_numpy_but_never_torch(untrained_weights: Path) -> None:
    code = f"""
import sys
from pathlib import Path
import bigtwo
assert "numpy" not in sys.modules  # importing the package loads no numpy
from bigtwo.bots.learned.bot import LearnedBot
from bigtwo.arena import bots_deal
rules = bigtwo.Rules.preset("tournament")
bots = [LearnedBot(folder=Path({str(untrained_weights)!r})) for _ in range(4)]
game = bots_deal(rules, bots, 1, 0)
assert game.is_over
assert "numpy" in sys.modules
heavy = ("torch", "gymnasium", "pettingzoo", "pyarrow")
print(sorted(m for m in sys.modules if m.split(".")[0] in heavy))
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_footing_measures_both_targets_on_the_same_deals() -> None:
    """One heuristic against three of the agent, and one agent against three heuristics,
    tournament rules: the heuristic's loss is its own score negated (the rules pay zero-sum)."""
    from bigtwo.evaluation import PUBLISHED_TAKE, footing

    bot = LearnedBot(untrained_network(Rules.preset("tournament"), seed=2))
    found = footing(bot, deals=3, seed=4)
    out, alone = found.outnumbered, found.alone
    assert out.policy == "heuristic" and out.opponents == ("learned",) * 3
    assert alone.policy == "learned" and alone.opponents == ("heuristic",) * 3
    assert out.rules == alone.rules == "tournament" and out.deals == alone.deals == 3
    assert [d.deal for d in out.arena.deals] == [d.deal for d in alone.arena.deals]
    for d in out.arena.deals:
        assert sum(d.mean_score) == pytest.approx(0)
    taken = found.taken
    assert taken.mean == -out.score.mean and taken.low == -out.score.high
    assert found.beats_published == (taken.low >= PUBLISHED_TAKE)
    assert found.scores_alone == (alone.score.low > 0)
    assert "one heuristic against three learned: scores" in str(found)
    assert "3 duplicate deals, tournament rules" in str(found)
