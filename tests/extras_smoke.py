"""What one extra brings, tried in a virtual environment holding the package with that extra
alone (`test_extras.py` installs it and runs this script there; it imports nothing from the
tests, only the standard library and bigtwo):

    python -I extras_smoke.py EXTRA [--root REPO] [--postgres URL]

EXTRA is ``base`` (no extra), ``arena``, ``server``, ``postgres``, ``rl`` or ``openspiel``. The
features of the extra work; every feature of a missing extra answers with one line naming the
extra to install, never a traceback. Exit 0 when everything holds; otherwise an AssertionError."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import runpy
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import bigtwo
from bigtwo.arena import ArenaConfig, run_arena
from bigtwo.extras import MissingExtraError, missing

BIN = Path(sys.executable).parent
INSTALL = "install the '{}' extra (pip install 'bigtwo[{}]')"


def bigtwo_command(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "bigtwo"), *args], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


def refused(result: subprocess.CompletedProcess[str], extra: str) -> None:
    """The command said, in one line and exit code 2, which extra to install."""
    said = (result.args, result.returncode, result.stdout, result.stderr)
    assert result.returncode == 2, said
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, said
    assert INSTALL.format(extra, extra) in result.stderr, said


def import_refused(module: str, extra: str) -> None:
    try:
        __import__(module)
    except MissingExtraError as exc:
        assert exc.extra == extra and INSTALL.format(extra, extra) in str(exc), str(exc)
    else:
        raise AssertionError(f"{module} imported without the {extra} extra")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(database: str, scratch: Path) -> Iterator[str]:
    """`bigtwo serve` on a free port, once it answers ``/healthz``; its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = scratch / "serve.log"
    args = [str(BIN / "bigtwo"), "serve", "--port", str(port), "--database", database]
    args += ["--bot-pace", "instant"]  # a deal in a second, not at a person's pace (40 s)
    with log.open("w") as out:
        proc = subprocess.Popen(args, cwd=scratch, stdout=out, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 60
        while True:
            assert proc.poll() is None and time.monotonic() < end, log.read_text()
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{base}/healthz", timeout=1) as health,
            ):
                if health.read() == b"ok":
                    break
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def check_server(database: str, scratch: Path) -> None:
    """The page and the lobby answer, and a deal is played through `bigtwo.client`."""
    from bigtwo.client import Client

    with serving(database, scratch) as base:
        with urllib.request.urlopen(f"{base}/", timeout=10) as page:
            assert b"<html" in page.read().lower()
        with urllib.request.urlopen(f"{base}/api/lobby", timeout=10) as lobby:
            json.loads(lobby.read())
        client = Client.connect(base.replace("http", "ws", 1) + "/ws")
        try:
            client.create("smoke", seats=["easy"] * 3, deals=1)
            client.host("start")
            client.play(bigtwo.make_bot("greedy"), timeout=30)
            assert client.over
        finally:
            client.close()


def check_core(scratch: Path) -> None:
    """The package itself: a deal played out, and the command."""
    game = bigtwo.Game.deal(seed=1)
    bot = bigtwo.make_bot("greedy")
    while not game.is_over:
        game = game.play(bot.choose(game.view(game.to_move), game.legal_moves()))
    assert game.scores is not None and sum(game.scores) == 0
    result = bigtwo_command("simulate", "--games", "2", "--seed", "1", cwd=scratch)
    assert result.returncode == 0, result.stderr


def check_arena(installed: bool, scratch: Path) -> None:
    out = scratch / "arena"
    args = ["arena", "--bots", "greedy,random", "--deals", "2", "--workers", "1"]
    result = bigtwo_command(*args, "--out", str(out), cwd=scratch)
    summary = run_arena(ArenaConfig(("greedy", "random"), deals=2, seed=1, workers=1)).summary()
    assert summary["margins"] and summary["bots"]
    if installed:
        assert result.returncode == 0, result.stderr
        saved = json.loads((out / "arena.json").read_text())
        assert [r["bot"] for r in saved["ratings"]] == ["greedy", "random"]
        assert (out / "ratings.png").read_bytes()[:4] == b"\x89PNG"
        assert summary["ratings"] and "ratings_missing" not in summary
    else:
        refused(result, "arena")
        assert summary["ratings"] == []
        assert INSTALL.format("arena", "arena") in summary["ratings_missing"]


def check_rl(installed: bool, root: Path, scratch: Path) -> None:
    path = scratch / "sim.parquet"
    result = bigtwo_command("simulate", "--games", "2", "--dataset", str(path), cwd=scratch)
    if not installed:
        refused(result, "rl")
        assert not path.exists()
        import_refused("bigtwo.env", "rl")
        return
    assert result.returncode == 0 and path.exists(), result.stderr
    from bigtwo.env import BigTwoEnv

    env = BigTwoEnv(bigtwo.Rules.preset("classic"))
    obs, _ = env.reset(seed=1)
    env.step(int(obs["action_mask"].nonzero()[0][0]))
    # the example trains a policy and plays it in the arena, whose summary needs no openskill
    example = runpy.run_path(str(root / "examples" / "linear_baseline.py"))
    report = example["main"](["--deals", "8", "--epochs", "5", "--arena-deals", "2"])
    assert report["random"]["margin"]["bot"] == "linear"


def check_openspiel(installed: bool) -> None:
    if not installed:
        import_refused("bigtwo.env.openspiel", "openspiel")
        return
    import pyspiel

    import bigtwo.env.openspiel  # noqa: F401  (registers the game)

    pyspiel.random_sim_test(
        pyspiel.load_game("python_bigtwo"), num_sims=1, serialize=False, verbose=False
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("extra", choices=["base", "arena", "server", "postgres", "rl", "openspiel"])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--postgres", help="a PostgreSQL database's URL to serve from")
    args = parser.parse_args()
    here = Path(bigtwo.__file__).resolve()
    assert here.is_relative_to(Path(sys.prefix).resolve()), f"bigtwo comes from {here}"
    extras = ("arena", "server", "postgres", "rl", "openspiel")
    has = {extra: not missing(extra) for extra in extras}
    within = {"postgres": {"server"}, "openspiel": {"rl"}}  # what an extra brings besides
    brings = {args.extra} | within.get(args.extra, set())
    assert {e for e, ok in has.items() if ok} == brings - {"base"}, has
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        check_core(scratch)
        check_arena(has["arena"], scratch)
        check_rl(has["rl"], args.root, scratch)
        if has["rl"]:  # without the rl extra, bigtwo.env itself names that one
            check_openspiel(has["openspiel"])
        if not has["server"]:
            refused(bigtwo_command("serve", "--port", str(free_port()), cwd=scratch), "server")
            import_refused("bigtwo.client", "server")
            import_refused("bigtwo.server.app", "server")
            return
        check_server(f"sqlite:///{scratch / 'rooms.db'}", scratch)
        nowhere = f"postgresql://smoke@127.0.0.1:{free_port()}/none"  # nothing listens there
        result = bigtwo_command(
            "serve", "--port", str(free_port()), "--database", nowhere, cwd=scratch
        )
        if not has["postgres"]:
            refused(result, "postgres")
            return
        assert result.returncode == 2 and "extra" not in result.stderr, result.stderr  # psycopg ran
        if args.postgres:
            check_server(args.postgres, scratch)


if __name__ == "__main__":
    os.environ.pop("PYTHONPATH", None)  # the children run as installed, like this script
    main()
    print("ok")
