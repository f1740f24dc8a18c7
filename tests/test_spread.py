"""`bigtwo.spread`: tasks in local processes or on Ray give the same results in the same
order; a bad Ray address is refused in one line within seconds. The Ray tests share one local
`ray.init(num_cpus=2)` (started once for the module, about ten seconds here)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bigtwo.arena import ArenaConfig, play_deal, run_arena
from bigtwo.cli.app import app
from bigtwo.errors import BigTwoError
from bigtwo.evaluation import evaluate
from bigtwo.extras import MissingExtraError
from bigtwo.spread import check_address, connect, spread

needs_ray = pytest.mark.skipif(
    find_spec("ray") is None, reason="ray is not installed (the 'ray' extra)"
)
CONFIG = ArenaConfig(("heuristic", "greedy", "random"), deals=6, rules="tournament", seed=3)
KEYS = ("bots", "margins", "per_deal")


def figures(config: ArenaConfig) -> dict[str, object]:
    summary = run_arena(config).summary()
    return {k: summary[k] for k in KEYS}


@pytest.fixture(scope="module")
def local_figures() -> dict[str, object]:
    return figures(ArenaConfig(**{**CONFIG.__dict__, "workers": 2}))


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    """A local Ray instance of two CPUs for this module; its head's address."""
    import ray

    if ray.is_initialized():  # another module's Ray in this worker (RLlib starts its own)
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def test_local_processes_give_the_tasks_results_in_order() -> None:
    tasks = [(CONFIG, d) for d in range(4)]
    one = list(spread(play_deal, tasks, workers=1))
    assert list(spread(play_deal, tasks, workers=3)) == one
    assert [r.deal for r in one] == [0, 1, 2, 3]
    with pytest.raises(BigTwoError, match="workers must be at least 1"):
        spread(play_deal, tasks, workers=0)


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nowhere", "is not a Ray address: give local, auto, HOST:PORT or ray://HOST:PORT"),
        ("http://host:80", "is not a Ray address"),
        ("host:0", "is not a Ray address"),
        ("host:99999", "is not a Ray address"),
    ],
)
def test_an_address_ray_cannot_mean_is_refused(address: str, message: str) -> None:
    with pytest.raises(BigTwoError, match=message):
        check_address(address)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_address_where_nothing_listens_is_refused_at_once() -> None:
    start = time.monotonic()
    with pytest.raises(BigTwoError, match=r"^no Ray cluster answers at 127\.0\.0\.1:\d+: "):
        check_address(f"127.0.0.1:{free_port()}")
    assert time.monotonic() - start < 5


