"""The research toolkit as an outside researcher meets it, from README.md and docs/rl.md
alone: `bigtwo train` (tiny runs: two steps, one evaluation deal), its resumption and
`--start-from`, the files a run writes, the exported network as the `learned` bot and as an
agent of one's own in `bigtwo arena`, `bigtwo.evaluation.footing` and `evaluate`, the
Gymnasium ids, and what a mistyped option, a missing or broken file or an `--out` that can't
be a folder is told: one line, never a traceback."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from cli_run import Outcome, run_cli

from bigtwo import BigTwoError, Game, Rules
from bigtwo.bots.learned.bot import LearnedBot
from bigtwo.bots.learned.network import Network, inputs
from bigtwo.evaluation import evaluate, footing

TINY = ["--eval-deals", "1", "--round-deals", "8", "--ladder", "random", "--seed", "3"]
"""The smallest run the options allow: a round of eight deals, one evaluation deal."""

Train = Callable[..., Outcome]


def one_line_refusal(done: Outcome, fragment: str) -> None:
    """A refusal as every command gives one: exit code 2, one line naming what was wrong."""
    assert done.code == 2, (done.code, done.out, done.err)
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bigtwo: "), done.err
    assert "Traceback" not in done.err + done.out
    assert fragment in lines[0], lines[0]


def weights(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as saved:
        return {k: saved[k] for k in saved.files if k != "meta"}


def meta(path: Path) -> dict[str, object]:
    with np.load(path) as saved:
        found: dict[str, object] = json.loads(str(saved["meta"]))
    return found


def rows(out: Path) -> list[dict[str, str]]:
    with (out / "evaluation.csv").open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def train() -> Train:
    """`bigtwo train ARGS` in this process; skipped without the train extra's torch."""
    pytest.importorskip("torch")

    def run(*args: str) -> Outcome:
        return run_cli(["train", *args])

    return run


