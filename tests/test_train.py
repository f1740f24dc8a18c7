"""`bigtwo train`: the learner learns, a checkpoint resumes to the very same state, a seeded run
reproduces itself, evaluations land in the CSV, the export is the network the numpy side
scores, and bad options are refused in one line."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

torch = pytest.importorskip("torch")

from bigtwo import Game  # noqa: E402
from bigtwo.bots.learned.network import Network, input_size, inputs  # noqa: E402
from bigtwo.cli.app import app  # noqa: E402
from bigtwo.rules.config import Rules  # noqa: E402
from bigtwo.train.model import ValueNet, from_network, loss, to_layers  # noqa: E402
from bigtwo.train.selfplay import Samples, Scorer, collect, imitate  # noqa: E402
from bigtwo.train.trainer import TrainConfig, Trainer  # noqa: E402

CLASSIC = Rules.preset("classic")
SMALL = TrainConfig(
    rules="classic",
    seed=5,
    hidden=(16,),
    batch=32,
    round_deals=8,
    warm_rounds=1,
    pool_every=3,
    eval_every=10**6,
    eval_deals=1,
    ladder=("random",),
)


def state(trainer: Trainer) -> dict[str, torch.Tensor]:
    return {k: v.clone() for k, v in trainer.model.state_dict().items()}


def same(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> bool:
    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def test_loss_goes_down_on_a_fixed_batch() -> None:
    batch = Samples(**imitate(CLASSIC.to_dict(), 1, 1))
    torch.manual_seed(0)
    model = ValueNet(input_size(CLASSIC), (32,))
    optimiser = torch.optim.Adam(model.parameters(), lr=3e-3)
    first = loss(model, batch).item()
    for _ in range(25):
        value = loss(model, batch)
        optimiser.zero_grad()
        value.backward()
        optimiser.step()
    assert loss(model, batch).item() < 0.7 * first


def test_collection_is_a_plain_seeded_function() -> None:
    torch.manual_seed(0)
    layers = to_layers(ValueNet(input_size(CLASSIC), (8,)))
    a = collect([layers, layers], CLASSIC.to_dict(), 11, 2)
    b = collect([layers, layers], CLASSIC.to_dict(), 11, 2)
    assert a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    assert len(a["target"]) > 0 and a["moves"].shape[1] == 1
    # a deal's points are whole numbers, the same for every decision a seat made in it
    assert np.array_equal(a["target"], np.round(a["target"]))


def test_checkpoint_resumes_to_the_same_state(tmp_path: Path) -> None:
    whole = Trainer.open(tmp_path / "whole", SMALL, resume=False)
    whole.train(8, None)
    half = Trainer.open(tmp_path / "half", SMALL, resume=False)
    half.train(4, None)
    assert not same(state(half), state(whole))
    resumed = Trainer.open(tmp_path / "half", replace(SMALL, seed=99), resume=True)
    assert resumed.config.seed == 5  # the run's own settings, not the new ones
    resumed.train(8, None)
    assert resumed.counters.step == whole.counters.step == 8
    assert resumed.counters.samples == whole.counters.samples
    assert same(state(resumed), state(whole))
    opt_a, opt_b = resumed.optimiser.state_dict(), whole.optimiser.state_dict()
    for k in opt_a["state"]:
        assert torch.equal(opt_a["state"][k]["exp_avg"], opt_b["state"][k]["exp_avg"])
    assert len(resumed.pool) == len(whole.pool) == 2


def test_no_past_selves_means_none_are_kept(tmp_path: Path) -> None:
    config = replace(SMALL, warm_rounds=0, pool_size=0, pool_every=1)
    run = Trainer.open(tmp_path / "run", config, resume=False)
    run.train(4, None)
    assert run.pool == [] and len(run._players()) == 1  # the deals meet the bots alone
    # a checkpoint that kept past selves it was told not to keep resumes without them
    run.pool = [to_layers(run.model)] * 3
    run.ahead = [to_layers(run.model)] * 4  # the round ahead's players: the network, then those
    run.save()
    loaded = Trainer.load(tmp_path / "run")
    assert loaded.pool == [] and loaded.ahead is not None and len(loaded.ahead) == 1
    kept = Trainer.open(tmp_path / "two", replace(config, pool_size=2), resume=False)
    kept.train(4, None)
    assert len(kept.pool) == 2


def test_past_selves_can_be_drawn_from_the_whole_run(tmp_path: Path) -> None:
    config = replace(SMALL, warm_rounds=0, pool_size=2, pool_every=1, pool_whole=True)
    seen: list[list[tuple[np.ndarray, np.ndarray]]] = []
    run = Trainer.open(tmp_path / "run", config, resume=False)
    run.train(12, None, on_step=lambda t: seen.append(to_layers(t.model)))

    def step_of(layers: list[tuple[np.ndarray, np.ndarray]]) -> int:
        return next(i for i, s in enumerate(seen) if np.array_equal(s[0][0], layers[0][0]))

    kept = sorted(step_of(layers) for layers in run.pool)
    assert len(kept) == 2 and kept[0] < len(seen) - 2  # not only the newest two
    half = Trainer.open(tmp_path / "half", config, resume=False)
    half.train(6, None)
    resumed = Trainer.load(tmp_path / "half")
    resumed.train(12, None)
    assert [step_of(layers) for layers in resumed.pool] == [step_of(lay) for lay in run.pool]
    assert same(state(resumed), state(run))


def test_a_whole_run_s_past_selves_are_drawn_evenly(tmp_path: Path) -> None:
    """Reservoir sampling: of ten snapshots (one every 5 steps), each is among the 3 kept
    with chance 3/10, over 600 runs' draws."""
    run = Trainer.open(
        tmp_path / "run", replace(SMALL, pool_size=3, pool_every=5, pool_whole=True), resume=False
    )
    kept = np.zeros(10)
    for trial in range(600):
        run.rng, run.pool = np.random.default_rng(trial), []
        for n in range(1, 11):
            run.counters.step = 5 * n
            before = {id(layers) for layers in run.pool}
            run.keep_past_self()
            for layers in run.pool:
                if id(layers) not in before:
                    layers.append((np.array(n), np.array(n)))  # tagged with its snapshot
        for layers in run.pool:
            kept[int(layers[-1][0]) - 1] += 1
    assert np.all(np.abs(kept / 600 - 0.3) < 0.07), kept / 600  # 3.7 standard deviations


