"""Decision datasets (``bigtwo simulate --dataset``, ``bigtwo arena --dataset``): a row for
every choice a bot makes, replayed against the deal it came from: the mask offers what the
seat could do, the action is the move that was played, the observation holds the seat's own
hand and no card another seat hid, and the outcome is the deal's."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from bigtwo import BigTwoError, Game, Rules
from bigtwo.arena import ArenaConfig, run_arena
from bigtwo.cli.app import app
from bigtwo.cli.simulate import simulate
from bigtwo.env.dataset import DecisionRecorder, dense_masks, load
from bigtwo.table import SessionEnd, Table

CLASSIC = Rules.preset("classic")
LINEUP = ["heuristic", "greedy", "random", "medium"]


def dealt(rules: Rules, seed: int, deal: int) -> Game:
    """Deal ``deal`` of the session seeded with ``seed``, as dealt (what `bots_deal` plays)."""
    table = Table(rules, [None] * rules.players, seed=seed, end=SessionEnd(deals=1), skip=deal)
    table.start()
    assert table.dealt is not None
    return table.dealt


def hidden_from(game: Game, seat: int) -> int:
    """The cards other seats hold that ``seat`` may not know (the lead card is public)."""
    hidden = 0
    for other, hand in enumerate(game.hands):
        hidden |= hand if other != seat else 0
    return hidden & ~(0 if game.lead_card is None else 1 << game.lead_card)


def test_simulate_writes_a_row_for_every_decision_that_replays_the_deal(tmp_path: Path) -> None:
    path = tmp_path / "decisions.parquet"
    recorder = DecisionRecorder(CLASSIC, path)
    tallies, _ = simulate(CLASSIC, LINEUP, 4, 5, recorder=recorder)
    written = recorder.close()
    data = load(path)
    codec, layout = recorder.codec, recorder.layout
    assert written == len(data["action"]) > 100
    assert int(data["actions"]) == codec.size
    assert list(np.unique(data["deal"])) == [0, 1, 2, 3]
    for deal in range(4):
        rows = np.flatnonzero(data["deal"] == deal)
        game = dealt(CLASSIC, 5, deal)
        for k, row in enumerate(rows):
            assert not game.is_over, "more rows than decisions"
            seat = int(data["seat"][row])
            assert seat == game.to_move  # classic rules: every decision is a turn
            assert data["bot"][row] == LINEUP[seat]
            start, stop = data["legal_offsets"][row], data["legal_offsets"][row + 1]
            legal = data["legal"][start:stop]
            _, found = codec.mask(game.moves(seat))
            assert sorted(legal.tolist()) == sorted(found)
            action = int(data["action"][row])
            assert action in legal
            fields = layout.decode(data["observation"][row])
            assert fields["hand"] == game.hands[seat]
            hidden = hidden_from(game, seat)
            for name, value in fields.items():
                if isinstance(value, int) and name != "hand":
                    assert not value & hidden, (name, deal, k)
            game = game.play(found[action], seat=seat)
        assert game.is_over, "fewer rows than decisions"
        assert game.scores is not None
        for row in rows:
            seat = int(data["seat"][row])
            assert data["score"][row] == game.scores[seat]
            assert bool(data["won"][row]) == (game.winner == seat)
        for seat, tally in enumerate(tallies):
            assert tally.scores[deal] == game.scores[seat]


def test_dense_masks_set_the_offered_indices() -> None:
    recorder = DecisionRecorder(CLASSIC)
    simulate(CLASSIC, ["greedy", "random"] * 2, 1, 9, recorder=recorder)
    data = recorder.rows()
    masks = dense_masks(data, [0, 3])
    for k, row in enumerate([0, 3]):
        offsets = data["legal_offsets"]
        expected = np.zeros(codec_size := int(data["actions"]), np.int8)
        expected[data["legal"][offsets[row] : offsets[row + 1]]] = 1
        assert masks.shape[1] == codec_size
        assert (masks[k] == expected).all()
        assert masks[k][data["action"][row]] == 1


def test_the_arena_records_every_line_up_and_plays_as_without(tmp_path: Path) -> None:
    config = ArenaConfig(("greedy", "random"), 2, "classic", 3, 1)
    recorder = DecisionRecorder(CLASSIC)
    recorded = run_arena(config, recorder=recorder)
    assert recorded.summary() == run_arena(config).summary()
    data = recorder.rows()
    assert set(data["bot"]) == {"greedy", "random"}
    assert len(np.unique(data["game"])) == 4  # two deals, each in two line-ups
    offsets = data["legal_offsets"]
    for row, action in enumerate(data["action"]):
        assert action in data["legal"][offsets[row] : offsets[row + 1]]
    for game in np.unique(data["game"]):
        rows = data["game"] == game
        assert data["won"][rows].any() or (data["score"][rows] == 0).all()


def test_the_commands_write_a_dataset(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "sim.parquet"
    result = runner.invoke(app, ["simulate", "--games", "3", "--seed", "1", "--dataset", str(path)])
    assert result.exit_code == 0, result.output
    rows = len(load(path)["action"])
    assert f"{rows} decisions written to" in result.output
    path = tmp_path / "arena.parquet"
    args = ["arena", "--bots", "greedy,random", "--deals", "2", "--out", str(tmp_path / "out")]
    result = runner.invoke(app, [*args, "--dataset", str(path)])
    assert result.exit_code == 0, result.output
    assert len(np.unique(load(path)["game"])) == 4


def test_the_commands_refuse_a_dataset_without_the_rl_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed
    path = tmp_path / "sim.parquet"
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--dataset", str(path)])
    assert result.exit_code == 2
    assert "--dataset needs pyarrow: install the 'rl' extra" in result.output
    assert not path.exists()


@pytest.mark.parametrize("preset", ["classic", "president"])
def test_each_seat_s_decisions_of_a_deal_are_an_episode_for_offline_rl(
    tmp_path: Path, preset: str
) -> None:
    rules = Rules.preset(preset)
    path = tmp_path / "episodes.parquet"
    recorder = DecisionRecorder(rules, path)
    tallies, _ = simulate(rules, LINEUP, 3, 11, recorder=recorder)
    recorder.close()
    data = load(path)
    assert data["next_observation"].shape == data["observation"].shape
    zeros = np.zeros(data["observation"].shape[1], np.float32)
    for deal in range(3):
        for seat in range(rules.players):
            rows = np.flatnonzero((data["deal"] == deal) & (data["seat"] == seat))
            assert len(rows) > 0
            for row, after in itertools.pairwise(rows):
                assert (data["next_observation"][row] == data["observation"][after]).all()
                assert not data["done"][row] and data["reward"][row] == 0.0
            last = rows[-1]
            assert data["done"][last]
            assert (data["next_observation"][last] == zeros).all()
            assert data["reward"][rows].sum() == tallies[seat].scores[deal]
    assert int(data["done"].sum()) == 3 * rules.players


def test_a_version_1_dataset_still_loads(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    path = tmp_path / "v2.parquet"
    recorder = DecisionRecorder(CLASSIC, path)
    simulate(CLASSIC, LINEUP, 1, 3, recorder=recorder)
    recorder.close()
    table = pq.read_table(path).drop_columns(["next_observation", "reward", "done"])
    meta = {**table.schema.metadata, b"format": b"bigtwo-decisions/1"}
    pq.write_table(table.replace_schema_metadata(meta), old := tmp_path / "v1.parquet")
    data, before = load(old), load(path)
    assert "next_observation" not in data and "done" not in data
    assert (data["observation"] == before["observation"]).all()
    assert (data["action"] == before["action"]).all()
    other = tmp_path / "other.parquet"
    pq.write_table(table.replace_schema_metadata({b"format": b"other/9"}), other)
    with pytest.raises(BigTwoError, match="is not a decision dataset"):
        load(other)
