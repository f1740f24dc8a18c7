#!/usr/bin/env python3
"""Set up the project's virtual environment (on first use, or when pyproject.toml changes) and
run a task in it. Needs only Python 3.11+.

    python3 dev.py serve [ARGS…]  set up, then start `bigtwo serve` (the online server)
    python3 dev.py play [ARGS…]   set up, then start `bigtwo play`
    python3 dev.py test [ARGS…]   set up, then run the whole suite: ruff, mypy --strict, pytest
    python3 dev.py bigtwo ARGS…   set up, then run any `bigtwo` command
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".bigtwo-installed"


def ensure_env() -> None:
    """Create .venv and install the project with its dev tools when needed."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    if sys.version_info < (3, 11):
        sys.exit(f"bigtwo needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not (BIN / "python").exists():
        print("setting up .venv (first run only)…", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(digest)


def missing_system_packages() -> list[str]:
    """Debian packages the tests drive for real: PostgreSQL (a throwaway cluster per run) and
    Chromium (the browser tests; Playwright can't download browsers here)."""
    missing = []
    if not shutil.which("pg_ctl") and not list(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")):
        missing.append("postgresql")
    if not shutil.which("chromium"):
        missing.append("chromium")
    return missing


def ensure_system() -> None:
    """Install the missing system packages with apt-get where we are root on Debian (once);
    elsewhere the tests that need them say why they are skipped."""
    missing = missing_system_packages()
    if not missing or not Path("/etc/debian_version").exists():
        return
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return
    print(f"installing {' '.join(missing)} with apt-get (first run only)…", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    quiet = {"env": env, "stdout": subprocess.DEVNULL}
    subprocess.run(["apt-get", "update", "-qq"], **quiet)  # type: ignore[call-overload]
    done = subprocess.run(["apt-get", "install", "-y", "-qq", *missing], **quiet)  # type: ignore[call-overload]
    if done.returncode:
        print(f"apt-get could not install {' '.join(missing)}; the tests that need them"
              " will say so", flush=True)


def run(cmd: list[str]) -> int:
    return subprocess.run(cmd, cwd=ROOT).returncode


def test(args: list[str]) -> int:
    steps = [
        [str(BIN / "ruff"), "check", "src", "tests", "benchmarks", "examples"],
        [str(BIN / "mypy"), "--strict", "src"],
        [str(BIN / "python"), "-m", "pytest", *args],
    ]
    for step in steps:
        print("$", " ".join(Path(step[0]).name if i == 0 else a for i, a in enumerate(step)),
              flush=True)
        code = run(step)
        if code:
            return code
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("serve", "play", "test", "bigtwo"):
        print(__doc__)
        return 2
    ensure_env()
    task, rest = argv[0], argv[1:]
    if task == "test":
        ensure_system()
        return test(rest)
    if task in ("play", "serve"):
        return run([str(BIN / "bigtwo"), task, *rest])
    return run([str(BIN / "bigtwo"), *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