@pytest.fixture(scope="module")
def two_steps(train: Train, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One tiny run of two steps, shared by the tests that only read what it wrote."""
    out = tmp_path_factory.mktemp("run") / "two"
    done = train(*TINY, "--steps", "2", "--out", str(out))
    assert done.code == 0, done.err
    return out


# -- bigtwo train: what a run writes ------------------------------------------------------------


def test_a_run_writes_the_four_documented_files(two_steps: Path) -> None:
    assert {p.name for p in two_steps.iterdir()} >= {
        "checkpoint.pt",
        "evaluation.csv",
        "evaluation.png",
        "network.npz",
    }
    assert (two_steps / "evaluation.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (row,) = rows(two_steps)  # one bot on the ladder, one evaluation: at the end
    assert row["step"] == "2" and row["opponent"] == "random" and row["eval_deals"] == "1"
    for column in ("samples", "deals", "minutes", "margin", "low", "high", "score", "win_rate"):
        assert column in row
    assert float(row["samples"]) == 2 * 256  # a step is a minibatch of 256 decisions


def test_the_export_is_format_1_with_how_it_was_trained(two_steps: Path) -> None:
    found = meta(two_steps / "network.npz")
    trained = found["trained"]
    assert isinstance(trained, dict)
    assert found["format"] == 1 and found["preset"] == "classic" and found["hidden"] == [128, 64]
    assert trained["steps"] == 2 and trained["seed"] == 3
    assert str(trained["command"]).startswith("bigtwo train ")
    assert trained["settings"]["lr"] == 0.001 and trained["settings"]["round_deals"] == 8
    net = Network.load(two_steps / "network.npz")
    game = Game.deal(Rules.preset("classic"), seed=1)
    moves = game.legal_moves()
    assert net.scores(inputs(game.view(game.to_move), moves)).shape == (len(moves),)


def test_the_exported_network_plays_in_the_arena_as_an_agent_of_ones_own(
    two_steps: Path, tmp_path: Path
) -> None:
    """docs/rl.md: `bigtwo arena --bot mine.py:make_bot`, ``make_bot(seed)`` returning
    ``LearnedBot(Network.load(...))``."""
    mine = tmp_path / "mine.py"
    mine.write_text(
        "from bigtwo.bots.learned.bot import LearnedBot\n"
        "from bigtwo.bots.learned.network import Network\n"
        "def make_bot(seed):\n"
        f"    return LearnedBot(Network.load({str(two_steps / 'network.npz')!r}))\n"
    )
    line = ["--bot", f"{mine}:make_bot", "--deals", "1", "--workers", "1"]
    done = run_cli(["arena", *line, "--out", str(tmp_path / "arena")])
    assert done.code == 0, done.err
    assert "mine.py:make_bot − heuristic" in done.out
    assert (tmp_path / "arena" / "arena.json").is_file()


# -- resumption ---------------------------------------------------------------------------------


def test_a_run_resumed_halfway_ends_with_the_weights_of_one_run_through(
    train: Train, tmp_path: Path
) -> None:
    assert train(*TINY, "--steps", "4", "--out", str(tmp_path / "whole")).code == 0
    assert train(*TINY, "--steps", "2", "--out", str(tmp_path / "halves")).code == 0
    resumed = train("--resume", "--steps", "4", "--out", str(tmp_path / "halves"))
    assert resumed.code == 0, resumed.err
    assert "at step 2 (classic rules, seed 3)" in " ".join(resumed.out.split())
    whole, halves = (
        weights(tmp_path / "whole/network.npz"),
        weights(tmp_path / "halves/network.npz"),
    )
    assert whole.keys() == halves.keys()
    assert all(np.array_equal(whole[k], halves[k]) for k in whole)
    assert meta(tmp_path / "halves/network.npz")["trained"]["steps"] == 4  # type: ignore[index]


def test_a_resumed_run_keeps_the_last_sittings_evaluation(train: Train, tmp_path: Path) -> None:
    """Every sitting ends with an evaluation, and the checkpoint holds the evaluations: the next
    sitting's evaluation.csv keeps it (it was written, then dropped at the next sitting)."""
    out = str(tmp_path / "run")
    assert train(*TINY, "--steps", "2", "--out", out).code == 0
    first = rows(tmp_path / "run")
    assert train("--resume", "--steps", "3", "--out", out).code == 0
    after = rows(tmp_path / "run")
    assert [r["step"] for r in after] == ["2", "3"]
    assert after[0] == first[0]


def test_resuming_a_run_already_at_its_steps_adds_no_evaluation(
    train: Train, tmp_path: Path
) -> None:
    out = str(tmp_path / "run")
    assert train(*TINY, "--steps", "2", "--out", out).code == 0
    assert train("--resume", "--steps", "2", "--out", out).code == 0
    assert [r["step"] for r in rows(tmp_path / "run")] == ["2"]


@pytest.mark.parametrize(
    ("option", "value", "kept"),
    [("--seed", "4", "3"), ("--lr", "0.01", "0.001"), ("--rules", "tournament", "classic")],
)
def test_resume_refuses_a_setting_other_than_the_runs_own(
    two_steps: Path, train: Train, option: str, value: str, kept: str
) -> None:
    done = train("--resume", "--steps", "3", option, value, "--out", str(two_steps))
    one_line_refusal(done, f"{option} is {kept} there, not {value}")


def test_resume_takes_a_setting_typed_as_the_run_has_it(train: Train, tmp_path: Path) -> None:
    out = str(tmp_path / "run")
    assert train(*TINY, "--steps", "1", "--out", out).code == 0
    again = train(*TINY, "--resume", "--steps", "2", "--out", out)
    assert again.code == 0, again.err
    assert rows(tmp_path / "run")[-1]["step"] == "2"


# -- --start-from and --hidden ------------------------------------------------------------------


def test_start_from_a_network_file_grown_by_hidden(train: Train, tmp_path: Path) -> None:
    start = tmp_path / "small.npz"
    Network.random(Rules.preset("classic"), hidden=(8,)).save(start)
    out = tmp_path / "grown"
    done = train(
        *TINY, "--steps", "1", "--start-from", str(start), "--hidden", "16,8", "--out", str(out)
    )
    assert done.code == 0, done.err
    found = meta(out / "network.npz")
    assert found["hidden"] == [16, 8]
    assert found["trained"]["started_from"] == {  # type: ignore[index]
        "file": "small.npz",
        "steps": 0,
        "grown_to": [16, 8],
    }


# -- bad input: one line, never a traceback ------------------------------------------------------

BAD: list[tuple[list[str], str]] = [
    (["--out", "{tmp}/a-file", "--steps", "1"], "is a file; name a folder"),
    (["--out", "{tmp}/run"], "say how long to train"),
    (["--out", "{tmp}/run", "--minutes", "0"], "--minutes must be a number above 0"),
    (["--out", "{tmp}/run", "--minutes", "nan"], "--minutes must be a number above 0"),
    (["--out", "{tmp}/run", "--steps", "0"], "--steps must be between 1"),
    (["--out", "{tmp}/run", "--steps", "1", "--rules", "nosuch"], "no rule set called 'nosuch'"),
    (["--out", "{tmp}/run", "--steps", "1", "--held", "4"], "--held takes seat counts from 1 to 3"),
    (["--out", "{tmp}/run", "--steps", "1", "--self-share", "1.5"], "--self-share must be"),
    (["--out", "{tmp}/run", "--steps", "1", "--ladder", "nosuch"], "no bot called 'nosuch'"),
    (["--out", "{tmp}/run", "--steps", "1", "--opponents", ","], "--opponents names no bot"),
    (["--out", "{tmp}/run", "--steps", "1", "--hidden", "0"], "--hidden takes 1 to 8 layer"),
    (["--out", "{tmp}/run", "--steps", "1", "--lr", "0"], "--lr must be a number above 0"),
    (["--out", "{tmp}/run", "--steps", "1", "--round-deals", "1"], "--round-deals must be"),
    (["--out", "{tmp}/run", "--steps", "1", "--workers", "0"], "--workers must be between"),
    (["--out", "{tmp}/run", "--steps", "1", "--ray", "nonsense"], "is not a Ray address"),
    (["--out", "{tmp}/run", "--steps", "1", "--players", "3"], "No such option: --players"),
    (["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/gone.npz"], "no such file"),
    (["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/a-file"], "not a learned bot"),
    (["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/no-meta.npz"], "has no meta"),
    (
        ["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/three.npz", "-r", "classic"],
        "reads 598",
    ),
    (["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/three.npz"], "name them with"),
    (
        ["--out", "{tmp}/run", "--steps", "1", "--start-from", "{tmp}/wide.npz", "--hidden", "8"],
        "grows only wider and deeper",
    ),
    (["--out", "{tmp}/empty", "--steps", "1", "--resume"], "nothing to resume"),
    (["--out", "{tmp}/broken", "--steps", "1", "--resume"], "is not a checkpoint"),
]


@pytest.mark.parametrize(("args", "fragment"), BAD, ids=[f for _, f in BAD])
def test_a_bad_option_or_file_is_refused_in_one_line(
    train: Train, tmp_path: Path, args: list[str], fragment: str
) -> None:
    (tmp_path / "a-file").write_text("not a network, not a folder")
    np.savez(tmp_path / "no-meta.npz", w0=np.zeros((1, 1), np.float32))
    Network.random(Rules(players=3), hidden=(4,)).save(tmp_path / "three.npz")
    Network.random(Rules.preset("classic"), hidden=(16,)).save(tmp_path / "wide.npz")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "checkpoint.pt").write_bytes(b"cut short")
    done = train(*TINY, *(a.replace("{tmp}", str(tmp_path)) for a in args))
    one_line_refusal(done, fragment)
    assert not (tmp_path / "run" / "checkpoint.pt").exists()  # refused before any training


