"""`bigtwo simulate` and the arena play their deals through the table; a seeded run gives the
same games it gave when they drove `Game` themselves (`tests/golden/bot-games.json` holds the
numbers recorded from that code), so moving turn order into the table changed no result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bigtwo.arena import ArenaConfig, play_deal
from bigtwo.cli.simulate import simulate
from bigtwo.rules.config import Rules

GOLDEN = json.loads(Path(__file__).with_name("golden").joinpath("bot-games.json").read_text())
LINEUP = ["random", "greedy", "heuristic", "greedy"]
HOUSE_RULES: dict[str, dict[str, Any]] = {
    "classic": {},
    "president": {"mode": "president"},
    "teams": {"mode": "teams"},
    "bombs": {"out_of_turn_bombs": True, "smackdown": True},
    "announce": {"announce": "one-card"},
    "race": {"direction": "race"},
}


@pytest.mark.parametrize("key", list(HOUSE_RULES))
def test_a_seeded_simulation_plays_the_games_it_played_before(key: str) -> None:
    rules = Rules.preset("classic").replace(**HOUSE_RULES[key])
    tallies, undecided = simulate(rules, LINEUP, 12, 5)
    got = [[t.scores, t.wins] for t in tallies] + [undecided]
    assert got == GOLDEN[key]


def test_a_seeded_arena_plays_the_games_it_played_before() -> None:
    config = ArenaConfig(bots=("random", "greedy", "heuristic"), deals=3, seed=2, workers=1)
    got = [
        [list(d.mean_score), list(d.wins), list(d.seats)]
        for d in map(lambda i: play_deal(config, i), range(3))
    ]
    assert got == GOLDEN["arena"]
