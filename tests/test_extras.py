"""Each extra of pyproject.toml works on its own: the package is built once as a wheel, then
installed with one extra alone (or none) into a fresh virtual environment each, without the
system's site-packages, from the package index pip is configured with; `extras_smoke.py` then
runs there: the extra's features work, and those of the extras left out name the extra to
install. Each test installs its own set, so pytest-xdist's workers share the sets out (a
fixture installing every set ahead had each worker install them all: 150 s a worker)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import postgres
import pytest

from bigtwo.extras import EXTRAS, LARGE

ROOT = Path(__file__).resolve().parents[1]
SMOKE = Path(__file__).with_name("extras_smoke.py")
# "base": the package with no extra. The examples' extras and ray bring torch or ray (hundreds
# of MB each): their own tests run them where they are installed (tests/test_spread.py for ray)
SETS = ["base", *(extra for extra in EXTRAS if extra not in LARGE)]
INSTALL_TIMEOUT = 300  # seconds for one environment's install (about 10 to 20 s here)
# the environment a child gets: pip's own configuration stays (the package index), this
# run's Python paths and virtual environment don't
CLEAN = {
    k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
}


def test_the_extras_named_in_the_code_are_those_of_pyproject() -> None:
    """`bigtwo.extras.EXTRAS` names, for each extra, the modules its requirements bring."""
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    for extra, modules in EXTRAS.items():
        names = {re.split(r"[\s;\[<>=!~]", r)[0] for r in optional[extra]}
        assert set(modules) <= names, (extra, names)
    assert set(optional) == {*EXTRAS, "dev"}


def build_wheel(out: Path) -> Path:
    """The package as a user gets it (a wheel), built from a copy so the tree stays clean."""
    source = out / "source"
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check"]
    run([*pip, "-w", str(out), str(source)], INSTALL_TIMEOUT)
    (wheel,) = out.glob("bigtwo-*.whl")
    return wheel


def install(wheel: Path, extra: str, folder: Path) -> Path:
    """A fresh environment holding the wheel with ``extra`` alone; its python."""
    # no pip of its own (seeding one costs 6 s): this run's pip installs into it (--python)
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(folder)
    python = folder / "bin" / "python"
    spec = (
        f"bigtwo @ {wheel.as_uri()}" if extra == "base" else f"bigtwo[{extra}] @ {wheel.as_uri()}"
    )
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install"]
    pip += ["--disable-pip-version-check", "--no-compile"]
    run([*pip, spec], INSTALL_TIMEOUT)  # --no-compile: a third faster; modules compile on import
    return python


def run(cmd: list[str], timeout: float) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=CLEAN)
    assert done.returncode == 0, f"{cmd}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's wheel, built once a worker."""
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.mark.slow
@pytest.mark.parametrize("extra", SETS)
def test_an_extra_alone_works_and_the_others_name_their_extra(
    extra: str, wheel: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    python = install(wheel, extra, tmp_path / extra)
    args = [str(python), "-I", str(SMOKE), extra, "--root", str(ROOT)]
    if extra == "postgres" and postgres.why_not() is None:
        cluster: postgres.Cluster = request.getfixturevalue("postgres_cluster")
        args += ["--postgres", cluster.database()]
    done = subprocess.run(args, capture_output=True, text=True, timeout=300, env=CLEAN)
    assert done.returncode == 0 and done.stdout.endswith("ok\n"), done.stdout + done.stderr