def test_a_seeded_run_reproduces_itself(tmp_path: Path) -> None:
    runs = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6), ("d", -6)):
        trainer = Trainer.open(tmp_path / name, replace(SMALL, seed=seed), resume=False)
        trainer.train(3, None)
        runs.append(state(trainer))
    assert same(runs[0], runs[1])
    assert not same(runs[0], runs[2]) and not same(runs[2], runs[3])


def test_evaluations_are_written_to_csv(tmp_path: Path) -> None:
    trainer = Trainer.open(tmp_path, replace(SMALL, eval_every=2, eval_deals=2), resume=False)
    trainer.train(4, None)
    with (tmp_path / "evaluation.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["step"], r["opponent"], r["eval_deals"]) for r in rows] == [
        ("2", "random", "2"),
        ("4", "random", "2"),
    ]
    assert all(float(r["low"]) <= float(r["margin"]) <= float(r["high"]) for r in rows)


def test_export_is_the_network_the_play_side_scores(tmp_path: Path) -> None:
    trainer = Trainer.open(tmp_path, SMALL, resume=False)
    trainer.train(2, None)
    path = trainer.export(tmp_path / "net.npz", "bigtwo train")
    net = Network.load(path)
    assert net.hidden == (16,) and net.meta["preset"] == "classic" and net.rules == CLASSIC
    assert net.meta["trained"]["steps"] == 2 and net.meta["trained"]["command"] == "bigtwo train"
    game = Game.deal(CLASSIC, seed=4)
    view, moves = game.view(game.to_move), game.legal_moves()
    x = torch.from_numpy(inputs(view, moves))
    with torch.no_grad():
        expected = trainer.model(x).numpy()
        back = from_network(net)(x).numpy()
    np.testing.assert_allclose(net.scores(x.numpy()), expected, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(back, expected, rtol=1e-5, atol=1e-5)
    # self-play's split first layer scores as the network does
    obs, rows = x.numpy()[0, : -rows_size()], x.numpy()[:, -rows_size() :]
    scorer = Scorer(list(zip(net.weights, net.biases, strict=True)), obs.size)
    found = scorer.values(obs, rows)
    np.testing.assert_allclose(found, net.scores(x.numpy()), rtol=1e-4, atol=1e-4)


def rows_size() -> int:
    from bigtwo.features import MoveLayout

    return MoveLayout(CLASSIC).size


runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "say how long to train: --minutes, --steps or both"),
        (["--steps", "0"], "--steps must be between 1"),
        (["--minutes", "-1"], "--minutes must be a number above 0"),
        (["--steps", "5", "--rules", "nope"], "no rule set called 'nope'"),
        (["--steps", "5", "--workers", "0"], "--workers must be between 1"),
        (["--steps", "5", "--eval-every", "0"], "--eval-every must be at least 1"),
        (["--steps", "5", "--ladder", "genius"], "no bot called 'genius'"),
        (["--steps", "5", "--ladder", " , "], "--ladder names no bot"),
        (["--steps", "5", "--ladder", "random,Random"], "--ladder names random twice"),
        (["--steps", "5", "--resume"], "nothing to resume"),
        (["--steps", "5", "--warm-rounds", "-2"], "--warm-rounds must be 0 or more"),
        (["--steps", "5", "--self-share", "1.5"], "--self-share must be between 0 and 1"),
        (["--steps", "5", "--self-share", "nan"], "--self-share must be between 0 and 1"),
        (["--steps", "5", "--opponents", "genius"], "no bot called 'genius'"),
        (["--steps", "5", "--opponents", ","], "--opponents names no bot"),
        (["--steps", "5", "--held", "4"], "--held takes seat counts from 1 to 3"),
        (["--steps", "5", "--held", "one"], "--held takes seat counts from 1 to 3"),
        (["--steps", "5", "--held", ""], "--held takes seat counts from 1 to 3"),
        (["--steps", "5", "--past-selves", "-1"], "--past-selves must be between 0"),
        (["--steps", "5", "--past-selves-from", "all"], "--past-selves-from takes recent or whole"),
        (["--steps", "5", "--lr", "0"], "--lr must be a number above 0"),
        (["--steps", "5", "--lr", "inf"], "--lr must be a number above 0"),
        (["--steps", "5", "--round-deals", "7"], "--round-deals must be between 8"),
        (["--steps", "5", "--start-from", "nowhere.npz"], "--start-from nowhere.npz: no such"),
        (["--steps", "5", "--hidden", "64,,32"], "--hidden takes 1 to 8 layer widths"),
        (["--steps", "5", "--hidden", "0"], "--hidden takes 1 to 8 layer widths"),
        (["--steps", "5", "--hidden", "9999"], "--hidden takes 1 to 8 layer widths"),
    ],
)
def test_bad_options_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["train", "--out", str(tmp_path / "run"), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert len([line for line in result.output.splitlines() if line.startswith("bigtwo:")]) == 1


def test_out_holding_a_run_or_a_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["train", "--steps", "1", "--out", str(tmp_path / "file")])
    assert result.exit_code == 2 and "is a file" in result.output
    trained: list[int] = []
    monkeypatch.setattr(Trainer, "train", lambda *a, **k: trained.append(1))
    result = runner.invoke(app, ["train", "--steps", "1", "--out", str(tmp_path / "file" / "x")])
    assert result.exit_code == 2 and "Not a directory" in result.output, result.output
    assert "Traceback" not in result.output
    assert not trained  # refused before training, not when saving after it
    monkeypatch.undo()
    Trainer.open(tmp_path / "run", SMALL, resume=False).save()
    result = runner.invoke(app, ["train", "--steps", "1", "--out", str(tmp_path / "run")])
    assert result.exit_code == 2 and "holds a run already" in result.output
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "checkpoint.pt").write_bytes(b"not a checkpoint")
    result = runner.invoke(app, ["train", "--steps", "2", "--resume", "-o", str(tmp_path / "bad")])
    assert result.exit_code == 2 and "is not a checkpoint" in result.output, result.output