def test_an_empty_out_writes_nothing_into_the_working_folder(
    train: Train, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty --out (an unset shell variable) meant the working folder, where a run's and an
    arena's files landed unasked."""
    monkeypatch.chdir(tmp_path)
    one_line_refusal(train(*TINY, "--steps", "1", "--out", ""), "names no folder")
    one_line_refusal(
        run_cli(["arena", "--bots", "random,greedy", "--deals", "1", "--out", ""]),
        "names no folder",
    )
    assert list(tmp_path.iterdir()) == []
    left_out = run_cli(["arena", "--bots", "random,greedy", "--deals", "1", "--workers", "1"])
    assert left_out.code == 0, left_out.err  # the default folder, as before
    assert [p.name for p in tmp_path.iterdir()] == ["arena-results"]


# -- the learned bot in the arena, and footing ---------------------------------------------------


def test_the_learned_bot_plays_in_the_arena_by_name(tmp_path: Path) -> None:
    line = ["--bots", "learned,heuristic", "--rules", "tournament", "--deals", "1"]
    done = run_cli(["arena", *line, "--workers", "1", "--out", str(tmp_path)])
    assert done.code == 0, done.err
    assert "learned − heuristic" in done.out or "heuristic − learned" in done.out
    summary = json.loads((tmp_path / "arena.json").read_text())
    assert summary["config"]["rules"] == "tournament"


def test_footing_on_few_deals_gives_both_measures_and_their_verdicts() -> None:
    found = footing(agent="random", deals=2, rules="tournament", seed=5)
    assert found.alone.deals == 2 and found.alone.rules == "tournament"
    assert found.beats_published == (found.taken.low >= 1.9)
    assert found.scores_alone == (found.alone.score.low > 0)
    text = str(found)
    assert "one heuristic against three random" in text
    assert "one random against three heuristics" in text
    assert f"{-found.taken.mean:+.2f}" in text  # the heuristic's points are what it loses


@pytest.mark.parametrize(
    ("keywords", "fragment"),
    [
        ({"seed": "1"}, "seed must be a whole number"),
        ({"seed": None}, "seed must be a whole number"),
        ({"seed": 1.5}, "not 1.5"),  # it named a number derived from 1.5
        ({"seed": 2**64}, "seed must be a whole number"),
        ({"workers": "2"}, "workers is a whole number"),
        ({"deals": 0}, "at least 1"),
        ({"rules": "nosuch"}, "no rule set called 'nosuch'"),
        ({"agent": "nosuch"}, "no bot called 'nosuch'"),
    ],
)
def test_footing_refuses_bad_arguments_in_words(keywords: dict[str, object], fragment: str) -> None:
    with pytest.raises(BigTwoError, match=fragment):
        footing(**{"agent": "random", "deals": 1, **keywords})  # type: ignore[arg-type]


def test_evaluate_refuses_a_seed_that_is_not_a_whole_number_in_words() -> None:
    with pytest.raises(BigTwoError, match="seed must be a whole number"):
        evaluate("random", "random", 1, seed="x")  # type: ignore[arg-type]


# -- the pages' examples, as written --------------------------------------------------------------


def test_the_network_example_runs_as_written(tmp_path: Path) -> None:
    Network.random(Rules.preset("tournament"), hidden=(256, 256)).save(tmp_path / "my.npz")
    net = Network.load(tmp_path / "my.npz")
    bot = LearnedBot(net)
    game = Game.deal(Rules.preset("tournament"), seed=1)
    view, moves = game.view(game.to_move), game.legal_moves()
    x = inputs(view, moves)
    assert x.dtype == np.float32 and x.shape == (len(moves), 659)
    assert net.scores(x).shape == (len(moves),)
    assert bot.choose(view, moves) in moves
    result = evaluate(LearnedBot(net), "heuristic", deals=2, rules="tournament", seed=1)
    assert str(result).startswith("policy vs 3 × heuristic: ")


def test_the_evaluate_example_runs_as_written() -> None:
    result = evaluate(lambda view, moves: moves[-1], "heuristic", deals=3, rules="classic", seed=1)
    assert "points a deal" in str(result) and "95%" in str(result)
    assert result.margin.low <= result.margin.mean <= result.margin.high
    assert abs(result.score.mean - result.margin.mean * 3 / 4) < 1e-9  # zero-sum, four seats
    assert 0 <= result.win_rate <= 1 and len(result.per_deal) == 3
    assert result.to_dict()["deals"] == 3 and "margins" in result.arena.summary()


def test_a_preset_id_refuses_other_rules_as_the_page_says() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    import bigtwo.env  # noqa: F401  (registers the ids)

    with pytest.raises(BigTwoError, match="BigTwoPresident-v0 plays the president rules, not"):
        gymnasium.make("bigtwo/BigTwoPresident-v0", rules="classic")
    env = gymnasium.make("bigtwo.env:bigtwo/BigTwo-v0", rules="tournament", opponents="greedy")
    _, info = env.reset(seed=1)
    assert {"seat", "decision", "hand", "to_beat", "moves", "illegal_action"} <= set(info)
    env.close()


def test_make_vec_builds_the_vector_environment_as_written() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from bigtwo.env import VectorBigTwo

    vec = gymnasium.make_vec("bigtwo/BigTwoClassic-v0", num_envs=16, workers=2, opponents="greedy")
    try:
        assert isinstance(vec, VectorBigTwo)
        obs, _ = vec.reset(seed=1)
        assert obs["observation"].shape == (16, 524)
        actions = np.array([np.flatnonzero(row)[0] for row in vec.action_masks()])
        _, rewards, *_ = vec.step(actions)
        assert rewards.shape == (16,)
    finally:
        vec.close()