def test_a_server_that_is_not_ray_is_refused_within_seconds() -> None:
    """Ray itself retries such an address for minutes; an HTTP/1 server is told apart from a
    Ray head (which speaks HTTP/2) at once, a silent one after the time allowed."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]

        def answer() -> None:
            conn, _ = server.accept()
            conn.recv(64)
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")
            conn.close()

        threading.Thread(target=answer, daemon=True).start()
        with pytest.raises(BigTwoError, match=r"answers at .*, but not as a Ray cluster's head"):
            check_address(f"ray://127.0.0.1:{port}")
        start = time.monotonic()  # nobody accepts now: the opening goes unanswered
        with pytest.raises(BigTwoError, match=r"no Ray cluster answers at 127\.0\.0\.1:\d+"):
            check_address(f"127.0.0.1:{port}")
        assert time.monotonic() - start < 5


def test_without_ray_the_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    with pytest.raises(MissingExtraError, match=r"needs ray: install the 'ray' extra"):
        connect("local")
    result = CliRunner().invoke(app, ["arena", "--bots", "greedy,random", "--ray", "auto"])
    assert result.exit_code == 2
    assert "install the 'ray' extra (pip install 'bigtwo[ray]')" in result.output
    assert "Traceback" not in result.output


def test_the_cli_refuses_a_bad_address_in_one_line_before_any_deal(tmp_path: Path) -> None:
    args = ["arena", "--bots", "greedy,random", "--out", str(tmp_path / "out")]
    start = time.monotonic()
    result = CliRunner().invoke(app, [*args, "--ray", f"127.0.0.1:{free_port()}"])
    assert time.monotonic() - start < 10
    assert result.exit_code == 2, result.output
    assert "no Ray cluster answers at 127.0.0.1:" in result.output
    assert len(result.output.strip().splitlines()) == 1
    result = CliRunner().invoke(app, [*args, "--ray", "local", "--dataset", "x.parquet"])
    assert result.exit_code == 2
    assert "leave out --ray or --dataset" in result.output


def test_objects_cannot_go_to_ray() -> None:
    with pytest.raises(BigTwoError, match="not on Ray"):
        ArenaConfig(("mine", "greedy"), 1, agents=(lambda view, moves: moves[0], None), ray="local")


@needs_ray
def test_an_arena_on_ray_equals_the_same_seeded_arena_in_local_processes(
    ray_cluster: str, local_figures: dict[str, object]
) -> None:
    on_ray = figures(ArenaConfig(**{**CONFIG.__dict__, "ray": ray_cluster}))
    assert on_ray == local_figures
    one_at_a_time = ArenaConfig(**{**CONFIG.__dict__, "ray": "local", "workers": 1})
    assert figures(one_at_a_time) == local_figures


@needs_ray
def test_evaluate_on_ray_gives_the_local_numbers(ray_cluster: str) -> None:
    here = evaluate("heuristic", "greedy", deals=4, rules="classic", seed=2, workers=2)
    there = evaluate("heuristic", "greedy", deals=4, rules="classic", seed=2, ray=ray_cluster)
    assert there.per_deal == here.per_deal
    assert there.margin == here.margin


@needs_ray
def test_bigtwo_arena_ray_plays_on_the_cluster(ray_cluster: str, tmp_path: Path) -> None:
    args = ["arena", "--bots", "greedy,random", "--deals", "3", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, [*args, "--ray", ray_cluster])
    assert result.exit_code == 0, result.output
    assert "3 duplicate deals" in result.output
    assert (tmp_path / "arena.json").exists()


@needs_ray
def test_training_on_ray_learns_what_one_process_learns(ray_cluster: str, tmp_path: Path) -> None:
    """`bigtwo train --ray`: the self-play rounds played on the cluster give the weights that
    playing them in this process gives (each task seeded by the run, its round and place)."""
    pytest.importorskip("torch", reason="training needs torch (the 'train' extra)")
    from dataclasses import replace

    from test_train import SMALL, same, state

    from bigtwo.train.trainer import Trainer, mapper

    on_ray, let_go = mapper(2, ray_cluster)
    assert on_ray is not None
    try:
        # --ahead too: the next round handed to the cluster while this one is learned
        for ahead, steps in ((False, 4), (True, 40)):
            config = replace(SMALL, warm_rounds=0, round_deals=16 if steps < 8 else 8, ahead=ahead)
            alone = Trainer.open(tmp_path / f"alone{ahead}", config, resume=False)
            alone.train(steps, None)
            spread_out = Trainer.open(tmp_path / f"ray{ahead}", config, resume=False)
            spread_out.train(steps, None, on_ray)
            assert same(state(alone), state(spread_out))
    finally:
        let_go()


STOPPING_TASKS = """
import sys
from bigtwo.spread import TaskStopped, spread
def stop(kind):
    raise {"exit": SystemExit(3), "interrupt": KeyboardInterrupt()}[kind]
if __name__ == "__main__":
    for kind in ("exit", "interrupt"):
        try:
            list(spread(stop, [(kind,), (kind,)], workers=2))
        except TaskStopped as exc:
            print(kind, exc, flush=True)
"""


def test_a_task_that_exits_in_a_worker_stops_the_run_as_an_error(tmp_path: Path) -> None:
    """Raised as they are, SystemExit and KeyboardInterrupt end a pool's worker and the run
    waits for ever on its task (run apart, so that a regression fails rather than hangs)."""
    script = tmp_path / "stopping.py"
    script.write_text(STOPPING_TASKS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.splitlines() == ["exit SystemExit: 3", "interrupt KeyboardInterrupt"], (
        done.stdout + done.stderr
    )