def test_a_short_run_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["train", "--steps", "2", "--warm-rounds", "1", "--eval-deals", "1", "--ladder"]
    result = runner.invoke(app, [*args, "random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 steps" in result.output and "vs 3 × random" in result.output
    assert {p.name for p in out.iterdir()} >= {"checkpoint.pt", "evaluation.csv", "network.npz"}
    result = runner.invoke(app, [*args, "random", "--out", str(out), "--resume", "--steps", "3"])
    assert result.exit_code == 0, result.output
    assert "resuming" in result.output and "3 steps" in result.output


def test_a_resumed_run_refuses_settings_other_than_its_own(tmp_path: Path) -> None:
    """They would not be used, and the network's meta would name a command it didn't follow;
    its meta names the settings it did follow."""
    out = tmp_path / "run"
    args = ["train", "--eval-deals", "1", "--ladder", "random", "--lr", "3e-4", "--out", str(out)]
    assert runner.invoke(app, [*args, "--steps", "1"]).exit_code == 0
    resume = ["train", "--out", str(out), "--resume", "--steps", "2"]
    for other in (
        ["--lr", "0.5"],
        ["--rules", "tournament"],
        ["--hidden", "512"],
        ["--eval-every", "5"],
        ["--ladder", "greedy"],
        ["--ahead"],
    ):
        result = runner.invoke(app, [*resume, *other])
        assert result.exit_code == 2, result.output
        assert "--resume carries on" in result.output and f"{other[0]} is" in result.output
    ahead = runner.invoke(app, [*resume, "--ahead"]).output
    assert "--ahead is off there, not on" in " ".join(ahead.split()), ahead
    assert Trainer.load(out).counters.step == 1  # nothing was trained
    result = runner.invoke(app, [*args, "--steps", "2", "--resume", "--workers", "1"])
    assert result.exit_code == 0, result.output  # its own settings typed again, and a sitting's
    settings = Network.load(out / "network.npz").meta["trained"]["settings"]
    assert (
        settings["lr"] == 3e-4 and settings["ladder"] == ["random"] and "start_from" not in settings
    )


def test_the_mix_of_deals_is_chosen_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["train", "--steps", "1", "--eval-deals", "1", "--ladder", "random", "--out", str(out)]
    mix = ["--opponents", "Random, easy", "--self-share", "0"]
    result = runner.invoke(app, [*args, *mix])
    assert result.exit_code == 0, result.output
    config = Trainer.load(out).config
    assert config.opponents == ("random", "easy") and config.self_share == 0
    more = ["--held", "3,1", "--past-selves", "0", "--round-deals", "16", "--lr", "3e-4", "--ahead"]
    more += ["--past-selves-from", "whole"]
    result = runner.invoke(app, [*args[:-1], str(tmp_path / "more"), *mix, *more])
    assert result.exit_code == 0, result.output
    config = Trainer.load(tmp_path / "more").config
    assert (config.held, config.pool_size, config.round_deals) == ((3, 1), 0, 16)
    assert config.pool_whole and not Trainer.load(out).config.pool_whole
    again = [*args[:-1], str(tmp_path / "more"), "--resume", "--past-selves-from", "recent"]
    result = runner.invoke(app, again)
    assert result.exit_code != 0
    assert "--past-selves-from is whole there, not recent" in result.output
    assert config.lr == 3e-4 and config.ahead and not Trainer.load(out).config.ahead


def test_the_network_holds_as_many_seats_as_held_says(monkeypatch: pytest.MonkeyPatch) -> None:
    from bigtwo.train import selfplay

    torch.manual_seed(0)
    layers = to_layers(ValueNet(input_size(CLASSIC), (8,)))
    noted: list[int] = []
    note = selfplay._Notes.note

    def spy(self: selfplay._Notes, seat: int, *args: object) -> None:
        noted.append(seat)
        note(self, seat, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(selfplay._Notes, "note", spy)
    for held in (1, 3):
        noted.clear()
        # no past selves: the seats it does not hold are the bot's, whose moves are no samples
        found = Samples(**collect([layers], CLASSIC.to_dict(), 3, 1, self_share=0, held=(held,)))
        assert len(set(noted)) == held and len(found) == len(noted)


def test_a_run_can_start_from_a_trained_network(tmp_path: Path) -> None:
    shipped = Path(__file__).parents[1] / "src/bigtwo/bots/learned/weights/classic.npz"
    start = Network.load(shipped)
    config = replace(SMALL, warm_rounds=0, hidden=(3,), start_from=str(shipped))
    run = Trainer.open(tmp_path / "run", config, resume=False)
    # the run's network is the file's, whatever hidden sizes the config asked for
    assert run.config.hidden == start.hidden and run.config.start_steps > 0
    game = Game.deal(CLASSIC, seed=2)
    x = inputs(game.view(game.to_move), game.legal_moves())
    ours = run.model(torch.from_numpy(x)).detach().numpy()
    assert np.allclose(ours, start.scores(x), atol=1e-4)
    run.train(2, None)
    run.export(tmp_path / "net.npz")
    trained = Network.load(tmp_path / "net.npz").meta["trained"]
    assert trained["started_from"] == {"file": "classic.npz", "steps": run.config.start_steps}
    assert trained["steps"] == 2
    resumed = Trainer.load(tmp_path / "run")
    assert resumed.config == run.config and same(state(resumed), state(run))


def test_worker_processes_collect_the_same_samples(tmp_path: Path) -> None:
    from bigtwo.train.trainer import mapper

    config = replace(SMALL, warm_rounds=0, round_deals=16)  # self-play: networks shipped
    alone = Trainer.open(tmp_path / "alone", config, resume=False)
    alone.train(6, None)
    pool, let_go = mapper(2)
    assert pool is not None
    try:
        spread = Trainer.open(tmp_path / "spread", config, resume=False)
        spread.train(6, None, pool)
    finally:
        let_go()
    assert same(state(alone), state(spread))


@pytest.mark.parametrize("preset", ["classic", "tournament"])
def test_shipped_networks_score_in_numpy_as_in_torch(preset: str) -> None:
    from bigtwo.bots.learned.bot import WEIGHTS

    net = Network.load(WEIGHTS / f"{preset}.npz")
    rules = Rules.preset(preset)
    assert net.rules == rules and net.meta["trained"]["steps"] > 0
    assert (WEIGHTS / f"{preset}.npz").stat().st_size < 1_000_000
    model = from_network(net)
    for seed in range(3):
        game = Game.deal(rules, seed=seed)
        x = inputs(game.view(game.to_move), game.legal_moves())
        with torch.no_grad():
            expected = model(torch.from_numpy(x)).numpy()
        np.testing.assert_allclose(net.scores(x), expected, rtol=1e-4, atol=1e-4)


def test_without_torch_the_command_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bigtwo.extras

    real = bigtwo.extras.find_spec
    monkeypatch.setattr(bigtwo.extras, "find_spec", lambda m: None if m == "torch" else real(m))
    result = runner.invoke(app, ["train", "--steps", "1", "--out", str(tmp_path / "run")])
    assert result.exit_code == 2, result.output
    assert "install the 'train' extra" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "run").exists()


def test_ahead_is_the_same_run_in_one_process_or_several_and_across_a_resume(
    tmp_path: Path,
) -> None:
    from bigtwo.train.trainer import mapper

    config = replace(SMALL, warm_rounds=0, ahead=True)
    alone = Trainer.open(tmp_path / "alone", config, resume=False)
    alone.train(40, None)
    assert alone.counters.rounds >= 3
    pool, let_go = mapper(2)
    assert pool is not None
    try:
        spread = Trainer.open(tmp_path / "spread", config, resume=False)
        spread.train(20, None, pool)  # a sitting ends with the next round handed over
        assert spread.ahead is not None and spread.upcoming is None
        resumed = Trainer.load(tmp_path / "spread")
        resumed.train(40, None, pool)
    finally:
        let_go()
    assert same(state(alone), state(resumed))
    # one round behind is not the same run as playing each round with the latest network
    behind = Trainer.open(tmp_path / "behind", replace(config, ahead=False), resume=False)
    behind.train(40, None)
    assert not same(state(alone), state(behind))


def test_a_run_can_grow_the_network_it_starts_from(tmp_path: Path) -> None:
    """``--hidden`` with ``--start-from``: the start network made wider and deeper, scoring as
    it did, then trained on; a width it can't grow to is refused in words."""
    shipped = Path(__file__).parents[1] / "src/bigtwo/bots/learned/weights/classic.npz"
    start = Network.load(shipped)
    wider = (*(w + 8 for w in start.hidden), start.hidden[-1])
    out = tmp_path / "run"
    args = ["train", "--steps", "1", "--eval-deals", "1", "--ladder", "random", "--out", str(out)]
    result = runner.invoke(app, [*args, "--start-from", str(shipped), "--hidden", "8"])
    assert result.exit_code == 2 and "grows only wider and deeper" in result.output
    run = Trainer.open(out, replace(SMALL, start_from=str(shipped), grow_to=wider), resume=False)
    assert run.config.hidden == wider
    game = Game.deal(CLASSIC, seed=2)
    x = inputs(game.view(game.to_move), game.legal_moves())
    assert np.allclose(run.model(torch.from_numpy(x)).detach().numpy(), start.scores(x), atol=1e-4)
    widths = ",".join(map(str, wider))
    result = runner.invoke(app, [*args, "--start-from", str(shipped), "--hidden", widths])
    assert result.exit_code == 0, result.output
    net = Network.load(out / "network.npz")
    assert net.hidden == wider
    assert net.meta["trained"]["started_from"]["grown_to"] == list(wider)


def test_a_run_from_a_network_trains_under_its_rules_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--start-from`` without ``--rules`` trains under the rules the network was made for
    (the default, classic, would quietly train a tournament network on another game); named
    rules still win; a network made for rules that are no preset asks for ``--rules``."""
    monkeypatch.setattr(Trainer, "train", lambda *a, **k: None)  # the run's rules are the point
    weights = Path(__file__).parents[1] / "src/bigtwo/bots/learned/weights"
    args = ["train", "--steps", "1", "--eval-deals", "1", "--ladder", "random"]
    start = ["--start-from", str(weights / "tournament.npz")]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "own"), *start])
    assert result.exit_code == 0, result.output
    assert Network.load(tmp_path / "own" / "network.npz").meta["preset"] == "tournament"
    told = [*args, "--out", str(tmp_path / "told"), *start, "--rules", "classic"]
    result = runner.invoke(app, told)
    assert result.exit_code == 0, result.output
    assert Network.load(tmp_path / "told" / "network.npz").meta["preset"] == "classic"
    custom = tmp_path / "custom.npz"
    Network.random(CLASSIC.replace(flushes=False), hidden=(3,), seed=1).save(custom)
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "c"), "--start-from", str(custom)])
    assert result.exit_code == 2 and "name them with --rules" in result.output, result.output
    assert "Traceback" not in result.output
